"""The one rules-engine interface every game implements (OpenSpiel's shape, plain Python).

A game is fully described by its action sequence: the state is a value, `legal_actions`
lists what the player to move may do, `apply` returns the *next* state (the old one is left
as it was, so search bots and replays can branch from it), and chance — shuffles, draws,
dice, random discards — is an explicit player (`CHANCE`) whose outcomes are actions too.
The checker replays records through an engine and the simulator plays engines with bots, so
each rule lives once, in the game's engine module. Nothing here does I/O or drawing.

Actions are plain hashable values (tuples, strings, ints) chosen by each game; a game's
engine documents its own action shapes. `chance_outcomes` lists the chance player's
actions with their probabilities (summing to 1); `sample_chance` draws one with a seeded
`random.Random`, which a game may override when listing every outcome would be wasteful
(a whole shuffle of 60 cards).

Options and card instances: a game may list several card instances as one action (two
copies of a card in hand are one "play it" choice, as a game log writes them). A bot that
picked uniformly among such actions would favour a card with no twins over each of its
twins, so a game that merges instances says how many each action stands for with
`option_weights(state)`; bots then choose among instances (`random_bot` weights its draw,
`instances` lists each action once per instance for bots that rank options).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

CHANCE = -1  # current_player() while chance is to act
TERMINAL = -2  # current_player() once the game is over

Action = Hashable


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: every seat's score, who won and how.

    `winners` are seat indices (several when the victory is shared); `tie_break` names the
    rule that decided equal scores (`"non-start-player"`, `"final-round-score"`,
    `"shared"`) or is None; `end` says why the game stopped (`"target"`, `"factions"`,
    `"stalled"`, `"round-limit"`, `"deck-out"`, ...); `rounds` counts the rounds played.
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    tie_break: str | None
    end: str
    rounds: int


class Engine(Protocol):
    """A game's rules. `config` is the game's own frozen setup value (players, card data,
    rule options); states carry what they need of it, so the methods below take the state
    alone."""

    game_id: str

    def initial_state(self, config: Any) -> Any:
        """The state before anything happened (usually chance moves first: the shuffle)."""

    def current_player(self, state: Any) -> int:
        """The seat to move (0-based), `CHANCE`, or `TERMINAL`."""

    def legal_actions(self, state: Any) -> Sequence[Action]:
        """What the player to move may do, in a stable order (empty when terminal)."""

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Action, float]]:
        """At a chance node: every outcome with its probability."""

    def playout(self, state: Any, rng: random.Random, record: Callable[[Action], Any],
                max_actions: int) -> int:
        """Optional: play `state` on *in place* to the end with random bots, drawing
        exactly as `random_bot` and `sample_chance` would from `rng` (so the same game),
        passing each action to `record`; `play` uses it when every seat is `random_bot`."""

    def option_weights(self, state: Any) -> Sequence[int] | None:
        """Optional: how many card instances each legal action stands for, in the order of
        `legal_actions` (None: one each). Bots weight their choices by it."""

    def apply(self, state: Any, action: Action) -> Any:
        """The state after `action`; raises IllegalAction when it is not legal."""

    def is_terminal(self, state: Any) -> bool:
        """Whether the game is over."""

    def returns(self, state: Any) -> Outcome:
        """Final scores, winners and tie-break of a terminal state."""


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state; the message says why."""


# A bot picks an action for the player to move: (engine, state, rng) -> action.
Bot = Callable[[Engine, Any, random.Random], Action]


def sample_chance(engine: Engine, state: Any, rng: random.Random) -> Action:
    """One chance outcome drawn by its probability (a game may offer a faster sampler as
    `engine.sample_chance(state, rng)`)."""
    own = getattr(engine, "sample_chance", None)
    if own is not None:
        return own(state, rng)
    outcomes = engine.chance_outcomes(state)
    actions = [a for a, _ in outcomes]
    weights = [p for _, p in outcomes]
    return rng.choices(actions, weights)[0]


def option_weights(engine: Engine, state: Any) -> Sequence[int] | None:
    """The engine's instance count per legal action, or None when each is one instance."""
    own = getattr(engine, "option_weights", None)
    return None if own is None else own(state)


