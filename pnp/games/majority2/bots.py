"""Bots for The Majority 2 (`pnp.games.engine.Bot`: (engine, state, rng) -> action).

Pure and seeded: every random choice comes from the `rng` given, so a game's seed fixes it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pnp.games import engine as eng


def _random(options: Mapping[str, str]) -> eng.Bot:
    return eng.random_bot


BOTS: dict[str, Callable[[Mapping[str, str]], eng.Bot]] = {"random": _random}
