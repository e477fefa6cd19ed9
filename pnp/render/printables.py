"""One door for every kind of printable: card decks and flat pieces (die nets, dividers).

Build code hands over whatever a game's `decks` returned for one output file; the kind
decides which renderer draws it and checks it. A file holds one kind of printable.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO

from pnp.errors import Problem, UsageError
from pnp.render.cutsheets import layout_stamp
from pnp.render.decks import FileSummary, PrintOptions, preflight, render_decks
from pnp.render.fonts import FontSet
from pnp.render.geometry import PAPERS, Size, card_size
from pnp.render.layout import LayoutSet
from pnp.render.model import Deck, PieceSet
from pnp.render.packing import PackItem, pack
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
                checked: bool = False, into: BinaryIO | None = None,
                stamped: bool = True) -> FileSummary:
    """Draw `printables` (all of one kind) into `path` (or the stream `into`); `checked`
    when `check_file` has just passed for them (the build checks everything first), so it
    is not run twice. The PDF carries the stamp of its cut layout (`cutsheets`), for
    `pnp export cut` to check its cut files against, unless not `stamped`: a part the
    packed kit joins keeps only its pages, so working out its stamp (its cut layout
    fingerprinted, 2 ms a file) would be thrown away."""
    render, _ = _kind(printables)
    stamp = layout_stamp(list(printables), options) if stamped else ""
    return render(path, list(printables), layouts, fonts, options, title, progress,
                  checked=checked, into=into, keywords=stamp)


def _largest(printable) -> tuple[Size, str, float]:
    """The printable's largest item: (its size, its shape, the gap it keeps)."""
    if isinstance(printable, Deck):
        return card_size(printable.size), printable.shape, 0.0
    piece = max(printable.pieces, key=lambda p: p.width * p.height)
    return Size(piece.width, piece.height), "piece", printable.gap


def fits_paper(printable, options: PrintOptions, paper: str | None = None) -> bool:
    """Whether the printable's largest item fits one sheet of `paper` (default: the
    options' paper) with the options' margin and bleed, twice for a deck in fold mode."""
    if isinstance(printable, PieceSet) and not printable.pieces:
        return True
    size, shape, gap = _largest(printable)
    fold = (options.backs == "fold" and isinstance(printable, Deck)
            and printable.double_sided)
    try:
        pack([[PackItem(None, size, shape, gap)]], paper or options.paper, fold,
             **options.room)
    except UsageError:
        return False
    return True


def piece_fits(size: Size, options: PrintOptions, gap: float = 3.0) -> bool:
    """Whether one piece of `size` fits a sheet printed with `options` (its paper, margin
    and bleed, a cutting machine's area and registration marks), either way round."""
    try:
        pack([[PackItem(None, size, "piece", gap)]], options.paper, False, **options.room)
    except UsageError:
        return False
    return True


def paper_note(printable, options: PrintOptions) -> Problem:
    """The warning for a printable left out because it does not fit the paper (or the
    cutting machine's area on it): what, how big, and the smallest standard paper that
    holds it."""
    size, shape, _ = _largest(printable)
    what = "token" if shape == "circle" else "piece" if shape == "piece" else "card"
    fold = " twice (front and back)" if options.backs == "fold" and isinstance(
        printable, Deck) and printable.double_sided else ""
    if options.cut_area is not None and fits_paper(printable, replace(options, cut_area=None)):
        return Problem("", f"{printable.title} ({printable.id}): left out: a {size} {what} "
                           f"does not fit{fold} the {options.cut_area} cut area")
    holds = next((name for name, paper in sorted(PAPERS.items(),
                                                 key=lambda kv: kv[1].width * kv[1].height)
                  if fits_paper(printable, options, name)), None)
    hint = f"--paper {holds} holds it" if holds else "no standard paper holds it"
    return Problem("", f"{printable.title} ({printable.id}): left out: a {size} {what} "
                       f"does not fit {options.paper}{fold}; {hint}")


def check_file(printables: Sequence, layouts: LayoutSet, fonts: FontSet,
               options: PrintOptions) -> list[Problem]:
    """Every problem drawing `printables` would hit, without drawing."""
    _, check = _kind(printables)
    return check(list(printables), layouts, fonts, options)
