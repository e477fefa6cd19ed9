"""Pack cards and pieces of any sizes onto as few sheets as possible (plain numbers).

A sheet holds *bands*: each band is a grid of one kind of item (one size, one shape),
as wide as the sheet allows; bands are stacked down the page (or, in fold mode with a
horizontal fold, along the fold) with a gap between them, so a page of poker cards can
end with a row of tokens. Items come in *groups* that stay on one sheet (a vote set
A, B, C, Score) when a sheet can hold the group; each group goes on the first sheet with
room for it (largest items first), so a single variant card fills a hole left by the
vote sets instead of taking a sheet of its own.

A page holding one kind of item is exactly the classic centred grid (`geometry.impose`),
so full sheets keep their positions. For a cutting machine the items may be held to a
smaller `area` centred on the page (Print Then Cut's printable area: trims and bleed
inside it), and kept out of the squares its optical eye searches at the `registration`
marks: the page's region is then cut back to the largest rectangles clear of them, and
the one holding the most items is used. Backs are mirrored per page (`mirror_boxes`) or
across the fold, so every back stays exactly behind its front whatever the mix.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from pnp.errors import UsageError
from pnp.render.cutfiles import registration_zones
from pnp.render.geometry import (
    Backs,
    Box,
    Size,
    check_margins,
    paper_size,
)

BAND_GAP = 3.0
BAND_GAP_BLEED = 5.0


@dataclass(frozen=True)
class PackItem:
    """One thing to place: `ref` is the caller's (a card, a piece), `size` its trim."""

    ref: object
    size: Size
    shape: str = "rect"
    gap: float = 0.0

    @property
    def kind(self) -> Hashable:
        return (self.size, self.shape, self.gap)


@dataclass(frozen=True)
class PackedPage:
    """A sheet: its (oriented) paper, each item's trim box, and for fold sheets the
    backs and the fold line."""

    paper: Size
    items: tuple[PackItem, ...]
    boxes: tuple[Box, ...]
    fold_backs: Backs | None = None
    fold: tuple[float, float, float, float] | None = None


@dataclass(frozen=True)
class _Frame:
    """Where trims may go on a page and how bands stack there."""

    paper: Size
    region: Box
    axis: str            # "y": bands run top to bottom; "x": left to right
    align: str           # a band's place across: "center", "start" or "end"
    fold: tuple[float, float, float, float] | None = None

    def across(self, size: Size) -> float:
        return size.width if self.axis == "y" else size.height

    def along(self, size: Size) -> float:
        return size.height if self.axis == "y" else size.width

    @property
    def room_across(self) -> float:
        return self.across(Size(self.region.width, self.region.height))

    @property
    def room_along(self) -> float:
        return self.along(Size(self.region.width, self.region.height))


def _count(room: float, item: float, gap: float) -> int:
    return max(0, math.floor((room + gap + 1e-9) / (item + gap)))


@dataclass
class _Band:
    kind: Hashable
    size: Size
    gap: float
    n_across: int
    rows: int = 0
    items: list[PackItem] = field(default_factory=list)

    def extent(self, frame: _Frame, rows: int | None = None) -> float:
        rows = self.rows if rows is None else rows
        return rows * frame.along(self.size) + max(0, rows - 1) * self.gap

    @property
    def free(self) -> int:
        return self.n_across * self.rows - len(self.items)


