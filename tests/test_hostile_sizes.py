"""Files that are huge on purpose: a log with far too many rounds is refused before its
rounds are read one by one, the errors of a file are reported up to a cap, and the
per-round states of `pnp check --json` are bounded."""

from __future__ import annotations

import json

import pytest

from pnp.errors import MAX_REPORTED
from pnp.games.majority2.log import STATES_KEPT


def _log(tmp_path, rounds) -> str:
    path = tmp_path / "log.json"
    path.write_text(json.dumps({"game": "majority2", "players": ["Ana", "Bo"], "seed": 1,
                                "rounds": rounds}), encoding="utf-8")
    return str(path)


@pytest.mark.slow
def test_too_many_rounds_is_the_one_problem_reported(cli, tmp_path):
    path = _log(tmp_path, [{}] * 200_001)
    for command in ("validate", "check"):
        result = cli(command, path)
        assert result.exit_code == 2
        errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
        assert errors == [f"error: {path}:1: $.rounds: 200001 entries; at most 100000 "
                          "allowed"]


def test_the_errors_of_a_file_are_capped(cli, tmp_path):
    path = _log(tmp_path, list(range(5000)))
    result = cli("validate", path)
    assert result.exit_code == 2
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == MAX_REPORTED
    assert errors[0] == f"error: {path}:1: $.rounds[0]: expected an object, not 0"
    assert errors[-1] == (f"error: {path}:1: more problems not listed: fix these "
                          f"{MAX_REPORTED - 1} and check again")


def test_record_problems_are_printed_up_to_the_cap(cli, tmp_path):
    path = _log(tmp_path, [{"player": f"X{i}"} for i in range(MAX_REPORTED + 50)])
    result = cli("check", path)
    assert result.exit_code == 2
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == MAX_REPORTED + 1
    assert errors[-1] == f"error: {path}: 50 more not shown"


def test_the_states_of_a_long_log_are_bounded(cli, tmp_path):
    path = _log(tmp_path, [{"draw": True}] * (STATES_KEPT + 200))
    result = cli("check", path, "--json")
    report = json.loads(result.stdout)
    assert report["rounds_played"] == STATES_KEPT + 200
    assert len(report["states"]) == STATES_KEPT
    assert report["states_omitted"] == 200


def _players(tmp_path, players) -> str:
    path = tmp_path / "many.json"
    path.write_text(json.dumps({"game": "d20-stacks", "players": players, "stacks": []}),
                    encoding="utf-8")
    return str(path)


@pytest.mark.slow  # 100,000-player records: a second or more
def test_many_players_are_told_apart_in_one_pass(cli, tmp_path):
    """Unique names were checked pair by pair: 30,000 players took minutes (100,000 half an
    hour). One pass: the record is judged, and its player count is the one violation."""
    players = [f"P{i}" for i in range(30_000)]
    result = cli("check", _players(tmp_path, players), "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["violations"] == [
        {"where": "players", "message": "D20 Stacks is played by 2 to 4 players; "
                                        "this record has 30000"}]


@pytest.mark.slow
def test_a_repeated_name_is_named_not_the_whole_list(cli, tmp_path):
    players = [f"P{i}" for i in range(30_000)] + ["P7"]
    path = _players(tmp_path, players)
    result = cli("check", path)
    assert (result.exit_code, result.stderr) == (
        2, f'error: {path}:1: $.players: "P7" is listed more than once: the list has '
           "non-unique elements\n")


@pytest.mark.parametrize(("values", "unique"), [
    ([1, 1.0], False), ([1, True], True), ([0, False], True), ([[1], [1.0]], False),
    ([{"a": 1}, {"a": 1.0}], False), ([{"a": [True]}, {"a": [1]}], True), (["1", 1], True),
])
def test_unique_items_compares_as_json_schema_does(values, unique):
    from pnp.content.fastschema import equal, equality_key

    assert (equality_key(values[0]) != equality_key(values[1])) is unique
    assert (not equal(values[0], values[1])) is unique


@pytest.mark.parametrize("extra", [[], ["--game", "majority"]])
def test_a_huge_game_name_is_clipped_in_the_error(cli, tmp_path, extra):
    """A 900,000-character "game" is named by its start and length, not echoed whole
    (the web's /api/check answered with the whole name)."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"game": "a" * 900_000, "players": ["A", "B"]}), "utf-8")
    result = cli("check", path, *extra)
    assert result.exit_code == 2
    assert "(900,000 characters)" in result.stderr
    assert len(result.stderr) < 1_000
