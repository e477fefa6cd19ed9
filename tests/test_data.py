"""The shipped data: valid, complete, and matching the rulebooks' counts and values."""

import re

import pytest

from pnp.content.wordlist import fold
from pnp.games import GAMES
from pnp.games.gamedata import load_content
from pnp.validate import validate_paths

EXPECTED_COMPONENTS = {
    "majority": {"word-cards": 206, "vote-cards": 40, "preparation-cards": 4,
                 "point-cards-1": 50, "point-cards-5": 30, "variant-card": 1, "blank-cards": 5},
    "majority2": {"members": 60, "promo-members": 11, "ghosts": 2, "colour-discs": 5,
                  "coins": 40, "start-marker": 1},
    "majority-rules": {"dice": 33, "dividers": 2},
    "d20-stacks": {"d20-cards": 54},
}


@pytest.mark.slow
def test_every_shipped_file_validates():
    reports = validate_paths([])
    assert reports, "no shipped files found"
    assert [str(p) for r in reports for p in r.problems] == []


@pytest.mark.parametrize("game_id", list(EXPECTED_COMPONENTS))
def test_component_counts(game_id):
    game = GAMES[game_id]
    counts = {c.id: c.count for c in game.components(load_content(game_id))}
    assert counts == EXPECTED_COMPONENTS[game_id]


def test_word_list_quality():
    words = [w.text for w in load_content("majority").words.words()]
    assert len(words) == 412
    assert len({fold(w) for w in words}) == 412
    assert all(re.fullmatch(r"[A-Z][a-z]{1,13}", w) for w in words)
    lower = {w.lower() for w in words}
    plurals = [w for w in lower
               if (w.endswith("s") and w[:-1] in lower) or (w.endswith("es") and w[:-2] in lower)
               or (w.endswith("ies") and w[:-3] + "y" in lower)]
    assert plurals == []
    assert {"firefighter", "door", "woman", "stool"} <= lower


def test_vote_sets_have_distinct_colours_and_symbols():
    sets = load_content("majority").vote_sets
    assert len(sets) == 10
    assert len({s.rgb for s in sets}) == len({s.symbol for s in sets}) == 10


BASE_VP = {"secretary": 2, "junior": 3, "senior": 3, "veteran": 4, "aristocrat": 2}
BASE_QTY = {"secretary": 3, "junior": 3, "senior": 2, "veteran": 2, "aristocrat": 2}
COST = {"secretary": 2, "junior": 3, "senior": 4, "veteran": 4, "aristocrat": 2}
NEEDS = {"secretary": 0, "junior": 0, "senior": 0, "veteran": 1, "aristocrat": 2}


def test_majority2_base_members_match_the_rulebook():
    content = load_content("majority2")
    colours = {"witches": "blue", "demons": "green", "dragons": "red", "angels": "pink",
               "reapers": "black"}
    assert len(content.members) == 25
    for card in content.members:
        assert card.colour == colours[card.faction]
        assert card.quantity == BASE_QTY[card.rank]
        assert card.cost == COST[card.rank]
        assert card.requires_formed == NEEDS[card.rank]
        expected_vp = {("demons", "veteran"): 6, ("angels", "aristocrat"): 4}.get(
            (card.faction, card.rank), BASE_VP[card.rank])
        assert card.vp.base == expected_vp
        if card.rank == "secretary":
            assert (card.vp.rule, card.vp.bonus) == ("secretary-combo", 2)
        else:
            assert card.vp.rule == "fixed"
    not_free = sorted(c.id for c in content.members if not c.free_play)
    assert not_free == ["angels-junior", "demons-veteran"]


def test_majority2_promos_match_the_rulebook():
    cards = load_content("majority2").cards
    expected = {"promo-witches-senior": (3, 2, "fixed"),
                "promo-demons-veteran": (2, 2, "distinct-colours"),
                "promo-dragons-junior": (3, 3, "fixed"),
                "promo-angels-veteran": (4, 2, "fixed"),
                "promo-reapers-aristocrat": (2, 2, "fixed"),
                "ghost": (5, 2, "fixed")}
    for card_id, (vp, qty, rule) in expected.items():
        card = cards[card_id]
        assert (card.vp.base, card.quantity, card.vp.rule) == (vp, qty, rule)
    assert cards["promo-demons-veteran"].vp.bonus == 1
    assert not cards["promo-demons-veteran"].free_play
    assert cards["promo-witches-senior"].replaces == "witches-senior"
    assert cards["ghost"].replaces is None and cards["ghost"].colour is None


def test_d20_default_deck():
    deck = load_content("d20-stacks")
    assert deck.counts == {0: 14, **{v: 2 for v in range(1, 21)}}
    assert deck.size == 54


def test_majority_rules_dice():
    content = load_content("majority-rules")
    assert [(d.colour, d.count) for d in content.player_sets] == [
        ("Blue", 8), ("Red", 8), ("Yellow", 8), ("Green", 8)]
    assert content.gold.count == 1
