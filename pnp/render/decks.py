"""Print decks into one PDF: impose cards on sheets, add backs (duplex or fold), marks.

The page sequence for double-sided decks in duplex mode is fronts, backs, fronts, backs…
with every back page mirrored so each back lands behind its front. A back shared by the
whole deck is drawn once as a form XObject and placed by reference.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import FitError, Problem, UsageError
from pnp.render.draw import (
    FaceContext,
    FormCache,
    draw_face,
    enter_slot,
    image_checks,
    text_fits,
)
from pnp.render.fonts import FontSet
from pnp.render.geometry import (
    Backs,
    Box,
    Size,
    card_size,
    check_margins,
    impose,
    impose_fold,
    mirror_for_duplex,
    paper_size,
    pt,
)
from pnp.render.images import DEFAULT_DPI, ImageSettings
from pnp.render.layout import LayoutSet
from pnp.render.marks import crop_marks, cut_lines, fold_line, scale_bar
from pnp.render.model import Card, Deck, Face
from pnp.render.pdf import pdf_canvas

BACK_MODES = ("duplex-long", "duplex-short", "fold", "none")
SHEET_LABEL_Y = 5.5


@dataclass(frozen=True)
class PrintOptions:
    """How the user wants to print: paper, backs, bleed, marks, ink, back-page offset."""

    paper: str = "a4"
    backs: str = "duplex-long"
    bleed: float = 0.0
    crop_marks: bool = True
    ink_saver: bool = False
    offset_x: float = 0.0
    offset_y: float = 0.0
    margin: float = 5.0
    image_dpi: int = DEFAULT_DPI
    # Where prepared (converted, downsampled) images are kept between builds.
    art_cache: Path | None = None

    @property
    def images(self) -> ImageSettings:
        return ImageSettings(self.image_dpi, self.art_cache)


@dataclass(frozen=True)
class FileSummary:
    """What was written: the file, its pages and cards, and how it must be printed
    (`printing`: a `--backs` duplex mode, "fold" or "single-sided", so the gallery can
    say it; "" when not known)."""

    path: Path
    pages: int
    cards: int
    unit: str = "card"
    printing: str = ""



@dataclass
class _Job:
    """One PDF being drawn: canvas, layouts, fonts, options, and forms already defined."""

    c: object
    layouts: LayoutSet
    fonts: FontSet
    options: PrintOptions
    title: str
    progress: Callable[[], None] | None
    forms: FormCache
    pages: int = 0


def render_decks(path: Path, decks: list[Deck], layouts: LayoutSet, fonts: FontSet,
                 options: PrintOptions, title: str,
                 progress: Callable[[], None] | None = None,
                 checked: bool = False) -> FileSummary:
    """Draw `decks` into `path` (atomically); FitError listing every card that cannot be
    drawn, checked before a single page is written (unless the caller just did)."""
    check_print_options(options)
    problems = [] if checked else preflight(decks, layouts, fonts, options)
    if problems:
        raise FitError(problems)
    paper = paper_size(options.paper)
    subject = ", ".join(d.title for d in decks)
    with pdf_canvas(path, paper, title, subject, fonts) as c:
        job = _Job(c, layouts, fonts, options, title, progress, FormCache(c, options.bleed))
        for run in _runs(decks):
            _render_run(job, run)
    unit = "token" if all(d.shape == "circle" for d in decks) else "card"
    return FileSummary(path, job.pages, sum(len(d.cards) for d in decks), unit,
                       printing_of(decks, options))


def printing_of(decks: list[Deck], options: PrintOptions) -> str:
    """How a file of `decks` drawn with `options` must be printed: its backs mode when
    any card has a back, else single-sided."""
    two_sided = options.backs != "none" and any(d.double_sided for d in decks)
    return options.backs if two_sided else "single-sided"


def check_print_options(options: PrintOptions) -> None:
    """UsageError for options no sheet can honour, before anything is drawn."""
    if options.backs not in BACK_MODES:
        raise UsageError(f"--backs must be one of {', '.join(BACK_MODES)}")
    paper_size(options.paper)
    check_margins(options.margin, options.bleed)


def preflight(decks: list[Deck], layouts: LayoutSet, fonts: FontSet,
              options: PrintOptions) -> list[Problem]:
    """Every text that will not fit and every layout that does not match its deck size."""
    problems: list[Problem] = []
    for deck in decks:
        size = card_size(deck.size)
        impose(size, options.paper, options.margin, options.bleed)
        faces = [(card, face) for card in deck.cards for face in (card.front, card.back) if face]
        if deck.back:
            faces.append((Card(deck.back, label=f"{deck.title} back"), deck.back))
        for card, face in faces:
            layout = layouts.get(face.layout)
            if layout.size != size:
                problems.append(Problem(str(layouts.path_of(face.layout)),
                                        f"layout {face.layout!r} is {layout.size}, but "
                                        f"{deck.title} cards are {size}"))
                continue
            ctx = _context(card, face, options, fonts)
            problems += text_fits(layout, dict(face.fields), ctx)
            problems += image_checks(layout, dict(face.fields), ctx)[0]
    return sorted(set(problems), key=problems.index)


def image_uses(decks: list[Deck], layouts: LayoutSet, fonts: FontSet,
               options: PrintOptions) -> list:
    """Every image placed on every face (file, card, box, effective DPI), in deck order."""
    uses = []
    for deck in decks:
        faces = [(card, face) for card in deck.cards for face in (card.front, card.back) if face]
        if deck.back:
            faces.append((Card(deck.back, label=f"{deck.title} back"), deck.back))
        for card, face in faces:
            ctx = _context(card, face, options, fonts)
            uses += image_checks(layouts.get(face.layout), dict(face.fields), ctx)[1]
    return uses


def _context(card: Card, face: Face, options: PrintOptions, fonts: FontSet) -> FaceContext:
    return FaceContext(fonts, options.ink_saver, options.bleed, card.label,
                       face.source or card.source, options.images)


@dataclass(frozen=True)
class _Placed:
    """A card with the deck it belongs to (for its shared back and the sheet label)."""

    deck: Deck
    card: Card


def _runs(decks: list[Deck]) -> list[list[_Placed]]:
    """Consecutive decks of one size and shape share sheets (the 1- and 5-point cards, the
    promos and the Ghosts): fewer pages to print, every card still with its own back."""
    runs: list[tuple[tuple, list[_Placed]]] = []
    for deck in decks:
        key = (card_size(deck.size), deck.shape)
        placed = [_Placed(deck, card) for card in deck.cards]
        if runs and runs[-1][0] == key:
            runs[-1][1].extend(placed)
        else:
            runs.append((key, placed))
    return [items for _, items in runs if items]


def _render_run(job: _Job, items: list[_Placed]) -> None:
    size, shape = card_size(items[0].deck.size), items[0].deck.shape
    opts = job.options
    two_sided = opts.backs != "none" and any(p.deck.double_sided for p in items)
    if two_sided and opts.backs == "fold":
        sheet = impose_fold(size, opts.paper, opts.margin, opts.bleed)
        for start in range(0, len(items), len(sheet.fronts)):
            chunk = items[start:start + len(sheet.fronts)]
            _start_page(job, sheet.paper, chunk, "fronts and backs")
            _draw_fronts(job, chunk, sheet.fronts)
            _draw_backs(job, chunk, sheet.backs, (0.0, 0.0))
            used = len(chunk)
            _marks(job, shape, sheet.paper, sheet.fronts[:used] + sheet.backs.boxes[:used])
            fold_line(job.c, sheet.fold)
            _finish_page(job)
        return
    sheet = impose(size, opts.paper, opts.margin, opts.bleed)
    backs = mirror_for_duplex(sheet, "long" if opts.backs != "duplex-short" else "short")
    for start in range(0, len(items), len(sheet.slots)):
        chunk = items[start:start + len(sheet.slots)]
        _start_page(job, sheet.paper, chunk, "fronts" if two_sided else "")
        _draw_fronts(job, chunk, sheet.slots)
        _marks(job, shape, sheet.paper, sheet.slots[:len(chunk)])
        _finish_page(job)
        if two_sided:
            _start_page(job, sheet.paper, chunk, "backs")
            _draw_backs(job, chunk, backs, (opts.offset_x, opts.offset_y))
            _marks(job, shape, sheet.paper, _shifted(backs.boxes[:len(chunk)], opts))
            _finish_page(job)


def _draw_fronts(job: _Job, chunk: list[_Placed], slots) -> None:
    for placed, slot in zip(chunk, slots, strict=False):
        _draw(job, placed.card, placed.card.front, slot, 0, job.forms)


def _start_page(job: _Job, paper: Size, chunk: list[_Placed], side: str) -> None:
    c = job.c
    c.setPageSize((pt(paper.width), pt(paper.height)))
    decks = " + ".join(dict.fromkeys(p.deck.title for p in chunk))
    label = f"{job.title} · {decks} · sheet {job.pages + 1}" + (f" ({side})" if side else "")
    c.saveState()
    c.setFillGray(0.45)
    c.setFont(job.fonts.name("bold"), 6.5)
    c.drawString(pt(8), pt(SHEET_LABEL_Y), label)
    c.restoreState()


def _finish_page(job: _Job) -> None:
    job.c.showPage()
    job.pages += 1
    if job.progress:
        job.progress()


def _shifted(boxes, opts: PrintOptions) -> tuple[Box, ...]:
    return tuple(Box(b.x + opts.offset_x, b.y + opts.offset_y, b.width, b.height) for b in boxes)


def _draw_backs(job: _Job, chunk: list[_Placed], backs: Backs, offset) -> None:
    for placed, box in zip(chunk, backs.boxes, strict=False):
        slot = Box(box.x + offset[0], box.y + offset[1], box.width, box.height)
        if placed.card.back is not None:
            _draw(job, placed.card, placed.card.back, slot, backs.rotation, job.forms)
        elif placed.deck.back is not None:
            _place_shared_back(job, placed.deck, slot, backs.rotation)


def _draw(job: _Job, card: Card, face: Face, slot: Box, rotation: int,
          forms: FormCache | None = None) -> None:
    layout = job.layouts.get(face.layout)
    ctx = _context(card, face, job.options, job.fonts)
    draw_face(job.c, layout, dict(face.fields), slot, ctx, rotation, forms)


def _place_shared_back(job: _Job, deck: Deck, slot: Box, rotation: int) -> None:
    """Draw the deck's back once as a form, then place it by reference in every slot."""
    c = job.c
    c.saveState()
    enter_slot(c, slot, rotation)
    back = Card(deck.back, label=f"{deck.title} back")
    job.forms.place(("back", deck.id), slot.width, slot.height,
                    lambda: _draw(job, back, deck.back, Box(0, 0, slot.width, slot.height), 0))
    c.restoreState()


def _marks(job: _Job, shape: str, paper: Size, slots) -> None:
    """The 50 mm scale bar, cut lines and crop marks: identical on every full sheet of a
    deck, so drawn once as a form and placed by reference."""
    bleed, marks = job.options.bleed, job.options.crop_marks

    def draw():
        scale_bar(job.c, paper.width - 8, SHEET_LABEL_Y, job.fonts.name("bold"))
        if marks and (shape == "circle" or bleed == 0):
            cut_lines(job.c, slots, shape)
        if marks and shape != "circle":
            crop_marks(job.c, slots, paper, bleed)

    key = ("sheet", shape, paper, tuple(slots))
    job.forms.place(key, paper.width, paper.height, draw, grow=0.0)
