"""D20 Stacks' rules as pure functions: legal adds, one move, and scoring the stacks.

Rulings (docs/rulings.md): a card goes on a stack only if its value is strictly greater
than the top card; a 20 closes its stack; a dash (0) can never be added. A player may always
start a new stack (`new_stack=always`) or only when no add is legal (`only_if_blocked`). A
stack holding one player's cards scores nothing; otherwise a player with strictly more of its
cards than every other player scores 1; a shared top scores nothing.

Each rule is one function here (`fits`, `may_start_new`, `stack_winner`); the engine
(`engine.py`, for play) and the checker (`judge.py`, through `Table`) are both built on them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

CLOSING = 20
NEW = "new"
ALWAYS = "always"
ONLY_IF_BLOCKED = "only_if_blocked"
NEW_STACK_OPTIONS = (ALWAYS, ONLY_IF_BLOCKED)

Stack = tuple["Card", ...]
P = TypeVar("P", bound=Hashable)


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


class Fault(str):
    """Why a move breaks a rule, in words (it is the message itself), with `kind`: which
    rule, as the checker's kinds of violation name it (`pnp.games.verdict.FINDINGS`)."""

    kind: str

    def __new__(cls, kind: str, text: str) -> Fault:
        fault = super().__new__(cls, text)
        fault.kind = kind
        return fault


@dataclass(frozen=True)
class MoveResult:
    stacks: tuple[Stack, ...]
    stack: int
    problem: Fault | None


def fits(top: int, closed: bool, value: int) -> bool:
    """Whether a card of `value` may go on a stack showing `top`: the stack is open and
    the card strictly greater (so a dash, 0, never goes on a stack).

    `closed` is whether a 20 was ever played on the stack: it stays closed even after a
    card was (illegally) put on top of the 20."""
    return not closed and value > top


def add_fault(top: int, closed: bool, value: int) -> Fault | None:
    """Why a card of `value` may not go on a stack showing `top` (None: it may). On a
    closed stack that is the one fault named, whatever the top card."""
    if fits(top, closed, value):
        return None
    if closed:
        return Fault("closed-stack", "the stack is closed by a 20")
    return Fault("not-higher", f"{value} is not greater than the {top} below it")


def closes(value: int) -> bool:
    """A 20 closes its stack for good."""
    return value == CLOSING


def may_start_new(new_stack: str, can_add: bool) -> bool:
    """Whether starting a new stack is legal: always, or (`only_if_blocked`) only when the
    card fits on no stack."""
    return new_stack == ALWAYS or not can_add


def is_closed(stack: Stack) -> bool:
    """A 20 closes its stack for good, even if a card was (illegally) put on top of it."""
    return any(closes(card.value) for card in stack)


def placement_problem(stack: Stack, value: int) -> Fault | None:
    """Why `value` may not go on `stack` (closed first: that is the one fault), or None."""
    if not stack:
        return None
    return add_fault(stack[-1].value, is_closed(stack), value)


def legal_adds(stacks: Sequence[Stack], value: int) -> list[int]:
    """The stacks (numbered from 1) a card of `value` may legally go on."""
    return Table.of(stacks).fits(value)


