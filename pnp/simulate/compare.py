"""A report's comparisons as JSON: a difference with its interval, test, pairing gain and
minimum detectable effect, and the family correction that flags them and gives each promo
its verdict.

Every comparison in a summary is a dict made by `comparison`; `correct_family` finds them
all (`tests`), adjusts their p-values together (`family.adjust`), sets `significant` and
says how big a difference each could see (`power`). A figure that is shown but not tested
comes from `interval_only`. A comparison whose games never varied has no normal interval:
it is judged exactly when its figure is bounded, or not at all (`joint.Estimate`).
"""

from __future__ import annotations

import math
from typing import Any

from pnp.simulate import power
from pnp.simulate.family import adjust
from pnp.simulate.joint import EXACT, NORMAL, Estimate

NO_COMPARISON = {"base": None, "difference": None, "low": None, "high": None,
                 "significant": False, "z": None, "p": None, "p_adjusted": None,
                 "unpaired_low": None, "unpaired_high": None, "narrowed": None,
                 "method": None, "se": None, "games": None, "bounds": None,
                 "minimum_detectable_effect": None}
# A comparison that exists but cannot be tested yet: the scorer's win rates when a card's
# scored copies hold fewer than MIN_OUTCOMES wins or losses. It is listed, never
# tested or flagged, and --until-decided cannot stop while it is pending: a strong promo
# whose scored copies have not yet lost 5 times is undecided, not absent.
TOO_FEW = "too few outcomes"
# The scorer's win rates are compared (and tested) only when each card's scored copies
# include at least this many that won and this many that did not: with fewer, the normal
# approximation fails (all 3 scored copies lost: a rate of 0 with no visible spread).
MIN_OUTCOMES = 5


def comparison(paired: Estimate, unpaired: Estimate | None = None) -> dict[str, Any]:
    """A difference's JSON: value, 95 % interval, p-value (adjusted later, with the
    family), how it was judged (`method`: normal, exact or no information), and how much
    narrower the paired interval is than the unpaired one."""
    low, high = _finite(paired.interval())
    method = paired.method
    found = {"difference": paired.value, "low": low, "high": high, "significant": False,
             "z": paired.z, "p": paired.p, "p_adjusted": None, "method": method,
             "se": paired.se if method == NORMAL else None, "games": paired.n or None,
             "bounds": list(paired.bounds) if method == EXACT else None,
             "minimum_detectable_effect": None}
    if unpaired is not None:
        u_low, u_high = unpaired.interval()
        narrowed = (1 - (high - low) / (u_high - u_low)
                    if u_high - u_low > 0 and high is not None else None)
        found.update(unpaired_low=u_low, unpaired_high=u_high, narrowed=narrowed)
    return found


def estimate_of(test: dict[str, Any]) -> Estimate:
    """The estimate a comparison's JSON was made from (for tests at another level)."""
    if test["method"] in (None, TOO_FEW):
        return Estimate(float("nan"), None)
    return Estimate(test["difference"], test["se"] or 0.0, test["games"] or 0,
                    tuple(test["bounds"]) if test["bounds"] else None)


def equivalence_p(test: dict[str, Any], margin: float) -> float | None:
    """The equivalence test's p-value (within ±margin) of a comparison's JSON."""
    return (estimate_of(test).equivalence_p(margin)
            if test["method"] not in (None, TOO_FEW) else None)


def interval_only(estimate: Estimate) -> dict[str, Any]:
    """A figure with its 95 % interval and no test (not a member of the family)."""
    low, high = _finite(estimate.interval())
    return {"value": estimate.value, "low": low, "high": high, "method": estimate.method}


def _finite(bounds: tuple[float, float]) -> tuple[float | None, float | None]:
    """An interval's ends, None where there is none (NaN): JSON has no NaN."""
    return tuple(None if math.isnan(b) else b for b in bounds)


