"""Random-play invariants of the Majority 2 engine over seeded games: cards, coins and discs
are conserved, every action is legal, games end, and a replay reproduces the game."""

from __future__ import annotations

import json
import random

import pytest

from pnp.check import check_file
from pnp.games import engine as eng
from pnp.games.majority2 import engine as m2
from pnp.games.majority2 import log as m2_log
from pnp.games.majority2.state import CHANCE
from tests.m2tools import build, config


def _check_state(st) -> None:
    cfg = st.cfg
    held = [0] * len(cfg.ids)
    for cards in (*st.hands, *st.reserves):
        for k in cards:
            held[k] += 1
    for column in st.cols:
        for entry in column:
            held[entry[0]] += 1
    for area in st.areas:
        for k, _ in area:
            held[k] += 1
    total = [a + b + c for a, b, c in zip(st.deck, st.discard, held, strict=True)]
    assert tuple(total) == cfg.deck, "cards are not conserved"
    assert st.ndeck == sum(st.deck)
    assert min(st.deck) >= 0 and min(st.discard) >= 0
    assert min(st.up + st.down) >= 0, "negative coins"
    assert sum(st.up) + sum(st.down) <= cfg.coins, "more than 40 coins held"
    discs = [e[1] for column in st.cols for e in column if e[1]]
    discs += [d for area in st.areas for _, d in area if d]
    assert len(discs) == len(set(discs)) and set(discs) <= set(cfg.discs), "discs"
    assert all(len(column) < 5 for column in st.cols) or st.need is None or \
        st.need[1] not in ("play", "free", "exchange", "draw"), "an unformed full column"


def _play_checked(cfg, seed: int):
    rng = random.Random(seed)
    st = m2.initial_state(cfg)
    actions = []
    while not m2.ENGINE.is_terminal(st):
        assert len(actions) < 20_000, "the game does not end"
        player = m2.ENGINE.current_player(st)
        if player == CHANCE:
            outcomes = m2.chance_outcomes(st)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            action = m2.sample_chance(st, rng)
            assert action in [a for a, _ in outcomes]
        else:
            legal = m2.legal_actions(st)
            assert legal and len(set(legal)) == len(legal)
            action = rng.choice(legal)
        st = m2.apply(st, action)
        actions.append(action)
        _check_state(st)
    return actions, st


def _games(n: int, start: int = 0, check_every: int = 0, tmp_path=None):
    configs = [config("all"), config(()), config("all", ignore=True), config((), round_limit=40)]
    for seed in range(start, start + n):
        cfg = configs[seed % len(configs)]
        actions, final = _play_checked(cfg, seed)
        again = eng.replay(m2.ENGINE, cfg, actions)
        assert m2.view_key(again) == m2.view_key(final)
        assert m2.returns(again) == m2.returns(final)
        outcome = m2.returns(final)
        assert outcome.end in ("factions", "stalled", "round-limit")
        if outcome.end == "factions":
            assert max(len(a) for a in final.areas) >= 5
        if check_every and seed % check_every == 0:  # and through pnp check's log replay
            path = tmp_path / "log.json"
            path.write_text(json.dumps(m2_log.to_record(cfg, eng.PlayedGame(
                tuple(actions), final, outcome), ["Ana", "Bo"])), "utf-8")
            verdict = check_file(path)
            assert verdict.ok and tuple(p.total for p in verdict.players) == outcome.scores


@pytest.mark.slow
def test_random_games_keep_every_invariant():
    _games(200)


@pytest.mark.slow
def test_three_hundred_random_games_keep_every_invariant(tmp_path):
    _games(300, start=10_000, check_every=20, tmp_path=tmp_path)


def test_play_is_deterministic_by_seed():
    cfg = config("all")
    bots = [eng.random_bot, eng.random_bot]
    a = eng.play(m2.ENGINE, cfg, bots, 7)
    b = eng.play(m2.ENGINE, cfg, bots, 7)
    assert a.actions == b.actions and a.outcome == b.outcome


def test_illegal_action_is_refused_with_a_reason():
    cfg = config(())
    st = m2.initial_state(cfg)
    rng = random.Random(1)
    while m2.ENGINE.current_player(st) == CHANCE:
        st = m2.apply(st, m2.sample_chance(st, rng))
    with pytest.raises(eng.IllegalAction, match="first round"):
        m2.apply(st, ("exchange", True))
    twins = build(phase="free", hands=(("witches-junior", "witches-junior"), ()))
    m2.option_weights(twins).append(5)
    assert m2.option_weights(twins) == [1, 2, 2, 2]


def test_actions_that_only_look_alike_are_refused_or_taken_as_the_option_they_equal():
    # pnp.games.engine: apply raises IllegalAction when an action is not legal. A chance
    # action naming an unhashable card raised TypeError; ("form", 0.0) or ("play", ID, 1.0),
    # equal to a legal option, passed the check and then failed as a list index.
    cfg = config(())
    st = m2.initial_state(cfg)
    for junk in (("card", ["witches-junior"]), ("card", None), ("card", 3)):
        with pytest.raises(eng.IllegalAction, match="not a possible outcome"):
            m2.apply(st, junk)
    rng = random.Random(1)
    while m2.ENGINE.current_player(st) == CHANCE:
        st = m2.apply(st, m2.sample_chance(st, rng))
    st = m2.apply(m2.apply(st, ("exchange", 0)), ("draw", 0))
    card = m2.legal_actions(st)[1][1]
    after = m2.apply(st, ("free", card, 2.0))
    assert after.cols[1] and after.hands[0] == m2.apply(st, ("free", card, 2)).hands[0]


def test_a_finished_game_has_no_chance_outcomes():
    played = eng.play(m2.ENGINE, config(()), [eng.random_bot, eng.random_bot], 3)
    assert m2.chance_outcomes(played.final_state) == []  # was a TypeError
    assert m2.legal_actions(played.final_state) == []


def test_changing_the_legal_actions_list_changes_no_state():
    # The engine's state is a value: the list legal_actions returns is the caller's.
    # It was the state's own option list, shared with copies and, for the Exchange and
    # Draw questions, with every game: appending ("exchange", True) to it let the start
    # player exchange in the first round of every later game.
    cfg = config(())
    rng = random.Random(2)

    def first_decision():
        st = m2.initial_state(cfg)
        while m2.ENGINE.current_player(st) == CHANCE:
            st = m2.apply(st, m2.sample_chance(st, rng))
        return st

    st = first_decision()
    m2.legal_actions(st).append(("exchange", True))
    assert m2.legal_actions(st) == [("exchange", False)]
    assert m2.legal_actions(first_decision()) == [("exchange", False)]
    with pytest.raises(eng.IllegalAction, match="first round"):
        m2.apply(st, ("exchange", True))
    twins = build(phase="free", hands=(("witches-junior", "witches-junior"), ()))
    m2.option_weights(twins).append(5)
    assert m2.option_weights(twins) == [1, 2, 2, 2]
