"""The Majority 2 engine: random-play games per second on one core, and actions per game.

Run alone with `python bench/bench_engine_majority2.py`; `make bench` calls `run()`. The
figures are for the build this process runs (compiled by `make` when a C compiler is at
hand, see pnp/games/majority2/compiled.py) and, measured in a child process, for the pure
Python modules; both play the same games.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from pnp.games import engine as eng
from pnp.games.gamedata import load_content
from pnp.games.majority2 import compiled
from pnp.games.majority2 import engine as m2

SETUPS = (("base deck", ()), ("all promos + Ghosts", "all"))
TARGET = 1000  # random games/s per core, base deck (issue 20: five times 190)


def _random_games(cfg, games: int, repeats: int = 3) -> tuple[float, float, float]:
    """Best of `repeats` runs over the same seeds (CPU time: the machine may be shared)."""
    bots = [eng.random_bot, eng.random_bot]
    best = 0.0
    for _ in range(repeats):
        actions = rounds = 0
        start = time.process_time()
        for seed in range(games):
            played = eng.play(m2.ENGINE, cfg, bots, seed)
            actions += len(played.actions)
            rounds += played.outcome.rounds
        best = max(best, games / (time.process_time() - start))
    return best, actions / games, rounds / games


def rates() -> list[tuple[str, float, float, float]]:
    content = load_content("majority2")
    return [(label, *_random_games(m2.make_config(content, promos=promos), 200))
            for label, promos in SETUPS]


def _pure_rates() -> list[float] | None:
    """The same figures from the .py modules (a child process with PNP_PURE_PYTHON=1)."""
    env = {**os.environ, compiled.PURE_ENV: "1"}
    done = subprocess.run([sys.executable, __file__, "--rates"], env=env,
                          capture_output=True, text=True)
    return [float(x) for x in done.stdout.split()] if done.returncode == 0 else None


def run() -> None:
    build = compiled.in_use()
    pure = _pure_rates() if build == "compiled" else None
    for i, (label, rate, actions, rounds) in enumerate(rates()):
        target = f"target {TARGET:,} games/s" if i == 0 else "no target"
        also = f"; pure Python {pure[i]:.0f} games/s" if pure else ""
        print(f"random play, {label}: {rate:7.1f} games/s per core (CPU time, {build} "
              f"engine{also}) ({actions:.0f} actions, {rounds:.0f} rounds per game; "
              f"{target})")
    content = load_content("majority2")
    try:
        from pnp.games.majority2 import log as m2log
    except ImportError:
        return
    _check_bench(content, m2log)


def long_log(content, m2log, rounds: int = 200):
    """The log of a random game played to a `rounds`-round limit (the first seed whose game
    lasts that long), and the game: (record, played). bench_phone.py checks it too."""
    cfg = m2.make_config(content, promos="all", round_limit=rounds)
    bots = [eng.random_bot, eng.random_bot]
    seed = next(s for s in range(10_000)
                if eng.play(m2.ENGINE, cfg, bots, s).outcome.end == "round-limit")
    played = eng.play(m2.ENGINE, cfg, bots, seed)
    return m2log.to_record(cfg, played, ["Ana", "Bo"]), played


def _check_bench(content, m2log) -> None:
    """`pnp check` of a log of a 200-round game (target <= 0.5 s)."""
    import json
    import tempfile
    from pathlib import Path

    from pnp.check import check_file

    record, played = long_log(content, m2log)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.json"
        path.write_text(json.dumps(record), "utf-8")
        start = time.perf_counter()
        verdict = check_file(path)
        elapsed = time.perf_counter() - start
    print(f"pnp check of a {played.outcome.rounds}-round log ({len(played.actions)} actions): "
          f"{elapsed:.3f} s (ok={verdict.ok}; target <= 0.5 s)")


if __name__ == "__main__":
    if sys.argv[1:] == ["--rates"]:
        print(*(f"{rate:.1f}" for _, rate, _, _ in rates()))
    else:
        run()
