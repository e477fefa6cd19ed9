"""`pnp build --lang`: a whole kit in one language — The Majority's words and every card
text from its data files, the rules, quick reference and score pad — and a language added
by adding files."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import ROOT
from pdftools import text

DATA = ROOT / "data" / "majority"
CARD_FILES = ["word-cards", "vote-cards", "preparation-cards", "point-cards", "variant-card",
              "blank-cards"]
DOCUMENTS = ["rules", "quick-reference", "score-pad"]


def strings(lang: str) -> dict:
    return json.loads((DATA / f"strings.{lang}.json").read_text("utf-8"))


def words(lang: str) -> list[str]:
    cards = json.loads((DATA / f"words.{lang}.json").read_text("utf-8"))["cards"]
    return [w.replace("\u00ad", "") for c in cards for w in (c["front"], c["back"])]


def flat(pdf: Path) -> str:
    return re.sub(r"\s+", " ", text(pdf))


@pytest.fixture(scope="module")
def german(tmp_path_factory) -> Path:
    from typer.testing import CliRunner

    from pnp.cli import app

    out = tmp_path_factory.mktemp("de")
    result = CliRunner().invoke(app, ["build", "majority", "--lang", "de", "--out", str(out),
                                      "--no-gallery"], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""  # German has its own rules, quick reference and score pad
    return out / "majority"


@pytest.mark.slow
def test_the_german_kit_is_every_file_in_german(german):
    expected = [f"{name}-de.pdf" for name in CARD_FILES + DOCUMENTS + ["tuck-box", "kit"]]
    assert sorted(p.name for p in german.iterdir()) == sorted(expected)


@pytest.mark.slow
def test_every_german_word_is_on_the_word_cards_without_its_soft_hyphens(german):
    body = text(german / "word-cards-de.pdf")
    assert [w for w in words("de") if w not in body] == []
    assert "Feuerwehrmann" in body and "\u00ad" not in body


@pytest.mark.slow
def test_every_card_text_comes_from_the_german_strings(german):
    said = strings("de")
    cards = " ".join(flat(german / f"{name}-de.pdf") for name in CARD_FILES[1:])
    expected = [f["caption"] for f in said["vote_faces"].values()]
    expected += [p["hint"] for p in said["preparation_cards"].values()]
    expected += [said["vote_back"].format(colour=c) for c in said["colours"].values()]
    expected += [said["variant_card"][s]["title"] for s in ("front", "back")]
    expected += [said["blank_card"], said["backs"]["preparation"], said["sheet"]["scale"],
                 "PUNKTE", "Bogen 1, Vorderseiten", "Bogen 1, Rückseiten"]
    assert [t for t in expected if t not in cards] == []
    english = strings("en")
    leftovers = [f["caption"] for f in english["vote_faces"].values()]
    leftovers += ["Vote ·", "Your word", "Preparation", "sheet 1", "scale check", "Blue"]
    assert [t for t in leftovers if t in cards] == []


@pytest.mark.slow
def test_the_german_kit_packs_german_documents(german):
    kit = flat(german / "kit-de.pdf")
    assert "Spielaufbau" in kit and "Kurzübersicht" in kit and "Wertungsblock" in kit
    assert "Quick reference" not in kit and "Setup" not in kit


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["it", "fr", "es"])
def test_each_language_prints_its_own_card_texts(cli, tmp_path, lang):
    names = ["vote-cards", "preparation-cards", "variant-card", "blank-cards"]
    options = [x for n in names for x in ("-c", n)]
    result = cli("build", "majority", "--lang", lang, *options, "--out", tmp_path,
                 "--no-gallery")
    assert result.exit_code == 0, result.stderr
    cards = " ".join(flat(tmp_path / "majority" / f"{n}-{lang}.pdf") for n in names)
    said = strings(lang)
    expected = [said["vote_faces"]["Score"]["label"], said["preparation_cards"]["?"]["role"],
                said["variant_card"]["back"]["title"], said["blank_card"],
                said["sheet"]["number"].format(number=1)]
    assert [t for t in expected if re.sub(r"\s+", " ", t) not in cards] == []
    assert "Link the reference" not in cards and "Your word" not in cards


def test_english_by_name_has_no_suffix_and_only_english_documents(cli, tmp_path):
    result = cli("build", "majority", "--lang", "en", "-c", "rules", "-c", "score-pad",
                 "-c", "variant-card", "--out", tmp_path, "--no-gallery")
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "majority").iterdir()) == [
        "rules.pdf", "score-pad.pdf", "variant-card.pdf"]


def test_words_option_still_overrides_the_languages_list(cli, tmp_path):
    mine = tmp_path / "mine.txt"
    mine.write_text("Weihnachtsbaum\nGurke\n", encoding="utf-8")
    result = cli("build", "majority", "--lang", "de", "--words", mine, "-c", "word-cards",
                 "--out", tmp_path / "out", "--no-gallery")
    assert result.exit_code == 0, result.stderr
    body = text(tmp_path / "out" / "majority" / "word-cards-de.pdf")
    assert "Weihnachtsbaum" in body and "Feuerwehrmann" not in body
    assert "Bogen 1" in body


def test_a_language_some_games_lack_is_refused_saying_who_has_it(cli, tmp_path):
    result = cli("build", "majority", "majority2", "--lang", "de", "--out", tmp_path)
    assert result.exit_code == 2
    assert "majority2: en, it" in result.stderr and "pnp build majority --lang de" in \
        result.stderr
    assert not list(tmp_path.rglob("*.pdf"))


@pytest.mark.parametrize("code", ["German", "d", "de_DE", "../x"])
def test_a_malformed_language_code_is_refused(cli, tmp_path, code):
    result = cli("build", "majority", "--lang", code, "--out", tmp_path)
    assert result.exit_code == 2 and "is not a language code" in result.stderr


def test_a_strings_file_missing_a_colour_names_itself(cli, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "majority", data / "majority")
    path = data / "majority" / "strings.fr.json"
    said = strings("fr")
    del said["colours"]["Teal"]
    path.write_text(json.dumps(said, ensure_ascii=False, indent=1), encoding="utf-8")
    result = cli("build", "majority", "--lang", "fr", "--data", data, "--out", tmp_path / "o")
    assert result.exit_code == 2
    assert f"error: {path}:" in result.stderr and "$.colours" in result.stderr
    assert "'Teal'" in result.stderr and "components.json $.vote_sets[7]" in result.stderr


def _old_components(tmp_path: Path) -> Path:
    """A components.json as written before the card texts moved to the strings files."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "majority", data / "majority")
    path = data / "majority" / "components.json"
    value = json.loads(path.read_text("utf-8"))
    for face in value["vote_faces"]:
        face["caption"] = f"Link the reference to proposal {face['label']}"
    for card in value["point_cards"]:
        card["unit"] = "POINTS"
    value["variant_card"]["front"]["title"] = "Most logical"
    path.write_text(json.dumps(value, indent=1), encoding="utf-8")
    return path


