"""`ismcts`: information-set Monte Carlo tree search, one implementation for every game.

Why one search: a balance figure is only as good as the bots that played, and a rule of
thumb per game (`greedy`, `steal`, `keep-high`) is blind to what it was not written for —
a new promo card above all. A search that plays the game through needs nothing but the
engine interface (`pnp.games.engine`) and a little per-game knowledge of what is hidden,
so every game gets the same strong bot, and a card is judged by the same kind of player
everywhere. (Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search",
2012; OpenSpiel's IS-MCTS follows the same shape.)

What a game supplies (`Information`):
- `key(state, seat)`: everything `seat` can see — the table, its own cards, the *sizes*
  of what others hold — and nothing else. It names the search tree's nodes and is what the
  no-peeking tests compare.
- `determinise(state, seat, rng)`: a full state drawn from the states `seat` cannot tell
  apart from this one: only what is hidden from `seat` is re-dealt, from the cards (or
  dice, or votes) it cannot see, worked out from what it can. The search reads the real
  state only through this hook (and the legal options, which the player sees), so two
  states with the same key give the same decision for the same random numbers.
- `evaluate(state)`: each seat's share of a win, 0-1, where a rollout stops early (its
  `horizon` in rounds, `progress(state)` counting them); `greedy`, the game's informed
  rollout policy; optionally a fast in-place random `playout`.

One decision (`Search.__call__`), `iterations` times: draw a determinisation, walk down
the tree choosing by UCB1 at every decision of any player (each seat maximising its own
reward), draw chance outcomes by their probabilities (chance nodes are never chosen by
UCB: a card drawn is a card drawn), add one node, play a rollout, and add the reward to
every node on the way. Nodes are keyed by (player to move, what that player sees): a card
drawn into my hand branches my tree, a card drawn face down into the opponent's reserve
does not; an opponent's node holds only what the opponent would know, so the search does
not assume the opponent sees my cards. A decision with a single legal option is not a
node (nothing to choose). The answer is the root's most visited option.

Card instances, not option names: where one option stands for several copies of a card
(`option_weights`), each copy is an arm of its own with its own statistics, so a card with
no twin is never preferred per copy (tests/test_majority2_twins.py).

Everything random comes from the `rng` given, so a game's seed fixes every decision —
unless a time budget (`seconds`) is set, which makes the number of iterations depend on
the machine's speed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.games.botoptions import number, one_of, read_options, whole_number
from pnp.games.engine import (
    CHANCE,
    TERMINAL,
    Action,
    Bot,
    Engine,
    Outcome,
    option_weights,
    random_bot,
    sample_chance,
)

MAX_ITERATIONS = 1_000_000
MAX_HORIZON = 10_000
MAX_SECONDS = 3_600.0
MAX_EXPLORATION = 100.0
DEFAULT_ITERATIONS = 256
DEFAULT_EXPLORATION = 0.7  # rewards are win shares in [0, 1]
ROLLOUTS = ("random", "greedy")

Arm = tuple[Action, int]  # an option and which of its card instances


@dataclass(frozen=True)
class Information:
    """A game's hidden information and rollout knowledge, for the search (see the module
    docstring). `horizon` is the game's default rollout length in rounds (0: to the end)."""

    key: Callable[[Any, int], Hashable]
    determinise: Callable[[Any, int, random.Random], Any]
    evaluate: Callable[[Any], Sequence[float]]
    progress: Callable[[Any], int]
    greedy: Bot
    horizon: int = 0
    playout: Callable[[Any, random.Random, int | None], Any] | None = None


@dataclass(frozen=True)
class Settings:
    """A search's budget and behaviour, as the bot options give them."""

    iterations: int = DEFAULT_ITERATIONS
    seconds: float | None = None
    exploration: float = DEFAULT_EXPLORATION
    rollout: str = "random"
    horizon: int = 0


def read_settings(options: Mapping[str, str], default_horizon: int) -> Settings:
    """`--bot-option ismcts.NAME=VALUE` values, bounded; a UsageError names a bad one."""
    values = read_options("ismcts", options, {
        "iterations": (whole_number(1, MAX_ITERATIONS), DEFAULT_ITERATIONS),
        "seconds": (number(0.001, MAX_SECONDS), None),
        "exploration": (number(0.0, MAX_EXPLORATION), DEFAULT_EXPLORATION),
        "rollout": (one_of(*ROLLOUTS), "random"),
        "horizon": (whole_number(0, MAX_HORIZON), default_horizon),
    })
    if "seconds" in options and "iterations" not in options:
        values["iterations"] = MAX_ITERATIONS  # the clock is the budget
    return Settings(**values)


