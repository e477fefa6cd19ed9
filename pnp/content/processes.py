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

STOP_PATIENCE = 5.0
"""Seconds a pool is given to stop in order before its workers are killed (in order it
takes milliseconds)."""


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
    others = set(multiprocessing.active_children())
    try:
        # The pool's own threads start here too, so the workers they replace later are
        # born with Ctrl-C blocked as well.
        pool = context.Pool(jobs, initializer=_deaf_worker, initargs=(initializer, initargs))
    except BaseException:
        _restore(old)
        raise
    ending = _EndSignals()
    try:
        _restore(old)  # a Ctrl-C held back arrives now, inside, so the pool is stopped
        with ending:
            yield pool
    finally:
        _stop(pool, others)
        ending.die_of_it()


STOP_SIGNALS = ("SIGTERM", "SIGHUP")


class _Ended(BaseException):
    """The main process was told to end (SIGTERM, SIGHUP) while its pool was working."""


class _EndSignals:
    """While a pool works, SIGTERM and SIGHUP in the main process unwind it (open output
    files are dropped, the pool is stopped) before it dies of the signal as before. Dying
    at once left the workers running on, each printing a BrokenPipeError traceback when it
    had a result to send back (found by the CLI input audit: `kill` during `pnp build`)."""

    def __init__(self) -> None:
        self.old: dict[int, Any] = {}
        self.got: int | None = None

    def __enter__(self) -> None:
        import threading

        if threading.current_thread() is not threading.main_thread():
            return  # a server's job thread: signals are the server's business
        for name in STOP_SIGNALS:
            number = getattr(signal, name, None)
            if number is not None and signal.getsignal(number) == signal.SIG_DFL:
                self.old[number] = signal.signal(number, self._heard)

    def _heard(self, number: int, frame: Any) -> None:
        self.got = number
        raise _Ended

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None:
        for number, handler in self.old.items():
            signal.signal(number, handler)

    def die_of_it(self) -> None:
        """End this process by the signal it heard (its status says so, as before)."""
        if self.got is not None:
            import os

            signal.signal(self.got, signal.SIG_DFL)
            os.kill(os.getpid(), self.got)


def _stop(pool: Any, others: set) -> None:
    """Stop the pool, in STOP_PATIENCE seconds at most, however its work ended (done, an
    error, Ctrl-C, a consumer that stopped reading). Its orderly stop takes the queues'
    locks, and a worker can hold one as long as it waits on a pipe nobody reads any more;
    under heavy load a Ctrl-C has left the command waiting there for good. So the stop
    runs aside, and if it is not done in time the pool's workers (the processes not among
    `others`) are killed: their work is given up, and nothing a worker holds is needed.
    The pool's clean-up at exit has then run (it runs once), so the exit does not wait
    for it either."""
    import multiprocessing
    import threading

    stopper = threading.Thread(target=pool.terminate, daemon=True)
    stopper.start()
    stopper.join(STOP_PATIENCE)
    if stopper.is_alive():
        for worker in set(multiprocessing.active_children()) - others:  # this pool's
            worker.kill()
            worker.join(1.0)


def _restore(mask: Any) -> None:
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _deaf_worker(initializer: Callable[..., Any] | None, initargs: tuple) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in STOP_SIGNALS:  # a worker forked while the main process listens for them
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if initializer is not None:
        initializer(*initargs)
