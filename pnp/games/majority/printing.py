"""What gets printed for The Majority: its content as decks of layout faces."""

from __future__ import annotations

from pnp.content.wordlist import Word
from pnp.games.majority.content import MajorityContent
from pnp.render.model import Card, Deck, Face
from pnp.render.sheets import SheetWords

SIZE = "poker"


def decks(content: MajorityContent) -> list[Deck]:
    """Every printed deck, in the order of `pnp games`, in the strings file's language."""
    return [
        word_deck(content),
        _vote_deck(content),
        _preparation_deck(content),
        *_point_decks(content),
        _variant_deck(content),
        _blank_deck(content),
    ]


def sheet_words(content: MajorityContent) -> SheetWords:
    """The sheet labels' and scale bar's words in the strings file's language."""
    return content.texts.strings.sheet_words()


_TITLE = frozenset({"card_title"})
"""The game's name atop every card, in the kit's language: a shared field (render.model)."""


def _back(content: MajorityContent, label: str) -> Face:
    return Face("majority-back", {"card_title": content.texts.card_title,
                                  "label": content.texts.backs[label]}, shared=_TITLE)


def _blank_face(content: MajorityContent) -> Face:
    return Face("blank-card", {"card_title": content.texts.card_title,
                               "hint": content.texts.blank_card},
                shared=_TITLE | {"hint"})


def _word_face(word: Word | None, content: MajorityContent) -> Face:
    if word is None:
        return _blank_face(content)
    return Face("word-card", {"word": word.text, "card_title": content.texts.card_title},
                source=word.location(), shared=_TITLE)


def word_deck(content: MajorityContent) -> Deck:
    """Double-sided word cards: each face one word; an odd list ends on a blank back."""
    cards = tuple(
        Card(_word_face(card.front, content), _word_face(card.back, content),
             label=f"word card {i + 1} ({card.front.text}"
                   + (f" / {card.back.text})" if card.back else ")"),
             name=card.front.text + (f" / {card.back.text}" if card.back else ""))
        for i, card in enumerate(content.words.cards)
    )
    return Deck("word-cards", content.texts.strings.deck("word-cards"), SIZE, cards,
                file="word-cards")


def _vote_deck(content: MajorityContent) -> Deck:
    cards = []
    for vote_set in content.vote_sets:
        colours = {"rgb": vote_set.rgb, "symbol": vote_set.symbol, "colour": vote_set.name}
        back = Face("vote-back", {**colours, "card_title": content.texts.card_title,
                                  "vote_back": content.texts.vote_back.format(
                                      colour=vote_set.name)}, shared=_TITLE)
        for face in content.vote_faces:
            front = Face("vote-card", {**colours, "option": face.printed,
                                       "caption": face.caption}, source=face.source)
            cards.append(Card(front, back, label=f"{vote_set.colour} vote {face.label}",
                              art=f"vote-cards-{face.label}"))
    return Deck("vote-cards", content.texts.strings.deck("vote-cards"), SIZE, tuple(cards),
                file="vote-cards", keep_together=len(content.vote_faces))


def _preparation_deck(content: MajorityContent) -> Deck:
    cards = tuple(
        Card(Face("preparation-card", {"letter": p.label, "role": p.caption, "hint": p.hint},
                  source=p.source),
             label=f"preparation card {p.label}")
        for p in content.preparation
    )
    return Deck("preparation-cards", content.texts.strings.deck("preparation-cards"), SIZE,
                cards, file="preparation-cards", back=_back(content, "preparation"))


def _point_decks(content: MajorityContent) -> list[Deck]:
    return [
        Deck(f"point-cards-{p.value}", content.texts.strings.deck("point-cards", value=p.value),
             SIZE,
             tuple(Card(Face("point-card", {"value": p.value, "unit": p.unit, "rgb": p.rgb},
                             source=p.source),
                        label=f"{p.value}-point card", art=f"point-cards-{p.value}")
                   for _ in range(p.count)),
             file="point-cards", back=_back(content, "points"))
        for p in content.point_kinds
    ]


def _variant_deck(content: MajorityContent) -> Deck:
    front, back = (
        Face("variant-card", {"rgb": f.rgb, "title": f.title, "text": f.text,
                              "colour_upper": f.colour.upper()}, source=f.source)
        for f in content.variant
    )
    return Deck("variant-card", content.texts.strings.deck("variant-card"), SIZE,
                (Card(front, back, label="variant card", art="variant-card"),),
                file="variant-card")


def _blank_deck(content: MajorityContent) -> Deck:
    blank = _blank_face(content)
    cards = tuple(Card(blank, blank, label=f"blank card {i + 1}", art="blank-cards")
                  for i in range(content.blank_cards))
    return Deck("blank-cards", content.texts.strings.deck("blank-cards"), SIZE, cards,
                file="blank-cards")