def factory(info: Information) -> Callable[[Mapping[str, str]], Bot]:
    """The `ismcts` entry of a game's BOTS: options -> a search bot."""
    def make(options: Mapping[str, str]) -> Bot:
        return Search(info, read_settings(options, info.horizon))
    return make


class Node:
    """One information set of one player: per arm [visits, reward sum, times available]."""

    __slots__ = ("stats",)

    def __init__(self):
        self.stats: dict[Arm, list] = {}

    def select(self, arms: Sequence[Arm], exploration: float, rng: random.Random) -> Arm:
        """An arm never tried here (uniformly), else the best by UCB1 with availability
        counts (an arm's chances are counted only where it was legal); ties at random."""
        stats = self.stats
        fresh = []
        for arm in arms:
            s = stats.get(arm)
            if s is None:
                s = stats[arm] = [0, 0.0, 0]
            s[2] += 1
            if not s[0]:
                fresh.append(arm)
        if fresh:
            return fresh[rng.randrange(len(fresh))] if len(fresh) > 1 else fresh[0]
        best, best_score = [], -math.inf
        log, sqrt = math.log, math.sqrt
        for arm in arms:
            visits, total, available = stats[arm]
            score = total / visits + exploration * sqrt(log(available) / visits)
            if score > best_score:
                best, best_score = [arm], score
            elif score == best_score:
                best.append(arm)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]

    def update(self, arm: Arm, reward: float) -> None:
        s = self.stats[arm]
        s[0] += 1
        s[1] += reward

    def most_visited(self, arms: Sequence[Arm], rng: random.Random) -> Arm:
        """The decision: most visits, then the best mean; ties at random (instances)."""
        def rank(arm: Arm) -> tuple[int, float]:
            visits, total, _ = self.stats.get(arm, (0, 0.0, 0))
            return (visits, total / visits if visits else 0.0)
        top = max(rank(arm) for arm in arms)
        best = [arm for arm in arms if rank(arm) == top]
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def arms_of(actions: Sequence[Action], weights: Sequence[int] | None) -> list[Arm]:
    """Each legal option once per card instance it stands for."""
    if weights is None:
        return [(a, 0) for a in actions]
    return [(a, i) for a, w in zip(actions, weights, strict=True) for i in range(w)]


def win_shares(outcome: Outcome) -> list[float]:
    """A finished game's reward per seat: a win 1, a shared victory split, a loss 0."""
    share = 1.0 / len(outcome.winners)
    rewards = [0.0] * len(outcome.scores)
    for seat in outcome.winners:
        rewards[seat] = share
    return rewards


def soft_shares(points: Sequence[float], temperature: float) -> list[float]:
    """Estimated win shares from each seat's standing (a softmax: with two seats the
    logistic of the difference over `temperature`). For the games' `evaluate`."""
    top = max(points)
    weights = [math.exp((p - top) / temperature) for p in points]
    total = sum(weights)
    return [w / total for w in weights]


class Search:
    """The `ismcts` bot: (engine, state, rng) -> action (see the module docstring)."""

    def __init__(self, info: Information, settings: Settings):
        self.info = info
        self.settings = settings
        self.policy = info.greedy if settings.rollout == "greedy" else random_bot

    def __call__(self, engine: Engine, state: Any, rng: random.Random) -> Action:
        seat = engine.current_player(state)
        actions = list(engine.legal_actions(state))
        arms = arms_of(actions, option_weights(engine, state))
        if len(arms) == 1:
            return arms[0][0]
        root = Node()
        tree = {(seat, self.info.key(state, seat)): root}
        settings = self.settings
        deadline = None if settings.seconds is None else \
            time.perf_counter() + settings.seconds
        for done in range(settings.iterations):
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            world = self.info.determinise(state, seat, rng)
            self._iterate(engine, world, seat, arms, root, tree, rng)
        return root.most_visited(arms, rng)[0]

    def _iterate(self, engine: Engine, st: Any, seat: int, arms: list[Arm], node: Node,
                 tree: dict, rng: random.Random) -> None:
        """One iteration from a determinised root: select, expand, roll out, back up."""
        key, exploration = self.info.key, self.settings.exploration
        path = []
        player = seat
        while True:
            arm = node.select(arms, exploration, rng)
            path.append((node, arm, player))
            st, player, arms = _next_decision(engine, engine.apply(st, arm[0]), rng)
            if player == TERMINAL:
                rewards = win_shares(engine.returns(st))
                break
            found = tree.get((player, key(st, player)))
            if found is None:
                tree[(player, key(st, player))] = Node()
                rewards = self._rollout(engine, st, rng)
                break
            node = found
        for node, arm, mover in path:
            node.update(arm, rewards[mover])

    def _rollout(self, engine: Engine, st: Any, rng: random.Random) -> Sequence[float]:
        """Play on with the rollout policy for `horizon` rounds (0: to the end); the
        result, or the game's evaluation where it stopped."""
        info, horizon = self.info, self.settings.horizon
        stop = info.progress(st) + horizon if horizon else None
        if self.policy is random_bot and info.playout is not None:
            st = info.playout(st, rng, stop)
        else:
            policy, progress = self.policy, info.progress
            while not engine.is_terminal(st) and (stop is None or progress(st) < stop):
                player = engine.current_player(st)
                action = sample_chance(engine, st, rng) if player == CHANCE else \
                    policy(engine, st, rng)
                st = engine.apply(st, action)
        if engine.is_terminal(st):
            return win_shares(engine.returns(st))
        return info.evaluate(st)


