"""`pnp validate` on a strings file of another language than English finds text left in
English (by its JSON path and line) and the words its glossary rules out in the cards,
rules, quick reference, score pad and diagrams of that language (by file and line)."""

from __future__ import annotations

import json
import shutil

import pytest

from pnp.content.jsonfile import load_json
from pnp.kits.translation import glossary_problems, untranslated, variant_pattern

from conftest import ROOT

TRANSLATED = [("majority", "it"), ("majority", "fr"), ("majority", "de"), ("majority", "es"),
              ("d20-stacks", "it"), ("majority-rules", "it"), ("majority2", "it")]


@pytest.mark.parametrize(("game", "lang"), TRANSLATED)
def test_every_shipped_translation_is_whole_and_keeps_its_glossary(game, lang):
    doc = load_json(ROOT / "data" / game / f"strings.{lang}.json")
    assert untranslated(doc, game) == []
    assert glossary_problems(doc, game) == []
    assert doc.value["glossary"], "each translation names its terms"


def _portuguese(tmp_path, **changes):
    """The English strings copied as Portuguese with a few values translated: a file
    someone is halfway through."""
    said = json.loads((ROOT / "data" / "majority" / "strings.en.json").read_text("utf-8"))
    said.update(language="pt", **changes)
    path = tmp_path / "strings.pt.json"
    path.write_text(json.dumps(said, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def test_a_copied_english_value_is_reported_at_its_path_and_line(tmp_path):
    path = _portuguese(tmp_path, also_english=["The", "Majority"], blank_card="A tua palavra:")
    problems = {p.path: p for p in untranslated(load_json(path), "majority")}
    assert "$.blank_card" not in problems and "$.game" not in problems
    scale = problems["$.sheet.scale"]
    lines = path.read_text("utf-8").splitlines()
    assert '"scale": "scale check: 50 mm at 100 %"' in lines[scale.line - 1]
    assert scale.message.startswith('still in English: "scale check: 50 mm at 100 %" '
                                    "(scale, check); translate it")


def test_the_cli_fails_on_an_untranslated_file_and_names_the_words(cli, tmp_path):
    path = _portuguese(tmp_path)
    result = cli("validate", path)
    assert result.exit_code == 2
    assert f"{path}:" in result.stderr and "$.tuck_box.glue: still in English: \"GLUE\"" \
        in result.stderr


def test_a_glossary_variant_is_found_in_the_cards_and_in_the_rules(tmp_path):
    data = tmp_path / "data" / "majority"
    shutil.copytree(ROOT / "data" / "majority", data)
    path = data / "strings.de.json"
    said = json.loads(path.read_text("utf-8"))
    said["variant_card"]["front"]["text"] = "Stimmt für die Verbindung, die passt."
    said["glossary"]["reference"] = {"term": "Bezugswort", "not": ["Referenzwort*"]}
    path.write_text(json.dumps(said, ensure_ascii=False), encoding="utf-8")
    rules = tmp_path / "templates" / "rules" / "majority.de.md"
    rules.parent.mkdir(parents=True)
    rules.write_text("# The Majority\n\nDas Referenzwortspiel und die\nVerbindung.\n", "utf-8")
    found = [(p.file, p.line, p.path, p.message.split(":")[0])
             for p in glossary_problems(load_json(path), "majority", tmp_path / "templates")]
    assert found == [(str(path), 1, "$.variant_card.front.text", "'Verbindung'"),
                     (str(rules), 3, None, "'Referenzwortspiel'"),
                     (str(rules), 4, None, "'Verbindung'")]


def test_variants_match_whole_words_in_any_case_and_across_lines_of_a_phrase():
    assert variant_pattern("vostr*").findall("Le Vostre carte, avvostro") == ["Vostre"]
    assert variant_pattern("tu").findall("tutto tu Tu") == ["tu", "Tu"]
    assert variant_pattern("ist eine Mehrheit").search("Punkte ist  eine\nMehrheit")
    assert not variant_pattern("set di voto").search("set di votoni")
