"""Restricted play (`pnp simulate majority2 --restricted`): a seat barred from a card never
plays it whatever its bot, a card nobody can ever play is worth exactly 0, a rule-for-rule
copy of a base card is worth exactly what one copy of that card is worth, an over-strong
promo stands out, and the usual options are checked."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from pnp.games import engine as eng
from pnp.games.gamedata import load_content
from pnp.games.majority2 import bots as m2bots
from pnp.games.majority2 import engine as m2
from pnp.games.majority2.variants import barring, marked_copy
from pnp.simulate.joint import differing_share
from pnp.simulate.plan import Request, plan_simulation
from pnp.simulate.report import summarise
from pnp.simulate.restricted import barred_seat, plan_restrictions
from pnp.simulate.run import run
from tests.conftest import FIXTURES

EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"
STRONG = EXAMPLES / "majority2-overpowered-promo.json"
TWIN = FIXTURES / "majority2-twin-promo.json"


def _plays_by(cfg, actions, seat: int, card: str) -> int:
    """How often `seat` chose to Free Play or Standard Play `card` in a game's actions."""
    st, found = m2.initial_state(cfg), 0
    for action in actions:
        if st.need[0] == seat and st.need[1] in ("free", "play") and action[0] != "pass":
            found += action[1] == card
        st = m2.apply(st, action)
    return found


FAST_OPTIONS = {"mc": {"rollouts": "1", "horizon": "1"}, "ismcts": {"iterations": "8"}}


@pytest.mark.parametrize("bot", ["random", "greedy", "mc", "ismcts"])
def test_a_barred_seat_never_plays_the_card_whatever_its_bot(bot):
    """The bar is in the legal actions, so every bot obeys it — a search bot in its own
    look-ahead too; the other seat still plays the card (it is barred for one seat only)."""
    base = m2.make_config(load_content("majority2"))
    card = "witches-junior"
    barred = barring(base, card)[0]  # seat 0 barred
    player = m2bots.BOTS[bot](FAST_OPTIONS.get(bot, {}))
    games = 3 if bot in FAST_OPTIONS else 12
    other = 0
    for seed in range(games):
        actions = eng.play(m2.ENGINE, barred, [player, player], seed).actions
        assert _plays_by(barred, actions, 0, card) == 0
        other += _plays_by(barred, actions, 1, card)
    assert other > 0


def test_a_card_nobody_can_ever_play_is_worth_exactly_zero():
    """A Demons Veteran costing 41 coins (the game has 40) and barred from Free Play can
    never be played: the barred games are the usual games, seed for seed."""
    plan = plan_simulation(Request("majority2", games=120, restricted=["demons-veteran"]))
    base = plan.variants[0]
    cfg = base.config
    kind = cfg.index["demons-veteran"]
    members = list(cfg.members)
    members[kind] = replace(members[kind], cost=41, free_play=False)
    variants = (replace(base, config=replace(cfg, members=tuple(members))),)
    restricted = plan_restrictions(variants, ["demons-veteran"], [])
    plan = replace(plan, variants=variants, restricted=restricted[0])
    summary = summarise(plan, run(plan, jobs=1))
    card = summary["restricted"]["cards"][0]
    assert card["card"] == "demons-veteran" and card["games"] == 120
    # every game alike: an exact interval (no game of 120 differed, each could move the
    # mean by at most 1 win), not a zero-width one, and nothing to test
    share = differing_share(120, 0.025)
    assert (card["drop"]["difference"], card["drop"]["method"], card["drop"]["p"]) == \
        (0.0, "exact", None)
    assert (card["drop"]["low"], card["drop"]["high"]) == pytest.approx((-share, share))
    assert card["win_rate_free"] == card["win_rate_barred"]
    assert not card["drop"]["significant"]


def test_the_barred_seat_alternates_every_two_games():
    assert [barred_seat(i) for i in range(8)] == [0, 0, 1, 1, 0, 0, 1, 1]


def test_a_marked_copy_takes_the_kind_right_after_its_card():
    """Where a promo replacing the card would sit; the deck keeps its size."""
    base = m2.make_config(load_content("majority2"))
    marked = marked_copy(base, "witches-secretary")
    k = base.index["witches-secretary"]
    assert marked.ids[k + 1] == "witches-secretary~marked"
    assert marked.deck[k] + marked.deck[k + 1] == base.deck[k] and sum(marked.deck) == 60


@pytest.mark.slow
def test_a_copy_of_a_base_card_is_worth_exactly_one_copy_of_it(cli):
    """The Demons Clerk (a Demons Secretary under another id) in its deck and the marked
    Secretary in its own play the same games seed for seed: the headline difference is
    exactly 0 and the two drops are equal."""
    result = cli("simulate", "majority2", "--games", "60", "--promos", TWIN, "--restricted",
                 "--json")
    assert result.exit_code == 0, result.stderr
    row = json.loads(result.stdout)["restricted"]["promos"][0]
    assert row["promo"] == "bar-demons-clerk" and row["replaces"] == "demons-secretary"
    assert row["promo_drop"] == row["base_drop"]
    share = differing_share(60, 0.025)  # the difference of two drops lies in [-2, 2]
    assert (row["difference"]["difference"], row["difference"]["method"]) == (0.0, "exact")
    assert (row["difference"]["low"], row["difference"]["high"]) == \
        pytest.approx((-2 * share, 2 * share))
    assert row["verdict"] == "no clear difference"


