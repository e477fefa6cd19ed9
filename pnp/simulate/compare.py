"""A report's comparisons as JSON: a difference with its interval, test and pairing gain,
and the family correction that flags them and gives each promo its verdict.

Every comparison in a summary is a dict made by `comparison`; `correct_family` finds them
all (`tests`), adjusts their p-values together (`family.adjust`) and sets `significant`.
A figure that is shown but not tested comes from `interval_only`.
"""

from __future__ import annotations

from typing import Any

from pnp.simulate.family import adjust
from pnp.simulate.joint import Estimate

NO_COMPARISON = {"base": None, "difference": None, "low": None, "high": None,
                  "significant": False, "z": None, "p": None, "p_adjusted": None,
                  "unpaired_low": None, "unpaired_high": None, "narrowed": None}


def comparison(paired: Estimate, unpaired: Estimate | None = None) -> dict[str, Any]:
    """A difference's JSON: value, 95 % interval, p-value (adjusted later, with the
    family), and how much narrower the paired interval is than the unpaired one."""
    low, high = paired.interval()
    found = {"difference": paired.value, "low": low, "high": high, "significant": False,
             "z": paired.z, "p": paired.p, "p_adjusted": None}
    if unpaired is not None:
        u_low, u_high = unpaired.interval()
        narrowed = (1 - (high - low) / (u_high - u_low)
                    if u_high - u_low > 0 and high == high else None)
        found.update(unpaired_low=u_low, unpaired_high=u_high, narrowed=narrowed)
    return found


def interval_only(estimate: Estimate) -> dict[str, Any]:
    """A figure with its 95 % interval and no test (not a member of the family)."""
    low, high = estimate.interval()
    return {"value": estimate.value, "low": low, "high": high}


def correct_family(summary: dict[str, Any], method: str, alpha: float) -> None:
    """Correct the family of every comparison in the report (each dict with a "p"), flag
    those whose adjusted p-value is at most α, then give each promo its verdict."""
    family = [test for _, _, test in tests(summary)]
    adjusted = adjust([t["p"] for t in family], method)
    for test, p in zip(family, adjusted, strict=True):
        test["p_adjusted"] = p
        test["significant"] = p is not None and p <= alpha
    summary["correction"] = {"method": method, "alpha": alpha,
                             "family": sum(p is not None for p in adjusted)}
    for row in summary.get("restricted", {}).get("promos", []):
        if row["difference"] is not None:
            row["significant"] = row["difference"]["significant"]
            row["verdict"] = (("stronger" if row["difference"]["difference"] > 0 else "weaker")
                              if row["significant"] else "no clear difference")
    for promo in summary["promos"]:
        vp, wins = promo["vp_per_copy"], promo["scorer_win_rate"]
        if promo["replaces"] is None:
            continue
        promo["significant"] = vp["significant"] or wins["significant"]
        direction = vp["difference"] if vp["significant"] else wins["difference"] or 0.0
        promo["verdict"] = (("stronger" if direction > 0 else "weaker")
                            if promo["significant"] else "no clear difference")


def tests(summary: dict[str, Any]):
    """Every comparison of the report that is a test (the family), in report order, as
    (name, unit, comparison): the start player's advantage (base game, or each player
    count), the promos, restricted play. `unit` is "vp" (VP per copy) or "rate" (a
    difference of win rates), for the equivalence margins of sequential runs."""
    for variant in summary["variants"]:
        advantage = variant["seat_balance"]["start_player_advantage"]
        if variant["promo"] is None and advantage["p"] is not None:
            yield (f"start player's advantage ({variant['name']})", "rate", advantage)
    for promo in summary["promos"]:
        for key, unit, label in (("vp_per_copy", "vp", "VP per copy"),
                                 ("scorer_win_rate", "rate", "scorer wins")):
            if promo[key]["p"] is not None:
                yield (f"{promo['promo']}: {label}", unit, promo[key])
    restricted = summary.get("restricted", {})
    for card in restricted.get("cards", []):
        if card["drop"]["p"] is not None:
            yield (f"restricted play: {card['card']}", "rate", card["drop"])
    for row in restricted.get("promos", []):
        if row["difference"] is not None and row["difference"]["p"] is not None:
            yield (f"restricted play: {row['promo']} against {row['replaces']}", "rate",
                   row["difference"])
