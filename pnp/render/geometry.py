"""Sheet geometry in millimetres: paper, card sizes, grid imposition, duplex and fold.

Everything here is plain numbers (no drawing), so the positions a printer will produce can
be asserted in tests. Coordinates are PDF-style: origin at the bottom-left of the page, y
up, in mm; conversion to points happens only where the canvas is called (`pt`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from pnp.errors import UsageError

MM = 72 / 25.4
MIN_MARGIN = 5.0
MAX_OFFSET = 20.0
"""Largest back-page offset (mm) a duplex printer plausibly needs."""


def pt(mm: float) -> float:
    """Millimetres to PDF points, to 0.01 pt (0.0035 mm: far finer than any printer, and
    short numbers keep the PDF small)."""
    return round(mm * MM, 2)


@dataclass(frozen=True)
class Size:
    width: float
    height: float

    def rotated(self) -> Size:
        return Size(self.height, self.width)

    def __str__(self) -> str:
        return f"{self.width:g} × {self.height:g} mm"


@dataclass(frozen=True)
class Box:
    """A rectangle on a page, mm, origin bottom-left."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def grown(self, by: float) -> Box:
        return Box(self.x - by, self.y - by, self.width + 2 * by, self.height + 2 * by)


PAPERS = {
    "a3": Size(297.0, 420.0),
    "a4": Size(210.0, 297.0),
    "a5": Size(148.0, 210.0),
    "a6": Size(105.0, 148.0),
    "b5": Size(176.0, 250.0),
    "letter": Size(215.9, 279.4),
    "legal": Size(215.9, 355.6),
    "tabloid": Size(279.4, 431.8),
}
CARD_SIZES = {
    "poker": Size(63.0, 88.0),
    "bridge": Size(57.0, 89.0),
    "mini-euro": Size(44.0, 68.0),
    "mini-usa": Size(41.0, 63.0),
    "euro": Size(59.0, 92.0),
    "tarot": Size(70.0, 120.0),
    "square": Size(70.0, 70.0),
    "mini": Size(44.0, 63.0),
}
PAPER_RANGE = (50.0, 2000.0)
CARD_RANGE = (5.0, 1000.0)
_NUMBER = r"\s*(\d+(?:\.\d+)?)\s*(mm|in)?\s*"
_WXH = re.compile(_NUMBER + "[x×]" + _NUMBER, re.IGNORECASE)
_UNITS = {"mm": 1.0, "in": 25.4}


def _parse_wxh(spec: str, what: str, bounds: tuple[float, float], names) -> Size:
    """`WxH` in mm (`320x450`, `320x450mm`) or inches (`8.5x11in`, `8.5inx11in`): one
    unit for both sides, converted here, once, to mm (inches exact to 0.001 mm, so
    `8.5x11in` is Letter to the last digit)."""
    match = _WXH.fullmatch(spec)
    first_unit, last_unit = (match.group(2), match.group(4)) if match else (None, None)
    if not match or (first_unit and last_unit and first_unit.lower() != last_unit.lower()):
        raise UsageError(f"unknown {what} {spec!r}; use {', '.join(names)} or "
                         "WIDTHxHEIGHT in mm (e.g. 320x450) or inches (e.g. 8.5x11in)")
    scale = _UNITS[(last_unit or first_unit or "mm").lower()]
    size = Size(round(float(match.group(1)) * scale, 3), round(float(match.group(3)) * scale, 3))
    low, high = bounds
    if not all(low <= v <= high for v in (size.width, size.height)):
        raise UsageError(f"{what} {spec!r}: each side must be {low:g}–{high:g} mm")
    return size


def paper_size(name: str) -> Size:
    """Portrait size of a paper: a name (a3, a4, a5, a6, b5, letter, legal, tabloid) or
    `WxH` in mm or inches (a `WxH` wider than tall is turned portrait: every deck picks its
    own orientation)."""
    if name.lower() in PAPERS:
        return PAPERS[name.lower()]
    size = _parse_wxh(name, "paper", PAPER_RANGE, PAPERS)
    return size if size.width <= size.height else size.rotated()


