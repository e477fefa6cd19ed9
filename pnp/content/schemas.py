"""The JSON Schemas shipped in `pnp/schemas/`, and validation that reports every error.

One schema per kind of file. A data file names its schema in `"$schema"` (a relative
path so editors can validate it too); the toolkit only looks at the file name, so users'
copies anywhere on disk keep working.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012 as _DRAFT

from pnp.content.jsonfile import JsonDoc, child_path
from pnp.errors import Problem, UsageError

_SUFFIX = ".schema.json"


def schema_names() -> list[str]:
    """Every schema name `pnp schema NAME` accepts, sorted."""
    folder = resources.files("pnp") / "schemas"
    return sorted(p.name[: -len(_SUFFIX)] for p in folder.iterdir() if p.name.endswith(_SUFFIX))


@cache
def load_schema(name: str) -> dict:
    """The schema called `name` (e.g. `result-majority2`)."""
    if name not in schema_names():
        raise UsageError(f"unknown schema {name!r}; known: {', '.join(schema_names())}")
    text = (resources.files("pnp") / "schemas" / f"{name}{_SUFFIX}").read_text("utf-8")
    return json.loads(text)


def name_from_reference(reference: str) -> str | None:
    """The schema name a `"$schema"` value points at, whatever folder it is written from."""
    base = reference.replace("\\", "/").rsplit("/", 1)[-1]
    return base[: -len(_SUFFIX)] if base.endswith(_SUFFIX) else None


@cache
def _registry() -> Registry:
    """Schemas refer to each other by file name (`common.schema.json#/$defs/id`), exactly as
    an editor resolves them next to each other on disk; register them under those names."""
    pairs = [
        (f"{n}{_SUFFIX}", Resource.from_contents(load_schema(n), default_specification=_DRAFT))
        for n in schema_names()
    ]
    return Registry().with_resources(pairs)


def bundled_schema(name: str) -> dict:
    """The schema with the shared definitions copied in, so it stands alone (for scripts)."""
    schema = json.loads(json.dumps(load_schema(name)))
    common = load_schema("common")["$defs"]
    text = json.dumps(schema).replace('"common.schema.json#/$defs/', '"#/$defs/')
    schema = json.loads(text)
    used = {k: v for k, v in common.items() if f'"#/$defs/{k}"' in text}
    schema.setdefault("$defs", {}).update(used)
    return schema


@cache
def _validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(load_schema(name), registry=_registry())


def schema_problems(doc: JsonDoc, name: str) -> list[Problem]:
    """Every schema error in `doc`, located by JSON path and line, in document order."""
    errors = sorted(_validator(name).iter_errors(doc.value), key=_error_sort_key)
    return [doc.problem(_path_of(err), _message_of(err)) for err in _best_errors(errors)]


def _error_sort_key(err) -> tuple:
    return tuple(str(p) for p in err.absolute_path), err.message


def _path_of(err) -> str:
    path = "$"
    for part in err.absolute_path:
        path = child_path(path, part)
    return path


def _best_errors(errors: list) -> list:
    """Explain a failed `oneOf`/`anyOf` by the alternative the writer evidently meant."""
    out = []
    for err in errors:
        out += _explain_alternatives(err) if err.context else [err]
    return out


def _explain_alternatives(err) -> list:
    """The errors of the closest alternative: one whose type and discriminating constants
    (`"rule": "fixed"`) match the data, with the fewest errors; else the error itself."""
    branches: dict[int, list] = {}
    for sub in err.context:
        branches.setdefault(sub.schema_path[0], []).append(sub)
    depth = len(err.absolute_path)
    plausible = [
        subs for subs in branches.values()
        if not any(s.validator in ("type", "const", "enum")
                   and len(s.absolute_path) <= depth + 1 for s in subs)
    ]
    if not plausible:
        return [err]
    return sorted(min(plausible, key=len), key=_error_sort_key)


def _message_of(err) -> str:
    """A shorter, friendlier message for the commonest errors."""
    if err.validator == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        extra = [k for k in extra if not _pattern_allows(err.schema, k)]
        allowed = ", ".join(sorted(err.schema.get("properties", {})))
        return f"unknown key(s) {', '.join(map(repr, extra))}; allowed: {allowed}"
    if err.validator == "enum":
        options = ", ".join(json.dumps(v, ensure_ascii=False) for v in err.validator_value)
        return f"{json.dumps(err.instance, ensure_ascii=False)} is not one of: {options}"
    if err.validator in ("oneOf", "anyOf", "pattern") and "description" in err.schema:
        shown = json.dumps(err.instance, ensure_ascii=False)
        return f"{shown} is not valid here: {err.schema['description']}"
    if err.validator == "required":
        return err.message.replace("is a required property", "is missing")
    return err.message


def _pattern_allows(schema: dict, key: str) -> bool:
    return any(re.search(p, key) for p in schema.get("patternProperties", {}))
