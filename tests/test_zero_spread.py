"""No verdict from zero spread: a comparison whose games all gave the same difference is
judged exactly where its figure is bounded (restricted play, the start player's
advantage) and not at all otherwise (VP per copy, scorer wins) — never a zero-width
interval, a p-value of 1 or an infinite z — and a sequential run cannot stop on it without
an exact reason. Synthetic per-game data, every path that can meet zero spread."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.simulate.compare import NO_COMPARISON, comparison, correct_family, equivalence_p
from pnp.simulate.figures import seat_balance
from pnp.simulate.joint import Estimate, Joint, differing_share
from pnp.simulate.plan import Margins
from pnp.simulate.report import text_report
from pnp.simulate.restricted import POINTS
from pnp.simulate.sequential import _decide
from pnp.simulate.targets import Band, _row
from pnp.simulate.tune import _decide as tune_decide

MARGINS = Margins(0.02, 0.1)


def _joint(rows) -> Joint:
    joint = Joint(len(rows[0]))
    for row in rows:
        joint.add(row)
    return joint


def _never_fake(test: dict) -> None:
    """What zero spread must never give."""
    assert test["low"] is None or test["high"] > test["low"]
    assert test["p"] != 1.0 and test["z"] is None
    assert test["method"] in ("exact", "no information")


@given(st.integers(0, 6), st.integers(0, 6), st.integers(2, 60))
def test_vp_per_copy_that_never_varies_has_no_interval_and_no_test(promo, base, games):
    """VP has no bound per game: all-equal differences (zero or not) carry no
    information — no interval, no p, no z, out of the family."""
    test = comparison(_joint([(promo, base)] * games).combination((1, -1)))
    _never_fake(test)
    assert (test["method"], test["low"], test["high"], test["p"]) == \
        ("no information", None, None, None)
    assert test["difference"] == promo - base


def test_a_restricted_drop_that_never_varies_is_judged_exactly():
    """200 games, the seat always winning when free and always losing when barred: the
    drop is exactly 1 in every game. A mean of 0 would need half the games at −1 or
    below, so the exact two-sided p is 2·(1/2)²⁰⁰; the interval runs down from 1 by at
    most 2 × the share of games that could differ unseen."""
    joint = _joint([(2, 0)] * 200)
    test = comparison(joint.combination((0.5, -0.5), ranges=POINTS))
    _never_fake(test)
    share = differing_share(200, 0.025)
    assert test["method"] == "exact" and test["p"] == pytest.approx(2 * 0.5 ** 200)
    assert (test["low"], test["high"]) == pytest.approx((1 - 2 * share, 1.0))
    # all zero: nothing to test, an interval of ± the share, equivalence only once the
    # share is inside the margin (a copy played alike in every game)
    same = comparison(_joint([(1, 1)] * 200).combination((0.5, -0.5), ranges=POINTS))
    assert same["p"] is None and same["low"] == pytest.approx(-share)
    assert equivalence_p(same, 0.02) == pytest.approx((1 - 0.02) ** 200)
    assert equivalence_p(same, 0.001) == pytest.approx((1 - 0.001) ** 200)


def test_a_tiny_variance_left_by_rounding_is_zero_spread():
    """Weights of 1/3 (VP per copy with three copies) leave a variance of ~1e-17 where
    every game gave the same difference: not a z of 10⁸."""
    joint = _joint([(3, 3, 1, 1)] * 97 + [(6, 6, 2, 2)] * 3)
    third = 1 / 3
    estimate = joint.combination((third, -third, third, -third))
    assert estimate.se == 0.0 and estimate.z is None and estimate.p is None


def test_a_ratio_difference_of_identical_games_has_no_information():
    """The scorer's win rate of a copy in games played alike: no spread, no test."""
    joint = _joint([(1, 2, 1, 2), (0, 1, 0, 1), (2, 3, 2, 3)] * 30)
    test = comparison(joint.ratio_difference((0, 1), (2, 3)))
    _never_fake(test)
    assert test["method"] == "no information"


