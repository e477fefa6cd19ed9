"""`pnp games`, `pnp schema`, `pnp validate`, and help for every command."""

import json
import os
import re
import shutil

import pytest
from typer.main import get_command

from pnp.cli import app

from conftest import ROOT
from test_data import EXPECTED_COMPONENTS


def test_games_json_lists_components_and_counts(cli):
    result = cli("games", "--json")
    assert result.exit_code == 0
    games = json.loads(result.stdout)["games"]
    assert [g["id"] for g in games] == ["majority", "majority2", "majority-rules", "d20-stacks"]
    # One file each: a build makes one language (English unless --lang says)
    documents = {"rules": 1, "quick-reference": 1, "score-pad": 1, "kit": 1}
    # Tuck boxes: one per card deck (The Majority's 206 word cards take several).
    extra = {"majority": {**documents, "tuck-box": 8},
             "majority2": {"player-aid": 2, "tuck-box": 4, **documents},
             "majority-rules": documents, "d20-stacks": {**documents, "tuck-box": 1}}
    for game in games:
        counts = {c["id"]: c["count"] for c in game["components"]}
        assert counts == {**EXPECTED_COMPONENTS[game["id"]], **extra[game["id"]]}
    assert {g["id"]: g["languages"] for g in games} == {
        "majority": ["en", "de", "es", "fr", "it"], "majority2": ["en", "it"],
        "majority-rules": ["en", "it"], "d20-stacks": ["en", "it"]}


