"""Majority Rules!' rules engine: hand-worked scenarios, the bots' choices, and random-play
invariants over many seeded games (each checked by `pnp check` through `to_record`)."""

from __future__ import annotations

import json
import random

import pytest

from pnp.check import check_file
from pnp.errors import UsageError
from pnp.games.engine import CHANCE, TERMINAL, IllegalAction, play, replay
from pnp.games.gamedata import load_content
from pnp.games.majority_rules import GAME
from pnp.games.majority_rules.bots import BOTS
from pnp.games.majority_rules.engine import ENGINE, Config, make_config, round_actions, to_record
from pnp.games.majority_rules.scoring import die_value

STEVE = (3, 3, 3, 3, 3, 6, 6, 1)
SUSAN = (3, 3, 5, 5, 5, 4, 4, 2)
ROB = (3, 3, 3, 3, 6, 2, 2, 1)


@pytest.fixture(scope="module")
def content():
    return load_content("majority-rules")


def test_the_game_declares_its_engine_and_bots():
    assert GAME.engine.ENGINE is ENGINE
    assert set(GAME.bots) == {"random", "reroll-all", "keep-high", "keep-majority",
                              "keep-gold-bet", "ismcts", "expectimax"}


def test_the_rulebook_round_scores_57_23_12():
    state = replay(ENGINE, Config(3), round_actions([STEVE, SUSAN, ROB], gold=1))
    assert state.totals == (57, 23, 12)
    assert not ENGINE.is_terminal(state)
    assert ENGINE.current_player(state) == CHANCE and state.stage == 0


def test_a_round_is_three_rolls_per_seat_then_the_gold_die():
    state = ENGINE.initial_state(Config(2))
    for face in STEVE:  # seat 0's first roll, die by die
        assert ENGINE.current_player(state) == CHANCE
        state = ENGINE.apply(state, face)
    for face in SUSAN:
        state = ENGINE.apply(state, face)
    assert ENGINE.current_player(state) == 0 and state.stage == 1
    state = ENGINE.apply(state, (3, 3, 3, 3, 3))  # keep the five 3s, reroll three
    assert ENGINE.current_player(state) == CHANCE and state.to_roll == 3
    for face in (3, 1, 1):
        state = ENGINE.apply(state, face)
    assert ENGINE.current_player(state) == 1
    state = ENGINE.apply(state, tuple(sorted(SUSAN)))  # keeps everything: passes
    assert ENGINE.current_player(state) == 0 and state.stage == 2
    # nothing locks a kept die: seat 0 now rerolls two of the 3s it kept before
    state = ENGINE.apply(state, (1, 1, 3, 3, 3, 3))
    state = ENGINE.apply(state, 4)
    state = ENGINE.apply(state, 4)
    state = ENGINE.apply(state, ())  # seat 1 rerolls all eight
    for face in (6,) * 8:
        state = ENGINE.apply(state, face)
    assert ENGINE.current_player(state) == CHANCE and state.stage == 3
    state = ENGINE.apply(state, 1)  # the gold die
    # seat 0: 1 1 3 3 3 3 4 4, seat 1: eight 6s; gold 1 makes the 1s worth 6
    assert state.totals == (6 + 6 + 12 + 8, 48)
    assert state.stage == 0 and state.to_roll == 8


def test_illegal_actions_say_why():
    state = replay(ENGINE, Config(2), list(STEVE) + list(SUSAN))
    with pytest.raises(IllegalAction, match="not a choice among the dice"):
        ENGINE.apply(state, (2,))
    with pytest.raises(IllegalAction, match="not a choice"):
        ENGINE.apply(state, (3,) * 6)
    fresh = ENGINE.initial_state(Config(2))
    with pytest.raises(IllegalAction, match="1 to 6"):
        ENGINE.apply(fresh, 7)
    assert ENGINE.legal_actions(fresh) == (1, 2, 3, 4, 5, 6)


def test_keep_options_cover_every_sub_multiset():
    state = replay(ENGINE, Config(2), list(STEVE) + list(SUSAN))
    options = ENGINE.legal_actions(state)
    assert len(options) == 6 * 3 * 2  # five 3s, two 6s, one 1
    assert () in options and tuple(sorted(STEVE)) in options
    assert len(set(options)) == len(options)


@pytest.mark.parametrize(("threshold", "rounds"), [("gte", 1), ("gt", 2)])
def test_the_game_ends_at_the_target_by_threshold(threshold, rounds):
    config = Config(2, target=48, threshold=threshold)
    one = round_actions([(6,) * 8, (5,) * 8], gold=1)  # 48 to 40
    state = replay(ENGINE, config, one)
    if rounds == 2:
        assert not ENGINE.is_terminal(state)
        state = replay(ENGINE, config, one + one)
    assert ENGINE.current_player(state) == TERMINAL and ENGINE.legal_actions(state) == ()
    outcome = ENGINE.returns(state)
    assert outcome.winners == (0,) and outcome.rounds == rounds and outcome.end == "target"
    with pytest.raises(IllegalAction, match="over"):
        ENGINE.apply(state, 1)