def correct_family(summary: dict[str, Any], method: str, alpha: float, margins) -> None:
    """Correct the family of every comparison in the report (each dict with a "p"), flag
    those whose adjusted p-value is at most α, say how big a difference each could see
    (`margins`: the plan's, the smallest differences that matter), then give each promo
    its verdict."""
    family = [test for _, _, test in tests(summary)]
    adjusted = adjust([t["p"] for t in family], method)
    for test, p in zip(family, adjusted, strict=True):
        test["p_adjusted"] = p
        test["significant"] = p is not None and p <= alpha
    size = sum(p is not None for p in adjusted)
    summary["correction"] = {"method": method, "alpha": alpha, "family": size,
                             "power": power.POWER,
                             "power_alpha": power.lone_level(alpha, method, size)}
    for _, unit, test in tests(summary):
        test["minimum_detectable_effect"] = fixed_power(test, summary["correction"],
                                                        margins.of(unit))
    for row in summary.get("restricted", {}).get("promos", []):
        if row["difference"] is not None:
            wins, margin = row["difference"], row["margin_difference"]
            row["significant"] = wins["significant"] or margin["significant"]
            direction = wins["difference"] if wins["significant"] else margin["difference"]
            row["verdict"] = (("stronger" if direction > 0 else "weaker")
                              if row["significant"] else "no clear difference")
    for promo in summary["promos"]:
        vp, wins = promo["vp_per_copy"], promo["scorer_win_rate"]
        if promo["replaces"] is None:
            continue
        promo["significant"] = vp["significant"] or wins["significant"]
        direction = vp["difference"] if vp["significant"] else wins["difference"] or 0.0
        promo["verdict"] = (("stronger" if direction > 0 else "weaker")
                            if promo["significant"] else "no clear difference")


def fixed_power(test: dict[str, Any], correction: dict[str, Any],
                target: float) -> dict[str, Any] | None:
    """A comparison's minimum detectable effect in a fixed run (None without a normal
    standard error: no spread, or too few games)."""
    if test["method"] != NORMAL:
        return None
    return power.fixed_design(test["se"], test["games"], correction["power_alpha"], target)


def tests(summary: dict[str, Any]):
    """Every comparison of the report that is a test or could be one (the family, and the
    comparisons whose games never varied), in report order, as (name, unit, comparison):
    the start player's advantage (base game, or each player count), the promos,
    restricted play (its value in wins, then in score margin: a margin shown only as an
    interval, in a sequential run, is no test). `unit` is "vp" (VP per copy), "margin" (VP
    of score margin) or "rate" (a difference of win rates), for the margins."""
    for variant in summary["variants"]:
        advantage = variant["seat_balance"]["start_player_advantage"]
        if variant["promo"] is None and advantage["method"] is not None:
            yield (f"start player's advantage ({variant['name']})", "rate", advantage)
    for promo in summary["promos"]:
        for key, unit, label in (("vp_per_copy", "vp", "VP per copy"),
                                 ("scorer_win_rate", "rate", "scorer wins")):
            if promo[key]["method"] is not None:
                yield (f"{promo['promo']}: {label}", unit, promo[key])
    restricted = summary.get("restricted", {})
    for card in restricted.get("cards", []):
        name = f"restricted play: {card['card']}"
        yield from _tested(name, "rate", card["drop"])
        yield from _tested(f"{name} (score margin)", "margin", card["margin_drop"])
    for row in restricted.get("promos", []):
        name = f"restricted play: {row['promo']} against {row['replaces']}"
        yield from _tested(name, "rate", row["difference"])
        yield from _tested(f"{name} (score margin)", "margin", row["margin_difference"])


def _tested(name: str, unit: str, test: dict[str, Any] | None):
    """(name, unit, test) when `test` is a comparison with a method (none: no games),
    not a figure shown as an interval only."""
    if test is not None and not test.get("interval_only") and test["method"] is not None:
        yield name, unit, test
