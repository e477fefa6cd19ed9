"""D20 Stacks' rules as pure functions: legal adds, one move, and scoring the stacks.

Rulings (docs/rulings.md): a card goes on a stack only if its value is strictly greater
than the top card; a 20 closes its stack; a dash (0) can never be added. A player may always
start a new stack (`new_stack=always`) or only when no add is legal (`only_if_blocked`). A
stack holding one player's cards scores nothing; otherwise a player with strictly more of its
cards than every other player scores 1; a shared top scores nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

CLOSING = 20
NEW = "new"

Stack = tuple["Card", ...]


@dataclass(frozen=True)
class Card:
    player: str
    value: int


@dataclass(frozen=True)
class Move:
    """One card played: onto stack `target` (numbered from 1) or `"new"`."""

    player: str
    value: int
    target: int | str


@dataclass(frozen=True)
class MoveResult:
    stacks: tuple[Stack, ...]
    stack: int
    problem: str | None


def is_closed(stack: Stack) -> bool:
    """A 20 closes its stack for good, even if a card was (illegally) put on top of it."""
    return any(card.value == CLOSING for card in stack)


def placement_problem(stack: Stack, value: int) -> str | None:
    """Why `value` may not go on `stack` (closed first: that is the one fault), or None."""
    if is_closed(stack):
        return "the stack is closed by a 20"
    if stack and value <= stack[-1].value:
        return f"{value} is not greater than the {stack[-1].value} below it"
    return None


def legal_adds(stacks: Sequence[Stack], value: int) -> list[int]:
    """The stacks (numbered from 1) a card of `value` may legally go on."""
    return [i + 1 for i, s in enumerate(stacks) if s and placement_problem(s, value) is None]


def apply_move(stacks: Sequence[Stack], move: Move,
               new_stack: str = "always") -> MoveResult:
    """Play `move`; the card always lands where recorded (a missing stack: a new one), and
    `problem` says which rule, if any, the move broke."""
    stacks = tuple(stacks)
    card = Card(move.player, move.value)
    if move.target == NEW or not 1 <= move.target <= len(stacks):
        problem = None
        if move.target != NEW:
            problem = (f"stack {move.target} does not exist; the card starts "
                       f"stack {len(stacks) + 1}")
        elif new_stack == "only_if_blocked" and legal_adds(stacks, move.value):
            fits = legal_adds(stacks, move.value)
            shown = f"stack{'s' * (len(fits) > 1)} {', '.join(map(str, fits))}"
            problem = (f"a new stack was started although {move.value} could go on "
                       f"{shown} (new_stack=only_if_blocked)")
        return MoveResult(stacks + ((card,),), len(stacks) + 1, problem)
    index = move.target - 1
    problem = placement_problem(stacks[index], move.value)
    grown = stacks[:index] + (stacks[index] + (card,),) + stacks[index + 1:]
    return MoveResult(grown, move.target, problem)


@dataclass(frozen=True)
class StackOutcome:
    counts: Mapping[str, int]
    winner: str | None
    reason: str


def stack_outcome(stack: Sequence[Card]) -> StackOutcome:
    """Who, if anyone, scores this stack, and why."""
    counts = dict(Counter(c.player for c in stack))
    if len(counts) < 2:
        return StackOutcome(counts, None, "only one player's cards")
    top = max(counts.values())
    leaders = [p for p, n in counts.items() if n == top]
    if len(leaders) > 1:
        return StackOutcome(counts, None, f"tied for most ({', '.join(leaders)})")
    return StackOutcome(counts, leaders[0], f"most cards ({top} of {len(stack)})")


def score_stacks(stacks: Sequence[Sequence[Card]],
                 players: Sequence[str]) -> tuple[dict[str, int], list[StackOutcome]]:
    """One point per stack won; every player listed, with 0 if they won none."""
    outcomes = [stack_outcome(s) for s in stacks]
    points = {p: 0 for p in players}
    for outcome in outcomes:
        if outcome.winner is not None:
            points[outcome.winner] += 1
    return points, outcomes
