"""`pnp play majority2`: a person against a bot in the terminal, to the end of the game.

Driven through a pseudo-terminal (as a person at a keyboard: prompt_toolkit reads the
keys) and through a pipe: only legal answers are offered, the bot's face-down cards stay
face down, the log written at the end passes `pnp check`, and a game stopped half way
goes on with `--resume` to the very same end.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest

from pnp.check import check_file
from tests.ptytools import CTRL_C, finish, shown_next, spawn

PROMPT = re.compile(rb"\(1-\d+\):\s*$")  # a question waiting, nothing typed yet
ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|[\r\x08]")
FAST = ["--bot-option", "ismcts.iterations=8"]


def drive(args: list[str], cwd: Path, answers: int | None = None,
          timeout: float = 120) -> tuple[int, str]:
    """Run `pnp ARGS` on a pseudo-terminal and answer `1` (Enter) to every numbered
    question — after `answers` of them, press Ctrl-C instead. Returns the exit status and
    everything shown."""
    pid, fd = spawn(args, cwd, rows=40, columns=160)
    shown, unread, asked = b"", b"", 0
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            chunk = shown_next(fd, 0.08)
            if chunk is None:
                break
            if not chunk and PROMPT.search(ESCAPES.sub(b"", unread)):
                # quiet, and a question waits with nothing typed after it
                unread = b""
                asked += 1
                os.write(fd, CTRL_C if answers is not None and asked > answers else b"1\r")
            shown += chunk
            unread += chunk
    finally:
        status = finish(pid, fd)
    return status, shown.decode("utf-8", "replace")


def test_a_whole_game_at_a_terminal_ends_with_a_log_that_checks(tmp_path):
    status, shown = drive(["play", "majority2", "--seed", "3", "--out", "game.json",
                           *FAST], tmp_path)
    assert status == 0, shown[-2000:]
    assert "Final scores: Player" in shown and "check it with: pnp check game.json" in shown
    verdict = check_file(tmp_path / "game.json")
    assert verdict.ok
    record = json.loads((tmp_path / "game.json").read_text("utf-8"))
    assert record["players"] == ["Player", "ismcts"]
    assert record["_play"] == {"bot": "ismcts", "bot_options": {"iterations": "8"},
                               "seat": 1, "seed": 3}
    assert set(record["claimed"]) == {"Player", "ismcts"}


def test_ctrl_c_keeps_the_game_and_resume_finishes_it_as_it_would_have(tmp_path, cli):
    status, shown = drive(["play", "majority2", "--seed", "3", "--seat", "2",
                           "--out", "game.json", *FAST], tmp_path, answers=5)
    assert status == 130
    assert ("Interrupted: the game so far is in game.json; go on with: "
            "pnp play majority2 --resume game.json") in shown
    stopped = json.loads((tmp_path / "game.json").read_text("utf-8"))
    assert "claimed" not in stopped and check_file(tmp_path / "game.json").ok
    result = cli("play", "majority2", "--resume", str(tmp_path / "game.json"),
                 input="1\n" * 3000)
    assert result.exit_code == 0, result.stderr[-2000:]
    whole = cli("play", "majority2", "--seed", "3", "--seat", "2", "--out",
                str(tmp_path / "whole.json"), *FAST, input="1\n" * 3000)
    assert whole.exit_code == 0, whole.stderr[-2000:]
    assert (tmp_path / "game.json").read_text("utf-8") == \
        (tmp_path / "whole.json").read_text("utf-8")


def test_piped_answers_play_to_the_end_and_the_bot_cards_stay_face_down(cli, tmp_path):
    out = tmp_path / "game.json"
    result = cli("play", "majority2", "--seed", "11", "--seat", "2", "--out", str(out),
                 *FAST, input="1\n" * 3000)
    assert result.exit_code == 0, result.stderr[-2000:]
    shown = result.stderr
    assert "Card dealt into ismcts's reserve: a card you do not see" in shown
    assert not re.search(r"Card dealt into ismcts's (reserve|hand): (?!a card you do not)",
                         shown)
    assert not re.search(r"Card ismcts drew: (?!a card you do not)", shown)
    assert "ismcts (start player): coins" in shown and "(face down)" in shown
    assert check_file(out).ok


def test_the_input_ending_early_keeps_the_game(cli, tmp_path):
    out = tmp_path / "game.json"
    result = cli("play", "majority2", "--seed", "4", "--out", str(out), *FAST,
                 input="1\n1\n")
    assert result.exit_code == 2
    assert f"The input ended: the game so far is in {out}" in result.stderr
    assert check_file(out).ok  # an unfinished game, every entry legal


def test_only_legal_answers_are_accepted(cli, tmp_path):
    result = cli("play", "majority2", "--seed", "4", "--out", str(tmp_path / "g.json"),
                 *FAST, input="0\n99\nfly\n")
    assert result.exit_code == 2
    assert result.stderr.count("Error: type a number from 1 to") == 3


@pytest.mark.parametrize("args, message", [
    (["d20-stacks"], "GAME: 'd20-stacks': pnp play has The Majority 2"),
    (["majority2", "--seat", "3"], "--seat: expected 1 or 2, not 3"),
    (["majority2", "--bot", "nobody"], "--bot: 'nobody' is not a bot of majority2"),
    (["majority2", "--bot-option", "ismcts.iterations=0"],
     "--bot-option: ismcts.iterations=0: expected 1 to 1000000"),
    (["majority2", "--bot-option", "greedy.x=1"], "expected ismcts.KEY=VALUE for --bot"),
    (["majority2", "--name", "ismcts"], "--name: ismcts is the bot's name"),
    (["majority2", "--seed", "-1"], "--seed: expected 0 to"),
])
def test_bad_options_exit_2(cli, args, message):
    result = cli("play", *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_an_existing_log_is_not_overwritten(cli, tmp_path):
    out = tmp_path / "game.json"
    out.write_text("{}", "utf-8")
    result = cli("play", "majority2", "--out", str(out))
    assert result.exit_code == 2 and "exists" in result.stderr
    assert out.read_text("utf-8") == "{}"


def test_resume_refuses_a_log_not_written_by_play(cli, tmp_path):
    log = Path(__file__).resolve().parent.parent / "data" / "examples" / \
        "majority2-log-legal.json"
    result = cli("play", "majority2", "--resume", str(log), "--out", str(tmp_path / "x.json"))
    assert result.exit_code == 2
    assert "$._play: no _play note of a game written by pnp play" in result.stderr
