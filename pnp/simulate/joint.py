"""Figures observed together, game by game, and the estimates drawn from them.

Why: a promo is judged against the base card it replaces on the *same* game seeds, so the
two decks' figures for one seed move together (the same deal, the same early choices). A
difference's interval must use that: its variance is var(x) + var(y) − 2 cov(x, y), far
below the var(x) + var(y) of two independent samples when the games stay alike. `Joint`
keeps, per game, a few integer figures (a promo's VP and the base card's; the wins of a
seat with and without a card), their sums and the sums of their pairwise products, all
exact integers: chunks merge in any grouping to the same sums, and memory does not grow
with the number of games. Any linear combination of the figures' means, or a difference of
two ratios of sums, then gets its standard error by the delta method, with the covariances
(paired) or without them (the unpaired interval the pairing is measured against).

`Estimate` is a value with its standard error: a normal interval, a z-score and a
two-sided p-value (the test of "no difference"; the family corrections work on these) —
or, when every game gave the same figure, an exact interval and test, or none at all.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import NormalDist

from pnp.simulate.stats import Z95

NORMAL, EXACT, NO_SPREAD = "normal", "exact", "no information"


@dataclass(frozen=True)
class Estimate:
    """A value, its standard error (`se` None: too few games to tell), the games behind
    it and, where known, the range every game's figure lies in (`bounds`).

    How it is judged (`method`):
    - *normal*: the games' figures vary (se > 0): the normal interval and z-test;
    - *exact*: every game gave the same figure (se == 0) and the figure is bounded: a
      zero spread says only that games other than this value are rare, so the interval
      bounds how rare (Clopper–Pearson for "no game differed", each differing game moving
      the mean at most to the end of the range) and the p-value is the exact chance of
      such a run under "no difference" — never a zero-width interval;
    - *no information*: every game gave the same figure and nothing bounds it: no
      interval, no test (a verdict from zero spread would be a verdict from nothing).
    """

    value: float
    se: float | None
    n: int = 0
    bounds: tuple[float, float] | None = None

    @property
    def method(self) -> str | None:
        if self.se is None or math.isnan(self.value):
            return None
        if self.se > 0:
            return NORMAL
        return EXACT if self.bounds is not None and self.n > 0 else NO_SPREAD

    @property
    def z(self) -> float | None:
        """value / se, for the normal method only (zero spread has no z)."""
        return self.value / self.se if self.method == NORMAL else None

    @property
    def p(self) -> float | None:
        """Two-sided p-value of the test of value = 0: the normal test, or the exact one
        for a bounded figure that never varied (None when it never varied from 0: there
        is no difference to test)."""
        method = self.method
        if method == NORMAL:
            return math.erfc(abs(self.z) / math.sqrt(2))
        if method != EXACT or self.value == 0:
            return None
        low, high = self.bounds
        d = self.value
        # a mean of 0 needs at least a share d/(d − low) of games below d (above, for d < 0)
        rest = (-low / (d - low)) if d > 0 else (high / (high - d))
        return min(1.0, 2 * max(0.0, rest) ** self.n)

    def interval(self, z: float = Z95) -> tuple[float, float]:
        method = self.method
        if method == NORMAL:
            return (self.value - z * self.se, self.value + z * self.se)
        if method != EXACT:
            return (math.nan, math.nan)
        share = differing_share(self.n, math.erfc(z / math.sqrt(2)) / 2)
        low, high = self.bounds
        return (self.value - share * (self.value - low), self.value + share * (high - self.value))

    def equivalence_p(self, margin: float) -> float | None:
        """The p-value of the equivalence test (two one-sided tests, TOST) that the true
        value lies within ±margin: small when the estimate is surely inside."""
        method = self.method
        if method == NORMAL:
            low = (self.value + margin) / self.se
            high = (margin - self.value) / self.se
            return max(1 - NormalDist().cdf(low), 1 - NormalDist().cdf(high))
        if method != EXACT:
            return None
        d, (low, high) = self.value, self.bounds
        if abs(d) >= margin:
            return 1.0
        # a mean beyond +margin needs a share (margin − d)/(high − d) of games above d
        above = 0.0 if high <= margin else (1 - (margin - d) / (high - d)) ** self.n
        below = 0.0 if low >= -margin else (1 - (margin + d) / (d - low)) ** self.n
        return max(above, below)


def differing_share(n: int, alpha: float) -> float:
    """The most a share of games could differ from the rest when none of n did, at
    one-sided level α: Clopper–Pearson's 1 − α^(1/n)."""
    return 1 - alpha ** (1 / n)