@pytest.mark.slow
def test_an_over_strong_promo_stands_out_under_restricted_play():
    plan = plan_simulation(Request("majority2", games=300, seed=3, promos=[STRONG],
                                   restricted=[]))
    summary = summarise(plan, run(plan, jobs=2))
    row = summary["restricted"]["promos"][0]
    assert row["verdict"] == "stronger" and row["significant"]
    assert row["promo_drop"]["low"] > row["base_drop"]["high"]
    # seat 1, two promo figures, a headline in wins and in score margin
    assert summary["correction"]["family"] == 5


@pytest.mark.slow
def test_cards_are_ranked_and_the_numbers_do_not_depend_on_jobs():
    plan = plan_simulation(Request("majority2", games=150, seed=4,
                                   restricted=["witches-junior", "demons-veteran",
                                               "angels-aristocrat"]))
    one, two = summarise(plan, run(plan, jobs=1)), summarise(plan, run(plan, jobs=2))
    assert one == two
    cards = one["restricted"]["cards"]
    drops = [c["drop"]["difference"] for c in cards]
    assert drops == sorted(drops, reverse=True) and [c["rank"] for c in cards] == [1, 2, 3]
    assert one["correction"]["family"] == 7  # the start player, three cards twice


@pytest.mark.slow
def test_restricted_tables_in_the_terminal_and_the_page(cli, tmp_path):
    result = cli("simulate", "majority2", "--games", "20", "--promos", STRONG,
                 "--restricted", "house-witches-grand-secretary", "witches-junior",
                 "--report", tmp_path / "r")
    assert result.exit_code == 0, result.stderr
    assert "Restricted play: how much less often a seat wins" in result.stdout
    assert "Promo cards under restricted play" in result.stdout
    page = (tmp_path / "r" / "index.html").read_text()
    assert "Restricted play: what a seat loses" in page and "restricted.svg" in page
    assert "restricted-promos.svg" in page
    assert (tmp_path / "r" / "restricted.svg").stat().st_size > 1000


@pytest.mark.parametrize(("args", "message"), [
    (["majority2", "--restricted", "witches-clerk"],
     "--restricted: 'witches-clerk' is not a card of the base deck or of --promos"),
    (["majority2", "witches-junior"], "--restricted: cards given (witches-junior) without "
                                      "--restricted"),
    (["majority-rules", "--restricted"], "--restricted: restricted play bars a seat from a "
                                         "card: The Majority 2 (majority2) only"),
])
def test_bad_restricted_options_exit_2(cli, args, message):
    result = cli("simulate", *args, "--games", "5")
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_chance_is_untouched_by_a_bar():
    """Until the barred seat first has the card to play, its game is the usual one."""
    base = m2.make_config(load_content("majority2"))
    barred = barring(base, "reapers-veteran")[1]
    usual = eng.play(m2.ENGINE, base, [eng.random_bot] * 2, 5).actions
    other = eng.play(m2.ENGINE, barred, [eng.random_bot] * 2, 5).actions
    assert usual[:14] == other[:14]  # the setup deal


@pytest.mark.slow
def test_a_card_worth_1_vp_more_shows_in_score_margin_not_in_wins(tmp_path):
    """Random bots play the +1 VP copy move for move as its base, so no game's course and
    hardly any result changes: its restricted-play value in wins stays its base's, while in
    VP of score margin it is flagged above it. An exact copy is tested on neither."""
    from pnp.simulate.calibration import PLANTED, write_planted

    planted = write_planted(tmp_path)
    more, copy = PLANTED["more_vp"][0], PLANTED["copy"][0]
    plan = plan_simulation(Request("majority2", games=200, seed=2, promos=[planted],
                                   restricted=[more, copy]))
    rows = {r["promo"]: r for r in summarise(plan, run(plan, jobs=2))["restricted"]["promos"]}
    margin = rows[more]["margin_difference"]
    assert margin["significant"] and margin["low"] > 0 and rows[more]["verdict"] == "stronger"
    assert not rows[more]["difference"]["significant"]
    twin = rows[copy]["margin_difference"]
    assert (twin["difference"], twin["method"], twin["p"]) == (0, "no information", None)
    assert rows[copy]["verdict"] == "no clear difference"


def test_a_sequential_run_shows_margins_as_intervals_only():
    """--until-decided decides on wins: a margin there has an interval but no test."""
    plan = plan_simulation(Request("majority2", games=100, seed=1, until_decided=True,
                                   max_games=100, restricted=["demons-aristocrat"]))
    summary = summarise(plan, run(plan, jobs=1))
    margin = summary["restricted"]["cards"][0]["margin_drop"]
    assert margin["p"] is None and margin["minimum_detectable_effect"] is None
    assert margin["low"] < margin["difference"] < margin["high"]
    assert summary["correction"]["family"] == 2  # the start player, the card in wins


@pytest.mark.slow  # two sequential restricted runs: seconds
def test_a_sequential_run_says_when_an_untested_margin_leaves_out_zero(tmp_path):
    """The +1 VP copy under --until-decided: no clear difference in wins (what the run
    decides on), and its score margin's interval, clear of 0, is said beside it rather
    than left out; the exact copy's margin (never varied) is not."""
    from pnp.simulate.calibration import PLANTED, write_planted
    from pnp.simulate.report import power_lines

    planted = write_planted(tmp_path)
    more, copy = PLANTED["more_vp"][0], PLANTED["copy"][0]
    plan = plan_simulation(Request("majority2", games=200, seed=2, promos=[planted],
                                   restricted=[more, copy], until_decided=True,
                                   max_games=200))
    lines = power_lines(summarise(plan, run(plan, jobs=2)))
    said = next(line for line in lines if line.startswith(f"{more} under restricted play"))
    assert "but its score margin moved +0." in said and "does not test" in said
    twin = next(line for line in lines if line.startswith(f"{copy} under restricted play"))
    assert "moved" not in twin
