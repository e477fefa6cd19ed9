"""The balance report's numbers: a simulation's tallies turned into rates, means and their
95 % intervals (the `--json` document), and the terminal table read from that document.

Every chart and table reads this one summary, so the terminal, `--json` and the HTML page
always agree. Rates use Wilson intervals; means the normal interval; points per round the
ratio (delta-method) interval; a promo against its base card a paired interval (same
seeds) for VP per copy and Newcombe's interval for the scorer's win rate. A difference is
*significant* when its interval excludes 0.
"""

from __future__ import annotations

import math
from typing import Any

from pnp.simulate.compare import MIN_OUTCOMES, NO_COMPARISON, TOO_FEW, comparison, correct_family
from pnp.simulate.family import CORRECTION_NAMES
from pnp.simulate.figures import decisiveness, distribution, mean_json, rate_json, seat_balance
from pnp.simulate.formats import diff, fixed, narrowed, num, p_text, pct, table
from pnp.simulate.plan import Plan
from pnp.simulate.powerwords import approx, basis, detects, missed
from pnp.simulate.restricted import flagged
from pnp.simulate.stats import Moments, Ratio, mean_interval
from pnp.simulate.tally import PROMO_FIGURES, CardTally, ChunkResult, Tally

BOTS_READING = {
    "majority-rules": "Majority Rules! rerolls as the engine reads them: before each of the "
                      "two rerolls a player keeps any of their dice and rerolls the rest; a "
                      "die kept once may be rerolled later.",
}


def summarise(plan: Plan, result: ChunkResult) -> dict[str, Any]:
    """The whole report as a JSON-ready dict (NaN written as null)."""
    variants = [_variant(plan, v, result.tallies[v.name]) for v in plan.variants]
    summary = {
        "game": plan.game_id, "games": plan.games, "seed": plan.seed,
        "players": plan.players[0] if len(plan.players) == 1 else list(plan.players),
        "bots": [b.label for b in (plan.variants[0].lineup if len(plan.players) == 1
                                   else plan.bots)],
        "seats": plan.seats,
        "rules": dict(plan.rules),
        "variants": variants,
        "promos": [_promo(plan, v, result) for v in plan.variants if v.promo],
        "blank_cards": sorted({c for v in plan.variants for c in v.blank}),
    }
    if plan.game_id in BOTS_READING:
        summary["reading"] = BOTS_READING[plan.game_id]
    if plan.restricted:
        from pnp.simulate.restricted import summarise_restricted

        summary["restricted"] = summarise_restricted(plan, result)
    summary = _finite(summary)
    correct_family(summary, plan.correction, plan.alpha, plan.margins)
    return summary


def _variant(plan: Plan, variant, tally: Tally) -> dict[str, Any]:
    n = tally.games
    pooled_score, pooled_rounds = Moments(), Ratio()
    for bot in tally.bots.values():
        pooled_score.merge(bot.score)
        pooled_rounds.merge(bot.per_round)
    return {
        "name": variant.name, "promo": variant.promo, "replaces": variant.replaces,
        "players": variant.players, "games": n,
        "every_seat": {"score": mean_json(pooled_score.interval()),
                       "points_per_round": mean_json(pooled_rounds.interval())},
        "rounds": distribution(tally.rounds),
        "ends": dict(sorted(tally.ends.items())),
        "tie_breaks": dict(sorted(tally.tie_breaks.items())),
        "shared_victories": rate_json(tally.shared, n),
        "seat_balance": seat_balance(tally.seat_wins, n),
        "decisiveness": decisiveness(tally.margins, tally.late_lead_changes),
        "seats": [
            {"seat": s + 1, "wins": rate_json(tally.seat_wins[s], n),
             "shared": tally.seat_shared[s], "score": distribution(tally.seat_scores[s])}
            for s in range(variant.players)
        ],
        "bots": [
            {"bot": name, "games": bot.games, "wins": rate_json(bot.wins, bot.games),
             "shared": bot.shared, "score": mean_json(bot.score.interval()),
             "points_per_round": mean_json(bot.per_round.interval())}
            for name, bot in sorted(tally.bots.items())
        ],
        "head_to_head": [
            {"bot": a, "against": b, "ahead": rate_json(r.k, r.n)}
            for (a, b), r in sorted(tally.pairs.items())
        ],
        # every card of the deck, also one never played (that is worth knowing too)
        "cards": [_card(card, tally.cards.get(card, CardTally()), n)
                  for card in sorted(set(tally.cards) | {c for c, _ in variant.copies})],
    }


