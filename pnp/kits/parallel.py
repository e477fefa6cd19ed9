"""Check and draw a build's planned files, in worker processes when that wins.

A kit is dozens of independent PDFs, and drawing them is CPU work, so on a machine with
more than one core the files are shared among forked workers: forked after planning, each
starts with the game data loaded and checked and the modules imported, and is told only
a file's index in the plan. Every file comes back as bytes; nothing is written until all
of them checked and drew, so a bad word still never leaves a kit half rebuilt. A packed
kit (stage 2) is drawn once its game's documents are done, with their bytes handed to
the worker that packs it, so no document is drawn twice. Bytes do not depend on which
process drew a file: the same inputs give the same PDF in any process.

`PNP_JOBS=N` caps the workers (1: everything in this process, as on a one-core machine).
"""

from __future__ import annotations

import os
import queue
from collections.abc import Callable, Sequence
from pathlib import Path

from pnp.errors import FitError, PnpError
from pnp.kits.request import PlannedFile, Rendered
from pnp.render.pdf import pypdf_module

Progress = Callable[[PlannedFile], object] | None
After = Callable[[bytes], object] | None

_PLAN: Sequence[PlannedFile] = ()  # the plan a forked worker inherits from its parent
_AFTER: After = None  # and what it makes of each drawn file's bytes
MIN_FILES = 3  # fewer files than this are drawn here: forking would cost more than it wins
QUEUED = 2  # files out per worker: the one it draws and the one it takes next


def draw_all(planned: Sequence[PlannedFile], progress: Progress = None, after: After = None,
             settle: Callable[[], object] | None = None
             ) -> tuple[dict[Path, Rendered], dict[Path, object]]:
    """Every planned file checked and drawn in memory, by path, and what `after` made of
    each one's bytes (the gallery's previews) in the same worker; FitError (nothing drawn
    further) listing every problem, in plan order, when any check fails. `settle` is
    called before any worker is forked: it ends this process's own background threads
    (the art checked ahead), so a worker starts with their answers and no thread."""
    jobs = _jobs(planned)
    if jobs <= 1:
        return _draw_here(planned, progress, after)
    if settle:
        settle()
    return _draw_in_workers(planned, progress, jobs, after)


def _jobs(items: Sequence) -> int:
    """Workers for `items`: every core this process may use (or PNP_JOBS), 1 where the
    platform cannot fork or there is too little to share."""
    wanted = os.environ.get("PNP_JOBS", "")
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
        os.cpu_count() or 1
    jobs = int(wanted) if wanted.isdigit() and int(wanted) > 0 else cores
    if len(items) < MIN_FILES or jobs <= 1:
        return 1
    import multiprocessing  # only here: a one-file build never pays for its import

    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return min(jobs, len(items))


_ITEMS: tuple = ()


def fork_map(work: Callable, items: Sequence) -> list:
    """`work(item)` for each item, results in order: shared among forked workers (which
    inherit `work` and the items, so neither needs pickling) when that wins, else here."""
    global _ITEMS
    jobs = _jobs(items)
    if jobs <= 1:
        return [work(item) for item in items]
    _ITEMS = (work, tuple(items))
    from pnp.content.processes import worker_pool

    try:
        with worker_pool(jobs) as pool:
            return pool.map(_call, range(len(items)), chunksize=1)
    finally:
        _ITEMS = ()


def _call(index: int):
    work, items = _ITEMS
    return work(items[index])


def _draw_here(planned: Sequence[PlannedFile], progress: Progress, after: After
               ) -> tuple[dict[Path, Rendered], dict[Path, object]]:
    problems = [p for f in planned for p in f.check()]
    if problems:
        raise FitError(problems)
    rendered, extras = {}, {}
    for f in planned:
        rendered[f.path] = f.render()
        if after:
            extras[f.path] = after(rendered[f.path].data)
        if progress:
            progress(f)
    return rendered, extras


def _work(job: tuple[int, list[tuple[int, Rendered]], bool]):
    """In a worker: hand over the bytes of files drawn elsewhere, then check file `index`
    and, if `draw`, draw it. A PnpError travels back as its class and problems (its
    pickled form would keep only the message)."""
    index, kept, draw = job
    for other, rendered in kept:
        _PLAN[other].keep(rendered)
    planned = _PLAN[index]
    try:
        problems = planned.check()
    except PnpError as exc:
        return index, [], None, (type(exc), exc.problems, "check")
    try:
        rendered = planned.render() if draw and not problems else None
    except PnpError as exc:
        return index, [], None, (type(exc), exc.problems, "draw")
    extra = _AFTER(rendered.data) if _AFTER and rendered is not None else None
    return index, problems, (rendered, extra), None


