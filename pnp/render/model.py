"""What the renderer draws: decks of cards, each face a layout name plus its fields.

Games build these from their content (`games/<game>/printing.py`); the renderer draws any
deck without knowing which game it belongs to. Pure data, no reportlab.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pnp.errors import Location


@dataclass(frozen=True)
class Face:
    """One side of a card: the layout (a template name) and the values it shows.
    `shared` names the fields that hold the kit's own words in its language ("coins",
    the game's title on every card): the same on every card of a file, so a box showing
    only those is drawn once per PDF and placed by reference, like a box of fixed text."""

    layout: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    source: Location | None = None
    shared: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Card:
    """A card to print. `back` None means the deck's shared back (or a blank back).
    `art` is the name its front's art file is found by in `--art DIR` (e.g. a member id);
    empty means `<deck id>-<number>`. `name` is what players call the card ("Witches
    Secretary"; empty: the label) and `text` its rules in words, for virtual tables."""

    front: Face
    back: Face | None = None
    label: str = ""
    source: Location | None = None
    art: str = ""
    name: str = ""
    text: str = ""


@dataclass(frozen=True)
class Deck:
    """Cards of one size printed together; `id` is the component id `pnp games` lists and
    `file` the output PDF (several decks may share one). A shared `back` is drawn once.
    `back_art` names the art of its backs (empty: `<id>-back`); decks that must shuffle
    in unseen share one. `keep_together` cards in a row stay on one sheet when a sheet
    can hold them (a vote set: A, B, C and Score of one colour). `boxed`: whether the
    deck is kept in a tuck box (stickers, used up once applied, are not)."""

    id: str
    title: str
    size: str
    cards: tuple[Card, ...]
    file: str
    back: Face | None = None
    shape: str = "rect"
    back_art: str = ""
    keep_together: int = 1
    boxed: bool = True

    @property
    def double_sided(self) -> bool:
        return self.back is not None or any(c.back is not None for c in self.cards)


Point = tuple[float, float]


@dataclass(frozen=True)
class PieceText:
    """A text on a piece, mm from the piece's bottom-left corner; fitted like card text."""

    x: float
    y: float
    width: float
    height: float
    text: str
    size: float = 9.0
    min_size: float = 6.0
    font: str = "regular"
    colour: str = "#212121"
    rotate: int = 0
    wrap: bool = False


@dataclass(frozen=True)
class PieceFace:
    """A card-like face drawn from a layout into a square or rectangle of a piece."""

    x: float
    y: float
    width: float
    height: float
    face: Face


@dataclass(frozen=True)
class Piece:
    """A flat shape to cut out and maybe fold (a die net, a divider), in mm from its
    bottom-left corner. `cut` holds closed outlines (the shape and any slits), `folds`
    the lines to fold along, `areas` filled polygons (e.g. a slit to cut away)."""

    width: float
    height: float
    cut: tuple[tuple[Point, ...], ...]
    folds: tuple[tuple[Point, Point], ...] = ()
    faces: tuple[PieceFace, ...] = ()
    texts: tuple[PieceText, ...] = ()
    areas: tuple[tuple[tuple[Point, ...], str], ...] = ()
    label: str = ""
    source: Location | None = None


@dataclass(frozen=True)
class PieceSet:
    """Pieces printed together (cut lines, no backs): the non-card counterpart of a Deck,
    with the same `id`, `title` and `file` roles. `gap` keeps neighbours apart (mm)."""

    id: str
    title: str
    file: str
    pieces: tuple[Piece, ...]
    gap: float = 3.0
