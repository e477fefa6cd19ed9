"""Print decks into one PDF: impose cards on sheets, add backs (duplex or fold), marks.

The page sequence for double-sided decks in duplex mode is fronts, backs, fronts, backs…
with every back page mirrored so each back lands behind its front. A back shared by the
whole deck is drawn once as a form XObject and placed by reference.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from pnp.errors import DataError, FitError, Problem, UsageError
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
    check_offsets,
    mirror_boxes,
    page_offset,
    paper_size,
    pt,
)
from pnp.render.images import DEFAULT_DPI, ImageSettings
from pnp.render.layout import LayoutSet
from pnp.render.model import Card, Deck, Face
from pnp.render.packing import PackedPage, PackItem, pack
from pnp.render.pdf import pdf_canvas
from pnp.render.pictures import once_per_file
from pnp.render.sheets import SheetWords, draw_sheet, plan_sheet, sheet_words
from pnp.render.tuckbox import CARD_THICKNESS, THICKNESS_RANGE

BACK_MODES = ("duplex-long", "duplex-short", "fold", "none")


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
    # Inset (mm) of cutting-machine registration marks on every front sheet; 0: none.
    registration: float = 0.0
    # A cutting machine's printable-and-cuttable area (portrait, mm), centred on the page:
    # every trim with its bleed stays inside it (Cricut's Print Then Cut); None: the page.
    cut_area: Size | None = None
    # How thick one card is (mm): tuck boxes are made as deep as the deck.
    card_thickness: float = CARD_THICKNESS
    # Where prepared (converted, downsampled) images are kept between builds.
    art_cache: Path | None = None
    # The first sheet's number in the labels: a packed kit.pdf counts on across its parts.
    first_sheet: int = 1

    @property
    def images(self) -> ImageSettings:
        return ImageSettings(self.image_dpi, self.art_cache)

    @property
    def room(self) -> dict:
        """What `packing.pack` needs besides the items, the paper and the fold."""
        return {"margin": self.margin, "bleed": self.bleed, "area": self.cut_area,
                "registration": self.registration}


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
    sheets: int = 0



@dataclass
class _Job:
    """One PDF being drawn: canvas, layouts, fonts, options, and forms already defined."""

    c: object
    layouts: LayoutSet
    fonts: FontSet
    options: PrintOptions
    words: SheetWords
    progress: Callable[[], None] | None
    forms: FormCache
    pages: int = 0
    sheets: int = 0


def render_decks(path: Path, decks: list[Deck], layouts: LayoutSet, fonts: FontSet,
                 options: PrintOptions, title: str | SheetWords,
                 progress: Callable[[], None] | None = None,
                 checked: bool = False, into: BinaryIO | None = None,
                 keywords: str = "") -> FileSummary:
    """Draw `decks` into `path` (atomically), or into the stream `into`; FitError listing
    every card that cannot be drawn, checked before a single page is written (unless the
    caller just did). `title` is the game's title, or the sheet words of the kit's
    language; `keywords` go into the PDF's information."""
    check_print_options(options)
    problems = [] if checked else preflight(decks, layouts, fonts, options)
    if problems:
        raise FitError(problems)
    paper = paper_size(options.paper)
    subject = ", ".join(d.title for d in decks)
    words = sheet_words(title)
    with pdf_canvas(path, paper, words.title, subject, fonts, into, keywords) as c:
        job = _Job(c, layouts, fonts, options, words, progress, FormCache(c, options.bleed))
        _render_decks(job, decks)
    unit = "token" if all(d.shape == "circle" for d in decks) else "card"
    return FileSummary(path, job.pages, sum(len(d.cards) for d in decks), unit,
                       printing_of(decks, options), job.sheets)


def printing_of(decks: list[Deck], options: PrintOptions) -> str:
    """How a file of `decks` drawn with `options` must be printed: its backs mode when
    any card has a back, else single-sided."""
    two_sided = options.backs != "none" and any(d.double_sided for d in decks)
    return options.backs if two_sided else "single-sided"


def sized_by_layouts(printables: list, layouts: LayoutSet) -> list:
    """Each card deck with the size its layouts say (the first card's front layout): a
    layout's `size` is the one place a deck's card size is set, so changing it there
    changes the imposition, the PNGs, the shop PDF and the gallery alike. A layout that
    cannot be read is left to the preflight, which reports it with its file."""
    sized = []
    for deck in printables:
        if isinstance(deck, Deck) and deck.cards:
            try:
                size = layouts.get(deck.cards[0].front.layout).size
            except DataError:
                size = None
            if size is not None and size != card_size(deck.size):
                deck = replace(deck, size=f"{size.width:g}x{size.height:g}")
        sized.append(deck)
    return sized


