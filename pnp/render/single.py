"""One card face per page, at the exact trim + bleed size: what card printers ask for.

Each page's TrimBox is the card and its BleedBox (= MediaBox) the card plus bleed, so a
print shop's software finds the cut line without guessing. The same pages, rasterised,
are the per-card PNGs: one renderer for paper, shop and screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import FitError, UsageError
from pnp.render.decks import FileSummary, PrintOptions, preflight
from pnp.render.draw import FaceContext, FormCache, draw_face
from pnp.render.fonts import FontSet
from pnp.render.geometry import Box, Size, card_size, pt
from pnp.render.images import ImageSettings
from pnp.render.layout import LayoutSet
from pnp.render.model import Card, Deck, Face
from pnp.render.pdf import pdf_canvas

ORDERS = ("front-back", "back-front")


@dataclass(frozen=True)
class FacePage:
    """One page of a single-card PDF: which deck, card (1-based) and side it shows."""

    deck: Deck
    index: int
    side: str
    card: Card
    face: Face

    @property
    def name(self) -> str:
        """File-name stem for this face, e.g. `word-cards-007-front` or `members-back`."""
        if self.side == "back" and self.card.back is None:
            return f"{self.deck.id}-back"
        return f"{self.deck.id}-{self.index:03d}-{self.side}"


def face_pages(decks: list[Deck], order: str = "front-back",
               shared_backs_once: bool = False) -> Iterator[FacePage]:
    """Every face in print order. A back shared by the whole deck follows every card (a
    shop prints duplex pairs) unless `shared_backs_once`, then it comes once per deck."""
    if order not in ORDERS:
        raise UsageError(f"--order must be one of {', '.join(ORDERS)}")
    for deck in decks:
        for number, card in enumerate(deck.cards, start=1):
            back = card.back or deck.back
            sides = [("front", card.front)]
            if back is not None and not (shared_backs_once and card.back is None):
                sides.append(("back", back))
            for side, face in sides if order == "front-back" else reversed(sides):
                yield FacePage(deck, number, side, card, face)
        if shared_backs_once and deck.back is not None:
            yield FacePage(deck, 0, "back", Card(deck.back, label=f"{deck.title} back"),
                           deck.back)


def render_single_cards(path: Path, decks: list[Deck], layouts: LayoutSet, fonts: FontSet,
                        bleed: float, title: str, order: str = "front-back",
                        shared_backs_once: bool = False,
                        progress: Callable[[], None] | None = None,
                        select: Sequence[int] | None = None,
                        checked: bool = False,
                        images: ImageSettings | None = None,
                        trims: Mapping[str, Size] | None = None,
                        shared_forms: bool = True) -> FileSummary:
    """A PDF with one face per page (trim + bleed), trim and bleed boxes set. `select`
    keeps only those faces (0-based, in print order): an export worker draws its own
    share; `checked` skips the preflight the caller has already passed; `images` sets the
    art's target resolution and cache; `trims` gives a deck (by id) a shop's trim size in
    place of its own (`page_trim`); without `shared_forms` every face is drawn in its page's
    own content (what `flatten` needs to see each image's backdrop)."""
    images = images or ImageSettings()
    options = PrintOptions(bleed=bleed, image_dpi=images.dpi, art_cache=images.cache_dir)
    pages = list(face_pages(decks, order, shared_backs_once))
    if select is not None:
        pages = [pages[i] for i in select]
    problems = [] if checked else preflight(decks, layouts, fonts, options)
    if problems:
        raise FitError(problems)
    first = card_size(pages[0].deck.size if pages else decks[0].size)
    with pdf_canvas(path, first, title, ", ".join(d.title for d in decks), fonts) as c:
        forms = FormCache(c, bleed) if shared_forms else None
        for page in pages:
            _face_page(c, page, layouts, fonts, options, forms, (trims or {}).get(page.deck.id))
            if progress:
                progress()
    return FileSummary(path, len(pages), sum(len(d.cards) for d in decks))


def page_trim(card: Size, trim: Size | None, bleed: float) -> tuple[Box, float]:
    """Where a card goes on its page and how far its backgrounds reach: centred on the
    page's trim (the card's own size, or a shop's slightly different one), its bleed grown
    by the difference so the backgrounds still cover the whole page."""
    trim = trim or card
    extra = max(0.0, (trim.width - card.width) / 2, (trim.height - card.height) / 2)
    box = Box(bleed + (trim.width - card.width) / 2, bleed + (trim.height - card.height) / 2,
              card.width, card.height)
    return box, bleed + extra


def _face_page(c, page: FacePage, layouts: LayoutSet, fonts: FontSet,
               options: PrintOptions, forms: FormCache | None,
               trim: Size | None = None) -> None:
    bleed = options.bleed
    size = card_size(page.deck.size)
    trim = trim or size
    width, height = trim.width + 2 * bleed, trim.height + 2 * bleed
    c.setPageSize((pt(width), pt(height)))
    c.setTrimBox((pt(bleed), pt(bleed), pt(bleed + trim.width), pt(bleed + trim.height)))
    c.setBleedBox((0, 0, pt(width), pt(height)))
    box, reach = page_trim(size, trim, bleed)
    ctx = FaceContext(fonts, False, reach, page.card.label, page.face.source
                      or page.card.source, options.images, page.face.shared)
    draw_face(c, layouts.get(page.face.layout), dict(page.face.fields), box, ctx, 0,
              forms if reach == bleed else None)
    c.showPage()
