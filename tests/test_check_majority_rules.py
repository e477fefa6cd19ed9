"""Majority Rules!: the rulebook's claiming and gold-die examples and each ruling."""

import pytest
from checkhelp import check, input_errors, totals, wheres

from pnp.games.majority_rules.scoring import claim, score_dice, winners

CONTRACT_DICE = {"Steve": [3, 3, 3, 3, 3, 6, 6, 1], "Susan": "33555442",
                 "Rob": [3, 3, 3, 3, 6, 2, 2, 1]}


def threes(steve, susan, rob, jackie=None):
    """Each player's dice: that many 3s, the rest distinct non-3 faces nobody shares."""
    fillers = {"Steve": [1], "Susan": [2], "Rob": [4], "Jackie": [5]}
    counts = {"Steve": steve, "Susan": susan, "Rob": rob}
    if jackie is not None:
        counts["Jackie"] = jackie
    return {p: [3] * n + fillers[p] * (8 - n) for p, n in counts.items()}


def record(players, *rounds, **extra):
    return {"game": "majority-rules", "players": players,
            "rounds": [{"gold": gold, "dice": dice} for gold, dice in rounds], **extra}


def test_steve_with_five_threes_claims_susans_and_robs():
    result = claim(threes(5, 2, 4), gold=6)
    outcome = next(f for f in result.faces if f.face == 3)
    assert outcome.claimed_by == "Steve"
    assert result.held["Steve"].count(3) == 11
    assert 3 not in result.held["Susan"] and 3 not in result.held["Rob"]


def test_jackie_ties_steve_so_rob_and_susan_keep_their_threes():
    result = claim(threes(5, 2, 4, jackie=5), gold=6)
    outcome = next(f for f in result.faces if f.face == 3)
    assert outcome.claimed_by is None
    assert [result.held[p].count(3) for p in ("Steve", "Susan", "Rob", "Jackie")] == \
        [5, 2, 4, 5]


def test_susan_scores_47_instead_of_41_with_gold_4():
    dice = [4, 4, 4, 5, 6, 6, 6, 6]
    assert score_dice(dice, gold=4) == 47
    assert sum(dice) == 41


def test_contract_example_steve_57(tmp_path):
    verdict = check(tmp_path, record(["Steve", "Susan", "Rob"], (1, CONTRACT_DICE),
                                     claimed={"Steve": 57, "Susan": 23, "Rob": 12}))
    assert totals(verdict) == {"Steve": 57, "Susan": 23, "Rob": 12}
    assert verdict.ok and not verdict.finished and verdict.winners == ()


def test_ties_below_the_top_do_not_matter():
    dice = {"A": [2, 2, 2, 1, 1, 1, 1, 1], "B": [2, 6, 6, 6, 6, 6, 6, 6],
            "C": [2, 5, 5, 5, 5, 5, 5, 5]}
    result = claim(dice, gold=4)
    assert next(f for f in result.faces if f.face == 2).claimed_by == "A"
    assert result.held["A"].count(2) == 5


def test_gold_die_itself_scores_nothing_and_gold_faces_count_6():
    dice = {"A": [1] * 8, "B": [2] * 8}
    assert claim(dice, gold=1).scores == {"A": 48, "B": 16}


def test_a_round_sums_to_all_dice_with_gold_faces_as_6():
    result = claim({p: list(map(int, d)) if isinstance(d, str) else d
                    for p, d in CONTRACT_DICE.items()}, gold=1)
    assert sum(result.scores.values()) == 92


def test_per_round_claims_are_checked_round_by_round(tmp_path):
    rounds = [{"gold": 1, "dice": CONTRACT_DICE, "claimed": {"Steve": 55, "Rob": 12}}]
    verdict = check(tmp_path, {"game": "majority-rules", "players": ["Steve", "Susan", "Rob"],
                               "rounds": rounds, "claimed": {"Susan": 20}})
    assert [(v.where, v.message) for v in verdict.violations] == [
        ("rounds[0].claimed.Steve", "claimed 55, computed 57"),
        ("claimed.Susan", "claimed 20, computed 23"),
    ]


BIG = {"A": [6] * 8, "B": [5] * 8}  # A 48, B 40 a round


@pytest.mark.parametrize(("rules", "rounds_to_end"), [
    (("target=96",), 2), (("target=96", "threshold=gte"), 2), (("target=96", "threshold=gt"), 3),
    (("target=100",), 3),
])
def test_target_and_threshold(tmp_path, rules, rounds_to_end):
    verdict = check(tmp_path, record(["A", "B"], *[(1, BIG)] * 3), *rules)
    assert verdict.finished
    extra = wheres(verdict)
    assert extra == ([] if rounds_to_end == 3 else ["rounds[2]"])
    assert totals(verdict)["A"] == 48 * rounds_to_end


def test_game_ends_on_reaching_500_and_later_rounds_are_violations(tmp_path):
    verdict = check(tmp_path, record(["A", "B"], *[(1, BIG)] * 12))
    assert verdict.rules == {"target": 500, "threshold": "gte"}
    assert wheres(verdict) == ["rounds[11]"]
    assert totals(verdict) == {"A": 528, "B": 440}
    assert verdict.winners == ("A",)


def test_equal_totals_go_to_the_higher_final_round():
    assert winners({"A": 510, "B": 510, "C": 300}, {"A": 40, "B": 52, "C": 10}) == \
        (["B"], "final-round-score")


def test_equal_totals_and_final_rounds_are_shared():
    assert winners({"A": 510, "B": 510}, {"A": 40, "B": 40}) == (["A", "B"], "shared")


def test_tie_breaks_through_the_checker(tmp_path):
    """Equal totals: B scored more in the final round. Then equal in both: shared."""
    rounds = [(3, {"A": [6] * 8, "B": [5] * 8}), (3, {"A": [5] * 8, "B": [6] * 8})]
    verdict = check(tmp_path, record(["A", "B"], *rounds), "target=80")
    assert totals(verdict) == {"A": 88, "B": 88}
    assert verdict.winners == ("B",) and verdict.tie_break == "final-round-score"
    rounds = [(3, {"A": [6] * 4 + [4] * 4, "B": [4] * 4 + [6] * 4})]
    verdict = check(tmp_path, record(["A", "B"], *rounds), "target=20")
    assert verdict.winners == ("A", "B") and verdict.tie_break == "shared"


def test_round_missing_a_players_dice_is_an_input_error(tmp_path):
    errors = input_errors(tmp_path, record(["A", "B"], (1, {"A": [1] * 8})))
    assert "$.rounds[0].dice: each round's \"dice\" must list every player; missing: B" in errors


@pytest.mark.parametrize("dice", ["1234567", [1] * 9, [0] * 8, "12345670"])
def test_dice_must_be_8_values_1_to_6(tmp_path, dice):
    errors = input_errors(tmp_path, record(["A", "B"], (1, {"A": dice, "B": [1] * 8})))
    assert "$.rounds[0].dice.A" in errors


def test_dice_from_a_stranger_is_an_input_error(tmp_path):
    errors = input_errors(tmp_path, record(["A", "B"], (1, {"A": [1] * 8, "B": [1] * 8,
                                                             "C": [1] * 8})))
    assert "$.rounds[0].dice.C: 'C' is not a player" in errors


def test_bad_threshold_value_is_an_input_error(tmp_path):
    errors = input_errors(tmp_path, record(["A", "B"], (1, BIG)), "threshold=over")
    assert "threshold=over: expected one of: gte, gt" in errors
