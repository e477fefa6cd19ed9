"""`pnp build --checker-url URL`: a QR code on each score pad opening URL/check/GAME."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.kits.documents import checker_link
from pnp.kits.languages import score_pads, template_roots
from pnp.render.qrcode import qr_drawing

from pdftools import text

URL = "http://192.168.1.20:8000/?token=Xb3k9Qw2fT1mZr8c"


def test_the_link_keeps_the_token():
    assert checker_link(URL, "majority2") == \
        "http://192.168.1.20:8000/check/majority2?token=Xb3k9Qw2fT1mZr8c"
    assert checker_link("https://example.org/games/", "d20-stacks") == \
        "https://example.org/games/check/d20-stacks"


def test_the_drawing_holds_exactly_the_dark_modules():
    import segno

    text = "http://10.0.0.2:8000/check/majority"
    matrix = [list(map(bool, row)) for row in segno.make(text, error="m").matrix]
    quiet, size = 2, 100.0
    unit = size / (len(matrix) + 2 * quiet)
    drawn = [[False] * len(matrix) for _ in matrix]
    for rect in qr_drawing(text, size, quiet).contents:
        row = round((size - rect.y) / unit) - quiet - 1
        first = round(rect.x / unit) - quiet
        for col in range(first, first + round(rect.width / unit)):
            drawn[row][col] = True
    assert drawn == matrix


@pytest.mark.slow
def test_each_score_pad_carries_the_code_and_the_address(tmp_path):
    import pdfplumber

    out = tmp_path / "kit"
    result = CliRunner().invoke(app, ["build", "-c", "score-pad", "--out", str(out),
                                      "--checker-url", URL, "--no-gallery"])
    assert result.exit_code == 0, result.output
    pads = sorted(out.glob("*/score-pad.pdf"))
    assert len(pads) == 4
    for pad in pads:
        with pdfplumber.open(pad) as pdf:
            page = pdf.pages[0]
            text = page.extract_text().replace("\n", "")
            squares = [r for r in page.rects if r["non_stroking_color"] in ((0,), [0], (0, 0, 0),
                                                                        [0, 0, 0])]
        assert checker_link(URL, pad.parent.name) in text
        assert len(squares) > 100 and len(pdf.pages) == 1


def test_the_printed_address_breaks_only_after_a_slash_or_query_mark(tmp_path):
    """Typed from paper, a break inside the host (192.168 / .1.20) reads as part of it."""
    import pdfplumber

    out = tmp_path / "kit"
    CliRunner().invoke(app, ["build", "d20-stacks", "-c", "score-pad", "--out", str(out),
                             "--checker-url", URL, "--no-gallery"])
    with pdfplumber.open(out / "d20-stacks" / "score-pad.pdf") as pdf:
        lines = pdf.pages[0].extract_text().splitlines()
    for piece in ("192.168.1.20:8000/", "check/d20-stacks?", "Xb3k9Qw2fT1mZr8c"):
        assert any(piece in line for line in lines), (piece, lines)


def test_a_long_piece_of_an_address_is_cut_to_the_column():
    from pnp.render.fonts import string_width
    from pnp.render.geometry import pt
    from pnp.render.scorepad import url_lines

    url = "http://a-very-long-host-name.example.internal.lan:8000/check/majority?token=x"
    lines = url_lines(url, "Helvetica", 6.5, pt(26))
    assert "".join(lines) == url
    assert all(string_width(line, "Helvetica", 6.5) <= pt(26) for line in lines)
    assert lines[-1] == "check/majority?token=x"


@pytest.mark.slow
def test_without_the_option_the_pads_do_not_change(tmp_path):
    runs = []
    for extra in ([], ["--checker-url", URL]):
        out = tmp_path / str(len(runs))
        CliRunner().invoke(app, ["build", "majority", "-c", "score-pad", "--out", str(out),
                                 "--no-gallery", *extra])
        runs.append((out / "majority" / "score-pad.pdf").read_bytes())
    plain = tmp_path / "again"
    CliRunner().invoke(app, ["build", "majority", "-c", "score-pad", "--out", str(plain),
                             "--no-gallery"])
    assert (plain / "majority" / "score-pad.pdf").read_bytes() == runs[0] != runs[1]


@pytest.mark.parametrize("bad", ["ftp://x/y", "192.168.1.20:8000", "http://", "http://a b",
                                 "http://x/#frag", "http://x/" + "a" * 300])
def test_a_bad_address_is_refused(tmp_path, bad):
    result = CliRunner().invoke(app, ["build", "majority", "-c", "score-pad", "--out",
                                      str(tmp_path), "--checker-url", bad])
    assert result.exit_code == 2 and "--checker-url" in result.output
    assert not list(tmp_path.rglob("*.pdf"))


CAPTIONS = {"it": "Inquadra il codice per controllare i punteggi:",
            "fr": "Scannez pour vérifier les scores :",
            "de": "Zum Prüfen der Punkte scannen:",
            "es": "Escanea para comprobar las puntuaciones:"}
TRANSLATED_PADS = [(game, lang) for game in ("majority", "majority2", "majority-rules",
                                             "d20-stacks")
                   for lang in score_pads(template_roots(None), game) if lang != "en"]


@pytest.mark.parametrize(("game", "lang"), TRANSLATED_PADS)
def test_a_translated_pad_captions_its_code_in_its_language(tmp_path, game, lang):
    """The caption comes from the pad's own file (`qr_caption`), so an Italian table is
    not asked in English to scan its code."""
    from pnp.render.fonts import font_set
    from pnp.render.scorepad import load_score_pad, render_score_pad

    pad = load_score_pad(score_pads(template_roots(None), game)[lang])
    path = tmp_path / "pad.pdf"
    render_score_pad(pad, "a4", font_set(), checker_link(URL, game)).write(path)
    printed = " ".join(text(path).replace("\u00a0", " ").split())
    assert CAPTIONS[lang] in printed
    assert "Scan to" not in printed and "scores:" not in printed
