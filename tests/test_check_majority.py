"""The Majority: the rulebook's worked examples and each ruling, through the checker."""

import shutil

import pytest
from checkhelp import check, input_errors, totals, wheres

from pnp.check import check_file
from pnp.games.majority.scoring import play_turn, resolve_turn, start_round

from conftest import ROOT

SIX = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]


def votes(players, letters):
    """`votes(SIX, "AAAABB")` → {"Ana": "A", ...}; `S` stands for Score."""
    return {p: "Score" if v == "S" else v for p, v in zip(players, letters, strict=True)}


def record(players, *rounds, **extra):
    return {"game": "majority", "players": players,
            "rounds": [{"turns": list(turns)} for turns in rounds], **extra}


def climb(players, cards):
    """A round where everyone agrees `cards - 1` times, then everyone votes Score: each
    player scores `cards`."""
    return [votes(players, "A" * len(players))] * (cards - 1) + \
        [votes(players, "S" * len(players))]


# The rulebook's examples -------------------------------------------------------------

def test_firefighter_door_four_a_two_b():
    """Six players: four vote A (Firefighter / Door), two B; the B voters are out and Door
    joins the Reference pile."""
    outcome = resolve_turn(votes(SIX, "AAAABB"), pile=1)
    assert outcome.majorities == ("A",)
    assert outcome.continuing == ("Ana", "Bo", "Cy", "Di")
    assert outcome.out == ("Ed", "Flo")
    assert outcome.pile_after == 2 and not outcome.round_over and outcome.scored == {}


def test_score_example_1_score_majority_scores_the_pile_and_ends_the_round():
    outcome = resolve_turn(votes(SIX, "SSSBBC"), pile=3)
    assert outcome.scored == {"Ana": 3, "Bo": 3, "Cy": 3}
    assert outcome.round_over


def test_score_example_2_b_majority_goes_on_and_score_voters_are_out():
    outcome = resolve_turn(votes(SIX, "BBBSSC"), pile=3)
    assert outcome.majorities == ("B",)
    assert outcome.scored == {}
    assert outcome.continuing == ("Ana", "Bo", "Cy")
    assert set(outcome.out) == {"Di", "Ed", "Flo"}
    assert not outcome.round_over


def test_two_players_remaining_score_the_pile_including_the_new_card():
    """Four players: A, A, B, C. A joins the pile (3 → 4 cards here), and the two A voters
    are the only ones left at the start of the next turn: both score the pile."""
    outcome = resolve_turn(votes(["Ana", "Bo", "Cy", "Di"], "AABC"), pile=3)
    assert outcome.scored == {"Ana": 4, "Bo": 4}
    assert outcome.round_over and outcome.reason == "two players remain"


def test_one_vote_each_is_no_majority_and_nobody_scores():
    outcome = resolve_turn(votes(["Ana", "Bo", "Cy"], "ABC"), pile=5)
    assert outcome.majorities == () and outcome.scored == {}
    assert outcome.round_over and outcome.reason == "no majority"


def test_ties_example_1_three_majorities_all_join_the_pile():
    outcome = resolve_turn(votes(SIX, "AABBCC"), pile=1)
    assert outcome.majorities == ("A", "B", "C")
    assert outcome.pile_after == 4
    assert outcome.continuing == tuple(SIX) and not outcome.round_over


def test_ties_example_2_score_tied_with_letters():
    """A, B and Score two votes each, 4 cards: Score voters take 4 and leave; A and B join
    the pile and four players go on."""
    outcome = resolve_turn(votes(SIX, "AABBSS"), pile=4)
    assert outcome.scored == {"Ed": 4, "Flo": 4}
    assert outcome.continuing == ("Ana", "Bo", "Cy", "Di")
    assert outcome.pile_after == 6 and not outcome.round_over


def test_ties_example_3_the_last_two_score_5():
    """Four players, C and Score two votes each, 4 cards: Score voters take 4; C joins the
    pile; the last two players each score 5."""
    outcome = resolve_turn(votes(["Ana", "Bo", "Cy", "Di"], "CCSS"), pile=4)
    assert outcome.scored == {"Cy": 4, "Di": 4, "Ana": 5, "Bo": 5}
    assert outcome.round_over


def test_ties_example_3_through_the_checker(tmp_path):
    players = ["Ana", "Bo", "Cy", "Di"]
    turns = [votes(players, "AAAA"), votes(players, "AAAA"), votes(players, "BBBB"),
             votes(players, "CCSS")]
    verdict = check(tmp_path, record(players, turns))
    assert totals(verdict) == {"Ana": 5, "Bo": 5, "Cy": 4, "Di": 4}
    assert verdict.ok


def test_no_majority_even_score_voters_get_nothing():
    outcome = resolve_turn(votes(["Ana", "Bo", "Cy"], "SAB"), pile=7)
    assert outcome.scored == {} and outcome.round_over


def test_below_the_top_count_is_never_a_majority_even_with_two_votes():
    outcome = resolve_turn(votes(SIX, "AAABBS"), pile=1)
    assert outcome.majorities == ("A",)
    assert set(outcome.out) == {"Di", "Ed", "Flo"}