def _card(card: str, c, games: int) -> dict[str, Any]:
    return {
        "card": card, "plays": c.plays, "plays_per_game": c.plays / games if games else 0,
        "representative": c.representative,
        "vp_per_game": mean_json(mean_interval(games, c.vp.total, c.vp.squares)),
        "scored_in": c.vp.n,
        "scorer_wins": rate_json(c.scorer_wins.k, c.scorer_wins.n),
    }


def _promo(plan: Plan, variant, result: ChunkResult) -> dict[str, Any]:
    """A promo against the base card it replaces, on the same seeds. A card added to the
    deck (a Ghost) replaces nothing, so it has its own figures but no comparison.
    `significant` and the verdict are set once the whole family is known
    (`compare.correct_family`)."""
    base, mine = plan.variants[0], variant
    promo_copies = dict(mine.copies).get(mine.promo, 1)
    games = result.tallies[mine.name].games
    own = result.tallies[mine.name].cards.get(mine.promo)
    own_vp = own.vp.total / promo_copies / games if own and games else 0.0
    summary = {"promo": mine.promo, "variant": mine.name, "replaces": mine.replaces,
               "games": games,
               "vp_per_copy": {"promo": own_vp, **NO_COMPARISON},
               "scorer_win_rate": {"promo": own.scorer_wins.value if own else None,
                                   **NO_COMPARISON},
               "significant": False, "verdict": "added (no base card)"}
    if mine.replaces is None:
        return summary
    base_copies = dict(base.copies).get(mine.replaces, 1)
    joint = result.paired[mine.name]
    scale = 1 / (promo_copies * base_copies)
    # the base card over the same games as the promo (a tuned value may have left early)
    their_vp = joint.mean(1) * scale if joint.n else 0.0
    summary["vp_per_copy"] = {"promo": own_vp, "base": their_vp, **comparison(
        joint.combination((scale, -scale)), joint.combination((scale, -scale), DECKS))}
    won = (PROMO_FIGURES.index("promo_won"), PROMO_FIGURES.index("promo_scored"))
    their_won = (PROMO_FIGURES.index("base_won"), PROMO_FIGURES.index("base_scored"))
    rates = [joint.sums[k] / joint.sums[m] if joint.sums[m] else None for k, m in (won, their_won)]
    summary["scorer_win_rate"] = {"promo": rates[0], **NO_COMPARISON, "base": rates[1]}
    if all(min(joint.sums[k], joint.sums[m] - joint.sums[k]) >= MIN_OUTCOMES
           for k, m in (won, their_won)):
        summary["scorer_win_rate"].update(comparison(
            joint.ratio_difference(won, their_won),
            joint.ratio_difference(won, their_won, DECKS)))
    else:
        summary["scorer_win_rate"].update(method=TOO_FEW, games=joint.n or None)
    summary["verdict"] = "no clear difference"
    return summary


DECKS = tuple(0 if name.startswith("promo") else 1 for name in PROMO_FIGURES)


