"""`pnp simulate` options that used to cost time, run with the wrong settings or end in a
traceback: each is exit 2 naming the option before any game is played (or, for Ctrl-C,
exit 130 with one line), never a traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

PNP = Path(sys.executable).with_name("pnp")


@pytest.fixture
def no_games(monkeypatch):
    """Fail the test if any game is played."""
    from pnp.simulate import run

    def played(*args, **kwargs):
        raise AssertionError("a game was played before the options were all checked")
    monkeypatch.setattr(run, "run", played)


def test_a_report_place_that_cannot_be_written_is_refused_before_playing(cli, no_games):
    result = cli("simulate", "majority2", "--games", "50", "--report", "/proc/pnp-report")
    assert result.exit_code == 2
    assert "error: /proc/pnp-report: cannot write here:" in result.stderr
    result = cli("simulate", "majority2", "--games", "50", "--logs", "/proc/pnp-logs")
    assert result.exit_code == 2 and "/proc/pnp-logs: cannot write here:" in result.stderr


def test_a_descending_player_range_is_refused(cli, no_games):
    result = cli("simulate", "majority", "--players", "10-3")
    assert result.exit_code == 2
    assert "--players: '10-3': a range goes from fewer to more players (3-10)" in result.stderr


@pytest.mark.parametrize(("game", "option", "message"), [
    ("majority2", "mc.rollouts=1000000000", "mc.rollouts=1000000000: expected 1 to 1000"),
    ("majority2", "mc.horizon=0", "mc.horizon=0: expected 1 to 200"),
    ("majority2", "mc.rolouts=50", "mc.rolouts: not an option of the mc bot (options: "
                                   "rollouts, horizon)"),
    ("majority2", "greedy.depth=2", "greedy.depth: not an option of the greedy bot"),
    ("majority2", "random.p=1", "random.p: not an option of the random bot"),
    ("majority", "vote.p=2", "vote.p=2: expected a number from 0 to 1"),
    ("majority", "vote.score=100000", "vote.score=100000: expected 1 to 100"),
    ("d20-stacks", "steal.x=1", "steal.x: not an option of the steal bot (options: none)"),
])
def test_every_bot_option_is_known_and_bounded(cli, no_games, game, option, message):
    bot = option.split(".")[0]
    result = cli("simulate", game, "--games", "2", "--bots", bot, "--bot-option", option)
    assert result.exit_code == 2
    assert f"error: --bot-option: {message}" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize(("address", "message"), [
    ("nonsense", "'nonsense' is not a Dask scheduler address"),
    ("tls://127.0.0.1:1", "a tls:// scheduler needs TLS certificates in Dask's "
                          "configuration"),
])
def test_a_bad_dask_address_is_refused_at_once(address, message):
    pytest.importorskip("distributed")
    done = subprocess.run([str(PNP), "simulate", "d20-stacks", "--games", "2", "--dask",
                           address], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


def _in_the_foreground() -> None:
    """In the child before it starts: Ctrl-C as a terminal's foreground command gets it,
    whatever the test runner's own process does with it (a process started with SIGINT
    ignored or blocked, as a background job is, rightly never hears Ctrl-C)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@pytest.mark.slow
