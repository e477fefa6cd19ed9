"""Each bad fixture is named for its fault; `pnp validate` names file, line/path and fault."""

import pytest

from conftest import FIXTURES

BAD = FIXTURES / "bad"

EXPECTED = {
    "deck-value-too-high.json": ":4: $.cards[0].value: 21 is greater than the maximum of 20",
    "deck-value-twice.json": ":5: $.cards[1].value: value 1 is listed twice",
    "json-duplicate-key.json": ":4: $.cards: duplicate key 'cards'",
    "json-syntax-error.json": ":5: expected ',' or '}' in an object",
    "layout-text-outside-safe-zone.json":
        ":6: $.boxes[0]: layout 'layout-text-outside-safe-zone': text box 'title' crosses the "
        "3 mm safe zone",
    "no-schema.json": ': cannot tell what this file is: add "$schema"',
    "promo-bad-vp-rule.json": ":6: $.cards[0].vp: 'points' is missing",
    "promo-more-copies-than-base.json":
        ":6: $.cards[0].quantity: 5 copies cannot replace the 3 copies of witches-junior",
    "promo-wrong-colour.json": ":5: $.cards[0].colour: Demons are green, not blue",
    "record-unknown-game.json": ":1: $.game: unknown game 'chess'",
    "schema-unknown-key.json": ":4: $.cards[0]: unknown key(s) 'colour'; allowed: count, value",
    "unknown-schema-name.json": ":1: $.$schema: expected a path ending in <name>.schema.json",
    "words-csv-no-word-column.csv": ":1: CSV needs a header row with a 'word' column",
    "words-duplicate-accent.txt": ":5: 'cafe' duplicates 'Café' (line 2)",
    "words-empty-csv-cell.csv": ":3: empty 'word' cell",
    "words-missing-front.json": ":5: $.cards[1]: 'front' is missing",
    "words-mojibake.txt": ":2: 'piĂą' looks garbled by a wrong text encoding; did you mean 'più'?",
    "words-not-utf8.txt": ":2: not UTF-8 text (byte 0xff)",
    "words-too-long-for-a-card.txt":
        ":2: word card 1 (Door / Pneumonoultramicroscopicsilicovolcanoconiosis): "
        "'Pneumonoultramicroscopicsilicovolcanoconiosis' does not fit the 'word' box",
}


def test_every_fixture_has_an_expectation():
    assert sorted(p.name for p in BAD.iterdir()) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_validate_names_file_place_and_fault(cli, name):
    result = cli("validate", BAD / name)
    assert result.exit_code == 2
    assert f"error: {BAD / name}{EXPECTED[name]}" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_several_bad_files_are_all_reported(cli):
    result = cli("validate", BAD)
    assert result.exit_code == 2
    assert f"{len(EXPECTED)} of {len(EXPECTED)} file(s) invalid" in result.stderr
