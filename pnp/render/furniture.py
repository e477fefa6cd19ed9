"""Sheet furniture as numbers: crop marks, the sheet label and the 50 mm scale bar.

The rules every sheet keeps, whatever the paper, orientation, backs mode or bleed:
nothing printed closer than 5 mm to a page edge (what home printers cannot print), the
label and the bar at least 3 mm from any cut line and 1 mm from any crop mark, and no
cut or crop mark on a fold line. Margins differ a lot (Letter leaves 7.7 mm under a
poker grid), so the label and the bar are not pinned to the bottom margin: each is put
at the first place that keeps the rules — bottom, top, then the side margins (turned
90°) — sliding along the margin past the marks, in a smaller form if it must.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from pnp.render.geometry import MIN_MARGIN, Box, Size

EDGE = MIN_MARGIN
CUT_CLEARANCE = 3.0
MARK_CLEARANCE = 1.0
MARK_LENGTH = 4.0
MARK_GAP = 1.0
MIN_MARK = 1.5
# The label and bar keep 2 mm from a mark (the rule asks 1): at 1 mm a mark reads as a
# stroke of the first letter ("|The Majority").
FURNITURE_MARK_CLEARANCE = 2.0
_EPS = 1e-6

Segment = tuple[float, float, float, float]


@dataclass(frozen=True)
class Placement:
    """Where a label or bar goes: its box on the page, its turn (0, or 90 reading
    bottom to top) and which of the offered forms it took."""

    box: Box
    rotation: int
    form: int


def _overlaps(a: Box, b: Box) -> bool:
    return (a.x < b.right - _EPS and b.x < a.right - _EPS
            and a.y < b.top - _EPS and b.y < a.top - _EPS)


def segment_box(segment: Segment, grow: float = 0.0) -> Box:
    x1, y1, x2, y2 = segment
    return Box(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)).grown(grow)


def _on_fold(value: float, axis: str, fold: Segment | None) -> bool:
    if fold is None:
        return False
    x1, y1, x2, y2 = fold
    if axis == "x":
        return x1 == x2 and abs(value - x1) < 1e-6
    return y1 == y2 and abs(value - y1) < 1e-6


def crop_mark_segments(marked: Sequence[Box], everything: Sequence[Box], paper: Size,
                       bleed: float, fold: Segment | None = None) -> list[Segment]:
    """Short lines extending every edge of the `marked` cards outwards, `bleed` + 1 mm
    clear of the trim, up to 4 mm long; each stops 1 mm before any other piece's bleed
    and 5 mm before the page edge, and is left out when less than 1.5 mm remains (or
    when it would run along the fold: a fold is not a cut). Worked out once per sheet
    arrangement: a deck's full sheets all have the same."""
    return list(_crop_marks(tuple(marked), tuple(everything), paper, bleed, fold))


@lru_cache(maxsize=256)
def _crop_marks(marked: tuple[Box, ...], everything: tuple[Box, ...], paper: Size,
                bleed: float, fold: Segment | None) -> tuple[Segment, ...]:
    grown = [b.grown(bleed) for b in everything]
    found: set[Segment] = set()
    start = bleed + MARK_GAP
    for b in marked:
        for x in (b.x, b.right):
            if _on_fold(x, "x", fold):
                continue
            found |= _ray(x, b.top + start, +1, "y", grown, paper)
            found |= _ray(x, b.y - start, -1, "y", grown, paper)
        for y in (b.y, b.top):
            if _on_fold(y, "y", fold):
                continue
            found |= _ray(y, b.right + start, +1, "x", grown, paper)
            found |= _ray(y, b.x - start, -1, "x", grown, paper)
    return tuple(sorted(found))


