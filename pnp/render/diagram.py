"""Vector diagrams for rule sheets, drawn from data (`templates/diagrams/<NAME>.json`).

The renderer knows shapes, not games: boxes and cards with labels, free text, lines and
arrows, circles and dice with pips. What a diagram shows (a vote, a play area, a stack of
cards) lives in the data file, so fixing an example never touches code. Everything is
drawn as paths and text — no bitmaps — so diagrams stay sharp and tiny in the PDF.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path

from pnp.content.jsonfile import child_path
from pnp.content.sources import load_source
from pnp.errors import DataError, FitError, Location, Problem
from pnp.render.draw import PIP_LAYOUTS
from pnp.render.fonts import FontSet, face_label, missing_glyphs
from pnp.render.geometry import pt
from pnp.render.textfit import FittedText, fit_text

KIND = "diagram"
_TEXT_DEFAULTS = {"font": "regular", "size": 8.0, "colour": "#1A1A1A", "align": "center",
                  "valign": "middle"}
_ARROW_LENGTH = 2.4  # mm
_ARROW_HALF_WIDTH = 1.1  # mm


@dataclass(frozen=True)
class Shape:
    """One element of a diagram with its raw properties and where it was written."""

    kind: str
    props: dict
    where: Location


@dataclass(frozen=True)
class Diagram:
    """A diagram's size (mm) and shapes in drawing order."""

    name: str
    width: float
    height: float
    shapes: tuple[Shape, ...]


def load_diagram(path: Path) -> Diagram:
    """The diagram in `path`, schema-checked; DataError with file, line and JSON path."""
    doc = load_source(path, KIND)
    value = doc.value
    shapes = []
    for i, props in enumerate(value["elements"]):
        json_path = child_path("$.elements", i)
        where = doc.location(json_path)
        shapes.append(Shape(props["kind"], props, where))
    diagram = Diagram(path.stem, float(value["width"]), float(value["height"]), tuple(shapes))
    outside = [s.where.problem(f"{s.kind} reaches outside the {diagram.width:g} × "
                               f"{diagram.height:g} mm diagram")
               for s in diagram.shapes if not _inside(s, diagram)]
    if outside:
        raise DataError(outside)
    return diagram


def _bounds(shape: Shape) -> tuple[float, float, float, float]:
    p = shape.props
    if shape.kind == "line":
        xs, ys = [q[0] for q in p["points"]], [q[1] for q in p["points"]]
        return min(xs), min(ys), max(xs), max(ys)
    if shape.kind == "circle":
        return p["x"] - p["r"], p["y"] - p["r"], p["x"] + p["r"], p["y"] + p["r"]
    if shape.kind == "die":
        return p["x"], p["y"], p["x"] + p["size"], p["y"] + p["size"]
    return p["x"], p["y"], p["x"] + p["width"], p["y"] + p["height"]


def _inside(shape: Shape, diagram: Diagram) -> bool:
    left, top, right, bottom = _bounds(shape)
    eps = 1e-6
    return left >= -eps and top >= -eps and right <= diagram.width + eps \
        and bottom <= diagram.height + eps


def diagram_problems(diagram: Diagram, fonts: FontSet) -> list[Problem]:
    """Every label that does not fit its shape or uses a character the font lacks."""
    problems = []
    for shape in diagram.shapes:
        if shape.props.get("text"):
            try:
                _fitted_label(shape, fonts)
            except FitError as exc:
                problems += exc.problems
    return problems


def _label_area(shape: Shape) -> tuple[float, float]:
    """Width and height (points) available to a shape's label."""
    p = shape.props
    if shape.kind == "circle":
        side = p["r"] * math.sqrt(2)
        return pt(side), pt(side)
    pad = p.get("padding", 1.0 if shape.kind == "box" else 0.0)
    return pt(p["width"] - 2 * pad), pt(p["height"] - 2 * pad)


def _fitted_label(shape: Shape, fonts: FontSet) -> FittedText:
    opts = {**_TEXT_DEFAULTS, **shape.props}
    text, font = opts["text"], fonts.name(opts["font"])
    missing = missing_glyphs(text, font)
    if missing:
        shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing)
        raise FitError(shape.where.problem(f"label {text!r} has character(s) "
                                           f"{face_label(font)} lacks: {shown}"))
    size = float(opts["size"])
    min_size = float(opts.get("min_size", max(5.0, size * 0.75)))
    width, height = _label_area(shape)
    fitted = fit_text(text, font, width, height, size, min_size, True)
    if fitted is None:
        raise FitError(shape.where.problem(f"label {text!r} does not fit its {shape.kind} "
                                           f"even at {min_size:g} pt"))
    return fitted


