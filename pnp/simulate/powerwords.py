"""The minimum detectable effect in words: the "detects ±" column of every comparison
table, the sentence that says what a "no clear difference" could have missed, and the line
that says how the power was figured (terminal, HTML page and the studio alike).

Why words: a designer reads "no clear difference" as "no difference". The sentence says
instead how big a difference this run would have seen 4 times in 5, and how many games a
smaller one (the --margin or --vp-margin that matters) would take.
"""

from __future__ import annotations

import math
from typing import Any

from pnp.simulate.compare import MIN_OUTCOMES, TOO_FEW
from pnp.simulate.family import CORRECTION_NAMES

UNITS = {"vp": (1, 2, "VP per copy"), "margin": (1, 2, "VP"),
         "rate": (100, 1, "points")}


def approx(games: int) -> str:
    """A games count as a reader wants it: whole hundreds below 1,000 (the chunks),
    else two significant figures — 1,563 → "1,600", 64,012 → "64,000"."""
    if games <= 1000:
        return f"{max(100, math.ceil(games / 100) * 100):,}"
    unit = 10 ** (len(str(games)) - 2)
    return f"{(games + unit // 2) // unit * unit:,}"  # half up: 24,500 → 25,000


def detects(test: dict[str, Any] | None, unit: str) -> str:
    """The "detects ±" cell: the minimum detectable effect, or why there is none."""
    if test is None or test["method"] is None:
        return "-"
    if test["method"] == TOO_FEW:
        return "too few"
    if test["method"] != "normal":
        return "no spread"
    mde = test["minimum_detectable_effect"]
    if mde is None or mde["effect"] is None:
        return "-"
    scale, digits, _ = UNITS[unit]
    return f"±{scale * mde['effect']:.{digits}f}"


def sizes(test: dict[str, Any] | None, unit: str,
          label: str = "") -> tuple[str, str, str, bool] | None:
    """("±0.13 VP per copy", "±0.1 VP per copy", "≈ 1,600 games", whether this run is
    already enough for the margin), or None when the comparison has no minimum
    detectable effect (no spread, too few games)."""
    mde = test.get("minimum_detectable_effect") if test else None
    if not mde or mde["effect"] is None:
        return None
    scale, digits, words = UNITS[unit]
    need = approx(mde["games_for_target"])
    return (f"±{scale * mde['effect']:.{digits}f} {words}{label}",
            f"±{scale * mde['target']:g} {words}{label}",
            f"--max-games ≈ {need}" if mde["design"] == "sequential" else f"≈ {need} games",
            mde["effect"] <= mde["target"])


def seen(test: dict[str, Any] | None, unit: str, label: str = "") -> str | None:
    """"±0.13 VP per copy (to see ±0.1: ≈ 1,600 games)", or None (see `sizes`)."""
    found = sizes(test, unit, label)
    if found is None:
        return None
    said, target, need, enough = found
    target = target.split(" ")[0]
    return f"{said} ({target} needs only {need})" if enough else \
        f"{said} (to see {target}: {need})"


def missed(name: str, figures: list[tuple[dict[str, Any] | None, str, str]]) -> str | None:
    """For a comparison row with no clear difference: what it could have missed, figure
    by figure ((comparison, unit, label) each), or None when nothing can be said."""
    sized, flat = [], []
    for test, unit, label in figures:
        found = seen(test, unit, label)
        noun = label.replace(" of ", "", 1) or "it"
        if found is not None:
            sized.append(found)
        elif test and test["method"] == "exact":
            scale, digits, words = UNITS[unit]
            most = scale * max(abs(test["low"]), abs(test["high"]))
            flat.append(f"{noun} never varied: its exact interval bounds what was missed to "
                        f"±{most:.{digits}f} {words}")
        elif test and test["method"] == "no information":
            flat.append(f"{noun} never varied, so what was missed has no size yet")
        elif test and test["method"] == TOO_FEW:
            flat.append(f"{noun} not compared yet: each card's scored copies need "
                        f"{MIN_OUTCOMES} that won and {MIN_OUTCOMES} that lost")
        elif _apart_from_zero(test):
            scale, digits, words = UNITS[unit]
            flat.append(f"but its {noun} moved {scale * test['difference']:+.{digits}f} "
                        f"[{scale * test['low']:+.{digits}f}, {scale * test['high']:+.{digits}f}]"
                        f" {words}, an interval clear of 0 that this run shows but does not "
                        f"test (it decides over looks on wins)")
    if sized:
        flat.insert(0, "this run would have seen " + " and ".join(sized))
    return f"{name}: no clear difference; " + "; ".join(flat) + "." if flat else None


def _apart_from_zero(test: dict[str, Any] | None) -> bool:
    """An interval-only figure (a sequential run's score margin) whose 95 % interval
    leaves out 0: the reader is told, since no test speaks for it."""
    return bool(test and test.get("interval_only") and test.get("low") is not None
                and (test["low"] > 0 or test["high"] < 0))


def basis(summary: dict[str, Any]) -> str:
    """How the minimum detectable effects were figured, in one sentence."""
    c = summary["correction"]
    level = c.get("power_alpha")
    if level is None:
        return ""
    if c["method"] == "none" or c["family"] <= 1:
        how = f"α = {c['alpha']:g}"
    else:
        how = (f"α = {level:.2g}: {c['alpha']:g} over the report's {c['family']} "
               f"comparisons, the level a lone difference must reach under "
               f"{CORRECTION_NAMES[c['method']]}")
    looks = (" (a comparison decided over looks: under that design, looks included)"
             if summary.get("sequential") or summary.get("tune") else "")
    return (f"detects ±: the difference each comparison flags 4 times in 5 (80 % power) at "
            f"{how}, from its observed spread{looks}.")
