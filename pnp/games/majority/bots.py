"""The Majority bots for `pnp simulate`: pure functions of the state and the rng given.

- `random`: A, B, C or Score, uniformly.
- `vote`: a model of a table that agrees on associations. Each turn there is one
  association most players find (the Proposals lie at random, so call it `A`): each player
  picks it with probability `p` (option, default 0.5) and otherwise one of the two others,
  `B` or `C`, at even odds. Once the Reference pile holds `score` cards (option, default 3)
  every player still in votes Score. With p = 0.5 a player is as likely to agree as not —
  the middle of the range, where eliminations and Score both happen often; simulate with
  other values to see rounds per game and points by player count move.
- `ismcts`: information-set tree search (`pnp.games.ismcts`). What a player sees: the
  totals, the rounds, the variant and Reference cards, who is still in the round, the pile
  and the points of the round — not the votes already cast this turn (they are secret
  until the last is in). A determinisation draws those votes from the `vote` model.
  Rollouts play `HORIZON` rounds (random, or `vote` with `ismcts.rollout=greedy`),
  scored by the totals.
- `rollout`: flat Monte Carlo on the same hooks (`ismcts.Flat`): each vote played into
  `rollouts` futures (default 64), everyone playing `vote`; the strong player (80 % of 200
  three-player games against `vote`, `make bench`).
The bots read only the public table (the pile size); never the other votes of the turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from pnp.games import ismcts
from pnp.games.botoptions import probability, read_options, whole_number
from pnp.games.engine import Bot, Engine, random_bot
from pnp.games.majority.engine import MajorityState
from pnp.games.majority.scoring import SCORE

_SHARED, _OTHERS = "A", ("B", "C")


@dataclass(frozen=True)
class VoteModel:
    """Agree on the shared association with probability `p`; Score from `score` cards."""

    p: float = 0.5
    score: int = 3

    def __call__(self, engine: Engine, state: MajorityState, rng: random.Random) -> str:
        if state.round.pile >= self.score:
            return SCORE
        return _SHARED if rng.random() < self.p else rng.choice(_OTHERS)


def _random(options: Mapping[str, str]) -> Bot:
    read_options("random", options, {})
    return random_bot


def _vote(options: Mapping[str, str]) -> Bot:
    values = read_options("vote", options, {"p": (probability, 0.5),
                                            "score": (whole_number(1, 100), 3)})
    return VoteModel(values["p"], values["score"])


HORIZON = 2  # rounds a rollout plays


def seen(state: MajorityState, seat: int) -> tuple:
    """What `seat` sees (see the module docstring): this turn's votes only by number."""
    r = state.round
    return (state.totals, state.rounds, state.variant, state.reference, state.drawn,
            r.active, r.pile, tuple(sorted(r.scores.items())), r.over, len(state.votes))


MODEL = VoteModel()  # how the others are assumed to vote, where their votes are secret


def determinise(state: MajorityState, seat: int, rng: random.Random) -> MajorityState:
    """The state with the votes already cast this turn drawn from the table's model
    (`vote` at its defaults: the shared association half the time, Score from 3 cards),
    not from the real votes."""
    return replace(state, votes=tuple(MODEL(None, state, rng) for _ in state.votes))


def _win_shares(state: MajorityState) -> list[float]:
    """Each seat's estimated win share from the totals (an eighth of the target per
    e-fold of the odds)."""
    return ismcts.soft_shares(state.totals, max(1.0, state.config.target / 8))


SEARCH = ismcts.Information(
    key=seen, determinise=determinise, evaluate=_win_shares,
    progress=lambda state: state.rounds, greedy=VoteModel(), horizon=HORIZON)

BASELINE = "vote"  # the best rule of thumb: the ladder's yardstick, ismcts's greedy
# `pnp play`'s opponent: the strongest measured: 81.5 % against `vote` (`make bench`)
STRONG = "rollout"

BOTS: dict[str, Callable[[Mapping[str, str]], Bot]] = {
    "random": _random, "vote": _vote, "ismcts": ismcts.factory(SEARCH),
    "rollout": ismcts.flat_factory(SEARCH)}