def choose_instance(actions: Sequence[Action], weights: Sequence[int] | None,
                    rng: random.Random) -> Action:
    """A uniformly drawn card instance's action: the draw a bot would make if every
    instance were listed on its own (`weights[i]` times `actions[i]`, in order)."""
    if weights is None:
        return rng.choice(actions)
    r = rng.randrange(sum(weights))
    for action, weight in zip(actions, weights, strict=True):
        r -= weight
        if r < 0:
            return action
    raise AssertionError("weights sum to the range drawn from")


def instances(actions: Sequence[Action], weights: Sequence[int] | None) -> list[Action]:
    """Each action once per card instance it stands for, so a bot that scores options
    (and breaks ties at random) treats each instance as one candidate."""
    if weights is None:
        return list(actions)
    return [a for a, w in zip(actions, weights, strict=True) for _ in range(w)]


def random_bot(engine: Engine, state: Any, rng: random.Random) -> Action:
    """Uniform over the card instances behind the legal actions: every game's baseline
    bot (uniform over the actions when each stands for one instance)."""
    actions = engine.legal_actions(state)
    if not isinstance(actions, (list, tuple)):  # the same draw, without copying a list
        actions = list(actions)
    return choose_instance(actions, option_weights(engine, state), rng)


@dataclass(frozen=True)
class PlayedGame:
    """A game played to its end: the actions in order (chance included) and the outcome."""

    actions: tuple[Action, ...]
    final_state: Any
    outcome: Outcome


def play(engine: Engine, config: Any, bots: Sequence[Bot], seed: int,
         max_actions: int = 1_000_000, chance_seed: int | None = None) -> PlayedGame:
    """Play one game: `bots[seat]` moves for each seat, chance is drawn from `seed`.

    One `random.Random(seed)` feeds chance and bots alike, so a seed fixes the whole game.
    With `chance_seed`, chance draws from its own `random.Random(chance_seed)` instead:
    where what chance offers does not depend on the moves (D20 Stacks deals from the cards
    not yet dealt, which every move leaves alike), two games with the same `chance_seed`
    deal the same cards to the same seats whoever sits there, so a pair of games with the
    seats swapped compares two bots on one deal ("duplicate", as in bridge), taking the
    luck of the deal out of their difference. `max_actions` only guards against an engine
    bug; games end by their own rules. With random bots in every seat, an engine's own
    `playout` plays the same game faster.
    """
    rng = random.Random(seed)
    chance_rng = rng if chance_seed is None else random.Random(chance_seed)
    state = engine.initial_state(config)
    actions: list[Action] = []
    own_playout = getattr(engine, "playout", None)
    if own_playout is not None and chance_seed is None and \
            all(bot is random_bot for bot in bots):
        own_playout(state, rng, actions.append, max_actions)
        return PlayedGame(tuple(actions), state, engine.returns(state))
    # The engine's methods are looked up once: this loop runs ~1000 times a game.
    is_terminal, current_player, apply = engine.is_terminal, engine.current_player, engine.apply
    own_sampler = getattr(engine, "sample_chance", None)
    record = actions.append
    count = 0
    while not is_terminal(state):
        if count >= max_actions:
            raise RuntimeError(f"{engine.game_id}: no end after {max_actions} actions")
        player = current_player(state)
        if player == CHANCE:
            if own_sampler is not None:
                action = own_sampler(state, chance_rng)
            else:
                action = sample_chance(engine, state, chance_rng)
        else:
            action = bots[player](engine, state, rng)
        record(action)
        count += 1
        state = apply(state, action)
    return PlayedGame(tuple(actions), state, engine.returns(state))


def replay(engine: Engine, config: Any, actions: Sequence[Action]) -> Any:
    """The state after applying `actions` from the start (IllegalAction on the first
    illegal one, with its index in `.index`)."""
    state = engine.initial_state(config)
    for i, action in enumerate(actions):
        try:
            state = engine.apply(state, action)
        except IllegalAction as exc:
            exc.index = i
            raise
    return state