def test_each_round_starts_with_one_card_and_everyone_back_in():
    state, scored = start_round(SIX)
    assert state.pile == 1 and state.active == tuple(SIX) and scored == {}
    state, _ = play_turn(state, votes(SIX, "AAAABB"))
    assert state.active == ("Ana", "Bo", "Cy", "Di") and state.pile == 2


# The contract's example and whole games ----------------------------------------------

def test_contract_example_is_an_unfinished_legal_game():
    verdict = check_file(ROOT / "data" / "examples" / "majority-unfinished.json")
    assert verdict.ok and not verdict.finished and verdict.winners == ()
    assert totals(verdict) == {"Ana": 3, "Bo": 3, "Cy": 0, "Di": 0, "Ed": 0, "Flo": 0}


def test_game_ends_at_the_end_of_the_round_reaching_20(tmp_path):
    players = ["Ana", "Bo", "Cy"]
    verdict = check(tmp_path, record(players, climb(players, 12), climb(players, 8)))
    assert verdict.finished and totals(verdict) == {"Ana": 20, "Bo": 20, "Cy": 20}
    assert verdict.winners == ("Ana", "Bo", "Cy") and verdict.tie_break == "shared"


def test_equal_highest_totals_share_the_victory(tmp_path):
    players = ["Ana", "Bo", "Cy"]
    last = [votes(players, "AAA")] * 11 + [votes(players, "SSA")]
    verdict = check(tmp_path, record(players, climb(players, 10), last))
    assert totals(verdict) == {"Ana": 22, "Bo": 22, "Cy": 10}
    assert verdict.winners == ("Ana", "Bo") and verdict.tie_break == "shared"


def test_highest_total_wins_alone(tmp_path):
    players = ["Ana", "Bo", "Cy"]
    rounds = ([votes(players, "SSA")], [votes(players, "ASS")], climb(players, 18))
    verdict = check(tmp_path, record(players, *rounds, claimed={"Bo": 20}))
    assert totals(verdict) == {"Ana": 19, "Bo": 20, "Cy": 19}
    assert verdict.winners == ("Bo",) and verdict.tie_break is None and verdict.ok


def test_unfinished_game_has_standings_but_no_winner(tmp_path):
    players = ["Ana", "Bo", "Cy"]
    verdict = check(tmp_path, record(players, climb(players, 5)))
    assert verdict.ok and not verdict.finished and verdict.winners == ()
    assert totals(verdict) == {"Ana": 5, "Bo": 5, "Cy": 5}


def test_last_round_stopping_early_is_unfinished_not_a_violation(tmp_path):
    players = ["Ana", "Bo", "Cy"]
    verdict = check(tmp_path, record(players, climb(players, 19), [votes(players, "AAA")]))
    assert verdict.ok and not verdict.finished and verdict.winners == ()


def test_earlier_round_stopping_early_is_a_violation(tmp_path):
    players = ["Ana", "Bo", "Cy"]
    verdict = check(tmp_path, record(players, [votes(players, "AAA")], climb(players, 2)))
    assert wheres(verdict) == ["rounds[0]"]
    assert "stops before it has ended" in verdict.violations[0].message


# Faulty records: one violation each ----------------------------------------------------

def test_missing_vote_is_one_violation_and_the_player_leaves(tmp_path):
    players = ["Ana", "Bo", "Cy", "Di"]
    turns = [{"Ana": "A", "Bo": "A", "Cy": "A"}, votes(players[:3], "SSS")]
    verdict = check(tmp_path, record(players, turns))
    assert wheres(verdict) == ["rounds[0].turns[0]"]
    assert "Di is still in the round but has no vote" in verdict.violations[0].message
    assert totals(verdict) == {"Ana": 2, "Bo": 2, "Cy": 2, "Di": 0}


def test_vote_from_a_player_already_out_is_one_violation_and_ignored(tmp_path):
    players = ["Ana", "Bo", "Cy", "Di"]
    turns = [votes(players, "AAAB"), votes(players, "SSSS")]
    verdict = check(tmp_path, record(players, turns))
    assert wheres(verdict) == ["rounds[0].turns[1]"]
    assert "Di voted but is already out" in verdict.violations[0].message
    assert totals(verdict) == {"Ana": 2, "Bo": 2, "Cy": 2, "Di": 0}


def test_turn_after_the_round_ended_is_one_violation_and_not_counted(tmp_path):
    players = ["Ana", "Bo", "Cy"]
    turns = [votes(players, "SSS"), votes(players, "SSS"), votes(players, "SSA")]
    verdict = check(tmp_path, record(players, turns))
    assert wheres(verdict) == ["rounds[0].turns[1]", "rounds[0].turns[2]"]
    assert totals(verdict) == {"Ana": 1, "Bo": 1, "Cy": 1}


def test_round_after_the_game_ended_is_one_violation_and_not_counted(tmp_path):
    players = ["Ana", "Bo", "Cy"]
    verdict = check(tmp_path, record(players, climb(players, 20), climb(players, 3)))
    assert wheres(verdict) == ["rounds[1]"]
    assert totals(verdict)["Ana"] == 20 and verdict.finished