def _bounds(weights: Sequence[float], ranges: Sequence[tuple[int, int]] | None):
    """The range of Σ wᵢ·xᵢ when each xᵢ lies in ranges[i] (None: unknown)."""
    if ranges is None:
        return None
    low = sum(min(w * a, w * b) for w, (a, b) in zip(weights, ranges, strict=False))
    high = sum(max(w * a, w * b) for w, (a, b) in zip(weights, ranges, strict=False))
    return (low, high)


# A combination's variance this small beside the terms it sums is cancellation, not
# spread: the per-game figures are integers, so a true spread is never that small.
CANCELLED = 1e-9


@dataclass
class Joint:
    """`dim` integer figures per game: the count of games, each figure's sum and every
    pairwise sum of products (row-major), exact and mergeable."""

    dim: int
    n: int = 0
    sums: list[int] = field(default_factory=list)
    products: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.sums = self.sums or [0] * self.dim
        self.products = self.products or [0] * (self.dim * self.dim)

    def add(self, values: Sequence[int]) -> None:
        self.n += 1
        dim, sums, products = self.dim, self.sums, self.products
        for i, a in enumerate(values):
            if a:
                sums[i] += a
                row = i * dim
                for j, b in enumerate(values):
                    products[row + j] += a * b

    def merge(self, other: Joint) -> None:
        self.n += other.n
        self.sums = [a + b for a, b in zip(self.sums, other.sums, strict=True)]
        self.products = [a + b for a, b in zip(self.products, other.products, strict=True)]

    def mean(self, i: int) -> float:
        return self.sums[i] / self.n if self.n else math.nan

    def covariance(self, i: int, j: int) -> float:
        """The sample covariance of figures i and j (the variance when i == j), from exact
        integer sums: n·Σxy − Σx·Σy is computed in integers before the one division."""
        n = self.n
        exact = n * self.products[i * self.dim + j] - self.sums[i] * self.sums[j]
        return exact / (n * (n - 1))

    def combination(self, weights: Sequence[float], groups: Sequence[int] | None = None,
                    ranges: Sequence[tuple[int, int]] | None = None) -> Estimate:
        """Σ wᵢ·mean(xᵢ) with the standard error of the per-game combination (paired).
        With `groups` (the deck each figure comes from), figures of different groups are
        treated as independent — the unpaired error, as if each deck had played its own
        seeds. Figures past the end of `weights` weigh 0. `ranges`: the range of each
        figure in one game, for the exact method when the combination never varies."""
        weights = list(weights) + [0.0] * (self.dim - len(weights))
        if self.n == 0:
            return Estimate(math.nan, None)
        value = sum(w * s for w, s in zip(weights, self.sums, strict=True)) / self.n
        if self.n < 2:
            return Estimate(value, None, self.n)
        variance = size = 0.0
        for i, wi in enumerate(weights):
            for j, wj in enumerate(weights):
                if wi and wj and (groups is None or groups[i] == groups[j]):
                    term = wi * wj * self.covariance(i, j)
                    variance += term
                    size += abs(term)
        if variance <= CANCELLED * size:
            variance = 0.0
        return Estimate(value, math.sqrt(variance / self.n), self.n,
                        _bounds(weights, ranges))

    def ratio_difference(self, first: tuple[int, int], second: tuple[int, int],
                         groups: Sequence[int] | None = None) -> Estimate:
        """Σk₁/Σm₁ − Σk₂/Σm₂ for figures (k₁, m₁) and (k₂, m₂), games as clusters: the
        delta method linearises each ratio around its value (gradient 1/m̄ for k, −R/m̄
        for m), so the error is that of a combination with those weights."""
        (k1, m1), (k2, m2) = first, second
        if not self.sums[m1] or not self.sums[m2]:
            return Estimate(math.nan, None)
        r1 = self.sums[k1] / self.sums[m1]
        r2 = self.sums[k2] / self.sums[m2]
        mean1, mean2 = self.mean(m1), self.mean(m2)
        weights = [0.0] * self.dim
        weights[k1] += 1 / mean1
        weights[m1] -= r1 / mean1
        weights[k2] -= 1 / mean2
        weights[m2] += r2 / mean2
        spread = self.combination(weights, groups)  # the linearised difference, mean ~0
        return Estimate(r1 - r2, spread.se, self.n)
