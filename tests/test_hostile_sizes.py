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