def _finite(value: Any) -> Any:
    """NaN and infinities become None, so the JSON is valid everywhere."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def players_text(summary: dict[str, Any]) -> str:
    players = summary["players"]
    if isinstance(players, list):
        return ", ".join(map(str, players)) + " players"
    return f"{players} players"


def variant_title(v: dict[str, Any]) -> str:
    if v["promo"] is None:
        return "Base game" if v["name"] == "base" else v["name"].capitalize()
    if v["replaces"] is None:
        return f"With {v['promo']} (added to the deck)"
    return f"With {v['promo']} (replacing {v['replaces']})"


# --- the terminal table -------------------------------------------------------------------

def text_report(summary: dict[str, Any]) -> str:
    """The report for a terminal: one block per variant, then the promo comparisons."""
    lines = [f"{summary['game']}: {summary['games']:,} games, seed {summary['seed']}, "
             f"{players_text(summary)}, bots {', '.join(summary['bots'])} "
             f"(seats: {summary['seats']})",
             "95 % intervals in brackets (Wilson for rates)."]
    if summary.get("rules"):
        lines.append("rules: " + ", ".join(f"{k}={v}" for k, v in summary["rules"].items()))
    if summary.get("reading"):
        lines.append(summary["reading"])
    if summary["promos"]:
        lines += ["", "Promo cards against the base card each replaces (same seeds):"]
        lines += table(*promo_rows(summary, _flag))
    if summary.get("restricted"):
        from pnp.simulate.restricted import text_lines

        lines += text_lines(summary, _flag)
    if summary["correction"]["family"]:
        lines.append(correction_text(summary))
    lines += power_lines(summary)
    if summary.get("targets"):
        from pnp.simulate.targets import target_rows

        verdict = "all passed" if summary["targets"]["passed"] else "FAILED"
        lines += ["", f"Targets ({summary['targets']['file']}): {verdict}",
                  *table(*target_rows(summary["targets"]))]
    if summary.get("tune"):
        from pnp.simulate.tune import text_lines as tune_lines

        lines += tune_lines(summary["tune"])
    if summary.get("sequential"):
        from pnp.simulate.sequential import decision_rows, decision_text

        lines += ["", decision_text(summary["sequential"]),
                  *table(*decision_rows(summary["sequential"]))]
    if summary["blank_cards"]:
        lines += ["", "Played as blank (no effects data): " + ", ".join(summary["blank_cards"])]
    if isinstance(summary["players"], list):
        lines += ["", "By player count:", *table(*by_players(summary))]
    for variant in summary["variants"]:
        lines += ["", *_variant_text(variant)]
    return "\n".join(lines) + "\n"


def promo_rows(summary: dict[str, Any], verdict) -> tuple[list[str], list[list[str]]]:
    """The promo table (terminal and HTML alike): VP per copy and the scorer's win rate,
    each difference with its interval and adjusted p-value, and how much narrower the
    paired interval is than an unpaired one. `verdict(promo)` writes the last column."""
    header = ["promo", "replaces", "VP/copy promo", "base", "difference [95 %]", "p adj.",
              "detects ±", "scorer wins Δ [95 %]", "p adj.", "detects ±", "pairing narrowed",
              "verdict"]
    rows = [[p["variant"], p["replaces"] or "(added)", fixed(p["vp_per_copy"]["promo"]),
             fixed(p["vp_per_copy"]["base"]), diff(p["vp_per_copy"], 2),
             p_text(p["vp_per_copy"]["p_adjusted"]), detects(p["vp_per_copy"], "vp"),
             diff(p["scorer_win_rate"], 3), p_text(p["scorer_win_rate"]["p_adjusted"]),
             detects(p["scorer_win_rate"], "rate"),
             narrowed(p["vp_per_copy"]["narrowed"], p["scorer_win_rate"]["narrowed"]),
             verdict(p)] for p in summary["promos"]]
    return header, rows


def power_lines(summary: dict[str, Any]) -> list[str]:
    """How the "detects ±" figures were had, then for every comparison with no clear
    difference what it could have missed (terminal and HTML alike)."""
    lines = []
    for promo in summary["promos"]:
        if promo["replaces"] is not None and not promo["significant"]:
            lines.append(missed(promo["variant"], [
                (promo["vp_per_copy"], "vp", ""),
                (promo["scorer_win_rate"], "rate", " of scorer wins")]))
    restricted = summary.get("restricted") or {}
    for row in restricted.get("promos", []):
        if row["difference"] is not None and not row["significant"]:
            lines.append(missed(f"{row['variant']} under restricted play",
                                [(row["difference"], "rate", " of restricted-play value"),
                                 (row["margin_difference"], "margin", " of score margin")]))
    lines.append(_cards_missed(restricted.get("cards", [])))
    for variant in summary["variants"]:
        advantage = variant["seat_balance"]["start_player_advantage"]
        if variant["promo"] is None and not advantage["significant"]:
            lines.append(missed(f"start player's advantage ({variant['name']})",
                                [(advantage, "rate", "")]))
    lines = [line for line in lines if line]
    return [basis(summary), *lines] if lines or summary["correction"]["family"] else []


def _cards_missed(cards: list[dict[str, Any]]) -> str | None:
    """One sentence for the restricted-play cards not flagged (there may be 25)."""
    quiet = [c["drop"]["minimum_detectable_effect"] for c in cards
             if not flagged(c["drop"], c["margin_drop"])
             and c["drop"]["minimum_detectable_effect"]]
    quiet = [m for m in quiet if m["effect"] is not None]
    if not quiet:
        return None
    low = min(m["effect"] for m in quiet)
    high = max(m["effect"] for m in quiet)
    most = max(m["games_for_target"] for m in quiet)
    need = (f"--max-games ≈ {approx(most)}" if quiet[0]["design"] == "sequential"
            else f"≈ {approx(most)} games")
    spread = (f"±{100 * low:.1f}" if f"{100 * low:.1f}" == f"{100 * high:.1f}"
              else f"±{100 * low:.1f} to ±{100 * high:.1f}")
    return (f"restricted play: the {len(quiet)} card(s) not flagged would have shown a drop "
            f"of {spread} points of win rate; to see ±{100 * quiet[0]['target']:g} on every "
            f"one: {need}.")


def correction_text(summary: dict[str, Any]) -> str:
    """One line saying how the flags were decided."""
    c = summary["correction"]
    if summary.get("tune"):
        return (f"The tuned values' flags and verdicts follow their sequential decisions "
                f"(see Tuning); p adj. is each comparison's fixed-sample p-value adjusted "
                f"({CORRECTION_NAMES[c['method']]}, {c['family']} comparison(s)).")
    if summary.get("sequential"):
        return (f"Flags follow the sequential decisions below; p adj. is each comparison's "
                f"fixed-sample p-value adjusted ({CORRECTION_NAMES[c['method']]}, "
                f"{c['family']} comparison(s)), for reference.")
    return (f"Flags: {CORRECTION_NAMES[c['method']]} over the report's {c['family']} "
            f"comparison(s), α = {c['alpha']:g}; p adj. is each comparison's adjusted "
            f"p-value (flagged when ≤ α).")


def by_players(summary: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The player-count comparison: header and rows (terminal and HTML alike)."""
    header = ["players", "rounds per game", "mean score", "points per round",
              "shared victories"]
    rows = [[str(v["players"]), num(v["rounds"], 2), num(v["every_seat"]["score"]),
             num(v["every_seat"]["points_per_round"], 2), pct(v["shared_victories"])]
            for v in summary["variants"]]
    return header, rows