class _Page:
    def __init__(self, frame: _Frame, bleed: float):
        self.frame = frame
        self.bleed = bleed
        self.bands: list[_Band] = []
        self.full: set[tuple] = set()  # (kind, size, gap) of items that no longer fit

    def _between(self, a: float, b: float) -> float:
        """The gap between two bands: room for crop marks (with bleed) or a clean cut."""
        base = BAND_GAP if self.bleed == 0 else 2 * self.bleed + BAND_GAP_BLEED
        return max(base, a, b)

    def used(self) -> float:
        total = 0.0
        for i, band in enumerate(self.bands):
            total += band.extent(self.frame) + (self._gap_before(i) if i else 0.0)
        return total

    def _gap_before(self, index: int) -> float:
        return self._between(self.bands[index - 1].gap, self.bands[index].gap)

    def _new_band(self, item: PackItem) -> _Band | None:
        """A band for `item`'s kind: neighbours abut (one cut serves two) unless the item
        asks for a gap or there is bleed (each card keeps its own, 2 × bleed apart)."""
        gap = max(item.gap, 2 * self.bleed)
        n = _count(self.frame.room_across, self.frame.across(item.size), gap)
        return _Band(item.kind, item.size, gap, n) if n else None

    def _rows_left(self, band: _Band, extra_gap: float) -> int:
        """Rows a band (new, or the last one growing) could still add."""
        along = self.frame.along(band.size)
        room = self.frame.room_along - self.used() - extra_gap
        if band.rows:
            room -= band.gap
        return _count(room, along, band.gap) if room > 0 else 0

    def capacity(self, item: PackItem) -> int:
        """How many items like `item` this page can still take."""
        free = sum(b.free for b in self.bands if b.kind == item.kind)
        if self.bands and self.bands[-1].kind == item.kind:
            last = self.bands[-1]
            return free + self._rows_left(last, 0.0) * last.n_across
        band = self._new_band(item)
        if band is None:
            return free
        extra = self._between(self.bands[-1].gap, band.gap) if self.bands else 0.0
        return free + self._rows_left(band, extra) * band.n_across

    def add(self, item: PackItem) -> None:
        """Place one item (the caller checked `capacity`)."""
        for band in self.bands:
            if band.kind == item.kind and band.free:
                band.items.append(item)
                return
        if self.bands and self.bands[-1].kind == item.kind and self._rows_left(
                self.bands[-1], 0.0):
            band = self.bands[-1]
        else:
            band = self._new_band(item)
            self.bands.append(band)
        band.rows += 1
        band.items.append(item)

    def finish(self) -> PackedPage:
        frame = self.frame
        first = self.bands[0]
        full_rows = _count(frame.room_along, frame.along(first.size), first.gap)
        slack = (frame.room_along - first.extent(frame, full_rows)) / 2
        offset = max(0.0, min(slack, frame.room_along - self.used()))
        placed: list[tuple[PackItem, Box]] = []
        for i, band in enumerate(self.bands):
            if i:
                offset += self._gap_before(i)
            placed += [(item, self._box(band, k, offset)) for k, item in enumerate(band.items)]
            offset += band.extent(frame)
        items = tuple(p[0] for p in placed)
        boxes = tuple(p[1] for p in placed)
        backs = None
        if frame.fold is not None:
            backs = _mirror_across_fold(boxes, frame.fold)
        return PackedPage(frame.paper, items, boxes, backs, frame.fold)

    def _box(self, band: _Band, index: int, offset: float) -> Box:
        frame, size = self.frame, band.size
        row, col = divmod(index, band.n_across)
        block = band.n_across * frame.across(size) + (band.n_across - 1) * band.gap
        room = frame.room_across
        lead = {"center": (room - block) / 2, "start": 0.0, "end": room - block}[frame.align]
        across = lead + col * (frame.across(size) + band.gap)
        along = offset + row * (frame.along(size) + band.gap)
        r = frame.region
        if frame.axis == "y":
            return Box(r.x + across, r.top - along - size.height, size.width, size.height)
        return Box(r.x + along, r.top - across - size.height, size.width, size.height)


def _mirror_across_fold(boxes, fold) -> Backs:
    x1, y1, x2, y2 = fold
    if x1 == x2:
        return Backs(tuple(Box(2 * x1 - b.right, b.y, b.width, b.height) for b in boxes), 0)
    return Backs(tuple(Box(b.x, 2 * y1 - b.top, b.width, b.height) for b in boxes), 180)


def _frames(paper: Size, fold: bool, margin: float, bleed: float,
            area: Size | None = None, registration: float = 0.0) -> list[_Frame]:
    """Every way to lay out a page: portrait or landscape, and for fold sheets a vertical
    or horizontal fold (fronts against it, backs mirrored across it); each region held to
    the `area` and cut back clear of the registration marks' zones."""
    frames = []
    inset = margin + bleed
    for size in (paper, paper.rotated()):
        w, h = size.width, size.height
        if not fold:
            options = [(Box(inset, inset, w - 2 * inset, h - 2 * inset), "y", "center", None)]
        else:
            options = [(Box(inset, inset, w / 2 - bleed - inset, h - 2 * inset), "y", "end",
                        (w / 2, 0.0, w / 2, h)),
                       (Box(inset, h / 2 + bleed, w - 2 * inset, h / 2 - bleed - inset), "x",
                        "end", (0.0, h / 2, w, h / 2))]
        for region, axis, align, fold_line in options:
            if area is not None:
                region = _within(region, _centred(size, area).grown(-bleed))
            if region is None:
                continue
            zones = _zones(size, registration, bleed, fold_line)
            frames += [_Frame(size, r, axis, align, fold_line) for r in _clear(region, zones)]
    return frames


def _centred(paper: Size, area: Size) -> Box:
    """The area (given portrait) turned like the page and centred on it."""
    if (area.width > area.height) != (paper.width > paper.height):
        area = area.rotated()
    return Box((paper.width - area.width) / 2, (paper.height - area.height) / 2,
               area.width, area.height)


def _within(a: Box, b: Box) -> Box | None:
    """The overlap of two boxes, None when they do not overlap."""
    x, y = max(a.x, b.x), max(a.y, b.y)
    right, top = min(a.right, b.right), min(a.top, b.top)
    return Box(x, y, right - x, top - y) if right > x and top > y else None


