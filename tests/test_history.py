"""`pnp.games.history.History`: a tuple-like game history that grows in constant time,
so replaying a record of n rounds does not cost n²/2 copies (a 100,000-round Majority
Rules! record took 153 s to judge, 33 s now)."""

import pickle

import pytest

from pnp.games.history import EMPTY, History
from pnp.games.majority_rules import engine as mr


def test_it_reads_like_the_tuple_of_its_entries():
    history = EMPTY + ("a", "b") + ("c",)
    assert len(history) == 3 and list(history) == ["a", "b", "c"]
    assert history[0] == "a" and history[-1] == "c" and history[1:] == ("b", "c")
    assert history == ("a", "b", "c") and history == History.of("abc")
    assert history != ("a", "b") and history != History.of("abd")
    assert hash(history) == hash(("a", "b", "c"))
    assert repr(history) == "History(['a', 'b', 'c'])"
    with pytest.raises(IndexError):
        history[3]
    assert len(EMPTY) == 0 and list(EMPTY) == [] and EMPTY == ()


def test_growing_shares_what_was_there_and_changes_nothing():
    first = History.of(range(3))
    second = first.then(3)
    assert list(first) == [0, 1, 2] and list(second) == [0, 1, 2, 3]
    assert second._previous is first  # no copy of the first three


def test_a_deep_history_pickles_compares_and_frees_without_recursion():
    deep = History.of(range(100_000))
    again = pickle.loads(pickle.dumps(deep))
    assert again == deep and again[-1] == 99_999 and len(again) == 100_000
    del deep, again  # freeing 100,000 linked entries must not overflow the C stack


def test_a_majority_rules_round_keeps_the_rounds_before_it_in_place():
    config = mr.Config(2, 8, 10**6, "gte")
    state = mr.ENGINE.initial_state(config)
    seen = []
    for _ in range(3):
        for action in mr.round_actions([[6] * 8, [1] * 8], 3):
            state = mr.ENGINE.apply(state, action)
        seen.append(state.rounds)
    assert [len(r) for r in seen] == [1, 2, 3]
    assert seen[2]._previous is seen[1] and seen[1]._previous is seen[0]
    assert state.rounds[-1].scores == {0: 48, 1: 8} and state.totals == (144, 24)
