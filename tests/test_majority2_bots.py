"""Majority 2 bots: pure and seeded, legal, and greedy/mc play better than random."""

from __future__ import annotations

import pytest

from pnp.errors import UsageError
from pnp.games import engine as eng
from pnp.games.majority2 import bots
from pnp.games.majority2 import engine as m2
from tests.m2tools import config


def _game(names, seed, options=None):
    cfg = config("all", round_limit=200)  # bots may refuse to play on for ever
    players = [bots.BOTS[n](options or {} if n == "mc" else {}) for n in names]
    return eng.play(m2.ENGINE, cfg, players, seed)


def test_every_bot_is_registered_and_plays_legal_games():
    assert set(bots.BOTS) == {"random", "greedy", "mc", "ismcts"}
    game = _game(["mc", "greedy"], 1, {"rollouts": "1", "horizon": "2"})
    # every action legal
    again = eng.replay(m2.ENGINE, config("all", round_limit=200), game.actions)
    assert m2.returns(again) == game.outcome


def test_bots_are_pure_functions_of_the_seed():
    a = _game(["greedy", "mc"], 3, {"rollouts": "1"})
    b = _game(["greedy", "mc"], 3, {"rollouts": "1"})
    assert a.actions == b.actions


def test_greedy_beats_random():
    wins = sum(0 in _game(["greedy", "random"], s).outcome.winners for s in range(8))
    assert wins >= 7


def test_mc_options_are_checked():
    for bad in ({"rollouts": "0"}, {"rollouts": "many"}, {"rollouts": "1001"},
                {"horizon": "201"}, {"rolouts": "5"}):
        with pytest.raises(UsageError):
            bots.BOTS["mc"](bad)
    for name in ("greedy", "random"):
        with pytest.raises(UsageError):
            bots.BOTS[name]({"rollouts": "5"})


def test_determinisation_keeps_the_cards_and_redeals_only_the_opponents_hidden_ones():
    import random

    from pnp.games.majority2.information import determinise

    game = _game(["random", "random"], 2)
    st = eng.replay(m2.ENGINE, config("all", round_limit=200), game.actions[:60])
    world = determinise(st, st.active, random.Random(0))
    other = 1 - st.active
    assert world.reserves[st.active] == st.reserves[st.active]
    assert len(world.reserves[other]) == len(st.reserves[other])
    pool = list(st.deck)
    for k in st.reserves[other] + st.hands[other]:
        pool[k] += 1
    mine = list(world.deck)
    for k in world.reserves[other] + world.hands[other]:
        mine[k] += 1
    assert pool == mine and world.hands[st.active] == st.hands[st.active]
    assert world.cols == st.cols


def test_card_events_count_plays_representatives_and_vp():
    game = _game(["greedy", "greedy"], 4)
    events = m2.card_events(game.final_state)
    plays = sum(1 for a in game.actions if a[0] in ("free", "play"))
    assert sum(e.played for e in events) == plays
    st = game.final_state
    for seat in (0, 1):
        vp = sum(e.vp for e in events if e.seat == seat)
        coins = st.up[seat] + st.down[seat]
        assert vp + coins == game.outcome.scores[seat]
        reps = sum(e.representative for e in events if e.seat == seat)
        assert reps >= len(st.areas[seat])


def test_greedy_swaps_to_the_hand_it_could_play_for_free():
    """With no face-up coin, a hand of cards barred from Free Play is worth nothing and a
    reserve of Free Play cards is worth two plays: greedy exchanges (the count was once
    inverted, so barred cards counted as playable whatever their cost)."""
    import random

    from tests.m2tools import build

    st = build(hands=(("demons-veteran", "angels-junior"), ()),
               reserves=(("witches-secretary", "demons-secretary"), ()),
               up=(0, 0), down=(3, 3), deck=("reapers-secretary",) * 20, phase="round")
    assert st.need[1] == "exchange"
    assert bots.greedy_choice(st, random.Random(0)) == ("exchange", True)
    st = build(hands=(("witches-secretary", "demons-secretary"), ()),
               reserves=(("demons-veteran", "angels-junior"), ()),
               up=(0, 0), down=(3, 3), deck=("reapers-secretary",) * 20, phase="round")
    assert bots.greedy_choice(st, random.Random(0)) == ("exchange", False)
