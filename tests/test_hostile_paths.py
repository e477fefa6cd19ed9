"""Paths no file system takes, given on the command line or read from a file: an empty
path (an unset shell variable), a name over 255 bytes, a NUL. Each is exit 2 naming the
option or file, at once, with nothing written — never a traceback, never the current
folder instead."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pnp.content.output import write_text
from pnp.errors import OutputError

LONG = "a" * 300

COMMANDS = {
    "build --out": ["build", "majority", "-c", "point-cards-5", "--out", "{}"],
    "export png --out": ["export", "png", "d20-stacks", "--out", "{}"],
    "calibrate --out": ["calibrate", "--out", "{}"],
    "simulate --report": ["simulate", "d20-stacks", "--games", "2", "--report", "{}"],
    "simulate --logs": ["simulate", "d20-stacks", "--games", "2", "--logs", "{}"],
    "check --new --out": ["check", "--new", "d20-stacks", "--out", "{}"],
    "build --words": ["build", "majority", "--words", "{}"],
    "validate": ["validate", "{}"],
}


def _said(text: str) -> str:
    """An error as one line: the frame typer draws around it, and its wrapping, removed."""
    return " ".join(re.sub("[│╭╮╰╯─]", " ", text).split())


def _run(cli, args: list[str], value: str):
    return cli(*[value if a == "{}" else a for a in args], input="G1, G2\n")


@pytest.mark.parametrize("name", COMMANDS)
def test_an_empty_path_is_refused_and_nothing_is_written(cli, tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "index.html").write_text("mine", encoding="utf-8")
    result = _run(cli, COMMANDS[name], "")
    assert result.exit_code == 2
    assert "an empty path (an unset shell variable?)" in _said(result.stderr)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html"]
    assert (tmp_path / "index.html").read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize("name", COMMANDS)
def test_a_name_over_255_bytes_is_refused(cli, tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    result = _run(cli, COMMANDS[name], f"out/{LONG}")
    assert result.exit_code == 2
    assert "a file or folder name of 300 bytes (aaaaaaaaaaaaaaaaaaaa…); at most 255" in \
        _said(result.stderr)
    assert list(tmp_path.iterdir()) == []


def test_a_nul_in_the_promo_file_a_record_names_is_an_input_error(cli, tmp_path):
    record = {"game": "majority2", "players": ["Ana", "Bo"],
              "score_areas": {"Ana": [], "Bo": []}, "coins": {"Ana": 1, "Bo": 1},
              "promos": "a\u0000b.json"}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = cli("check", path)
    assert result.exit_code == 2
    assert "a\\x00b.json: cannot read: the file name holds a NUL character" in result.stderr


@pytest.mark.parametrize("bad", [f"{LONG}/x.txt", "a\u0000b/x.txt"])
def test_the_writer_reports_an_impossible_path_instead_of_raising(tmp_path, bad):
    with pytest.raises(OutputError) as caught:
        write_text(tmp_path / Path(bad), "x")
    assert "cannot write:" in str(caught.value)
