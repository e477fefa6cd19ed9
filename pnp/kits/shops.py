"""`pnp export shop --profile dtc|tgc|mpc|generic`: what each kind of card printer asks
for, written and then checked before the export says done.

- `dtc` (DriveThruCards-style): one PDF/X-1a:2003 file per deck, every colour and image
  converted to CMYK through an ICC output profile, 1/8 in bleed, the total ink coverage of
  every page at most 240 %, fonts embedded, no transparency, pages in the order card 1
  front, card 1 back, card 2 front, ... A file that fails is not left behind; the error
  names the card and the page.
- `tgc` (The Game Crafter-style): one PNG per face at 300 DPI, trim + 1/8 in bleed (825 ×
  1125 px for a poker card), named by card id and face.
- `mpc` (MakePlayingCards-style): per-card images at 300 DPI, 0.12 in (36 px) bleed, fronts
  and backs in their own folders: 822 × 1122 px for poker (2.5 × 3.5 in), 747 × 1122 for
  bridge, 897 × 1497 for tarot, the sizes of MakePlayingCards' own templates.
- `generic`: the RGB shop PDF with TrimBox and BleedBox (`export.export_shop`).

A deck is printed on the shop's product of its size: a card a fraction of a millimetre
off the shop's trim (63 × 88 mm on a 2.5 × 3.5 in poker card) is centred on it with its
backgrounds run out to the bleed (`single.page_trim`). A deck no product fits (round
tokens) is left out and named in the result.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.content.output import atomic_paths
from pnp.errors import DataError, Problem, UsageError
from pnp.kits.export import (
    FaceJob,
    PngTask,
    _runs,
    checked_decks,
    export_shop,
    run_staged,
    worker_count,
    write_pngs,
)
from pnp.kits.request import BuildRequest
from pnp.render.fonts import font_set
from pnp.render.geometry import Size, card_size
from pnp.render.model import Deck
from pnp.render.single import FacePage, face_pages, render_single_cards

INCH = 25.4
PROFILES = ("dtc", "tgc", "mpc", "generic")
FIT_TOLERANCE = 1.0  # mm a card may differ from a product's trim, per side


def _inches(width: float, height: float) -> Size:
    return Size(round(width * INCH, 3), round(height * INCH, 3))


@dataclass(frozen=True)
class Shop:
    """One kind of shop: its products' trims, bleed (mm), resolution and ink limit."""

    id: str
    name: str
    products: dict[str, Size]
    bleed: float
    dpi: int = 300
    ink_limit: float = 0.0


_US_CARDS = {"poker": _inches(2.5, 3.5), "bridge": _inches(2.25, 3.5),
             "mini": _inches(1.75, 2.5), "tarot": _inches(2.75, 4.75)}
SHOPS = {
    "dtc": Shop("dtc", "DriveThruCards-style", _US_CARDS, bleed=INCH / 8, ink_limit=240),
    "tgc": Shop("tgc", "The Game Crafter-style",
                {**_US_CARDS, "square": _inches(3.5, 3.5), "jumbo": _inches(3.5, 5.5)},
                bleed=INCH / 8),
    "mpc": Shop("mpc", "MakePlayingCards-style",
                {"poker": _inches(2.5, 3.5), "bridge": _inches(2.25, 3.5),
                 "tarot": _inches(2.75, 4.75)},
                bleed=0.12 * INCH),
}


@dataclass(frozen=True)
class ShopResult:
    """What one deck became: its files, how many faces, and the size of each face."""

    game: str
    deck: str
    product: str
    files: tuple[Path, ...]
    faces: int
    detail: str
    pixels: tuple[int, int] | None = None


@dataclass(frozen=True)
class ShopExport:
    """Every deck written, and the decks no product of the shop fits."""

    results: list[ShopResult]
    skipped: list[str]


def product_for(shop: Shop, deck: Deck) -> tuple[str, Size] | None:
    """The shop's product whose trim is within FIT_TOLERANCE mm of the deck's card on
    both sides (round decks have none), else None."""
    if deck.shape == "circle":
        return None
    size = card_size(deck.size)
    for name, trim in shop.products.items():
        if (abs(trim.width - size.width) <= FIT_TOLERANCE
                and abs(trim.height - size.height) <= FIT_TOLERANCE):
            return name, trim
    return None


