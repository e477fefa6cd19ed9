"""`pnp simulate majority2 --promos FILE --tune CARD.FIELD=LOW..HIGH`: try a promo card at
several values of one field and find the value(s) in line with the base card it replaces.

Each value is its own deck variant (the promo so changed, in the deck position of the copy
it replaces), compared with the base card on the same seeds — VP per copy, or with
`--restricted` the restricted-play headline (the promo's drop beside one copy of the base
card). Games go where the decision is close: the values are played in batches of
`--games` (sequential looks, α spent as for `--until-decided`), and a value leaves the run
once it is decided — surely different from the base card, or surely within the margin
(`--vp-margin` VP per copy, `--margin` points) — so the remaining games go to the values
still open, up to `--max-games`. The report gives each value's comparison and the
value(s) in line with the base card: not shown to differ, smallest difference first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pnp.simulate.family import adjust, look_levels
from pnp.simulate.formats import p_text, table
from pnp.simulate.joint import Estimate
from pnp.simulate.plan import Plan
from pnp.simulate.stats import Z95
from pnp.simulate.tally import ChunkResult, empty_result
from pnp.simulate.tuneplan import FIELD_WORDS, Tuning


def run_tuning(plan: Plan, play: Callable[[Plan, int, ChunkResult], ChunkResult],
               summarise: Callable[[Plan, ChunkResult], dict[str, Any]]) -> dict[str, Any]:
    """Play the values in batches, dropping each once decided; the report with a `tune`
    section."""
    tuning, schedule = plan.tune, plan.schedule
    looks = schedule.looks
    levels = look_levels(plan.alpha, looks, schedule.most)
    decided: dict[str, tuple[str, int]] = {}
    total, played = empty_result(plan), 0
    for games, level in zip(looks, levels, strict=True):
        active = _active(plan, {name for _, name in tuning.values} - set(decided))
        total = play(replace(active, games=games), played, total)
        played = games
        rows = _value_rows(summarise(replace(plan, games=games), total), tuning)
        margin = schedule.vp_margin if tuning.metric == "vp_per_copy" else schedule.margin
        _decide(rows, level, plan.correction, margin, games, decided)
        if all(name in decided for _, name in tuning.values):
            break
    summary = summarise(replace(plan, games=played), total)
    summary["tune"] = _section(summary, tuning, decided, schedule,
                               looks[:looks.index(played) + 1])
    _verdicts(summary, tuning)
    return summary


def _verdicts(summary: dict[str, Any], tuning: Tuning) -> None:
    """Each value's verdict (promo table, or restricted-play headline) follows its
    sequential decision, as its flag does."""
    rows = (summary["restricted"]["promos"] if tuning.metric == "restricted"
            else summary["promos"])
    decided = {v["variant"]: v["decision"] for v in summary["tune"]["values"]}
    for row in rows:
        verdict = decided.get(row["variant"])
        if verdict is None:
            continue
        test = row["difference"] if tuning.metric == "restricted" else row["vp_per_copy"]
        row["significant"] = verdict == "different"
        row["verdict"] = ((("stronger" if test["difference"] > 0 else "weaker")
                           if verdict == "different" else verdict)
                          if verdict != "undecided" else "no clear difference")


def _active(plan: Plan, names: set[str]) -> Plan:
    """The plan with only the base deck and the values still open (their restricted games
    and headlines too; the marked base copy's deck while any is left)."""
    variants = tuple(v for v in plan.variants if v.promo is None or v.name in names)
    headlines = tuple(h for h in plan.headlines if h.mine in names)
    keep = {h.mine for h in headlines} | {h.theirs for h in headlines}
    restricted = tuple(r for r in plan.restricted if r.name in keep)
    controls = tuple(c for c in plan.controls if headlines)
    return replace(plan, variants=variants, restricted=restricted, controls=controls,
                   headlines=headlines)


def _value_rows(summary: dict[str, Any], tuning: Tuning) -> list[tuple[int, str, dict]]:
    """(value, variant, comparison) for each value, in order."""
    if tuning.metric == "restricted":
        found = {row["variant"]: row["difference"] for row in summary["restricted"]["promos"]}
    else:
        found = {row["variant"]: row["vp_per_copy"] for row in summary["promos"]}
    return [(value, name, found[name]) for value, name in tuning.values]


def _decide(rows, level: float, correction: str, margin: float, games: int,
            decided: dict[str, tuple[str, int]]) -> None:
    """Different, then equivalent within the margin, among the open values (corrected)."""
    open_rows = [(name, test) for _, name, test in rows if name not in decided and test]
    differ = adjust([test["p"] for _, test in open_rows], correction)
    for (name, _), p in zip(open_rows, differ, strict=True):
        if p is not None and p <= level:
            decided[name] = ("different", games)
    rest = [(name, test) for name, test in open_rows if name not in decided]
    same = adjust([_equivalence(test, margin) for _, test in rest], correction)
    for (name, _), p in zip(rest, same, strict=True):
        if p is not None and p <= level:
            decided[name] = ("equivalent", games)


def _equivalence(test: dict[str, Any], margin: float) -> float | None:
    if test["difference"] is None or test["low"] is None:
        return None
    se = (test["high"] - test["low"]) / (2 * Z95)
    return Estimate(test["difference"], se).equivalence_p(margin)


def _section(summary: dict[str, Any], tuning: Tuning, decided: dict, schedule,
             looks: list[int]) -> dict[str, Any]:
    """Each value's comparison and decision, the values in line, and one sentence."""
    values = []
    for value, name, test in _value_rows(summary, tuning):
        verdict, games = decided.get(name, ("undecided", None))
        test["decision"] = {"verdict": verdict, "games": games}
        test["significant"] = verdict == "different"
        played = summary_games(summary, name)
        values.append({"value": value, "variant": name, "games": played,
                       "comparison": test, "decision": verdict, "decided_at": games})
    in_line = sorted((v for v in values if v["decision"] != "different"
                      and v["comparison"]["difference"] is not None),
                     key=lambda v: (abs(v["comparison"]["difference"]), v["value"]))
    best = in_line[0] if in_line else None
    return {"card": tuning.card, "replaces": tuning.replaces, "field": tuning.field,
            "metric": tuning.metric, "values": values,
            "in_line": [v["value"] for v in in_line],
            "best": best["value"] if best else None,
            "sentence": _sentence(tuning, best),
            "looks": looks, "max_games": schedule.most, "margin": schedule.margin,
            "vp_margin": schedule.vp_margin}


def summary_games(summary: dict[str, Any], variant: str) -> int:
    return next(v["games"] for v in summary["variants"] if v["name"] == variant)


def _sentence(tuning: Tuning, best: dict[str, Any] | None) -> str:
    what = FIELD_WORDS[tuning.field]
    if best is None:
        return (f"No {what} tried puts {tuning.card} in line with {tuning.replaces}: every "
                f"value differs.")
    c = best["comparison"]
    unit = "VP per copy" if tuning.metric == "vp_per_copy" else "points of restricted-play value"
    scale = 1 if tuning.metric == "vp_per_copy" else 100
    return (f"At {what} {best['value']}, {tuning.card} is in line with {tuning.replaces}: "
            f"{scale * c['difference']:+.2f} {unit} [{scale * c['low']:+.2f}, "
            f"{scale * c['high']:+.2f}] ({best['decision']}).")


def value_rows(section: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The values table (terminal and HTML alike)."""
    vp = section["metric"] == "vp_per_copy"
    header = [FIELD_WORDS[section["field"]],
              "VP/copy Δ [95 %]" if vp else "restricted-play Δ [95 %, points]",
              "p adj.", "games", "decision"]
    rows = []
    for v in section["values"]:
        c = v["comparison"]
        rows.append([str(v["value"]), _difference(c, 1 if vp else 100),
                     p_text(c["p_adjusted"]), f"{v['games']:,}",
                     v["decision"] + (f" at {v['decided_at']:,}" if v["decided_at"] else "")
                     + (" ← in line" if v["value"] == section["best"] else "")])
    return header, rows


def _difference(c: dict[str, Any], scale: float) -> str:
    if c["difference"] is None or c["low"] is None:
        return "-"
    return (f"{scale * c['difference']:+.2f} [{scale * c['low']:+.2f}, "
            f"{scale * c['high']:+.2f}]")


def text_lines(section: dict[str, Any]) -> list[str]:
    return ["", f"Tuning {section['card']}'s {FIELD_WORDS[section['field']]} against "
                f"{section['replaces']} (same seeds; each value played until decided):",
            *table(*value_rows(section)), section["sentence"]]