def area_size(spec: str, what: str = "cut area", names: tuple[str, ...] = ()) -> Size:
    """A cutting machine's area as `WxH` in mm or inches (e.g. 6.75x9.25in), turned
    portrait like a paper; `names` are the other values the caller takes (for the
    error)."""
    size = _parse_wxh(spec, what, (20.0, PAPER_RANGE[1]), names)
    return size if size.width <= size.height else size.rotated()


def card_size(spec: str | Size) -> Size:
    """A named card size (poker 63×88, bridge 57×89, mini-euro 44×68, mini-usa 41×63,
    euro 59×92, tarot 70×120, square 70×70; `mini` is 44×63) or explicit `WxH` in mm."""
    if isinstance(spec, Size):
        return spec
    if spec.lower() in CARD_SIZES:
        return CARD_SIZES[spec.lower()]
    return _parse_wxh(spec, "card size", CARD_RANGE, CARD_SIZES)


@dataclass(frozen=True)
class Sheet:
    """A page of identical slots: where each card's trim box goes, in reading order."""

    paper: Size
    card: Size
    slots: tuple[Box, ...]
    columns: int
    rows: int
    bleed: float
    gap: float

    @property
    def landscape(self) -> bool:
        return self.paper.width > self.paper.height


def _grid_count(avail: float, item: float, gap: float) -> int:
    return max(0, math.floor((avail + gap + 1e-9) / (item + gap)))


def impose(card: Size, paper: str, margin: float = MIN_MARGIN, bleed: float = 0.0,
           gap: float | None = None) -> Sheet:
    """The grid that fits the most cards on `paper` (portrait or landscape), centred.

    Cards abut (one cut serves two cards) unless there is bleed: then each card keeps its
    bleed and neighbours sit `2 × bleed` apart. The outer bleed must stay inside the
    printer margin."""
    check_margins(margin, bleed)
    gap = 2 * bleed if gap is None else gap
    base = paper_size(paper)
    best = None
    for sheet_size in (base, base.rotated()):
        avail_w = sheet_size.width - 2 * margin - 2 * bleed
        avail_h = sheet_size.height - 2 * margin - 2 * bleed
        cols = _grid_count(avail_w, card.width, gap)
        rows = _grid_count(avail_h, card.height, gap)
        if best is None or cols * rows > best[1] * best[2]:
            best = (sheet_size, cols, rows)
    sheet_size, cols, rows = best
    if cols * rows == 0:
        raise UsageError(f"a {card} card with {bleed:g} mm bleed does not fit on "
                         f"{paper} with {margin:g} mm margins")
    return Sheet(sheet_size, card, _slots(sheet_size, card, cols, rows, gap), cols, rows,
                 bleed, gap)


def _slots(paper: Size, card: Size, cols: int, rows: int, gap: float) -> tuple[Box, ...]:
    grid_w = cols * card.width + (cols - 1) * gap
    grid_h = rows * card.height + (rows - 1) * gap
    left = (paper.width - grid_w) / 2
    top = (paper.height + grid_h) / 2
    return tuple(
        Box(left + c * (card.width + gap), top - (r + 1) * card.height - r * gap,
            card.width, card.height)
        for r in range(rows) for c in range(cols)
    )


def check_margins(margin: float, bleed: float) -> None:
    """UsageError for a margin a home printer cannot print or an implausible bleed."""
    if not margin >= MIN_MARGIN:
        raise UsageError(f"a printer margin of {margin:g} mm is too small; "
                         f"home printers need at least {MIN_MARGIN:g} mm")
    if not 0 <= bleed <= 10:  # written so that NaN fails too
        raise UsageError(f"bleed must be between 0 and 10 mm, not {bleed:g}")


def check_offsets(offset_x: float, offset_y: float) -> None:
    """UsageError unless both back-page offsets are finite and within MAX_OFFSET mm."""
    for axis, value in (("x", offset_x), ("y", offset_y)):
        if not -MAX_OFFSET <= value <= MAX_OFFSET:  # written so that NaN fails too
            raise UsageError(f"--offset-{axis} {value:g} mm: must be a number from "
                             f"-{MAX_OFFSET:g} to {MAX_OFFSET:g} mm (re-measure with "
                             "pnp calibrate)")


@dataclass(frozen=True)
class Backs:
    """Where the backs go and how they turn: a back is drawn rotated 180° when it is
    mirrored top-to-bottom, so it reads upright when a card is turned over like a page."""

    boxes: tuple[Box, ...]
    rotation: int


