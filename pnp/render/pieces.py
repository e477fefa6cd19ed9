"""Print pieces that are not cards — die nets, dividers — onto sheets: solid cut outlines,
dashed folds, filled areas, layout faces and fitted texts.

Pieces are packed onto sheets like cards (`packing.pack`, pieces of different sizes
sharing a sheet), kept `gap` apart so every outline can be cut on its own. There are no
backs. A face's bleed is clipped on edges it shares with another face, so neighbours on
a net never paint over each other.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from pnp.errors import FitError, Location, Problem, UsageError
from pnp.render.cutfiles import draw_registration
from pnp.render.decks import FileSummary, PrintOptions
from pnp.render.draw import FaceContext, FormCache, draw_face, draw_text, fitted_text, text_fits
from pnp.render.fonts import FontSet
from pnp.render.geometry import Box, Size, paper_size, pt
from pnp.render.layout import LayoutBox, LayoutSet
from pnp.render.model import Piece, PieceFace, PieceSet, PieceText
from pnp.render.packing import PackedPage, PackItem, pack
from pnp.render.pdf import pdf_canvas
from pnp.render.sheets import SheetWords, draw_sheet, plan_sheet, sheet_words

CUT_GREY = 0.25
FOLD_GREY = 0.45
_NOWHERE = Location("")


def render_pieces(path: Path, sets: list[PieceSet], layouts: LayoutSet, fonts: FontSet,
                  options: PrintOptions, title: str | SheetWords,
                  progress: Callable[[], None] | None = None,
                  checked: bool = False, into: BinaryIO | None = None,
                  keywords: str = "") -> FileSummary:
    """Draw every piece of `sets` into `path` (atomically) or the stream `into`, after
    checking all of them (unless the caller just did); `keywords` go into the PDF's
    information."""
    problems = [] if checked else preflight_pieces(sets, layouts, fonts, options)
    if problems:
        raise FitError(problems)
    subject = ", ".join(s.title for s in sets)
    pages = piece_pages(sets, options)
    font = fonts.name("bold")
    words = sheet_words(title)
    with pdf_canvas(path, paper_size(options.paper), words.title, subject, fonts, into,
                    keywords) as c:
        forms = FormCache(c, options.bleed)
        for number, page in enumerate(pages, start=1):
            c.setPageSize((pt(page.paper.width), pt(page.paper.height)))
            for item, slot in zip(page.items, page.boxes, strict=True):
                _draw_piece(c, item.ref[1], slot, layouts, fonts, options)
            names = [item.ref[0].title for item in page.items]
            plan = plan_sheet(page.paper, page.boxes, ["rect"] * len(page.boxes),
                              options.bleed, False,
                              words.labels(names, options.first_sheet + number - 1, ""),
                              font, pieces=True, caption=words.scale,
                              registration=options.registration)
            draw_sheet(c, plan, forms, font)
            if options.registration:
                draw_registration(c, page.paper, options.registration)
            c.showPage()
            if progress:
                progress()
    count = sum(len(s.pieces) for s in sets)
    return FileSummary(path, len(pages), count, "piece", "single-sided", len(pages))


def piece_pages(sets: list[PieceSet], options: PrintOptions) -> list[PackedPage]:
    """Every piece of every set packed onto sheets (pieces of any sizes share one), each
    piece `gap` from its neighbours so every outline is cut on its own."""
    groups = [[PackItem((piece_set, piece), Size(piece.width, piece.height), "piece",
                        piece_set.gap)]
              for piece_set in sets for piece in piece_set.pieces]
    return pack(groups, options.paper, False, **options.room)


def preflight_pieces(sets: list[PieceSet], layouts: LayoutSet, fonts: FontSet,
                     options: PrintOptions) -> list[Problem]:
    """Pieces too big for the paper, faces whose layout has another size, texts that
    do not fit: everything, before a page is written."""
    problems: list[Problem] = []
    for piece_set in sets:
        try:
            piece_pages([piece_set], options)
        except UsageError as exc:
            problems += [Problem("", f"{piece_set.title}: {p.message}") for p in exc.problems]
        for piece in piece_set.pieces:
            problems += _piece_problems(piece, layouts, fonts, options)
    return sorted(set(problems), key=problems.index)


def _piece_problems(piece: Piece, layouts: LayoutSet, fonts: FontSet,
                    options: PrintOptions) -> list[Problem]:
    problems = []
    ctx = _context(piece, fonts, options)
    for placed in piece.faces:
        layout = layouts.get(placed.face.layout)
        size = Size(placed.width, placed.height)
        if (abs(layout.size.width - size.width) > 1e-6
                or abs(layout.size.height - size.height) > 1e-6):
            problems.append(Problem(str(layouts.folder / f"{placed.face.layout}.json"),
                                    f"layout {placed.face.layout!r} is {layout.size}, but "
                                    f"{piece.label} has {size} faces"))
            continue
        problems += text_fits(layout, dict(placed.face.fields), ctx)
    for text in piece.texts:
        try:
            fitted_text(*_text_box(text), ctx)
        except FitError as exc:
            problems += exc.problems
    return problems


def _context(piece: Piece, fonts: FontSet, options: PrintOptions) -> FaceContext:
    return FaceContext(fonts, options.ink_saver, options.bleed, piece.label, piece.source)


def _draw_piece(c, piece: Piece, slot: Box, layouts: LayoutSet, fonts: FontSet,
                options: PrintOptions) -> None:
    ctx = _context(piece, fonts, options)
    c.saveState()
    c.translate(pt(slot.x), pt(slot.y))
    for placed in piece.faces:
        _draw_placed_face(c, placed, piece.faces, layouts, ctx)
    for polygon, colour in piece.areas:
        _polygon(c, polygon, fill=colour)
    for text in piece.texts:
        draw_text(c, *_text_box(text), ctx)
    _lines(c, piece.folds, FOLD_GREY, 0.5, [3, 2])
    for outline in piece.cut:
        _polygon(c, outline, stroke=CUT_GREY)
    c.restoreState()


def _draw_placed_face(c, placed: PieceFace, others, layouts: LayoutSet,
                      ctx: FaceContext) -> None:
    """The face, its bleed clipped where it meets another face of the same piece."""
    box = Box(placed.x, placed.y, placed.width, placed.height)
    clip = _clip_of(box, tuple((o.x, o.y, o.width, o.height) for o in others), ctx.bleed)
    c.saveState()
    path = c.beginPath()
    path.rect(pt(clip.x), pt(clip.y), pt(clip.width), pt(clip.height))
    c.clipPath(path, stroke=0, fill=0)
    draw_face(c, layouts.get(placed.face.layout), dict(placed.face.fields), box, ctx)
    c.restoreState()


@lru_cache(maxsize=1024)
def _clip_of(box: Box, others: tuple[tuple[float, float, float, float], ...],
             bleed: float) -> Box:
    """`_bleed_clip`, worked out once per face of a piece's shape: the 33 dice of a kit
    are one net, and comparing each face with every other was 20 ms a build."""
    return _bleed_clip(box, [Box(*other) for other in others], bleed)


def _bleed_clip(box: Box, others: list[Box], bleed: float) -> Box:
    """`box` grown by `bleed` on each side that no other box touches."""
    def touches(side: str) -> bool:
        for o in others:
            overlap_x = min(o.right, box.right) - max(o.x, box.x) > 1e-6
            overlap_y = min(o.top, box.top) - max(o.y, box.y) > 1e-6
            if ((side == "left" and abs(o.right - box.x) < 1e-6 and overlap_y)
                    or (side == "right" and abs(o.x - box.right) < 1e-6 and overlap_y)
                    or (side == "bottom" and abs(o.top - box.y) < 1e-6 and overlap_x)
                    or (side == "top" and abs(o.y - box.top) < 1e-6 and overlap_x)):
                return True
        return False

    grow = {side: 0.0 if touches(side) else bleed for side in ("left", "right", "bottom",
                                                                "top")}
    return Box(box.x - grow["left"], box.y - grow["bottom"],
               box.width + grow["left"] + grow["right"],
               box.height + grow["bottom"] + grow["top"])


def _text_box(text: PieceText) -> tuple[LayoutBox, dict]:
    """A piece text as a layout text box, so it is fitted (and fails) like card text."""
    props = {"text": text.text, "size": text.size, "min_size": text.min_size,
             "font": text.font, "colour": text.colour, "rotate": text.rotate,
             "wrap": text.wrap}
    return LayoutBox("text", "text", text.x, text.y, text.width, text.height, props,
                     _NOWHERE), props


def _polygon(c, points, fill: str | None = None, stroke: float | None = None) -> None:
    from reportlab.lib.colors import HexColor

    path = c.beginPath()
    path.moveTo(pt(points[0][0]), pt(points[0][1]))
    for x, y in points[1:]:
        path.lineTo(pt(x), pt(y))
    path.close()
    c.saveState()
    if fill:
        c.setFillColor(HexColor(fill))
    if stroke is not None:
        c.setStrokeGray(stroke)
        c.setLineWidth(0.5)
    c.drawPath(path, fill=int(bool(fill)), stroke=int(stroke is not None))
    c.restoreState()


def _lines(c, lines, grey: float, width: float, dash: list[float]) -> None:
    c.saveState()
    c.setStrokeGray(grey)
    c.setLineWidth(width)
    c.setDash(dash)
    for (x1, y1), (x2, y2) in lines:
        c.line(pt(x1), pt(y1), pt(x2), pt(y2))
    c.restoreState()