class _Pen:
    """Draws shapes on a canvas whose origin is the diagram's bottom-left corner."""

    def __init__(self, c, diagram: Diagram, fonts: FontSet):
        self.c, self.fonts, self.height = c, fonts, pt(diagram.height)

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return pt(x), self.height - pt(y)

    def paint(self, props: dict, default_stroke: str | None) -> tuple[int, int]:
        from reportlab.lib.colors import HexColor

        fill = props.get("fill", "none")
        stroke = props.get("stroke", default_stroke) or "none"
        if fill != "none":
            self.c.setFillColor(HexColor(fill))
        if stroke != "none":
            self.c.setStrokeColor(HexColor(stroke))
            self.c.setLineWidth(float(props.get("stroke_width", 0.8)))
            self.c.setDash(props.get("dash") or [])
        return int(fill != "none"), int(stroke != "none")

    def box(self, shape: Shape) -> None:
        p = shape.props
        fill, stroke = self.paint(p, "#1A1A1A")
        x, top = self.xy(p["x"], p["y"])
        w, h = pt(p["width"]), pt(p["height"])
        if fill or stroke:
            radius = pt(p.get("radius", 0))
            if radius:
                self.c.roundRect(x, top - h, w, h, radius, stroke=stroke, fill=fill)
            else:
                self.c.rect(x, top - h, w, h, stroke=stroke, fill=fill)
        self.label(shape)

    def text(self, shape: Shape) -> None:
        self.label(shape)

    def circle(self, shape: Shape) -> None:
        p = shape.props
        fill, stroke = self.paint(p, "#1A1A1A")
        cx, cy = self.xy(p["x"], p["y"])
        if fill or stroke:
            self.c.circle(cx, cy, pt(p["r"]), stroke=stroke, fill=fill)
        self.label(shape)

    def die(self, shape: Shape) -> None:
        from reportlab.lib.colors import HexColor

        p = shape.props
        fill, stroke = self.paint({"fill": "#FFFFFF", **p}, "#1A1A1A")
        x, top = self.xy(p["x"], p["y"])
        side = pt(p["size"])
        self.c.roundRect(x, top - side, side, side, side * 0.16, stroke=stroke, fill=fill)
        self.c.setFillColor(HexColor(p.get("pips", "#1A1A1A")))
        cell = side / 3.6
        for col, row in PIP_LAYOUTS[p["value"]]:
            cx = x + side / 2 + (col - 1) * cell
            cy = top - side / 2 - (row - 1) * cell
            self.c.circle(cx, cy, side * 0.085, stroke=0, fill=1)

    def line(self, shape: Shape) -> None:
        p = shape.props
        _, stroke = self.paint({"stroke": "#1A1A1A", **p, "fill": "none"}, "#1A1A1A")
        if not stroke:
            return
        points = [self.xy(x, y) for x, y in p["points"]]
        path = self.c.beginPath()
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        self.c.drawPath(path, stroke=1, fill=0)
        arrow = p.get("arrow", "none")
        if arrow in ("end", "both"):
            self.arrowhead(points[-2], points[-1], p)
        if arrow in ("start", "both"):
            self.arrowhead(points[1], points[0], p)

    def arrowhead(self, tail: tuple[float, float], tip: tuple[float, float], props) -> None:
        from reportlab.lib.colors import HexColor

        angle = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
        length, half = pt(_ARROW_LENGTH), pt(_ARROW_HALF_WIDTH)
        back = (tip[0] - length * math.cos(angle), tip[1] - length * math.sin(angle))
        nx, ny = -math.sin(angle) * half, math.cos(angle) * half
        self.c.setFillColor(HexColor(props.get("stroke", "#1A1A1A")))
        self.c.setDash([])
        path = self.c.beginPath()
        path.moveTo(*tip)
        path.lineTo(back[0] + nx, back[1] + ny)
        path.lineTo(back[0] - nx, back[1] - ny)
        path.close()
        self.c.drawPath(path, stroke=0, fill=1)

    def label(self, shape: Shape) -> None:
        from reportlab.lib.colors import HexColor
        from reportlab.pdfbase.pdfmetrics import getAscentDescent

        if not shape.props.get("text"):
            return
        opts = {**_TEXT_DEFAULTS, **shape.props}
        fitted = _fitted_label(shape, self.fonts)
        font = self.fonts.name(opts["font"])
        left, top, width, height = self._label_box(shape)
        ascent, descent = getAscentDescent(font, fitted.size)
        block = ascent - descent + (len(fitted.lines) - 1) * fitted.leading
        offset = {"top": 0, "middle": (height - block) / 2, "bottom": height - block}
        first = top - offset[opts.get("valign", "middle")] - ascent
        self.c.setFillColor(HexColor(opts["colour"]))
        self.c.setFont(font, fitted.size)
        for i, text in enumerate(fitted.lines):
            y = first - i * fitted.leading
            if opts["align"] == "left":
                self.c.drawString(left, y, text)
            elif opts["align"] == "right":
                self.c.drawRightString(left + width, y, text)
            else:
                self.c.drawCentredString(left + width / 2, y, text)

    def _label_box(self, shape: Shape) -> tuple[float, float, float, float]:
        p = shape.props
        width, height = _label_area(shape)
        if shape.kind == "circle":
            cx, cy = self.xy(p["x"], p["y"])
            return cx - width / 2, cy + height / 2, width, height
        pad = (pt(p["width"]) - width) / 2
        x, top = self.xy(p["x"], p["y"])
        return x + pad, top - pad, width, height