def _next_decision(engine: Engine, st: Any, rng: random.Random) -> tuple[Any, int, list]:
    """Play chance (by its probabilities) and single-option decisions until a player has
    a choice or the game ends: (state, player or TERMINAL, that player's arms)."""
    while not engine.is_terminal(st):
        player = engine.current_player(st)
        if player == CHANCE:
            st = engine.apply(st, sample_chance(engine, st, rng))
            continue
        actions = engine.legal_actions(st)
        arms = arms_of(actions, option_weights(engine, st))
        if len(arms) > 1:
            return st, player, arms
        st = engine.apply(st, arms[0][0])
    return st, TERMINAL, []


DEFAULT_ROLLOUTS = 64
MAX_ROLLOUTS = 100_000


class Flat:
    """The `rollout` bot: flat Monte Carlo on the same hooks as the search.

    Why beside the tree search: where the other seats are best treated as a model (the
    game's `greedy` bot) rather than as searchers, a tree grown over opponents' choices
    wastes its iterations. Here every legal option is played into the same `rollouts`
    determinised futures (common random numbers: the same worlds and the same luck after
    every option, so the options' differences are not drowned by the luck between
    futures), every seat playing `greedy` for `horizon` rounds; the option with the best
    mean reward for the seat is played (ties: the first listed). The real state is read
    only through `determinise`, as in the search, so it cannot peek either."""

    def __init__(self, info: Information, rollouts: int, horizon: int):
        self.info = info
        self.rollouts = rollouts
        self.horizon = horizon

    def __call__(self, engine: Engine, state: Any, rng: random.Random) -> Action:
        actions = list(engine.legal_actions(state))
        if len(actions) == 1:
            return actions[0]
        seat = engine.current_player(state)
        seeds = [rng.getrandbits(64) for _ in range(self.rollouts)]
        best, best_value = actions[0], -math.inf
        for action in actions:
            value = 0.0
            for seed in seeds:
                world_rng = random.Random(seed)
                world = self.info.determinise(state, seat, world_rng)
                value += self._play_on(engine, engine.apply(world, action), world_rng)[seat]
            if value > best_value:
                best, best_value = action, value
        return best

    def _play_on(self, engine: Engine, st: Any, rng: random.Random) -> Sequence[float]:
        info = self.info
        stop = info.progress(st) + self.horizon if self.horizon else None
        policy, progress = info.greedy, info.progress
        while not engine.is_terminal(st) and (stop is None or progress(st) < stop):
            player = engine.current_player(st)
            action = sample_chance(engine, st, rng) if player == CHANCE else \
                policy(engine, st, rng)
            st = engine.apply(st, action)
        if engine.is_terminal(st):
            return win_shares(engine.returns(st))
        return info.evaluate(st)


def flat_factory(info: Information) -> Callable[[Mapping[str, str]], Bot]:
    """The `rollout` entry of a game's BOTS: options -> a flat Monte Carlo bot."""
    def make(options: Mapping[str, str]) -> Bot:
        values = read_options("rollout", options, {
            "rollouts": (whole_number(1, MAX_ROLLOUTS), DEFAULT_ROLLOUTS),
            "horizon": (whole_number(0, MAX_HORIZON), info.horizon)})
        return Flat(info, values["rollouts"], values["horizon"])
    return make
