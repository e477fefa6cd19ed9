"""The Majority's rules as pure functions: one turn's votes, one round, the game's end.

Rulings (docs/rulings.md): a majority needs at least 2 votes and every option tied for
the highest count is one; voters of other options leave the round; Score voters in a
majority gain P = the Reference pile *before* this turn's cards; each majority letter adds a
card; two players left at the start of a turn both score P and end the round; no majority
ends the round with no points. Each round starts with P = 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

SCORE = "Score"
VOTE_OPTIONS = ("A", "B", "C", SCORE)
_MIN_MAJORITY = 2
DEFAULT_TARGET = 20


def normalise_vote(vote: str) -> str:
    """`a`, `score`, `SCORE` → `A`, `Score` (votes are case-insensitive)."""
    return SCORE if vote.lower() == SCORE.lower() else vote.upper()


@dataclass(frozen=True)
class TurnOutcome:
    """What one turn's votes did. `scored` maps each player who gained points this turn
    (Score voters in a majority, or the last two players) to the points."""

    pile_before: int
    counts: Mapping[str, int]
    majorities: tuple[str, ...]
    scored: Mapping[str, int]
    out: tuple[str, ...]
    continuing: tuple[str, ...]
    pile_after: int
    round_over: bool
    reason: str


def resolve_turn(votes: Mapping[str, str], pile: int) -> TurnOutcome:
    """Resolve one turn's votes (player → A/B/C/Score) with `pile` cards in the Reference
    pile. Applies the two-players-remain rule for the next turn's start, too."""
    counts = {option: 0 for option in VOTE_OPTIONS}
    for vote in votes.values():
        counts[vote] += 1
    top = max(counts.values(), default=0)
    if top < _MIN_MAJORITY:
        return TurnOutcome(pile, counts, (), {}, tuple(votes), (), pile, True, "no majority")
    majorities = tuple(o for o in VOTE_OPTIONS if counts[o] == top)
    scored = {p: pile for p, v in votes.items() if v == SCORE and SCORE in majorities}
    continuing = tuple(p for p, v in votes.items() if v in majorities and v != SCORE)
    out = tuple(p for p, v in votes.items() if v not in majorities)
    pile_after = pile + sum(1 for o in majorities if o != SCORE)
    if not continuing:
        return TurnOutcome(pile, counts, majorities, scored, out, (), pile_after, True,
                           "Score was the only majority")
    if len(continuing) == 2:
        scored = {**scored, **{p: pile_after for p in continuing}}
        return TurnOutcome(pile, counts, majorities, scored, out, continuing, pile_after,
                           True, "two players remain")
    return TurnOutcome(pile, counts, majorities, scored, out, continuing, pile_after, False,
                       "")


@dataclass(frozen=True)
class RoundState:
    """A round in progress: who is still in it, the pile size, points gained so far."""

    active: tuple[str, ...]
    pile: int = 1
    scores: Mapping[str, int] = field(default_factory=dict)
    over: bool = False


def start_round(players: Sequence[str]) -> tuple[RoundState, Mapping[str, int]]:
    """A fresh round (P = 1). With only two players both score at once and it is over."""
    if len(players) == 2:
        scores = {p: 1 for p in players}
        return RoundState(tuple(players), 1, scores, True), scores
    return RoundState(tuple(players)), {}


def play_turn(state: RoundState, votes: Mapping[str, str]) -> tuple[RoundState, TurnOutcome]:
    """Apply one turn. Active players without a vote leave the round; `votes` must only
    name active players (the record's judge filters the others out)."""
    outcome = resolve_turn({p: votes[p] for p in state.active if p in votes}, state.pile)
    scores = dict(state.scores)
    for player, points in outcome.scored.items():
        scores[player] = scores.get(player, 0) + points
    over = outcome.round_over or len(outcome.continuing) < _MIN_MAJORITY
    return RoundState(outcome.continuing, outcome.pile_after, scores, over), outcome


def game_over(totals: Mapping[str, int], target: int = DEFAULT_TARGET) -> bool:
    """The game ends at the end of a round in which anyone has at least `target` points."""
    return any(t >= target for t in totals.values())


def make_change(totals: Mapping[str, int],
                supply: Mapping[int, int]) -> dict[str, dict[str, int]] | None:
    """Point cards from the box that pay every total (`{"ones": n, "fives": m}` each), or
    None when the supply cannot. Players make change, so fives go first, in seat order:
    that uses the most fives any split can, hence the fewest ones."""
    fives_left, ones_left = supply.get(5, 0), supply.get(1, 0)
    held = {}
    for name, total in totals.items():
        fives = min(total // 5, fives_left)
        ones = total - 5 * fives
        if ones > ones_left:
            return None
        fives_left, ones_left = fives_left - fives, ones_left - ones
        held[name] = {"ones": ones, "fives": fives}
    return held
