"""`pnp/simulate/stats.py`: interval maths against published values, exact streaming merges."""

from __future__ import annotations

import math
import random

import pytest

from pnp.simulate.stats import (
    Histogram,
    Moments,
    Rate,
    Ratio,
    mean_interval,
    rate_difference,
    wilson,
)


@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (5, 10, 0.2366, 0.7634),   # the textbook example
    (0, 10, 0.0, 0.2775),      # no successes: the interval still has width
    (10, 10, 0.7225, 1.0),
    (81, 263, 0.2553, 0.3662),
    (0, 20, 0.0, 0.1611),
])
def test_wilson_interval_matches_published_values(k, n, low, high):
    got = wilson(k, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_with_no_trials_is_the_whole_range():
    assert wilson(0, 0) == (0.0, 1.0)


def test_newcombe_difference_of_rates():
    # Newcombe (1998), example (a): 56/70 against 48/80
    d, low, high = rate_difference(56, 70, 48, 80)
    assert d == pytest.approx(0.2)
    assert (low, high) == pytest.approx((0.0524, 0.3339), abs=5e-5)


def test_mean_interval_of_one_to_ten():
    xs = range(1, 11)
    mean, low, high = mean_interval(10, sum(xs), sum(x * x for x in xs))
    sd = math.sqrt(sum((x - 5.5) ** 2 for x in xs) / 9)
    assert mean == 5.5
    assert high - mean == pytest.approx(1.959964 * sd / math.sqrt(10), rel=1e-6)
    assert (low, high) == pytest.approx((3.6235, 7.3765), abs=5e-5)


def test_ratio_interval_is_the_delta_method():
    rng = random.Random(3)
    pairs = [(rng.randint(100, 600), rng.randint(8, 20)) for _ in range(50)]
    ratio = Ratio()
    for x, y in pairs:
        ratio.add(x, y)
    r, low, high = ratio.interval()
    sx, sy = sum(x for x, _ in pairs), sum(y for _, y in pairs)
    assert r == pytest.approx(sx / sy)
    residuals = [x - r * y for x, y in pairs]
    var = sum(e * e for e in residuals) / 49
    half = 1.959964 * math.sqrt(var / 50) / (sy / 50)
    assert high - r == pytest.approx(half, rel=1e-6) and r - low == pytest.approx(half, rel=1e-6)


def test_merging_in_any_order_gives_identical_sums():
    rng = random.Random(5)
    values = [rng.randint(0, 600) for _ in range(1000)]
    whole, a, b = Moments(), Moments(), Moments()
    hist_whole, hist_a, hist_b = Histogram(), Histogram(), Histogram()
    for i, v in enumerate(values):
        whole.add(v)
        hist_whole.add(v)
        (a if i % 3 else b).add(v)
        (hist_a if i % 3 else hist_b).add(v)
    b.merge(a)
    hist_b.merge(hist_a)
    assert b == whole and hist_b.counts == hist_whole.counts
    assert hist_whole.moments() == whole
    assert hist_whole.quantile(0.5) == sorted(values)[499]


def test_rate_value_and_interval():
    rate = Rate()
    for outcome in (True, False, True, True):
        rate.add(outcome)
    assert (rate.k, rate.n, rate.value) == (3, 4, 0.75)
    assert rate.interval() == wilson(3, 4)
    assert math.isnan(Rate().value)