def test_an_old_components_file_is_told_where_its_texts_went(cli, tmp_path):
    """The keys are still refused one by one, with one line for the file saying where
    they went: before, nine 'unknown key(s)' errors and no way forward."""
    path = _old_components(tmp_path)
    for result in (cli("validate", path),
                   cli("build", "majority", "-c", "vote-cards", "--data", tmp_path / "data",
                       "--out", tmp_path / "o")):
        assert result.exit_code == 2
        hints = [line for line in result.stderr.splitlines() if "strings.<lang>.json" in line]
        assert len(hints) == 1, result.stderr
        assert hints[0].startswith(f"error: {path}: card texts are no longer written in ")
        for moved in ("'caption' of vote_faces → vote_faces.A.caption",
                      "'unit' of point_cards → point_units.1",
                      "'title' of variant_card → variant_card.front.title"):
            assert moved in hints[0]
        assert "'role'" not in hints[0]  # only the keys the file has
        assert "$.vote_faces[3]: unknown key(s) 'caption'" in result.stderr
    assert not (tmp_path / "o").exists()


def test_an_unknown_key_that_never_moved_gets_no_hint(cli, tmp_path):
    path = tmp_path / "data" / "majority" / "components.json"
    shutil.copytree(ROOT / "data" / "majority", path.parent)
    value = json.loads(path.read_text("utf-8"))
    value["vote_faces"][0]["colour"] = "red"
    path.write_text(json.dumps(value, indent=1), encoding="utf-8")
    result = cli("validate", path)
    assert result.exit_code == 2 and "unknown key(s) 'colour'" in result.stderr
    assert "strings.<lang>.json" not in result.stderr


@pytest.mark.slow
def test_a_user_adds_a_language_with_two_files(cli, tmp_path):
    """docs/contributing/languages.md's worked example: Portuguese words and card texts,
    no code."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    words_pt = {"language": "pt", "cards": [{"front": "Bombeiro", "back": "Porta"},
                                            {"front": "Avó", "back": "Cadeira"}]}
    (data / "majority" / "words.pt.json").write_text(json.dumps(words_pt), encoding="utf-8")
    said = {**strings("es"), "language": "pt", "blank_card": "A tua palavra:"}
    (data / "majority" / "strings.pt.json").write_text(json.dumps(said), encoding="utf-8")
    games = json.loads(cli("games", "--json", "--data", data).stdout)["games"]
    assert "pt" in games[0]["languages"]
    out = tmp_path / "out"
    result = cli("build", "majority", "--lang", "pt", "--data", data, "--out", out,
                 "--no-gallery")
    assert result.exit_code == 0, result.stderr
    assert "majority has no rules in 'pt': the English one is used" in result.stderr
    built = sorted(p.name for p in (out / "majority").iterdir())
    assert "word-cards-pt.pdf" in built and "kit-pt.pdf" in built and "rules.pdf" in built
    assert "Avó" in text(out / "majority" / "word-cards-pt.pdf")
    assert "A tua palavra:" in text(out / "majority" / "blank-cards-pt.pdf")
    assert "Setup" in flat(out / "majority" / "kit-pt.pdf")


def test_build_help_explains_the_language_option(cli):
    result = cli("build", "--help")
    assert "--lang" in result.stdout and "pnp build majority --lang de" in result.stdout


def test_validate_without_paths_checks_every_languages_files(cli):
    result = cli("validate")
    assert result.exit_code == 0, result.stderr
    for lang in ("it", "fr", "de", "es"):
        for name in (f"words.{lang}.json", f"strings.{lang}.json"):
            assert f"ok  {DATA / name}  (" in result.stdout, name


def test_the_german_tuck_boxes_speak_german(german):
    body = flat(german / "tuck-box-de.pdf")
    assert "KLEBEN" in body and "103 Karten" in body and "Schachteln · Bogen 1" in body
    assert "GLUE" not in body and "Tuck boxes" not in body and " cards" not in body
