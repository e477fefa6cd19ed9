"""`pnp export`: the card decks as per-card PNG images, print-shop PDFs, or Tabletop
Simulator decks.

All three come from the same single-card pages (`render.single`), drawn by the same
layout code as the home-print sheets, so a PNG preview, a shop proof, a virtual
playtest and a printed card agree. Rasterising is the slow part, so the images are made
by worker processes, each rendering its own pages; the files do not depend on how the
work was split.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.content.output import atomic_paths
from pnp.errors import OutputError, Problem, UsageError
from pnp.kits.build import game_printables
from pnp.kits.languages import suffix
from pnp.kits.request import BuildRequest
from pnp.render.decks import FileSummary
from pnp.render.fonts import font_set
from pnp.render.geometry import Size, card_size, check_margins
from pnp.render.images import ImageSettings
from pnp.render.layout import LayoutSet, layout_set
from pnp.render.model import Deck
from pnp.render.raster import rasterise, round_cut, write_png
from pnp.render.single import ORDERS, face_pages, render_single_cards

MIN_DPI, MAX_DPI = 72, 1200
MAX_JOBS = 256


@dataclass(frozen=True)
class ImageSet:
    """The PNGs written for one deck."""

    deck: str
    folder: Path
    files: tuple[Path, ...]
    pixels: tuple[int, int]


@dataclass(frozen=True)
class FaceJob:
    """Some faces of one deck for one worker to draw and rasterise: a unit of work.

    It carries the font family and templates folder rather than their loaded forms, so a
    worker process loads (or inherits) its own; `faces` index the deck's single-card
    pages in print order (`face_pages(..., shared_backs_once=True)`)."""

    deck: Deck
    title: str
    faces: tuple[int, ...]
    dpi: int
    bleed: float
    font: object
    templates: Path | None
    scratch: Path
    images: ImageSettings = ImageSettings()
    trim: Size | None = None

    @property
    def size(self) -> tuple[int, int]:
        return pixel_size(self.trim or self.deck, self.dpi, self.bleed)


@dataclass(frozen=True)
class PngTask:
    """Rasterise a job's faces, each into its own PNG file."""

    job: FaceJob
    targets: tuple[Path, ...]

    def outputs(self) -> tuple[Path, ...]:
        return self.targets

    def staged(self, where: dict[Path, Path]) -> PngTask:
        return replace(self, targets=tuple(where[path] for path in self.targets))


def pixel_size(deck: Deck | Size, dpi: int, bleed: float) -> tuple[int, int]:
    """Exact image size of a card (or a shop's trim) with bleed: (trim + 2 × bleed) in
    inches × dpi, rounded."""
    size = deck if isinstance(deck, Size) else card_size(deck.size)
    return (round((size.width + 2 * bleed) / 25.4 * dpi),
            round((size.height + 2 * bleed) / 25.4 * dpi))


def check_dpi(dpi: int) -> None:
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise UsageError(f"--dpi must be between {MIN_DPI} and {MAX_DPI}, not {dpi}")


def worker_count(jobs: int | None) -> int:
    """`--jobs`: 0 or None means every core this process may use."""
    if jobs is None or jobs == 0:
        try:
            return len(os.sched_getaffinity(0))
        except AttributeError:  # not on Linux
            return os.cpu_count() or 1
    if not 1 <= jobs <= MAX_JOBS:
        raise UsageError(f"--jobs must be between 1 and {MAX_JOBS} (0: every core), not {jobs}")
    return jobs


