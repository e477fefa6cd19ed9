"""`make bench` section for `pnp simulate`: games per second per core for every game and
bot, a 10,000-game Majority 2 random-bot report on 2 cores, the speed-up of `--jobs 2`, and
the peak memory of 100,000 games (statistics are streamed, so it must stay flat).

Environment: BENCH_SIM_GAMES (default 100000) for the memory run, BENCH_SIM_RATE_GAMES
(default 200) for each games-per-second figure.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PNP = str(Path(sys.executable).parent / "pnp")
RATE_GAMES = int(os.environ.get("BENCH_SIM_RATE_GAMES", "200"))
MEMORY_GAMES = int(os.environ.get("BENCH_SIM_GAMES", "100000"))


def _plan(game: str, bots: str, games: int, **options):
    from pnp.simulate.plan import Request, plan_simulation

    return plan_simulation(Request(game, games=games, bots=[bots], **options))


def rates() -> dict[tuple[str, str], float]:
    """Games per second on one core, per game and bot (every seat the same bot)."""
    from pnp.games import GAMES
    from pnp.simulate.run import run

    found = {}
    for game in GAMES.values():
        if game.engine is None:
            print(f"{game.id:16} no engine on this branch")
            continue
        for bot in game.bots:
            games = max(4, RATE_GAMES // 50) if bot in ("mc", "ismcts") else RATE_GAMES
            plan = _plan(game.id, bot, games)
            start = time.perf_counter()
            run(plan, jobs=1)
            found[game.id, bot] = games / (time.perf_counter() - start)
            rate = found[game.id, bot]
            print(f"{game.id:16} {bot:16} {rate:8.{0 if rate >= 10 else 2}f} games/s per core")
    return found


def speedup(game: str, games: int) -> None:
    from pnp.simulate.run import run

    plan = _plan(game, "random", games)
    times = {}
    for jobs in (1, 2):
        start = time.perf_counter()
        run(plan, jobs=jobs)
        times[jobs] = time.perf_counter() - start
    print(f"{game}, {games:,} random games: --jobs 1 {times[1]:.2f} s, --jobs 2 "
          f"{times[2]:.2f} s: speed-up × {times[1] / times[2]:.2f} (target ≥ 1.8)")


def report_time() -> None:
    """The whole command, start-up and charts included, as a user runs it."""
    with tempfile.TemporaryDirectory(prefix="pnp-bench-sim-") as tmp:
        start = time.perf_counter()
        subprocess.run([PNP, "simulate", "majority2", "--games", "10000", "--jobs", "2",
                        "--report", tmp], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
    print(f"majority2, 10,000 random games with --report on 2 cores: {elapsed:.1f} s "
          f"(target ≤ 15 s)")


# The main process's own peak is its memory's high-water mark (VmHWM): getrusage's
# ru_maxrss of a process started from a large one keeps the parent's peak (Linux carries
# it across exec), and `make bench` runs this after sections that grew its own process to
# ~300 MB, which the figure then showed as the simulation's.
MEMORY_SCRIPT = """
import re, resource, sys
from pathlib import Path
from pnp.simulate.plan import Request, plan_simulation
from pnp.simulate.run import run
plan = plan_simulation(Request(sys.argv[1], games=int(sys.argv[2]), bots=["random"]))
run(plan, jobs=2)
status = Path("/proc/self/status")
found = re.search(r"VmHWM:\\s+(\\d+) kB", status.read_text()) if status.exists() else None
own = int(found[1]) if found else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(own, child)
"""


def memory(game: str, games: int) -> None:
    """Peak resident memory of the main process and of the largest worker (2 jobs)."""
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", MEMORY_SCRIPT, game, str(games)], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout.split()
    own, child = (int(v) / 1024 for v in out)
    print(f"{game}, {games:,} random games on 2 jobs in {time.perf_counter() - start:.0f} s: "
          f"peak {own:.0f} MB main + {child:.0f} MB largest worker = {own + child:.0f} MB "
          f"(target ≤ 300 MB)")


def run() -> None:
    found = rates()
    fastest = max((rate, game) for (game, bot), rate in found.items() if bot == "random")[1]
    if ("majority2", "random") in found:
        report_time()
        speedup("majority2", 2000)
    else:
        print("majority2 has no engine on this branch: no 10,000-game report")
        speedup(fastest, 1000)
    memory(fastest, MEMORY_GAMES)


if __name__ == "__main__":
    run()
