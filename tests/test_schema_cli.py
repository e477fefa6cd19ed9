"""`pnp schema NAME` prints self-contained schemas: every `$ref` resolves inside the printed
document, and each one compiles under a second, independent validator (jsonschema-rs, in
Rust) that agrees with the toolkit on the shipped files and on the record edge cases, as
Python's jsonschema does on those edge cases."""

from __future__ import annotations

import json

import jsonschema_rs
import pytest
from jsonschema import Draft202012Validator

from pnp.content.schemas import schema_names
from pnp.content.sources import detect_kind
from pnp.validate import default_paths

NAMES = [n for n in schema_names() if n != "common"]


@pytest.fixture(scope="module")
def printed():
    from typer.testing import CliRunner

    from pnp.cli import app

    runner = CliRunner()
    out = {}
    for name in NAMES:
        result = runner.invoke(app, ["schema", name], catch_exceptions=False)
        assert result.exit_code == 0, result.stderr
        out[name] = json.loads(result.stdout)
    return out


def test_the_listing_names_every_schema(cli):
    result = cli("schema")
    assert result.exit_code == 0
    assert result.stdout.split() == NAMES


def _refs(node, found):
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            found.append(node["$ref"])
        for value in node.values():
            _refs(value, found)
    elif isinstance(node, list):
        for value in node:
            _refs(value, found)
    return found


def _resolve(document: dict, ref: str):
    assert ref.startswith("#/"), f"{ref} points outside the printed schema"
    node = document
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        assert isinstance(node, dict) and part in node, f"{ref} does not resolve"
        node = node[part]
    return node


@pytest.mark.parametrize("name", NAMES)
def test_every_ref_resolves_inside_the_printed_schema(printed, name):
    schema = printed[name]
    refs = _refs(schema, [])
    for ref in refs:
        _resolve(schema, ref)
    assert "common.schema.json" not in json.dumps(schema)


def test_the_record_schemas_carry_the_shared_definitions_they_need(printed):
    for game in ("majority", "majority2", "majority-rules", "d20-stacks"):
        defs = printed[f"result-{game}"]["$defs"]
        assert {"players", "name", "claimed", "schemaRef"} <= set(defs), game


@pytest.mark.parametrize("name", NAMES)
def test_every_printed_schema_compiles_under_two_validators(printed, name):
    Draft202012Validator.check_schema(printed[name])
    jsonschema_rs.validator_for(printed[name])


def test_the_second_validator_accepts_every_shipped_file(printed):
    checked = 0
    for path in default_paths():
        if path.suffix != ".json":
            continue
        kind = detect_kind(path)
        validator = jsonschema_rs.validator_for(printed[kind])
        value = json.loads(path.read_text("utf-8"))
        assert [e.message for e in validator.iter_errors(value)] == [], path
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(("name", "record"), [
    ("result-majority", {"game": "majority", "players": ["Ana", "Bo", "Cy"],
                         "rounds": [{"turns": [{"Ana": "A\n"}]}]}),
    ("result-majority", {"game": "majority", "players": ["Ana\t", "Bo", "Cy"], "rounds": []}),
    ("result-majority-rules", {"game": "majority-rules", "players": ["S", "T"],
                               "rounds": [{"gold": 1, "dice": {"S": "33555442\n"}}]}),
    ("result-d20-stacks", {"game": "d20-stacks", "players": ["G1"], "stacks": [["G1 :5"]]}),
    ("result-d20-stacks", {"game": "d20-stacks", "players": ["G1"], "deck": []}),
    ("result-majority2", {"game": "majority2", "players": ["A", "B"], "rules": None,
                          "score_areas": {}, "coins": {}}),
])
def test_both_validators_reject_the_record_edge_cases(cli, tmp_path, printed, name, record):
    assert not jsonschema_rs.validator_for(printed[name]).is_valid(record)
    # and Python's jsonschema, whose `re` lets `$` match before a final newline: the
    # patterns end in `(?!\n)$`, so "A\n" fails there as it does under ECMA rules
    assert not Draft202012Validator(printed[name]).is_valid(record)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), "utf-8")
    assert cli("check", path).exit_code == 2


@pytest.mark.parametrize(("name", "record"), [
    ("result-majority", {"game": "majority", "players": ["Ana", "Bo", "Cy"],
                         "rounds": [{"variant": "RED", "turns": [{"Ana": "score"}]}]}),
    ("result-d20-stacks", {"game": "d20-stacks", "players": ["G1"], "deck": ["-", 5.0],
                           "stacks": [["G1:05"]]}),
    ("result-majority2", {"game": "majority2", "players": ["A", "B"], "coins": {"A": 1.0},
                          "score_areas": {"A": [{"card": "ghost", "disc": None}]}}),
])
def test_both_validators_accept_the_readable_edge_cases(printed, name, record):
    assert jsonschema_rs.validator_for(printed[name]).is_valid(record)
