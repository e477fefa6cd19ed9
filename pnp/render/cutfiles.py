"""Cut paths for cutting machines (Silhouette, Cricut): the trims of a printed sheet as
SVG and DXF, and the registration marks a machine's optical eye finds on the sheet.

Everything here is plain numbers in mm, page origin bottom-left like the rest of
`render`; the SVG writer flips y (SVG runs top-down). The paths are the packed pages'
own boxes (`decks.printed_pages`, `pieces.piece_pages`), so a cut lands on the sheet
`pnp build` printed, whatever the paper, backs mode or bleed.

Registration marks follow the common Silhouette layout: a filled 5 mm square at the
top-left corner and L-shaped brackets (20 mm arms, 0.5 mm thick) at the top-right and
bottom-left, each with its outer corner `inset` mm from the page edges (0.625 in unless
told). The machine's optical eye searches a 20 mm square at each of the three corners
(Silhouette Studio hatches them: nothing may be printed there), so `registration_zones`
are kept free of every piece, crop mark and label, and the sheet furniture keeps
`FURNITURE_CLEARANCE` more from them.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.render.geometry import CARD_SIZES, Box, Size, pt

MARK_SIZE = 5.0
MARK_ARM = 20.0
MARK_LINE = 0.5
MARK_CLEARANCE = 3.0
FURNITURE_CLEARANCE = 5.0
DEFAULT_INSET = 15.875  # 0.625 in
INSET_RANGE = (10.0, 40.0)
DEFAULT_RADIUS = 3.0
CORNER_RADII = {"poker": 3.0, "bridge": 3.0, "euro": 3.0, "tarot": 4.0, "square": 3.0,
                "mini-euro": 2.5, "mini-usa": 2.5, "mini": 2.5}

Point = tuple[float, float]


@dataclass(frozen=True)
class CutPath:
    """One closed cut: a rounded rectangle (`box`, corner `radius`), a circle inscribed in
    `box`, or a polygon through `points`."""

    kind: str
    box: Box
    radius: float = 0.0
    points: tuple[Point, ...] = ()


def corner_radius(size: Size) -> float:
    """The corner radius for a card of `size`: by its named size (poker 3 mm, tarot 4 mm,
    minis 2.5 mm), else 3 mm, never more than a quarter of its shorter side."""
    name = next((n for n, s in CARD_SIZES.items() if s == size), None)
    radius = CORNER_RADII.get(name, DEFAULT_RADIUS) if name else DEFAULT_RADIUS
    return min(radius, min(size.width, size.height) / 4)


def card_cut(box: Box, shape: str) -> CutPath:
    if shape == "circle":
        return CutPath("circle", box)
    return CutPath("rect", box, corner_radius(Size(box.width, box.height)))


def registration_marks(paper: Size, inset: float) -> list[Box]:
    """The marks as filled rectangles: the square (top-left) and two L brackets (two bars
    each) at the top-right and bottom-left corners."""
    w, h = paper.width, paper.height
    square = Box(inset, h - inset - MARK_SIZE, MARK_SIZE, MARK_SIZE)
    top_right = [Box(w - inset - MARK_ARM, h - inset - MARK_LINE, MARK_ARM, MARK_LINE),
                 Box(w - inset - MARK_LINE, h - inset - MARK_ARM, MARK_LINE, MARK_ARM)]
    bottom_left = [Box(inset, inset, MARK_ARM, MARK_LINE),
                   Box(inset, inset, MARK_LINE, MARK_ARM)]
    return [square, *top_right, *bottom_left]


def registration_zones(paper: Size, inset: float) -> list[Box]:
    """The square the machine searches at each mark (MARK_ARM a side from the mark's outer
    corner): nothing else is printed in it."""
    w, h = paper.width, paper.height
    return [Box(inset, h - inset - MARK_ARM, MARK_ARM, MARK_ARM),
            Box(w - inset - MARK_ARM, h - inset - MARK_ARM, MARK_ARM, MARK_ARM),
            Box(inset, inset, MARK_ARM, MARK_ARM)]


def registration_margin(inset: float) -> float:
    """The printer margin that keeps every card clear of the marks."""
    return inset + max(MARK_SIZE, MARK_LINE) + MARK_CLEARANCE


def draw_registration(c, paper: Size, inset: float) -> None:
    """The marks in solid black on the current page."""
    c.saveState()
    c.setFillGray(0)
    for box in registration_marks(paper, inset):
        c.rect(pt(box.x), pt(box.y), pt(box.width), pt(box.height), stroke=0, fill=1)
    c.restoreState()


def svg(paper: Size, cuts: list[CutPath], marks: list[Box], stamp: str = "") -> str:
    """An SVG the size of the sheet in mm: the cuts (red hairlines, group `cut`) and the
    registration marks (black fills, group `registration`, not to be cut); `stamp` (the
    PDF's cut-layout stamp) in its metadata."""
    from pnp.render.rulesheet.inline import escape  # not xml.sax's: it imports urllib

    def y(v: float) -> float:
        return paper.height - v

    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(paper.width)}mm" '
             f'height="{_n(paper.height)}mm" viewBox="0 0 {_n(paper.width)} '
             f'{_n(paper.height)}">']
    if stamp:
        lines.append(f'<metadata id="pnp-layout">{escape(stamp)}</metadata>')
    lines.append('<g id="cut" fill="none" stroke="#FF0000" stroke-width="0.1">')
    for cut in cuts:
        lines.append(f'<path d="{_svg_path(cut, y)}"/>')
    lines.append("</g>")
    lines.append('<g id="registration" fill="#000000" stroke="none">')
    for m in marks:
        lines.append(f'<rect x="{_n(m.x)}" y="{_n(y(m.top))}" width="{_n(m.width)}" '
                     f'height="{_n(m.height)}"/>')
    lines += ["</g>", "</svg>", ""]
    return "\n".join(lines)


def _svg_path(cut: CutPath, y) -> str:
    b = cut.box
    if cut.kind == "circle":
        r = b.width / 2
        cx, cy = b.x + r, y(b.y + b.height / 2)
        return (f"M {_n(cx - r)} {_n(cy)} A {_n(r)} {_n(r)} 0 1 0 {_n(cx + r)} {_n(cy)} "
                f"A {_n(r)} {_n(r)} 0 1 0 {_n(cx - r)} {_n(cy)} Z")
    if cut.kind == "polygon":
        head, *rest = cut.points
        return (f"M {_n(head[0])} {_n(y(head[1]))} "
                + " ".join(f"L {_n(px)} {_n(y(py))}" for px, py in rest) + " Z")
    r, left, right, top, bottom = cut.radius, b.x, b.right, y(b.top), y(b.y)
    return (f"M {_n(left + r)} {_n(top)} L {_n(right - r)} {_n(top)} "
            f"A {_n(r)} {_n(r)} 0 0 1 {_n(right)} {_n(top + r)} L {_n(right)} {_n(bottom - r)} "
            f"A {_n(r)} {_n(r)} 0 0 1 {_n(right - r)} {_n(bottom)} L {_n(left + r)} {_n(bottom)} "
            f"A {_n(r)} {_n(r)} 0 0 1 {_n(left)} {_n(bottom - r)} L {_n(left)} {_n(top + r)} "
            f"A {_n(r)} {_n(r)} 0 0 1 {_n(left + r)} {_n(top)} Z")


def dxf(cuts: list[CutPath], marks: list[Box], stamp: str = "") -> str:
    """An ASCII DXF (R12, mm, y up like the PDF): cuts on layer CUT as LINE, ARC and
    CIRCLE entities, registration marks on layer REGISTRATION as closed outlines; `stamp`
    as a comment (group 999) at the top."""
    entities: list[str] = []
    for cut in cuts:
        entities += _dxf_cut(cut)
    for m in marks:
        corners = [(m.x, m.y), (m.right, m.y), (m.right, m.top), (m.x, m.top)]
        entities += [_line(a, b, "REGISTRATION") for a, b in zip(corners, corners[1:] +
                                                                  corners[:1], strict=True)]
    head = (["999", stamp] if stamp else []) + [
        "0", "SECTION", "2", "HEADER", "9", "$INSUNITS", "70", "4", "0", "ENDSEC",
        "0", "SECTION", "2", "ENTITIES"]
    return "\n".join(head + entities + ["0", "ENDSEC", "0", "EOF", ""])


def _dxf_cut(cut: CutPath) -> list[str]:
    b = cut.box
    if cut.kind == "circle":
        return ["0", "CIRCLE", "8", "CUT", "10", _n(b.x + b.width / 2), "20",
                _n(b.y + b.height / 2), "30", "0", "40", _n(b.width / 2)]
    if cut.kind == "polygon":
        points = list(cut.points)
        return [e for a, c in zip(points, points[1:] + points[:1], strict=True)
                for e in [_line(a, c, "CUT")]]
    r = cut.radius
    out = [_line((b.x + r, b.y), (b.right - r, b.y), "CUT"),
           _line((b.right, b.y + r), (b.right, b.top - r), "CUT"),
           _line((b.right - r, b.top), (b.x + r, b.top), "CUT"),
           _line((b.x, b.top - r), (b.x, b.y + r), "CUT")]
    if r > 0:
        for (cx, cy), start in (((b.right - r, b.y + r), 270), ((b.right - r, b.top - r), 0),
                                ((b.x + r, b.top - r), 90), ((b.x + r, b.y + r), 180)):
            out.append("\n".join(["0", "ARC", "8", "CUT", "10", _n(cx), "20", _n(cy), "30",
                                  "0", "40", _n(r), "50", _n(start), "51",
                                  _n((start + 90) % 360)]))
    return out


def _line(a: Point, b: Point, layer: str) -> str:
    return "\n".join(["0", "LINE", "8", layer, "10", _n(a[0]), "20", _n(a[1]), "30", "0",
                      "11", _n(b[0]), "21", _n(b[1]), "31", "0"])


def _n(value: float) -> str:
    """A number to 0.001 mm, without trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
