"""Scenario tests of the Majority 2 engine: every phase and ruling of the engine spec
(shared/spec/majority2-engine.md) on small explicit states, with hand-worked results."""

from __future__ import annotations

import pytest

from pnp.games import engine as eng
from pnp.games.majority2 import engine as m2
from pnp.games.majority2.state import CHANCE
from tests.m2tools import build, config, content, run, view


def test_setup_deals_reserves_then_the_start_hand():
    cfg = config(())
    st = m2.initial_state(cfg)
    assert st.need[:2] == (CHANCE, "setup")
    draws = 0
    while st.need[0] == CHANCE:
        st = m2.apply(st, m2.legal_actions(st)[0])
        draws += 1
    assert draws == 14
    assert [len(r) for r in st.reserves] == [4, 4]
    assert [len(h) for h in st.hands] == [6, 0]
    assert st.need == (0, "exchange", [("exchange", False)])  # first round: no exchange
    assert (st.up, st.down) == ((3, 0), (0, 3))  # income turned seat 0's coins up


def test_start_player_one_takes_the_first_round():
    cfg = m2.make_config(content(), start_player=1)
    st = m2.initial_state(cfg)
    while st.need[0] == CHANCE:
        st = m2.apply(st, m2.legal_actions(st)[0])
    assert st.active == 1 and [len(h) for h in st.hands] == [0, 6]


def test_promo_members_replace_base_cards_and_ghosts_are_added():
    cfg = config(("promo-witches-senior", "ghost"))
    counts = dict(zip(cfg.ids, cfg.deck, strict=True))
    assert counts["witches-senior"] == 1 and counts["promo-witches-senior"] == 1
    assert counts["ghost"] == 1 and sum(cfg.deck) == 61
    assert sum(config("all").deck) == 62


def test_draw_count_follows_the_opponent_formed_factions():
    for n, expected in [(0, 2), (1, 3), (2, 3), (3, 4), (4, 4), (5, 5)]:
        st = build(areas=((), ("witches-junior",) * n), phase="round",
                   hands=(("witches-junior",), ()), deck=["demons-secretary"] * 10)
        assert m2.draw_count(st) == expected


def test_draw_then_opponent_draws_into_reserve():
    st = build(phase="round", hands=(("witches-junior",), ()),
               deck=["demons-secretary"] * 3 + ["angels-secretary"])
    st = run(st, ("exchange", False), ("draw", True))
    assert st.need[:2] == (CHANCE, "draw")
    st = run(st, ("card", "demons-secretary"), ("card", "angels-secretary"))
    assert st.need[:2] == (CHANCE, "reserve-draw")
    st = run(st, ("card", "demons-secretary"))
    v = view(st)
    assert v["hands"][0] == ["angels-secretary", "demons-secretary", "witches-junior"]
    assert v["reserves"][1] == ["demons-secretary"]


def test_empty_hand_must_draw_and_reshuffles_discards():
    st = build(phase="round", reserves=((), ()),
               discard=["reapers-junior"] * 2 + ["angels-junior"])
    st = run(st, ("exchange", False))
    assert st.need == (0, "draw", [("draw", True)])
    with pytest.raises(eng.IllegalAction, match="must draw"):
        m2.apply(st, ("draw", False))
    st = run(st, ("draw", True))
    assert sum(st.discard) == 0 and st.ndeck == 3  # the discards became the deck
    st = run(st, ("card", "reapers-junior"), ("card", "reapers-junior"),
             ("card", "angels-junior"))
    # two into the hand, the third into the opponent's reserve
    assert view(st)["hands"][0] == ["reapers-junior"] * 2
    assert view(st)["reserves"][1] == ["angels-junior"] and st.need[1] == "free"


def test_forced_exchange_after_a_demons_senior():
    st = build(hands=(("demons-senior",), ()), up=(4, 0), reserves=((), ("witches-junior",)))
    st = run(st, ("play", "demons-senior", 1), ("pass",))
    # Bo's round: hand is what Ana left (nothing), the exchange is forced
    assert st.active == 1 and st.need == (1, "exchange", [("exchange", True)])
    with pytest.raises(eng.IllegalAction, match="Demons Senior"):
        m2.apply(st, ("exchange", False))
    st = run(st, ("exchange", True))
    assert view(st)["hands"][1] == ["witches-junior"] and not st.forced[1]


