"""`pnp simulate GAME --ladder ismcts`: the rungs, the round robin, the Elo fit."""

from __future__ import annotations

import json
import math
import re

import pytest

from pnp.simulate import ladder, rating

# --- the Bradley–Terry fit --------------------------------------------------------------

def test_two_bots_75_to_25_are_about_190_elo_apart():
    """From the data alone: 400·log10(75/25) Elo, and a standard error of
    400/ln 10 / sqrt(100·p·(1−p)) at p = 0.75 (no virtual games)."""
    fitted = rating.fit(2, [rating.Result(0, 1, 75, 100)], anchor=1)
    assert fitted[0].elo == pytest.approx(400 * math.log10(3), abs=1e-3)
    assert fitted[0].se == pytest.approx(rating.ELO / math.sqrt(100 * 0.75 * 0.25), rel=1e-4)
    assert fitted[1].elo == 0 and fitted[1].se is None and fitted[0].bound is None
    assert fitted[0].low < fitted[0].elo < fitted[0].high


def test_a_clean_sweep_is_a_bound_from_the_data():
    """80–0 has no finite maximum likelihood; the profile-likelihood 95 % bound solves
    −2·80·log p = 3.84: p = e^(−3.84/160), at least 646 Elo (the loser at most −646)."""
    p = math.exp(-rating.DEVIANCE95 / 160)
    expected = 400 * math.log10(p / (1 - p))
    winner = rating.fit(2, [rating.Result(0, 1, 80, 80)], anchor=1)[0]
    loser = rating.fit(2, [rating.Result(0, 1, 0, 80)], anchor=1)[0]
    assert (winner.bound, loser.bound) == ("at least", "at most")
    assert winner.elo == pytest.approx(expected, abs=0.05) and round(expected) == 646
    assert loser.elo == pytest.approx(-expected, abs=0.05)
    assert winner.high == math.inf and loser.low == -math.inf


def test_a_sweep_bound_does_not_depend_on_the_vanishing_virtual_games(monkeypatch):
    """Random loses every game to three bots that beat each other some of the time: the
    three keep finite ratings with intervals, random gets "at most"; a thousandfold change
    of the weight that keeps the arithmetic finite moves no figure by 0.01 Elo."""
    results = [rating.Result(0, 1, 30, 50), rating.Result(0, 2, 35, 50),
               rating.Result(1, 2, 28, 50), rating.Result(0, 3, 50, 50),
               rating.Result(1, 3, 50, 50), rating.Result(2, 3, 50, 50)]
    fitted = rating.fit(4, results, anchor=2)
    assert [r.bound for r in fitted] == [None, None, None, "at most"]
    assert fitted[0].elo > fitted[1].elo > 0 > fitted[3].elo and fitted[0].se > 0
    monkeypatch.setattr(rating, "TINY", rating.TINY / 1000)
    again = rating.fit(4, results, anchor=2)
    for old, new in zip(fitted, again, strict=True):
        assert new.elo == pytest.approx(old.elo, abs=0.01)


def test_equal_bots_rate_equal():
    results = [rating.Result(0, 1, 25, 50), rating.Result(0, 2, 40, 50),
               rating.Result(1, 2, 40, 50)]
    fitted = rating.fit(3, results, anchor=2)
    assert fitted[0].elo == pytest.approx(fitted[1].elo, abs=1e-6)


# --- seats ------------------------------------------------------------------------------

def test_seats_alternate_game_by_game():
    assert ladder.lineup(0, 1, 2, 0) == [0, 1]
    assert ladder.lineup(0, 1, 2, 1) == [1, 0]
    assert ladder.lineup(3, 5, 3, 0) == [3, 5, 3]
    assert ladder.lineup(3, 5, 3, 1) == [5, 3, 5]


# --- the command ------------------------------------------------------------------------

def _ladder(cli, *extra):
    return cli("simulate", "d20-stacks", "--ladder", "ismcts", "--rungs", "1-2",
               "--games", "6", "--json", *extra)


@pytest.mark.slow
def test_the_ladder_reports_rungs_ratings_and_pairings(cli, tmp_path):
    result = _ladder(cli, "--jobs", "1", "--report", str(tmp_path / "r"))
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["budgets"] == [2, 4] and summary["baseline"] == "spread"
    bots = [r["bot"] for r in summary["ratings"]]
    assert bots == ["ismcts(iterations=2)", "ismcts(iterations=4)", "spread", "random"]
    assert len(summary["pairings"]) == 6 and summary["games"] == 36
    first, second = summary["rungs"]
    assert first["vs_half"] is None and second["vs_half"]["against"] == bots[0]
    assert second["vs_baseline"]["against"] == "spread"
    for p in summary["pairings"]:
        assert p["wins"] + p["losses"] + p["shared"] == p["games"] == 6
        assert p["low"] <= p["rate"] <= p["high"]
    assert summary["ratings"][2] == {"bot": "spread", "elo": 0.0, "bound": None, "low": None,
                                     "high": None, "se": None, "games": 18}
    assert summary["ratings"][3]["elo"] < 0  # spread beats random
    page = (tmp_path / "r" / "index.html").read_text("utf-8")
    assert "Elo ratings" in page and "ladder-elo.svg" in page
    assert (tmp_path / "r" / "ladder-rungs.svg").stat().st_size > 1000
    assert json.loads((tmp_path / "r" / "summary.json").read_text("utf-8")) == summary


@pytest.mark.slow
def test_the_numbers_do_not_depend_on_the_jobs(cli):
    one, two = _ladder(cli, "--jobs", "1"), _ladder(cli, "--jobs", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout


def test_the_table_shows_rungs_and_elo(cli):
    result = cli("simulate", "majority-rules", "--ladder", "ismcts", "--rungs", "1",
                 "--games", "2", "--jobs", "1")
    assert result.exit_code == 0, result.stderr
    assert "ismcts ladder at 2 iterations" in result.stdout
    assert "vs keep-high" in result.stdout
    assert re.search(r"\nkeep-high +0 \(anchor\) +4\n", result.stdout)
    assert "Bradley–Terry" in result.stdout


@pytest.mark.parametrize("args, message", [
    (["--ladder", "random"], "--ladder: random has no 'iterations' budget"),
    (["--ladder", "nobody"], "--ladder: 'nobody' is not a bot of d20-stacks"),
    (["--ladder", "ismcts", "--rungs", "5-2"], "--rungs: '5-2': expected K or K-K"),
    (["--ladder", "ismcts", "--rungs", "x"], "--rungs: 'x': expected K or K-K"),
    (["--ladder", "ismcts", "--rungs", "40"], "--rungs: '40': expected K or K-K"),
    (["--rungs", "2-3"], "--rungs: goes with --ladder BOT"),
    (["--ladder", "ismcts", "--bots", "steal"], "--bots: does not go with --ladder"),
    (["--ladder", "ismcts", "--bot-option", "ismcts.iterations=8"],
     "the ladder sets the budget; choose it with --rungs"),
    (["--ladder", "ismcts", "--bot-option", "ismcts.rollout=x"],
     "--bot-option: ismcts.rollout=x: expected one of: random, greedy"),
    (["--ladder", "ismcts", "--players", "9"], "--players: D20 Stacks is played by 2 to 4"),
    (["--ladder", "ismcts", "--games", "0"], "--games: expected 1 to"),
])
def test_bad_ladder_options_exit_2(cli, args, message):
    result = cli("simulate", "d20-stacks", *args)
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr
