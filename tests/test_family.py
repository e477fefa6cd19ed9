"""Family corrections and alpha spending (pnp/simulate/family.py) against hand-worked values."""

from __future__ import annotations

import pytest

from pnp.simulate.family import adjust, look_levels, spent

# Four p-values in report order; sorted they are 0.005, 0.01, 0.03, 0.04.
P = [0.01, 0.04, 0.03, 0.005]


def test_holm_adjusts_step_down():
    """Holm: the k-th smallest p times (m − k + 1), never below the one before it:
    0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → kept at 0.06."""
    assert adjust(P, "holm") == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_benjamini_hochberg_adjusts_step_up():
    """BH: p·m/rank, then the running minimum from the largest: 0.02, 0.02, 0.04, 0.04."""
    assert adjust(P, "bh") == pytest.approx([0.02, 0.04, 0.04, 0.02])


def test_none_leaves_p_values_alone_and_missing_tests_stay_out_of_the_family():
    assert adjust(P, "none") == P
    # None is no test: the family has two members, so Holm doubles the smaller p only.
    assert adjust([None, 0.02, 0.3], "holm") == pytest.approx([None, 0.04, 0.3])
    assert adjust([], "holm") == []


def test_adjusted_p_values_are_capped_at_one():
    assert adjust([0.6, 0.7], "holm") == [1.0, 1.0]
    assert adjust([0.6, 0.7], "bh") == pytest.approx([0.7, 0.7])


def test_obrien_fleming_spending_spends_little_early_and_alpha_at_the_end():
    """α(t) = 2 − 2Φ(1.95996/√t): 0.00557 at half the games (published tables: 0.0056)."""
    assert spent(0.05, 0.5) == pytest.approx(0.005575, abs=2e-6)
    assert spent(0.05, 1.0) == 0.05
    assert spent(0.05, 0.0) == 0.0
    levels = look_levels(0.05, [1000, 2000, 3000, 4000], 4000)
    assert sum(levels) == pytest.approx(0.05)
    assert levels == sorted(levels)  # later looks may spend more
    assert levels[0] < 0.0001


def test_benjamini_yekutieli_is_bh_over_the_harmonic_sum():
    """BY: BH's adjusted p-values times 1 + 1/2 + 1/3 + 1/4 = 2.0833 (valid under any
    dependence, which shared base games do not rule out), capped at 1."""
    c = 1 + 1 / 2 + 1 / 3 + 1 / 4
    assert adjust(P, "by") == pytest.approx([0.02 * c, 0.04 * c, 0.04 * c, 0.02 * c])
    assert adjust([0.5, 0.9], "by") == [1.0, 1.0]


def test_each_correction_keeps_false_flags_of_correlated_copies_at_alpha():
    """Ten copies compared with the same base games (their differences share the base
    game's noise: correlation 0.5): Holm flags any in at most α of 2,000 reports, and BY
    keeps the false discovery rate (all flags false here) at most α too."""
    import numpy as np

    from pnp.simulate.joint import Estimate

    rng = np.random.default_rng(35)
    flagged = {"holm": 0, "bh": 0, "by": 0}
    for _ in range(2000):
        shared = rng.normal()
        z = (rng.normal(size=10) + shared) / np.sqrt(2)
        p = [Estimate(float(v), 1.0, 100).p for v in z]
        for method in flagged:
            flagged[method] += any(q <= 0.05 for q in adjust(p, method))
    assert flagged["holm"] / 2000 <= 0.05 and flagged["by"] / 2000 <= 0.05
    assert flagged["bh"] / 2000 <= 0.06  # all null: BH's FDR is its FWER, ≈ α here