def check_print_options(options: PrintOptions) -> None:
    """UsageError for options no sheet can honour, before anything is drawn."""
    if options.backs not in BACK_MODES:
        raise UsageError(f"--backs must be one of {', '.join(BACK_MODES)}")
    paper_size(options.paper)
    check_margins(options.margin, options.bleed)
    low, high = THICKNESS_RANGE
    if not low <= options.card_thickness <= high:  # written so that NaN fails too
        raise UsageError(f"--card-thickness must be {low:g}-{high:g} mm (one card), not "
                         f"{options.card_thickness:g}")
    check_offsets(options.offset_x, options.offset_y)


def preflight(decks: list[Deck], layouts: LayoutSet, fonts: FontSet,
              options: PrintOptions) -> list[Problem]:
    """Every text that will not fit and every layout that does not match its deck size.

    Every face's text is checked before any face's images, each face's problems then put
    in card order: the pictures a build checks ahead in other threads (images.
    inspect_ahead) are decoded meanwhile, instead of the text waiting on them."""
    fold = options.backs == "fold"
    packed(decks, options, fold)
    found: list[list[Problem]] = []
    with_images = []
    for deck in decks:
        size = card_size(deck.size)
        faces = [(card, face) for card in deck.cards for face in (card.front, card.back) if face]
        if deck.back:
            faces.append((Card(deck.back, label=f"{deck.title} back"), deck.back))
        for card, face in faces:
            layout = layouts.get(face.layout)
            if layout.size != size:
                found.append([Problem(str(layouts.path_of(face.layout)),
                                      f"layout {face.layout!r} is {layout.size}, but "
                                      f"{deck.title} cards are {size}")])
                continue
            ctx = _context(card, face, options, fonts)
            found.append(text_fits(layout, dict(face.fields), ctx))
            with_images.append((found[-1], layout, face, ctx))
    for problems, layout, face, ctx in with_images:
        problems += image_checks(layout, dict(face.fields), ctx)[0]
    problems = [p for face_problems in found for p in face_problems]
    return once_per_file(list(dict.fromkeys(problems)))  # each once, in order: linear


def image_uses(decks: list[Deck], layouts: LayoutSet, fonts: FontSet,
               options: PrintOptions) -> list:
    """Every image placed on every face (file, card, box, effective DPI), in deck order."""
    uses = []
    for deck in decks:
        faces = [(card, face) for card in deck.cards for face in (card.front, card.back) if face]
        if deck.back:
            faces.append((Card(deck.back, label=f"{deck.title} back"), deck.back))
        for card, face in faces:
            layout = layouts.get(face.layout)
            if _has_images(layout):  # most layouts have none: the report comes last
                ctx = _context(card, face, options, fonts)
                uses += image_checks(layout, dict(face.fields), ctx)[1]
    return uses


def _has_images(layout) -> bool:
    """Whether the layout has an image box, worked out once per layout (the build's
    report after the drawing asks it for each of 2,000 faces: 6 ms, with nothing else
    running)."""
    known = layout.__dict__.get("_has_images")
    if known is None:
        known = layout.__dict__["_has_images"] = any(b.kind == "image" for b in layout.boxes)
    return known


def _context(card: Card, face: Face, options: PrintOptions, fonts: FontSet) -> FaceContext:
    return FaceContext(fonts, options.ink_saver, options.bleed, card.label,
                       face.source or card.source, options.images, face.shared)


@dataclass(frozen=True)
class _Placed:
    """A card with the deck it belongs to (for its shared back and the sheet label)."""

    deck: Deck
    card: Card


_PACKED: list[tuple[list[Deck], tuple, list[PackedPage]]] = []


def packed(decks: list[Deck], options: PrintOptions, fold: bool) -> list[PackedPage]:
    """`pack` of the decks' cards, remembered for the last few calls: the check packs a
    file's decks to find a card that fits no sheet, and drawing them packs the same decks
    with the same options again (decks are frozen, so the same objects pack the same)."""
    key = (options.paper, fold, *options.room.values())
    for known, known_key, pages in _PACKED:
        if known_key == key and len(known) == len(decks) and all(
                a is b for a, b in zip(known, decks, strict=True)):
            return pages
    pages = pack(pack_groups(decks), options.paper, fold, **options.room)
    _PACKED[:] = [*_PACKED[-3:], (list(decks), key, pages)]
    return pages


