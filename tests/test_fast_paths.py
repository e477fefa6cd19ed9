"""The fast paths give the careful paths' answers: `json.loads` with the parser's rules
(else the position-keeping parser decides), and the compiled schemas' verdict equal to
jsonschema's, on every shipped and fixture file and on seeded mutations of them."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from fuzzing import mutate_json

from pnp.content import fastschema, jsonfile
from pnp.content.jsonfile import MAX_DEPTH, parse_json
from pnp.content.schemas import _errors, _verdict, schema_names
from pnp.content.sources import detect_kind
from pnp.errors import DataError, PnpError

from conftest import ROOT

MUTATIONS = 25
SEARCH = lambda regex: re.compile(regex).search  # noqa: E731


def _files() -> list[tuple[Path, str]]:
    found = []
    for folder in ("data", "templates", "tests/fixtures"):
        for path in sorted((ROOT / folder).rglob("*.json")):
            try:
                kind = detect_kind(path)
            except PnpError:
                continue
            if kind in schema_names():
                found.append((path, kind))
    return found


FILES = _files()


def _careful(text: str, file: str = "f.json"):
    """What the position-keeping parser alone says: the value, or the problems."""
    parser = jsonfile._Parser(text.removeprefix("\ufeff"), file)
    try:
        value, end = parser.value(0, "$")
        end = parser.skip_ws(end)
        if end != len(parser.text):
            raise parser.fail(end, "extra content after the JSON value")
        if parser.problems:
            raise DataError(parser.problems)
    except DataError as exc:
        return "error", [str(p) for p in exc.problems]
    return "value", value


def _parsed(text: str):
    try:
        return "value", parse_json(text, "f.json").value
    except DataError as exc:
        return "error", [str(p) for p in exc.problems]


@pytest.mark.parametrize("text", [
    '{"a": 1, "a": 2}', '{"a": NaN}', '[Infinity]', '[-Infinity]', '[1e400]',
    "[" + "9" * 101 + "]", '["\\ud800"]', '{"\\udfff": 1}', '["\\ud83d\\ude00"]',
    "[" * MAX_DEPTH + "]" * MAX_DEPTH, "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
    '{"a": [' * 40 + "1" + "]}" * 40, "", "  ", '{"a": 1} x', '{"a": "\x01"}', "\ufeff[1]",
    '[1.0, -0, -0.0, 1E5, 10]', '{"x": {"y": [true, false, null]}}', "[1,]", "01",
])
def test_edge_cases_agree_with_the_careful_parser(text):
    assert _parsed(text) == _careful(text)


@pytest.mark.slow
@pytest.mark.parametrize(("path", "kind"), FILES, ids=[str(p.relative_to(ROOT)) for p, _ in FILES])
def test_mutated_files_parse_and_validate_as_before(path, kind):
    text = path.read_text("utf-8")
    rnd = random.Random(f"{path.name}:{kind}")
    for i in range(MUTATIONS + 1):
        mutated = text if i == 0 else \
            mutate_json(text, rnd, b"\x00\xff").decode("utf-8", "replace")
        fast, careful = _parsed(mutated), _careful(mutated)
        assert fast == careful, mutated[:300]
        if fast[0] == "value":
            doc = parse_json(mutated, str(path))
            assert _verdict(kind)(doc.value) == (not _errors(doc, kind)), mutated[:300]


def test_lines_are_worked_out_only_when_asked_for(monkeypatch):
    doc = parse_json('{\n "a": [1,\n  2]}', "f.json")
    calls = []
    real = jsonfile._Parser.value
    monkeypatch.setattr(jsonfile._Parser, "value",
                        lambda self, *a, **k: calls.append(1) or real(self, *a, **k))
    assert doc.value == {"a": [1, 2]} and not calls
    assert doc.line_of("$.a[1]") == 3 and calls


def test_every_shipped_schema_is_compiled():
    assert all(_verdict(name) is not None for name in schema_names())


def test_an_unknown_keyword_is_never_compiled():
    schema = {"type": "object", "properties": {"when": {"type": "string", "format": "date"}}}
    assert fastschema.compile_schema("x.json", {"x.json": schema}, SEARCH) is None
    assert fastschema.compile_schema("x.json", {"x.json": {"$id": "y"}}, SEARCH) is None
    assert fastschema.compile_schema("x.json", {"x.json": {"type": "date"}}, SEARCH) \
        is None


@pytest.mark.parametrize(("one", "two", "same"), [
    (1, 1.0, True), (True, 1, False), (False, 0, False), (True, True, True),
    ([1, True], [1.0, True], True), ({"a": 1}, {"a": 1.0}, True), ({"a": 1}, {"b": 1}, False),
    ("1", 1, False), (None, 0, False), ([], {}, False),
])
def test_equality_is_json_schemas(one, two, same):
    from jsonschema._utils import equal as reference

    assert fastschema.equal(one, two) is same is reference(one, two)