def export_shop_profile(request: BuildRequest, profile: str = "generic",
                        icc: Path | None = None, jobs: int | None = None,
                        progress: Callable[[], None] | None = None,
                        order: str = "front-back") -> ShopExport:
    """Write and check the files `profile` asks for, for every chosen card deck."""
    if profile not in PROFILES:
        raise UsageError(f"--profile must be one of {', '.join(PROFILES)}, not {profile!r}")
    if icc is not None and profile != "dtc":
        raise UsageError("--icc sets the CMYK profile of --profile dtc only")
    if profile == "generic":
        summaries = export_shop(request, order, progress)
        return ShopExport([ShopResult(s.path.parent.parent.name, s.path.stem, "any",
                                      (s.path,), s.pages,
                                      f"{s.pages} page(s)  {s.cards} card(s)")
                           for s in summaries], [])
    shop = SHOPS[profile]
    request = replace(request, options=replace(request.options, bleed=shop.bleed))
    chosen, skipped = [], []
    for game_id, title, decks in checked_decks(request):
        for deck in decks:
            product = product_for(shop, deck)
            if product is None:
                skipped.append(f"{game_id}/{deck.id}: {card_size(deck.size)} "
                               f"{'round ' if deck.shape == 'circle' else ''}pieces: no "
                               f"{shop.name} card product of that size")
            else:
                chosen.append((game_id, title, deck, product))
    if not chosen:
        why = "; ".join(skipped) if skipped else "no card decks among the chosen games"
        raise UsageError(f"--profile {profile}: nothing to export ({why})")
    writer = _write_dtc if profile == "dtc" else _write_images
    return ShopExport(writer(request, shop, chosen, icc, jobs, progress), skipped)


def _write_dtc(request, shop: Shop, chosen, icc, jobs, progress) -> list[ShopResult]:
    """One PDF/X-1a file per deck: drawn, its transparent art flattened, converted and
    checked in a scratch folder; moved into place all together only when every deck
    passed, so a failure leaves the output folder as it was."""
    from pnp.render.cmyk import Converter, output_profile

    converter = Converter(output_profile(icc))
    results, problems, ready = [], [], []
    with tempfile.TemporaryDirectory(prefix="pnp-shop-") as scratch:
        for game_id, title, deck, (product, trim) in chosen:
            path = request.out_dir / game_id / "shop-dtc" / f"{deck.id}.pdf"
            written = Path(scratch) / f"{game_id}-{deck.id}.x1a.pdf"
            rgb, summary = _flat_rgb(request, shop, Path(scratch), game_id, title, deck, trim)
            pages = list(face_pages([deck]))
            ink, found = _write_checked_pdfx(rgb, written, path, converter, shop,
                                             f"{title}: {deck.title}", pages)
            problems += found
            ready.append((path, written))
            results.append(ShopResult(game_id, deck.id, product, (path,), summary.pages,
                                      f"{summary.pages} page(s)  {product} {trim} + "
                                      f"{shop.bleed:g} mm bleed  PDF/X-1a  ink at most "
                                      f"{ink:.0f} %"))
            if progress:
                progress()
        if problems:
            raise DataError(problems)
        with atomic_paths([path for path, _ in ready]) as tmps:
            for tmp, (_, written) in zip(tmps, ready, strict=True):
                shutil.copyfile(written, tmp)
    return results


def _flat_rgb(request, shop: Shop, scratch: Path, game_id: str, title: str, deck: Deck,
              trim: Size):
    """The deck's RGB single-card PDF, its transparent art flattened onto what each card
    draws beneath it (PDF/X-1a takes no transparency): (its path, its summary)."""
    from pnp.render.flatten import flatten_pdf, has_transparency

    rgb = scratch / f"{game_id}-{deck.id}.pdf"
    layouts, fonts = request.layouts, font_set(request.font)

    def draw(shared_forms: bool):
        return render_single_cards(rgb, [deck], layouts, fonts, shop.bleed, title,
                                   checked=True, images=request.print_options.images,
                                   trims={deck.id: trim}, shared_forms=shared_forms)

    summary = draw(True)
    if not has_transparency(rgb):
        return rgb, summary
    summary = draw(False)  # every image in its page's own content, to be flattened
    flat = scratch / f"{game_id}-{deck.id}.flat.pdf"
    flatten_pdf(rgb, flat)
    return flat, summary


