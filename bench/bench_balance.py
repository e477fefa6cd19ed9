"""`make bench` section for the balance lab (issue 19): the null calibration of the promo
verdicts, restricted play over all 25 base cards, and a tuning run — each as a user runs
it (`pnp simulate … --json` in a fresh process on 2 cores), printed beside what it should
give.

Timing: wall time and CPU time (the process and its workers, from wait4); on a shared
machine the CPU time is the steadier figure.

Environment: BENCH_CALIBRATION_GAMES (default 1000 games per copy), BENCH_RESTRICTED_GAMES
(default 1000 games per card), BENCH_TUNE_GAMES (default 1000 games a look, at most 10×).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PNP = str(Path(sys.executable).parent / "pnp")
CALIBRATION_GAMES = int(os.environ.get("BENCH_CALIBRATION_GAMES", "1000"))
RESTRICTED_GAMES = int(os.environ.get("BENCH_RESTRICTED_GAMES", "1000"))
TUNE_GAMES = int(os.environ.get("BENCH_TUNE_GAMES", "1000"))


def simulate(*args: str) -> tuple[dict, float, float]:
    """(the --json report, wall seconds, CPU seconds of the command and its workers)."""
    argv = [PNP, "simulate", "majority2", "--jobs", "2", "--json", *args]
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"benchmark command failed: {' '.join(argv)}\n{proc.stderr.read().decode()}")
    return json.loads(out), wall, usage.ru_utime + usage.ru_stime


def calibration() -> None:
    """Every base card copied under a new id against its original: nothing flagged, and
    z-scores like draws from the standard normal."""
    from pnp.simulate.calibration import null_figures, write_copies

    with tempfile.TemporaryDirectory(prefix="pnp-bench-calibration-") as tmp:
        summary, wall, cpu = simulate("--games", str(CALIBRATION_GAMES), "--seed", "2026",
                                      "--promos", str(write_copies(Path(tmp))))
    games = CALIBRATION_GAMES * 26
    print(f"null calibration: 25 base cards copied under new ids, {CALIBRATION_GAMES:,} "
          f"games per deck ({games:,} games), {_bots(summary)}, on 2 cores: {wall:.1f} s "
          f"wall, {cpu:.1f} s CPU")
    for metric in ("vp_per_copy", "scorer_win_rate"):
        found = null_figures(summary, metric)
        print(f"  {metric:16} flagged {found['flagged']} of {found['copies']} after Holm "
              f"(expected 0; a report flags any at most 5 % of the time); z-scores of "
              f"{len(found['z'])} tested copies: mean {found['z_mean']:+.2f} (expected ≈ 0, "
              f"±{2 / len(found['z']) ** 0.5:.2f}), sd {found['z_sd']:.2f} (expected ≈ 1)")


def _bots(summary: dict) -> str:
    """The players a run used (the defaults, whatever they are on this checkout)."""
    return "players " + ", ".join(sorted(set(summary["bots"])))


def restricted() -> None:
    summary, wall, cpu = simulate("--games", str(RESTRICTED_GAMES), "--restricted")
    cards = summary["restricted"]["cards"]
    games = RESTRICTED_GAMES * (len(cards) + 1)
    flagged = [c["card"] for c in cards if c["drop"]["significant"]]
    top = ", ".join(f"{c['card']} {100 * c['drop']['difference']:+.1f}" for c in cards[:3])
    print(f"restricted play, all {len(cards)} base cards, {_bots(summary)}, "
          f"{RESTRICTED_GAMES:,} games per card ({games:,} games) on 2 cores: {wall:.1f} s "
          f"wall, {cpu:.1f} s CPU, {games / cpu:.0f} games per CPU second (target: ≤ 60 s "
          f"wall)")
    print(f"  largest drops (points): {top}; flagged after Holm: {len(flagged)} "
          f"({', '.join(flagged) or 'none'})")


def tune() -> None:
    example = ROOT / "data" / "examples" / "majority2-costly-junior.json"
    summary, wall, cpu = simulate("--promos", str(example), "--tune",
                                  "house-witches-apprentice.cost=1..6", "--games",
                                  str(TUNE_GAMES), "--max-games", str(10 * TUNE_GAMES))
    section = summary["tune"]
    spent = sum(v["games"] for v in section["values"]) + summary["games"]
    fixed = 7 * 10 * TUNE_GAMES
    print(f"tuning a Witches Junior made to cost 6 ({_bots(summary)}): costs 1-6, looks "
          f"every {TUNE_GAMES:,} "
          f"games up to {10 * TUNE_GAMES:,}: {wall:.1f} s wall, {cpu:.1f} s CPU; {spent:,} "
          f"games played, {spent / fixed:.0%} of the {fixed:,} a fixed run would play")
    decisions = ", ".join(f"{v['value']}: {v['decision']}" for v in section["values"])
    print(f"  in line: {section['in_line']} (expected: the base card's cost 3 among them), "
          f"best {section['best']}; {decisions}")


def run() -> None:
    calibration()
    restricted()
    tune()


if __name__ == "__main__":
    run()
