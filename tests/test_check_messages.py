"""Messages never mix 0- and 1-based numbers unannounced: a record path stays 0-based (as
JSON paths are), prose counts from 1 and says so (ordinals, or the gloss next to a path)."""

from __future__ import annotations

import json

import pytest

from pnp.games.verdict import ordinal, where_in_words

from conftest import ROOT

EXAMPLES = ROOT / "data" / "examples"


@pytest.mark.parametrize(("n", "text"), [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"),
                                         (11, "11th"), (12, "12th"), (13, "13th"),
                                         (21, "21st"), (102, "102nd"), (111, "111th")])
def test_ordinal(n, text):
    assert ordinal(n) == text


@pytest.mark.parametrize(("where", "words"), [
    ("rounds[2].turns[1]", "round 3, turn 2"),
    ("rounds[0].claimed.Steve", "round 1"),
    ("stacks[1][0]", "stack 2, card 1"),
    ("stacks[0][2].player", "stack 1, card 3"),
    ("moves[5]", "move 6"),
    ("score_areas.Bo[3]", "Bo's score area, card 4"),
    ('score_areas["Ana Maria"][0]', "Ana Maria's score area, card 1"),
    ("claimed.Bo", ""), ("coins", ""), ("final.Ana", ""), ("players", ""),
])
def test_where_in_words(where, words):
    assert where_in_words(where) == words


def test_out_of_turn_moves_say_which_move_in_words(cli):
    result = cli("check", EXAMPLES / "d20-stacks-moves-mistakes.json", "--json")
    violations = json.loads(result.stdout)["violations"]
    assert violations[:2] == [
        {"where": "moves[2]", "message": "Bo plays out of turn; the 3rd move is Cy's"},
        {"where": "moves[4]", "message": "Cy plays out of turn; the 5th move is Bo's"}]


def test_the_human_report_glosses_each_path(cli):
    result = cli("check", EXAMPLES / "d20-stacks-moves-mistakes.json")
    assert "moves[2] (move 3)" in result.stdout
    assert "the 3rd move is Cy's" in result.stdout
    result = cli("check", EXAMPLES / "majority-mistakes.json")
    assert "rounds[0].turns[1] (round 1, turn 2)" in result.stdout
    result = cli("check", EXAMPLES / "d20-stacks-mistakes.json")
    assert "stacks[0][2] (stack 1, card 3)" in result.stdout
