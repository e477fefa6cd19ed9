"""Golden games: seeded random-bot games of The Majority 2 must stay exactly the games the
engine played before its speed work (same actions, same outcome, same card events).

The digests below were recorded with the engine as it was before the optimisation (main at
cdd4d0f); an engine change that alters any seeded game — an action order, a chance draw, a
score — fails here. Regenerate only for a deliberate rules change:
`python -m tests.test_majority2_golden`.
"""

from __future__ import annotations

import hashlib

import pytest

from pnp.games import engine as eng
from pnp.games.majority2 import engine as m2
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


def game_digest(cfg, seed: int) -> str:
    """A short hash of one random-bot game: its actions, outcome and card events."""
    bots = [eng.random_bot, eng.random_bot]
    played = eng.play(m2.ENGINE, cfg, bots, seed)
    st = played.final_state
    table = (st.deck, st.discard, st.hands, st.reserves, st.cols, st.areas, st.up, st.down)
    text = repr((played.actions, played.outcome, m2.card_events(st), table))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def all_digest(name: str) -> str:
    """One hash over every seed of a setup (so the golden stays short)."""
    cfg = _config(name)
    joined = ",".join(game_digest(cfg, seed) for seed in SEEDS)
    return hashlib.sha256(joined.encode()).hexdigest()[:16]


# Recorded before optimising (see the module docstring).
GOLDEN_FIRST = {
    "base": ["6107566bc242f9db", "de49e0152912cde4", "87041f47589dc74f", "2b3c122e7477bdad",
             "ee7a419091df33ab"],
    "promos": ["d6c35f0815a63771", "d06a0bada96495ff", "4b03f175b42ea0e8", "ad1353bbc258e8e2",
               "f08d5758c928a3eb"],
    "promos-ignore-limit": ["0d7ed16f3a091815", "943063117e5138f2", "36272ea447aa5e10",
                            "344a47bf361e39dc", "2c5479be5bad6f35"],
}
GOLDEN_ALL = {
    "base": "0095c817858a8817",
    "promos": "d1d0edcc950ce075",
    "promos-ignore-limit": "f5ca33845467b6c8",
}


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_first_seeds_play_as_recorded(name):
    cfg = _config(name)
    assert [game_digest(cfg, seed) for seed in range(5)] == GOLDEN_FIRST[name]


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_fifty_seeds_play_as_recorded(name):
    assert all_digest(name) == GOLDEN_ALL[name]


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