def export_decks(request: BuildRequest) -> list[tuple[str, str, list[Deck]]]:
    """(game id, game title, card decks) for the request's games and components, in the
    request's language (each deck's id, and so each file's name, ends in `-<lang>` but
    in English, as a build's files do); dice
    nets and other non-card printables have no single-card form and are left out
    (`left_out` names them). UsageError when a component asked for is unknown or not a
    card deck, or when nothing at all would be exported."""
    check_margins(5.0, request.options.bleed)
    check_output_folder(request.out_dir)
    every = game_printables(request)
    decks = [(g, t, [p for p in printables if isinstance(p, Deck)])
             for g, t, printables in every]
    known = {d.id for _, _, found in decks for d in found}
    pieces = [p.id for _, _, printables in every for p in printables
              if not isinstance(p, Deck)]
    _check_components(request, known, pieces)
    wanted = set(request.components or known)
    end = suffix(request.lang)  # a language's files side by side with the others
    chosen = [(g, t, [replace(d, id=f"{d.id}{end}") for d in found if d.id in wanted])
              for g, t, found in decks]
    chosen = [entry for entry in chosen if entry[2]]
    if not chosen:
        titles = " and ".join(t for _, t, _ in every)
        have = "has" if len(every) == 1 else "have"
        raise UsageError(f"nothing to export: {titles} {have} no card decks; "
                         f"{', '.join(pieces) or 'none'} {_NOT_CARDS}")
    return chosen


def check_output_folder(out: Path) -> None:
    """OutputError naming `--out` when it cannot be a folder at all (a symlink to itself,
    a loop of links): checked before any drawing, and before any URL is made from it."""
    try:
        out.resolve()
    except (OSError, RuntimeError) as exc:  # RuntimeError: Python 3.11's symlink loop
        raise OutputError(Problem(str(out), f"cannot write here: {exc}")) from None


_NOT_CARDS = ("are not cards (dice nets, dividers and tuck boxes have no single-card form: "
              "`pnp build` prints them)")


def _check_components(request: BuildRequest, known: set[str], pieces: list[str]) -> None:
    """Every `-c` asked for names a card deck of the requested games."""
    asked = list(dict.fromkeys(request.components))
    decks = f"card decks of {', '.join(request.game_ids)}: {', '.join(sorted(known)) or 'none'}"
    not_cards = [c for c in asked if c in pieces]
    if not_cards:
        raise UsageError(f"{', '.join(not_cards)}: not a card deck; {', '.join(not_cards)} "
                         f"{_NOT_CARDS}; {decks}")
    unknown = sorted(set(asked) - known)
    if unknown:
        raise UsageError(f"unknown card component(s) {', '.join(unknown)}; {decks}")


def left_out(request: BuildRequest) -> list[str]:
    """What an export of the request's games does not write, one line per game: its
    printables that are not cards (nothing when `-c` chose the decks)."""
    if request.components:
        return []
    return [f"not exported: {g} {', '.join(p.id for p in pieces)} {_NOT_CARDS}"
            for g, _, printables in game_printables(request)
            if (pieces := [p for p in printables if not isinstance(p, Deck)])]


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
                                               request.options.bleed, title, order,
                                               images=request.print_options.images))
            if progress:
                progress()
    return written


def export_png(request: BuildRequest, dpi: int = 300, jobs: int | None = None,
               progress: Callable[[], None] | None = None) -> list[ImageSet]:
    """One PNG per card face (a shared back once) in `<out>/<game>/png/`, drawn and
    rasterised by `jobs` worker processes (None or 0: every core)."""
    check_dpi(dpi)
    workers = worker_count(jobs)
    chosen = checked_decks(request)
    results, tasks = [], []
    with tempfile.TemporaryDirectory(prefix="pnp-export-") as scratch:
        for game_id, title, decks in chosen:
            folder = request.out_dir / game_id / "png"
            for deck in decks:
                targets = [folder / f"{page.name}.png"
                           for page in face_pages([deck], shared_backs_once=True)]
                job = FaceJob(deck, title, (), dpi, request.options.bleed, request.font,
                              request.templates_dir, Path(scratch),
                              request.print_options.images)
                tasks += [PngTask(replace(job, faces=run), tuple(targets[i] for i in run))
                          for run in _runs(len(targets), workers)]
                results.append(ImageSet(deck.id, folder, tuple(targets), job.size))
        run_staged(write_pngs, tasks, workers, progress)
    return results


