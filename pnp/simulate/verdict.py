"""One promo card against the base card it replaces, run and told in words: the balance
lab's own comparison (`pnp simulate majority2 --promos FILE`) for people who will not read
its table.

The run is the library's plan, run and summary, unchanged: the same seeds, pairing, family
correction and verdict as the command with the same options. Only the telling is new,
and every number in it is read from the summary.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.simulate import powerwords
from pnp.simulate.plan import Request, plan_simulation
from pnp.simulate.report import summarise
from pnp.simulate.run import run

GAME = "majority2"


def compare_promo(path: Path, games: int, seed: int = 1,
                  progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """`pnp simulate majority2 --promos PATH --games GAMES --seed SEED --jobs 1` as its
    summary (the `--json` document); `progress(n)` after every chunk of n games."""
    plan = plan_simulation(Request(GAME, games=games, seed=seed, promos=[path]))
    return summarise(plan, run(plan, jobs=1, progress=progress))


def promo_in_words(summary: dict[str, Any], promo_id: str,
                   titles: dict[str, str]) -> dict[str, Any]:
    """The comparison of `promo_id` as a verdict, a headline and sentences; `titles`
    gives each card id its printed name."""
    promo = next(p for p in summary["promos"] if p["promo"] == promo_id)
    name = titles.get(promo_id, promo_id)
    bots = list(dict.fromkeys(summary["bots"]))
    seated = f"{bots[0]} bots in both seats" if len(bots) == 1 else " and ".join(bots)
    lines = [f"{summary['games']:,} games with {seated}, the promo's deck and the base deck "
             "on the same seeds."]
    if promo_id in summary["blank_cards"]:
        lines.append(f"{name} has no effects, so the bots played it as blank: its ability "
                     "was not tested. Give it effects for a fair comparison.")
    if promo["replaces"] is None:
        return {"verdict": "added", "significant": False, "lines": lines,
                "headline": f"{name} is added to the deck and replaces no card, so there is "
                            "no base card to compare it with."}
    base = titles.get(promo["replaces"], promo["replaces"])
    lines += [_vp_words(promo["vp_per_copy"]), _wins_words(promo["scorer_win_rate"])]
    correction = summary["correction"]
    lines.append(f"A difference counts when its p-value, adjusted ({correction['method']}) "
                 f"for the report's {correction['family']} comparison(s), is at most "
                 f"{correction['alpha']:g}.")
    return {"verdict": promo["verdict"], "significant": promo["significant"],
            "headline": _headline(promo["verdict"], name, base), "lines": lines,
            "power": _power_words(promo, summary["games"])}


def _power_words(promo: dict[str, Any], games: int) -> str | None:
    """What these games could see: the sizes of difference they show 4 times in 5, and
    the games a smaller one (the difference that matters) would take."""
    found = [f for f in (powerwords.sizes(promo["vp_per_copy"], "vp"),
                         powerwords.sizes(promo["scorer_win_rate"], "rate",
                                          " of scorer wins")) if f]
    if not found:
        return None
    lead = ("No clear difference is not no difference: these " if not promo["significant"]
            else "These ")
    said = (f"{lead}{games:,} games show a difference of "
            f"{' or '.join(f[0] for f in found)} 4 times in 5 (80 % power)")
    vp = found[0]
    if not promo["significant"] and promo["vp_per_copy"]["minimum_detectable_effect"] \
            and not vp[3]:
        said += f"; to see {vp[1]}, test {vp[2]}"
    return said + "."


def _headline(verdict: str, name: str, base: str) -> str:
    if verdict == "stronger":
        return f"{name} is stronger than the {base} it replaces."
    if verdict == "weaker":
        return f"{name} is weaker than the {base} it replaces."
    return (f"No clear difference between {name} and the {base} it replaces in these "
            "games (more games may still find one).")


def _vp_words(vp: dict[str, Any]) -> str:
    said = (f"VP per copy: {vp['promo']:.2f} for the promo, {vp['base']:.2f} for the base "
            "card")
    if vp["difference"] is None:
        return said + "; too few games to compare."
    return (f"{said}: {_amount(vp['difference'], 'VP', 2)}, 95 % interval "
            f"{_amount(vp['low'], 'VP', 2)} to {_amount(vp['high'], 'VP', 2)}, "
            f"{_p_words(vp)}.")


def _wins_words(wins: dict[str, Any]) -> str:
    if wins["difference"] is None:
        return ("How often a scored copy ends with the winner: too few scored copies won "
                "or lost to compare the two cards.")
    return (f"A copy in a score area ended with the winner "
            f"{_amount(100 * wins['difference'], 'percentage points', 1)} often, 95 % "
            f"interval {_amount(100 * wins['low'], 'points', 1)} to "
            f"{_amount(100 * wins['high'], 'points', 1)}, {_p_words(wins)}.")


def _amount(value: float, unit: str, digits: int) -> str:
    """+1.19 VP → "1.19 VP more"; −0.20 → "0.20 VP less"."""
    word = "more" if value >= 0 else "less"
    return f"{abs(value):.{digits}f} {unit} {word}"


def _p_words(test: dict[str, Any]) -> str:
    p = test["p_adjusted"]
    shown = "< 0.001" if p is not None and p < 0.001 else f"{p:.3f}" if p is not None else "-"
    return f"adjusted p {shown}: " + ("a clear difference" if test["significant"]
                                      else "not a clear difference")