def test_ctrl_c_during_a_simulation_with_workers_is_one_line(tmp_path):
    child = subprocess.Popen([str(PNP), "simulate", "majority2", "--games", "200000",
                              "--jobs", "2"], cwd=tmp_path, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True,
                             preexec_fn=_in_the_foreground)
    _wait_for_children(child.pid, 2)  # the workers are playing (however loaded the machine)
    os.killpg(child.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.strip().splitlines()[-1] == "Interrupted: no report (the games played so far " \
                                           "are not kept)."


def _wait_for_children(pid: int, count: int, limit: float = 120.0) -> None:
    """Until process `pid` has `count` child processes (read from /proc), then a moment."""
    deadline = time.monotonic() + limit
    tasks = Path(f"/proc/{pid}/task")
    while time.monotonic() < deadline:
        children = [c for t in tasks.glob("*") for c in (t / "children").read_text().split()]
        if len(children) >= count:
            time.sleep(0.5)
            return
        time.sleep(0.05)
    pytest.fail(f"no {count} workers within {limit} s")


_RACE = """
import os, signal, sys, time
from pnp.content.processes import worker_pool

def slow_start():
    os.write(1, b"starting\\n")  # one write: the pool may stop this worker at any moment
    time.sleep(1.0)  # a worker still starting up when Ctrl-C comes

def square(n):
    return n * n

if __name__ == "__main__":
    try:
        with worker_pool(2, slow_start) as pool:
            print(sum(pool.map(square, range(200))), flush=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
"""


def test_ctrl_c_while_workers_start_stops_the_pool_at_once(tmp_path):
    """A worker that dies of Ctrl-C while taking a task can hold the pool's queue lock, and
    the clean-up then waits for ever; worker_pool's workers never hear it."""
    script = tmp_path / "race.py"
    script.write_text(_RACE)
    child = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True,
                             preexec_fn=_in_the_foreground)
    child.stdout.readline()  # a worker is in its start-up
    os.killpg(child.pid, signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert "Traceback" not in err, err
    assert out.split()[-1] in ("interrupted", str(sum(n * n for n in range(200))))


def test_workers_are_born_deaf_to_ctrl_c():
    from pnp.content.processes import worker_pool

    with worker_pool(2) as pool:
        seen = pool.map(_ctrl_c_in_worker, range(4))
    assert seen == [(True, True)] * 4
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])


def _ctrl_c_in_worker(_: int) -> tuple[bool, bool]:
    return (signal.getsignal(signal.SIGINT) == signal.SIG_IGN,
            signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, []))


@pytest.mark.slow
def test_a_pool_that_will_not_stop_after_ctrl_c_is_killed_in_time(monkeypatch):
    """Should the pool's orderly stop wait for good on a queue lock a worker holds (once
    seen under heavy load), Ctrl-C still ends the command: its workers are killed after
    a few seconds and the interrupt goes on."""
    import multiprocessing
    import multiprocessing.pool
    import threading

    from pnp.content import processes

    stuck = threading.Event()
    monkeypatch.setattr(processes, "STOP_PATIENCE", 0.5)
    monkeypatch.setattr(multiprocessing.pool.Pool, "_help_stuff_finish",
                        staticmethod(lambda *args: stuck.wait()))
    try:
        start = time.monotonic()
        with pytest.raises(KeyboardInterrupt), processes.worker_pool(2) as pool:
            assert pool.map(abs, [-1, -2]) == [1, 2]
            workers = multiprocessing.active_children()
            raise KeyboardInterrupt
        assert time.monotonic() - start < 10
        assert len(workers) == 2 and not any(w.is_alive() for w in workers)
    finally:
        stuck.set()


def test_ctrl_c_between_chunks_stops_the_workers_at_once():
    """A Ctrl-C while the main process merges a finished chunk lands outside the pool's
    generator; the workers stop then, not when the generator is collected at exit."""
    import multiprocessing

    from pnp.simulate.plan import Request, plan_simulation
    from pnp.simulate.run import CHUNK_GAMES, run

    plan = plan_simulation(Request("d20-stacks", games=CHUNK_GAMES * 6, seed=3))
    seen: list[int] = []

    def interrupt(games: int) -> None:
        seen.append(games)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(plan, jobs=2, progress=interrupt)
    assert seen == [CHUNK_GAMES] and multiprocessing.active_children() == []


def test_only_a_few_chunks_are_asked_for_ahead_of_the_merge():
    """However slow the main process merges, at most `window` finished chunks wait for it
    (imap asked for all of them: 100,000 D20 games once held 295 MB)."""
    from pnp.simulate import run as running

    class Pool:
        def __init__(self):
            self.asked: list[tuple[int, int]] = []

        def apply_async(self, work, args):
            self.asked.append(args[0])
            return type("Done", (), {"get": lambda _, b=args[0]: b})()

    pool = Pool()
    ranges = [(n, n + 1) for n in range(100)]
    chunks = running._in_order(pool, ranges, window=8)
    assert [next(chunks) for _ in range(3)] == ranges[:3]
    assert len(pool.asked) == 8 + 3
    assert list(chunks) == ranges[3:] and pool.asked == ranges
