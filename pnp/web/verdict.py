"""A verdict as the pages show it: the `pnp check --json` report itself, plus the words a
person reads beside it (card names, places counted from 1, tie-breaks, links to rulings).

Nothing is recomputed here: every number comes from the report. The Majority 2 score-area
lines use the cards' printed names from the same card data the checker read.
"""

from __future__ import annotations

from functools import cache

from pnp.games.gamedata import load_content
from pnp.games.verdict import Verdict, where_in_words
from pnp.web import rulings

TIE_BREAKS = {"non-start-player": "the tie goes to the player without the start marker",
              "final-round-score": "the tie is broken by the final round's score",
              "shared": "the victory is shared"}


def verdict_view(verdict: Verdict) -> dict:
    """The report and its words, for the verdict panel of a page."""
    report = verdict.to_json()
    game = verdict.game
    players = []
    for player in report["players"]:
        lines = _m2_lines(report, player) if game == "majority2" else player["breakdown"]
        players.append({"name": player["name"], "total": player["total"],
                        "claimed": player["claimed"], "difference": player["difference"],
                        "lines": lines})
    tie = None
    if report["tie_break"]:
        tie = {"text": TIE_BREAKS.get(report["tie_break"], report["tie_break"]),
               "ruling": rulings.tie_break_link(game, report["tie_break"])}
    return {
        "report": report,
        "players": players,
        "winners": report["winners"],
        "tie_break": tie,
        "violations": [{"where": v.where, "path": _json_path(v.where),
                        "in_words": where_in_words(v.where), "message": v.message,
                        "kind": v.kind, "ruling": rulings.violation_link(v.kind)}
                       for v in verdict.violations],
        "rules": [{"name": name, "value": value, "ruling": rulings.option_link(game, name)}
                  for name, value in report["rules"].items()],
    }


def _json_path(where: str) -> str:
    """A violation's place as the JSON path the form's fields carry."""
    if not where:
        return "$"
    return "$" + where if where.startswith("[") else "$." + where


def _m2_lines(report: dict, player: dict) -> list[dict]:
    """Each score-area card by its printed name with its arithmetic, then the coins."""
    titles = card_titles()
    lines = []
    for card in report["score_areas"][player["name"]]:
        name = titles.get(card["card"], card["card"])
        if card["disc"]:
            name += f" ({card['disc']} disc)"
        text = name if card["explanation"] == str(card["vp"]) else \
            f"{name}: {card['explanation']}"
        lines.append({"text": text, "points": card["vp"]})
    coins = report["coins"][player["name"]]
    lines.append({"text": f"{coins} coin{'s' * (coins != 1)}", "points": coins})
    return lines


@cache
def card_titles() -> dict[str, str]:
    """Every Majority 2 card id (base, promo, Ghost) with its printed name."""
    content = load_content("majority2")
    return {card_id: card.title for card_id, card in content.cards.items()}