def mirror_for_duplex(sheet: Sheet, flip: str) -> Backs:
    """Where each slot's back goes on the following page so it lands behind its front."""
    return mirror_boxes(sheet.paper, sheet.slots, flip)


def mirror_boxes(paper: Size, boxes, flip: str) -> Backs:
    """Where each front box's back goes on the following page.

    Turning the paper over its long edge mirrors positions across the axis parallel to
    that edge (left-right on a portrait page, top-bottom on a landscape page); the short
    edge is the other way round."""
    if flip not in ("long", "short"):
        raise UsageError(f"flip must be 'long' or 'short', not {flip!r}")
    across_x = (flip == "long") != (paper.width > paper.height)
    w, h = paper.width, paper.height
    if across_x:
        return Backs(tuple(Box(w - b.right, b.y, b.width, b.height) for b in boxes), 0)
    return Backs(tuple(Box(b.x, h - b.top, b.width, b.height) for b in boxes), 180)


def page_offset(offset_x: float, offset_y: float, page: Size) -> tuple[float, float]:
    """The back-page offset in this page's axes. Offsets are measured on the portrait
    calibration sheet, in paper axes; a landscape page is printed turned 90° anticlockwise
    onto the portrait paper (what PDF viewers do), so a paper offset (x, y) is (y, -x) on
    the landscape page, whichever edge the duplex flips on."""
    if page.width > page.height:
        return offset_y, -offset_x
    return offset_x, offset_y


@dataclass(frozen=True)
class FoldSheet:
    """A page with fronts on one half and their backs on the other, mirrored across the
    fold line, so folding along it (and gluing) puts each back behind its front. Trim
    edges sit `bleed` from the fold: without bleed the fold itself is the card's edge."""

    paper: Size
    card: Size
    fronts: tuple[Box, ...]
    backs: Backs
    fold: tuple[float, float, float, float]
    bleed: float


def impose_fold(card: Size, paper: str, margin: float = MIN_MARGIN,
                bleed: float = 0.0) -> FoldSheet:
    """The fold layout holding the most card pairs: a vertical or horizontal fold line
    through the middle of a portrait or landscape page."""
    check_margins(margin, bleed)
    base = paper_size(paper)
    gap = 2 * bleed
    best = None
    for size in (base, base.rotated()):
        for vertical in (True, False):
            across = (size.width / 2 if vertical else size.width) - 2 * bleed - \
                (margin if vertical else 2 * margin)
            along = (size.height if vertical else size.height / 2) - 2 * bleed - \
                (2 * margin if vertical else margin)
            cols = _grid_count(across, card.width, gap)
            rows = _grid_count(along, card.height, gap)
            if best is None or cols * rows > best[0]:
                best = (cols * rows, size, vertical, cols, rows)
    count, size, vertical, cols, rows = best
    if count == 0:
        raise UsageError(f"a {card} card does not fit twice (front and back) on {paper}")
    return _fold_sheet(size, card, vertical, cols, rows, bleed)


def _fold_sheet(paper: Size, card: Size, vertical: bool, cols: int, rows: int,
                bleed: float) -> FoldSheet:
    gap = 2 * bleed
    grid_w = cols * card.width + (cols - 1) * gap
    grid_h = rows * card.height + (rows - 1) * gap
    if vertical:
        fold = paper.width / 2
        left, bottom = fold - bleed - grid_w, (paper.height - grid_h) / 2
    else:
        fold = paper.height / 2
        left, bottom = (paper.width - grid_w) / 2, fold + bleed
    fronts = tuple(
        Box(left + c * (card.width + gap), bottom + grid_h - (r + 1) * card.height - r * gap,
            card.width, card.height)
        for r in range(rows) for c in range(cols)
    )
    if vertical:
        backs = Backs(tuple(Box(2 * fold - b.right, b.y, b.width, b.height) for b in fronts), 0)
        line = (fold, 0.0, fold, paper.height)
    else:
        backs = Backs(tuple(Box(b.x, 2 * fold - b.top, b.width, b.height) for b in fronts), 180)
        line = (0.0, fold, paper.width, fold)
    return FoldSheet(paper, card, fronts, backs, line, bleed)