def test_votes_are_case_insensitive(tmp_path):
    players = ["Ana", "Bo", "Cy"]
    turns = [{"Ana": "a", "Bo": "A", "Cy": "b"}]
    verdict = check(tmp_path, record(players, [{"Ana": "SCORE", "Bo": "score", "Cy": "c"}]))
    assert totals(verdict) == {"Ana": 1, "Bo": 1, "Cy": 0}
    verdict = check(tmp_path, record(players, turns))
    assert totals(verdict) == {"Ana": 2, "Bo": 2, "Cy": 0}


def test_wrong_claim_is_one_violation(tmp_path):
    players = ["Ana", "Bo", "Cy"]
    verdict = check(tmp_path, record(players, climb(players, 4), claimed={"Ana": 4, "Bo": 5}))
    assert [(v.where, v.message) for v in verdict.violations] == [
        ("claimed.Bo", "claimed 5, computed 4")]


# target option ------------------------------------------------------------------------

@pytest.mark.parametrize(("rules", "finished"), [((), False), (("target=12",), True),
                                                 (("target=13",), False)])
def test_target_option_on_the_command_line(tmp_path, rules, finished):
    players = ["Ana", "Bo", "Cy"]
    verdict = check(tmp_path, record(players, climb(players, 12)), *rules)
    assert verdict.finished is finished
    assert verdict.rules["target"] == (int(rules[0].split("=")[1]) if rules else 20)


def test_target_option_in_the_record_and_overridden(tmp_path):
    players = ["Ana", "Bo", "Cy"]
    data = record(players, climb(players, 12), rules={"target": 10})
    assert check(tmp_path, data).finished
    assert not check(tmp_path, data, "target=30").finished


# final point cards --------------------------------------------------------------------

def test_final_alone_gives_the_totals(tmp_path):
    final = {"Ana": {"ones": 3, "fives": 4}, "Bo": {"ones": 9, "fives": 0},
             "Cy": {"ones": 0, "fives": 1}}
    verdict = check(tmp_path, {"game": "majority", "players": ["Ana", "Bo", "Cy"],
                               "final": final})
    assert totals(verdict) == {"Ana": 23, "Bo": 9, "Cy": 5}
    assert verdict.finished and verdict.winners == ("Ana",) and verdict.ok


def test_final_not_matching_the_rounds_is_a_violation(tmp_path):
    players = ["Ana", "Bo", "Cy"]
    final = {"Ana": {"ones": 4, "fives": 0}, "Bo": {"ones": 0, "fives": 1},
             "Cy": {"ones": 4, "fives": 0}}
    verdict = check(tmp_path, record(players, climb(players, 4), final=final))
    assert wheres(verdict) == ["final.Bo"]


def test_final_beyond_the_supply_is_one_violation_per_kind(tmp_path):
    final = {"Ana": {"ones": 30, "fives": 20}, "Bo": {"ones": 21, "fives": 11},
             "Cy": {"ones": 0, "fives": 0}}
    verdict = check(tmp_path, {"game": "majority", "players": ["Ana", "Bo", "Cy"],
                               "final": final})
    assert [v.message for v in verdict.violations] == [
        "51 1-point cards held in all; the box has 50",
        "31 5-point cards held in all; the box has 30"]


def test_final_must_list_every_player(tmp_path):
    errors = input_errors(tmp_path, {"game": "majority", "players": ["Ana", "Bo", "Cy"],
                                     "final": {"Ana": {"ones": 1, "fives": 0}}})
    assert "$.final: \"final\" must list every player; missing: Bo, Cy" in errors


def test_vote_from_a_stranger_is_an_input_error(tmp_path):
    errors = input_errors(tmp_path, record(["Ana", "Bo", "Cy"],
                                           [{"Ana": "A", "Bo": "A", "Cyy": "A"}]))
    assert "$.rounds[0].turns[0].Cyy: 'Cyy' is not a player" in errors
    assert "did you mean Cy?" in errors


def test_neither_rounds_nor_final_is_an_input_error(tmp_path):
    errors = input_errors(tmp_path, {"game": "majority", "players": ["Ana", "Bo", "Cy"]})
    assert 'give "rounds"' in errors


def test_point_supply_comes_from_the_data(tmp_path):
    """The supply is read from data/majority/components.json, not from the code."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    components = data / "majority" / "components.json"
    components.write_text(components.read_text(encoding="utf-8").replace(
        '"count": 50', '"count": 5'), encoding="utf-8")
    final = {"Ana": {"ones": 6, "fives": 0}, "Bo": {"ones": 0, "fives": 0},
             "Cy": {"ones": 0, "fives": 0}}
    verdict = check(tmp_path, {"game": "majority", "players": ["Ana", "Bo", "Cy"],
                               "final": final}, data_dir=data)
    assert [v.message for v in verdict.violations] == [
        "6 1-point cards held in all; the box has 5"]
