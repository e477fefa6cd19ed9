"""`pnp simulate majority2 --promos FILE --tune CARD.FIELD=LOW..HIGH`: try a promo card at
several values of one field and find the value(s) in line with the base card it replaces.

Each value is its own deck variant (the promo so changed, in the deck position of the copy
it replaces), compared with the base card on the same seeds — VP per copy, or with
`--restricted` the restricted-play headline (the promo's drop beside one copy of the base
card). Games go where the decision is close: the values are played in batches of
`--games` (sequential looks, α spent as for `--until-decided`), and a value leaves the run
once it is decided — surely different from the base card, or surely within the margin
(`--vp-margin` VP per copy, `--margin` points) *and* set apart from its neighbours (each
neighbouring value tried is surely different) — so the remaining games go to the values
still open, up to `--max-games`. One coin of cost can move a card by less than the margin:
two neighbours both within it are not told apart by the margin, so both keep playing
until one of them is shown to differ.

The report gives each value's comparison with its interval and the value(s) in line with
the base card (not shown to differ). It names a single value only when that value is set
apart: its neighbours differ. Otherwise it names them all ("cost 3 or 4"), or, when every
value differs, the two neighbours between which the card changes from stronger to weaker.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pnp.simulate.compare import equivalence_p
from pnp.simulate.family import adjust, look_levels
from pnp.simulate.formats import diff, p_text, table
from pnp.simulate.plan import Plan
from pnp.simulate.powerwords import detects
from pnp.simulate.sequential import design_power
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
        _decide(rows, level, plan.correction, _margin(plan), games, decided)
        if all(name in decided for _, name in tuning.values):
            break
    summary = summarise(replace(plan, games=played), total)
    summary["tune"] = _section(summary, plan, decided, looks[:looks.index(played) + 1])
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


def _margin(plan: Plan) -> float:
    return plan.margins.of("vp" if plan.tune.metric == "vp_per_copy" else "rate")


def _decide(rows, level: float, correction: str, margin: float, games: int,
            decided: dict[str, tuple[str, int]]) -> None:
    """Different, then equivalent within the margin among the open values (corrected) —
    a value equivalent only once every neighbour tried is decided different: until then
    it keeps playing beside them, to tell them apart."""
    open_rows = [(name, test) for _, name, test in rows if name not in decided and test]
    differ = adjust([test["p"] for _, test in open_rows], correction)
    for (name, _), p in zip(open_rows, differ, strict=True):
        if p is not None and p <= level:
            decided[name] = ("different", games)
    rest = [(name, test) for name, test in open_rows if name not in decided]
    same = adjust([equivalence_p(test, margin) for _, test in rest], correction)
    order = [name for _, name, _ in sorted(rows, key=lambda row: row[0])]
    for (name, _), p in zip(rest, same, strict=True):
        at = order.index(name)
        apart = all(decided.get(order[i], ("",))[0] == "different"
                    for i in (at - 1, at + 1) if 0 <= i < len(order))
        if p is not None and p <= level and apart:
            decided[name] = ("equivalent", games)


def _section(summary: dict[str, Any], plan: Plan, decided: dict,
             looks: list[int]) -> dict[str, Any]:
    """Each value's comparison, decision and power, the values in line, and one
    sentence."""
    tuning, schedule = plan.tune, plan.schedule
    values = []
    for value, name, test in _value_rows(summary, tuning):
        verdict, games = decided.get(name, ("undecided", None))
        test["decision"] = {"verdict": verdict, "games": games}
        test["significant"] = verdict == "different"
        if test["method"] is not None:
            test["minimum_detectable_effect"] = design_power(
                test, summary["correction"], schedule, _margin(plan))
        played = summary_games(summary, name)
        values.append({"value": value, "variant": name, "games": played,
                       "comparison": test, "decision": verdict, "decided_at": games})
    values.sort(key=lambda v: v["value"])
    in_line = [v for v in values if v["decision"] != "different"
               and v["comparison"]["difference"] is not None]
    named = _named(values, in_line)
    single = len(named) == 1 and named[0] in in_line
    return {"card": tuning.card, "replaces": tuning.replaces, "field": tuning.field,
            "metric": tuning.metric, "values": values,
            "in_line": [v["value"] for v in sorted(
                in_line, key=lambda v: (abs(v["comparison"]["difference"]), v["value"]))],
            "best": named[0]["value"] if single else None,
            "headline": [v["value"] for v in named],
            "sentence": _sentence(tuning, values, in_line, named),
            "looks": looks, "max_games": schedule.most, "margin": plan.margins.points,
            "vp_margin": plan.margins.vp}


def _named(values: list[dict], in_line: list[dict]) -> list[dict]:
    """The values the headline names: those in line, or, when every value differs, the
    two neighbours between which the card turns from stronger to weaker."""
    if in_line:
        return in_line
    measured = [v for v in values if v["comparison"]["difference"] is not None]
    for before, after in zip(measured, measured[1:], strict=False):
        if (before["comparison"]["difference"] > 0) != (after["comparison"]["difference"] > 0):
            return [before, after]
    return []


def summary_games(summary: dict[str, Any], variant: str) -> int:
    return next(v["games"] for v in summary["variants"] if v["name"] == variant)


def _sentence(tuning: Tuning, values: list[dict], in_line: list[dict],
              named: list[dict]) -> str:
    """The answer in one or two sentences: every value named with its interval."""
    what = FIELD_WORDS[tuning.field]
    card, base = tuning.card, tuning.replaces
    scale, unit = ((1, "VP per copy") if tuning.metric == "vp_per_copy"
                   else (100, "points of restricted-play value"))
    shown = "; ".join(f"at {v['value']} {_difference(v['comparison'], scale)}" for v in named)
    if not named:
        side = "stronger" if values and (values[0]["comparison"]["difference"] or 0) > 0 \
            else "weaker"
        return (f"No {what} tried puts {card} in line with {base}: every value differs, "
                f"and it is {side} at every one.")
    if not in_line:
        return (f"No whole {what} puts {card} in line with {base}: it is stronger at "
                f"{named[0]['value']} and weaker at {named[1]['value']} ({shown} {unit}); "
                f"the fair {what} lies between them.")
    if len(in_line) > 1:
        return (f"{what.capitalize()} {_or([v['value'] for v in in_line])} puts {card} in "
                f"line with {base} ({shown} {unit}): none of them was shown to differ at "
                f"the level the looks and the correction leave, so the run could not tell "
                f"them apart; more games (--max-games) may.")
    edge = _edge(values, in_line[0])
    return (f"At {what} {in_line[0]['value']}, {card} is in line with {base}: {shown} {unit} "
            f"({in_line[0]['decision']}){edge}.")


def _edge(values: list[dict], best: dict) -> str:
    """What the range tried leaves open: a value at its end has no neighbour beyond."""
    if len(values) == 1:
        return "; it is the only value tried"
    if best is values[0]:
        return "; it is the lowest value tried: a lower one might be in line too"
    if best is values[-1]:
        return "; it is the highest value tried: a higher one might be in line too"
    return f"; {values[values.index(best) - 1]['value']} and " \
           f"{values[values.index(best) + 1]['value']} differ"


def _or(items: list) -> str:
    words = [str(i) for i in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def value_rows(section: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The values table (terminal and HTML alike)."""
    vp = section["metric"] == "vp_per_copy"
    header = [FIELD_WORDS[section["field"]],
              "VP/copy Δ [95 %]" if vp else "restricted-play Δ [95 %, points]",
              "p adj.", "detects ±", "games", "decision"]
    rows = []
    for v in section["values"]:
        c = v["comparison"]
        rows.append([str(v["value"]), _difference(c, 1 if vp else 100),
                     p_text(c["p_adjusted"]), detects(c, "vp" if vp else "rate"),
                     f"{v['games']:,}",
                     v["decision"] + (f" at {v['decided_at']:,}" if v["decided_at"] else "")
                     + (" ← in line" if v["value"] in section["in_line"] else "")])
    return header, rows


def _difference(c: dict[str, Any], scale: float) -> str:
    return diff(c, 2, scale)


def text_lines(section: dict[str, Any]) -> list[str]:
    return ["", f"Tuning {section['card']}'s {FIELD_WORDS[section['field']]} against "
                f"{section['replaces']} (same seeds; each value played until decided):",
            *table(*value_rows(section)), section["sentence"]]