def checked_decks(request: BuildRequest) -> list[tuple[str, str, list[Deck]]]:
    """`export_decks`, with every text's fit and glyphs checked once, up front, so the
    workers draw without checking again and a bad word stops the export before any file
    is written."""
    from pnp.errors import FitError
    from pnp.render.decks import PrintOptions, preflight

    chosen = export_decks(request)
    layouts, fonts = _layouts(request), font_set(request.font)
    options = PrintOptions(bleed=request.options.bleed, image_dpi=request.options.image_dpi,
                           art_cache=request.print_options.art_cache)
    problems = [p for _, _, decks in chosen for p in preflight(decks, layouts, fonts, options)]
    if problems:
        raise FitError(problems)
    return chosen


def face_images(job: FaceJob) -> Iterator:
    """Worker side: draw the job's faces into a scratch PDF, then yield each rasterised."""
    fonts, layouts = font_set(job.font), layout_set(job.templates)
    handle, name = tempfile.mkstemp(suffix=".pdf", dir=job.scratch)
    os.close(handle)
    pdf = Path(name)
    try:
        render_single_cards(pdf, [job.deck], layouts, fonts, job.bleed, job.title,
                            shared_backs_once=True, select=job.faces, checked=True,
                            images=job.images,
                            trims={job.deck.id: job.trim} if job.trim else None)
        yield from rasterise(pdf, range(len(job.faces)), job.dpi, job.size)
    finally:
        pdf.unlink(missing_ok=True)


def write_pngs(task: PngTask) -> None:
    """Worker: one PNG (recording its DPI) per face of the task, into its staged path."""
    images = face_images(task.job)
    if task.job.deck.shape == "circle":
        images = (round_cut(image) for image in images)
    for image, path in zip(images, task.targets, strict=True):
        write_png(image, path, task.job.dpi)


def _runs(count: int, workers: int) -> list[tuple[int, ...]]:
    """0..count-1 in contiguous runs, a few per worker, so that small and large decks
    even out across the pool."""
    per_run = max(1, -(-count // (workers * 2)))
    return [tuple(range(i, min(i + per_run, count))) for i in range(0, count, per_run)]


def run_tasks(work: Callable, tasks: list, workers: int,
              progress: Callable[[], None] | None = None) -> list:
    """`work(task)` for every task: in this process for one worker or one task, else in a
    process pool. Results come back in task order."""
    if workers == 1 or len(tasks) <= 1:
        return [_done(work(task), progress) for task in tasks]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=min(workers, len(tasks)),
                             mp_context=_fork_context()) as pool:
        return [_done(result, progress) for result in pool.map(work, tasks)]


def run_staged(work: Callable, tasks: list, workers: int,
               progress: Callable[[], None] | None = None,
               check: Callable[[dict[Path, Path]], object] | None = None) -> list:
    """`run_tasks` with every task's files (`task.outputs()`) staged: each task writes
    into a private folder beside each of its files (`task.staged(where)`), and the files
    are renamed into place together only once every task is done and `check` (given the
    staged path of each file) raised nothing. An export that fails, is stopped or killed
    midway leaves the previous export's images as they were, not a mix of old and new
    (a killed one's private folders are swept by the next write there)."""
    outputs = [path for task in tasks for path in task.outputs()]
    if not outputs:
        return run_tasks(work, tasks, workers, progress)
    with atomic_paths(outputs) as staged:
        where = dict(zip(outputs, staged, strict=True))
        results = run_tasks(work, [task.staged(where) for task in tasks], workers, progress)
        if check:
            check(where)
    return results


def _done(result, progress):
    if progress:
        progress()
    return result


def _fork_context():
    """Fork where the platform has it: workers start at once with the fonts and layouts
    already loaded, instead of re-importing the toolkit (spawn costs ~0.5 s each)."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def _layouts(request: BuildRequest) -> LayoutSet:
    return request.layouts