def test_cleanup_passes_the_hand_and_income_turns_coins_up():
    st = build(hands=(("witches-junior", "angels-secretary"), ()), up=(0, 0), down=(2, 5))
    st = run(st, ("pass",))
    assert st.active == 1 and view(st)["hands"] == [[], ["angels-secretary", "witches-junior"]]
    assert (st.up, st.down) == ((0, 5), (2, 0))


def test_free_play_has_no_cost_but_keeps_requirements():
    st = build(phase="free", hands=(("witches-veteran", "demons-veteran", "witches-junior"), ()))
    legal = st.need[2]
    assert ("free", "witches-junior", 2) in legal
    assert not any(a[1] in ("witches-veteran", "demons-veteran") for a in legal[1:])
    with pytest.raises(eng.IllegalAction, match="needs 1 blue card in your score area; you have 0"):
        m2.apply(st, ("free", "witches-veteran", 1))
    with pytest.raises(eng.IllegalAction, match="cannot be played in Free Play"):
        m2.apply(st, ("free", "demons-veteran", 1))
    st = run(st, ("free", "witches-junior", 2))
    assert view(st)["cols"] == {(0, 2): ["witches-junior"]} and st.need[1] == "play"
    assert view(st)["reserves"][0] == []  # no ability in Free Play


def test_option_free_play_ignores_requirements():
    st = build(config("all", ignore=True), phase="free", hands=(("witches-veteran",), ()))
    assert ("free", "witches-veteran", 1) in st.need[2]


def test_standard_play_pays_and_checks_current_colour_requirement():
    hand = ("witches-veteran",)
    st = build(hands=(hand, ()), up=(4, 0), areas=((("demons-secretary", "blue"),), ()),
               cols={(1, 1): ["angels-junior", "reapers-junior"]})
    assert ("play", "witches-veteran", 1) in st.need[2]  # a green card under a blue disc
    st = build(hands=(hand, ()), up=(3, 0), areas=(("witches-junior",), ()))
    with pytest.raises(eng.IllegalAction, match="costs 4 coins; you have 3 face up"):
        m2.apply(st, ("play", "witches-veteran", 1))
    st = build(hands=(hand, ()), up=(4, 0), areas=((("witches-junior", "red"),), ()))
    with pytest.raises(eng.IllegalAction, match="needs 1 blue card"):
        m2.apply(st, ("play", "witches-veteran", 1))


def test_forming_with_three_of_a_colour_gives_one_coin_and_discards_the_rest():
    st = build(hands=(("dragons-senior", "angels-secretary"), ()), up=(4, 0),
               cols={(0, 1): ["dragons-secretary", "witches-junior", "dragons-junior",
                              "reapers-secretary"]})
    st = run(st, ("play", "dragons-senior", 1))
    assert st.need[0] == 0 and st.need[1] == "form"
    assert st.need[2] == [("form", 0), ("form", 2), ("form", 4)]
    st = run(st, ("form", 0))
    v = view(st)
    assert v["areas"][0] == ["dragons-secretary"] and (0, 1) not in v["cols"]
    assert v["coins"][0] == (0, 5)  # paid 4 (now face down) + 1 coin gained
    assert v["discard"] == sorted(["angels-secretary", "dragons-junior", "dragons-senior",
                                   "reapers-secretary", "witches-junior"])


def test_forming_without_three_of_a_colour_discards_the_column():
    st = build(phase="free", hands=(("angels-secretary",), ()),
               cols={(0, 1): ["dragons-secretary", "witches-junior", "dragons-junior",
                              "reapers-secretary"]})
    st = run(st, ("free", "angels-secretary", 1))
    assert (0, 1) not in view(st)["cols"] and len(view(st)["discard"]) == 5
    assert view(st)["areas"][0] == [] and view(st)["coins"][0] == (0, 0)


def test_five_of_a_colour_gives_two_coins_but_not_beyond_the_supply():
    cols = {(0, 1): ["reapers-secretary"] * 3 + ["reapers-junior"]}
    st = build(phase="free", hands=(("reapers-junior",), ()), cols=cols)
    st = run(st, ("free", "reapers-junior", 1), ("form", 0))
    assert view(st)["coins"][0] == (0, 2)
    st = build(phase="free", hands=(("reapers-junior",), ()), cols=cols, up=(20, 19))
    st = run(st, ("free", "reapers-junior", 1), ("form", 0))
    assert view(st)["coins"][0] == (20, 1)  # only one coin was left in the supply


