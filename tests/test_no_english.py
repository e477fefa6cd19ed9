"""No English in a translated kit: every PDF that `pnp build --lang L` makes (it, fr, de, es;
each game that has L) is read back as text, and no word of the English furniture may be in
it. The English furniture is every word the English data prints: each game's
`strings.en.json`, the gallery's strings, the English score pads and diagrams. A word that
is also a word of L (the game's title, Italian "per", French "table") is on the reviewed
`also_english` list of the game's `strings.L.json`, the list `pnp validate` lets through
too, so a leftover English label, card text, dice colour or setting name fails here by
the word."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2
import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.games import GAMES
from pnp.kits.languages import languages

from conftest import ROOT

LANGUAGES = ("it", "fr", "de", "es")

# Majority 2's Italian rules name each faction and rank as the English cards print it, in
# a column of their own ("Carte in inglese"), so a table with English cards can match them.
GLOSSARY = {("majority2", "it"): {"witches", "demons", "dragons", "angels", "reapers",
                                  "secretary", "veteran", "aristocrat", "independent",
                                  "ghost"}}
GLOSSARY_FILES = ("rules", "kit")

_WORD = re.compile(r"[^\W\d_]{3,}")
_SKIPPED_KEYS = {"$schema", "description", "language"}


def _strings(value, key: str = "") -> list[str]:
    """Every printed string in a data file, its `{placeholders}` left out."""
    if key in _SKIPPED_KEYS:
        return []
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in _strings(v, k)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v, key)]
    return [re.sub(r"\{[^}]*\}", " ", value)] if isinstance(value, str) else []


def english_furniture() -> set[str]:
    files = [*ROOT.glob("data/*/strings.en.json"), *ROOT.glob("templates/score-pads/*.json"),
             *ROOT.glob("templates/diagrams/*.json")]
    english = [f for f in files if not re.search(r"\.[a-z]{2}\.json$", f.name)
               or f.name.endswith(".en.json")]
    said = " ".join(s for f in english for s in _strings(_printed(f)))
    return {w.casefold() for w in _WORD.findall(said)}


def _printed(path: Path):
    """A data file's printed part: of the pages' words only the gallery's, which a build
    writes; the app's and the studio's are never in a kit (tests/test_studio_languages.py
    checks those)."""
    value = json.loads(path.read_text("utf-8"))
    return value.get("gallery", {}) if path.parent.name == "pages" else value


def pdf_text(path: Path) -> str:
    document = pypdfium2.PdfDocument(str(path))
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, list[Path]]:
    out = tmp_path_factory.mktemp("languages")
    files: dict[str, list[Path]] = {}
    for lang in LANGUAGES:
        games = [game for game in GAMES if lang in languages(game)]
        result = CliRunner().invoke(app, ["build", *games, "--lang", lang, "--out", str(out),
                                          "--no-gallery"], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        files[lang] = sorted(out.glob(f"*/*-{lang}.pdf"))
    return files


def also_english(game: str, lang: str) -> set[str]:
    said = json.loads((ROOT / "data" / game / f"strings.{lang}.json").read_text("utf-8"))
    return {w.casefold() for w in said.get("also_english", [])}


def english_words(text: str, allowed: set[str]) -> dict[str, int]:
    """The English furniture words in `text` (a PDF's), by how often each is there."""
    furniture = english_furniture() - allowed
    found: dict[str, int] = {}
    for word in _WORD.findall(text):
        if word.casefold() in furniture:
            found[word] = found.get(word, 0) + 1
    return found


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translated_kit_prints_no_english_word(built, lang):
    assert built[lang], f"no {lang} PDF built"
    leftovers = {f"{p.parent.name}/{p.name}": english_words(pdf_text(p), _allowed(p, lang))
                 for p in built[lang]}
    assert {name: words for name, words in leftovers.items() if words} == {}


def _allowed(pdf: Path, lang: str) -> set[str]:
    """The game's words shared with English, and the English card names a document may
    print in its glossary column."""
    allowed = also_english(pdf.parent.name, lang)
    if pdf.stem.removesuffix(f"-{lang}") in GLOSSARY_FILES:
        allowed |= GLOSSARY.get((pdf.parent.name, lang), set())
    return allowed


def test_an_english_label_left_in_a_translated_pdf_is_found():
    """The check can fail: an English sheet label and dice colour are caught by the word,
    while the language's own words and the titles pass."""
    text = "The Majority · Carte D20 · foglio 1, fronte\nsheet 1, fronts · BLU · GOLD per il round"
    assert english_words(text, also_english("majority", "it")) == {
        "sheet": 1, "fronts": 1, "GOLD": 1}
    assert english_words("Die Punkte-Karte hat die Mehrheit", also_english("majority", "de")) == {}
