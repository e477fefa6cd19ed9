"""The third robustness campaign's CLI findings (issue 32): each bad input refused with a
message naming the option or the file and what is wrong, exit 2, nothing half done."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from tests.webtools import EXAMPLES, ROOT


def test_a_second_tune_is_refused_naming_both(cli):
    """F07: a second --tune replaced the first without a word (its values never played)."""
    result = cli("simulate", "majority2", "--promos", EXAMPLES / "majority2-costly-junior.json",
                 "--tune", "house-witches-apprentice.cost=1..3", "--tune",
                 "house-witches-apprentice.vp.points=1..3", "--games", "10")
    assert result.exit_code == 2 and result.stdout == ""
    assert ("--tune: given 2 times ('house-witches-apprentice.cost=1..3', "
            "'house-witches-apprentice.vp.points=1..3'); a run tunes one card field"
            in result.stderr)


NAME_RULE = "a printer's name is 1 to 100 characters"


@pytest.mark.parametrize("name", ["of\tfice", "of\x1bfice", "of\nfice", "of\x7ffice",
                                  "x" * 101, "   ", "a/b"])
def test_printer_save_refuses_a_name_the_loader_would_refuse(cli, tmp_path, monkeypatch, name):
    """F02/F03: such a name was saved (exit 0); the loader refused it, and with it every
    good profile and every printer command."""
    monkeypatch.setenv("PNP_CONFIG_HOME", str(tmp_path))
    assert cli("printer", "save", "office", "--offset-x", "0.5").exit_code == 0
    before = (tmp_path / "printers.json").read_bytes()
    result = cli("printer", "save", name)
    assert result.exit_code == 2 and NAME_RULE in result.stderr
    assert "\x1b" not in result.stderr and (tmp_path / "printers.json").read_bytes() == before
    assert cli("printer", "show", "office").exit_code == 0


def test_a_bad_entry_never_hides_the_good_ones(cli, tmp_path, monkeypatch):
    """An entry written by an older version (a tab in its name) is named and kept as it is;
    the others are listed and usable, saving another keeps it, and delete removes it."""
    monkeypatch.setenv("PNP_CONFIG_HOME", str(tmp_path))
    path = tmp_path / "printers.json"
    path.write_text(json.dumps({"printers": {"of\tfice": {"offset_x": 1, "offset_y": 0},
                                             "home": {"offset_x": 0.5, "offset_y": 0}}}))
    listed = cli("printer", "list")
    assert listed.exit_code == 0 and listed.stdout.startswith("home  offset-x +0.5 mm")
    assert f'{path}:1: $.printers["of\\tfice"]: printer "of\\tfice" cannot be used: ' \
           f"{NAME_RULE}" in listed.stderr
    assert cli("printer", "save", "attic").exit_code == 0
    assert set(json.loads(path.read_text())["printers"]) == {"of\tfice", "home", "attic"}
    assert cli("build", "majority", "-c", "variant-card", "--printer", "home", "--out",
               tmp_path / "out", "--no-gallery").exit_code == 0
    assert cli("printer", "delete", "of\tfice").exit_code == 0
    assert set(json.loads(path.read_text())["printers"]) == {"home", "attic"}
    assert cli("printer", "list").stderr == ""


@pytest.mark.parametrize("make, what", [
    (lambda p: p.mkdir(), "a folder"),
    (lambda p: os.mkfifo(p), "a FIFO (named pipe)"),
    (lambda p: p.symlink_to(p.name), "a broken symlink"),  # a link to itself: a loop
])
def test_a_language_file_that_is_no_file_is_named(cli, tmp_path, make, what):
    """F08: strings.it.json as a folder, a FIFO or a link loop read as 'not every game
    exists in it', naming no file."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    strings = data / "majority" / "strings.it.json"
    strings.unlink()
    make(strings)
    result = cli("build", "majority", "--data", data, "--lang", "it", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert result.stderr == (f"error: {strings}: --lang it: this file of The Majority in 'it' "
                             f"is {what}, not a file to read\n")
    assert not (tmp_path / "out").exists()
