"""A Majority 2 game interrupted in the middle of the person's turn goes on at the very
question it stopped at, and ends with the log an uninterrupted game writes (issue 32: the
turn cut short was replayed as passes); a `--resume` file that cannot be resumed says which
field is wrong (F01, F05, F06)."""

from __future__ import annotations

import json

import pytest

from pnp.check import check_file

BOT = ["--bot", "random"]


def _play(cli, tmp_path, name: str, seed: int, answers: str, resume: bool = False):
    out = tmp_path / name
    args = ["play", "--resume", out] if resume else \
        ["play", "majority2", "--seed", seed, *BOT, "--out", out]
    return cli(*args, input=answers), out


@pytest.mark.parametrize("seed, before, after, question", [
    (11, "1\n", "2\n", "Player: Free Play"),  # the case: a card in Free Play
    (13, "1\n1\n2\n", "2\n", "Player: Hand card for the reserve"),  # inside an ability
])
def test_an_interrupted_turn_goes_on_at_the_same_question(cli, tmp_path, seed, before,
                                                          after, question):
    rest = after + "1\n" * 60
    whole, whole_log = _play(cli, tmp_path, "whole.json", seed, before + rest)
    stopped, log = _play(cli, tmp_path, "game.json", seed, before)
    assert stopped.exit_code == 2 and whole.exit_code == 2  # both end with the input
    note = json.loads(log.read_text("utf-8"))["_play"]
    assert note["interrupted_at"]["question"] == question
    if seed == 11:  # between two phases the unfinished log is legal as the contract reads it
        assert check_file(log).ok
    resumed, _ = _play(cli, tmp_path, "game.json", seed, rest, resume=True)
    assert resumed.exit_code == 2, resumed.stderr[-1500:]
    assert f"{question} (1-" in resumed.stderr.split("plays The Majority 2")[1][:4000]
    assert log.read_text("utf-8") == whole_log.read_text("utf-8")


def test_a_finished_game_carries_no_interruption(cli, tmp_path):
    stopped, log = _play(cli, tmp_path, "game.json", 11, "1\n")
    finished, _ = _play(cli, tmp_path, "game.json", 11, "1\n" * 400, resume=True)
    assert finished.exit_code == 0, finished.stderr[-1500:]
    record = json.loads(log.read_text("utf-8"))
    assert "interrupted_at" not in record["_play"] and record["claimed"]


@pytest.mark.parametrize("change, message", [
    (lambda r: r["_play"].update(seat=3),  # F01: an IndexError traceback
     "$._play.seat: expected your seat, a whole number from 1 to 2, not 3"),
    (lambda r: r["_play"].update(seed="abc"),  # F06: "no _play note"
     "$._play.seed: expected the game's seed, a whole number from 0 to "),
    (lambda r: r["_play"].pop("bot"), "$._play.bot: missing: the bot's name"),
    (lambda r: r["_play"]["interrupted_at"].update(question="Player: Standard Play"),
     "the log stops at 'Player: Free Play', not at 'Player: Standard Play'"),
    (lambda r: r["_play"]["interrupted_at"].update(actions=900),
     "steps, not the 900 its note says were played"),
    (lambda r: r.update(game="d20-stacks"),
     "not a game pnp play can go on with: The Majority 2's log"),
])
def test_a_log_that_cannot_be_resumed_says_which_field(cli, tmp_path, change, message):
    _, log = _play(cli, tmp_path, "game.json", 11, "1\n")
    record = json.loads(log.read_text("utf-8"))
    change(record)
    log.write_text(json.dumps(record, indent=1), "utf-8")
    result = cli("play", "--resume", log)
    assert result.exit_code == 2 and message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_a_session_file_with_a_wrong_format_names_the_format(cli, tmp_path):
    """F05: blamed a --game never given ('--game says majority2')."""
    cli("play", "majority-rules", "--seed", "8", "--out", tmp_path / "game.json", *BOT,
        input="\n" * 3)
    session = tmp_path / "game.session.json"
    saved = json.loads(session.read_text("utf-8"))
    saved["format"] = "pnp-play-sesion"
    session.write_text(json.dumps(saved, indent=1), "utf-8")
    result = cli("play", "--resume", session)
    assert result.exit_code == 2 and "--game" not in result.stderr
    assert (f'{session}:2: $.format: "pnp-play-sesion" is not a pnp play session; a session '
            f'file says "format": "pnp-play-session"') in result.stderr
