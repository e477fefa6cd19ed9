"""The Majority's printed content as typed values, built from the validated data files.

components.json says what is in the box (how many of each card, colours, symbols, values);
strings.<lang>.json says every printed word in one language, keyed by the labels, colours
and values of components.json. Each text keeps the place it was written, so a text that
cannot fit its card names the strings file and JSON path first."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.content.jsonfile import child_path
from pnp.content.wordlist import WordList
from pnp.errors import DataError, Location
from pnp.games.base import Component
from pnp.games.strings import Strings


@dataclass(frozen=True)
class VoteSet:
    """One player's four vote cards share a colour and a symbol (for colour-blind players);
    `colour` names it in components.json, `name` is that colour in the kit's language."""

    player: int
    colour: str
    rgb: str
    symbol: str
    name: str = ""


@dataclass(frozen=True)
class VariantFace:
    colour: str
    rgb: str
    title: str
    text: str
    source: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Labelled:
    """A printed label with its explanatory text (vote faces, preparation cards), and where
    it is in components.json (a text that cannot fit its card names that place first)."""

    label: str
    caption: str
    hint: str = ""
    printed: str = ""  # the label as printed (a vote face's label in the kit's language)
    source: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class PointCard:
    value: int
    count: int
    rgb: str
    unit: str
    source: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class CardTexts:
    """The printed words that are not tied to one card of components.json; `strings` the
    whole file (the sheet labels, the tuck boxes, the deck names)."""

    card_title: str
    vote_back: str
    blank_card: str
    backs: dict[str, str]
    strings: Strings = field(compare=False)


@dataclass(frozen=True)
class MajorityContent:
    words: WordList
    vote_sets: tuple[VoteSet, ...]
    vote_faces: tuple[Labelled, ...]
    preparation: tuple[Labelled, ...]
    point_kinds: tuple[PointCard, ...]
    variant: tuple[VariantFace, VariantFace]
    blank_cards: int
    texts: CardTexts

    @property
    def point_cards(self) -> dict[int, int]:
        """The point-card supply by value: {1: 50, 5: 30} in the box."""
        return {p.value: p.count for p in self.point_kinds}


def make_content(sources: dict) -> MajorityContent:
    """Typed content; DataError if the point cards lack the 1s and 5s the rules count in,
    or the strings file has no words for something components.json puts in the box."""
    doc, strings = sources["components"], sources["strings"]
    data, said = doc.value, strings.value
    points = {p["value"]: p["count"] for p in data["point_cards"]}
    problems = [
        doc.problem("$.point_cards", f"point cards of value {v} are missing")
        for v in (1, 5) if v not in points
    ]
    values = [p["value"] for p in data["point_cards"]]
    problems += [
        doc.problem(f"$.point_cards[{i}]", f"value {v} is listed twice")
        for i, v in enumerate(values) if v in values[:i]
    ]
    problems += _unsaid(doc, strings)
    if problems:
        raise DataError(problems)
    return MajorityContent(
        words=sources["words"],
        vote_sets=tuple(VoteSet(i + 1, s["colour"], s["rgb"], s["symbol"],
                                said["colours"][s["colour"]])
                        for i, s in enumerate(data["vote_sets"])),
        vote_faces=tuple(_vote_face(f["label"], strings) for f in data["vote_faces"]),
        preparation=tuple(_preparation(p["label"], strings)
                          for p in data["preparation_cards"]),
        point_kinds=tuple(_point_card(p, strings) for p in data["point_cards"]),
        variant=tuple(_variant_face(side, data["variant_card"][side]["rgb"], strings)
                      for side in ("front", "back")),
        blank_cards=data["blank_cards"],
        texts=CardTexts(said["card_title"], said["vote_back"], said["blank_card"],
                        said["backs"], Strings(strings)),
    )


def _unsaid(doc, strings) -> list:
    """What components.json puts in the box that the strings file has no words for."""
    data, said = doc.value, strings.value
    wanted = [("colours", f"$.vote_sets[{i}]", s["colour"], "vote set colour")
              for i, s in enumerate(data["vote_sets"])]
    wanted += [("vote_faces", f"$.vote_faces[{i}]", f["label"], "vote face")
               for i, f in enumerate(data["vote_faces"])]
    wanted += [("preparation_cards", f"$.preparation_cards[{i}]", p["label"],
                "preparation card") for i, p in enumerate(data["preparation_cards"])]
    wanted += [("point_units", f"$.point_cards[{i}]", str(p["value"]), "point card value")
               for i, p in enumerate(data["point_cards"])]
    return [strings.problem(f"$.{table}", f"no words for the {what} {key!r} "
                                          f"({doc.file} {path})")
            for table, path, key, what in wanted if key not in said[table]]


def _vote_face(label: str, strings) -> Labelled:
    face = strings.value["vote_faces"][label]
    return Labelled(label, face["caption"], printed=face["label"],
                    source=strings.location(child_path("$.vote_faces", label)))


def _preparation(label: str, strings) -> Labelled:
    card = strings.value["preparation_cards"][label]
    return Labelled(label, card["role"], card["hint"],
                    source=strings.location(child_path("$.preparation_cards", label)))


def _point_card(point: dict, strings) -> PointCard:
    value = str(point["value"])
    return PointCard(point["value"], point["count"], point["rgb"],
                     strings.value["point_units"][value],
                     source=strings.location(child_path("$.point_units", value)))


def _variant_face(side: str, rgb: str, strings) -> VariantFace:
    face = strings.value["variant_card"][side]
    return VariantFace(face["colour"], rgb, face["title"], face["text"],
                       source=strings.location(f"$.variant_card.{side}"))


def components(content: MajorityContent) -> list[Component]:
    points = [Component(f"point-cards-{p.value}", p.count, f"{p.value}-point cards")
              for p in content.point_kinds]
    return [
        Component("word-cards", len(content.words.cards), "Word cards (double-sided)"),
        Component("vote-cards", len(content.vote_sets) * len(content.vote_faces),
                  f"Vote cards ({len(content.vote_sets)} sets of A, B, C, Score)"),
        Component("preparation-cards", len(content.preparation), "Preparation cards"),
        *points,
        Component("variant-card", 1, "Variant card (green / red)"),
        Component("blank-cards", content.blank_cards, "Blank cards"),
    ]
