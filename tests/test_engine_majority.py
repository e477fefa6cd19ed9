"""The Majority engine: hand-worked games, chance, the vote model, and random-play invariants
(every action legal, the game ends, the point supply, replay, `pnp check`)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from enginetools import check_record, play_checked, totals

from pnp.errors import UsageError
from pnp.games import GAMES
from pnp.games.engine import CHANCE, IllegalAction, Outcome, PlayedGame, play, replay
from pnp.games.gamedata import load_content
from pnp.games.majority import bots
from pnp.games.majority.engine import ENGINE, MajorityConfig, make_config, to_record
from pnp.games.majority.scoring import make_change

WORDS = ("Firefighter", "Door")
THREE = MajorityConfig(players=3, target=4, words=WORDS)
S = "Score"
# Round 1: everyone agrees (pile 2), then two Score votes take 2 each; round 2: no
# majority; round 3: all Score, 1 each; round 4: A A Score, the two A voters remain and
# take the 2 cards. Totals 5, 5, 1: Ana and Bo reach 4 and share the victory.
GAME = ("green", 0, "A", "A", "A", S, S, "B",
        "red", 1, "A", "B", "C",
        "green", 1, S, S, S,
        "green", 0, "A", "A", S)


def finished(actions, config=THREE):
    state = replay(ENGINE, config, actions)
    return state, ENGINE.returns(state)


def test_hand_worked_game():
    state, outcome = finished(GAME)
    assert ENGINE.is_terminal(state) and ENGINE.legal_actions(state) == ()
    assert outcome == Outcome((5, 5, 1), (0, 1), "shared", "target", 4)


def test_totals_after_each_round():
    assert replay(ENGINE, THREE, GAME[:8]).totals == (2, 2, 0)
    assert replay(ENGINE, THREE, GAME[:13]).totals == (2, 2, 0)
    assert replay(ENGINE, THREE, GAME[:18]).totals == (3, 3, 1)
    assert not ENGINE.is_terminal(replay(ENGINE, THREE, GAME[:18]))


def test_rulebook_ties_example_3_ends_a_game():
    """Four players; C and Score two votes each with 4 cards in the pile: the Score voters
    take 4, C joins the pile and the last two take 5."""
    config = MajorityConfig(players=4, target=5, words=WORDS)
    turns = ("A",) * 4 + ("A",) * 4 + ("B",) * 4 + ("C", "C", S, S)
    state, outcome = finished(("green", 0, *turns), config)
    assert outcome.scores == (5, 5, 4, 4) and outcome.winners == (0, 1)


def test_votes_are_taken_from_the_players_still_in():
    state = replay(ENGINE, MajorityConfig(players=5, words=WORDS),
                   ("green", 0, "A", "A", "A", "B", "C"))
    assert state.round.active == (0, 1, 2) and state.round.pile == 2
    assert ENGINE.current_player(state) == 0
    assert ENGINE.current_player(ENGINE.apply(state, "A")) == 1


def test_chance_tosses_the_variant_then_draws_a_reference_card_once_per_game():
    state = ENGINE.initial_state(THREE)
    assert ENGINE.current_player(state) == CHANCE
    assert ENGINE.chance_outcomes(state) == (("green", 0.5), ("red", 0.5))
    state = ENGINE.apply(state, "red")
    assert ENGINE.chance_outcomes(state) == ((0, 0.5), (1, 0.5))
    round_2 = replay(ENGINE, THREE, GAME[:9])
    assert ENGINE.chance_outcomes(round_2) == ((1, 1.0),)
    with pytest.raises(IllegalAction, match="word card 0 is not in the piles"):
        ENGINE.apply(round_2, 0)
    every_card_used = replay(ENGINE, THREE, GAME[:14])
    assert ENGINE.chance_outcomes(every_card_used) == ((0, 0.5), (1, 0.5))


def test_without_word_cards_only_the_variant_is_chance():
    state = replay(ENGINE, MajorityConfig(players=3), ("red",))
    assert ENGINE.current_player(state) == 0 and state.reference == -1
    assert finished(("green", S, S, S), MajorityConfig(players=3, target=1))[1].scores == (
        1, 1, 1)


def test_illegal_actions_raise():
    with pytest.raises(IllegalAction, match="green or red"):
        ENGINE.apply(ENGINE.initial_state(THREE), "blue")
    with pytest.raises(IllegalAction, match="A, B, C or Score"):
        ENGINE.apply(replay(ENGINE, THREE, GAME[:2]), "D")
    with pytest.raises(IllegalAction, match="the game is over"):
        ENGINE.apply(replay(ENGINE, THREE, GAME), "A")


def test_config_from_the_content_and_its_checks():
    content = load_content("majority")
    config = make_config(content, players=6, rules={"target": 12})
    assert config.target == 12 and len(config.words) == len(content.words.cards)
    assert dict(config.supply) == {1: 50, 5: 30}
    with pytest.raises(UsageError, match="3 to 10 players, not 2"):
        make_config(content, players=2)
    with pytest.raises(UsageError, match="new_stack: not a rule option"):
        make_config(content, players=3, rules={"new_stack": "always"})
    with pytest.raises(UsageError, match="target=0"):
        make_config(content, players=3, rules={"target": 0})


def test_game_declares_its_engine_and_bots():
    game = GAMES["majority"]
    assert game.engine.ENGINE.game_id == "majority"
    assert set(game.bots) == {"random", "vote", "ismcts", "rollout"}


# The point supply -----------------------------------------------------------------------

def test_make_change_uses_fives_first_within_the_supply():
    supply = {1: 50, 5: 30}
    assert make_change({"Ana": 23, "Bo": 4}, supply) == {
        "Ana": {"ones": 3, "fives": 4}, "Bo": {"ones": 4, "fives": 0}}
    assert make_change({"Ana": 12, "Bo": 9}, {1: 10, 5: 2}) is None  # 2 + 9 ones > 10
    assert make_change({"Ana": 200}, supply) == {"Ana": {"ones": 50, "fives": 30}}
    assert make_change({"Ana": 201}, supply) is None


# to_record and pnp check ----------------------------------------------------------------

def test_to_record_of_the_hand_worked_game(tmp_path, cli):
    state, outcome = finished(GAME)
    record = to_record(THREE, PlayedGame(GAME, state, outcome), ["Ana", "Bo", "Cy"])
    assert [r["variant"] for r in record["rounds"]] == ["green", "red", "green", "green"]
    assert record["rounds"][0]["turns"] == [{"Ana": "A", "Bo": "A", "Cy": "A"},
                                            {"Ana": S, "Bo": S, "Cy": "B"}]
    assert record["_references"] == ["Firefighter", "Door", "Door", "Firefighter"]
    assert record["final"] == {"Ana": {"ones": 0, "fives": 1}, "Bo": {"ones": 0, "fives": 1},
                               "Cy": {"ones": 1, "fives": 0}}
    assert record["claimed"] == {"Ana": 5, "Bo": 5, "Cy": 1}
    verdict = check_record(tmp_path, record)
    assert verdict.ok and verdict.finished and verdict.winners == ("Ana", "Bo")
    assert cli("check", tmp_path / "game.json").exit_code == 0


def test_to_record_leaves_out_final_when_the_supply_cannot_pay(tmp_path):
    config = MajorityConfig(players=3, target=20, words=WORDS, supply=((1, 2), (5, 1)))
    played = play(ENGINE, config, [bots.BOTS["vote"]({"p": "1", "score": "2"})] * 3, seed=3)
    record = to_record(config, played, ["Ana", "Bo", "Cy"])
    assert "final" not in record and record["claimed"] == {"Ana": 20, "Bo": 20, "Cy": 20}


# Bots -----------------------------------------------------------------------------------

def test_vote_model_that_always_agrees_scores_the_pile_every_round():
    """p = 1, Score at 2 cards: everyone votes A, then everyone Score: 2 points each a
    round, so ten rounds to 20."""
    bot = bots.BOTS["vote"]({"p": "1", "score": "2"})
    played = play(ENGINE, make_config(load_content("majority"), players=4), [bot] * 4, 9)
    assert played.outcome == Outcome((20,) * 4, (0, 1, 2, 3), "shared", "target", 10)


def test_vote_model_agrees_with_probability_p():
    bot = bots.BOTS["vote"]({"p": "0.3"})
    state = replay(ENGINE, THREE, GAME[:2])
    rng = random.Random(5)
    votes = [bot(ENGINE, state, rng) for _ in range(4000)]
    assert abs(votes.count("A") / 4000 - 0.3) < 0.03
    assert abs(votes.count("B") - votes.count("C")) < 200 and S not in votes


def test_bot_options_are_checked():
    with pytest.raises(UsageError, match=r"vote.p=2: expected a number from 0 to 1"):
        bots.BOTS["vote"]({"p": "2"})
    with pytest.raises(UsageError, match="vote.q: not an option"):
        bots.BOTS["vote"]({"q": "1"})
    with pytest.raises(UsageError, match="random.p: not an option"):
        bots.BOTS["random"]({"p": "1"})


# Random play: invariants ----------------------------------------------------------------

MIXES = [("random",), ("vote",), ("vote", "random"), ("random", "vote", "vote")]
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


@cache
def _content():
    return load_content("majority")


@cache
def _verified(seed: int):
    """Seed `seed`'s random game, played checked (every invariant asserted), and its record.
    Kept: the invariant tests play seeds 0-299 and 0-999, the same games; each game is
    played and asserted once a test process, each test checks its own records."""
    content = _content()
    players = 3 + seed % 8
    target = (20, 10, 35)[seed % 3]
    config = make_config(content, players=players, rules={"target": target})
    mix = MIXES[seed % len(MIXES)]
    seats = [bots.BOTS[mix[s % len(mix)]]({}) for s in range(players)]
    played = play_checked(ENGINE, config, seats, seed)
    outcome = played.outcome
    assert min(outcome.scores) >= 0 and max(outcome.scores) >= target
    assert outcome.winners == tuple(
        s for s, t in enumerate(outcome.scores) if t == max(outcome.scores))
    assert replay(ENGINE, config, played.actions) == played.final_state
    assert play(ENGINE, config, seats, seed) == played
    record = to_record(config, played, NAMES[:players])
    supply = dict(config.supply)
    fits = make_change(dict(enumerate(outcome.scores)), supply) is not None
    assert ("final" in record) == fits
    if fits:
        held = record["final"].values()
        assert sum(h["ones"] for h in held) <= supply[1]
        assert sum(h["fives"] for h in held) <= supply[5]
    return outcome, record


def invariants(tmp_path, games: int, checked_every: int):
    for seed in range(games):
        outcome, record = _verified(seed)
        if seed % checked_every == 0:
            verdict = check_record(tmp_path, record)
            assert verdict.ok, verdict.violations
            assert verdict.finished and totals(verdict) == outcome.scores


@pytest.mark.slow
def test_random_play_invariants(tmp_path):
    invariants(tmp_path, games=300, checked_every=15)


@pytest.mark.slow
def test_random_play_invariants_thousands(tmp_path):
    invariants(tmp_path, games=1000, checked_every=25)
