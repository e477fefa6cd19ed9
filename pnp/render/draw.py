"""Draw one card face from its layout: each box kind has one small drawing function.

A face is drawn in its slot's coordinate system (mm converted with `pt`), optionally
turned 180° for backs that are mirrored top-to-bottom. Text is fitted before it is drawn;
a text that does not fit raises FitError naming the card, never overflows silently.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from pnp.content.wordlist import SOFT_HYPHEN
from pnp.errors import FitError, Location, Problem
from pnp.render.fonts import FontSet, require_glyphs, string_width
from pnp.render.geometry import Box, pt
from pnp.render.images import ImageSettings
from pnp.render.layout import (
    Layout,
    LayoutBox,
    fill_placeholders,
    has_placeholder,
    placeholder_names,
)
from pnp.render.symbols import polygons, symbol_names
from pnp.render.textfit import FittedText, fit_text

_DEFAULT_TEXT = {"font": "regular", "size": 12.0, "align": "center", "valign": "middle",
                 "wrap": False, "colour": "#000000"}


@dataclass(frozen=True)
class FaceContext:
    """What drawing a face needs beyond the layout: fonts, options, and who it is for."""

    fonts: FontSet
    ink_saver: bool
    bleed: float
    label: str
    source: Location | None
    images: ImageSettings = ImageSettings()
    shared: frozenset[str] = frozenset()  # the face's fields that hold the kit's words


@dataclass(frozen=True)
class _PreparedBox:
    """A layout box with the ink-saver overrides applied, and whether it varies by card
    (a static box may still show shared fields: the kit's words)."""

    box: LayoutBox
    props: dict
    dynamic: bool
    field_keys: tuple[str, ...]
    shared_names: tuple[str, ...] = ()


def _prepared(layout: Layout, ink_saver: bool, shared: frozenset[str] = frozenset()):
    """The layout's boxes and static runs for one ink mode and set of shared fields,
    worked out once per layout (a deck draws the same layout hundreds of times)."""
    cache = layout.__dict__.setdefault("_prepared", {})
    if (ink_saver, shared) not in cache:
        boxes = tuple(_prepare(b, _with_ink_saver(b, ink_saver), shared)
                      for b in layout.boxes)
        cache[ink_saver, shared] = (boxes, _static_runs(boxes))
    return cache[ink_saver, shared]


def _prepare(box: LayoutBox, props: dict, shared: frozenset[str]) -> _PreparedBox:
    names = placeholder_names(props)
    static = "if" not in props and names <= shared
    return _PreparedBox(box, props, not static,
                        tuple(k for k, v in props.items() if has_placeholder(v)),
                        tuple(sorted(names)) if static else ())


def _with_ink_saver(box: LayoutBox, ink_saver: bool) -> dict:
    props = dict(box.props)
    if ink_saver and "ink_saver" in props:
        props.update(props["ink_saver"])
    props.pop("ink_saver", None)
    return props


def _static_runs(boxes: tuple[_PreparedBox, ...]) -> dict[int, int]:
    """Start -> end index of each run of consecutive boxes that look the same on every
    card (no field but shared ones, no condition). Each run is drawn once per PDF as a
    form and placed by reference: a deck of 206 cards then carries its frames and titles
    once, not 206 times."""
    runs, start = {}, None
    for i, prepared in enumerate(boxes):
        if not prepared.dynamic:
            start = i if start is None else start
        elif start is not None:
            runs[start], start = i, None
    if start is not None:
        runs[start] = len(boxes)
    return runs


def _resolve(prepared: _PreparedBox, fields: dict, layout: str) -> dict | None:
    """The props to draw with, or None when the box's `if` hides it on this card (then
    its placeholders need no field: an art box reads `{art}` only on cards with art)."""
    if not prepared.dynamic and not prepared.shared_names:
        return prepared.props
    props = dict(prepared.props)
    if not _visible(props.pop("if", None), fields):
        return None
    for key in prepared.field_keys:
        props[key] = fill_placeholders(props[key], fields, prepared.box, layout)
    return props


def resolved_boxes(layout: Layout, fields: dict, ctx: FaceContext, start: int = 0,
                   end: int | None = None):
    """(box, props) for each box to draw: ink-saver overrides applied, placeholders filled,
    boxes whose `if` field is false left out."""
    boxes, _ = _prepared(layout, ctx.ink_saver, ctx.shared)
    for prepared in boxes[start:end]:
        props = _resolve(prepared, fields, layout.name)
        if props is not None:
            yield prepared.box, props


def _visible(condition: str | None, fields: dict) -> bool:
    if not condition:
        return True
    negate = condition.startswith("!")
    value = bool(fields.get(condition.lstrip("!")))
    return value != negate


class FormCache:
    """Named form XObjects of one PDF: drawn on first use, referenced ever after."""

    def __init__(self, c, bleed: float):
        self.c = c
        self.bleed = bleed
        self.names: dict[tuple, str] = {}

    def place(self, key: tuple, width: float, height: float, draw: Callable[[], None],
              grow: float | None = None) -> None:
        """Place the form `key` (a `width` × `height` mm area, grown by the bleed unless
        `grow` says otherwise) at the current origin, defining it with `draw` if new."""
        if key not in self.names:
            name = f"Form{len(self.names) + 1}"
            g = self.bleed if grow is None else grow
            self.c.beginForm(name, pt(-g), pt(-g), pt(width + g), pt(height + g))
            draw()
            self.c.endForm()
            self.names[key] = name
        self.c.doForm(self.names[key])


def enter_slot(c, slot: Box, rotation: int = 0) -> None:
    """Move the origin to the slot's bottom-left trim corner; turned 180° about the slot's
    centre for backs mirrored top-to-bottom. Callers save and restore the state."""
    c.translate(pt(slot.x), pt(slot.y))
    if rotation == 180:
        c.translate(pt(slot.width), pt(slot.height))
        c.rotate(180)


def draw_face(c, layout: Layout, fields: dict, slot: Box, ctx: FaceContext,
              rotation: int = 0, forms: FormCache | None = None) -> None:
    """Draw the face into `slot` (its trim box on the page); static runs via `forms`."""
    c.saveState()
    enter_slot(c, slot, rotation)
    boxes, runs = _prepared(layout, ctx.ink_saver, ctx.shared)
    index = 0
    while index < len(boxes):
        end = runs.get(index) if forms else None
        if end:
            key = (layout.name, index) + _shared_values(boxes[index:end], fields)
            forms.place(key, slot.width, slot.height,
                        lambda s=index, e=end: _draw_boxes(c, layout, fields, ctx, s, e))
            index = end
        else:
            _draw_boxes(c, layout, fields, ctx, index, index + 1)
            index += 1
    c.restoreState()


def _shared_values(boxes: tuple[_PreparedBox, ...], fields: dict) -> tuple:
    """What a run's shared fields say on this card: part of its form's name, so a file
    whose cards said two things (two languages) would get a form for each."""
    return tuple((name, str(fields.get(name))) for b in boxes for name in b.shared_names)


def _draw_boxes(c, layout: Layout, fields: dict, ctx: FaceContext, start: int,
                end: int) -> None:
    for box, props in resolved_boxes(layout, fields, ctx, start, end):
        DRAWERS[box.kind](c, box, props, ctx)


def text_fits(layout: Layout, fields: dict, ctx: FaceContext) -> list[Problem]:
    """Every text of the face that cannot be drawn (too long, missing glyph), not drawn.
    Texts that are the same on every card are checked once per layout."""
    boxes, _ = _prepared(layout, ctx.ink_saver, ctx.shared)
    checked = layout.__dict__.setdefault("_static_checked", set())
    problems = []
    for index, prepared in enumerate(boxes):
        if prepared.box.kind != "text":
            continue
        if not prepared.dynamic:
            key = (index, ctx.ink_saver, ctx.fonts.regular,
                   _shared_values((prepared,), fields))
            if key in checked:
                continue
            checked.add(key)
        props = _resolve(prepared, fields, layout.name)
        if props is not None:
            box = prepared.box
            try:
                fitted_text(box, props, ctx)
            except FitError as exc:
                problems += exc.problems
    return problems


def image_checks(layout: Layout, fields: dict, ctx: FaceContext):
    """(problems, uses) for every image the face shows: files missing or unusable, and
    each placed image's effective resolution, without drawing."""
    from pnp.render.pictures import image_check

    problems, uses = [], []
    if not any(b.kind == "image" for b in layout.boxes):
        return problems, uses
    where = ctx.source or Location(layout.name)
    for box, props in resolved_boxes(layout, fields, ctx):
        if box.kind == "image":
            found, use = image_check(box, props, ctx.bleed, ctx.label, where)
            problems += found
            uses += [use] if use else []
    return problems, uses


def fitted_texts(layout: Layout, fields: dict, ctx: FaceContext):
    """(box, text, fitted, largest size) for every text the face shows, as drawn."""
    for box, props in resolved_boxes(layout, fields, ctx):
        if box.kind == "text":
            opts = {**_DEFAULT_TEXT, **props}
            yield box, str(opts.get("text", "")), fitted_text(box, props, ctx), \
                float(opts["size"])


def fitted_text(box: LayoutBox, props: dict, ctx: FaceContext) -> FittedText:
    opts = {**_DEFAULT_TEXT, **props}
    text = str(opts.get("text", ""))
    font = ctx.fonts.name(opts["font"])
    where = ctx.source or box.where
    require_glyphs(text.replace(SOFT_HYPHEN, ""), font, where, ctx.label)
    width, height = _text_area(box, opts)
    fitted = _fit(text, font, width, height, float(opts["size"]),
                  float(opts.get("min_size", opts["size"])), bool(opts["wrap"]),
                  opts.get("max_lines"))
    if fitted is None:
        raise FitError(where.problem(
            f"{ctx.label}: {text!r} does not fit the {box.name!r} box "
            f"({box.width:g} × {box.height:g} mm{_of_layout(box, ctx)}) even at "
            f"{opts.get('min_size', opts['size']):g} pt{_soft_hyphen_hint(text, opts)}"))
    return fitted


def _soft_hyphen_hint(text: str, opts: dict) -> str:
    """A long word in a box that wraps can be given places to break: say how."""
    if not opts["wrap"] or SOFT_HYPHEN in text or not text.strip():
        return ""
    return ("; a long word may carry soft hyphens (U+00AD, \\u00ad in JSON) where it may "
            "break with a hyphen")


def _of_layout(box: LayoutBox, ctx: FaceContext) -> str:
    """When the error is located at the data that gave the text, the layout box comes
    second: its file and line, so the user can choose between a shorter text and a
    larger box."""
    if ctx.source is None:
        return ""
    line = f":{box.where.line}" if box.where.line else ""
    return f"; layout {box.where.file}{line} {box.where.path or ''}".rstrip()


def _text_area(box: LayoutBox, opts: dict) -> tuple[float, float]:
    if opts.get("rotate") in (90, 270):
        return pt(box.height), pt(box.width)
    return pt(box.width), pt(box.height)


@lru_cache(maxsize=8192)
def _fit(text, font, width, height, size, min_size, wrap, max_lines):
    return fit_text(text, font, width, height, size, min_size, wrap, max_lines)


@lru_cache(maxsize=256)
def _colour(value: Any):
    """A reportlab colour for `#RRGGBB` (parsed once per distinct value), None for none."""
    from reportlab.lib.colors import HexColor

    if value in (None, "none", ""):
        return None
    return HexColor(value)


@lru_cache(maxsize=1024)
def _ascent_descent(font: str, size: float) -> tuple[float, float]:
    from reportlab.pdfbase.pdfmetrics import getAscentDescent

    return getAscentDescent(font, size)


def _paint(c, props: dict, fill_key: str = "fill") -> tuple[bool, bool]:
    fill, stroke = _colour(props.get(fill_key)), _colour(props.get("stroke"))
    if fill is not None:
        c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(float(props.get("stroke_width", 0.6)))
        c.setDash(props.get("dash") or [])
    return fill is not None, stroke is not None


def _outer(box: LayoutBox, props: dict, ctx: FaceContext) -> tuple[float, ...]:
    grow = ctx.bleed if props.get("bleed") else 0.0
    return (pt(box.x - grow), pt(box.y - grow), pt(box.width + 2 * grow),
            pt(box.height + 2 * grow))


def draw_rect(c, box: LayoutBox, props: dict, ctx: FaceContext) -> None:
    fill, stroke = _paint(c, props)
    if not (fill or stroke):
        return
    x, y, w, h = _outer(box, props, ctx)
    radius = pt(float(props.get("radius", 0)))
    if radius and not props.get("bleed"):
        c.roundRect(x, y, w, h, radius, stroke=int(stroke), fill=int(fill))
    else:
        c.rect(x, y, w, h, stroke=int(stroke), fill=int(fill))


def draw_ellipse(c, box: LayoutBox, props: dict, ctx: FaceContext) -> None:
    fill, stroke = _paint(c, props)
    x, y, w, h = _outer(box, props, ctx)
    if fill or stroke:
        c.ellipse(x, y, x + w, y + h, stroke=int(stroke), fill=int(fill))


def draw_text(c, box: LayoutBox, props: dict, ctx: FaceContext) -> None:
    fitted = fitted_text(box, props, ctx)
    opts = {**_DEFAULT_TEXT, **props}
    font = ctx.fonts.name(opts["font"])
    colour = _colour(opts["colour"])
    if colour is None:
        return
    rotate = opts.get("rotate", 0)
    width, height = _text_area(box, opts)
    ascent, descent = _ascent_descent(font, fitted.size)
    block = ascent - descent + (len(fitted.lines) - 1) * fitted.leading
    top = {"top": height, "middle": (height + block) / 2, "bottom": block}[opts["valign"]]
    # Unrotated text is placed in card coordinates directly (no extra transform per box).
    left, bottom = (0.0, 0.0) if rotate else (pt(box.x), pt(box.y))
    if rotate:
        c.saveState()
        _rotate_into(c, box, rotate)
    c.setFillColor(colour)
    c.setFont(font, fitted.size)
    share = {"left": 0.0, "right": 1.0}.get(opts["align"], 0.5)
    for i, line in enumerate(fitted.lines):
        x = left + share * (width - string_width(line, font, fitted.size))
        draw_string(c, round(x, 2), round(bottom + top - ascent - i * fitted.leading, 2),
                    line)
    if rotate:
        c.restoreState()


def draw_string(c, x: float, y: float, text: str) -> None:
    """`c.drawString(x, y, text)`, the same bytes into the page, without its detours for
    pnp's own case, a TrueType font and no right-to-left text: reportlab's version makes
    a text object and measures the string's width, which it then does not use. Card
    texts are most of what a deck draws (thousands in a full build, and the kit draws
    them again). Anything else is left to reportlab."""
    get_font, textobject = _text_modules()
    font = get_font(c._fontname)
    if textobject.rtlSupport or not font._dynamicFont or not c.bottomup \
            or not isinstance(text, str):
        c.drawString(x, y, text)
        return
    fp_str, doc = textobject.fp_str, c._doc
    size_and_leading = f"{fp_str(c._fontsize)} Tf {fp_str(c._leading)} TL"
    ops, current = [], -1
    for subset, part in font.splitString(text, doc):
        if subset != current:  # the font's subset (256 glyphs each) named where it changes
            ops.append(f"{font.getSubsetInternalName(subset, doc)} {size_and_leading}")
            current = subset
        ops.append(f"({c._escape(part)}) Tj")
    c._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {' '.join(ops)} T* ET")


@cache
def _text_modules():
    from reportlab.pdfbase.pdfmetrics import getFont
    from reportlab.pdfgen import textobject

    return getFont, textobject


def _rotate_into(c, box: LayoutBox, rotate: int) -> None:
    """Move the origin to the box's corner so that the (rotated) text area starts at 0,0."""
    x, y, w, h = pt(box.x), pt(box.y), pt(box.width), pt(box.height)
    if rotate == 180:
        c.translate(x + w, y + h)
    elif rotate == 90:
        c.translate(x + w, y)
    elif rotate == 270:
        c.translate(x, y + h)
    else:
        c.translate(x, y)
    if rotate:
        c.rotate(rotate)


def draw_symbol(c, box: LayoutBox, props: dict, ctx: FaceContext) -> None:
    name = str(props.get("symbol", ""))
    if name not in symbol_names():
        where = ctx.source or box.where
        raise FitError(where.problem(f"{ctx.label}: unknown symbol {name!r}; known: "
                                     f"{', '.join(symbol_names())}"))
    count = int(float(props.get("count", 1)))
    if count <= 0:
        return
    fill, stroke = _paint(c, {**props, "fill": props.get("fill", props.get("colour"))})
    spacing = pt(float(props.get("spacing", 0.5)))
    w, h = pt(box.width), pt(box.height)
    size = min(h, (w - spacing * (count - 1)) / count)
    start = pt(box.x) + (w - (size * count + spacing * (count - 1))) / 2
    cy = pt(box.y) + h / 2
    for i in range(count):
        cx = start + size / 2 + i * (size + spacing)
        _draw_polygons(c, name, cx, cy, size / 2, int(props.get("rotate", 0)), fill, stroke)


def _draw_polygons(c, name: str, cx: float, cy: float, radius: float, rotate: int,
                   fill: bool, stroke: bool) -> None:
    from reportlab.pdfgen.canvas import FILL_EVEN_ODD

    c.saveState()
    c.translate(cx, cy)
    if rotate:
        c.rotate(-rotate)
    c.drawPath(_symbol_path(name, radius), fill=int(fill), stroke=int(stroke),
               fillMode=FILL_EVEN_ODD)
    c.restoreState()


@lru_cache(maxsize=256)
def _symbol_path(name: str, radius: float):
    """The symbol's outline at `radius` about the origin, as the path reportlab draws:
    made once per symbol and size (the path is the same on every card, it is placed by
    the translation before it), not point by point for each of 600 symbols a build
    draws (22,000 points). Read only: drawing a path does not change it."""
    from reportlab.pdfgen.pathobject import PDFPathObject

    path = PDFPathObject()
    for polygon in polygons(name):
        path.moveTo(polygon[0][0] * radius, polygon[0][1] * radius)
        for x, y in polygon[1:]:
            path.lineTo(x * radius, y * radius)
        path.close()
    return PDFPathObject(code=[path.getCode()])


def draw_line(c, box: LayoutBox, props: dict, ctx: FaceContext) -> None:
    _, stroke = _paint(c, {"stroke": "#000000", **props})
    if stroke:
        c.line(pt(box.x), pt(box.y), pt(box.x + box.width), pt(box.y + box.height))


def draw_lines(c, box: LayoutBox, props: dict, ctx: FaceContext) -> None:
    """Evenly spaced horizontal write-in lines filling the box."""
    _, stroke = _paint(c, {"stroke": "#9E9E9E", **props})
    count = int(float(props.get("count", 5)))
    if not stroke or count <= 0:
        return
    step = box.height / count
    for i in range(count):
        y = box.y + i * step
        c.line(pt(box.x), pt(y), pt(box.x + box.width), pt(y))


# Pip centres on a 3 × 3 grid (col, row from top-left), the standard die faces.
PIP_LAYOUTS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def draw_pips(c, box: LayoutBox, props: dict, ctx: FaceContext) -> None:
    value = int(float(props.get("value", 0)))
    fill, _ = _paint(c, {"fill": props.get("colour", "#000000")})
    if value not in PIP_LAYOUTS or not fill:
        return
    side = min(box.width, box.height)
    cell = side / 3
    left = box.x + (box.width - side) / 2
    top = box.y + (box.height + side) / 2
    r = pt(cell * float(props.get("size", 0.32)))
    for col, row in PIP_LAYOUTS[value]:
        cx, cy = pt(left + (col + 0.5) * cell), pt(top - (row + 0.5) * cell)
        c.circle(cx, cy, r, stroke=0, fill=1)


def draw_image(c, box: LayoutBox, props: dict, ctx: FaceContext) -> None:
    """Image boxes live in `pictures` (Pillow and XObjects), imported when a card has one."""
    from pnp.render.pictures import draw_image as draw

    draw(c, box, props, ctx)


DRAWERS: dict[str, Callable] = {
    "rect": draw_rect,
    "ellipse": draw_ellipse,
    "text": draw_text,
    "symbol": draw_symbol,
    "line": draw_line,
    "lines": draw_lines,
    "pips": draw_pips,
    "image": draw_image,
}