def test_overfull_column_owner_picks_one_of_two_colours():
    st = build(hands=(("angels-veteran",), ()), up=(4, 0), areas=(("angels-junior",), ()),
               deck=["reapers-junior"],
               cols={(0, 1): ["reapers-secretary", "reapers-secretary", "angels-secretary",
                              "angels-secretary"]})
    st = run(st, ("play", "angels-veteran", 1), ("card", "reapers-junior"))
    # deck empty, nothing to reshuffle: the second card is not drawn
    st2 = build(hands=(("angels-veteran",), ()), up=(4, 0), areas=(("angels-junior",), ()),
                deck=["reapers-junior", "angels-junior"],
                cols={(0, 1): ["reapers-secretary", "reapers-secretary", "angels-secretary",
                               "angels-secretary"]})
    st2 = run(st2, ("play", "angels-veteran", 1), ("card", "angels-junior"),
              ("card", "reapers-junior"))
    assert len(st2.cols[0]) == 7 and st2.need[1] == "form"
    reps = {view(st2)["cols"][(0, 1)][a[1]] for a in st2.need[2]}
    assert reps == {"reapers-secretary", "angels-secretary", "angels-veteran",
                    "angels-junior", "reapers-junior"}
    st2 = run(st2, ("form", 4))  # the Angels Veteran: pink has 4 cards -> 1 coin
    assert view(st2)["areas"][0] == ["angels-junior", "angels-veteran"]
    assert view(st2)["coins"][0] == (0, 5)
    assert st.need[1] == "form" or len(st.cols[0]) == 6


def test_game_ends_at_cleanup_when_the_opponent_has_five_factions():
    st = build(areas=((), ("witches-junior",) * 5), hands=(("angels-secretary",), ()))
    st = run(st, ("pass",))
    assert m2.ENGINE.is_terminal(st) and st.end == "factions"
    outcome = m2.returns(st)
    assert outcome.scores == (0, 15) and outcome.winners == (1,)


def test_tie_goes_to_the_player_without_the_start_marker():
    st = build(areas=(("witches-junior",), ("witches-junior",) * 5), up=(12, 0))
    st = run(st, ("pass",))
    assert m2.returns(st).winners == (1,) and m2.returns(st).tie_break == "non-start-player"


def test_round_limit_ends_a_simulation():
    st = build(config((), round_limit=5), round=5, hands=(("angels-secretary",), ()))
    st = run(st, ("pass",))
    assert st.end == "round-limit"


def test_two_stalled_rounds_in_a_row_end_the_game():
    # nothing to draw; seat 0 holds an Angels Veteran it cannot play (needs pink)
    st = build(phase="play", hands=(("witches-veteran",), ()), reserves=(("demons-veteran",), ()))
    st.stalled = 1
    st = run(st, ("pass",))
    # Bo's round: hand = Witches Veteran (needs blue), reserve empty, nothing to draw
    assert st.end == "stalled"
    st = build(phase="play", hands=(("witches-junior",), ()))
    st.stalled = 1
    st = run(st, ("pass",))
    assert st.end is None and st.need[1] == "exchange"  # Bo can free play the Junior


def test_the_round_a_stall_ends_is_not_played_nor_counted():
    # majority2-engine.md: "The game ends as the second stalled round begins: that round
    # is not played". Bo's round 6 would be the second stalled round: the game has lasted
    # 5 rounds (it reported 6), and Bo's face-down coins were not turned up by its Income.
    st = build(phase="play", hands=(("witches-veteran",), ()), down=(0, 4), round=5)
    st.stalled = 1
    st = run(st, ("pass",))
    assert st.end == "stalled"
    assert m2.returns(st).rounds == 5
    assert (st.up, st.down) == ((0, 0), (0, 4))


# --- abilities ------------------------------------------------------------------------

