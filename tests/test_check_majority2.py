"""The Majority 2: the rulebook's 35-point example, the contract's example and each ruling."""

import json
import shutil

import pytest
from checkhelp import check, input_errors, totals, wheres

from pnp.games.gamedata import load_content
from pnp.games.majority2.scoring import AreaCard, area_scores, card_vp, final_score

from conftest import ROOT

RULEBOOK_AREA = ["demons-veteran", "demons-secretary", "demons-secretary",
                 "angels-junior", "angels-junior", "angels-aristocrat"]
FILLER = ["reapers-junior", "reapers-junior", "dragons-junior", "dragons-senior",
          "witches-junior"]


@pytest.fixture(scope="module")
def cards():
    return load_content("majority2").cards


def area(cards, *entries):
    return [AreaCard(cards[e], None) if isinstance(e, str) else AreaCard(cards[e[0]], e[1])
            for e in entries]


def record(ana, bo, coins=(0, 0), **extra):
    return {"game": "majority2", "players": ["Ana", "Bo"],
            "score_areas": {"Ana": ana, "Bo": bo},
            "coins": {"Ana": coins[0], "Bo": coins[1]}, **extra}


def test_rulebook_example_scores_35(cards):
    """Demons Veteran 6 + two Demons Secretaries 4 each + two Angels Juniors 3 each + Angels
    Aristocrat 4 = 24, plus 11 coins = 35."""
    scores = area_scores(area(cards, *RULEBOOK_AREA))
    assert [s.vp for s in scores] == [6, 4, 4, 3, 3, 4]
    assert final_score(area(cards, *RULEBOOK_AREA), 11) == 35


def test_contract_example_ana_35_bo_14(tmp_path):
    bo = ["witches-secretary", {"card": "demons-secretary", "disc": "blue"}, "ghost"]
    verdict = check(tmp_path, record(RULEBOOK_AREA, bo, (11, 3), start_player="Ana",
                                     claimed={"Ana": 35, "Bo": 16}))
    assert totals(verdict) == {"Ana": 35, "Bo": 14}
    assert [(v.where, v.message) for v in verdict.violations] == [
        ("claimed.Bo", "claimed 16, computed 14")]
    assert verdict.winners == ("Ana",) and verdict.finished
    assert verdict.rules == {"free_play_ignores_requirements": False}


def test_secretary_counts_other_secretaries_of_its_printed_colour(cards):
    """A Demons Secretary under a blue disc boosts Witches Secretaries; its own bonus still
    counts only green Secretaries."""
    cards_ = area(cards, "witches-secretary", ("demons-secretary", "blue"),
                  "demons-secretary", "witches-secretary")
    assert [s.vp for s in area_scores(cards_)] == [6, 4, 2, 6]


def test_secretary_counts_only_secretaries(cards):
    cards_ = area(cards, "witches-secretary", "witches-junior", ("angels-junior", "blue"))
    assert [s.vp for s in area_scores(cards_)] == [2, 3, 3]


def test_secretary_under_a_disc_of_its_own_colour_still_counts(cards):
    cards_ = area(cards, ("witches-secretary", "blue"), "witches-secretary")
    assert [s.vp for s in area_scores(cards_)] == [4, 4]


def test_promo_demons_veteran_counts_distinct_colours_its_own_included(cards):
    cards_ = area(cards, "promo-demons-veteran", "witches-junior", "witches-senior",
                  "angels-junior")
    assert card_vp(cards_[0], cards_, 0).vp == 2 + 3


def test_ghost_without_disc_has_no_colour_with_disc_has_one(cards):
    bare = area(cards, "promo-demons-veteran", "ghost")
    assert card_vp(bare[0], bare, 0).vp == 3
    discs = area(cards, "promo-demons-veteran", ("ghost", "red"))
    assert card_vp(discs[0], discs, 0).vp == 4
    assert card_vp(discs[1], discs, 1).vp == 5


def test_disc_changes_colour_for_the_distinct_colour_count(cards):
    cards_ = area(cards, ("promo-demons-veteran", "blue"), "witches-junior")
    assert card_vp(cards_[0], cards_, 0).vp == 3


