"""A game between a person and bots, one step at a time (`pnp play`).

Chance and every bot draw from one `random.Random(seed)`, as in `engine.play`, and the
person's choices draw nothing: so a seed and the person's choices fix the whole game, and
a game interrupted half way is rebuilt exactly by playing its recorded actions again
(`Match.resume`), each bot deciding as it did — the game then goes on as if it had never
stopped.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.games.engine import CHANCE, Action, Bot, Engine, IllegalAction, sample_chance


class Diverged(ValueError):
    """Recorded actions that this session's seed and bots would not have played."""


@dataclass
class Match:
    """The game so far. `bots[seat]` is None for the person's seat."""

    engine: Engine
    bots: Sequence[Bot | None]
    state: Any
    rng: random.Random
    actions: list[Action] = field(default_factory=list)

    @classmethod
    def start(cls, engine: Engine, config: Any, bots: Sequence[Bot | None],
              seed: int) -> Match:
        return cls(engine, bots, engine.initial_state(config), random.Random(seed))

    @classmethod
    def resume(cls, engine: Engine, config: Any, bots: Sequence[Bot | None], seed: int,
               actions: Sequence[Action],
               same: Callable[[Any, Action, Action], bool] | None = None) -> Match:
        """The match after `actions`: the person's taken as recorded (each must be
        legal), chance and bots drawn again from the seed — Diverged (naming the step)
        when they would not have played what was recorded. `same(state, a, b)` says when
        two actions are one answer (a record may write two copies of a card alike); the
        bot's own is then played, so the game goes on exactly as it went."""
        match = cls.start(engine, config, bots, seed)
        alike = same or (lambda state, a, b: a == b)
        for step, recorded in enumerate(actions, 1):
            if match.over:
                raise Diverged(f"action {step}: the game had already ended")
            action = recorded if match.persons_turn else match.automatic()
            if not alike(match.state, action, recorded):
                raise Diverged(f"action {step}: this seed and bot play {action!r}, the "
                               f"game played {recorded!r}")
            match.apply(action)
        return match

    @property
    def over(self) -> bool:
        return self.engine.is_terminal(self.state)

    @property
    def mover(self) -> int:
        """The seat to move, or CHANCE."""
        return self.engine.current_player(self.state)

    @property
    def persons_turn(self) -> bool:
        mover = self.mover
        return mover != CHANCE and self.bots[mover] is None

    def automatic(self) -> Action:
        """Chance's outcome or the bot's decision, whichever is to move."""
        mover = self.mover
        if mover == CHANCE:
            return sample_chance(self.engine, self.state, self.rng)
        return self.bots[mover](self.engine, self.state, self.rng)

    def apply(self, action: Action) -> None:
        """One step (IllegalAction when it is not legal now)."""
        if self.over:
            raise IllegalAction("the game is over")
        self.state = self.engine.apply(self.state, action)
        self.actions.append(action)
