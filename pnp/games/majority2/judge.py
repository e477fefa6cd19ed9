"""Judge a The Majority 2 record: the end state against the components, then the scores.

State checks (checker contract): one violation per card id with more copies than the deck
(base and promo copies together, Ghosts separately), per disc colour on two or more cards,
per player with negative coins (still counted as given), one for more coins than the
supply, one when nobody has 5 formed factions (then the game is unfinished, no winner).
`free_play_ignores_requirements` is accepted and reported: a record holds only the end
state, and no end state shows whether a requirement was met when a card was played.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.games.majority2.content import Majority2Content, Member
from pnp.games.majority2.record import Majority2Record
from pnp.games.majority2.scoring import (
    FACTIONS_TO_END,
    AreaCard,
    area_scores,
    game_has_ended,
    winners,
)
from pnp.games.verdict import Line, Verdict, Violation, claim_violations, player_results, where


def judge(record: Majority2Record, content: Majority2Content, rules: Mapping) -> Verdict:
    """The verdict for `record` (`rules`: free_play_ignores_requirements, reported only)."""
    violations = _copy_violations(record, content) + _disc_violations(record)
    violations += _coin_violations(record, content.coins)
    finished = game_has_ended(record.score_areas)
    if not finished:
        violations.append(Violation("score_areas", f"nobody has {FACTIONS_TO_END} formed "
                                                   "factions: the game cannot have ended",
                                    "not-ended"))
    totals, lines, cards = {}, {}, {}
    for name in record.players:
        scores = area_scores(record.score_areas[name])
        coins = record.coins[name]
        lines[name] = [Line(describe(s.card, s.explanation), s.vp) for s in scores]
        lines[name].append(Line(f"{coins} coin(s)", coins))
        totals[name] = sum(s.vp for s in scores) + coins
        cards[name] = [{"card": s.card.member.id, "disc": s.card.disc, "colour": s.card.colour,
                        "vp": s.vp, "explanation": s.explanation} for s in scores]
    violations += claim_violations(record.claimed, totals, "claimed")
    won, tie_break = winners(totals, record.start_player) if finished else ([], None)
    return Verdict(
        game="majority2", finished=finished,
        players=player_results(record.players, totals, record.claimed, lines),
        winners=tuple(won), tie_break=tie_break, violations=tuple(violations),
        rules=dict(rules),
        detail={"start_player": record.start_player, "score_areas": cards,
                "formed_factions": {n: len(a) for n, a in record.score_areas.items()},
                "coins": dict(record.coins)},
    )


def describe(card: AreaCard, explanation: str) -> str:
    label = card.member.id + (f" ({card.disc} disc)" if card.disc else "")
    return label if card.member.vp.rule == "fixed" else f"{label}: {explanation}"


def _positions(record: Majority2Record) -> list[tuple[str, int, AreaCard]]:
    """Every score-area card with its owner and index, in record order."""
    return [(name, i, card) for name in record.players
            for i, card in enumerate(record.score_areas[name])]


def _copy_violations(record: Majority2Record, content: Majority2Content) -> list[Violation]:
    """A promo member shares its base card's copies (one for one); Ghosts count alone.
    Each violation points at the first copy beyond what the deck holds."""
    groups: dict[str, list[tuple[str, int, Member]]] = {}
    for name, i, card in _positions(record):
        groups.setdefault(card.member.replaces or card.member.id, []).append(
            (name, i, card.member))
    problems = []
    for group, found in groups.items():
        limit = content.cards[group].quantity
        with_promo = any(m.id != group for _, _, m in found)
        if len(found) > limit:
            name, i, _ = found[limit]
            what = f"{group} and its promo" if with_promo else group
            problems.append(Violation(where("score_areas", name, i),
                                      f"{len(found)} copies of {what} in the score areas; "
                                      f"the deck holds {limit}",
                                      "promo-over-deck" if with_promo else "card-over-deck"))
            continue
        for promo_id in dict.fromkeys(m.id for _, _, m in found if m.id != group):
            copies = [(n, i) for n, i, m in found if m.id == promo_id]
            printed = content.cards[promo_id].quantity
            if len(copies) > printed:
                name, i = copies[printed]
                problems.append(Violation(where("score_areas", name, i),
                                          f"{len(copies)} copies of {promo_id} in the score "
                                          f"areas; there are {printed}", "promo-over-deck"))
    return problems


def _disc_violations(record: Majority2Record) -> list[Violation]:
    """There is one disc of each colour: a colour on two cards is one violation."""
    places: dict[str, list[tuple[str, int]]] = {}
    for name, i, card in _positions(record):
        if card.disc:
            places.setdefault(card.disc, []).append((name, i))
    return [
        Violation(where("score_areas", found[1][0], found[1][1]),
                  f"the {colour} disc is on {len(found)} cards; there is only one",
                  "disc-twice")
        for colour, found in places.items() if len(found) > 1
    ]


def _coin_violations(record: Majority2Record, supply: int) -> list[Violation]:
    problems = [Violation(where("coins", n), f"negative coins ({c}); counted as given",
                          "negative-coins")
                for n, c in record.coins.items() if c < 0]
    held = sum(max(c, 0) for c in record.coins.values())
    if held > supply:
        problems.append(Violation("coins", f"{held} coins in all; the supply has {supply}",
                                  "coin-supply"))
    return problems
