"""Running a studio job in a process of its own, with a time limit.

A build, a PDF, a balance test or the check of an upload runs in a child process (forked
by a fork server that has the toolkit imported, so a child starts in milliseconds): the
server stays responsive meanwhile, a job that runs past its time is killed rather than
left to run, and a bomb that slips through every check can only exhaust its own process
(each child has a memory and CPU-time ceiling). At most `WORKERS` children run at once;
the others wait for a free one. The child sends back its result, its progress, or the
problems (`PnpError`) that stopped it; anything else is a bug, logged by the server.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from pnp.errors import PnpError, Problem
from pnp.web.studio.limits import QUEUE_JOBS, QUEUE_SECONDS, TIME_LIMIT, WORKERS

PRELOAD = ["pnp.web.studio.tasks", "pnp.kits.build", "pnp.kits.promo_cards",
           "pnp.kits.word_lists", "pnp.simulate.verdict", "pnp.validate"]
MEMORY_CEILING = 4 * 1024**3
"""Address space of one child: far above any honest build, far below the machine."""

_slots = threading.BoundedSemaphore(WORKERS)
_admitted = [0]
_admitted_lock = threading.Lock()
_context: list = []
_log = logging.getLogger("pnp.web")


class TimeLimit(Exception):
    """The job ran past its time and was stopped."""

    def __init__(self, seconds: float):
        super().__init__(f"took longer than {seconds:g} s and was stopped")
        self.seconds = seconds


class Busy(Exception):
    """No worker became free in time."""


class Cancelled(Exception):
    """The job was called off (a newer one replaced it)."""


class JobProblems(PnpError):
    """What the toolkit refused in the child, with its problems."""


class JobFailed(Exception):
    """The child failed for a reason that is not the input's (a bug): logged."""


def _ctx():
    if not _context:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        _context.append(ctx)
    return _context[0]


def run_job(target: Callable, args: tuple, seconds: float = TIME_LIMIT,
            progress: Callable[[Any], None] | None = None,
            cancelled: threading.Event | None = None,
            waiting: Callable[[], None] | None = None) -> Any:
    """`target(*args, report)` in a child process: its result, or TimeLimit, Busy,
    Cancelled, JobProblems. Blocks (call it from a thread). `report(value)` in the child
    calls `progress(value)` here; `waiting()` is called once if no worker is free yet."""
    if not _slots.acquire(blocking=False):
        if waiting:
            waiting()
        if not _wait_for_slot(cancelled):
            raise Cancelled() if cancelled is not None and cancelled.is_set() else Busy()
    try:
        return _supervise(target, args, seconds, progress, cancelled)
    finally:
        _slots.release()


@contextlib.contextmanager
def admitted():
    """A place among the jobs running or queued (WORKERS + QUEUE_JOBS of them), taken
    before the job gets a thread; Busy at once when there is none, so a crowd of requests
    is answered 429 at once instead of piling up in the server."""
    with _admitted_lock:
        if _admitted[0] >= WORKERS + QUEUE_JOBS:
            raise Busy()
        _admitted[0] += 1
    try:
        yield
    finally:
        with _admitted_lock:
            _admitted[0] -= 1


def _wait_for_slot(cancelled: threading.Event | None) -> bool:
    deadline = time.monotonic() + QUEUE_SECONDS
    while time.monotonic() < deadline:
        if cancelled is not None and cancelled.is_set():
            return False
        if _slots.acquire(timeout=0.25):
            return True
    return False


def _supervise(target, args, seconds, progress, cancelled) -> Any:
    ctx = _ctx()
    receiver, sender = ctx.Pipe(duplex=False)
    process = ctx.Process(target=_child, args=(sender, target, args, seconds), daemon=True)
    process.start()
    sender.close()
    deadline = time.monotonic() + seconds
    try:
        while True:
            if cancelled is not None and cancelled.is_set():
                raise Cancelled()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeLimit(seconds)
            if not receiver.poll(min(left, 0.2)):
                continue
            try:
                kind, value = receiver.recv()
            except EOFError:
                process.join(5)
                raise JobFailed(f"the worker process ended without an answer (exit code "
                                f"{process.exitcode})") from None
            if kind == "progress":
                if progress:
                    progress(value)
                continue
            return _answer(kind, value)
    finally:
        receiver.close()
        _stop(process)


def _stop(process) -> None:
    """The job's process and any workers it forked, killed if still running."""
    if process.is_alive():
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
        process.kill()
    process.join(5)


def _answer(kind: str, value: Any) -> Any:
    if kind == "ok":
        return value
    if kind == "problems":
        raise JobProblems([Problem(**p) for p in value])
    _log.error("studio job failed:\n%s", value)
    raise JobFailed("the job failed; the server's log says why")


def _child(sender, target, args, seconds) -> None:
    """In the child: ceilings first, then the job; every outcome is sent as a message.
    The child leads a process group of its own and may fork workers (a build does, one
    per core): stopping the job stops the whole group."""
    os.setpgrp()
    with contextlib.suppress(OSError):
        os.nice(5)  # the server's own requests (the phones' checker) come first
    multiprocessing.current_process().daemon = False  # a build's workers are its children
    _ceilings(seconds)
    try:
        result = target(*args, lambda value: sender.send(("progress", value)))
        sender.send(("ok", result))
    except PnpError as exc:
        sender.send(("problems", [{"file": p.file, "message": p.message, "line": p.line,
                                   "path": p.path} for p in exc.problems]))
    except MemoryError:
        sender.send(("problems", [{"file": "", "message": "the job needed more memory "
                                   "than the studio allows one job", "line": None,
                                   "path": None}]))
    except Exception:  # a bug: its traceback goes to the server's log, not to the page
        sender.send(("crash", traceback.format_exc()))
    finally:
        sender.close()


def _ceilings(seconds: float) -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CEILING, MEMORY_CEILING))
        cpu = int(seconds) + 10
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
    except (ImportError, ValueError, OSError):  # not on this system: the deadline remains
        pass