class Table:
    """The stacks of a record as the checker replays it, card by card.

    Every card lands where it was recorded, legal or not, and `play` names the rule a move
    broke. Linear in the number of cards: each stack keeps its top value and whether it is
    closed, so a move costs the same on the first stack as on a stack of 100,000 cards, and
    the open stacks are counted by top value, so "could this card go on any stack?"
    (`new_stack=only_if_blocked`) takes 21 steps, not one per stack.
    """

    def __init__(self, new_stack: str = ALWAYS):
        self.new_stack = new_stack
        self.cards: list[list[Card]] = []
        self.tops: list[int] = []
        self.closed: list[bool] = []
        self._open_tops = [0] * (CLOSING + 1)

    @classmethod
    def of(cls, stacks: Iterable[Sequence[Card]], new_stack: str = ALWAYS) -> Table:
        """A table holding `stacks` (bottom to top), however they were played."""
        table = cls(new_stack)
        for stack in stacks:
            table.start(stack[0])
            for card in stack[1:]:
                table.add(len(table.cards) - 1, card)
        return table

    def start(self, card: Card) -> int:
        """Put `card` down as a new stack; its 0-based index."""
        self.cards.append([card])
        self.tops.append(card.value)
        self.closed.append(closes(card.value))
        self._count(card.value, not closes(card.value), 1)
        return len(self.cards) - 1

    def add(self, index: int, card: Card) -> Fault | None:
        """Put `card` on stack `index` (0-based) and say what rule that broke, if any."""
        top, closed = self.tops[index], self.closed[index]
        problem = add_fault(top, closed, card.value)
        self._count(top, not closed, -1)
        self.cards[index].append(card)
        self.tops[index] = card.value
        self.closed[index] = closed = closed or closes(card.value)
        self._count(card.value, not closed, 1)
        return problem

    def can_add(self, value: int) -> bool:
        """Whether a card of `value` fits on some stack (an open one with a lower top)."""
        return any(self._open_tops[:max(0, min(value, CLOSING + 1))])

    def fits(self, value: int) -> list[int]:
        """The stacks (numbered from 1) a card of `value` may legally go on."""
        return [i + 1 for i, (top, closed) in enumerate(zip(self.tops, self.closed, strict=True))
                if fits(top, closed, value)]

    def play(self, move: Move) -> tuple[int, Fault | None]:
        """Play `move` where it was recorded (a stack that does not exist: a new one); the
        stack it landed on (numbered from 1) and the rule it broke, if any."""
        card = Card(move.player, move.value)
        count = len(self.cards)
        if move.target != NEW and 1 <= move.target <= count:
            return move.target, self.add(move.target - 1, card)
        problem = None
        if move.target != NEW:
            problem = Fault("no-such-stack", f"stack {move.target} does not exist; the card "
                                             f"starts stack {count + 1}")
        elif not may_start_new(self.new_stack, self.can_add(move.value)):
            fits = self.fits(move.value)
            shown = f"stack{'s' * (len(fits) > 1)} {', '.join(map(str, fits))}"
            problem = Fault("new-stack-not-allowed",
                            f"a new stack was started although {move.value} could go on "
                            f"{shown} (new_stack={self.new_stack})")
        return self.start(card) + 1, problem

    def stacks(self) -> tuple[Stack, ...]:
        return tuple(tuple(cards) for cards in self.cards)

    def _count(self, top: int, is_open: bool, step: int) -> None:
        if is_open and 0 <= top <= CLOSING:
            self._open_tops[top] += step


def apply_move(stacks: Sequence[Stack], move: Move,
               new_stack: str = ALWAYS) -> MoveResult:
    """Play `move`; the card always lands where recorded (a missing stack: a new one), and
    `problem` says which rule, if any, the move broke. Pure: `stacks` is left as it was."""
    table = Table.of(stacks, new_stack)
    stack, problem = table.play(move)
    return MoveResult(table.stacks(), stack, problem)


@dataclass(frozen=True)
class StackOutcome:
    counts: Mapping[str, int]
    winner: str | None
    reason: str


def stack_winner(counts: Mapping[P, int]) -> P | None:
    """Who scores a stack holding `counts` cards per player: the one player with strictly
    more than every other, on a stack of at least two players' cards; else None."""
    players, top, leader, shared = 0, 0, None, False
    for player, held in counts.items():
        if held <= 0:
            continue
        players += 1
        if held > top:
            top, leader, shared = held, player, False
        elif held == top:
            shared = True
    return leader if players >= 2 and not shared else None


def stack_outcome(stack: Sequence[Card]) -> StackOutcome:
    """Who, if anyone, scores this stack, and why."""
    counts = dict(Counter(c.player for c in stack))
    winner = stack_winner(counts)
    if len(counts) < 2:
        return StackOutcome(counts, None, "only one player's cards")
    if winner is None:
        top = max(counts.values())
        leaders = [p for p, n in counts.items() if n == top]
        return StackOutcome(counts, None, f"tied for most ({', '.join(leaders)})")
    return StackOutcome(counts, winner, f"most cards ({counts[winner]} of {len(stack)})")


def score_stacks(stacks: Sequence[Sequence[Card]],
                 players: Sequence[str]) -> tuple[dict[str, int], list[StackOutcome]]:
    """One point per stack won; every player listed, with 0 if they won none."""
    outcomes = [stack_outcome(s) for s in stacks]
    points = {p: 0 for p in players}
    for outcome in outcomes:
        if outcome.winner is not None:
            points[outcome.winner] += 1
    return points, outcomes
