"""Process pools for the jobs that share their work among cores (build, simulate, ladder).

Why one helper: a pool started the plain way lets a terminal's Ctrl-C reach every worker.
A worker that dies of it while taking its next task can die holding the pool's queue
lock, and the pool's clean-up then waits for that lock for ever: the command hangs instead
of stopping. Workers made here are born with Ctrl-C blocked and then ignore it, so only
the main process hears it; it stops the pool and says so once."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def worker_pool(jobs: int, initializer: Callable[..., Any] | None = None,
                initargs: tuple = ()) -> Iterator[Any]:
    """A `multiprocessing` pool of `jobs` forked workers (spawned where the platform
    cannot fork), each running `initializer(*initargs)` first; closed on leaving."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    masking = hasattr(signal, "pthread_sigmask")
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if masking else None
    try:
        # The pool's own threads start here too, so the workers they replace later are
        # born with Ctrl-C blocked as well.
        pool = context.Pool(jobs, initializer=_deaf_worker, initargs=(initializer, initargs))
    except BaseException:
        _restore(old)
        raise
    with pool:  # a Ctrl-C held back arrives now, inside, so the pool is stopped
        _restore(old)
        yield pool


def _restore(mask: Any) -> None:
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _deaf_worker(initializer: Callable[..., Any] | None, initargs: tuple) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if initializer is not None:
        initializer(*initargs)