def test_witches_junior_draws_two_into_reserve():
    st = build(hands=(("witches-junior",), ()), up=(3, 0), deck=["demons-senior"] * 2)
    st = run(st, ("play", "witches-junior", 1), ("card", "demons-senior"),
             ("card", "demons-senior"))
    assert view(st)["reserves"][0] == ["demons-senior", "demons-senior"]


def test_witches_senior_discards_two_random_reserve_cards():
    st = build(hands=(("witches-senior",), ()), up=(4, 0),
               reserves=((), ("angels-junior", "angels-junior", "reapers-junior")))
    st = run(st, ("play", "witches-senior", 1))
    assert st.need[:3] == (CHANCE, "random-discard", 1)
    assert m2.chance_outcomes(st) == [(("card", "angels-junior"), 2 / 3),
                                      (("card", "reapers-junior"), 1 / 3)]
    st = run(st, ("card", "reapers-junior"), ("card", "angels-junior"))
    assert view(st)["reserves"][1] == ["angels-junior"]
    assert view(st)["discard"] == ["angels-junior", "reapers-junior"]


def test_promo_witches_senior_counts_x_when_it_resolves():
    st = build(hands=(("promo-witches-senior",), ()), up=(4, 0),
               areas=(("witches-junior",), ()), reserves=((), ("angels-junior",) * 3))
    st = run(st, ("play", "promo-witches-senior", 1), ("card", "angels-junior"))
    assert view(st)["reserves"][1] == ["angels-junior"] * 2 and st.need[1] == "play"


def test_witches_veteran_takes_any_unprotected_card_into_reserve():
    st = build(hands=(("witches-veteran",), ()), up=(4, 0), areas=(("witches-junior",), ()),
               cols={(1, 2): [("reapers-junior", "blue")],
                     (1, 3): ["angels-junior", "reapers-secretary"]})
    st = run(st, ("play", "witches-veteran", 1))
    targets = st.need[2]
    assert ("target", 1, 2, 0) in targets and ("target", 0, 1, 0) in targets  # itself too
    assert not any(t[1:3] == (1, 3) for t in targets)  # protected by the Angels Junior
    st = run(st, ("target", 1, 2, 0))
    v = view(st)
    assert v["reserves"][0] == ["reapers-junior"] and (1, 2) not in v["cols"]
    assert m2.disc_place_of(st, "blue") is None  # the disc went back to the supply


def test_witches_aristocrat_turns_coins_up_and_demons_aristocrat_gains_two():
    areas = (("witches-junior", "witches-junior", "demons-junior", "demons-junior"), ())
    st = build(hands=(("witches-aristocrat", "demons-aristocrat"), ()), up=(2, 0),
               down=(5, 0), areas=areas)
    st = run(st, ("play", "witches-aristocrat", 1))
    assert view(st)["coins"][0] == (7, 0)
    st = run(st, ("play", "demons-aristocrat", 2))
    assert view(st)["coins"][0] == (5, 4)


def test_demons_junior_draws_three_then_one_hand_card_to_reserve():
    st = build(hands=(("demons-junior", "angels-secretary"), ()), up=(3, 0),
               deck=["reapers-senior"] * 3)
    st = run(st, ("play", "demons-junior", 1), *[("card", "reapers-senior")] * 3)
    assert st.need == (0, "hand", [("hand", "angels-secretary"), ("hand", "reapers-senior")])
    st = run(st, ("hand", "angels-secretary"))
    v = view(st)
    assert v["hands"][0] == ["reapers-senior"] * 3 and v["reserves"][0] == ["angels-secretary"]


def test_dragons_junior_counts_the_line_from_the_opponent_end():
    cols = {(1, 2): ["angels-secretary", "reapers-secretary"],  # their head .. foot
            (0, 2): ["witches-secretary", "demons-secretary"]}
    st = build(hands=(("dragons-junior",), ()), up=(3, 0), cols=cols)
    st = run(st, ("play", "dragons-junior", 2))
    # line: reapers-sec, angels-sec (theirs, foot first), witches-sec, demons-sec, junior
    assert view(st)["cols"][(0, 2)] == ["witches-secretary", "dragons-junior"]
    assert view(st)["discard"] == ["demons-secretary"]