def _ray(fixed: float, begin: float, sign: int, axis: str, grown: Sequence[Box],
         paper: Size) -> set[Segment]:
    """The mark from `begin` moving along `axis` (x or y) in direction `sign`."""
    limit = (paper.height if axis == "y" else paper.width) - EDGE if sign > 0 else EDGE
    end = begin + sign * MARK_LENGTH
    end = min(end, limit) if sign > 0 else max(end, limit)
    for o in grown:
        lo, hi = (o.x, o.right) if axis == "y" else (o.y, o.top)
        if not lo - MARK_CLEARANCE < fixed < hi + MARK_CLEARANCE:
            continue
        near, far = (o.y, o.top) if axis == "y" else (o.x, o.right)
        if near - _EPS <= begin <= far + _EPS:
            return set()
        if sign > 0 and near > begin:
            end = min(end, near - MARK_CLEARANCE)
        elif sign < 0 and far < begin:
            end = max(end, far + MARK_CLEARANCE)
    if (end - begin) * sign < MIN_MARK - _EPS:
        return set()
    a, b = sorted((round(begin, 4), round(end, 4)))
    return {(fixed, a, fixed, b)} if axis == "y" else {(a, fixed, b, fixed)}


def keep_out(slots: Sequence[Box], bleed: float, marks: Sequence[Segment],
             fold: Segment | None = None) -> list[Box]:
    """What the label and bar must stay clear of: every piece with its bleed and 3 mm
    beyond its cut line, every crop mark by 2 mm, the fold by 3 mm."""
    boxes = [b.grown(max(CUT_CLEARANCE, bleed + MARK_CLEARANCE)) for b in slots]
    boxes += [segment_box(m, FURNITURE_MARK_CLEARANCE) for m in marks]
    if fold is not None:
        boxes.append(segment_box(fold, CUT_CLEARANCE))
    return boxes


SIDES = ("bottom", "top", "left", "right")


def place(paper: Size, obstacles: Sequence[Box], forms: Sequence[Size], prefer: str,
          sides: Sequence[str] = SIDES) -> Placement | None:
    """The first spot, side by side in `sides` order and form by form, where a `forms[i]`
    item (length along its text × thickness) fits 5 mm from the edge clear of every
    obstacle, as far towards `prefer` ("start": left or bottom, "end": right or top) as
    it goes; None if there is none."""
    for side in sides:
        for index, form in enumerate(forms):
            box = _slide(paper, obstacles, form, side, prefer)
            if box is not None:
                return Placement(box, 0 if side in ("bottom", "top") else 90, index)
    return None


def _slide(paper: Size, obstacles: Sequence[Box], form: Size, side: str,
           prefer: str) -> Box | None:
    length, thick = form.width, form.height
    horizontal = side in ("bottom", "top")
    room = paper.width if horizontal else paper.height
    if horizontal:
        fixed = EDGE if side == "bottom" else paper.height - EDGE - thick
        strip = Box(0, fixed, paper.width, thick)
    else:
        fixed = EDGE if side == "left" else paper.width - EDGE - thick
        strip = Box(fixed, 0, thick, paper.height)
    if fixed < EDGE - _EPS or length > room - 2 * EDGE + _EPS:
        return None
    near = [o for o in obstacles if _overlaps(o, strip)]
    if prefer == "start":
        spots = [EDGE] + [(o.right if horizontal else o.top) for o in near]
        spots.sort()
    else:
        spots = [room - EDGE - length] + [(o.x if horizontal else o.y) - length
                                          for o in near]
        spots.sort(reverse=True)
    for at in spots:
        if at < EDGE - _EPS or at + length > room - EDGE + _EPS:
            continue
        box = Box(at, fixed, length, thick) if horizontal else Box(fixed, at, thick, length)
        if not any(_overlaps(box, o) for o in near):
            return box
    return None


def clear_of(marks: Sequence[Segment], boxes: Sequence[Box]) -> list[Segment]:
    """The marks that keep 1 mm from every box (the last resort when furniture could only
    be placed by giving up the crop marks that crowd it)."""
    return [m for m in marks
            if not any(_overlaps(segment_box(m, MARK_CLEARANCE), b) for b in boxes)]
