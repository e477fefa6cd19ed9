"""The Majority 2 engine: random-play games per second on one core, and actions per game.

Run alone with `python bench/bench_engine_majority2.py`; `make bench` calls `run()`.
"""

from __future__ import annotations

import time

from pnp.games import engine as eng
from pnp.games.gamedata import load_content
from pnp.games.majority2 import engine as m2


def _random_games(cfg, games: int) -> tuple[float, float, float]:
    bots = [eng.random_bot, eng.random_bot]
    actions = rounds = 0
    start = time.process_time()  # CPU time: the machine may be shared
    for seed in range(games):
        played = eng.play(m2.ENGINE, cfg, bots, seed)
        actions += len(played.actions)
        rounds += played.outcome.rounds
    elapsed = time.process_time() - start
    return games / elapsed, actions / games, rounds / games


def run() -> None:
    content = load_content("majority2")
    for label, promos in (("base deck", ()), ("all promos + Ghosts", "all")):
        cfg = m2.make_config(content, promos=promos)
        rate, actions, rounds = _random_games(cfg, 300)
        print(f"random play, {label}: {rate:7.1f} games/s per core (CPU time) "
              f"({actions:.0f} actions, {rounds:.0f} rounds per game; target 500 games/s)")
    try:
        from pnp.games.majority2 import log as m2log
    except ImportError:
        return
    _check_bench(content, m2log)


def _check_bench(content, m2log) -> None:
    """`pnp check` of a log of a 200-round game (target <= 0.5 s)."""
    import json
    import tempfile
    from pathlib import Path

    from pnp.check import check_file

    cfg = m2.make_config(content, promos="all", round_limit=200)
    bots = [eng.random_bot, eng.random_bot]
    seed = next(s for s in range(10_000)
                if eng.play(m2.ENGINE, cfg, bots, s).outcome.end == "round-limit")
    played = eng.play(m2.ENGINE, cfg, bots, seed)
    record = m2log.to_record(cfg, played, ["Ana", "Bo"])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.json"
        path.write_text(json.dumps(record), "utf-8")
        start = time.perf_counter()
        verdict = check_file(path)
        elapsed = time.perf_counter() - start
    print(f"pnp check of a {played.outcome.rounds}-round log ({len(played.actions)} actions): "
          f"{elapsed:.3f} s (ok={verdict.ok}; target <= 0.5 s)")


if __name__ == "__main__":
    run()