def test_dragons_junior_discards_itself_as_fourth_and_not_a_protected_card():
    st = build(hands=(("dragons-junior",), ()), up=(3, 0),
               cols={(1, 1): ["angels-secretary", "reapers-secretary", "witches-secretary"]})
    st = run(st, ("play", "dragons-junior", 1))
    assert view(st)["discard"] == ["dragons-junior"] and (0, 1) not in view(st)["cols"]
    st = build(hands=(("dragons-junior",), ()), up=(3, 0),
               cols={(1, 1): ["angels-junior", "reapers-secretary", "witches-secretary",
                              "demons-secretary"]})
    st = run(st, ("play", "dragons-junior", 1))
    assert view(st)["discard"] == [] and len(st.cols[3]) == 4
    st = build(hands=(("dragons-junior",), ()), up=(3, 0), cols={(1, 1): ["angels-secretary"]})
    st = run(st, ("play", "dragons-junior", 1))
    assert view(st)["discard"] == []  # fewer than 4 cards in the line


def test_dragons_senior_discards_the_hand():
    st = build(hands=(("dragons-senior", "angels-junior", "witches-junior"), ()), up=(4, 0))
    st = run(st, ("play", "dragons-senior", 1))
    assert view(st)["hands"][0] == [] and len(view(st)["discard"]) == 2


def test_dragons_veteran_two_colours_protected_and_bare_ghosts_stay():
    st = build(hands=(("dragons-veteran",), ()), up=(4, 0), areas=(("dragons-junior",), ()),
               cols={(0, 1): ["witches-junior", ("ghost", None), ("angels-secretary", "blue")],
                     (1, 1): ["reapers-junior", "witches-secretary"],
                     (1, 2): ["angels-junior", "witches-junior"]})
    st = run(st, ("play", "dragons-veteran", 3))
    assert st.need[0] == 0 and len(st.need[2]) == 5
    st = run(st, ("colour", "blue"))
    assert st.need[0] == 1 and ("colour", "blue") not in st.need[2]
    with pytest.raises(eng.IllegalAction):
        m2.apply(st, ("colour", "blue"))
    st = run(st, ("colour", "red"))  # the Dragons Veteran itself is red
    v = view(st)
    assert v["cols"] == {(0, 1): ["ghost"], (1, 1): ["reapers-junior"],
                         (1, 2): ["angels-junior", "witches-junior"]}
    assert sorted(v["discard"]) == ["angels-secretary", "dragons-veteran", "witches-junior",
                                    "witches-secretary"]


def test_dragons_aristocrat_opponent_must_give_up_a_secretary():
    areas = (("dragons-junior", "dragons-junior"),
             ("witches-junior", ("angels-secretary", "red"), "demons-secretary"))
    st = build(hands=(("dragons-aristocrat",), ()), up=(2, 0), areas=areas)
    st = run(st, ("play", "dragons-aristocrat", 1))
    assert st.need == (1, "target", [("target", 1, "area", 1), ("target", 1, "area", 2)])
    st = run(st, ("target", 1, "area", 1))
    assert view(st)["areas"][1] == ["witches-junior", "demons-secretary"]
    assert m2.disc_place_of(st, "red") is None
    st = build(hands=(("dragons-aristocrat",), ()), up=(2, 0), areas=(areas[0], ()))
    st = run(st, ("play", "dragons-aristocrat", 1))
    assert st.need[1] == "play"  # an empty score area: nothing happens


def test_angels_junior_cannot_be_free_played_and_protects_however_it_came():
    st = build(phase="free", hands=(("angels-junior",), ()))
    assert st.need[2] == [("pass",)]


def test_angels_senior_places_two_different_discs_in_own_columns():
    st = build(hands=(("angels-senior",), ()), up=(4, 0),
               cols={(0, 1): ["witches-junior"], (1, 1): ["reapers-junior"]},
               areas=((), (("demons-junior", "green"),)))
    st = run(st, ("play", "angels-senior", 2))
    targets = {a[1:4] for a in st.need[2]}
    assert targets == {(0, 1, 0), (0, 2, 0)}
    st = run(st, ("disc", 0, 1, 0, "green"))  # moved off Bo's score-area card
    assert view(st)["areas"][1] == ["demons-junior"]
    assert {a[4] for a in st.need[2]} == {"blue", "red", "pink", "black"}
    st = run(st, ("disc", 0, 2, 0, "black"))
    assert view(st)["cols"][(0, 1)] == ["witches-junior@green"]
    assert view(st)["cols"][(0, 2)] == ["angels-senior@black"]


