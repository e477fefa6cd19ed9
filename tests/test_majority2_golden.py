"""Golden games: seeded random-bot games of The Majority 2 must stay exactly the games the
engine played before its speed work (same actions, same outcome, same card events).

History of the digests: first recorded before the speed work (main at cdd4d0f); re-recorded
once on purpose when the bots began choosing among card instances (issue 19: an option
standing for two copies of a card is drawn twice as often, which changes random-bot games
wherever a hand, column or score area holds twins). An engine change that alters any seeded
game — an action order, a chance draw, a score — fails here. Regenerate only for a
deliberate change of the rules or of how bots draw: `python -m tests.test_majority2_golden`.
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys

import pytest

from pnp.games import engine as eng
from pnp.games.majority2 import compiled
from pnp.games.majority2 import engine as m2
from pnp.games.majority2.state import frozen
from tests.conftest import ROOT
from tests.m2tools import config

SEEDS = range(50)
SETUPS = {
    "base": ("", False, None),
    "promos": ("all", False, None),
    "promos-ignore-limit": ("all", True, 60),
}


def _config(name: str):
    promos, ignore, limit = SETUPS[name]
    return config(promos or (), ignore, limit)


def game_digest(cfg, seed: int, bot=eng.random_bot) -> str:
    """A short hash of one random-bot game: its actions, outcome and card events."""
    bots = [bot, bot]
    played = eng.play(m2.ENGINE, cfg, bots, seed)
    st = played.final_state
    table = frozen(st)  # deck, discard, hands, reserves, cols, areas, up, down as tuples
    text = repr((played.actions, played.outcome, m2.card_events(st), table))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def all_digest(name: str) -> str:
    """One hash over every seed of a setup (so the golden stays short)."""
    cfg = _config(name)
    joined = ",".join(game_digest(cfg, seed) for seed in SEEDS)
    return hashlib.sha256(joined.encode()).hexdigest()[:16]


# Recorded with instance-weighted bots (see the module docstring's history).
GOLDEN_FIRST = {
    "base": ["2b4e56fcbc487550", "ca8c533106b0ef1e", "23e89cbeb8269691", "2d3785c9db36c05c",
             "6ed49e57786c14ab"],
    "promos": ["b0b0cfbcc9195a17", "0b33ffd3e32f8185", "d6bb2adb9922022e", "736666a4b6568557",
               "f6bb85babc8e5ed6"],
    "promos-ignore-limit": ["aad48fbe414d8c9f", "063b95ae91c6ffdf", "e07259481c42f3f3",
                            "c412d679c4be80c2", "6abc385cce46088b"],
}
GOLDEN_ALL = {
    "base": "373580553d8285b7",
    "promos": "c83a81de48291e94",
    "promos-ignore-limit": "87ef89bb45745a99",
}


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_first_seeds_play_as_recorded(name):
    cfg = _config(name)
    assert [game_digest(cfg, seed) for seed in range(5)] == GOLDEN_FIRST[name]


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_fifty_seeds_play_as_recorded(name):
    assert all_digest(name) == GOLDEN_ALL[name]


def _generic_random(engine, state, rng):
    """random_bot by another name: `play` then takes its generic path (apply per action)
    instead of the engine's in-place playout."""
    return eng.random_bot(engine, state, rng)


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_generic_loop_plays_the_same_games_as_the_fast_playout(name):
    cfg = _config(name)
    for seed in range(5):
        fast = eng.play(m2.ENGINE, cfg, [eng.random_bot, eng.random_bot], seed)
        slow = eng.play(m2.ENGINE, cfg, [_generic_random, _generic_random], seed)
        assert fast.actions == slow.actions and fast.outcome == slow.outcome
        assert m2.view_key(fast.final_state) == m2.view_key(slow.final_state)
    slow_digests = [game_digest(cfg, seed, _generic_random) for seed in SEEDS]
    assert hashlib.sha256(",".join(slow_digests).encode()).hexdigest()[:16] == \
        GOLDEN_ALL[name]


def _stepped_to(cfg, seed: int, stop: int):
    """The generic loop's random game (one rng for chance and bots, as `eng.play`), state
    by state until round `stop` begins: (actions, state)."""
    rng = random.Random(seed)
    st, actions = m2.initial_state(cfg), []
    while st.end is None and st.round < stop:
        if st.need[0] == eng.CHANCE:
            action = m2.sample_chance(st, rng)
        else:
            action = eng.random_bot(m2.ENGINE, st, rng)
        actions.append(action)
        st = m2.apply(st, action)
    return actions, st


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_playout_stopped_at_a_round_stands_where_the_generic_loop_does(name):
    """Search rollouts stop at a round (`until_round`): the random movers, which run a
    round's phases several actions to a call, stop at that round's first question with
    the same actions taken and the same question pending as stepping one action at a
    time."""
    cfg = _config(name)
    for seed in range(3):
        for stop in (1, 3, 10):
            st, actions = m2.initial_state(cfg), []
            taken = m2.playout(st, random.Random(seed), actions.append, until_round=stop)
            want, stepped = _stepped_to(cfg, seed, stop)
            assert (taken, actions) == (len(want), want)
            assert (st.need, st.weights) == (stepped.need, stepped.weights)
            assert m2.view_key(st) == m2.view_key(stepped)


@pytest.mark.slow
def test_pure_python_plays_the_same_games_as_this_process():
    """The compiled engine (when `make` built it, this process runs it) and the .py
    modules play every golden seed identically."""
    code = ("from tests.test_majority2_golden import SETUPS, all_digest; "
            "from pnp.games.majority2 import compiled; "
            "print(compiled.in_use()); print(*(all_digest(n) for n in sorted(SETUPS)))")
    env = {**os.environ, compiled.PURE_ENV: "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout.splitlines()
    assert out[0] == "pure Python"
    assert out[1].split() == [GOLDEN_ALL[name] for name in sorted(SETUPS)]


def test_apply_leaves_the_given_state_alone():
    """States are values: applying an action never changes the state it was applied to."""
    cfg = _config("promos")
    rng_bots = [eng.random_bot, eng.random_bot]
    for seed in range(5):
        played = eng.play(m2.ENGINE, cfg, rng_bots, seed)
        state = m2.ENGINE.initial_state(cfg)
        for action in played.actions:
            before = (m2.view_key(state), state.need, state.ndeck, state.uid, state.stalled,
                      state.events)
            new = m2.ENGINE.apply(state, action)
            after = (m2.view_key(state), state.need, state.ndeck, state.uid, state.stalled,
                     state.events)
            assert before == after
            state = new


if __name__ == "__main__":
    for setup in sorted(SETUPS):
        first = [game_digest(_config(setup), seed) for seed in range(5)]
        print(f"{setup!r}: {first},  all: {all_digest(setup)!r}")
