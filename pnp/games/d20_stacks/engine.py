"""D20 Stacks as a rules engine (the `pnp.games.engine` interface), for bots and replays.

Seats play in turn, seat 0 first. Chance deals: before each turn it draws the card of the
player to move from the undealt deck — the same as shuffling, dealing evenly and drawing one
by one, as the rulebook does (seat 0 gets deck cards 1, n+1, ...). The cards left over
after an even deal are never drawn, so `turns` = players × (deck size // players).

Actions: at a chance node, the value drawn (0-20, 0 the dash); for a player, the stack the
card goes on, numbered from 1 in creation order as in a `pnp check` record, or `"new"`.
The rules themselves (`add_fault`, `may_start_new`, `stack_winner`) live in `scoring.py`
and are shared with the checker; a state keeps per stack only its top, whether a 20 closed
it and each seat's card count, so `apply` copies a few small tuples.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.errors import UsageError
from pnp.games.d20_stacks.content import D20Deck
from pnp.games.d20_stacks.scoring import (
    ALWAYS,
    CLOSING,
    NEW,
    NEW_STACK_OPTIONS,
    add_fault,
    closes,
    fits,
    may_start_new,
    stack_winner,
)
from pnp.games.engine import CHANCE, TERMINAL, IllegalAction, Outcome, PlayedGame

GAME_ID = "d20-stacks"
PLAYERS = (2, 4)
RULES = {"new_stack": ALWAYS}


@dataclass(frozen=True)
class D20Config:
    """One game's setup: the number of seats, every card's value and the `new_stack` rule."""

    players: int
    deck: tuple[int, ...]
    new_stack: str = ALWAYS
    turns: int = field(init=False)  # cards played in all: the deck dealt evenly

    def __post_init__(self):
        object.__setattr__(self, "turns", self.players * (len(self.deck) // self.players))

    @property
    def counts(self) -> tuple[int, ...]:
        """How many cards of each value 0-20 the deck holds."""
        return tuple(self.deck.count(v) for v in range(CLOSING + 1))


@dataclass(frozen=True, slots=True)
class Pile:
    """A stack as the rules see it: its top value, whether a 20 closed it (for good), how
    many of its cards each seat played, and the seat that would score it now (None: nobody,
    see `stack_winner`)."""

    top: int
    closed: bool
    counts: tuple[int, ...]
    winner: int | None = None

    @classmethod
    def of(cls, top: int, counts: tuple[int, ...]) -> Pile:
        """The stack showing `top` with `counts` cards per seat (closed by a 20)."""
        return cls(top, closes(top), counts, stack_winner(dict(enumerate(counts))))

    def fits(self, value: int) -> bool:
        return fits(self.top, self.closed, value)

    def fault(self, value: int) -> str | None:
        return add_fault(self.top, self.closed, value)


@dataclass(frozen=True, slots=True)
class D20State:
    config: D20Config
    turn: int  # cards played so far
    card: int | None  # the card of the player to move; None while chance is to deal it
    undealt: tuple[int, ...]  # cards not dealt yet, by value
    piles: tuple[Pile, ...]

    @property
    def seat(self) -> int:
        return self.turn % self.config.players


def make_config(content: D20Deck, *, players: int, rules: Mapping[str, Any] | None = None,
                **game_options: Any) -> D20Config:
    """The setup for `players` seats with the deck `content` and rule options `rules`
    (`new_stack`, default `always`, as in `pnp check`); UsageError for anything else."""
    options = {**RULES, **(rules or {})}
    problems = [f"{name}: not a rule option of {GAME_ID}; options: {', '.join(RULES)}"
                for name in options if name not in RULES]
    problems += [f"{name}: not an option of {GAME_ID}" for name in game_options]
    if options.get("new_stack") not in NEW_STACK_OPTIONS:
        problems.append(f"new_stack={options.get('new_stack')}: expected one of: "
                        f"{', '.join(NEW_STACK_OPTIONS)}")
    if not PLAYERS[0] <= players <= PLAYERS[1]:
        problems.append(f"D20 Stacks is played by {PLAYERS[0]} to {PLAYERS[1]} players, "
                        f"not {players}")
    if problems:
        raise UsageError(problems)
    return D20Config(players, tuple(content.values()), options["new_stack"])


class D20Engine:
    """D20 Stacks' rules behind the engine interface (see the module docstring)."""

    game_id = GAME_ID

    def initial_state(self, config: D20Config) -> D20State:
        return D20State(config, 0, None, config.counts, ())

    def current_player(self, state: D20State) -> int:
        if state.turn >= state.config.turns:
            return TERMINAL
        return CHANCE if state.card is None else state.seat

    def is_terminal(self, state: D20State) -> bool:
        return state.turn >= state.config.turns

    def legal_actions(self, state: D20State) -> Sequence[Any]:
        """Chance: the values still in the deck. A player: every stack the card may go on
        (numbered from 1), then `"new"` where starting a stack is allowed."""
        if self.is_terminal(state):
            return ()
        if state.card is None:
            return tuple(v for v, n in enumerate(state.undealt) if n)
        value = state.card
        targets = [i for i, p in enumerate(state.piles, 1) if fits(p.top, p.closed, value)]
        if may_start_new(state.config.new_stack, bool(targets)):
            targets.append(NEW)
        return tuple(targets)

    def chance_outcomes(self, state: D20State) -> Sequence[tuple[int, float]]:
        total = sum(state.undealt)
        return tuple((v, n / total) for v, n in enumerate(state.undealt) if n)

    def sample_chance(self, state: D20State, rng: random.Random) -> int:
        """The next card off the shuffled deck: each undealt card equally likely."""
        pick = rng.randrange(len(state.config.deck) - state.turn)
        for value, n in enumerate(state.undealt):
            if pick < n:
                return value
            pick -= n
        raise AssertionError("unreachable: pick is below the undealt total")

    def apply(self, state: D20State, action: Any) -> D20State:
        if self.is_terminal(state):
            raise IllegalAction("the game is over: every dealt card has been played")
        if state.card is None:
            return self._deal(state, action)
        return self._play(state, action)

    def returns(self, state: D20State) -> Outcome:
        """One point per stack won (`stack_winner`); equal top points share the victory."""
        scores = [0] * state.config.players
        for pile in state.piles:
            if pile.winner is not None:
                scores[pile.winner] += 1
        best = max(scores)
        winners = tuple(s for s, points in enumerate(scores) if points == best)
        return Outcome(tuple(scores), winners, "shared" if len(winners) > 1 else None,
                       "deck-out", state.turn // state.config.players)

    def _deal(self, state: D20State, value: Any) -> D20State:
        if not isinstance(value, int) or not 0 <= value <= CLOSING or not state.undealt[value]:
            raise IllegalAction(f"no card of value {value!r} is left in the deck")
        undealt = state.undealt[:value] + (state.undealt[value] - 1,) + state.undealt[value + 1:]
        return D20State(state.config, state.turn, value, undealt, state.piles)

    def _play(self, state: D20State, target: Any) -> D20State:
        value, seat, piles = state.card, state.seat, state.piles
        if target == NEW:
            if not may_start_new(state.config.new_stack,
                                 any(p.fits(value) for p in piles)):
                raise IllegalAction(f"{value} fits on a stack, so no new stack may be started "
                                    f"(new_stack={state.config.new_stack})")
            counts = tuple(int(s == seat) for s in range(state.config.players))
            piles = piles + (Pile.of(value, counts),)
        elif isinstance(target, int) and not isinstance(target, bool) \
                and 1 <= target <= len(piles):
            pile = piles[target - 1]
            fault = pile.fault(value)
            if fault:
                raise IllegalAction(f"{value} on stack {target}: {fault}")
            counts = pile.counts[:seat] + (pile.counts[seat] + 1,) + pile.counts[seat + 1:]
            grown = Pile.of(value, counts)
            piles = piles[:target - 1] + (grown,) + piles[target:]
        else:
            raise IllegalAction(f"stack {target!r} does not exist; there are {len(piles)}")
        return D20State(state.config, state.turn + 1, None, state.undealt, piles)


ENGINE = D20Engine()


def moves_of(config: D20Config, actions: Sequence[Any]) -> list[tuple[int, int, Any]]:
    """The (seat, value, stack) of every card played, from a game's action sequence."""
    moves, value = [], None
    for action in actions:
        if value is None:
            value = action
        else:
            moves.append((len(moves) % config.players, value, action))
            value = None
    return moves


def to_record(config: D20Config, played: PlayedGame, names: Sequence[str]) -> dict:
    """The game as a `pnp check` record in the `moves` format, with its deck, rule and the
    final scores as the claim, so `pnp check` replays and confirms it."""
    if len(names) != config.players or len(set(names)) != len(names):
        raise UsageError(f"{config.players} different player names are needed, "
                         f"not {list(names)}")
    moves = [{"player": names[seat], "value": value, "stack": stack}
             for seat, value, stack in moves_of(config, played.actions)]
    return {
        "game": GAME_ID,
        "players": list(names),
        "rules": {"new_stack": config.new_stack},
        "deck": list(config.deck),
        "moves": moves,
        "claimed": dict(zip(names, played.outcome.scores, strict=True)),
    }
