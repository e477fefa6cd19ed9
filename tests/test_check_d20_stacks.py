"""D20 Stacks: the rulebook's stacks A-D, the contract's example and each ruling."""

import pytest
from checkhelp import check, input_errors, totals, wheres

from pnp.games.d20_stacks.scoring import Card, Move, apply_move, legal_adds, score_stacks


def cards(**counts):
    """A stack holding `counts` cards of each player (order does not matter for scoring)."""
    return [Card(p, 0) for p, n in counts.items() for _ in range(n)]


def record(players, stacks=None, moves=None, **extra):
    data = {"game": "d20-stacks", "players": players, **extra}
    if stacks is not None:
        data["stacks"] = stacks
    if moves is not None:
        data["moves"] = [{"player": p, "value": v, "stack": s} for p, v, s in moves]
    return data


def test_rulebook_stacks_a_to_d():
    """A: 2 of G1 → nothing. B: 4 G2, 4 G3, 2 G1 → tie, nothing. C: 4 G3, 2 G2, 2 G4 → G3.
    D: 6 G3, 3 G1, 2 G2, 1 G4 → G3."""
    stacks = [cards(G1=2), cards(G2=4, G3=4, G1=2), cards(G3=4, G2=2, G4=2),
              cards(G3=6, G1=3, G2=2, G4=1)]
    points, outcomes = score_stacks(stacks, ["G1", "G2", "G3", "G4"])
    assert [o.winner for o in outcomes] == [None, None, "G3", "G3"]
    assert points == {"G1": 0, "G2": 0, "G3": 2, "G4": 0}
    assert outcomes[0].reason == "only one player's cards"
    assert outcomes[1].reason.startswith("tied for most")


def test_contract_example_is_a_shared_victory(tmp_path):
    stacks = [["G1:5", "G2:8", "G1:12", "G2:15", "G1:20"],
              [{"player": "G2", "value": 0}, {"player": "G1", "value": 7}, "G2:9"]]
    verdict = check(tmp_path, record(["G1", "G2"], stacks, claimed={"G1": 1, "G2": 1}))
    assert verdict.ok and verdict.finished
    assert totals(verdict) == {"G1": 1, "G2": 1}
    assert verdict.winners == ("G1", "G2") and verdict.tie_break == "shared"


def test_legal_adds_strictly_greater_not_closed_never_a_dash():
    stacks = ((Card("a", 5),), (Card("a", 3), Card("b", 20)), (Card("b", 0),))
    assert legal_adds(stacks, 6) == [1, 3]
    assert legal_adds(stacks, 5) == [3]
    assert legal_adds(stacks, 0) == []


def test_card_not_greater_is_a_violation_and_stays(tmp_path):
    verdict = check(tmp_path, record(["A", "B"], [["A:5", "B:5", "A:9", "B:12"]]))
    assert [(v.where, v.message) for v in verdict.violations] == [
        ("stacks[0][1]", "5 is not greater than the 5 below it")]
    assert totals(verdict) == {"A": 0, "B": 0}


def test_card_on_a_closed_stack_is_one_violation_not_two(tmp_path):
    verdict = check(tmp_path, record(["A", "B"], [["A:5", "B:20", "A:3", "B:2"]]))
    assert [(v.where, v.message) for v in verdict.violations] == [
        ("stacks[0][2]", "the stack is closed by a 20"),
        ("stacks[0][3]", "the stack is closed by a 20")]


def test_a_dash_can_start_a_stack_but_never_be_added(tmp_path):
    verdict = check(tmp_path, record(["A", "B"], [["A:-", "B:3"], ["B:4", "A:0"]]))
    assert wheres(verdict) == ["stacks[1][1]"]


def test_unequal_numbers_of_cards_is_one_violation(tmp_path):
    verdict = check(tmp_path, record(["A", "B", "C"], [["A:1", "A:2", "B:3", "A:4"]]))
    assert [(v.where, v.message) for v in verdict.violations] == [
        ("stacks", "players played unequal numbers of cards: A 3, B 1, C 0")]


def test_value_beyond_the_deck_is_one_violation_per_value(tmp_path):
    stacks = [["A:7", "B:8"], ["A:7", "B:8"], ["A:7", "B:8"], ["A:1", "B:2"]]
    verdict = check(tmp_path, record(["A", "B"], stacks))
    assert [(v.where, v.message) for v in verdict.violations] == [
        ("stacks[2][0]", "3 cards of value 7 played; the deck holds 2"),
        ("stacks[2][1]", "3 cards of value 8 played; the deck holds 2")]


def test_record_deck_replaces_the_default(tmp_path):
    stacks = [["A:7", "B:8"], ["A:7", "B:8"], ["A:7", "B:8"]]
    assert check(tmp_path, record(["A", "B"], stacks, deck=[7, 7, 7, 8, 8, 8])).ok
    verdict = check(tmp_path, record(["A", "B"], stacks, deck=[7, 7, 7, 8, 8, 9]))
    assert [v.message for v in verdict.violations] == [
        "3 cards of value 8 played; the deck holds 2"]


