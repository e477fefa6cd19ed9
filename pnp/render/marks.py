"""Cutting guides: crop marks in the margins, hairline cut lines between abutting cards,
circular cut lines for round tokens, and the dashed fold line."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.render.geometry import Box, Size, pt

MARK_LENGTH = 4.0
MARK_GAP = 1.0
MARK_WIDTH = 0.3
CUT_GREY = 0.6


def crop_marks(c, slots: Sequence[Box], paper: Size, bleed: float) -> None:
    """Short lines outside the grid extending every card edge, clear of the bleed, so a
    guillotine or craft knife can be lined up without lines on the cards themselves."""
    if not slots:
        return
    xs = sorted({round(v, 3) for b in slots for v in (b.x, b.right)})
    ys = sorted({round(v, 3) for b in slots for v in (b.y, b.top)})
    left, right = min(b.x for b in slots), max(b.right for b in slots)
    bottom, top = min(b.y for b in slots), max(b.top for b in slots)
    start = bleed + MARK_GAP
    c.saveState()
    c.setStrokeGray(0)
    c.setLineWidth(MARK_WIDTH)
    for x in xs:
        _segment(c, x, top + start, x, min(top + start + MARK_LENGTH, paper.height))
        _segment(c, x, bottom - start, x, max(bottom - start - MARK_LENGTH, 0))
    for y in ys:
        _segment(c, left - start, y, max(left - start - MARK_LENGTH, 0), y)
        _segment(c, right + start, y, min(right + start + MARK_LENGTH, paper.width), y)
    c.restoreState()


def _segment(c, x1: float, y1: float, x2: float, y2: float) -> None:
    if (x1, y1) != (x2, y2):
        c.line(pt(x1), pt(y1), pt(x2), pt(y2))


def cut_lines(c, slots: Sequence[Box], shape: str) -> None:
    """Hairlines on the trim of each card (only used without bleed, where cards abut and
    one cut serves two); round tokens get a circle."""
    c.saveState()
    c.setStrokeGray(CUT_GREY)
    c.setLineWidth(0.25)
    for b in slots:
        if shape == "circle":
            c.circle(pt(b.x + b.width / 2), pt(b.y + b.height / 2), pt(b.width / 2))
        else:
            c.rect(pt(b.x), pt(b.y), pt(b.width), pt(b.height))
    c.restoreState()


def fold_line(c, line: tuple[float, float, float, float]) -> None:
    """A dashed line where the sheet is folded (fronts on one side, backs on the other)."""
    x1, y1, x2, y2 = line
    c.saveState()
    c.setStrokeGray(0.35)
    c.setLineWidth(0.5)
    c.setDash([4, 3])
    c.line(pt(x1), pt(y1), pt(x2), pt(y2))
    c.restoreState()
