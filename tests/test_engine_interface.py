"""The shared engine interface: play() and replay() over a tiny game (a die roll, then
each player guesses); each real game's own tests run their engine through the same calls."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from pnp.games.engine import (
    CHANCE,
    TERMINAL,
    IllegalAction,
    Outcome,
    choose_instance,
    instances,
    play,
    random_bot,
    replay,
)


@dataclass(frozen=True)
class _State:
    die: int | None = None
    guesses: tuple[int, ...] = ()


class _GuessTheDie:
    """Chance rolls a die; two players each guess 1-6; a right guess scores 1."""

    game_id = "guess"

    def initial_state(self, config):
        return _State()

    def current_player(self, state):
        if state.die is None:
            return CHANCE
        return TERMINAL if len(state.guesses) == 2 else len(state.guesses)

    def legal_actions(self, state):
        return () if self.is_terminal(state) or state.die is None else tuple(range(1, 7))

    def chance_outcomes(self, state):
        return [(face, 1 / 6) for face in range(1, 7)]

    def apply(self, state, action):
        if state.die is None:
            return _State(die=action)
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action} is not a face")
        return _State(state.die, state.guesses + (action,))

    def is_terminal(self, state):
        return len(state.guesses) == 2

    def returns(self, state):
        scores = tuple(int(g == state.die) for g in state.guesses)
        best = max(scores)
        return Outcome(scores, tuple(i for i, s in enumerate(scores) if s == best),
                       None, "guessed", 1)


def test_same_seed_same_game_and_replay_reproduces_it():
    engine = _GuessTheDie()
    first = play(engine, None, [random_bot, random_bot], seed=7)
    again = play(engine, None, [random_bot, random_bot], seed=7)
    assert first == again
    assert len(first.actions) == 3
    assert replay(engine, None, first.actions) == first.final_state


def test_replay_names_the_index_of_the_first_illegal_action():
    with pytest.raises(IllegalAction) as caught:
        replay(_GuessTheDie(), None, [3, 2, 9])
    assert caught.value.index == 2
    assert "9 is not a face" in str(caught.value)


def test_a_weighted_choice_is_a_uniform_choice_among_instances():
    """Weights mean card instances: drawing by weight is exactly drawing one instance from
    the expanded list (same random numbers, same answer)."""
    actions, weights = ["pass", "twin", "single"], [1, 2, 1]
    assert instances(actions, weights) == ["pass", "twin", "twin", "single"]
    assert instances(actions, None) == actions
    for seed in range(200):
        expanded = random.Random(seed).choice(instances(actions, weights))
        assert choose_instance(actions, weights, random.Random(seed)) == expanded
        assert choose_instance(actions, None, random.Random(seed)) == \
            random.Random(seed).choice(actions)
