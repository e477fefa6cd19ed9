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
from dataclasses import dataclass, replace
from typing import Any

from pnp.errors import Problem, UsageError
from pnp.simulate.family import adjust, look_levels
from pnp.simulate.formats import p_text, table
from pnp.simulate.joint import Estimate
from pnp.simulate.plan import Plan
from pnp.simulate.stats import Z95
from pnp.simulate.tally import ChunkResult, empty_result

MAX_VALUES = 21
FIELD_WORDS = {"cost": "cost", "vp.points": "VP", "vp.base": "base VP",
               "vp.per_match": "VP per matching Secretary",
               "vp.per_colour": "VP per colour", "quantity": "copies"}


@dataclass(frozen=True)
class Tuning:
    """The card tuned, the field, and each value's variant name (in order)."""

    card: str
    replaces: str
    field: str
    values: tuple[tuple[int, str], ...]
    metric: str  # "vp_per_copy" or "restricted"


def parse(text: str) -> tuple[str, str, list[int]]:
    """`CARD.FIELD=LOW..HIGH` (or `=A,B,C`, or `=V`) → (card, field, values)."""
    from pnp.games.majority2.variants import TUNABLE

    card, _, rest = text.partition(".")
    field, equals, values = rest.partition("=")
    if not card or not equals or field not in TUNABLE:
        raise UsageError(Problem("--tune", f"{text!r}: expected CARD.FIELD=LOW..HIGH, e.g. "
                                           f"my-card.cost=1..6; fields: {', '.join(TUNABLE)}"))
    try:
        if ".." in values:
            low, high = (int(v) for v in values.split(".."))
            found = list(range(low, high + 1))
        else:
            found = [int(v) for v in values.split(",")]
    except ValueError:
        found = []
    found = list(dict.fromkeys(found))
    if not 1 <= len(found) <= MAX_VALUES:
        raise UsageError(Problem("--tune", f"{text!r}: expected 1 to {MAX_VALUES} whole "
                                           f"numbers, as LOW..HIGH or A,B,C"))
    return card, field, found


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


def plan_tuning(request, variants: tuple, rules) -> tuple[tuple, Tuning]:
    """The base deck and one variant per value of --tune (the other promos are not
    played); UsageError naming --tune for a card, field or value that cannot be."""
    from pnp.games.gamedata import load_content
    from pnp.games.majority2.variants import tune_problem, tuned_variants
    from pnp.simulate.plan import promo_sources

    if request.game != "majority2":
        raise UsageError(Problem("--tune", "tuning changes a Majority 2 promo card: "
                                           "majority2 only"))
    if request.logs:
        raise UsageError(Problem("--logs", "not with --tune: the values tried are not in "
                                           "the promo file, so a record could not be checked"))
    card, field, values = parse(request.tune)
    sources = promo_sources(request.promos, request.data_dir)
    content = load_content("majority2", request.data_dir,
                           custom_promos=[s for s in sources if not isinstance(s, str)])
    ids = {v.promo for v in variants if v.promo}
    problem = (tune_problem(content, card, field, values) if card in ids
               else f"{card!r} is not a card of --promos")
    if problem:
        raise UsageError(Problem("--tune", problem))
    if field == "quantity" and request.restricted is not None:
        raise UsageError(Problem("--tune", "quantity with --restricted: the headline bars "
                                           "one copy of the base card, not several"))
    base = variants[0]
    own = next(v for v in variants if v.promo == card)
    tried = tuned_variants(content, base.players, rules, card, field, values, own.promo_file)
    tuned = tuple(replace(base, name=d.name, config=d.config, copies=d.copies, blank=d.blank,
                          promo=d.promo, replaces=d.replaces, promo_file=d.promo_file)
                  for d in tried)
    metric = "restricted" if request.restricted is not None else "vp_per_copy"
    return (base, *tuned), Tuning(card, own.replaces, field,
                                  tuple((v, d.name) for v, d in zip(values, tried,
                                                                    strict=True)), metric)


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