def test_one_card_of_a_value_the_deck_lacks_is_one_card(tmp_path):
    """A record's own deck without a 5: one 5 played is "1 card", not "1 cards"."""
    verdict = check(tmp_path, record(["A", "B"], [["A:1", "B:5"]], deck=[1, 2, "-"]))
    assert [(v.where, v.message) for v in verdict.violations] == [
        ("stacks[0][1]", "1 card of value 5 played; the deck holds 0")]


def test_moves_replay_into_stacks(tmp_path):
    moves = [("A", 3, "new"), ("B", 5, 1), ("A", 2, "new"), ("B", 20, 1)]
    verdict = check(tmp_path, record(["A", "B"], moves=moves))
    assert verdict.ok
    assert verdict.detail["stacks"][0]["cards"] == ["A:3", "B:5", "B:20"]
    assert totals(verdict) == {"A": 0, "B": 1}


def test_out_of_turn_moves_one_violation_each(tmp_path):
    moves = [("A", 3, "new"), ("A", 5, 1), ("B", 6, 1), ("B", 8, 1)]
    verdict = check(tmp_path, record(["A", "B"], moves=moves))
    assert [(v.where, v.message) for v in verdict.violations] == [
        ("moves[1]", "A plays out of turn; the 2nd move is B's"),
        ("moves[2]", "B plays out of turn; the 3rd move is A's")]


def test_move_to_a_missing_stack_starts_a_new_one(tmp_path):
    moves = [("A", 3, "new"), ("B", 5, 4)]
    verdict = check(tmp_path, record(["A", "B"], moves=moves))
    assert wheres(verdict) == ["moves[1]"]
    assert "stack 4 does not exist; the card starts stack 2" in verdict.violations[0].message
    assert len(verdict.detail["stacks"]) == 2


def test_illegal_move_stays_and_counts(tmp_path):
    moves = [("A", 9, "new"), ("B", 4, 1), ("A", 20, 1), ("B", 1, 1)]
    verdict = check(tmp_path, record(["A", "B"], moves=moves))
    assert wheres(verdict) == ["moves[1]", "moves[3]"]
    assert "closed" in verdict.violations[1].message
    assert verdict.detail["stacks"][0]["cards"] == ["A:9", "B:4", "A:20", "B:1"]


@pytest.mark.parametrize(("option", "violations"), [
    (None, []), ("always", []), ("only_if_blocked", ["moves[2]"])])
def test_new_stack_option(tmp_path, option, violations):
    moves = [("A", 3, "new"), ("B", 1, "new"), ("A", 8, "new"), ("B", 0, "new")]
    rules = (f"new_stack={option}",) if option else ()
    verdict = check(tmp_path, record(["A", "B"], moves=moves), *rules)
    assert wheres(verdict) == violations
    assert verdict.rules == {"new_stack": option or "always"}


def test_new_stack_option_in_the_record(tmp_path):
    moves = [("A", 3, "new"), ("B", 5, "new")]
    data = record(["A", "B"], moves=moves, rules={"new_stack": "only_if_blocked"})
    assert wheres(check(tmp_path, data)) == ["moves[1]"]
    assert check(tmp_path, data, "new_stack=always").ok


def test_apply_move_is_pure():
    stacks = ((Card("A", 3),),)
    result = apply_move(stacks, Move("B", 5, 1))
    assert stacks == ((Card("A", 3),),)
    assert result.stacks == ((Card("A", 3), Card("B", 5)),) and result.problem is None


def test_both_stacks_and_moves_is_an_input_error(tmp_path):
    errors = input_errors(tmp_path, record(["A", "B"], [["A:1"]], moves=[("A", 1, "new")]))
    assert 'give either "stacks" or "moves", not both' in errors


def test_neither_stacks_nor_moves_is_an_input_error(tmp_path):
    assert 'give the final "stacks"' in input_errors(tmp_path, record(["A", "B"]))


def test_cards_of_strangers_are_input_errors(tmp_path):
    errors = input_errors(tmp_path, record(["A", "B"], [["A:1", "C:2"], [{"player": "D",
                                                                          "value": 3}]]))
    assert "$.stacks[0][1]: 'C' is not a player" in errors
    assert "$.stacks[1][0].player: 'D' is not a player" in errors


def test_values_above_20_are_input_errors(tmp_path):
    assert "$.stacks[0][0]" in input_errors(tmp_path, record(["A", "B"], [["A:21"]]))


def test_player_names_may_hold_colons(tmp_path):
    verdict = check(tmp_path, record(["Team:1", "Team:2"], [["Team:1:4", "Team:2:5"]]))
    assert verdict.ok
