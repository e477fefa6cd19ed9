"""`pnp check --new` at a real terminal and through pipes: line editing (a pty drives
prompt_toolkit), Ctrl-C saving the answers so far, `--resume FILE`, and an illegal D20
card flagged as soon as its stack is typed."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tests.ptytools import BACKSPACE, CTRL_C, ENTER, LEFT, finish, shown_next, spawn


def lines(*answers: str) -> str:
    return "\n".join(answers) + "\n"


def at_terminal(args: list[str], steps: list[tuple[str, list[bytes]]], cwd: Path,
                timeout: float = 30) -> tuple[int, str]:
    """Run `pnp ARGS` on a pseudo-terminal: for each step wait until the screen shows
    the text, then type the keys. Returns the exit status and everything shown."""
    pid, fd = spawn(args, cwd)
    shown = b""

    def read(until: str | None) -> None:
        nonlocal shown
        end = time.monotonic() + timeout
        while time.monotonic() < end and (until is None or until.encode() not in shown):
            chunk = shown_next(fd, 0.05)
            if chunk is None:
                return
            shown += chunk
        assert until is None or until.encode() in shown, (until, shown[-500:])

    try:
        for expect, keys in steps:
            read(expect)
            for key in keys:
                os.write(fd, key)
                time.sleep(0.1)
        read(None)
    finally:
        status = finish(pid, fd)
    return status, shown.decode("utf-8", "replace")


@pytest.mark.slow
def test_arrow_keys_edit_the_line_and_ctrl_c_saves_the_answers(tmp_path):
    status, shown = at_terminal(
        ["check", "--new", "d20-stacks", "--out", "game.json"],
        [("names):", [b"G1, GX2", LEFT, BACKSPACE, ENTER]),   # edit: GX2 -> G2
         ("Stack 1", [b"G1:5, G2:8, G1:12", ENTER]),
         ("Stack 2", [CTRL_C])],
        tmp_path)
    assert status == 130
    assert "^[[D" not in shown
    assert ("Interrupted: 2 answer(s) saved in game.answers.json; go on with: "
            "pnp check --resume game.answers.json") in shown
    saved = json.loads((tmp_path / "game.answers.json").read_text("utf-8"))
    assert saved["answers"] == ["G1, G2", "G1:5, G2:8, G1:12"]
    assert saved["game"] == "d20-stacks" and saved["out"] == "game.json"
    assert not (tmp_path / "game.json").exists()


@pytest.mark.slow
def test_ctrl_c_in_a_log_entry_saves_the_answers_for_resume(tmp_path):
    status, shown = at_terminal(
        ["check", "--new", "majority2", "--log", "--out", "log.json"],
        [("(2 names):", [b"Ana, Bo", ENTER]),
         ("Start player", [ENTER]),
         ("Promo cards", [ENTER]),
         ("dealt into Ana's reserve", [b"witches-secretary", ENTER]),
         ("dealt into Ana's reserve", [CTRL_C])],
        tmp_path)
    assert status == 130
    assert ("Interrupted: 4 answer(s) saved in log.answers.json; go on with: "
            "pnp check --resume log.answers.json") in shown
    saved = json.loads((tmp_path / "log.answers.json").read_text("utf-8"))
    assert saved["answers"] == ["Ana, Bo", "", "", "witches-secretary"]
    assert saved["log"] is True and saved["game"] == "majority2"
    assert not (tmp_path / "log.json").exists()


@pytest.mark.slow
def test_an_illegal_card_is_flagged_while_it_is_typed(tmp_path):
    status, shown = at_terminal(
        ["check", "--new", "d20-stacks", "--out", "game.json"],
        [("names):", [b"G1, G2", ENTER]),
         ("Stack 1", [b"G1:5, G2:3"]),
         # the toolbar names the fault before Enter is pressed
         ("card 2 (G2:3): 3 is not greater than the 5 below it", [CTRL_C])],
        tmp_path)
    assert status == 130


def test_resume_replays_the_saved_answers_then_asks_the_rest(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answers = {"format": "pnp-check-answers", "game": "d20-stacks", "out": "game.json",
               "rules": [], "answers": ["G1, G2", "G1:5, G2:8, G1:12"]}
    (tmp_path / "game.answers.json").write_text(json.dumps(answers), "utf-8")
    result = cli("check", "--resume", "game.answers.json", "--json",
                 input=lines("G2:3, G1:4, G2:9", "", "1", ""))
    assert result.exit_code == 0, result.stderr   # one stack each; G1 claimed 1, rightly
    assert "Stack 1: cards bottom to top" in result.stderr
    assert "G1:5, G2:8, G1:12" in result.stderr       # the resumed answer is shown
    saved = json.loads((tmp_path / "game.json").read_text("utf-8"))
    assert saved["stacks"] == [["G1:5", "G2:8", "G1:12"], ["G2:3", "G1:4", "G2:9"]]
    assert saved["claimed"] == {"G1": 1}
    assert not (tmp_path / "game.answers.json").exists()   # used up
    assert json.loads(result.stdout)["game"] == "d20-stacks"  # stdout is only the report


def test_resume_with_another_game_is_refused(cli, tmp_path):
    answers = {"format": "pnp-check-answers", "game": "d20-stacks", "out": "g.json",
               "rules": [], "answers": []}
    path = tmp_path / "a.json"
    path.write_text(json.dumps(answers), "utf-8")
    result = cli("check", "--new", "majority", "--resume", path, input="")
    assert result.exit_code == 2
    assert result.stderr == f"error: --resume {path} holds a d20-stacks entry, not majority\n"


def test_resume_of_a_file_that_is_not_an_answers_file(cli, tmp_path):
    path = tmp_path / "a.json"
    path.write_text('{"game": "d20-stacks"}', "utf-8")
    result = cli("check", "--resume", path, input="")
    assert result.exit_code == 2
    assert result.stderr == (f"error: {path}: not an answers file saved by an interrupted "
                             "pnp check --new\n")


def test_resume_with_a_record_file_is_refused(cli, tmp_path):
    result = cli("check", "data/examples/d20-stacks-legal.json", "--resume", tmp_path / "a")
    assert result.exit_code == 2
    assert "not both" in result.stderr


def test_an_illegal_card_is_flagged_before_the_next_question(cli, tmp_path):
    out = tmp_path / "g.json"
    answers = lines("G1, G2",
                    "G1:5, G2:3",            # flagged at once ...
                    "n",                     # ... not what happened: typed again
                    "G1:5, G2:8, G1:20, G2:9",  # on a closed stack: flagged ...
                    "y",                     # ... but it is what happened: kept
                    "", "", "")
    result = cli("check", "--new", "d20-stacks", "--out", out, input=answers)
    assert result.exit_code == 1
    err = result.stderr
    first = err.index("illegal: card 2 (G2:3): 3 is not greater than the 5 below it")
    assert first < err.index("Keep this stack as typed") < err.index("Stack 1", first)
    assert "illegal: card 4 (G2:9): the stack is closed by a 20" in err
    assert err.index("closed by a 20") < err.index("Stack 2")
    assert json.loads(out.read_text("utf-8"))["stacks"] == [["G1:5", "G2:8", "G1:20", "G2:9"]]


def test_piped_answers_are_echoed_after_their_prompts_on_stderr(cli, tmp_path):
    result = cli("check", "--new", "d20-stacks", "--out", tmp_path / "g.json", "--json",
                 input=lines("G1, G2", "G1:1, G2:2", "", "", ""))
    assert result.exit_code == 0, result.stderr
    assert "(2-4 names): G1, G2\n" in result.stderr
    assert json.loads(result.stdout)["ok"] is True
