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
    segments = []
    for x in xs:
        segments.append((x, top + start, x, min(top + start + MARK_LENGTH, paper.height)))
        segments.append((x, bottom - start, x, max(bottom - start - MARK_LENGTH, 0)))
    for y in ys:
        segments.append((left - start, y, max(left - start - MARK_LENGTH, 0), y))
        segments.append((right + start, y, min(right + start + MARK_LENGTH, paper.width), y))
    stroke_segments(c, segments, grey=0.0, width=MARK_WIDTH)


def stroke_segments(c, segments, grey: float, width: float) -> None:
    """All segments as one stroked path: one drawing operation, not one per line."""
    segments = [s for s in segments if (s[0], s[1]) != (s[2], s[3])]
    if not segments:
        return
    c.saveState()
    c.setStrokeGray(grey)
    c.setLineWidth(width)
    path = c.beginPath()
    for x1, y1, x2, y2 in segments:
        path.moveTo(pt(x1), pt(y1))
        path.lineTo(pt(x2), pt(y2))
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def cut_lines(c, slots: Sequence[Box], shape: str) -> None:
    """Hairlines on the trim (used without bleed, where cards abut and one cut serves two):
    shared edges are merged into single lines; round tokens get a circle each."""
    if shape == "circle":
        c.saveState()
        c.setStrokeGray(CUT_GREY)
        c.setLineWidth(0.25)
        for b in slots:
            c.circle(pt(b.x + b.width / 2), pt(b.y + b.height / 2), pt(b.width / 2))
        c.restoreState()
        return
    stroke_segments(c, merged_edges(slots), grey=CUT_GREY, width=0.25)


def merged_edges(slots: Sequence[Box]) -> list[tuple[float, float, float, float]]:
    """The cards' edges with collinear, touching edges joined into one segment."""
    horizontal: dict[float, list] = {}
    vertical: dict[float, list] = {}
    for b in slots:
        for y in (b.y, b.top):
            horizontal.setdefault(round(y, 3), []).append((b.x, b.right))
        for x in (b.x, b.right):
            vertical.setdefault(round(x, 3), []).append((b.y, b.top))
    segments = [(a, y, z, y) for y, spans in horizontal.items() for a, z in _union(spans)]
    segments += [(x, a, x, z) for x, spans in vertical.items() for a, z in _union(spans)]
    return segments


def _union(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[list[float]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1] + 1e-6:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(a, b) for a, b in merged]


def fold_line(c, line: tuple[float, float, float, float]) -> None:
    """A dashed line where the sheet is folded (fronts on one side, backs on the other)."""
    x1, y1, x2, y2 = line
    c.saveState()
    c.setStrokeGray(0.35)
    c.setLineWidth(0.5)
    c.setDash([4, 3])
    c.line(pt(x1), pt(y1), pt(x2), pt(y2))
    c.restoreState()


SCALE_BAR = 50.0


def scale_bar(c, right: float, y: float, font: str) -> None:
    """A 50 mm bar with 10 mm ticks, right-aligned at `right`: hold a ruler to it to check
    the printer did not scale the page (cards are only the right size at 100 %)."""
    left = right - SCALE_BAR
    segments = [(left, y, right, y)]
    segments += [(left + k * 10, y, left + k * 10, y + (1.6 if k in (0, 5) else 1.0))
                 for k in range(6)]
    stroke_segments(c, segments, grey=0.0, width=0.35)
    c.saveState()
    c.setFillGray(0.3)
    c.setFont(font, 5.5)
    c.drawRightString(pt(left - 1.5), pt(y), "scale check: 50 mm at 100 %")
    c.restoreState()
