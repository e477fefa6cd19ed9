"""One door for every kind of printable: card decks and flat pieces (die nets, dividers).

Build code hands over whatever a game's `decks` returned for one output file; the kind
decides which renderer draws it and checks it. A file holds one kind of printable.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import BinaryIO

from pnp.errors import Problem, UsageError
from pnp.render.decks import FileSummary, PrintOptions, preflight, render_decks
from pnp.render.fonts import FontSet
from pnp.render.layout import LayoutSet
from pnp.render.model import Deck, PieceSet
from pnp.render.pieces import preflight_pieces, render_pieces
from pnp.render.sheets import SheetWords

_RENDERERS: dict[type, tuple[Callable, Callable]] = {
    Deck: (render_decks, preflight),
    PieceSet: (render_pieces, preflight_pieces),
}


def _kind(printables: Sequence) -> tuple[Callable, Callable]:
    kinds = {type(p) for p in printables}
    if len(kinds) != 1 or not kinds <= set(_RENDERERS):
        names = ", ".join(sorted(k.__name__ for k in kinds))
        raise UsageError(f"one file holds one kind of printable (Deck or PieceSet), not {names}")
    return _RENDERERS[kinds.pop()]


def render_file(path: Path, printables: Sequence, layouts: LayoutSet, fonts: FontSet,
                options: PrintOptions, title: str | SheetWords,
                progress: Callable[[], None] | None = None,
                checked: bool = False, into: BinaryIO | None = None) -> FileSummary:
    """Draw `printables` (all of one kind) into `path` (or the stream `into`); `checked`
    when `check_file` has just passed for them (the build checks everything first), so it
    is not run twice."""
    render, _ = _kind(printables)
    return render(path, list(printables), layouts, fonts, options, title, progress,
                  checked=checked, into=into)


def check_file(printables: Sequence, layouts: LayoutSet, fonts: FontSet,
               options: PrintOptions) -> list[Problem]:
    """Every problem drawing `printables` would hit, without drawing."""
    _, check = _kind(printables)
    return check(list(printables), layouts, fonts, options)
