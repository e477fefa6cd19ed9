"""Cutting guides: crop marks in the margins, hairline cut lines between abutting cards,
circular cut lines for round tokens, and the dashed fold line."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.render.fonts import string_width
from pnp.render.furniture import EDGE, Placement, Segment
from pnp.render.geometry import MM, Box, Size, pt

MARK_WIDTH = 0.3
CUT_GREY = 0.6
FOLD_DASH = (4, 3)


def crop_marks(c, segments: Sequence[Segment]) -> None:
    """The crop marks (`furniture.crop_mark_segments`), solid black, as one path."""
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


def cut_lines(c, slots: Sequence[Box], shape: str,
              fold: Segment | None = None) -> None:
    """Hairlines on the trim (used without bleed, where cards abut and one cut serves two):
    shared edges are merged into single lines, edges on the fold left to the dashed fold
    line; round tokens get a circle each."""
    if shape == "circle":
        c.saveState()
        c.setStrokeGray(CUT_GREY)
        c.setLineWidth(0.25)
        for b in slots:
            c.circle(pt(b.x + b.width / 2), pt(b.y + b.height / 2), pt(b.width / 2))
        c.restoreState()
        return
    edges = [e for e in merged_edges(slots) if not on_line(e, fold)]
    stroke_segments(c, edges, grey=CUT_GREY, width=0.25)


def on_line(segment: Segment, line: Segment | None) -> bool:
    """Whether `segment` lies along the (horizontal or vertical) `line`."""
    if line is None:
        return False
    x1, y1, x2, y2 = segment
    if line[0] == line[2]:
        return abs(x1 - line[0]) < 1e-6 and abs(x2 - line[0]) < 1e-6
    return abs(y1 - line[1]) < 1e-6 and abs(y2 - line[1]) < 1e-6


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


def fold_segment(line: Segment, paper: Size) -> Segment:
    """The fold line as drawn: the full fold, kept 5 mm from the page edges."""
    x1, y1, x2, y2 = line
    if x1 == x2:
        return (x1, EDGE, x2, paper.height - EDGE)
    return (EDGE, y1, paper.width - EDGE, y2)


def fold_line(c, line: Segment) -> None:
    """A dashed line where the sheet is folded (fronts on one side, backs on the other):
    dashed and grey, never solid, so it cannot be mistaken for a cut."""
    x1, y1, x2, y2 = line
    c.saveState()
    c.setStrokeGray(0.35)
    c.setLineWidth(0.5)
    c.setDash(list(FOLD_DASH))
    c.line(pt(x1), pt(y1), pt(x2), pt(y2))
    c.restoreState()


SCALE_BAR = 50.0
LABEL_SIZES = (6.5, 5.0)
CAPTION = "scale check: 50 mm at 100 %"
CAPTION_SIZE = 5.5
COMPACT_CAPTION_SIZE = 5.0
_TICK_LONG, _TICK_SHORT = 1.6, 1.0
_BAR_BASE = 0.2          # the bar's line sits this far above its box (half its stroke)
_CAPTION_GAP = 0.8       # compact form: from the long ticks' tops to the caption


def text_height(font: str, size: float) -> float:
    """Ascent plus descent of `font` at `size` points, in mm."""
    ascent, descent = _ascent_descent(font, size)
    return (ascent - descent) / MM


def _ascent_descent(font: str, size: float) -> tuple[float, float]:
    from reportlab.pdfbase.pdfmetrics import getAscentDescent

    return getAscentDescent(font, size)


def label_forms(texts: Sequence[str], font: str) -> list[tuple[Size, str, float]]:
    """The sheet label's forms, largest first: each text at 6.5 pt, then at 5 pt."""
    return [(Size(string_width(t, font, s) / MM, text_height(font, s)), t, s)
            for s in LABEL_SIZES for t in texts]


def bar_forms(font: str, caption: str = CAPTION) -> list[Size]:
    """The scale bar's two forms: caption left of the bar (thin, long), or caption
    above it (50 mm long, thicker) for a margin without the length."""
    caption = string_width(caption, font, CAPTION_SIZE) / MM
    thin = Size(SCALE_BAR + 1.5 + caption, max(text_height(font, CAPTION_SIZE),
                                               _BAR_BASE + _TICK_LONG))
    # Everything drawn counts, the bar's base included: the box is what keeps the caption
    # 5 mm from the page edge.
    compact = Size(SCALE_BAR, _BAR_BASE + _TICK_LONG + _CAPTION_GAP
                   + text_height(font, COMPACT_CAPTION_SIZE))
    return [thin, compact]


def _enter(c, placement: Placement) -> None:
    """Move the origin to the item's local bottom-left, x along its text."""
    box = placement.box
    if placement.rotation == 90:
        c.translate(pt(box.right), pt(box.y))
        c.rotate(90)
    else:
        c.translate(pt(box.x), pt(box.y))


def sheet_label(c, placement: Placement, text: str, font: str, size: float) -> None:
    """The sheet's label (game, decks, sheet number, side) in its placement."""
    c.saveState()
    _enter(c, placement)
    c.setFillGray(0.45)
    c.setFont(font, size)
    c.drawString(0, -_ascent_descent(font, size)[1], text)
    c.restoreState()


def scale_bar(c, placement: Placement, font: str, caption: str = CAPTION) -> None:
    """A 50 mm bar with 10 mm ticks: hold a ruler to it to check the printer did not scale
    the page (cards are only the right size at 100 %)."""
    c.saveState()
    _enter(c, placement)
    base = _BAR_BASE
    if placement.form == 0:
        left = placement.box.width - SCALE_BAR if placement.rotation == 0 else \
            placement.box.height - SCALE_BAR
        size = CAPTION_SIZE
        caption_at = (left - 1.5, None)
    else:
        left = 0.0
        size = COMPACT_CAPTION_SIZE
        caption_at = (SCALE_BAR / 2, base + _TICK_LONG + _CAPTION_GAP)
    segments = [(left, base, left + SCALE_BAR, base)]
    segments += [(left + k * 10, base, left + k * 10,
                  base + (_TICK_LONG if k in (0, 5) else _TICK_SHORT)) for k in range(6)]
    stroke_segments(c, segments, grey=0.0, width=0.35)
    c.setFillGray(0.3)
    c.setFont(font, size)
    descent = -_ascent_descent(font, size)[1]
    if caption_at[1] is None:
        c.drawRightString(pt(caption_at[0]), descent, caption)
    else:
        c.drawCentredString(pt(caption_at[0]), pt(caption_at[1]) + descent, caption)
    c.restoreState()
