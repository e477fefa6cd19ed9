"""Rule sheets and quick references: what the PDFs say, their pages, fonts and bytes, and
the errors a bad rule text gets (always with file and line)."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest

from pnp.errors import DataError, FitError
from pnp.kits.build import run_build
from pnp.kits.request import BuildRequest
from pnp.render.decks import PrintOptions
from pnp.render.diagram import DiagramLibrary
from pnp.render.fonts import font_set
from pnp.render.rulesheet import load_rule_text, render_rule_text
from pnp.render.rulesheet.markdown import Heading, parse_markdown

from conftest import ROOT
from pdftools import A4, LETTER, catalog, fonts, image_count, page_sizes, text

RULES = ROOT / "templates" / "rules"
DOCS = ("rules", "quick-reference")
GAMES = ("majority", "majority2", "majority-rules", "d20-stacks")


def _sheet(source: Path) -> tuple[str, str, str]:
    """(game, PDF name, text name) of a shipped rule text, e.g. `majority.quick-reference.
    it.md` -> ("majority", "quick-reference-it.pdf", ...): every language is checked."""
    game, *middle, lang, _ = source.name.split(".")
    doc = "quick-reference" if middle else "rules"
    return game, f"{doc}{'' if lang == 'en' else '-' + lang}.pdf", source.name


SHEETS = sorted(_sheet(p) for p in RULES.glob("*.md"))
KEY_FACTS = {
    "majority": ["20 points", "206 word cards", "50 one-point cards and 30 five-point cards"],
    "majority2": ["half of n, rounded up, plus 2", "60 member cards", "35", "does not hold",
                  "free_play_ignores_requirements"],
    "majority-rules": ["500 points", "47 points instead of 41", "eleven 3s"],
    "d20-stacks": ["54 cards", "14 dash cards", "new_stack=only_if_blocked"],
}


def _build(out: Path, paper: str) -> Path:
    run_build(BuildRequest(components=DOCS, out_dir=out, options=PrintOptions(paper=paper),
                           lang="all"))
    return out


@pytest.fixture(scope="module")
def a4(tmp_path_factory) -> Path:
    return _build(tmp_path_factory.mktemp("a4"), "a4")


@pytest.fixture(scope="module")
def letter(tmp_path_factory) -> Path:
    return _build(tmp_path_factory.mktemp("letter"), "letter")


def flat(value: str) -> str:
    """Whitespace collapsed, so words broken across lines still compare."""
    return re.sub(r"\s+", " ", value)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "pdf", "source"), SHEETS)
def test_every_heading_is_in_the_pdf(a4, game, pdf, source):
    extracted = flat(text(a4 / game / pdf))
    blocks = parse_markdown((RULES / source).read_text("utf-8"), source)
    headings = [b.plain for b in blocks if isinstance(b, Heading)]
    assert headings and [h for h in headings if flat(h) not in extracted] == []


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_key_numbers_and_rulings_are_printed(a4, game):
    extracted = flat(text(a4 / game / "rules.pdf"))
    assert [fact for fact in KEY_FACTS[game] if fact not in extracted] == []


def test_quick_references_carry_the_key_numbers(a4):
    expected = {"majority": "20 or more", "majority2": "rounded up, plus 2",
                "majority-rules": "500", "d20-stacks": "54 cards"}
    for game, fact in expected.items():
        assert fact in flat(text(a4 / game / "quick-reference.pdf")), game


def test_draw_table_follows_the_ruling_not_the_misprint(a4):
    extracted = flat(text(a4 / "majority2" / "rules.pdf"))
    assert "0 2 1–2 3 3–4 4 5–6 5 7–8 6" in extracted
    assert "0~1" in extracted  # only where the misprint is named


def test_italian_sheets_have_real_accents(a4):
    for name in ("rules-it.pdf", "quick-reference-it.pdf"):
        extracted = text(a4 / "d20-stacks" / name)
        assert "più" in extracted and "è" in extracted
        assert not re.search("[ĂÃ]", extracted)
    diagram = flat(text(a4 / "d20-stacks" / "rules-it.pdf"))
    assert "Mazzetto A" in diagram and "Stack A" not in diagram


@pytest.mark.parametrize(("game", "pdf", "source"),
                         [s for s in SHEETS if not s[2].endswith(".en.md")])
def test_translated_sheets_have_no_garbled_accents(a4, game, pdf, source):
    assert not re.search("[ĂÃ]|Ã©|Ã¨", text(a4 / game / pdf)), (game, pdf)


@pytest.mark.parametrize(("game", "pdf", "english", "translated"), [
    ("majority", "rules-it.pdf", "Firefighter", "Pompiere"),
    ("majority", "rules-fr.pdf", "Firefighter", "Pompier"),
    ("majority", "rules-de.pdf", "Firefighter", "Feuerwehrmann"),
    ("majority", "rules-es.pdf", "Firefighter", "Bombero"),
    ("majority-rules", "rules-it.pdf", "Revealed 3s", "I 3 scoperti"),
    ("majority2", "rules-it.pdf", "Your columns (red line)", "Le tue colonne (linea rossa)"),
])
def test_translated_sheets_draw_translated_diagrams(a4, game, pdf, english, translated):
    extracted = flat(text(a4 / game / pdf))
    assert translated in extracted and english not in extracted


@pytest.mark.slow
@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_page_sizes_and_one_page_quick_references(a4, letter, paper, size):
    out = a4 if paper == "a4" else letter
    for game, pdf, _ in SHEETS:
        sizes = page_sizes(out / game / pdf)
        assert set(sizes) == {size}, (game, pdf)
        if pdf.startswith("quick-reference"):
            assert len(sizes) == 1, (game, pdf, paper)


@pytest.mark.parametrize(("game", "pdf", "source"), SHEETS)
def test_fonts_embedded_no_helvetica_no_images(a4, game, pdf, source):
    path = a4 / game / pdf
    used = fonts(path)
    assert used and all(used.values()), used
    assert b"Helvetica" not in path.read_bytes()
    assert image_count(path) == 0


def test_metadata_and_print_scaling(a4):
    path = a4 / "majority2" / "rules.pdf"
    info = pypdf.PdfReader(str(path)).metadata
    assert info["/Title"] == "The Majority 2" and info["/Author"] == "majority-pnp"
    assert info["/Subject"] == "Rules"
    assert catalog(path)["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_footer_counts_pages(a4):
    pages = pypdf.PdfReader(str(a4 / "majority2" / "rules.pdf")).pages
    total = len(pages)
    assert total > 1
    for number, page in enumerate(pages, start=1):
        assert f"{number} / {total}" in page.extract_text()


@pytest.mark.slow
def test_rebuild_gives_identical_bytes(a4, tmp_path):
    again = _build(tmp_path, "a4")
    for game, pdf, _ in SHEETS:
        assert (again / game / pdf).read_bytes() == (a4 / game / pdf).read_bytes(), pdf


def test_cli_component_builds_just_that_file(cli, tmp_path):
    result = cli("build", "majority-rules", "--component", "rules-it", "--paper", "letter",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    built = list(tmp_path.rglob("*.pdf"))
    assert built == [tmp_path / "majority-rules" / "rules-it.pdf"]
    pages = len(page_sizes(built[0]))
    assert f"{built[0]}  {pages} page(s)" in result.stdout.splitlines()[0]
    assert set(page_sizes(built[0])) == {LETTER}


def test_user_font_is_used_everywhere(cli, tmp_path):
    font = ROOT / "pnp" / "fonts" / "VeraBd.ttf"
    result = cli("build", "d20-stacks", "-c", "quick-reference", "--font", font,
                 "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    used = fonts(tmp_path / "d20-stacks" / "quick-reference.pdf")
    assert used and all(name.endswith("BitstreamVeraSans-Bold") for name in used), used


# --- bad texts: every error names the file and the line ---------------------------------

def _render(tmp_path: Path, body: str):
    source = tmp_path / "game.en.md"
    source.write_text(body, encoding="utf-8")
    fonts_ = font_set()
    diagrams = DiagramLibrary([ROOT / "templates" / "diagrams"])
    return render_rule_text(load_rule_text(source, fonts_, diagrams), "a4", fonts_, diagrams)


@pytest.mark.parametrize(("body", "line", "says"), [
    ("# T\n\n#### Too deep\n", 3, "deeper than ###"),
    ("# T\n\nSome **bold text\n", 3, "unclosed '**'"),
    ("# T\n\n* star bullet\n", 3, "start bullet items with '- '"),
    ("# T\n\n```\ncode\n```\n", 3, "code blocks"),
    ("# T\n\nSee [here](http://x.org).\n", 3, "links"),
    ("# T\n\n| A | B |\n|---|---|\n| 1 |\n", 5, "1 cell(s) but the header has 2"),
    ("# T\n\n| A | B |\n| 1 | 2 |\n", 4, "separator"),
    ("# T\n\n> Not a title\n> - item\n", 3, "starts with its title in bold"),
    ("# T\n\n> **Box**\n> ## Heading\n", 4, "may only hold paragraphs and lists"),
    ("# T\n\n![Photo](photo.png)\n", 3, "images must be diagrams"),
    ("# T\n\nSome _underscored_ words.\n", 3, "underscore emphasis"),
    ("# T\n\n![Nope](diagram:no-such-diagram)\n", 3, "unknown diagram 'no-such-diagram'"),
])
def test_bad_markdown_is_an_error_at_its_line(tmp_path, body, line, says):
    with pytest.raises(DataError) as caught:
        _render(tmp_path, body)
    problem = caught.value.problems[0]
    assert (problem.file, problem.line) == (str(tmp_path / "game.en.md"), line)
    assert says in problem.message


def test_missing_glyph_and_mojibake_are_errors_at_their_lines(tmp_path):
    with pytest.raises(FitError) as caught:
        _render(tmp_path, "# T\n\nGo → there.\n\nFare piĂą punti.\n")
    found = {(p.line, p.message.split(";")[0]) for p in caught.value.problems}
    assert (3, "character(s) every face of the font (Vera.ttf, VeraBd.ttf, VeraBI.ttf, "
               "VeraIt.ttf) lack(s): '→' (U+2192)") in found
    assert any(line == 5 and "mojibake" in message for line, message in found)


def test_supported_subset_renders_literally(tmp_path):
    body = ("# Title\n\n**Bold lead.**\n\nText with free_play_ignores_requirements, 1 < 2 & "
            "3 > 2, an \\* asterisk, *italic* and **bold**.\n\n1. one\n2. two\ncontinued\n\n"
            "| Left | Right |\n|---|---:|\n| a | 1 |\n\n> **Note**\n> Para.\n> - item\n")
    pdf = _render(tmp_path, body)
    path = tmp_path / "out.pdf"
    path.write_bytes(pdf.data)
    extracted = flat(text(path))
    for expected in ("free_play_ignores_requirements", "1 < 2 & 3 > 2, an * asterisk",
                     "2. two continued", "Note", "Para.", "• item"):
        assert expected in extracted


def test_user_templates_override_one_text_and_errors_exit_2(cli, tmp_path):
    mine = tmp_path / "templates" / "rules"
    mine.mkdir(parents=True)
    (mine / "majority.en.md").write_text("# My Majority\n\n## House rules\n\nPlay to 30.\n",
                                         encoding="utf-8")
    out = tmp_path / "out"
    result = cli("build", "majority", "-c", "rules", "-c", "quick-reference",
                 "--templates", tmp_path / "templates", "--out", out)
    assert result.exit_code == 0, result.stderr
    assert "House rules" in text(out / "majority" / "rules.pdf")
    assert "Quick reference" in text(out / "majority" / "quick-reference.pdf")  # shipped one
    (mine / "majority.en.md").write_text("# T\n\n![x](diagram:nope)\n", encoding="utf-8")
    result = cli("build", "majority", "-c", "rules", "--templates", tmp_path / "templates",
                 "--out", out)
    assert result.exit_code == 2
    assert f"{mine / 'majority.en.md'}:3: unknown diagram 'nope'" in result.stderr
