"""`pnp check --new` and `--resume` with answers that would hurt: what the record's own
check refuses is refused at the prompt, nothing typed reaches the terminal raw, bytes that
are not UTF-8 are asked again (not a traceback), and an answers file cannot send the
record elsewhere."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app


def lines(*answers: str) -> str:
    return "\n".join(answers) + "\n"


def test_a_name_with_a_tab_is_refused_at_the_prompt(cli, tmp_path):
    out = tmp_path / "g.json"
    result = cli("check", "--new", "d20-stacks", "--out", out,
                 input=lines("G1\tx, G2", "G1, G2", "G1:1, G2:2", "", "", ""))
    assert result.exit_code == 0, result.stderr
    assert 'Error: G1\\tx: "G1\\tx" is not valid here: a non-empty name' in result.stderr
    assert json.loads(out.read_text("utf-8"))["players"] == ["G1", "G2"]


def test_a_200_digit_total_is_refused_at_the_prompt(cli, tmp_path):
    out = tmp_path / "g.json"
    result = cli("check", "--new", "d20-stacks", "--out", out,
                 input=lines("G1, G2", "G1:1, G2:2", "", "9" * 200, "", ""))
    assert result.exit_code == 0, result.stderr
    assert "Error: a number of 200 characters; at most 100" in result.stderr
    assert "claimed" not in json.loads(out.read_text("utf-8"))


def test_replayed_and_piped_answers_are_shown_escaped(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answers = {"format": "pnp-check-answers", "game": "d20-stacks", "out": "g.json",
               "rules": [], "answers": ["G1, G2", "\x1b[2J"]}
    (tmp_path / "a.answers.json").write_text(json.dumps(answers), "utf-8")
    result = cli("check", "--resume", "a.answers.json",
                 input=lines("\x1b]0;title\x07", "G1:1, G2:2", "", "", ""))
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    assert "\\x1b[2J" in result.stderr and "\\x1b]0;title\\x07" in result.stderr
    assert result.exit_code == 0, result.stderr


def test_a_byte_that_is_not_utf8_is_asked_again_and_nothing_is_lost(tmp_path):
    out = tmp_path / "g.json"
    runner = CliRunner()
    result = runner.invoke(app, ["check", "--new", "d20-stacks", "--out", str(out)],
                           input=b"G1, G\xff2\nG1, G2\nG1:1, G2:2\n")
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == 2
    assert "the answer is not UTF-8 text (byte 0xff at position 6); type it again" in \
        result.output
    saved = json.loads((tmp_path / "g.answers.json").read_text("utf-8"))
    assert saved["answers"] == ["G1, G2", "G1:1, G2:2"]


@pytest.mark.parametrize("out", ["../x.json", "/tmp/pnp-elsewhere.json", "a\u0000b.json",
                                 "sub/x.json", "", ".."])
def test_an_answers_file_cannot_send_the_record_elsewhere(cli, tmp_path, out):
    answers = {"format": "pnp-check-answers", "game": "d20-stacks", "out": out,
               "rules": [], "answers": ["G1, G2"]}
    path = tmp_path / "a.answers.json"
    path.write_text(json.dumps(answers), "utf-8")
    result = cli("check", "--resume", path, input=lines("G1:1, G2:2", "", "", ""))
    assert result.exit_code == 2
    assert "is not a file name next to the answers file; give --out" in result.stderr
    given = tmp_path / "here.json"
    result = cli("check", "--resume", path, "--out", given,
                 input=lines("G1:1, G2:2", "", "", ""))
    assert result.exit_code == 0, result.stderr
    assert given.exists()


def test_a_resumed_record_goes_next_to_its_answers_file(cli, tmp_path, monkeypatch):
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path)
    result = cli("check", "--new", "d20-stacks", "--out", "sub/g.json", input="G1, G2\n")
    assert result.exit_code == 2
    saved = json.loads((tmp_path / "sub" / "g.answers.json").read_text("utf-8"))
    assert saved["out"] == "g.json"
    result = cli("check", "--resume", "sub/g.answers.json",
                 input=lines("G1:1, G2:2", "", "", ""))
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "sub" / "g.json").exists()