@pytest.mark.parametrize("seat_wins", [[300, 0], [0, 300], [0, 0]])
def test_the_start_players_advantage_at_100_or_0_percent(seat_wins):
    """Seat 1 winning every game (or none, or every game shared): an exact interval and
    test, never ±inf or a zero-width interval."""
    advantage = seat_balance(seat_wins, 300)["start_player_advantage"]
    _never_fake(advantage)
    assert advantage["method"] == "exact"
    if seat_wins == [300, 0]:
        assert advantage["p"] == pytest.approx(2 * 0.5 ** 300) and advantage["high"] == 1.0
    if seat_wins == [0, 0]:
        assert advantage["p"] is None and advantage["low"] < 0 < advantage["high"]


def test_until_decided_cannot_stop_on_zero_spread():
    """A VP comparison with no spread is neither different nor equivalent, at any look;
    the restricted-play copy becomes equivalent only when its exact interval fits the
    margin: at ±2 points in a look spending all of α = 0.05, once (1 − 0.01)ⁿ ≤ 0.05,
    n ≥ 299 games (a difference of two drops lies in [−2, 2])."""
    flat_vp = comparison(_joint([(2, 2)] * 5000).combination((1, -1)))
    copy_few = comparison(_joint([(1, 1, 1, 1)] * 200).combination(
        (0.5, -0.5, -0.5, 0.5), ranges=POINTS * 2))
    copy_many = comparison(_joint([(1, 1, 1, 1)] * 800).combination(
        (0.5, -0.5, -0.5, 0.5), ranges=POINTS * 2))
    decided: dict = {}
    _decide([("vp", "vp", flat_vp), ("few", "rate", copy_few), ("many", "rate", copy_many)],
            "holm", 0.05, MARGINS, 5000, decided)
    assert decided == {"many": ("equivalent", 5000)}
    tune_decided: dict = {}
    tune_decide([(1, "one", flat_vp)], 0.05, "holm", 0.1, 5000, tune_decided)
    assert tune_decided == {}


def test_the_report_says_no_spread():
    flat = comparison(_joint([(2, 2)] * 100).combination((1, -1)))
    summary = {"game": "majority2", "games": 100, "seed": 1, "players": 2, "bots": ["random"],
               "seats": "rotate", "rules": {}, "variants": [], "blank_cards": [],
               "promos": [{"promo": "p", "variant": "p", "replaces": "b", "games": 100,
                           "vp_per_copy": {**NO_COMPARISON, "promo": 2.0, "base": 2.0,
                                           **flat},
                           "scorer_win_rate": {"promo": None, "base": None,
                                               **NO_COMPARISON}}]}
    correct_family(summary, "holm", 0.05, MARGINS)
    text = text_report(summary)
    row = text.split("\n")[5]
    assert "+0.00 (no spread)" in row and row.count("no spread") == 2
    assert "p: no clear difference; it never varied, so what was missed has no size yet." \
        in text
    assert summary["promos"][0]["verdict"] == "no clear difference"


def test_a_target_band_fails_a_figure_with_no_interval():
    band = Band("$.bands[0]", "promo_vp_difference", None, "each", "each", None, -0.1, 0.1,
                "interval")
    row = _row(band, "p", (0.0, None, None, 100))
    assert not row["pass"] and row["reason"] == "no interval: every game gave the same figure"


def test_an_estimate_keeps_its_normal_test_when_games_vary():
    e = Estimate(0.5, 0.25, 100)
    assert e.method == "normal" and e.z == 2.0
    assert math.isclose(e.p, math.erfc(2 / math.sqrt(2)))


def test_a_mean_with_no_spread_or_one_game_has_no_interval():
    """Descriptive means too (rounds, scores, VP per game, points per round): one game, or
    games all alike, give the mean and no interval, shown as such."""
    from pnp.simulate.formats import num
    from pnp.simulate.stats import Moments, Ratio, mean_interval

    assert all(math.isnan(v) for v in mean_interval(1, 7, 49)[1:])
    flat = Moments()
    flat.add(40, times=300)
    mean, low, high = flat.interval()
    assert mean == 40 and math.isnan(low) and math.isnan(high)
    ratio = Ratio()
    for points, rounds in [(3, 10), (6, 20), (9, 30)] * 10:  # the same 0.3 a round
        ratio.add(points, rounds)
    assert all(math.isnan(v) for v in ratio.interval()[1:])
    assert num({"mean": 40.0, "low": None, "high": None}) == "40.0 (no spread)"
