"""What gets printed for The Majority: its content as decks of layout faces."""

from __future__ import annotations

from pnp.content.wordlist import Word, WordList
from pnp.errors import Location
from pnp.games.majority.content import MajorityContent
from pnp.render.model import Card, Deck, Face

SIZE = "poker"


def decks(content: MajorityContent) -> list[Deck]:
    """Every printed deck, in the order of `pnp games`."""
    return [
        word_deck(content.words),
        _vote_deck(content),
        _preparation_deck(content),
        *_point_decks(content),
        _variant_deck(content),
        _blank_deck(content),
    ]


def _back(label: str) -> Face:
    return Face("majority-back", {"label": label})


def _word_face(word: Word | None) -> Face:
    if word is None:
        return Face("blank-card")
    return Face("word-card", {"word": word.text},
                source=Location(word.file, word.line, word.path))


def word_deck(words: WordList) -> Deck:
    """Double-sided word cards: each face one word; an odd list ends on a blank back."""
    cards = tuple(
        Card(_word_face(card.front), _word_face(card.back),
             label=f"word card {i + 1} ({card.front.text}"
                   + (f" / {card.back.text})" if card.back else ")"),
             name=card.front.text + (f" / {card.back.text}" if card.back else ""))
        for i, card in enumerate(words.cards)
    )
    return Deck("word-cards", "Word cards", SIZE, cards, file="word-cards")


def _vote_deck(content: MajorityContent) -> Deck:
    cards = []
    for vote_set in content.vote_sets:
        colours = {"rgb": vote_set.rgb, "symbol": vote_set.symbol, "colour": vote_set.colour}
        back = Face("vote-back", colours)
        for face in content.vote_faces:
            front = Face("vote-card", {**colours, "option": face.label, "caption": face.caption},
                         source=face.source)
            cards.append(Card(front, back, label=f"{vote_set.colour} vote {face.label}",
                              art=f"vote-cards-{face.label}"))
    return Deck("vote-cards", "Vote cards", SIZE, tuple(cards), file="vote-cards",
                keep_together=len(content.vote_faces))


def _preparation_deck(content: MajorityContent) -> Deck:
    cards = tuple(
        Card(Face("preparation-card", {"letter": p.label, "role": p.caption, "hint": p.hint},
                  source=p.source),
             label=f"preparation card {p.label}")
        for p in content.preparation
    )
    return Deck("preparation-cards", "Preparation cards", SIZE, cards,
                file="preparation-cards", back=_back("Preparation"))


def _point_decks(content: MajorityContent) -> list[Deck]:
    return [
        Deck(f"point-cards-{p.value}", f"{p.value}-point cards", SIZE,
             tuple(Card(Face("point-card", {"value": p.value, "unit": p.unit, "rgb": p.rgb},
                             source=p.source),
                        label=f"{p.value}-point card", art=f"point-cards-{p.value}")
                   for _ in range(p.count)),
             file="point-cards", back=_back("Points"))
        for p in content.point_kinds
    ]


def _variant_deck(content: MajorityContent) -> Deck:
    front, back = (
        Face("variant-card", {"rgb": f.rgb, "title": f.title, "text": f.text,
                              "colour_upper": f.colour.upper()}, source=f.source)
        for f in content.variant
    )
    return Deck("variant-card", "Variant card", SIZE,
                (Card(front, back, label="variant card", art="variant-card"),),
                file="variant-card")


def _blank_deck(content: MajorityContent) -> Deck:
    blank = Face("blank-card")
    cards = tuple(Card(blank, blank, label=f"blank card {i + 1}", art="blank-cards")
                  for i in range(content.blank_cards))
    return Deck("blank-cards", "Blank cards", SIZE, cards, file="blank-cards")
