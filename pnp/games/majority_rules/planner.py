"""`expectimax`: the Majority Rules! keep that is best in expectation, worked out exactly.

Why not search: a round of Majority Rules! is a small one-player puzzle once the others
are a model. What a seat sees is its own dice and the stage; the others' dice are behind
their dividers, so the best it can do is play well against the dice others *usually* end
with. And the puzzle is small enough to solve outright: 8 dice fall in 1,287 ways, a keep
is one of at most 3,003 smaller handfuls, so a backward induction over every handful
(`Plan`) gives the best keep for every roll at both rerolls, once per (dice, players,
model), in about a second. IS-MCTS at 256 iterations spread over up to 144 keeps per
decision could not tell them apart (issue 30: it lost 12 of 12 to `keep-majority`).

The model of the others (`others`): each other seat plays `keep-high` (the default: the
game's best rule of thumb, which beats `keep-majority` 151-49 in 200 games), `keep-majority`,
or, with `others=self`, this plan itself (one step of a fixed point: the plan against
`keep-high` is the model, then the best reply to it is worked out). Measured over 200
seeded two-player games each: the default wins 76 % against `keep-high` and 76.5 % against
`keep-majority`; `others=self` wins 65 % and 66.5 % against them but 59 % against the
default — there is no best model for every table, and the default is best against the
rules of thumb.
Their final dice are drawn from that model's exact distribution (two seats) or a seeded
sample of 3,000 tables (more seats); nothing of the real state but the seat's own dice
and the stage is read, so the bot cannot peek.

The objective: the round's points of the seat minus the others' mean, in expectation over
the gold die (each die is worth its face, or 6 on a gold match: (5·face + 6) / 6 on
average). A game to 500 is some twenty rounds, so a round's expected lead is what wins;
the plan does not change near the end of the game.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

FACES = 6
OTHERS = ("keep-high", "keep-majority", "self")
SAMPLES = 3_000  # tables of other seats, with more than two seats
VALUE = tuple((5 * f + 6) / 6 for f in range(1, FACES + 1))  # a die, gold averaged

Counts = tuple[int, ...]  # how many dice show each face 1-6


@functools.cache
def handfuls(size: int) -> tuple[Counts, ...]:
    """Every way `size` dice can show (as counts per face)."""
    return tuple(c for c in itertools.product(range(size + 1), repeat=FACES)
                 if sum(c) == size)


@functools.cache
def roll(dice: int) -> tuple[tuple[Counts, float], ...]:
    """The outcomes of rolling `dice` dice and their probabilities (multinomial)."""
    scale = math.factorial(dice) / FACES ** dice
    return tuple((c, scale / math.prod(math.factorial(n) for n in c))
                 for c in handfuls(dice))


def add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def submultisets(counts: Counts) -> list[Counts]:
    """Every handful that can be kept from `counts`."""
    return list(itertools.product(*(range(n + 1) for n in counts)))


def keep_majority(counts: Counts) -> Counts:
    """The `keep-majority` rule on counts: the face held most (the higher on a tie) and
    the 5s and 6s."""
    best = max(range(FACES), key=lambda f: (counts[f], f))
    return tuple(n if f == best or f >= 4 else 0 for f, n in enumerate(counts))


def keep_high(counts: Counts) -> Counts:
    """The `keep-high` rule on counts: the 5s and 6s."""
    return tuple(n if f >= 4 else 0 for f, n in enumerate(counts))


RULES = {"keep-high": keep_high, "keep-majority": keep_majority}
Policy = Callable[[Counts], Counts]


def final_dice(dice: int, policies: Sequence[Policy]) -> dict[Counts, float]:
    """The exact distribution of a seat's dice at the reveal: a first roll, then each
    reroll keeps what the policy of that reroll says and rolls the rest."""
    dist = dict(roll(dice))
    for policy in policies:
        after: dict[Counts, float] = {}
        for counts, p in dist.items():
            kept = policy(counts)
            for rolled, q in roll(dice - sum(kept)):
                final = add(kept, rolled)
                after[final] = after.get(final, 0.0) + p * q
        dist = after
    return dist


def _tables(dist: dict[Counts, float], others: int) -> tuple[np.ndarray, ...]:
    """The others' dice per face as (most held by one seat, held in all, weight)."""
    import numpy as np  # here, not at the top: the phone's checker imports this game's
    # bots module without numpy (the browser bundle is the standard library only)

    if others == 1:
        counts = np.array(list(dist), dtype=float)
        return counts, counts, np.array(list(dist.values()))
    rng = random.Random(0)
    keys, weights = list(dist), list(dist.values())
    drawn = np.array([rng.choices(keys, weights, k=others) for _ in range(SAMPLES)],
                     dtype=float)
    return drawn.max(axis=1), drawn.sum(axis=1), np.full(SAMPLES, 1 / SAMPLES)


def payoff(dice: int, players: int, dist: dict[Counts, float]) -> dict[Counts, float]:
    """Every final handful's expected points minus the others' mean (scaled by
    players - 1, which changes no choice)."""
    import numpy as np  # see _tables

    top, held, weight = _tables(dist, players - 1)
    value = np.array(VALUE)
    mine = np.array(handfuls(dice), dtype=float)
    total = np.zeros(len(mine))
    for f in range(FACES):
        c = mine[:, f:f + 1]
        claims = np.where(c > top[:, f], c + held[:, f], np.where(c == top[:, f], c, 0.0))
        total += value[f] * (claims @ weight)
    own = mine @ value  # the seat's own dice count in every seat's mean
    return dict(zip(handfuls(dice), players * total - own, strict=True))


class Plan:
    """The best keep for every handful at each reroll, by backward induction."""

    def __init__(self, dice: int, rerolls: int, value: dict[Counts, float]):
        self.keeps: list[dict[Counts, Counts]] = []
        for _ in range(rerolls):  # the last reroll first
            worth = {k: sum(q * value[add(k, r)] for r, q in roll(dice - sum(k)))
                     for size in range(dice + 1) for k in handfuls(size)}
            best = {m: max(submultisets(m), key=lambda k: (worth[k], sum(k), k))
                    for m in handfuls(dice)}
            value = {m: worth[best[m]] for m in best}
            self.keeps.insert(0, best)

    def keep(self, reroll: int, counts: Counts) -> Counts:
        """What to keep before reroll number `reroll` (0 first) holding `counts`."""
        return self.keeps[reroll][counts]


@functools.cache
def plan(dice: int, players: int, rerolls: int, others: str) -> Plan:
    """The plan against the model `others` (see the module docstring), cached."""
    rule = RULES.get(others, keep_high)
    model = final_dice(dice, [rule] * rerolls)
    first = Plan(dice, rerolls, payoff(dice, players, model))
    if others in RULES:
        return first
    mirror = final_dice(dice, [functools.partial(first.keep, r) for r in range(rerolls)])
    return Plan(dice, rerolls, payoff(dice, players, mirror))


def counts_of(dice: Sequence[int]) -> Counts:
    return tuple(sum(1 for d in dice if d == f) for f in range(1, FACES + 1))


def faces_of(counts: Counts) -> tuple[int, ...]:
    return tuple(f + 1 for f, n in enumerate(counts) for _ in range(n))
