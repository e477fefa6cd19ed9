"""`make bench` section for issue 30's planted effects: can the balance lab, with its
default players, see a card that costs 1 less or is worth 1 VP more, while an exact copy
stays unflagged? Each seed runs as a user runs it (`pnp simulate majority2 --json` in a
fresh process on 2 cores, the default game count and players):

- `--promos planted.json`: the Witches Junior costing 1 less must be flagged stronger on
  at least 9 of 10 seeds (target), the exact copy on at most α of them;
- `--promos planted.json --restricted`: the +1 VP copy's restricted-play value must be
  above its base's with a 95 % interval excluding 0 (target: every seed) — shown in VP of
  score margin (the headline's tested figure that sees it) and in win rate — the copy again
  unflagged.

Environment: BENCH_PLANTED_SEEDS (default 10).
"""

from __future__ import annotations

import importlib.util
import os
import tempfile
from pathlib import Path

SEEDS = int(os.environ.get("BENCH_PLANTED_SEEDS", "10"))


def simulate(*args: str):
    """bench_balance's `simulate` (a user's command in a fresh process on 2 cores)."""
    spec = importlib.util.spec_from_file_location(
        "bench_balance", Path(__file__).resolve().parent / "bench_balance.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.simulate(*args)


def _interval(value, scale: float = 100) -> str:
    """(difference, low, high) as `+0.40 [+0.00, +0.80]` (win rates in points)."""
    if value is None or value[0] is None:
        return "-"
    if value[1] is None:
        return f"{scale * value[0]:+.2f} (no spread)"
    return (f"{scale * value[0]:+.2f} [{scale * value[1]:+.2f}, "
            f"{scale * value[2]:+.2f}]")


def run() -> None:
    from pnp.simulate.calibration import planted_figures, write_planted

    plain, restricted, wall, cpu = [], [], 0.0, 0.0
    with tempfile.TemporaryDirectory(prefix="pnp-bench-planted-") as tmp:
        planted = str(write_planted(Path(tmp)))
        for seed in range(1, SEEDS + 1):
            for extra, into in (((), plain), (("--restricted",), restricted)):
                summary, w, c = simulate("--promos", planted, "--seed", str(seed), *extra)
                into.append(planted_figures(summary))
                wall, cpu = wall + w, cpu + c
    first = plain[0]
    print(f"planted effects, default players ({', '.join(first['bots'])}), "
          f"{first['games']:,} games a run, seeds 1-{SEEDS}, with and without --restricted "
          f"on 2 cores: {wall:.0f} s wall, {cpu:.0f} s CPU")
    cheaper = sum(f["cheaper_flagged"] for f in plain)
    print(f"  Witches Junior costing 1 less flagged stronger on {cheaper} of {SEEDS} seeds "
          f"(target ≥ {-(-9 * SEEDS // 10)}); VP per copy: "
          + ", ".join(_interval(f["cheaper_vp"], 1) for f in plain)
          + "; restricted-play value (points): "
          + ", ".join(_interval(f["cheaper_value"]) for f in restricted))
    for key, words, scale in (("more_vp_margin", "VP of score margin", 1),
                              ("more_vp_value", "points of win rate", 100)):
        above = [f for f in restricted if f[key] and f[key][1] is not None and f[key][1] > 0]
        print(f"  +1 VP copy above its base under restricted play, interval excluding 0, in "
              f"{words}: {len(above)} of {SEEDS} seeds (target {SEEDS}); "
              + ", ".join(_interval(f[key], scale) for f in restricted))
    copies = sum(f["copy_flagged"] for f in plain + restricted)
    print(f"  exact copy flagged in {copies} of {2 * SEEDS} reports (target: at most α = 5 % "
          f"of reports, {0.05 * 2 * SEEDS:g} on average)")


if __name__ == "__main__":
    run()
