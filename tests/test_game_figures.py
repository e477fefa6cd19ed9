"""Game-level figures (issue 19, item 9): seat balance, length and decisiveness, with
intervals — against hand-worked numbers, and watched games that are the same games."""

from __future__ import annotations

import math
import random

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
from pnp.simulate.standing import Standing, Trace, leader, play_watched
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
    trace = Trace(Standing(lambda st: st))
    for look in ((1, (3, 3)), (5, (2, 4)), (8, (6, 4)), (9, (5, 5))):
        trace.look(look)
    # leaders: tie, seat 1 (round 5, not late), seat 0 (round 8 > 6: a change), tie,
    # then the final scores: seat 1 wins (a second change)
    assert trace.late_changes(Outcome((10, 12), (1,), None, "factions", 9)) == 2
    assert trace.late_changes(Outcome((12, 10), (0,), None, "factions", 9)) == 1


def _late_changes_read_at_every_look(looks, outcome) -> int:
    """The figure as it was first worked out: the leader read at every look."""
    rounds, changes, held = outcome.rounds, 0, None
    final = outcome.winners[0] if len(outcome.winners) == 1 else None
    for round_, ahead in [*((r, leader(s)) for r, s in looks), (rounds, final)]:
        if ahead is None:
            continue
        if held is not None and ahead != held and 3 * round_ > 2 * rounds:
            changes += 1
        held = ahead
    return changes


def test_the_standing_is_scored_only_where_the_figure_needs_it():
    """Scores are worked out for the last third's looks and the looks just before it back
    to the last strict leader, and the count is the one every look read gives: 2,000
    seeded games of 2 to 4 seats, ties frequent."""
    rng = random.Random(5)
    read = looked = 0
    for _ in range(2000):
        seats, rounds = rng.randint(2, 4), rng.randint(0, 30)
        looks = [(r, tuple(rng.randint(0, 3) for _ in range(seats))) for r in range(rounds)]
        scored: list = []
        trace = Trace(Standing(lambda st: st, lambda key, into=scored: into.append(key) or key))
        for look in looks:
            trace.look(look)
        best = max(rng.randint(0, 3) for _ in range(seats))
        winners = tuple(s for s in range(seats) if rng.random() < 0.5) or (0,)
        outcome = Outcome((best,) * seats, winners, None, "factions", rounds)
        assert trace.late_changes(outcome) == _late_changes_read_at_every_look(looks, outcome)
        late = sum(1 for r, _ in looks if 3 * r > 2 * rounds)
        assert late <= len(scored) <= late + sum(1 for r, _ in looks if 3 * r <= 2 * rounds)
        read, looked = read + len(scored), looked + len(looks)
    assert read < 0.5 * looked, (read, looked)


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
