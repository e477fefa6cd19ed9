"""Read one data file of a known kind: parse, then validate against its schema.

Validation is the costly part of loading (a few hundred milliseconds for the Majority 2
cards), and one command loads the same files several times (a build plans, checks and
writes; validate loads the whole game around each file). So a file that passed is
remembered by its kind, name and exact text, and a copy of its document is handed out
again; any change to the text is a new key and is validated afresh.
"""

from __future__ import annotations

import copy
import hashlib
from collections import OrderedDict
from pathlib import Path

from pnp.content.jsonfile import JsonDoc, load_json, parse_json, read_text
from pnp.content.schemas import (
    name_from_reference,
    quoted_name,
    schema_names,
    schema_problems,
    without_unknown_keys,
)
from pnp.content.wordlist import WordList, load_word_list
from pnp.errors import DataError, Problem, SchemaError

WORDS_KIND = "majority-words"
_PASSED: OrderedDict[tuple[str, str, bytes], JsonDoc] = OrderedDict()
_REMEMBERED = 64


def load_source(path: Path, kind: str) -> JsonDoc | WordList:
    """The file as a schema-valid JsonDoc (or a WordList for word lists); DataError if it
    cannot be read, SchemaError if it does not match its schema."""
    if kind == WORDS_KIND:
        return load_word_list(path)
    text = read_text(path, strip_bom=False)  # parse_json drops one BOM, not two
    key = (kind, str(path), hashlib.sha256(text.encode("utf-8")).digest())
    if key in _PASSED:
        _PASSED.move_to_end(key)
        return _copy(_PASSED[key])
    doc = parse_json(text, str(path))
    problems = schema_problems(doc, kind)
    if problems:
        raise SchemaError(problems, without_unknown_keys(doc, kind))
    _PASSED[key] = _copy(doc)
    if len(_PASSED) > _REMEMBERED:
        _PASSED.popitem(last=False)
    return doc


def _copy(doc: JsonDoc) -> JsonDoc:
    """A document nobody else holds: callers may build on its value freely."""
    return JsonDoc(copy.deepcopy(doc.value), doc.file, doc.lines)  # lines: read-only


def detect_kind(path: Path, doc: JsonDoc | None = None) -> str:
    """The schema a file follows: its `"$schema"`, a game record's `"game"`, or its suffix."""
    if path.suffix.lower() in (".txt", ".csv"):
        return WORDS_KIND
    if doc is None:
        doc = load_json(path)
    value = doc.value
    if isinstance(value, dict) and isinstance(value.get("$schema"), str):
        name = name_from_reference(value["$schema"])
        if name in _data_kinds():
            return name
        known = ", ".join(_data_kinds())
        raise DataError(doc.problem(
            "$.$schema", f"expected a path ending in <name>.schema.json with <name> one of: {known}"
        ))
    if isinstance(value, dict) and isinstance(value.get("game"), str):
        kind = f"result-{value['game']}"
        if "rounds" in value and f"log-{value['game']}" in schema_names():
            return f"log-{value['game']}"  # a play-by-play log (The Majority 2)
        if kind in schema_names():
            return kind
        games = [n.removeprefix("result-") for n in schema_names() if n.startswith("result-")]
        raise DataError(doc.problem("$.game", f"unknown game {quoted_name(value['game'])}; "
                                              f"known: {', '.join(games)}"))
    raise DataError(Problem(str(path), 'cannot tell what this file is: add "$schema" '
                                       '(data files) or "game" (game records)'))


def _data_kinds() -> list[str]:
    return [n for n in schema_names() if n != "common"]
