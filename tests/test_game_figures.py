"""Game-level figures (issue 19, item 9): seat balance, length and decisiveness, with
intervals — against hand-worked numbers, and watched games that are the same games."""

from __future__ import annotations

import math

import pytest

from pnp.games import engine as eng
from pnp.games.engine import Outcome
from pnp.games.gamedata import load_content
from pnp.games.majority2 import bots as m2bots
from pnp.games.majority2 import engine as m2
from pnp.simulate.figures import decisiveness, distribution, seat_balance
from pnp.simulate.plan import Request, plan_simulation
from pnp.simulate.report import summarise
from pnp.simulate.run import run
from pnp.simulate.standing import Trace, play_watched
from pnp.simulate.stats import Histogram


def test_the_start_players_advantage_from_win_counts():
    """60 and 40 sole wins in 100 games: seat 1 is 20 points ahead of seat 2; each game is
    +1 or −1, so the sample variance is (100·100 − 20²)/(100·99) and the error its root
    over 100."""
    found = seat_balance([60, 40], 100)
    first = found["start_player_advantage"]
    se = math.sqrt((100 * 100 - 20 ** 2) / (100 * 99) / 100)
    assert first["difference"] == pytest.approx(0.2)
    assert first["high"] - first["difference"] == pytest.approx(1.959964 * se, rel=1e-6)
    assert first["p"] == pytest.approx(math.erfc(0.2 / se / math.sqrt(2)))
    assert [a["value"] for a in found["advantage"]] == pytest.approx([0.1, -0.1])


def test_three_seats_measure_against_the_others():
    """Seat 1 wins 50 of 90 games, seats 2 and 3 20 each: seat 1's rate 0.556 against the
    others' mean 0.222 is +0.333; its advantage over the equal share is 0.556 − 1/3."""
    found = seat_balance([50, 20, 20], 90)
    assert found["start_player_advantage"]["difference"] == pytest.approx(50 / 90 - 20 / 90)
    assert found["advantage"][0]["value"] == pytest.approx(50 / 90 - 1 / 3)


def test_the_median_interval_is_by_order_statistics():
    """Values 1..100: ranks 50 ∓ 9.8 → the 40th and the 61st values."""
    hist = Histogram()
    for v in range(1, 101):
        hist.add(v)
    found = distribution(hist)
    assert (found["median"], found["median_low"], found["median_high"]) == (50, 40, 61)
    assert found["quartiles"] == [25, 75]


def test_late_lead_changes_count_only_the_last_third_and_the_final_scores():
    trace = Trace(lambda st: st)
    for look in ((1, (3, 3)), (5, (2, 4)), (8, (6, 4)), (9, (5, 5))):
        trace.look(look)
    # leaders: tie, seat 1 (round 5, not late), seat 0 (round 8 > 6: a change), tie,
    # then the final scores: seat 1 wins (a second change)
    assert trace.late_changes(Outcome((10, 12), (1,), None, "factions", 9)) == 2
    assert trace.late_changes(Outcome((12, 10), (0,), None, "factions", 9)) == 1


def test_decisiveness_counts_games_with_a_late_change():
    margins, late = Histogram(), Histogram()
    for m, c in ((3, 0), (0, 2), (7, 1), (1, 0)):
        margins.add(m)
        late.add(c)
    found = decisiveness(margins, late)
    assert found["margin"]["mean"] == pytest.approx(2.75)
    assert found["late_lead_changes"]["games_with_a_change"]["count"] == 2
    assert found["late_lead_changes"]["mean"] == pytest.approx(0.75)
    assert decisiveness(margins, Histogram())["late_lead_changes"] is None


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_a_watched_game_is_the_same_game(bot):
    cfg = m2.make_config(load_content("majority2"))
    player = m2bots.BOTS[bot]({})
    for seed in range(4 if bot == "greedy" else 20):
        usual = eng.play(m2.ENGINE, cfg, [player, player], seed)
        watched, trace = play_watched(m2.ENGINE, "majority2", cfg, [player, player], seed)
        assert watched.actions == usual.actions and watched.outcome == usual.outcome
        assert [r for r, _ in trace.seen] == list(range(trace.seen[0][0],
                                                        usual.outcome.rounds + 1))


@pytest.mark.parametrize(("game", "bots"), [("majority-rules", "keep-high"),
                                             ("d20-stacks", "steal"), ("majority", "vote")])
def test_every_game_reports_its_figures(game, bots):
    plan = plan_simulation(Request(game, games=30, bots=[bots]))
    v = summarise(plan, run(plan, jobs=1))["variants"][0]
    assert v["seat_balance"]["start_player_advantage"]["p"] is not None
    late = v["decisiveness"]["late_lead_changes"]
    assert late is not None and late["games_with_a_change"]["of"] == 30
    assert v["decisiveness"]["margin"]["min"] >= 0
    assert v["rounds"]["median_low"] <= v["rounds"]["median"] <= v["rounds"]["median_high"]
