"""The duplex calibration sheet: print it double-sided, hold it against a window, read how
far your printer puts the back page off, and pass that to `--offset-x/--offset-y`.

Front: mm rulers along two edges (to check the printer did not scale), crosshairs at five
places and a main scale beside each. Back, mirrored exactly as card backs are: a
graduated cross centred where each front crosshair *should* land, and a vernier beside
it. Where the front's crosshair lines cross the back's scales is the offset to enter —
to 0.1 mm with the vernier. Marks are computed as plain data so tests can measure them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.render.fonts import FontSet
from pnp.render.geometry import Size, paper_size, pt
from pnp.render.marks import stroke_segments
from pnp.render.pdf import pdf_canvas

RULER_FROM = 15.0
RULER_TO = 10.0
FIRST_NUMBER = 20
CROSS_ARM = 8.0
SCALE_HALF = 10
VERNIER_STEP = 0.9


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.3


@dataclass(frozen=True)
class Label:
    x: float
    y: float
    text: str
    size: float = 6.0
    align: str = "center"


def cross_centres(paper: Size) -> list[tuple[float, float]]:
    """Five crosshairs: the centre and one towards each corner."""
    w, h = paper.width, paper.height
    return [(w / 2, h / 2), (w * 0.25, h * 0.25), (w * 0.75, h * 0.25), (w * 0.25, h * 0.75),
            (w * 0.75, h * 0.75)]


def mirror_point(paper: Size, x: float, y: float, flip: str) -> tuple[float, float]:
    """Where a front point is on the back page for a long- or short-edge flip (portrait)."""
    return (paper.width - x, y) if flip == "long" else (x, paper.height - y)


def ruler(paper: Size) -> list[Line | Label]:
    """Millimetre rulers along the bottom and left edges, measured from the paper edge:
    long ticks every 10 mm (numbered), medium every 5, short every 1. Each starts at
    15 mm and is numbered from 20, so the two rulers neither cross nor crowd their
    numbers at the corner they share."""
    marks: list[Line | Label] = []
    base = 7.0
    for mm in range(int(RULER_FROM), int(paper.width - RULER_TO) + 1):
        length = 4.0 if mm % 10 == 0 else 2.5 if mm % 5 == 0 else 1.5
        marks.append(Line(mm, base, mm, base + length, 0.2))
        if mm % 10 == 0 and mm >= FIRST_NUMBER:
            marks.append(Label(mm, base + 5.0, str(mm), 5.0))
    for mm in range(int(RULER_FROM), int(paper.height - RULER_TO) + 1):
        length = 4.0 if mm % 10 == 0 else 2.5 if mm % 5 == 0 else 1.5
        marks.append(Line(base, mm, base + length, mm, 0.2))
        if mm % 10 == 0 and mm >= FIRST_NUMBER:
            marks.append(Label(base + 7.0, mm - 1.0, str(mm), 5.0))
    return marks


Vector = tuple[float, float]


def _mirror_direction(flip: str, v: Vector) -> Vector:
    return (-v[0], v[1]) if flip == "long" else (v[0], -v[1])


def scale_axes(flip: str) -> list[tuple[str, Vector, Vector, Vector]]:
    """For the x and y readings: (axis, front direction, back direction, offset from the
    cross). The vernier reading is the back's displacement along the scale's increasing
    direction; making that direction -x (and -y) on the back page makes the reading the
    correction to enter, already signed."""
    axes = []
    for axis, back, shift in (("x", (-1.0, 0.0), (0.0, 14.0)), ("y", (0.0, -1.0), (14.0, 0.0))):
        axes.append((axis, _mirror_direction(flip, back), back, shift))
    return axes


def _tick(x: float, y: float, direction: Vector, length: float, width: float) -> Line:
    """A tick across a scale running along `direction`, starting on the scale line."""
    nx, ny = abs(direction[1]), abs(direction[0])
    return Line(x, y, x + nx * length, y + ny * length, width)


def front_marks(paper: Size, flip: str = "long") -> list[Line | Label]:
    """Rulers, crosshairs, and beside each cross a main scale of 1 mm ticks, -10 to +10."""
    marks = ruler(paper)
    for cx, cy in cross_centres(paper):
        marks += [Line(cx - CROSS_ARM, cy, cx + CROSS_ARM, cy, 0.25),
                  Line(cx, cy - CROSS_ARM, cx, cy + CROSS_ARM, 0.25)]
        for _, d, _, (sx, sy) in scale_axes(flip):
            for k in range(-SCALE_HALF, SCALE_HALF + 1):
                x, y = cx + sx + k * d[0], cy + sy + k * d[1]
                marks.append(_tick(x, y, d, 2.2 if k % 5 == 0 else 1.2, 0.15))
    return marks


def back_marks(paper: Size, flip: str) -> list[Line | Label]:
    """At each mirrored cross: a graduated cross whose numbers are the offset to enter
    (mm, in this page's directions), and verniers (10 steps over 9 mm) for the tenths."""
    marks: list[Line | Label] = []
    for fx, fy in cross_centres(paper):
        cx, cy = mirror_point(paper, fx, fy, flip)
        marks += _graduated_cross(cx, cy)
        for _, _, d, (sx, sy) in scale_axes(flip):
            zx, zy = mirror_point(paper, fx + sx, fy + sy, flip)
            for j in range(11):
                x, y = zx + j * VERNIER_STEP * d[0], zy + j * VERNIER_STEP * d[1]
                marks.append(_tick(x, y, d, -2.2 if j in (0, 10) else -1.4, 0.15))
    return marks


def _graduated_cross(cx: float, cy: float) -> list[Line | Label]:
    """Ticks every mm along both arms, numbered every 5. The numbers go round the cross
    like a pinwheel — x numbers above the left arm and below the right one, y numbers
    right of the upper arm and left of the lower one — so no two share a quadrant and
    none overlaps (the -5 of one arm used to sit on the -5 of the other)."""
    marks: list[Line | Label] = []
    for k in range(-SCALE_HALF, SCALE_HALF + 1):
        tall = 2.5 if k % 5 == 0 else 1.2
        marks.append(Line(cx + k, cy - tall / 2, cx + k, cy + tall / 2, 0.15))
        marks.append(Line(cx - tall / 2, cy + k, cx + tall / 2, cy + k, 0.15))
        if k % 5 == 0 and k:
            x_at = cy + 2.2 if k < 0 else cy - 3.8
            marks.append(Label(cx + k, x_at, f"{k:+d}", 4.5))
            y_align, y_x = ("left", cx + 2.2) if k > 0 else ("right", cx - 2.2)
            marks.append(Label(y_x, cy + k - 0.8, f"{k:+d}", 4.5, y_align))
    return marks


INSTRUCTIONS = [
    "1. Print this file double-sided at 100 % (actual size), flipping on the {edge} edge.",
    "2. Check the printer did not scale: the ruler must match a real ruler.",
    "3. Hold the sheet against a window and look at the back page.",
    "4. Where the front's cross lines meet the back's graduated cross, read the whole",
    "   millimetres; the back's vernier tick that lines up with a front tick gives the",
    "   tenths (read it like a caliper: the front scale is the main scale).",
    "5. Use them: pnp build --offset-x X --offset-y Y,",
    "   or save them once: pnp printer save NAME --offset-x X --offset-y Y --backs {mode}",
    "   X and Y are in this portrait page's directions (+X right, +Y up); landscape card",
    "   sheets get them turned for you: (X, Y) becomes (Y, -X) on the landscape page.",
]


def render_calibration(path: Path, paper_name: str, flip: str, fonts: FontSet) -> int:
    """Write the two-page sheet; returns the page count."""
    paper = paper_size(paper_name)
    mode = "duplex-long" if flip == "long" else "duplex-short"
    with pdf_canvas(path, paper, "Duplex calibration", f"{paper_name}, {mode}", fonts) as c:
        lines = [t.format(edge=flip, mode=mode) for t in INSTRUCTIONS]
        _page(c, paper, fonts, front_marks(paper, flip), "FRONT", lines)
        _page(c, paper, fonts, back_marks(paper, flip), "BACK", [
            "Read here, with the front's crosses showing through. Numbers are millimetres,",
            "in this page's directions held upright: +X moves the backs right, +Y moves them",
            "up. Landscape sheets: the build turns the offsets, (X, Y) becomes (Y, -X)."])
    return 2


def _page(c, paper: Size, fonts: FontSet, marks, title: str, lines: list[str],
) -> None:
    c.setFont(fonts.name("bold"), 12)
    top = paper.height - 15
    c.drawString(pt(20), pt(top), f"majority-pnp duplex calibration · {title}")
    c.setFont(fonts.regular, 7.5)
    for i, line in enumerate(lines):
        c.drawString(pt(20), pt(top - 6 - i * 3.6), line)
    widths: dict[float, list[tuple[float, float, float, float]]] = {}
    for mark in marks:
        if isinstance(mark, Line):
            widths.setdefault(mark.width, []).append((mark.x1, mark.y1, mark.x2, mark.y2))
    for width, segments in sorted(widths.items()):
        stroke_segments(c, segments, grey=0.0, width=width)
    for mark in marks:
        if isinstance(mark, Label):
            c.setFont(fonts.regular, mark.size)
            draw = {"right": c.drawRightString, "left": c.drawString}.get(
                mark.align, c.drawCentredString)
            draw(pt(mark.x), pt(mark.y), mark.text)
    c.showPage()