def _draw_in_workers(planned: Sequence[PlannedFile], progress: Progress, jobs: int,
                     after: After) -> tuple[dict[Path, Rendered], dict[Path, object]]:
    """Only `jobs` files per worker are out at a time (QUEUED), the rest wait in `ready`,
    so a packed kit whose documents are done goes next, ahead of the small files that
    even out the end; the one queued behind each running file is what a worker takes
    the moment it is done, instead of idling while this process hears of it and sends
    the next (10-20 ms a file on a busy machine)."""
    global _PLAN, _AFTER
    _PLAN, _AFTER = planned, after
    _import_before_forking(planned)
    first = [i for i, f in enumerate(planned) if f.stage == 1]
    sources = {i: [k for k in first if planned[k].game == f.game and planned[k].keep]
               for i, f in enumerate(planned) if f.stage != 1}
    waiting = {i: set(needs) for i, needs in sources.items() if needs}
    ready = [i for i in sources if i not in waiting] + _in_order(planned, first)
    done: queue.Queue = queue.Queue()
    results: dict[int, tuple] = {}
    from pnp.content.processes import worker_pool

    try:
        with worker_pool(jobs) as pool:
            running, failed = 0, False
            while ready or running:
                while ready and running < jobs * QUEUED:
                    index = ready.pop(0)
                    if failed and planned[index].stage != 1:
                        continue  # nothing will be written: no kit to pack
                    kept = [(k, results[k][1][0]) for k in sources.get(index, ())]
                    # after a failure the rest is only checked, so every problem is told
                    pool.apply_async(_work, ((index, kept, not failed),), callback=done.put,
                                     error_callback=lambda exc: done.put((None, exc)))
                    running += 1
                if not running:
                    break
                index, *result = done.get()
                running -= 1
                if index is None:
                    raise result[0]  # a bug, not bad input: the worker's own exception
                results[index] = result
                failed = failed or bool(result[0] or result[2])
                if failed:
                    continue
                if progress:
                    progress(planned[index])
                for kit, needs in waiting.items():
                    if index in needs:
                        needs.discard(index)
                        if not needs:
                            ready.insert(0, kit)
    finally:
        _PLAN, _AFTER = (), None
    _raise_problems(planned, results)
    for index in first:
        if planned[index].keep:
            planned[index].keep(results[index][1][0])
    return ({planned[i].path: results[i][1][0] for i in results},
            {planned[i].path: results[i][1][1] for i in results} if after else {})


def _import_before_forking(planned: Sequence[PlannedFile]) -> None:
    """Import here what every worker would otherwise import for itself: reportlab's
    canvas, and when several files need them, platypus with the rule sheets and score
    pads (documents) and pypdf (kits). Each forked worker inherits them; before, each
    worker spent its own 150 ms importing the same modules (the same work on both
    cores, a tenth of a full build's CPU). Not a gain in wall time on an idle machine
    (a worker's first file waited for its imports, the fork waits now), but CPU a
    shared machine's other work does not get."""
    import importlib

    names = ["reportlab.pdfgen.canvas"]
    if sum(f.data is not None for f in planned) > 1:
        names += ["reportlab.platypus", "pnp.render.rulesheet", "pnp.render.scorepad"]
    for name in names:
        importlib.import_module(name)
    if sum(f.stage != 1 for f in planned) > 1:
        pypdf_module()


def _in_order(planned: Sequence[PlannedFile], indices: list[int]) -> list[int]:
    """The documents first (a packed kit waits for them), the games with the most to draw
    first; then every other file, longest first, whatever its game. So every kit, the
    longest files of all, starts early, and the end is evened out by the smallest files:
    ordered game by game, the last game's kit and dice were left for one worker at the
    end while the other had nothing left (80-100 ms on a busy machine)."""
    weight: dict[str, int] = {}
    for i in indices:
        weight[planned[i].game] = weight.get(planned[i].game, 0) + _cost(planned[i])
    return sorted(indices, key=lambda i: (planned[i].keep is None, -weight[planned[i].game]
                                          if planned[i].keep else 0, -_cost(planned[i])))


def _raise_problems(planned: Sequence[PlannedFile], results: dict[int, tuple]) -> None:
    """What checking the files one by one in plan order, then drawing them, would have
    raised: a check's own error, else every check's problems, else a drawing's error."""
    problems = []
    for index in sorted(results):
        found, _, error = results[index]
        if error and error[2] == "check":
            raise error[0](error[1])
        problems += found
    if problems:
        raise FitError(problems)
    for index in sorted(results):
        error = results[index][2]
        if error:
            raise error[0](error[1])


def _cost(planned: PlannedFile) -> int:
    """Rough drawing cost, to start the longest files first: documents are laid out by
    platypus page by page, decks are as long as they have cards."""
    if planned.data is not None:
        return 1000
    return sum(_faces(p) for p in planned.printables)


def _faces(printable) -> int:
    """Faces to draw: a card's front and its own back, or every face of a piece (a die
    net is six; counted as one piece, the dice came out cheaper than they are)."""
    if hasattr(printable, "cards"):
        return sum(1 + (card.back is not None) for card in printable.cards)
    return sum(max(1, len(piece.faces)) for piece in printable.pieces)