def test_tie_goes_to_the_player_without_the_start_marker(tmp_path):
    data = record(["witches-junior"] * 3 + ["dragons-junior"] * 2, ["angels-senior"],
                  (0, 12), start_player="Bo")
    verdict = check(tmp_path, data)
    assert totals(verdict) == {"Ana": 15, "Bo": 15}
    assert verdict.winners == ("Ana",) and verdict.tie_break == "non-start-player"
    data.pop("start_player")
    verdict = check(tmp_path, data)
    assert verdict.winners == ("Bo",), "the first player holds the marker by default"


def test_coins_all_count(tmp_path):
    verdict = check(tmp_path, record(FILLER, [], (7, 9)))
    assert totals(verdict) == {"Ana": 15 + 7, "Bo": 9}


def test_nobody_with_five_factions_is_a_violation_and_no_winner(tmp_path):
    verdict = check(tmp_path, record(FILLER[:4], FILLER[4:], (1, 1)))
    assert wheres(verdict) == ["score_areas"]
    assert not verdict.finished and verdict.winners == ()


def test_copies_beyond_the_deck_one_violation_per_card_id(tmp_path):
    verdict = check(tmp_path, record(["demons-secretary"] * 3 + ["angels-junior"] * 2,
                                     ["demons-secretary", "angels-junior", "angels-junior"]))
    assert [(v.where, v.message) for v in verdict.violations] == [
        ("score_areas.Bo[0]", "4 copies of demons-secretary in the score areas; "
                              "the deck holds 3"),
        ("score_areas.Bo[2]", "4 copies of angels-junior in the score areas; "
                              "the deck holds 3"),
    ]


def test_promo_and_base_copies_count_together(tmp_path):
    verdict = check(tmp_path, record(["demons-veteran", "promo-demons-veteran", *FILLER[:3]],
                                     ["promo-demons-veteran"]))
    assert wheres(verdict) == ["score_areas.Bo[0]"]
    assert "3 copies of demons-veteran and its promo" in verdict.violations[0].message


def test_ghosts_count_separately(tmp_path):
    legal = check(tmp_path, record(["ghost", "ghost", *FILLER[:3]], []))
    assert legal.ok
    verdict = check(tmp_path, record(["ghost", "ghost", *FILLER[:3]], ["ghost"]))
    assert [v.message for v in verdict.violations] == [
        "3 copies of ghost in the score areas; the deck holds 2"]


def test_a_disc_colour_on_two_or_more_cards_is_one_violation(tmp_path):
    red = {"card": "witches-junior", "disc": "red"}
    verdict = check(tmp_path, record([red, red, *FILLER[:3]], [red]))
    assert [(v.where, v.message) for v in verdict.violations] == [
        ("score_areas.Ana[1]", "the red disc is on 3 cards; there is only one")]


def test_negative_coins_are_a_violation_per_player_but_still_count(tmp_path):
    verdict = check(tmp_path, record(FILLER, [], (-2, -1)))
    assert wheres(verdict) == ["coins.Ana", "coins.Bo"]
    assert totals(verdict) == {"Ana": 13, "Bo": -1}


def test_more_than_40_coins_in_all_is_one_violation(tmp_path):
    assert check(tmp_path, record(FILLER, [], (20, 20))).ok
    verdict = check(tmp_path, record(FILLER, [], (21, 20)))
    assert [(v.where, v.message) for v in verdict.violations] == [
        ("coins", "41 coins in all; the supply has 40")]


@pytest.mark.parametrize("value", [False, True])
def test_free_play_option_is_accepted_and_reported(tmp_path, value):
    data = record(RULEBOOK_AREA, ["ghost"], (11, 0),
                  rules={"free_play_ignores_requirements": value})
    verdict = check(tmp_path, data)
    assert verdict.rules == {"free_play_ignores_requirements": value}
    assert totals(verdict) == {"Ana": 35, "Bo": 5} and verdict.ok
    flipped = check(tmp_path, data, f"free_play_ignores_requirements={str(not value).lower()}")
    assert flipped.rules == {"free_play_ignores_requirements": not value}


