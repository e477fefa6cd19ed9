"""The Majority's printed content as typed values, built from the validated data files."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.content.wordlist import WordList
from pnp.errors import DataError, Location
from pnp.games.base import Component


@dataclass(frozen=True)
class VoteSet:
    """One player's four vote cards share a colour and a symbol (for colour-blind players)."""

    player: int
    colour: str
    rgb: str
    symbol: str


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
    source: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class PointCard:
    value: int
    count: int
    rgb: str
    unit: str
    source: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class MajorityContent:
    words: WordList
    vote_sets: tuple[VoteSet, ...]
    vote_faces: tuple[Labelled, ...]
    preparation: tuple[Labelled, ...]
    point_kinds: tuple[PointCard, ...]
    variant: tuple[VariantFace, VariantFace]
    blank_cards: int

    @property
    def point_cards(self) -> dict[int, int]:
        """The point-card supply by value: {1: 50, 5: 30} in the box."""
        return {p.value: p.count for p in self.point_kinds}


def make_content(sources: dict) -> MajorityContent:
    """Typed content; DataError if the point cards lack the 1s and 5s the rules count in."""
    doc = sources["components"]
    data = doc.value
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
    if problems:
        raise DataError(problems)
    return MajorityContent(
        words=sources["words"],
        vote_sets=tuple(VoteSet(i + 1, **s) for i, s in enumerate(data["vote_sets"])),
        vote_faces=tuple(Labelled(f["label"], f["caption"],
                                  source=doc.location(f"$.vote_faces[{i}]"))
                         for i, f in enumerate(data["vote_faces"])),
        preparation=tuple(Labelled(p["label"], p["role"], p["hint"],
                                   source=doc.location(f"$.preparation_cards[{i}]"))
                          for i, p in enumerate(data["preparation_cards"])),
        point_kinds=tuple(PointCard(**p, source=doc.location(f"$.point_cards[{i}]"))
                          for i, p in enumerate(data["point_cards"])),
        variant=tuple(VariantFace(**data["variant_card"][side],
                                  source=doc.location(f"$.variant_card.{side}"))
                      for side in ("front", "back")),
        blank_cards=data["blank_cards"],
    )


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
