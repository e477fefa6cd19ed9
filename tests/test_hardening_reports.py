"""What reaches a page or a terminal (issue 10): the gallery manifest is untrusted input
(validated, escaped, links only inside OUT), and every human-readable report escapes
control characters and terminal escape sequences."""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pytest
from rich.console import Console

from pnp.check import check_file
from pnp.cli.app import shown
from pnp.cli.check_report import print_report
from pnp.games.verdict import Line, PlayerResult, Violation

from conftest import ROOT


@pytest.fixture
def built(cli, tmp_path):
    """An output folder with one small PDF built and listed."""
    out = tmp_path / "out"
    result = cli("build", "majority", "-c", "point-cards-5", "--out", out)
    assert result.exit_code == 0, result.stderr
    return out


def _manifest(out):
    return json.loads((out / "gallery.json").read_text("utf-8"))


def _rebuild(cli, out):
    result = cli("build", "d20-stacks", "-c", "score-pad", "--out", out)
    assert result.exit_code == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result, (out / "index.html").read_text("utf-8")


@pytest.mark.slow
@pytest.mark.parametrize(("key", "value", "where"), [
    ("pdf", 5, "$[0].pdf: expected str"),
    ("pdf", "../../../../etc/passwd", "$[0].pdf: not a plain relative path"),
    ("pdf", "/etc/passwd.pdf", "$[0].pdf: not a plain relative path"),
    ("pdf", "javascript:alert(1).pdf", "$[0].pdf: not a plain relative path"),
    ("pdf", "majority/missing.pdf", "$[0].pdf: no such file"),
    ("unit", "<script>alert(1)</script>", "$[0].unit: expected a short word"),
    ("pages", 10**30, "$[0].pages: expected 0 to"),
    ("cards", True, "$[0].cards: expected int"),
    ("game", "<b>x</b>", "$[0].game: not a known game"),
    ("thumbs", ["../../x.png"], "$[0].thumbs[0]: not a plain relative path"),
    ("extra", 1, "$[0]: expected an object with game, pdf"),
    ("printing", "<i>x</i>", "$[0].printing: not one of"),
    ("paper", "<b>a4</b>", "$[0].paper: expected a short word"),
])
def test_a_damaged_manifest_entry_is_dropped_with_a_located_warning(cli, built, key, value,
                                                                    where):
    entries = _manifest(built)
    entries[0][key] = value
    (built / "gallery.json").write_text(json.dumps(entries, indent=1), encoding="utf-8")
    result, page = _rebuild(cli, built)
    assert f"warning: {built / 'gallery.json'}:" in result.stderr
    assert where in result.stderr
    assert "<script>" not in page and "passwd" not in page and "javascript:" not in page
    assert "point-cards.pdf" not in page  # the dropped entry
    assert "score-pad.pdf" in page


@pytest.mark.parametrize("text", ['{"not": "a list"}', "[[[[", "\x00\xff", "[1, 2]"])
def test_an_unreadable_manifest_only_loses_the_earlier_listings(cli, built, text):
    (built / "gallery.json").write_text(text, encoding="utf-8")
    result, page = _rebuild(cli, built)
    assert f"{built / 'gallery.json'}" in result.stderr
    assert "score-pad.pdf" in page
    assert isinstance(_manifest(built), list)


def test_a_manifest_that_is_a_fifo_does_not_hang(cli, built):
    import os

    (built / "gallery.json").unlink()
    os.mkfifo(built / "gallery.json")
    result, page = _rebuild(cli, built)
    assert "not a regular file" in result.stderr
    assert "score-pad.pdf" in page


def test_text_in_the_page_is_escaped(built):
    from pnp.kits.gallery import GalleryEntry, render_html

    entry = GalleryEntry("majority", 'majority/a"b<c>&d.pdf', 1, 2, "x<y", ('p/"q".png',))
    page = render_html([entry])
    assert '"b<c>' not in page and "x<y" not in page
    assert 'href="majority/a%22b%3Cc%3E%26d.pdf"' in page
    assert "a&quot;b&lt;c&gt;&amp;d.pdf" in page


def test_a_game_folder_symlinked_elsewhere_is_listed(cli, tmp_path):
    elsewhere = tmp_path / "usb-stick"
    elsewhere.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "majority").symlink_to(elsewhere)
    result = cli("build", "majority", "-c", "point-cards-5", "--out", out)
    assert result.exit_code == 0, result.stderr
    assert (elsewhere / "point-cards.pdf").is_file()
    page = (out / "index.html").read_text("utf-8")
    assert 'href="majority/point-cards.pdf"' in page
    assert _manifest(out)[0]["thumbs"] == ["majority/preview/point-cards-1.png",
                                           "majority/preview/point-cards-2.png"]


# --- Terminal output -----------------------------------------------------------------

def test_shown_escapes_control_characters_bidi_and_surrogates():
    assert shown("Ana\x1b[2J\x07") == "Ana\\x1b[2J\\x07"
    assert shown("ab\u202ecd") == "ab\\u202ecd"
    assert shown("G\ud800") == "G\\ud800"
    assert shown("Café — ok") == "Café — ok"


def test_check_report_prints_names_as_text(tmp_path):
    verdict = check_file(ROOT / "data" / "examples" / "majority-legal.json")
    evil = "Ana\x1b]0;pwned\x07[bold red]X[/bold red]"
    players = tuple(replace(p, name=evil, breakdown=(Line(evil, 1),)) if i == 0 else p
                    for i, p in enumerate(verdict.players))
    verdict = replace(verdict, players=players, winners=(evil,),
                      violations=(Violation(evil, evil, "wrong-claim"),))
    buffer = io.StringIO()
    print_report(verdict, Console(file=buffer, width=200, force_terminal=False))
    text = buffer.getvalue()
    assert "\x1b" not in text and "\x07" not in text
    assert "Ana\\x1b]0;pwned\\x07[bold red]X[/bold red]" in text.replace("\n", "")
    assert isinstance(players[0], PlayerResult)


def test_error_messages_escape_control_characters(cli, tmp_path):
    bad = tmp_path / "w\x1b[31m.txt"
    bad.write_text("Door\nDo\x1b[2Jor\n", encoding="utf-8")
    result = cli("validate", bad)
    assert result.exit_code == 2
    assert "\x1b" not in result.stderr + result.stdout
    assert "\\x1b" in result.stderr