def draw_diagram(c, diagram: Diagram, fonts: FontSet) -> None:
    """Draw every shape with the canvas origin at the diagram's bottom-left corner."""
    pen = _Pen(c, diagram, fonts)
    c.saveState()
    for shape in diagram.shapes:
        getattr(pen, shape.kind)(shape)
    c.restoreState()


def diagram_flowable(diagram: Diagram, fonts: FontSet, caption=None, min_scale: float = 0.8):
    """A platypus flowable: the diagram centred in the column with `caption` (a Paragraph)
    under it. It is scaled down to the column width, and by up to `min_scale` more when
    that lets it finish the current page instead of leaving a hole before it."""
    from reportlab.platypus import Flowable

    width, height = pt(diagram.width), pt(diagram.height)
    gap = 3.0

    class DiagramFlowable(Flowable):
        def __init__(self):
            super().__init__()
            self.scale, self.frame_width, self.caption_height = 1.0, width, 0.0

        def wrap(self, avail_width, avail_height):
            self.frame_width = avail_width
            self.caption_height = caption.wrap(avail_width, avail_height)[1] + gap \
                if caption is not None else 0.0
            full = min(1.0, avail_width / width)
            squeezed = (avail_height - self.caption_height) / height
            self.scale = full if squeezed >= full or squeezed < full * min_scale else squeezed
            return avail_width, height * self.scale + self.caption_height

        def draw(self):
            c = self.canv
            c.saveState()
            c.translate((self.frame_width - width * self.scale) / 2, self.caption_height)
            c.scale(self.scale, self.scale)
            draw_diagram(c, diagram, fonts)
            c.restoreState()
            if caption is not None:
                caption.drawOn(c, 0, 0)

    return DiagramFlowable()


MAX_NAME = 100
"""Longest diagram name (and language code) looked up on disk."""


class DiagramLibrary:
    """Diagrams by name from one or more folders; the first folder holding a name wins,
    so a user's templates folder can override a single shipped diagram. A diagram whose
    labels are translated is a sibling file `<NAME>.<lang>.json`, preferred for texts in
    that language."""

    def __init__(self, folders: list[Path]):
        self.folders = [f for f in folders if f.is_dir()]
        self._cache: dict[Path, Diagram] = {}

    def names(self) -> list[str]:
        return sorted({p.name.split(".")[0] for f in self.folders for p in f.glob("*.json")})

    def path(self, name: str, language: str | None = None) -> Path | None:
        if len(name) > MAX_NAME or (language and len(language) > MAX_NAME):
            return None  # no such file can exist (the OS refuses names over 255 bytes)
        files = ([f"{name}.{language}.json"] if language else []) + [f"{name}.json"]
        # A name that leads nowhere (a broken or looping symlink, a folder) is that
        # folder's file too, refused by load_diagram naming it: the shipped diagram
        # was drawn instead without a word (as for layouts).
        return next((folder / file for file in files for folder in self.folders
                     if os.path.lexists(folder / file)), None)

    def get(self, name: str, language: str | None = None) -> Diagram | None:
        """The diagram called `name` (in `language` if translated), loaded once; None if
        no folder has it."""
        path = self.path(name, language)
        if path is None:
            return None
        if path not in self._cache:
            self._cache[path] = load_diagram(path)
        return self._cache[path]
