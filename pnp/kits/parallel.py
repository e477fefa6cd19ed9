"""Check and draw a build's planned files, in worker processes when that wins.

A kit is dozens of independent PDFs, and drawing them is CPU work, so on a machine with
more than one core the files are shared among forked workers: forked after planning, each
starts with the game data loaded and checked and the modules imported, and is told only
a file's index in the plan. Every file comes back as bytes; nothing is written until all
of them checked and drew, so a bad word still never leaves a kit half rebuilt. A packed
kit (stage 2) has its sheets drawn by a worker and is joined here with its game's
documents as the workers drew them, so no document is drawn twice. Bytes do not depend
on which process drew a file: the same inputs give the same PDF in any process.

`PNP_JOBS=N` caps the workers (1: everything in this process, as on a one-core machine).
"""

from __future__ import annotations

import os
import queue
from collections.abc import Callable, Container, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
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


def _work(job: tuple[int, bool, bool]):
    """In a worker: check file `index` and, if `draw`, draw it (only its part, unless
    `whole`: the build's own process finishes it). A PnpError travels back as its class
    and problems (its pickled form would keep only the message)."""
    index, draw, whole = job
    planned = _PLAN[index]
    try:
        problems = planned.check()
    except PnpError as exc:
        return index, [], None, (type(exc), exc.problems, "check")
    try:
        made = None
        if draw and not problems:
            made = planned.render() if whole else planned.part()
    except PnpError as exc:
        return index, [], None, (type(exc), exc.problems, "draw")
    extra = _AFTER(made.data) if _AFTER and whole and made is not None else None
    return index, problems, (made, extra), None


def _draw_in_workers(planned: Sequence[PlannedFile], progress: Progress, jobs: int,
                     after: After) -> tuple[dict[Path, Rendered], dict[Path, object]]:
    """Only QUEUED files per worker are out at a time, the rest wait in `ready`: the one
    queued behind each running file is what a worker takes the moment it is done,
    instead of idling while this process hears of it and sends the next (10-20 ms a file
    on a busy machine). A packed kit's sheets are drawn by a worker like any file; this
    process joins them with the documents once all are back (`_Joins`)."""
    global _PLAN, _AFTER
    _PLAN, _AFTER = planned, after
    ready = _in_order(planned, list(range(len(planned))))
    done: queue.Queue = queue.Queue()
    joins = _Joins(planned, after, progress, done)
    try:
        with ExitStack() as stack:
            workers = _Workers(planned, done, joins.needs)
            workers.fork(stack, jobs, ready)
            failed = False
            while ready or workers.running or joins.pending:
                workers.hand_out(ready, failed)
                if not workers.running and not joins.pending:
                    break
                index, *result = done.get()
                if index is None:
                    raise result[0]  # a bug, not bad input: the worker's own exception
                if index == _JOINED:
                    joins.joined(*result)
                    continue
                workers.back(index)
                failed = failed or bool(result[0] or result[2])
                joins.arrived(index, result, failed)
    finally:
        joins.close()
        _PLAN, _AFTER = (), None
    results = joins.results
    _raise_problems(planned, results)
    return ({planned[i].path: results[i][1][0] for i in results},
            {planned[i].path: results[i][1][1] for i in results} if after else {})


class _Workers:
    """The worker processes, forked in two goes when the plan has documents: one worker
    as soon as reportlab's canvas is imported (all a card or piece sheet needs), which
    starts drawing them at once; the others once platypus and the document modules are
    imported too, which draw the documents. The first worker's start no longer waits
    for the 60 ms of the documents' imports, which this process does meanwhile on the
    other core; nothing is imported twice unless the first worker runs out of sheets."""

    def __init__(self, planned: Sequence[PlannedFile], done: queue.Queue,
                 joined_here: Container[int]):
        self.planned, self.done, self.joined_here = planned, done, joined_here
        self.slots: list[_Slot] = []
        self.out: dict[int, _Slot] = {}

    def fork(self, stack: ExitStack, jobs: int, ready: list[int]) -> None:
        """Fork the workers (their pools closed with `stack`); the first, when the plan
        has documents and sheets, is handed its files before the others are forked."""
        from pnp.content.processes import worker_pool

        _import_before_forking(self.planned, documents=False)
        whole_kits = [i for i, f in enumerate(self.planned)
                      if f.finish is not None and i not in self.joined_here]
        if len(whole_kits) > 1:
            pypdf_module()  # the workers join them: imported once, here
        if len({f.data is None for f in self.planned}) == 2:  # documents and sheets
            self.slots.append(_Slot(stack.enter_context(worker_pool(1)), QUEUED, False))
            self.hand_out(ready, failed=False)
            jobs -= 1
            _import_before_forking(self.planned, documents=True)
        self.slots.append(_Slot(stack.enter_context(worker_pool(jobs)), QUEUED * jobs, True))

    @property
    def running(self) -> int:
        return len(self.out)

    def hand_out(self, ready: list[int], failed: bool) -> None:
        """Fill each worker's queue from `ready`, in order, with the files it prefers:
        the first worker sheets (it takes a document only when nothing else is left,
        importing platypus itself rather than wait), the others documents first (so the
        kits are joined early, not at the end); after a failure only checks are handed
        out (so every problem is told), and no kit (nothing will be written)."""
        for slot in self.slots:
            while sum(s is slot for s in self.out.values()) < slot.capacity:
                index = next((i for i in ready if slot.prefers(self.planned[i])),
                             ready[0] if ready else None)
                if index is None:
                    break
                ready.remove(index)
                if failed and self.planned[index].stage != 1:
                    continue
                self.out[index] = slot
                whole = index not in self.joined_here
                slot.pool.apply_async(_work, ((index, not failed, whole),),
                                      callback=self.done.put,
                                      error_callback=lambda exc: self.done.put((None, exc)))

    def back(self, index: int) -> None:
        del self.out[index]