def _zones(paper: Size, registration: float, bleed: float,
           fold: tuple[float, float, float, float] | None) -> list[Box]:
    """Where no trim or bleed may go: each registration zone grown by the bleed and a
    crop mark's gap, mirrored across a fold too (the backs printed there)."""
    if not registration:
        return []
    zones = [z.grown(bleed + 1.0) for z in registration_zones(paper, registration)]
    if fold is not None:
        x1, y1, x2, _ = fold
        zones += [Box(2 * x1 - z.right, z.y, z.width, z.height) if x1 == x2 else
                  Box(z.x, 2 * y1 - z.top, z.width, z.height) for z in list(zones)]
    return zones


def _clear(region: Box, zones: list[Box]) -> list[Box]:
    """The largest rectangles inside `region` that overlap no zone: the region cut back,
    zone by zone, to each of the four sides of it; none are lost when no zone is met."""
    regions = [region]
    for zone in zones:
        kept = []
        for r in regions:
            if _within(r, zone) is None:
                kept.append(r)
                continue
            sides = (Box(r.x, r.y, r.width, zone.y - r.y),
                     Box(r.x, zone.top, r.width, r.top - zone.top),
                     Box(r.x, r.y, zone.x - r.x, r.height),
                     Box(zone.right, r.y, r.right - zone.right, r.height))
            kept += [b for b in sides if b.width > 0 and b.height > 0]
        regions = list(dict.fromkeys(kept))
    return [r for r in regions if not any(r != o and _inside(r, o) for o in regions)]


def _inside(a: Box, b: Box) -> bool:
    return a.x >= b.x and a.y >= b.y and a.right <= b.right and a.top <= b.top


def _best_frame(frames: list[_Frame], item: PackItem, bleed: float) -> _Frame | None:
    best, most = None, 0
    for frame in frames:
        count = _Page(frame, bleed).capacity(item)
        if count > most:
            best, most = frame, count
    return best


def pack(groups: Sequence[Sequence[PackItem]], paper: str | Size, fold: bool = False,
         margin: float = 5.0, bleed: float = 0.0, area: Size | None = None,
         registration: float = 0.0) -> list[PackedPage]:
    """Pages holding every item of `groups`, each group on one page when a page can hold
    it. Larger items are placed first (first fit, decreasing: big cards open the sheets,
    tokens fill what they leave); items of one size keep their order. UsageError naming
    the item when one cannot fit the paper at all (or its `area`, clear of the
    `registration` marks)."""
    check_margins(margin, bleed)
    size = paper if isinstance(paper, Size) else paper_size(paper)
    frames = _frames(size, fold, margin, bleed, area, registration)
    pages: list[_Page] = []
    ordered = sorted((g for g in groups if g), key=lambda g: -g[0].size.width * g[0].size.height)
    first_open: dict[tuple, int] = {}
    for group in ordered:
        if not group:
            continue
        _place_group(pages, list(group), frames, bleed, fold, paper, margin, first_open,
                     area)
    return [p.finish() for p in pages]


def _place_group(pages: list[_Page], group: list[PackItem], frames: list[_Frame],
                 bleed: float, fold: bool, paper, margin: float,
                 first_open: dict[tuple, int], area: Size | None = None) -> None:
    """The group on the first page with room for all of it, else on new pages. A page only
    fills up, so the pages full for this kind of item stay full: `first_open` remembers,
    per kind, the first page that is not, and each group starts looking there (linear in
    the number of items; looking from the first page each time was quadratic)."""
    kind = group[0].kind
    if any(item.kind != kind for item in group):
        for item in group:
            _place_group(pages, [item], frames, bleed, fold, paper, margin, first_open,
                         area)
        return
    like = (kind, group[0].size, group[0].gap)
    start = first_open.get(like, 0)
    for index in range(start, len(pages)):
        page = pages[index]
        if like not in page.full:
            room = page.capacity(group[0])
            if room >= len(group):
                for item in group:
                    page.add(item)
                first_open[like] = start
                return
            if room == 0:
                page.full.add(like)
        if like in page.full and index == start:
            start += 1
    first_open[like] = start
    frame = _best_frame(frames, group[0], bleed)
    if frame is None:
        twice = " twice (front and back)" if fold else ""
        name = paper if isinstance(paper, str) else str(paper)
        what = "token" if group[0].shape == "circle" else "piece" if group[0].gap else "card"
        within = f" inside the {area} cut area" if area is not None else ""
        raise UsageError(f"a {group[0].size} {what} with {bleed:g} mm bleed does not fit"
                         f"{twice} on {name} with {margin:g} mm margins{within}")
    remaining = list(group)
    while remaining:
        page = _Page(frame, bleed)
        pages.append(page)
        take = min(len(remaining), page.capacity(remaining[0]))
        for item in remaining[:take]:
            page.add(item)
        remaining = remaining[take:]