def shown_cards(v: dict[str, Any]) -> list[dict]:
    """Every card of the base game; for a promo variant, the promo and the card it
    replaces (the rest is in the JSON)."""
    if v["promo"] is None:
        return v["cards"]
    return [c for c in v["cards"] if c["card"] in (v["promo"], v["replaces"])]


def _flag(promo: dict) -> str:
    return f"** {promo['verdict']} **" if promo["significant"] else promo["verdict"]


def game_lines(v: dict[str, Any]) -> list[str]:
    """Seat balance, length and decisiveness in three sentences (terminal and HTML)."""
    advantage = v["seat_balance"]["start_player_advantage"]
    rounds, d = v["rounds"], v["decisiveness"]
    margin, late = d["margin"], d["late_lead_changes"]
    lines = [f"start player's advantage (seat 1's sole-win rate minus the others'): "
             f"{_points(advantage)} percentage points, p adj. {p_text(advantage['p_adjusted'])}"
             f", detects {detects(advantage, 'rate')}"
             + (" ** flagged **" if advantage["significant"] else ""),
             f"length: median {rounds['median']} rounds [{rounds['median_low']}, "
             f"{rounds['median_high']}], quartiles {rounds['quartiles'][0]}-"
             f"{rounds['quartiles'][1]}",
             f"final margin: median {margin['median']} [{margin['median_low']}, "
             f"{margin['median_high']}], mean {num(margin)}"]
    if late is not None:
        lines[-1] += (f"; lead changes in the last third: {num(late, 2)} per game, in "
                      f"{pct(late['games_with_a_change']).strip()} of games")
    return lines


def _points(d: dict[str, Any]) -> str:
    return diff(d, 1, 100)


def _variant_text(v: dict[str, Any]) -> list[str]:
    title = variant_title(v)
    rounds = v["rounds"]
    lines = [f"{title}: {v['games']:,} games; rounds per game {num(rounds)}, "
             f"median {rounds['median']}, range {rounds['min']}-{rounds['max']}; "
             f"shared victories {pct(v['shared_victories'])}",
             "ended: " + ", ".join(f"{k} {n:,}" for k, n in v["ends"].items()),
             *game_lines(v)]
    lines += table(["seat", "wins", "mean score", "median"],
                    [[str(s["seat"]), pct(s["wins"]), num(s["score"]),
                      str(s["score"]["median"])] for s in v["seats"]])
    if len(v["bots"]) > 1 or v["head_to_head"]:
        lines += ["", *table(["bot", "games", "wins", "mean score", "points per round"],
                              [[b["bot"], f"{b['games']:,}", pct(b["wins"]), num(b["score"]),
                                num(b["points_per_round"], 2)] for b in v["bots"]])]
    else:
        b = v["bots"][0]
        lines.append(f"points per round ({b['bot']}): {num(b['points_per_round'], 2)}")
    if v["head_to_head"]:
        lines += ["", *table(["bot", "against", "finished ahead"],
                              [[h["bot"], h["against"], pct(h["ahead"])]
                               for h in v["head_to_head"]])]
    if shown_cards(v):
        lines += ["", *table(
            ["card", "plays/game", "representative", "VP/game", "scored in", "scorer wins"],
            [[c["card"], f"{c['plays_per_game']:.2f}", f"{c['representative']:,}",
              num(c["vp_per_game"], 2), f"{c['scored_in']:,}", pct(c["scorer_wins"])]
             for c in shown_cards(v)])]
    return lines