def test_angels_senior_with_one_target_places_one_disc():
    st = build(hands=(("angels-senior",), ()), up=(4, 0))
    st = run(st, ("play", "angels-senior", 2), ("disc", 0, 2, 0, "red"))
    assert st.need[1] == "play"


def test_angels_veteran_plays_two_drawn_cards_without_abilities():
    st = build(hands=(("angels-veteran",), ()), up=(4, 0), areas=(("angels-junior",), ()),
               deck=["witches-junior", "demons-senior"])
    st = run(st, ("play", "angels-veteran", 3), ("card", "demons-senior"),
             ("card", "witches-junior"))
    v = view(st)
    assert v["cols"][(0, 3)] == ["angels-veteran", "demons-senior", "witches-junior"]
    assert not st.forced[1] and v["reserves"][0] == []


def test_angels_aristocrat_scores_itself_and_clears_its_column():
    areas = (("angels-junior", "angels-secretary"), ())
    st = build(hands=(("angels-aristocrat",), ()), up=(2, 0), areas=areas,
               cols={(0, 1): ["witches-junior", "reapers-junior"]})
    st = run(st, ("play", "angels-aristocrat", 1))
    v = view(st)
    assert v["areas"][0][-1] == "angels-aristocrat" and (0, 1) not in v["cols"]
    assert v["coins"][0] == (0, 3) and v["discard"] == ["reapers-junior", "witches-junior"]
    st = build(hands=(("angels-aristocrat",), ()), up=(2, 0), areas=areas,
               cols={(0, 1): ["angels-junior", "reapers-junior"]})
    st = run(st, ("play", "angels-aristocrat", 1))
    assert view(st)["cols"][(0, 1)] == ["angels-junior", "reapers-junior"]  # protected


def test_reapers_junior_disc_on_opponent_card_and_ghost_takes_it():
    st = build(hands=(("reapers-junior",), ()), up=(3, 0),
               cols={(1, 1): ["witches-junior", ("ghost", None, 1)], (1, 2): ["demons-junior"]})
    st = run(st, ("play", "reapers-junior", 3))
    assert {a[1:4] for a in st.need[2]} == {(1, 1, 1), (1, 2, 0)}
    st = run(st, ("disc", 1, 1, 1, "red"))
    assert view(st)["cols"][(1, 1)] == ["witches-junior", "ghost@red"]


def test_two_bare_ghosts_the_active_players_takes_the_disc():
    cols = {(1, 1): [("ghost", None, 1), ("ghost", None, 0), "witches-junior"]}
    st = build(hands=(("reapers-junior",), ()), up=(3, 0), cols=cols)
    st = run(st, ("play", "reapers-junior", 3))
    assert {a[1:4] for a in st.need[2]} == {(1, 1, 1)}
    cols = {(1, 1): [("ghost", None, 1), ("ghost", None, 1)]}
    st = run(build(hands=(("reapers-junior",), ()), up=(3, 0), cols=cols),
             ("play", "reapers-junior", 3))
    assert {a[1:4] for a in st.need[2]} == {(1, 1, 0), (1, 1, 1)}  # neither: you choose


def test_reapers_senior_replaces_itself_and_triggers_the_drawn_card():
    st = build(hands=(("reapers-senior",), ()), up=(4, 0), deck=["demons-aristocrat"],
               cols={(0, 2): ["witches-junior"]})
    st = run(st, ("play", "reapers-senior", 2), ("card", "demons-aristocrat"))
    v = view(st)
    assert v["cols"][(0, 2)] == ["witches-junior", "demons-aristocrat"]
    assert v["discard"] == ["reapers-senior"] and v["coins"][0] == (0, 6)  # no requirement


def test_reapers_senior_drawn_angels_aristocrat_scores_itself():
    st = build(hands=(("reapers-senior",), ()), up=(4, 0), deck=["angels-aristocrat"])
    st = run(st, ("play", "reapers-senior", 1), ("card", "angels-aristocrat"))
    assert view(st)["areas"][0] == ["angels-aristocrat"] and view(st)["coins"][0] == (0, 5)


