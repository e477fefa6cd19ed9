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
    """One side of a card: the layout (a template name) and the values it shows."""

    layout: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    source: Location | None = None


@dataclass(frozen=True)
class Card:
    """A card to print. `back` None means the deck's shared back (or a blank back)."""

    front: Face
    back: Face | None = None
    label: str = ""
    source: Location | None = None


@dataclass(frozen=True)
class Deck:
    """Cards of one size printed together; `id` is the component id `pnp games` lists and
    `file` the output PDF (several decks may share one). A shared `back` is drawn once."""

    id: str
    title: str
    size: str
    cards: tuple[Card, ...]
    file: str
    back: Face | None = None
    shape: str = "rect"

    @property
    def double_sided(self) -> bool:
        return self.back is not None or any(c.back is not None for c in self.cards)