def test_unknown_card_id_suggests_the_nearest(tmp_path):
    errors = input_errors(tmp_path, record(["demon-secretary"], []))
    assert ("$.score_areas.Ana[0]: unknown card 'demon-secretary'; "
            "did you mean demons-secretary?") in errors


def test_a_misspelt_id_or_colour_of_any_shape_suggests_the_nearest(tmp_path):
    """Capitals or a space make an id unknown like any typo: the contract's suggestion,
    not a bare pattern mismatch."""
    errors = input_errors(tmp_path, record(
        ["Demons-Secretary", {"card": " ghost", "disc": "Blue"}], []))
    assert ("$.score_areas.Ana[0]: unknown card 'Demons-Secretary'; "
            "did you mean demons-secretary?") in errors
    assert "$.score_areas.Ana[1].card: unknown card ' ghost'; did you mean ghost?" in errors
    assert ("$.score_areas.Ana[1].disc: unknown disc colour 'Blue' (discs: blue, green, red, "
            "pink, black); did you mean blue?") in errors


def test_unknown_disc_colour_is_an_input_error(tmp_path):
    errors = input_errors(tmp_path, record([{"card": "ghost", "disc": "purple"}], []))
    assert "$.score_areas.Ana[0].disc: unknown disc colour 'purple'" in errors


@pytest.mark.parametrize("key", ["score_areas", "coins"])
def test_both_players_must_be_in_score_areas_and_coins(tmp_path, key):
    data = record(FILLER, [])
    del data[key]["Bo"]
    assert f'$.{key}: "{key}" must list every player; missing: Bo' in input_errors(
        tmp_path, data)


def test_names_must_be_players(tmp_path):
    data = record(FILLER, [], claimed={"Ann": 3}, start_player="Bob")
    errors = input_errors(tmp_path, data)
    assert "$.claimed.Ann: 'Ann' is not a player" in errors
    assert "$.start_player: 'Bob' is not a player" in errors


def test_custom_promo_file_relative_to_the_record(tmp_path):
    promo = json.loads((ROOT / "data/examples/majority2-my-promos.json").read_text("utf-8"))
    (tmp_path / "promos").mkdir()
    (tmp_path / "promos" / "mine.json").write_text(json.dumps(promo), encoding="utf-8")
    data = record(["promo-witches-archmage", *FILLER[:4]], [], promos="promos/mine.json")
    verdict = check(tmp_path, data)
    archmage = verdict.players[0].breakdown[0]
    assert archmage.points == 1 + 2 * 3, "base 1 + 2 per colour: blue, black, red"
    twice = record(["promo-witches-archmage"] * 2 + FILLER[:3], [], promos="promos/mine.json")
    assert [v.message for v in check(tmp_path, twice).violations] == [
        "2 copies of promo-witches-archmage in the score areas; there are 1"]


def test_custom_promo_id_is_unknown_without_the_file(tmp_path):
    errors = input_errors(tmp_path, record(["promo-witches-archmage"], []))
    assert "unknown card 'promo-witches-archmage'" in errors


def test_broken_custom_promo_file_is_an_input_error(tmp_path):
    shutil.copy(ROOT / "tests/fixtures/bad/promo-wrong-colour.json", tmp_path / "p.json")
    errors = input_errors(tmp_path, record(FILLER, [], promos="p.json"))
    assert "$.promos: the promo file" in errors
    assert "p.json:5: not a valid promo card file here (details withheld" in errors
    assert "blue" not in errors  # the referenced file's content is never echoed
    errors = input_errors(tmp_path, record(FILLER, [], promos="missing.json"))
    assert "missing.json: file not found" in errors


def test_vp_values_come_from_the_card_data(tmp_path):
    """Change Demons Veteran to 7 VP in a copy of the data: the checker follows the data."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    members = data / "majority2" / "members.json"
    cards = json.loads(members.read_text("utf-8"))
    for card in cards["cards"]:
        if card["id"] == "demons-veteran":
            card["vp"] = {"rule": "fixed", "points": 7}
    members.write_text(json.dumps(cards), encoding="utf-8")
    verdict = check(tmp_path, record(RULEBOOK_AREA, [], (11, 0)), data_dir=data)
    assert totals(verdict)["Ana"] == 36