def test_reapers_senior_no_chains_nothing_to_draw_and_protected():
    st = build(hands=(("reapers-senior",), ()), up=(4, 0), deck=["reapers-senior"])
    st = run(st, ("play", "reapers-senior", 1), ("card", "reapers-senior"))
    assert view(st)["cols"][(0, 1)] == ["reapers-senior"] and st.need[1] == "play"
    st = run(build(hands=(("reapers-senior",), ()), up=(4, 0)), ("play", "reapers-senior", 1))
    assert view(st)["cols"][(0, 1)] == ["reapers-senior"]
    st = build(hands=(("reapers-senior",), ()), up=(4, 0), deck=["witches-junior"],
               cols={(0, 1): ["angels-junior"]})
    st = run(st, ("play", "reapers-senior", 1))
    assert st.need[1] == "play" and st.ndeck == 1


def test_reapers_veteran_disc_on_a_score_area_card_changes_requirements():
    st = build(hands=(("reapers-veteran", "witches-veteran"), ()), up=(8, 0),
               areas=(("reapers-junior", "demons-junior"), ()))
    assert ("play", "witches-veteran", 1) not in st.need[2]
    st = run(st, ("play", "reapers-veteran", 1), ("disc", 0, "area", 1, "blue"))
    assert ("play", "witches-veteran", 1) in st.need[2]


def test_reapers_aristocrat_takes_a_face_down_coin_but_not_below_three():
    areas = (("reapers-junior", "reapers-junior"), ())
    st = build(hands=(("reapers-aristocrat",), ()), up=(2, 2), down=(0, 2), areas=areas)
    st = run(st, ("play", "reapers-aristocrat", 1))
    assert view(st)["coins"][1] == (2, 1)
    st = build(hands=(("reapers-aristocrat",), ()), up=(2, 2), down=(0, 1), areas=areas)
    st = run(st, ("play", "reapers-aristocrat", 1))
    assert view(st)["coins"][1] == (2, 1)


def test_promo_dragons_junior_discards_only_on_a_colour_match():
    cols = {(1, 1): ["witches-junior"], (0, 1): ["angels-secretary"]}
    st = build(hands=(("promo-dragons-junior",), ()), up=(3, 0), cols=cols,
               areas=((), ("witches-secretary",)))
    st = run(st, ("play", "promo-dragons-junior", 1))
    assert set(st.need[2]) == {("target", 1, 1, 0), ("target", 0, 1, 0), ("target", 0, 1, 1)}
    st2 = run(st, ("target", 0, 1, 0))  # pink: Bo has no pink card
    assert view(st2)["discard"] == []
    st = run(st, ("target", 1, 1, 0))
    assert view(st)["discard"] == ["witches-junior"]


def test_promo_angels_veteran_returns_discs_with_a_coin_for_four():
    st = build(hands=(("promo-angels-veteran",), ()), up=(4, 0), areas=(("angels-junior",), ()),
               cols={(0, 1): [("witches-junior", "red"), ("reapers-junior", "blue")],
                     (1, 1): [("witches-junior", "green")]},)
    st.areas = (st.areas[0], ((st.cfg.index["witches-junior"], "black"),))
    st = run(st, ("play", "promo-angels-veteran", 2))
    assert view(st)["coins"][0] == (0, 5) and m2.disc_place_of(st, "red") is None


def test_promo_reapers_aristocrat_places_every_supply_disc():
    areas = (("reapers-junior", ("demons-junior", "black")), ())
    st = build(hands=(("promo-reapers-aristocrat",), ()), up=(2, 0), areas=areas,
               cols={(1, 1): ["witches-junior", "witches-junior"]})
    st = run(st, ("play", "promo-reapers-aristocrat", 2))
    assert {a[4] for a in st.need[2]} == {"blue", "green", "red", "pink"}
    st = run(st, ("disc", 1, 1, 0, "blue"), ("disc", 1, 1, 1, "green"), ("disc", 0, 2, 0, "red"),
             ("disc", 0, "area", 0, "pink"))
    assert st.need[1] == "play"  # no disc-free card left