def test_equal_totals_go_to_the_higher_final_round_then_are_shared():
    config = Config(2, target=40)
    # no face is shared, so nobody claims: round 1 is 38 to 12, round 2 is 8 to 34
    first = round_actions([(5, 5, 5, 5, 5, 5, 4, 4), (1, 1, 1, 1, 2, 2, 2, 2)], gold=3)
    second = round_actions([(1,) * 8, (6, 6, 6, 6, 2, 2, 3, 3)], gold=5)
    state = replay(ENGINE, config, first + second)
    assert state.totals == (46, 46)
    outcome = ENGINE.returns(state)
    assert outcome.winners == (1,) and outcome.tie_break == "final-round-score"
    shared = replay(ENGINE, Config(2, target=10),
                    round_actions([(1, 1, 1, 1, 2, 2, 2, 2), (2, 2, 2, 2, 1, 1, 1, 1)], 3))
    assert shared.totals == (12, 12)
    assert ENGINE.returns(shared).winners == (0, 1)
    assert ENGINE.returns(shared).tie_break == "shared"


def test_make_config_reads_rules_and_refuses_bad_setups(content):
    assert make_config(content, players=3) == Config(3, 8, 500, "gte")
    assert make_config(content, players=2, rules={"target": 30, "threshold": "gt"}) == \
        Config(2, 8, 30, "gt")
    with pytest.raises(UsageError, match="2 to 4 players, not 5"):
        make_config(content, players=5)
    with pytest.raises(UsageError, match="not a rule option"):
        make_config(content, players=2, rules={"targett": 3})


def _hand(bot_name, dice):
    state = replay(ENGINE, Config(2), list(dice) + [1] * 8)
    return BOTS[bot_name]({})(ENGINE, state, random.Random(0))


@pytest.mark.parametrize(("bot", "dice", "kept"), [
    ("reroll-all", (6, 6, 5, 3, 3, 3, 2, 1), ()),
    ("keep-high", (6, 6, 5, 3, 3, 3, 2, 1), (5, 6, 6)),
    ("keep-majority", (6, 6, 5, 3, 3, 3, 2, 1), (3, 3, 3, 5, 6, 6)),
    ("keep-majority", (2, 2, 4, 4, 1, 3, 5, 1), (4, 4, 5)),
    ("keep-gold-bet", (6, 6, 5, 3, 3, 3, 2, 1), (3, 3, 3)),
    ("keep-gold-bet", (2, 2, 4, 4, 1, 3, 5, 6), (4, 4)),
])
def test_each_policy_keeps_what_it_says(bot, dice, kept):
    assert _hand(bot, dice) == kept


def test_bots_refuse_options():
    with pytest.raises(UsageError, match="takes no options"):
        BOTS["keep-high"]({"depth": "2"})


def _value(state_round) -> int:
    return sum(die_value(f.face, state_round.gold) * sum(f.counts.values())
               for f in state_round.faces)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_play_invariants(players, content, tmp_path):
    """Every action legal, scores of a round sum to the value of all dice, the game ends,
    replaying the actions reproduces it, and `pnp check` accepts its record."""
    config = make_config(content, players=players, rules={"target": 150})
    names = [f"P{i + 1}" for i in range(players)]
    bots = [BOTS[n]({}) for n in ("random", "keep-majority", "keep-gold-bet", "keep-high")]
    for seed in range(40):
        game = play(ENGINE, config, bots[:players], seed)
        state = ENGINE.initial_state(config)
        for action in game.actions:
            assert ENGINE.current_player(state) != TERMINAL
            assert action in ENGINE.legal_actions(state)
            state = ENGINE.apply(state, action)
        assert state == game.final_state == replay(ENGINE, config, game.actions)
        assert max(game.outcome.scores) >= 150
        assert sum(game.outcome.scores) == sum(_value(r) for r in state.rounds)
        for r in state.rounds:
            assert sum(r.scores.values()) == _value(r)
            assert sum(len(d) for d in r.held.values()) == 8 * players
        if seed % 8 == 0:
            path = tmp_path / f"game-{players}-{seed}.json"
            path.write_text(json.dumps(to_record(config, game, names)))
            verdict = check_file(path)
            assert verdict.ok and verdict.finished
            assert tuple(p.total for p in verdict.players) == game.outcome.scores
            assert tuple(names.index(w) for w in verdict.winners) == game.outcome.winners
