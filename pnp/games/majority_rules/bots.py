"""Majority Rules! bots: keep/reroll policies, played head to head by `pnp simulate`.

Each looks only at its own dice (the others are hidden behind the dividers) and takes no
options. The five policies:

- `random`: any choice of dice to keep, uniformly;
- `reroll-all`: keeps nothing, so its dice are three fresh rolls — the baseline whose mean
  round score is known exactly (each die: (5/6)·3.5 + 1 with the gold die);
- `keep-high`: keeps its 5s and 6s;
- `keep-majority`: keeps every die of the face it holds most of (ties: the higher face)
  and its 5s and 6s — plays for a majority without throwing away high dice;
- `keep-gold-bet`: keeps every die of the face it holds most of (ties: the higher face)
  and rerolls all the rest, even 6s — stakes the round on claiming one face (which the
  gold die may make worth 6 each, whatever its face).

And `ismcts`, information-set tree search (`pnp.games.ismcts`): what a player sees is the
totals, the rounds played, where the round stands and their own dice — not the others'
dice, nor what the others kept, until the reveal. A determinisation rolls the others'
dice afresh (any faces are possible behind a divider). Rollouts play to the end of the
round (random, or `keep-high` with `ismcts.rollout=greedy`), scored by the totals.

And `expectimax` (`planner`), the strong player: the keep that is best in expectation,
worked out exactly for every roll against a model of the others (`expectimax.others`:
`keep-high`, `keep-majority` or `self`); it reads only its own dice and the stage.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from pnp.errors import UsageError
from pnp.games import ismcts
from pnp.games.botoptions import one_of, read_options
from pnp.games.engine import Bot, random_bot
from pnp.games.majority_rules import planner
from pnp.games.majority_rules.engine import REROLLS


def _own_dice(state) -> tuple[int, ...]:
    return state.dice[state.seat]


def _most_held(dice: Sequence[int]) -> int:
    """The face the seat holds most of; the higher face on a tie."""
    counts = Counter(dice)
    return max(counts, key=lambda face: (counts[face], face))


def _policy(keeps: Callable[[Sequence[int]], Callable[[int], bool]]) -> Bot:
    """A bot that keeps the dice `keeps(dice)` selects (a predicate per face)."""

    def bot(engine, state, rng: random.Random):
        dice = _own_dice(state)
        wanted = keeps(dice)
        return tuple(sorted(d for d in dice if wanted(d)))

    return bot


def reroll_all(dice):
    return lambda face: False


def keep_high(dice):
    return lambda face: face >= 5


def keep_majority(dice):
    best = _most_held(dice)
    return lambda face: face == best or face >= 5


def keep_gold_bet(dice):
    best = _most_held(dice)
    return lambda face: face == best


def _no_options(name: str, bot: Bot) -> Callable[[Mapping[str, str]], Bot]:
    def factory(options: Mapping[str, str]) -> Bot:
        if options:
            raise UsageError(f"bot {name} takes no options (given: {', '.join(options)})")
        return bot

    return factory


class Expectimax:
    """The `expectimax` bot: the best keep in expectation against a model of the others
    (`pnp.games.majority_rules.planner`); reads only its own dice and the stage."""

    def __init__(self, others: str):
        self.others = others

    def __call__(self, engine, state, rng: random.Random):
        config = state.config
        plan = planner.plan(config.dice, config.players, REROLLS, self.others)
        kept = plan.keep(state.stage - 1, planner.counts_of(_own_dice(state)))
        return planner.faces_of(kept)


def _expectimax(options: Mapping[str, str]) -> Bot:
    values = read_options("expectimax", options,
                          {"others": (one_of(*planner.OTHERS), planner.OTHERS[0])})
    return Expectimax(values["others"])


def seen(state, seat: int) -> tuple:
    """What `seat` sees (see the module docstring); the others' dice only by number."""
    return (state.totals, len(state.rounds), state.stage, state.seat, state.to_roll,
            state.dice[seat], tuple(map(len, state.dice)))


def determinise(state, seat: int, rng: random.Random):
    """The state with every other seat's dice rolled afresh."""
    dice = tuple(d if s == seat else tuple(int(rng.random() * 6) + 1 for _ in d)
                 for s, d in enumerate(state.dice))
    return state._replace(dice=dice)


def _win_shares(state) -> list[float]:
    """Each seat's estimated win share from the totals: a lead of a tenth of the target
    is worth an e-fold of the odds."""
    return ismcts.soft_shares(state.totals, max(1.0, state.config.target / 10))


SEARCH = ismcts.Information(
    key=seen, determinise=determinise, evaluate=_win_shares,
    progress=lambda state: len(state.rounds), greedy=_policy(keep_high), horizon=1)

# The best rule of thumb (measured: it beats keep-majority 151-49 in 200 seeded games):
# the ladder's yardstick, ismcts's greedy.
BASELINE = "keep-high"
# `pnp play`'s opponent: the strongest measured: 67.5 % against `keep-high` (`make bench`)
STRONG = "expectimax"

BOTS: dict[str, Callable[[Mapping[str, str]], Bot]] = {
    "random": _no_options("random", random_bot),
    "reroll-all": _no_options("reroll-all", _policy(reroll_all)),
    "keep-high": _no_options("keep-high", _policy(keep_high)),
    "keep-majority": _no_options("keep-majority", _policy(keep_majority)),
    "keep-gold-bet": _no_options("keep-gold-bet", _policy(keep_gold_bet)),
    "ismcts": ismcts.factory(SEARCH),
    "expectimax": _expectimax,
}
