"""Judge a Majority Rules! record by replaying it through the rules engine: each recorded
round is rolled as written and scored by the engine, which also ends the game at the target
and breaks ties; the judge checks every claim (per round and final) against it.

A round recorded after the game has ended is one violation and is not counted. A record
that stops before anyone reaches the target is an unfinished game (no winner), not a fault.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.games.majority_rules.engine import ENGINE, Config, round_actions
from pnp.games.majority_rules.record import DICE_PER_PLAYER, MajorityRulesRecord
from pnp.games.majority_rules.scoring import FaceOutcome, RoundResult, die_value
from pnp.games.verdict import Line, Verdict, Violation, claim_violations, player_results, where


def judge(record: MajorityRulesRecord, content, rules: Mapping) -> Verdict:
    """The verdict for `record` with rule options `rules` (`target`, `threshold`)."""
    names = record.players
    config = Config(len(names), DICE_PER_PLAYER, rules["target"], rules["threshold"])
    state = ENGINE.initial_state(config)
    lines: dict[str, list[Line]] = {p: [] for p in names}
    violations: list[Violation] = []
    rounds: list[dict] = []
    for r, round_record in enumerate(record.rounds):
        if ENGINE.is_terminal(state):
            violations.append(Violation(where("rounds", r), "round recorded after the game "
                                                            "ended; it is not counted",
                                                  "after-end"))
            rounds.append({"gold": round_record.gold, "counted": False})
            continue
        for action in round_actions([round_record.dice[p] for p in names], round_record.gold):
            state = ENGINE.apply(state, action)
        result = _by_name(state.rounds[-1], names)
        for player in names:
            lines[player] += _dice_lines(result, player, r)
        violations += claim_violations(round_record.claimed, result.scores,
                                       "rounds", r, "claimed")
        totals = dict(zip(names, state.totals, strict=True))
        rounds.append(_round_detail(result, round_record.claimed, totals))
    totals = dict(zip(names, state.totals, strict=True))
    violations += claim_violations(record.claimed, totals, "claimed")
    finished = ENGINE.is_terminal(state)
    won, tie_break = (), None
    if finished:
        outcome = ENGINE.returns(state)
        won, tie_break = tuple(names[s] for s in outcome.winners), outcome.tie_break
    return Verdict(
        game="majority-rules", finished=finished,
        players=player_results(names, totals, record.claimed, lines),
        winners=won, tie_break=tie_break, violations=tuple(violations),
        rules=dict(rules), detail={"rounds": rounds},
    )


def _by_name(result: RoundResult, names) -> RoundResult:
    """The engine's round (keyed by seat) keyed by the record's player names."""
    return RoundResult(
        result.gold,
        tuple(FaceOutcome(f.face, {names[s]: n for s, n in f.counts.items()},
                          None if f.claimed_by is None else names[f.claimed_by])
              for f in result.faces),
        {names[s]: d for s, d in result.held.items()},
        {names[s]: v for s, v in result.scores.items()},
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