def test_ghost_moves_to_an_opponent_column_and_forms_for_them():
    st = build(hands=(("ghost",), ()), up=(3, 0),
               cols={(1, 2): [("witches-junior", None), "witches-secretary", "witches-junior",
                              "angels-junior"]})
    st = run(st, ("play", "ghost", 1), ("column", 2))
    assert st.need[0] == 1 and st.need[1] == "form"
    st = run(st, ("form", 0))
    assert view(st)["areas"][1] == ["witches-junior"] and view(st)["coins"][1] == (0, 1)


def test_free_played_ghost_stays_bare_and_takes_discs():
    st = build(phase="free", hands=(("ghost", "angels-senior"), ()), up=(4, 0),
               cols={(0, 1): ["witches-junior"]})
    st = run(st, ("free", "ghost", 1), ("play", "angels-senior", 2))
    assert {a[1:4] for a in st.need[2]} == {(0, 1, 1), (0, 2, 0)}


def test_blank_cards_names_cards_without_effects():
    cfg = config()
    assert m2.blank_cards(cfg) == ()


def test_forced_exchange_with_an_empty_reserve_must_draw():
    st = build(phase="round", hands=(("witches-junior",), ()), forced=(True, False),
               deck=["angels-secretary"] * 4)
    st = run(st, ("exchange", True))
    assert st.need == (0, "draw", [("draw", True)])


def test_forming_checks_the_active_players_columns_first():
    five = ["witches-secretary", "witches-junior", "witches-junior", "angels-secretary",
            "reapers-secretary"]
    st = build(hands=(("dragons-veteran",), ()), up=(4, 0), areas=(("dragons-junior",), ()),
               cols={(1, 1): five[:4], (0, 2): five[:4]})
    # a Dragons Veteran naming pink and (Bo) black leaves both 4-card columns alone; add
    # one card to each through the state to watch the order: active first, then Bo
    st = run(st, ("play", "dragons-veteran", 3), ("colour", "green"), ("colour", "red"))
    assert st.need[1] == "play"
    st2 = st.copy()
    cfg = st.cfg
    k = cfg.index["witches-secretary"]
    st2.cols[1].append((k, None, 0, 90))
    st2.cols[3].append((k, None, 1, 91))
    st2.stack.append(("formall",))
    m2._run(st2)
    assert st2.need[0] == 0 and st2.need[1] == "form"
    st2 = run(st2, ("form", 0))
    assert st2.need[0] == 1 and st2.need[1] == "form"


def test_ghost_representative_that_loses_its_disc_still_scores_five():
    st = build(hands=(("angels-senior",), ()), up=(4, 0),
               areas=((("ghost", "red"),), ()), cols={(0, 1): ["witches-junior"]})
    st = run(st, ("play", "angels-senior", 2), ("disc", 0, 1, 0, "red"),
             ("disc", 0, 2, 0, "blue"))
    assert view(st)["areas"][0] == ["ghost"]
    assert m2.scores(st)[0] == 5 + 4  # the Ghost, and 4 coins (paid, now face down)


def test_witches_veteran_may_take_itself_and_dragons_veteran_discard_itself():
    st = build(hands=(("witches-veteran",), ()), up=(4, 0), areas=(("witches-junior",), ()))
    st = run(st, ("play", "witches-veteran", 1), ("target", 0, 1, 0))
    assert view(st)["reserves"][0] == ["witches-veteran"] and not view(st)["cols"]
    st = build(hands=(("dragons-veteran",), ()), up=(4, 0), areas=(("dragons-junior",), ()))
    st = run(st, ("play", "dragons-veteran", 1), ("colour", "red"), ("colour", "blue"))
    assert view(st)["discard"] == ["dragons-veteran"]


def test_angels_junior_under_a_disc_still_protects():
    st = build(hands=(("dragons-junior",), ()), up=(3, 0),
               cols={(1, 1): [("angels-junior", "blue"), "reapers-secretary",
                              "witches-secretary", "demons-secretary"]})
    st = run(st, ("play", "dragons-junior", 1))
    assert view(st)["discard"] == []


def test_clearing_a_column_when_forming_ignores_the_angels_junior():
    st = build(phase="free", hands=(("angels-secretary",), ()),
               cols={(0, 1): ["angels-junior", "reapers-secretary", "witches-secretary",
                              "demons-secretary"]})
    st = run(st, ("free", "angels-secretary", 1))
    assert (0, 1) not in view(st)["cols"] and len(view(st)["discard"]) == 5
