"""`pnp export`: the card decks as per-card PNG images or print-shop PDFs.

Both come from the same single-card pages (`render.single`), drawn by the same layout
code as the home-print sheets, so a PNG preview, a shop proof and a printed card agree.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.build import BuildRequest, game_printables
from pnp.content.output import atomic_path
from pnp.errors import UsageError
from pnp.render.decks import FileSummary
from pnp.render.fonts import font_set
from pnp.render.geometry import card_size, check_margins
from pnp.render.layout import LayoutSet, layout_set
from pnp.render.model import Deck
from pnp.render.single import ORDERS, face_pages, render_single_cards

MIN_DPI, MAX_DPI = 72, 1200


@dataclass(frozen=True)
class ImageSet:
    """The PNGs written for one deck."""

    deck: str
    folder: Path
    files: tuple[Path, ...]
    pixels: tuple[int, int]


def pixel_size(deck: Deck, dpi: int, bleed: float) -> tuple[int, int]:
    """Exact image size of a card with bleed: (trim + 2 × bleed) in inches × dpi, rounded."""
    size = card_size(deck.size)
    return (round((size.width + 2 * bleed) / 25.4 * dpi),
            round((size.height + 2 * bleed) / 25.4 * dpi))


def export_decks(request: BuildRequest) -> list[tuple[str, str, list[Deck]]]:
    """(game id, game title, card decks) for the request's games and components; dice
    nets and other non-card printables have no single-card form and are left out."""
    check_margins(5.0, request.options.bleed)
    every = [(g, t, [p for p in printables if isinstance(p, Deck)])
             for g, t, printables in game_printables(request)]
    known = {d.id for _, _, decks in every for d in decks}
    unknown = sorted(set(request.components) - known)
    if unknown:
        raise UsageError(f"unknown card component(s) {', '.join(unknown)}; "
                         f"known: {', '.join(sorted(known))}")
    wanted = set(request.components or known)
    chosen = [(g, t, [d for d in decks if d.id in wanted]) for g, t, decks in every]
    return [entry for entry in chosen if entry[2]]


def export_shop(request: BuildRequest, order: str = "front-back",
                progress: Callable[[], None] | None = None) -> list[FileSummary]:
    """One PDF per deck in `<out>/<game>/shop/<deck>.pdf`, every face on its own page."""
    if order not in ORDERS:
        raise UsageError(f"--order must be one of {', '.join(ORDERS)}")
    layouts, fonts = _layouts(request), font_set(request.font)
    written = []
    for game_id, title, decks in export_decks(request):
        for deck in decks:
            path = request.out_dir / game_id / "shop" / f"{deck.id}.pdf"
            written.append(render_single_cards(path, [deck], layouts, fonts,
                                               request.options.bleed, title, order))
            if progress:
                progress()
    return written


def export_png(request: BuildRequest, dpi: int = 300,
               progress: Callable[[], None] | None = None) -> list[ImageSet]:
    """One PNG per card face (a shared back once) in `<out>/<game>/png/`."""
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise UsageError(f"--dpi must be between {MIN_DPI} and {MAX_DPI}, not {dpi}")
    layouts, fonts = _layouts(request), font_set(request.font)
    results = []
    for game_id, title, decks in export_decks(request):
        folder = request.out_dir / game_id / "png"
        for deck in decks:
            results.append(_deck_images(deck, folder, layouts, fonts, request.options.bleed,
                                        dpi, title))
            if progress:
                progress()
    return results


def _deck_images(deck: Deck, folder: Path, layouts: LayoutSet, fonts, bleed: float,
                 dpi: int, title: str) -> ImageSet:
    import pypdfium2

    pages = list(face_pages([deck], shared_backs_once=True))
    size = pixel_size(deck, dpi, bleed)
    files = []
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "faces.pdf"
        render_single_cards(pdf, [deck], layouts, fonts, bleed, title, shared_backs_once=True)
        document = pypdfium2.PdfDocument(str(pdf))
        try:
            for number, page in enumerate(pages):
                image = document[number].render(scale=dpi / 72).to_pil().convert("RGB")
                files.append(_save_png(image.crop((0, 0, *size)), folder / f"{page.name}.png"))
        finally:
            document.close()
    return ImageSet(deck.id, folder, tuple(files), size)


def _save_png(image, path: Path) -> Path:
    with atomic_path(path) as tmp:
        image.save(tmp, format="PNG", optimize=False)
    return path


def _layouts(request: BuildRequest) -> LayoutSet:
    return layout_set(request.templates_dir)