def test_a_language_is_listed_only_when_all_its_files_exist(cli, tmp_path):
    """The Majority in Italian needs its rule sheet, word list and card texts."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    (data / "majority" / "strings.it.json").unlink()
    games = json.loads(cli("games", "--json", "--data", data).stdout)["games"]
    assert games[0]["languages"] == ["en", "de", "es", "fr"]
    result = cli("build", "majority", "--lang", "it", "--data", data, "--out", tmp_path)
    assert result.exit_code == 2
    assert "majority: en, de, es, fr" in result.stderr


def test_games_lists_every_buildable_component_with_its_files(cli, tmp_path):
    """Each listed component builds with -c, into exactly the files listed for it."""
    games = json.loads(cli("games", "--json").stdout)["games"]
    files = {(g["id"], c["id"]): c["files"] for g in games for c in g["components"]}
    assert files[("majority", "point-cards-5")] == ["point-cards.pdf"]
    assert files[("majority2", "ghosts")] == ["promo-members.pdf"]
    assert files[("majority2", "player-aid")] == ["player-aid.pdf"]
    assert files[("d20-stacks", "rules")] == ["rules.pdf"]
    assert files[("majority-rules", "kit")] == ["kit.pdf"]
    out = tmp_path / "out"
    result = cli("build", "majority2", "-c", "player-aid", "-c", "score-pad", "--out", out,
                 "--no-gallery")
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (out / "majority2").iterdir()) == [
        "player-aid.pdf", "score-pad.pdf"]


@pytest.mark.parametrize(("game", "name", "built"), [
    ("majority", "point-cards", ["point-cards.pdf"]),
    ("majority2", "tokens", ["tokens.pdf"]),
    ("majority2", "promo-members", ["promo-members.pdf"]),
    ("d20-stacks", "rules-it", ["rules-it.pdf"]),
    ("d20-stacks", "quick-reference-it", ["quick-reference-it.pdf"]),
])
def test_component_option_accepts_file_names(cli, tmp_path, game, name, built):
    out = tmp_path / "out"
    result = cli("build", game, "-c", name, "--out", out, "--no-gallery")
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (out / game).iterdir()) == built


def test_component_option_names_ids_and_file_names_when_unknown(cli, tmp_path):
    result = cli("build", "majority", "-c", "point-card", "--out", tmp_path)
    assert result.exit_code == 2
    assert result.stderr == (
        "error: unknown component(s) point-card; known for majority: blank-cards, kit, "
        "point-cards-1, point-cards-5, preparation-cards, quick-reference, rules, score-pad, "
        "tuck-box, variant-card, vote-cards, word-cards; or a file name: point-cards; a file "
        "in another language is named by its code (rules-it), or use --lang\n")


def test_games_table(cli):
    result = cli("games")
    assert result.exit_code == 0
    assert "word-cards" in result.stdout and "206" in result.stdout


def test_schema_prints_a_self_contained_schema(cli):
    result = cli("schema", "result-majority2")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert "common.schema.json" not in result.stdout
    assert "players" in schema["$defs"]


def test_schema_without_name_lists_names(cli):
    result = cli("schema")
    assert "result-d20-stacks" in result.stdout.split()
    assert "common" not in result.stdout.split()


def test_unknown_schema_exits_2(cli):
    result = cli("schema", "tarot")
    assert result.exit_code == 2
    assert "unknown schema 'tarot'" in result.stderr


def test_validate_shipped_data_passes(cli):
    result = cli("validate")
    assert result.exit_code == 0, result.stderr
    assert "ok  " in result.stdout and "words.json" in result.stdout


def test_validate_txt_word_list_with_warning(cli, tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("Door\nLamp\nStool\n", encoding="utf-8")
    result = cli("validate", path)
    assert result.exit_code == 0
    assert "warning:" in result.stderr and "blank back" in result.stderr


def test_validate_warns_about_promo_cards_without_effects(cli, tmp_path):
    cards = json.loads((ROOT / "data" / "examples" / "majority2-my-promos.json")
                       .read_text("utf-8"))
    assert cli("validate", ROOT / "data" / "examples" / "majority2-my-promos.json").stderr == ""
    del cards["cards"][0]["effects"]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(cards, indent=1), encoding="utf-8")
    result = cli("validate", path)
    assert result.exit_code == 0
    assert result.stderr.startswith(
        f"warning: {path}:6: $.cards[0]: promo-witches-archmage has ability text but no "
        '"effects": pnp simulate and pnp check of a game log play it as blank')


def test_validate_custom_promo_file_alone(cli, tmp_path):
    path = ROOT / "tests" / "fixtures" / "bad" / "promo-wrong-colour.json"
    result = cli("validate", path)
    assert result.exit_code == 2


def command_names():
    return sorted(get_command(app).commands)


@pytest.mark.parametrize("name", command_names())
def test_every_command_has_help_with_an_example(cli, name):
    result = cli(name, "--help")
    assert result.exit_code == 0
    assert "Example:" in result.stdout


def _all_commands(group, path=()):
    for name, command in sorted(group.commands.items()):
        yield (*path, name), command
        if hasattr(command, "commands"):
            yield from _all_commands(command, (*path, name))


def test_every_option_names_its_value_in_words_not_a_python_type(cli):
    """`--out PATH`, `--paper TEXT`, `--bleed NUMBER`: typer's own click printed the Python
    type (`--out <path_value>`, `--paper <str>`), which tells a user nothing."""
    typed = re.compile(r"^\s+-\S.*<(str|path_value|float|int|bool)>", re.MULTILINE)
    for path, _ in _all_commands(get_command(app)):
        result = cli(*path, "--help")
        assert result.exit_code == 0
        assert typed.findall(result.stdout) == [], path
    build_help = cli("build", "--help").stdout
    assert "--out PATH" in build_help and "--paper TEXT" in build_help
    assert "--bleed NUMBER" in build_help


@pytest.mark.parametrize("name", command_names())
def test_every_command_is_in_the_docs(name):
    assert f"pnp {name}" in (ROOT / "docs" / "reference" / "commands.md").read_text("utf-8")


def test_validate_an_empty_folder_is_an_error(cli, tmp_path):
    result = cli("validate", tmp_path)
    assert result.exit_code == 2
    assert f"{tmp_path}: no data files here (.json, .txt or .csv)" in result.stderr


def test_build_prints_the_odd_word_count_warning_that_validate_prints(cli, tmp_path):
    words = tmp_path / "odd.txt"
    words.write_text("Door\nLamp\nStool\n", encoding="utf-8")
    expected = (f"warning: {words}:3: odd number of words (3): the card of 'Stool' gets a "
                "blank back\n")
    validated = cli("validate", words)
    assert validated.exit_code == 0 and validated.stderr == expected
    built = cli("build", "majority", "--words", words, "-c", "word-cards",
                "--out", tmp_path / "out", "--no-gallery")
    assert built.exit_code == 0, built.stderr
    assert built.stderr == expected
    even = tmp_path / "even.txt"
    even.write_text("Door\nLamp\n", encoding="utf-8")
    quiet = cli("build", "majority", "--words", even, "-c", "word-cards",
                "--out", tmp_path / "out", "--no-gallery")
    assert quiet.exit_code == 0 and quiet.stderr == ""


def test_pnp_help_lists_each_command_with_a_one_line_summary():
    """`pnp --help`: a command's summary is its docstring's first paragraph as one line,
    not the docstring's source line breaks (which came out as ragged half-lines)."""
    for name, command in get_command(app).commands.items():
        summary = command.short_help or command.help or ""
        assert "\n" not in summary.split("\n\n")[0], name


def test_help_examples_are_printed_whole_and_help_needs_no_rich():
    """An example is a command to copy: printed on one line, never broken at a hyphen
    (keep-gold-bet). Help is click's plain formatter: rich cost half of `pnp --help`."""
    import subprocess
    import sys

    script = ("import sys; from pnp.cli import main; sys.argv = ['pnp', 'simulate', '--help']\n"
              "try:\n    main()\nexcept SystemExit:\n    pass\n"
              "print('RICH' if any(m.startswith('rich') for m in sys.modules) else 'PLAIN')")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "80"}, timeout=60)
    lines = done.stdout.splitlines()
    assert lines[-1] == "PLAIN"
    assert ("  Example: pnp simulate majority-rules --games 2000 --bots "
            "keep-high,keep-gold-bet") in lines
