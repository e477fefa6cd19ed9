"""Every shipped schema states the type its keywords are for, as a strict validator asks.

Ajv (the common JavaScript validator) in its default mode warns, and with `strict: true`
refuses to compile, a subschema whose string or array keywords (`pattern`, `minLength`,
`maxItems` ...) stand beside a `$ref` with no `type` of their own: the referenced
definition's type does not count there. Users validate their files with such tools, so each
of these subschemas repeats the type; this test finds any that does not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

SCHEMAS = sorted((Path(__file__).resolve().parent.parent / "pnp" / "schemas").glob("*.json"))
KEYWORDS = {"string": {"pattern", "minLength", "maxLength", "format"},
            "array": {"minItems", "maxItems", "uniqueItems", "items", "prefixItems",
                      "contains"}}


def _untyped(node, path: str, parent_types: set[str]):
    """(JSON path, keyword, wanted type) for each subschema whose keywords need a type
    that neither it nor the schema it is a branch of (anyOf, oneOf, allOf) states (property
    names are strings by definition)."""
    if isinstance(node, list):
        for i, item in enumerate(node):
            yield from _untyped(item, f"{path}[{i}]", parent_types)
        return
    if not isinstance(node, dict):
        return
    own = node.get("type")
    types = set(own) if isinstance(own, list) else {own} if own else set()
    for wanted, words in KEYWORDS.items():
        for word in sorted(words & node.keys()):
            if not (types or parent_types) & {wanted}:
                yield path, word, wanted
    for key, value in node.items():
        if key in ("enum", "const", "examples", "default", "description"):
            continue
        inherit = (types if key in ("anyOf", "oneOf", "allOf")
                   else {"string"} if key == "propertyNames" else set())
        yield from _untyped(value, f"{path}.{key}", inherit)


@pytest.mark.parametrize("schema", SCHEMAS, ids=lambda p: p.name)
def test_each_keyword_stands_beside_its_type(schema):
    found = list(_untyped(json.loads(schema.read_text("utf-8")), "$", set()))
    assert not found, found


def test_the_check_finds_a_pattern_beside_a_bare_ref():
    node = {"properties": {"name": {"$ref": "common.schema.json#/$defs/text",
                                    "pattern": "x"}}}
    assert list(_untyped(node, "$", set())) == [("$.properties.name", "pattern", "string")]
