"""`pnp games`, `pnp schema`, `pnp validate`, and help for every command."""

import json

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
    for game in games:
        counts = {c["id"]: c["count"] for c in game["components"]}
        assert counts == EXPECTED_COMPONENTS[game["id"]]


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


@pytest.mark.parametrize("name", command_names())
def test_every_command_is_in_the_readme(name):
    assert f"pnp {name}" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_validate_an_empty_folder_is_an_error(cli, tmp_path):
    result = cli("validate", tmp_path)
    assert result.exit_code == 2
    assert f"{tmp_path}: no data files here (.json, .txt or .csv)" in result.stderr