def _write_checked_pdfx(rgb: Path, written: Path, path: Path, converter, shop: Shop,
                        title: str, pages: list[FacePage]) -> tuple[float, list[Problem]]:
    """Convert, stamp and write `written`, then check it: (the highest ink coverage
    found, percent; the problems, each naming `path`, the page and the card)."""
    from pnp.render.cmyk import convert_pdf
    from pnp.render.pdfx import check_pdfx, stamp_pdfx

    writer = convert_pdf(rgb, converter)
    stamp_pdfx(writer, converter.profile, title)
    writer.compress_identical_objects()
    with open(written, "wb") as handle:
        writer.write(handle)
    document, reports = check_pdfx(written, shop.ink_limit, shop.bleed)
    problems = [Problem(str(path), message) for message in document]
    for number, (report, page) in enumerate(zip(reports, pages, strict=True), start=1):
        problems += [Problem(str(path), f"page {number} ({_face_name(page)}): {message}")
                     for message in report.problems]
    return max((report.ink for report in reports), default=0.0), problems


def _face_name(page: FacePage) -> str:
    label = page.card.label or f"{page.deck.title} {page.index}"
    return f"{label}, {page.side}"


def _write_images(request, shop: Shop, chosen, icc, jobs, progress) -> list[ShopResult]:
    """One PNG per face at the shop's trim + bleed and 300 DPI, drawn by worker
    processes; each file's pixel size checked once written."""
    workers = worker_count(jobs)
    tasks, results = [], []
    with tempfile.TemporaryDirectory(prefix="pnp-shop-") as scratch:
        for game_id, title, deck, (product, trim) in chosen:
            job = FaceJob(deck, title, (), shop.dpi, shop.bleed, request.font,
                          request.templates_dir, Path(scratch),
                          request.print_options.images, trim)
            folder = request.out_dir / game_id / f"shop-{shop.id}"
            targets = [_image_path(shop, folder, page)
                       for page in face_pages([deck], shared_backs_once=True)]
            tasks += [PngTask(replace(job, faces=run), tuple(targets[i] for i in run))
                      for run in _runs(len(targets), workers)]
            width, height = job.size
            results.append(ShopResult(game_id, deck.id, product, tuple(targets),
                                      len(targets), f"{len(targets)} image(s)  {product}  "
                                      f"{width} × {height} px at {shop.dpi} DPI",
                                      (width, height)))
        run_staged(write_pngs, tasks, workers, progress,
                   check=lambda where: _check_pixels(results, where))
    return results


def _image_path(shop: Shop, folder: Path, page: FacePage) -> Path:
    """tgc: `<deck>-<NNN>-front.png` (a shared back `<deck>-back.png`); mpc: fronts and
    backs in their own folders, `<deck>/front/<NNN>.png`, `<deck>/back/<NNN>.png` (a
    shared back `<deck>/back/all.png`)."""
    if shop.id != "mpc":
        return folder / f"{page.name}.png"
    number = "all" if page.index == 0 else f"{page.index:03d}"
    return folder / page.deck.id / page.side / f"{number}.png"


def _check_pixels(results: list[ShopResult], where: dict[Path, Path]) -> None:
    """Every image (read where it was staged, `where`) is exactly the size the shop asks
    for, before any is put in place."""
    from PIL import Image

    problems = []
    for result in results:
        expected = result.pixels
        for path in result.files:
            with Image.open(where[path]) as image:
                if image.size != expected:
                    problems.append(Problem(str(path), f"{image.size[0]} × {image.size[1]} "
                                            f"px, not the {expected[0]} × {expected[1]} px "
                                            "the shop asks for"))
    if problems:
        raise DataError(problems)