def pack_groups(decks: list[Deck]) -> list[list[PackItem]]:
    """Every card as a packing item, in deck order, grouped as its deck keeps them
    together on a sheet (a vote set's A, B, C and Score)."""
    groups = []
    for deck in decks:
        size, run = card_size(deck.size), max(1, deck.keep_together)
        items = [PackItem(_Placed(deck, card), size, deck.shape) for card in deck.cards]
        groups += [items[i:i + run] for i in range(0, len(items), run)]
    return groups


def deck_sheets(decks: list[Deck], options: PrintOptions) -> list[tuple[PackedPage, bool]]:
    """Every packed page in print order, with whether its cards are two-sided: the
    double-sided decks packed together first (fronts then backs), then one-sided ones.
    The one imposition the PDF, the cut files and the tests all read."""
    two = [d for d in decks if options.backs != "none" and d.double_sided]
    one = [d for d in decks if d not in two]
    sheets = []
    for group, two_sided in ((two, True), (one, False)):
        if group:
            fold = two_sided and options.backs == "fold"
            sheets += [(page, two_sided) for page in packed(group, options, fold)]
    return sheets


def printed_pages(decks: list[Deck], options: PrintOptions) -> list[tuple[int, PackedPage,
                                                                           str]]:
    """(1-based PDF page number, packed page, side) for every page the deck PDF holds:
    side "front", "back" (duplex), "fold" or "single"."""
    pages, number = [], 1
    for page, two_sided in deck_sheets(decks, options):
        if page.fold is not None:
            pages.append((number, page, "fold"))
        elif two_sided:
            pages += [(number, page, "front"), (number + 1, page, "back")]
        else:
            pages.append((number, page, "single"))
        number = pages[-1][0] + 1
    return pages


def _render_decks(job: _Job, decks: list[Deck]) -> None:
    """Decks of any sizes share sheets, each back exactly behind its front."""
    for page, two_sided in deck_sheets(decks, job.options):
        _render_page(job, page, two_sided)


def _render_page(job: _Job, page: PackedPage, two_sided: bool) -> None:
    """One sheet of paper: a fold page, a single-sided page, or a duplex fronts page and
    its backs page (both labelled with the same sheet number)."""
    opts = job.options
    chunk = [item.ref for item in page.items]
    shapes = [item.shape for item in page.items]
    if page.fold is not None:
        _start_page(job, page.paper)
        _draw_fronts(job, chunk, page.boxes)
        _draw_backs(job, chunk, page.fold_backs, (0.0, 0.0))
        both = page.boxes + page.fold_backs.boxes
        _furniture(job, page.paper, both, shapes * 2, chunk, "both", page.fold)
        _finish_page(job)
        job.sheets += 1
        return
    _start_page(job, page.paper)
    _draw_fronts(job, chunk, page.boxes)
    _furniture(job, page.paper, page.boxes, shapes, chunk, "fronts" if two_sided else "")
    _finish_page(job)
    if two_sided:
        flip = "short" if opts.backs == "duplex-short" else "long"
        backs = mirror_boxes(page.paper, page.boxes, flip)
        offset = page_offset(opts.offset_x, opts.offset_y, page.paper)
        _start_page(job, page.paper)
        _draw_backs(job, chunk, backs, offset)
        _furniture(job, page.paper, _shifted(backs.boxes, offset), shapes, chunk, "backs")
        _finish_page(job)
    job.sheets += 1


def _draw_fronts(job: _Job, chunk: list[_Placed], slots) -> None:
    for placed, slot in zip(chunk, slots, strict=False):
        _draw(job, placed.card, placed.card.front, slot, 0, job.forms)


def _start_page(job: _Job, paper: Size) -> None:
    job.c.setPageSize((pt(paper.width), pt(paper.height)))


def _furniture(job: _Job, paper: Size, slots, shapes, chunk: list[_Placed], side: str,
               fold=None) -> None:
    """Crop marks, cut lines, fold line, label and scale bar, clear of each other. The
    label's number counts pieces of paper: a duplex sheet's two pages share it."""
    labels = job.words.labels([p.deck.title for p in chunk],
                              job.options.first_sheet + job.sheets, side)
    font = job.fonts.name("bold")
    marked = job.options.registration if side != "backs" else 0.0
    plan = plan_sheet(paper, slots, shapes, job.options.bleed, job.options.crop_marks,
                      labels, font, fold, caption=job.words.scale, registration=marked)
    draw_sheet(job.c, plan, job.forms, font)
    if marked:
        from pnp.render.cutfiles import draw_registration

        draw_registration(job.c, paper, marked)


def _finish_page(job: _Job) -> None:
    job.c.showPage()
    job.pages += 1
    if job.progress:
        job.progress()


def _shifted(boxes, offset) -> tuple[Box, ...]:
    return tuple(Box(b.x + offset[0], b.y + offset[1], b.width, b.height) for b in boxes)


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
