"""Judge a Majority Rules! record: claim and score each round, check every claim (per round
and final), end the game at the target and break ties.

A round recorded after the game has ended is one violation and is not counted. A record
that stops before anyone reaches the target is an unfinished game (no winner), not a fault.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.games.majority_rules.record import MajorityRulesRecord
from pnp.games.majority_rules.scoring import RoundResult, claim, die_value, reached, winners
from pnp.games.verdict import Line, Verdict, Violation, claim_violations, player_results, where


def judge(record: MajorityRulesRecord, content, rules: Mapping) -> Verdict:
    """The verdict for `record` with rule options `rules` (`target`, `threshold`)."""
    totals = {p: 0 for p in record.players}
    lines: dict[str, list[Line]] = {p: [] for p in record.players}
    violations: list[Violation] = []
    rounds: list[dict] = []
    last_round: Mapping[str, int] = {}
    finished = False
    for r, round_record in enumerate(record.rounds):
        if finished:
            violations.append(Violation(where("rounds", r), "round recorded after the game "
                                                            "ended; it is not counted"))
            rounds.append({"gold": round_record.gold, "counted": False})
            continue
        result = claim(round_record.dice, round_record.gold)
        for player, points in result.scores.items():
            totals[player] += points
            lines[player] += _dice_lines(result, player, r)
        violations += claim_violations(round_record.claimed, result.scores,
                                       "rounds", r, "claimed")
        rounds.append(_round_detail(result, round_record.claimed, dict(totals)))
        last_round = result.scores
        finished = reached(totals, rules["target"], rules["threshold"])
    violations += claim_violations(record.claimed, totals, "claimed")
    won, tie_break = winners(totals, last_round) if finished else ([], None)
    return Verdict(
        game="majority-rules", finished=finished,
        players=player_results(record.players, totals, record.claimed, lines),
        winners=tuple(won), tie_break=tie_break, violations=tuple(violations),
        rules=dict(rules), detail={"rounds": rounds},
    )


def _dice_lines(result: RoundResult, player: str, r: int) -> list[Line]:
    """One line per face a player holds after claiming (`round 1: 11 dice of 3, Susan's 2
    and Rob's 4 claimed`), and a 0-point line per face claimed away from them."""
    lines = []
    for face in result.faces:
        mine = face.counts.get(player, 0)
        if face.claimed_by not in (None, player):
            if mine:
                lines.append(Line(f"round {r + 1}: {_dice(mine, face.face)} lost to "
                                  f"{face.claimed_by}", 0))
            continue
        held = sum(face.counts.values()) if face.claimed_by == player else mine
        if not held:
            continue
        text = f"round {r + 1}: {_dice(held, face.face)}"
        taken = [f"{p}'s {n}" for p, n in face.counts.items() if p != player]
        if face.claimed_by == player and taken:
            text += f" ({', '.join(taken)} claimed)"
        if face.face == result.gold:
            text += " (gold: 6 each)"
        lines.append(Line(text, held * die_value(face.face, result.gold)))
    return lines


def _dice(count: int, face: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'} of {face}"


def _round_detail(result: RoundResult, claimed: Mapping[str, int],
                  totals: Mapping[str, int]) -> dict:
    return {
        "gold": result.gold, "counted": True,
        "faces": [{"face": f.face, "counts": dict(f.counts), "claimed_by": f.claimed_by}
                  for f in result.faces],
        "held": {p: list(d) for p, d in result.held.items()},
        "scores": dict(result.scores), "claimed": dict(claimed), "totals": dict(totals),
    }
