"""Paired figures (pnp/simulate/joint.py): hand-worked paired and unpaired errors, the
delta-method ratio difference, exact merges, and the z and p of an estimate."""

from __future__ import annotations

import math
import random

import pytest

from pnp.simulate.joint import Estimate, Joint

X = [1, 2, 3, 4, 5]
Y = [2, 2, 4, 4, 6]  # moves with X: the differences vary far less than either


def _joint(*columns) -> Joint:
    joint = Joint(len(columns))
    for values in zip(*columns, strict=True):
        joint.add(values)
    return joint


def test_paired_and_unpaired_errors_on_a_known_case():
    """d = x − y = −1, 0, −1, 0, −1: mean −0.6, sample variance 0.3, so the paired error
    is √(0.3/5) = 0.2449; unpaired: var x = 2.5, var y = 2.8, √(5.3/5) = 1.0296. Pairing
    makes the interval 76 % narrower."""
    joint = _joint(X, Y)
    paired = joint.combination((1, -1))
    unpaired = joint.combination((1, -1), groups=(0, 1))
    assert paired.value == pytest.approx(-0.6) and unpaired.value == pytest.approx(-0.6)
    assert paired.se == pytest.approx(math.sqrt(0.06))
    assert unpaired.se == pytest.approx(math.sqrt(1.06))
    assert 1 - paired.se / unpaired.se == pytest.approx(0.7621, abs=1e-4)


def test_identical_figures_give_a_zero_difference_with_no_spread():
    """Every game the same difference: no z, no p, no interval (see test_zero_spread.py)."""
    joint = _joint(X, X)
    same = joint.combination((1, -1))
    assert (same.value, same.se, same.z, same.p, same.method) == \
        (0.0, 0.0, None, None, "no information")


def test_ratio_difference_is_the_linearised_mean():
    """Σk₁/Σm₁ − Σk₂/Σm₂, its error that of the per-game residuals
    (k₁ − R₁m₁)/m̄₁ − (k₂ − R₂m₂)/m̄₂."""
    rng = random.Random(3)
    rows = []
    for _ in range(200):
        m1, m2 = rng.randint(0, 3), rng.randint(0, 3)
        rows.append((rng.randint(0, m1), m1, rng.randint(0, m2), m2))
    joint = _joint(*zip(*rows, strict=True))
    k1, m1, k2, m2 = (sum(col) for col in zip(*rows, strict=True))
    r1, r2 = k1 / m1, k2 / m2
    n = len(rows)
    residuals = [(a - r1 * b) / (m1 / n) - (c - r2 * d) / (m2 / n) for a, b, c, d in rows]
    mean = sum(residuals) / n
    var = sum((e - mean) ** 2 for e in residuals) / (n - 1)
    found = joint.ratio_difference((0, 1), (2, 3))
    assert found.value == pytest.approx(r1 - r2)
    assert found.se == pytest.approx(math.sqrt(var / n))


def test_merging_chunks_gives_the_same_sums():
    rng = random.Random(7)
    rows = [(rng.randint(-5, 9), rng.randint(0, 4), rng.randint(0, 1)) for _ in range(500)]
    whole, parts = Joint(3), [Joint(3) for _ in range(4)]
    for i, row in enumerate(rows):
        whole.add(row)
        parts[i % 4].add(row)
    merged = Joint(3)
    for part in parts:
        merged.merge(part)
    assert merged == whole


def test_estimate_z_p_interval_and_equivalence():
    e = Estimate(0.5, 0.25)
    assert e.z == 2.0 and e.p == pytest.approx(0.0455, abs=1e-4)
    assert e.interval(1.96) == pytest.approx((0.01, 0.99))
    assert Estimate(1.0, 0.0).z is None and Estimate(1.0, 0.0).p is None  # no spread
    assert Estimate(math.nan, None).p is None
    # TOST: inside ±1 by 2 standard errors on the near side → p = 1 − Φ(2) = 0.0228
    assert Estimate(0.0, 0.5).equivalence_p(1.0) == pytest.approx(0.02275, abs=1e-5)
    assert Estimate(0.9, 0.5).equivalence_p(1.0) > 0.4