@dataclass
class _Slot:
    """A pool of workers: how many files it may have out, whether it is the one for
    documents (else for sheets)."""

    pool: object
    capacity: int
    documents: bool

    def prefers(self, planned: PlannedFile) -> bool:
        return (planned.data is not None) == self.documents


_JOINED = "joined"  # a message on the results queue: a kit joined here


class _Joins:
    """The results as they come back, and the files this process finishes (the packed
    kits): each is joined as soon as its part and its game's documents are all back, in
    a thread of this process, so that the main thread goes on handing the workers their
    next files meanwhile. pypdf is imported for the first join: before, the workers joined,
    so pypdf was imported before they were forked, 40 ms while the second core had
    nothing to do."""

    def __init__(self, planned: Sequence[PlannedFile], after: After, progress: Progress,
                 done: queue.Queue):
        self.planned, self.after, self.progress, self.done = planned, after, progress, done
        self.results: dict[int, tuple] = {}
        self.pending = 0
        self.joiner = None
        first = [i for i, f in enumerate(planned) if f.stage == 1 and f.keep]
        needs = {i: {k for k in first if planned[k].game == f.game}
                 for i, f in enumerate(planned) if f.finish is not None}
        # A kit whose documents the plan does not draw (`-c kit`) is drawn whole by its
        # worker, documents and all, as it was: joined here, they would be drawn one
        # after the other in this process.
        self.needs = {kit: docs for kit, docs in needs.items() if docs}

    def arrived(self, index: int, result: list, failed: bool) -> None:
        """A worker's result; a kit whose part and documents are now all back is joined."""
        self.results[index] = result
        if failed:
            return  # nothing will be written: nothing more to join or tell
        planned = self.planned[index]
        if planned.keep:
            planned.keep(result[1][0])  # a document: the bytes its kit joins
        if index not in self.needs and self.progress:
            self.progress(planned)
        for kit, needs in list(self.needs.items()):
            if kit in self.results and needs <= self.results.keys():
                del self.needs[kit]
                self._start(kit)

    def joined(self, kit: int, rendered: Rendered, extra: object) -> None:
        self.pending -= 1
        problems, _, error = self.results[kit]
        self.results[kit] = (problems, (rendered, extra), error)
        if self.progress:
            self.progress(self.planned[kit])

    def _start(self, kit: int) -> None:
        """Queue the kit's join for the one thread that joins (one at a time: a
        thumbnail not in the cache is drawn by pdfium, which must not run twice at once)."""
        if self.joiner is None:
            from concurrent.futures import ThreadPoolExecutor

            self.joiner = ThreadPoolExecutor(1, thread_name_prefix="pnp-join")
        self.pending += 1
        self.joiner.submit(self._join, kit)

    def close(self) -> None:
        """Wait for the joining thread to end (after an error, for its join in hand)."""
        if self.joiner is not None:
            self.joiner.shutdown(wait=True, cancel_futures=True)

    def _join(self, kit: int) -> None:
        try:
            rendered = self.planned[kit].finish(self.results[kit][1][0])
            extra = self.after(rendered.data) if self.after else None
        except BaseException as exc:  # a bug: raised in the main thread, as a worker's;
            self.done.put((None, exc))  # whatever it is, the main thread must hear of it
            return
        self.done.put((_JOINED, kit, rendered, extra))


def _import_before_forking(planned: Sequence[PlannedFile], documents: bool) -> None:
    """Import here what every worker would otherwise import for itself: reportlab's
    canvas, or (`documents`), when several files need them, platypus with the rule
    sheets and score pads; pypdf only this process uses (`_Joins`). Each forked worker
    inherits them; before, each worker spent its own 150 ms importing the same modules
    (the same work on both cores, a tenth of a full build's CPU)."""
    import importlib

    names = ["reportlab.pdfgen.canvas"]
    if documents:
        more = sum(f.data is not None for f in planned) > 1
        names = ["reportlab.platypus", "pnp.render.rulesheet", "pnp.render.scorepad"] \
            if more else []
    for name in names:
        importlib.import_module(name)


def _in_order(planned: Sequence[PlannedFile], indices: list[int]) -> list[int]:
    """The packed kits first, the longest files of all, then the documents (each kit is
    joined once its documents are back), the games with the most to draw first; then
    every other file, longest first, whatever its game: the end is evened out by the
    smallest files. Ordered game by game, the last game's kit and dice were left for one
    worker at the end while the other had nothing left (80-100 ms on a busy machine)."""
    weight: dict[str, int] = {}
    for i in indices:
        weight[planned[i].game] = weight.get(planned[i].game, 0) + _cost(planned[i])

    def key(i: int) -> tuple:
        f = planned[i]
        group = 0 if f.finish is not None else 1 if f.keep else 2
        return group, -weight[f.game] if group < 2 else 0, -_cost(f)

    return sorted(indices, key=key)


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
