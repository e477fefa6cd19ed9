"""Judge a The Majority record: replay its rounds turn by turn, check the point cards held
and the claims, and name the winners.

How faulty records are read (checker contract): a missing vote is one violation and that
player leaves the round; a vote from a player already out is one violation and is ignored;
a turn after its round ended, or a round after the game ended, is one violation and scores
nothing. A *last* round that stops early is an unfinished game, not a violation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pnp.games.majority.record import MajorityRecord, RoundRecord
from pnp.games.majority.scoring import SCORE, game_over, play_turn, start_round
from pnp.games.verdict import (
    Line,
    Verdict,
    Violation,
    claim_violations,
    leaders,
    player_results,
    where,
)


@dataclass
class _Replay:
    """Running totals while the rounds are replayed."""

    players: tuple[str, ...]
    totals: dict[str, int] = field(default_factory=dict)
    lines: dict[str, list[Line]] = field(default_factory=dict)
    violations: list[Violation] = field(default_factory=list)
    rounds: list[dict] = field(default_factory=list)
    game_ended: bool = False

    def __post_init__(self):
        self.totals = {p: 0 for p in self.players}
        self.lines = {p: [] for p in self.players}

    def gain(self, player: str, points: int, text: str) -> None:
        self.totals[player] += points
        self.lines[player].append(Line(text, points))


def judge(record: MajorityRecord, content, rules: Mapping) -> Verdict:
    """The verdict for `record` with rule options `rules` (`target`)."""
    target = rules["target"]
    detail: dict = {}
    if record.rounds is not None:
        replay = _replay(record, target)
        totals, lines, violations = replay.totals, replay.lines, replay.violations
        finished = replay.game_ended
        detail["rounds"] = replay.rounds
    else:
        totals = {n: held.value for n, held in record.final.items()}
        lines = {n: _held_lines(held) for n, held in record.final.items()}
        violations, finished = [], game_over(totals, target)
    if record.final is not None:
        detail["final"] = {n: {"ones": h.ones, "fives": h.fives, "value": h.value}
                           for n, h in record.final.items()}
        violations += _final_violations(record, totals, content.point_cards)
    violations += claim_violations(record.claimed, totals, "claimed")
    winners = leaders(totals) if finished else []
    return Verdict(
        game="majority", finished=finished,
        players=player_results(record.players, totals, record.claimed, lines),
        winners=tuple(winners), tie_break="shared" if len(winners) > 1 else None,
        violations=tuple(violations), rules=dict(rules), detail=detail,
    )


def _replay(record: MajorityRecord, target: int) -> _Replay:
    replay = _Replay(record.players)
    last = len(record.rounds) - 1
    for r, round_record in enumerate(record.rounds):
        if replay.game_ended:
            replay.violations.append(Violation(
                where("rounds", r), "round recorded after the game ended; it is not counted",
                "after-end"))
            replay.rounds.append({"variant": round_record.variant, "counted": False})
            continue
        ended = _replay_round(replay, r, round_record)
        if not ended and r != last:
            replay.violations.append(Violation(
                where("rounds", r), "the round stops before it has ended (it needs a turn "
                "with no majority, Score as the only majority, or two players left)",
                "round-stops-early"))
        if (ended or r != last) and game_over(replay.totals, target):
            replay.game_ended = True
    return replay


def _replay_round(replay: _Replay, r: int, round_record: RoundRecord) -> bool:
    """Replay one round into `replay`; True when the round ended by the rules."""
    state, scored = start_round(replay.players)
    for player, points in scored.items():
        replay.gain(player, points, f"round {r + 1}: only two players, 1 card in the pile")
    turns = []
    for t, votes in enumerate(round_record.turns):
        here = where("rounds", r, "turns", t)
        if state.over:
            replay.violations.append(Violation(
                here, "turn recorded after the round ended; it is not counted", "after-end"))
            continue
        replay.violations += _vote_violations(here, state.active, votes)
        state, outcome = play_turn(state, {p: v for p, v in votes.items() if p in state.active})
        for player, points in outcome.scored.items():
            how = "Score" if votes.get(player) == SCORE else "one of the last two"
            cards = "card" if points == 1 else "cards"
            replay.gain(player, points, f"round {r + 1}, turn {t + 1}: {how}, "
                                        f"{points} {cards} in the pile")
        turns.append({
            "pile": outcome.pile_before, "votes": dict(outcome.counts),
            "majorities": list(outcome.majorities), "scored": dict(outcome.scored),
            "out": list(outcome.out), "pile_after": outcome.pile_after,
            "round_over": outcome.round_over, "reason": outcome.reason,
        })
    replay.rounds.append({"variant": round_record.variant, "counted": True,
                          "ended": state.over, "turns": turns, "scores": dict(state.scores)})
    return state.over


def _vote_violations(here: str, active: tuple[str, ...],
                     votes: Mapping[str, str]) -> list[Violation]:
    """A vote from a player already out (ignored); an active player without a vote (leaves)."""
    problems = [Violation(here, f"{p} voted but is already out of this round; "
                                "the vote is ignored", "vote-when-out")
                for p in votes if p not in active]
    problems += [Violation(here, f"{p} is still in the round but has no vote; "
                                 f"{p} leaves the round", "missing-vote")
                 for p in active if p not in votes]
    return problems


def _held_lines(held) -> list[Line]:
    return [Line(f"{held.ones} × 1-point card(s)", held.ones),
            Line(f"{held.fives} × 5-point card(s)", 5 * held.fives)]


def _final_violations(record: MajorityRecord, totals: Mapping[str, int],
                      supply: Mapping[int, int]) -> list[Violation]:
    """Held cards must add up to the computed totals and fit in the box's supply."""
    problems = []
    if record.rounds is not None:
        problems += [
            Violation(where("final", n), f"holds {h.value} points in cards ({h.ones} × 1, "
                                         f"{h.fives} × 5), computed {totals[n]}",
                      "cards-held-differ")
            for n, h in record.final.items() if h.value != totals[n]
        ]
    for value, attr in ((1, "ones"), (5, "fives")):
        held = sum(getattr(h, attr) for h in record.final.values())
        if held > supply[value]:
            problems.append(Violation("final", f"{held} {value}-point cards held in all; "
                                               f"the box has {supply[value]}",
                                      "card-supply"))
    return problems
