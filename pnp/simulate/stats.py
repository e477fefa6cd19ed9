"""Streaming statistics for simulations: accumulators that merge, and 95 % intervals.

A simulation adds one game at a time and never keeps the games, so memory does not grow
with their number: each accumulator holds a few sums. The sums are integers wherever the
observations are (scores, rounds, counts), which makes merging exact and independent of
the order chunks finish in — the same seed gives the same numbers on one core or fifty.

Intervals (two-sided, 95 % by default):
- a rate k/n: the Wilson score interval, which stays inside [0, 1] and behaves at 0 or n
  successes and small n, where the normal "p ± 1.96·√(p(1−p)/n)" fails;
- a mean: the normal interval mean ± z·s/√n with the sample standard deviation s (none
  from one observation or observations that are all equal: a zero-width interval would
  claim certainty from no spread);
- a ratio of sums Σx/Σy (points per round over whole games): the delta-method interval,
  treating each game as one observation of the pair (x, y);
- a difference of two rates: Newcombe's hybrid score interval from the two Wilson intervals.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of the rate k/n; (0, 1) when there is nothing to go on."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if k <= 0 else max(0.0, centre - half)  # exact ends, not rounding noise
    high = 1.0 if k >= n else min(1.0, centre + half)
    return (low, high)


def rate_difference(k1: int, n1: int, k2: int, n2: int,
                    z: float = Z95) -> tuple[float, float, float]:
    """(p1 − p2, low, high): Newcombe's hybrid score interval for a difference of rates."""
    p1 = k1 / n1 if n1 else 0.0
    p2 = k2 / n2 if n2 else 0.0
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    return (d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
            d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def mean_interval(n: int, total: float, squares: float,
                  z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high) from the count, sum and sum of squares of the observations."""
    if n <= 0:
        return (math.nan, math.nan, math.nan)
    mean = total / n
    spread = n * squares - total * total  # exact in integers: 0 when every value is equal
    if n == 1 or spread <= 0:  # one value, or no spread: no interval (never a zero-width one)
        return (mean, math.nan, math.nan)
    half = z * math.sqrt(spread / (n * n * (n - 1)))
    return (mean, mean - half, mean + half)


@dataclass
class Rate:
    """Successes out of trials."""

    k: int = 0
    n: int = 0

    def add(self, success: bool) -> None:
        self.k += bool(success)
        self.n += 1

    def merge(self, other: Rate) -> None:
        self.k += other.k
        self.n += other.n

    @property
    def value(self) -> float:
        return self.k / self.n if self.n else math.nan

    def interval(self) -> tuple[float, float]:
        return wilson(self.k, self.n)


@dataclass
class Moments:
    """Count, sum and sum of squares of observations: their mean and its interval."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, x: int, times: int = 1) -> None:
        self.n += times
        self.total += x * times
        self.squares += x * x * times

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    def interval(self, scale: float = 1.0) -> tuple[float, float, float]:
        """(mean, low, high), each divided by `scale` (for observations kept as scaled
        integers so that sums stay exact)."""
        mean, low, high = mean_interval(self.n, self.total, self.squares)
        return (mean / scale, low / scale, high / scale)


@dataclass
class Ratio:
    """Pairs (x, y) per observation — a game's points and its rounds — and Σx/Σy."""

    n: int = 0
    x: int = 0
    y: int = 0
    xx: int = 0
    yy: int = 0
    xy: int = 0

    def add(self, x: int, y: int) -> None:
        self.n += 1
        self.x += x
        self.y += y
        self.xx += x * x
        self.yy += y * y
        self.xy += x * y

    def merge(self, other: Ratio) -> None:
        for name in ("n", "x", "y", "xx", "yy", "xy"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def interval(self, z: float = Z95) -> tuple[float, float, float]:
        """(Σx/Σy, low, high) by the delta method: var(R) ≈ s²(x − R·y) / (n·ȳ²)."""
        if self.n == 0 or self.y == 0:
            return (math.nan, math.nan, math.nan)
        r = self.x / self.y
        n = self.n
        # Σ(x − r·y)² expanded, then the sample variance of the residuals (their mean is 0);
        # in integers first (y·Σ(x − r·y)²·y = Σx²·y² − 2·Σxy·x·y + Σy²·x², y = Σy, x = Σx)
        exact = self.xx * self.y ** 2 - 2 * self.xy * self.x * self.y + self.yy * self.x ** 2
        if n == 1 or exact <= 0:  # one game, or every game at the same ratio: no interval
            return (r, math.nan, math.nan)
        variance = exact / self.y ** 2 / (n - 1)
        y_mean = self.y / n
        half = z * math.sqrt(variance / n) / y_mean
        return (r, r - half, r + half)


@dataclass
class Histogram:
    """How often each integer value occurred (bounded by the range of values, not by the
    number of observations), with the moments of the values."""

    counts: Counter = field(default_factory=Counter)

    def add(self, value: int) -> None:
        self.counts[value] += 1

    def merge(self, other: Histogram) -> None:
        self.counts.update(other.counts)

    def moments(self) -> Moments:
        m = Moments()
        for value, times in self.counts.items():
            m.add(value, times)
        return m

    def order_statistic(self, rank: int) -> int | None:
        """The rank-th smallest observation (1-based)."""
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if seen >= rank:
                return value
        return None

    def quantile(self, q: float) -> int | None:
        """The smallest value with at least a fraction q of the observations at or below."""
        total = sum(self.counts.values())
        if not total:
            return None
        need = q * total
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if seen >= need:
                return value
        return max(self.counts)
