from pathlib import Path

import pytest

from pnp.content.jsonfile import child_path, load_json, parse_json
from pnp.errors import DataError


def test_lines_are_recorded_per_path():
    doc = parse_json('{\n  "a": [\n    1,\n    {"b": "x"}\n  ],\n  "odd key": 2\n}', "f.json")
    assert doc.value == {"a": [1, {"b": "x"}], "odd key": 2}
    assert doc.lines["$.a"] == 2
    assert doc.lines["$.a[0]"] == 3
    assert doc.lines["$.a[1].b"] == 4
    assert doc.lines['$["odd key"]'] == 6


def test_line_of_falls_back_to_the_nearest_ancestor():
    doc = parse_json('{\n "a": {\n  "b": 1}}', "f.json")
    assert doc.line_of("$.a.missing") == 2


def test_duplicate_keys_are_errors_with_their_line():
    with pytest.raises(DataError) as exc:
        parse_json('{"a": 1,\n "b": 2,\n "a": 3}', "f.json")
    assert str(exc.value.problems[0]) == "f.json:3: $.a: duplicate key 'a'"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('{"a": 1\n "b": 2}', 2, "expected ',' or '}'"),
        ('[1, 2,\n]', 2, "unexpected character ']'"),
        ('{"a": tru}', 1, "unexpected character 't'"),
        ('{"a": 1} x', 1, "extra content"),
        ('{"a": "\x01"}', 1, "bad string"),
        ("", 1, "unexpected end of file"),
        ('{"a": NaN}', 1, "NaN is not a JSON number"),
    ],
)
def test_syntax_errors_name_the_line(text, line, message):
    with pytest.raises(DataError) as exc:
        parse_json(text, "f.json")
    problem = exc.value.problems[0]
    assert problem.line == line
    assert message in problem.message


def test_numbers_strings_and_literals_match_the_json_module():
    text = '{"i": -12, "f": 1.5e2, "s": "caf\\u00e9 \\"q\\"", "t": true, "n": null, "e": []}'
    import json

    assert parse_json(text, "f").value == json.loads(text)


def test_byte_order_mark_is_accepted():
    assert parse_json('\ufeff{"a": 1}', "f").value == {"a": 1}


def test_child_path_quotes_keys_that_are_not_identifiers():
    assert child_path("$", "cards") == "$.cards"
    assert child_path("$.cards", 3) == "$.cards[3]"
    assert child_path("$.score_areas", "Bo Li") == '$.score_areas["Bo Li"]'


def test_missing_file_and_folder_are_located_errors(tmp_path: Path):
    with pytest.raises(DataError, match="file not found"):
        load_json(tmp_path / "nope.json")
    with pytest.raises(DataError, match="is a folder"):
        load_json(tmp_path)


def test_a_data_file_and_the_printer_profiles_drop_one_byte_order_mark_not_two(
        tmp_path, monkeypatch):
    """As `pnp check` (R6): the mark at the start is dropped once; a second is not JSON
    (read_text dropped one and parse_json another)."""
    from pnp.content.sources import load_source
    from pnp.kits.printers import read_profiles

    body = b'{"printers": {}}'
    monkeypatch.setenv("PNP_CONFIG_HOME", str(tmp_path))
    profiles = tmp_path / "printers.json"
    profiles.write_bytes(b"\xef\xbb\xbf" + body)
    assert read_profiles().good == {}
    assert load_source(profiles, "printers").value == {"printers": {}}
    profiles.write_bytes(b"\xef\xbb\xbf" * 2 + body)
    for read in (read_profiles, lambda: load_source(profiles, "printers")):
        with pytest.raises(DataError, match="unexpected character"):
            read()
