"""A game recorded with more or fewer players than it is made for is a violation (exit 1):
the file is readable, the game it describes is not one the rules or components allow."""

import json

import pytest


def _majority(n):
    names = [f"P{i}" for i in range(n)]
    return {"game": "majority", "players": names,
            "final": {p: {"ones": 20 if i == 0 else 0, "fives": 0} for i, p in enumerate(names)}}


def _dice(n):
    names = [f"P{i}" for i in range(n)]
    return {"game": "majority-rules", "players": names,
            "rounds": [{"gold": 1, "dice": {p: "12345612" for p in names}}]}


def _d20(n):
    names = [f"P{i}" for i in range(n)]
    return {"game": "d20-stacks", "players": names,
            "stacks": [[f"{p}:{i + 1}" for i, p in enumerate(names)]]}


@pytest.mark.parametrize(("record", "message"), [
    (_majority(11), "The Majority is played by 3 to 10 players; this record has 11"),
    (_majority(2), "The Majority is played by 3 to 10 players; this record has 2"),
    (_dice(5), "Majority Rules! is played by 2 to 4 players; this record has 5"),
    (_dice(1), "Majority Rules! is played by 2 to 4 players; this record has 1"),
    (_d20(5), "D20 Stacks is played by 2 to 4 players; this record has 5"),
])
def test_player_count_outside_the_game_is_one_violation(cli, tmp_path, record, message):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = cli("check", path, "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False
    assert {"where": "players", "message": message} in report["violations"]


@pytest.mark.parametrize("record", [_majority(3), _majority(10), _dice(2), _dice(4), _d20(4)])
def test_player_counts_inside_the_range_are_not_flagged(cli, tmp_path, record):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    report = json.loads(cli("check", path, "--json").stdout)
    assert all(v["where"] != "players" for v in report["violations"])
