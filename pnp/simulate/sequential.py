"""`pnp simulate --until-decided`: play batches of games until every comparison of the
report is decided, spending α over the looks so that looking often does not inflate false
flags (see `family.py` for the spending rule).

After each batch (a look at n games) every comparison not yet decided is tested:
- *different*: its p-value, corrected over the undecided family (`--correction`), is at
  most the α this look may spend;
- *equivalent*: its interval lies within ±margin — the two one-sided tests (TOST) give a
  p-value, corrected the same way, at most the look's α. The margin is `--margin` points
  for a difference of win rates and `--vp-margin` VP for VP per copy.
A decision is final; the run stops when nothing is left undecided or at `--max-games`.
Looks fall on chunk boundaries and every look's numbers are those a fixed run of that many
games gives, so the decisions do not depend on `--jobs` or Dask.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pnp.simulate import power
from pnp.simulate.compare import TOO_FEW, equivalence_p, tests
from pnp.simulate.family import adjust, look_levels
from pnp.simulate.joint import NORMAL
from pnp.simulate.plan import Margins, Plan, Schedule
from pnp.simulate.tally import ChunkResult, empty_result

RULE = ("group-sequential: Lan–DeMets α-spending of O'Brien–Fleming type over the looks, "
        "each look's family corrected and tested at the α it spends (union bound)")


def run_until_decided(plan: Plan, schedule: Schedule,
                      play: Callable[[Plan, int, ChunkResult], ChunkResult],
                      summarise: Callable[[Plan, ChunkResult], dict[str, Any]]):
    """(the summary at the last look, with each comparison's `decision`): `play(plan,
    start, into)` plays games start..plan.games − 1 into the running result."""
    looks = schedule.looks
    levels = look_levels(plan.alpha, looks, schedule.most)
    decided: dict[str, tuple[str, int]] = {}
    total, played = empty_result(plan), 0
    for games, level in zip(looks, levels, strict=True):
        at = replace(plan, games=games)
        total = play(at, played, total)
        played = games
        summary = summarise(at, total)
        open_tests = [(name, unit, test) for name, unit, test in tests(summary)
                      if name not in decided]
        _decide(open_tests, plan.correction, level, plan.margins, games, decided)
        if not open_tests or all(name in decided for name, _, _ in open_tests):
            break
    _mark(summary, decided, plan, looks[:looks.index(played) + 1])
    return summary


def _decide(open_tests: list, correction: str, level: float, margins: Margins, games: int,
            decided: dict[str, tuple[str, int]]) -> None:
    """Decide what this look can: different first, then equivalent among the rest (a
    comparison whose games never varied is decided only by its exact test, if any)."""
    differ = adjust([test["p"] for _, _, test in open_tests], correction)
    for (name, _, _), p in zip(open_tests, differ, strict=True):
        if p is not None and p <= level:
            decided[name] = ("different", games)
    rest = [(name, unit, test) for name, unit, test in open_tests if name not in decided]
    same = adjust([equivalence_p(test, margins.of(unit)) for _, unit, test in rest],
                  correction)
    for (name, _, _), p in zip(rest, same, strict=True):
        if p is not None and p <= level:
            decided[name] = ("equivalent", games)


def _mark(summary: dict[str, Any], decided: dict[str, tuple[str, int]], plan: Plan,
          looks: list[int]) -> None:
    """Flags follow the sequential decisions (the fixed-sample adjusted p-values stay as a
    reference); each comparison gets its decision and the power of this design, and the
    report a table of them."""
    schedule, margins = plan.schedule, plan.margins
    correction = summary["correction"]
    rows = []
    for name, unit, test in tests(summary):
        verdict, games = decided.get(name, ("undecided", None))
        test["decision"] = {"verdict": verdict, "games": games}
        test["significant"] = verdict == "different"
        test["minimum_detectable_effect"] = design_power(test, correction, schedule,
                                                         margins.of(unit))
        rows.append({"comparison": name, "verdict": verdict, "games": games,
                     "method": test["method"]})
    for promo in summary["promos"]:
        _verdict(promo, promo["vp_per_copy"], promo["scorer_win_rate"])
    for row in summary.get("restricted", {}).get("promos", []):
        if row["difference"] is not None:
            _verdict(row, row["difference"])
    summary["sequential"] = {
        "rule": RULE, "alpha": correction["alpha"],
        "correction": correction["method"], "looks": looks,
        "max_games": schedule.most, "margin": margins.points,
        "vp_margin": margins.vp, "games": looks[-1],
        "all_decided": all(r["verdict"] != "undecided" for r in rows), "decisions": rows,
        **design_figures(correction, schedule)}


def lone_levels(correction: dict[str, Any], schedule: Schedule) -> list[float]:
    """The level each look tests a lone difference at: the α it spends, corrected over
    the family as a lone difference meets it (`power.lone_level`)."""
    return [power.lone_level(level, correction["method"], correction["family"])
            for level in look_levels(correction["alpha"], schedule.looks, schedule.most)]


def design_power(test: dict[str, Any], correction: dict[str, Any], schedule: Schedule,
                 margin: float) -> dict[str, Any] | None:
    """A comparison's minimum detectable effect under this sequential design (all its
    looks to --max-games, the equivalence margin included), from its standard error now;
    None without a normal standard error."""
    if test["method"] != NORMAL:
        return None
    return power.sequential_design(test["se"], test["games"], schedule.most, schedule.looks,
                                   lone_levels(correction, schedule), margin, margin,
                                   correction["power_alpha"])


def design_figures(correction: dict[str, Any], schedule: Schedule) -> dict[str, Any]:
    """What the looks cost in power, whatever the comparison (no equivalence stop): the
    design's power at a fixed run's minimum detectable effect (a fixed run of --max-games
    has 80 %), and how much larger a difference it needs for 80 %."""
    fractions = [n / schedule.most for n in schedule.looks]
    levels = lone_levels(correction, schedule)
    fixed = power.detectable(1.0, correction["power_alpha"])
    theta = power.sequential_mde(fractions, levels)
    return {"power_at_fixed_effect": power.sequential_power(fixed, fractions, levels),
            "effect_ratio": None if theta is None else theta / fixed}


def _verdict(row: dict[str, Any], *figures: dict[str, Any]) -> None:
    """A promo's verdict from its figures' sequential decisions (first figure first)."""
    if row.get("replaces") is None:
        return
    different = [f for f in figures if f.get("decision", {}).get("verdict") == "different"]
    row["significant"] = bool(different)
    if different:
        row["verdict"] = "stronger" if different[0]["difference"] > 0 else "weaker"
    elif any(f["p"] is not None for f in figures) and all(
            f.get("decision", {}).get("verdict") == "equivalent"
            for f in figures if f["method"] is not None):
        row["verdict"] = "equivalent"
    else:
        row["verdict"] = "no clear difference"


PENDING = {"no information": " (no spread yet)", TOO_FEW: " (too few wins or losses yet)"}


def decision_rows(section: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The table of decisions (terminal and HTML alike)."""
    return (["comparison", "decision", "decided at"],
            [[row["comparison"], row["verdict"] + PENDING.get(row.get("method"), ""),
              "-" if row["games"] is None else f"{row['games']:,} games"]
             for row in section["decisions"]])


def decision_text(section: dict[str, Any]) -> str:
    """How the run stopped, and what its looks cost in power."""
    looks = section["looks"]
    stop = ("every comparison decided" if section["all_decided"]
            else f"--max-games {section['max_games']:,} reached")
    said = (f"Until decided: {len(looks)} look(s), every {looks[0]:,} games, stopped at "
            f"{section['games']:,} ({stop}); α = {section['alpha']:g} spent over the looks "
            f"(O'Brien–Fleming-type, Lan–DeMets); equivalent: within ±"
            f"{100 * section['margin']:g} points (win rates) or ±{section['vp_margin']:g} VP "
            f"per copy.")
    if section.get("effect_ratio") is None:
        return said
    return (f"{said} Power of this design: a difference that a fixed run of "
            f"{section['max_games']:,} games flags 80 % of the time is flagged "
            f"{100 * section['power_at_fixed_effect']:.0f} % of the time; 80 % needs one "
            f"{section['effect_ratio']:.2f}× as large (each comparison's \"detects ±\").")
