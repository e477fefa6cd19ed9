"""Helpers for the engine tests: play a game checking every step against the engine's own
legal actions, and check a `to_record` record with `pnp check`."""

from __future__ import annotations

import json
import random
from pathlib import Path

from pnp.check import check_file
from pnp.games.engine import CHANCE, PlayedGame, sample_chance


def play_checked(engine, config, bots, seed: int, max_actions: int = 100_000) -> PlayedGame:
    """Like `engine.play`, asserting that each action taken is one the engine lists as
    legal (chance: an outcome of positive probability), that `apply` leaves the old state
    alone, and that the game ends."""
    rng = random.Random(seed)
    state = engine.initial_state(config)
    actions = []
    while not engine.is_terminal(state):
        assert len(actions) < max_actions, "the game does not end"
        player = engine.current_player(state)
        if player == CHANCE:
            action = sample_chance(engine, state, rng)
            outcomes = dict(engine.chance_outcomes(state))
            assert outcomes.get(action, 0) > 0
            assert abs(sum(outcomes.values()) - 1) < 1e-9
        else:
            action = bots[player](engine, state, rng)
            assert action in engine.legal_actions(state)
        before = state
        copy = engine.apply(state, action)
        assert state == before
        state = copy
        actions.append(action)
    assert engine.legal_actions(state) == ()
    return PlayedGame(tuple(actions), state, engine.returns(state))


def check_record(folder: Path, record: dict, name: str = "game.json"):
    """`pnp check`'s verdict on `record` written to `folder/name`."""
    path = folder / name
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    return check_file(path)


def totals(verdict) -> tuple[int, ...]:
    return tuple(p.total for p in verdict.players)
