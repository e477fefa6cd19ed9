"""The JSON Schemas shipped in `pnp/schemas/`, and validation that reports every error.

One schema per kind of file. A data file names its schema in `"$schema"` (a relative
path so editors can validate it too); the toolkit only looks at the file name, so users'
copies anywhere on disk keep working.
"""

from __future__ import annotations

import itertools
import json
import re
from functools import cache
from importlib import resources

from pnp.content import fastschema, validcache
from pnp.content.jsonfile import JsonDoc, child_path
from pnp.content.moved import moved_keys_hint
from pnp.errors import MAX_REPORTED, Problem, UsageError

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
def _registry():
    """Schemas refer to each other by file name (`common.schema.json#/$defs/id`), exactly as
    an editor resolves them next to each other on disk; register them under those names."""
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    pairs = [
        (f"{n}{_SUFFIX}",
         Resource.from_contents(load_schema(n), default_specification=DRAFT202012))
        for n in schema_names()
    ]
    return Registry().with_resources(pairs)


_COMMON = "common.schema.json"


def bundled_schema(name: str) -> dict:
    """The schema standing alone (for editors and scripts): every shared definition it
    needs, directly or through another shared definition, is copied into its `$defs` and
    every `common.schema.json#/$defs/X` reference becomes `#/$defs/X`. UsageError if a
    copied definition would clash with one of the schema's own."""
    schema = _local_refs(load_schema(name))
    if name == "common":
        return schema
    common = _local_refs(load_schema("common"))["$defs"]
    own = schema.setdefault("$defs", {})
    wanted = _def_refs(schema)
    while wanted:
        key = wanted.pop()
        if key in own:
            continue
        if key not in common:
            raise UsageError(f"schema {name!r}: no definition {key!r} for #/$defs/{key}")
        own[key] = common[key]
        wanted |= _def_refs(common[key])
    if not own:
        del schema["$defs"]
    return schema


def _local_refs(schema: dict) -> dict:
    """A deep copy with references into the shared schema made local."""
    text = json.dumps(schema).replace(f'"{_COMMON}#/$defs/', '"#/$defs/')
    return json.loads(text)


def _def_refs(node) -> set[str]:
    """The `#/$defs/X` names referred to anywhere in `node`."""
    found: set[str] = set()
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            found.add(ref.removeprefix("#/$defs/").split("/")[0])
        for value in node.values():
            found |= _def_refs(value)
    elif isinstance(node, list):
        for value in node:
            found |= _def_refs(value)
    return found


@cache
def ecma_pattern(pattern: str) -> re.Pattern:
    """`pattern` compiled with JSON Schema's (ECMA-262) meaning of `$`: the end of the
    string. Python's `$` also matches before a final newline, which let `"A\\n"` through
    as the vote `A`; every `$` outside a character class becomes `\\Z`."""
    out, escaped, in_class = [], False, False
    for ch in pattern:
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == "[":
            in_class = True
        elif ch == "]":
            in_class = False
        elif ch == "$" and not in_class:
            ch = r"\Z"
        out.append(ch)
    return re.compile("".join(out))


def _pattern(validator, pattern, instance, schema):
    from jsonschema import ValidationError

    if validator.is_type(instance, "string") and not ecma_pattern(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


@cache
def _validator_class():
    """Draft 2020-12 with the `pattern` keyword read as every other JSON Schema validator
    does. jsonschema is imported here, on the first validation a run really needs."""
    from jsonschema import Draft202012Validator, validators

    return validators.extend(Draft202012Validator, {"pattern": _pattern})


@cache
def _validator(name: str):
    return _validator_class()(load_schema(name), registry=_registry())


def definition_problem(name: str, definition: str, value: object) -> str | None:
    """Why `value` is not a valid `$defs/definition` of schema `name` (None: it is): a
    typed answer checked by the very rule its record will be checked by."""
    schema = {"$ref": f"{name}{_SUFFIX}#/$defs/{definition}"}
    errors = list(_validator_class()(schema, registry=_registry()).iter_errors(value))
    return _message_of(_best_errors(errors)[0]) if errors else None


@cache
def _verdict(name: str):
    """Schema `name` compiled to a quick valid-or-not check (None if it cannot be)."""
    resources = {f"{n}{_SUFFIX}": load_schema(n) for n in schema_names()}
    return fastschema.compile_schema(f"{name}{_SUFFIX}", resources,
                                     lambda regex: ecma_pattern(regex).search)


def schema_problems(doc: JsonDoc, name: str) -> list[Problem]:
    """Every schema error in `doc` (up to MAX_REPORTED), located by JSON path and line,
    in document order. A value that passed this schema in an earlier run is not validated
    again (validcache); the verdict comes from the compiled schema (fastschema), and only
    an invalid document goes through jsonschema, which words its errors. A list longer
    than its schema allows is reported alone, before anything else is read: validating a
    million entries only to say "at most 100,000" would take minutes."""
    if validcache.passed_before(name, doc.value):
        return []
    check = _verdict(name)
    if check is not None and check(doc.value):
        validcache.remember_pass(name, doc.value)
        return []
    too_long = _too_long(doc, load_schema(name), name, "$", doc.value)
    if too_long:
        return too_long
    errors, more = _errors(doc, name, with_more=True)
    problems = [Problem(doc.file, _message_of(err), line=_line_of(doc, err),
                        path=_path_of(err)) for err in errors]
    hint = moved_keys_hint(doc, name) if problems else None
    problems = [hint, *problems] if hint else problems
    if more:  # on the last listed line, so it stays last when problems are sorted
        problems.append(Problem(doc.file, f"more problems not listed: fix these "
                                          f"{len(errors)} and check again",
                                line=max((p.line or 0 for p in problems), default=None)))
    if not problems:
        validcache.remember_pass(name, doc.value)
    return problems


def _too_long(doc: JsonDoc, schema: dict, name: str, path: str, value) -> list[Problem]:
    """Lists longer than their schema's `maxItems`, found by following only `properties`,
    `items` and `$ref` (a cheap walk, no validation)."""
    schema = _resolved(schema, name)
    if isinstance(value, list):
        limit = schema.get("maxItems")
        if limit is not None and len(value) > limit:
            return [Problem(doc.file, f"{len(value)} entries; at most {limit} allowed",
                            line=doc.line_of(path), path=path)]
        items = schema.get("items")
        if isinstance(items, dict):
            return [p for i, v in enumerate(value) if isinstance(v, dict | list)
                    for p in _too_long(doc, items, name, child_path(path, i), v)]
    elif isinstance(value, dict):
        props = schema.get("properties", {})
        return [p for key, v in value.items()
                if key in props and isinstance(v, dict | list)
                for p in _too_long(doc, props[key], name, child_path(path, key), v)]
    return []


def _resolved(schema: dict, name: str) -> dict:
    """`schema` with a `$ref` (to this schema or another shipped one) followed."""
    seen = 0
    while isinstance(schema, dict) and "$ref" in schema and seen < 10:
        target, _, pointer = schema["$ref"].partition("#")
        if target:
            name = target[: -len(_SUFFIX)] if target.endswith(_SUFFIX) else name
        node = load_schema(name)
        for part in (p for p in pointer.split("/") if p):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        schema, seen = node, seen + 1
    return schema if isinstance(schema, dict) else {}


def _line_of(doc: JsonDoc, err) -> int | None:
    """The line to fix: an unknown key's own line, else the line of the value."""
    path = _path_of(err)
    if err.validator == "additionalProperties" and _unknown_keys(err):
        path = child_path(path, _unknown_keys(err)[0])
    return doc.line_of(path)


def without_unknown_keys(doc: JsonDoc, name: str) -> JsonDoc | None:
    """`doc` with its unknown keys dropped, when that alone makes it schema-valid; else
    None. A typo'd key is reported, but the checks that need a valid file (names, card
    ids, one file against another) can still run on the rest, so every problem of the
    file is reported at once instead of one per run."""
    if _too_long(doc, load_schema(name), name, "$", doc.value):
        return None
    errors = _errors(doc, name)
    if not errors or any(e.validator != "additionalProperties" for e in errors):
        return None
    value = json.loads(json.dumps(doc.value))
    for err in errors:
        parent = value
        for part in err.absolute_path:
            parent = parent[part]
        for key in _unknown_keys(err):
            del parent[key]
    pruned = JsonDoc(value, doc.file, doc.lines)
    return None if _errors(pruned, name) else pruned


def _errors(doc: JsonDoc, name: str, with_more: bool = False):
    """The errors worth showing (the first MAX_REPORTED - 1 jsonschema finds), `oneOf`
    failures explained, in the file's line order; with `with_more`, also whether there
    are more."""
    room = MAX_REPORTED - 1  # and a line saying there are more
    found = _validator(name).iter_errors(doc.value)
    errors = _without_restated(_best_errors(list(itertools.islice(found, room))))
    errors = sorted(errors, key=lambda e: (_line_of(doc, e) or 0, _error_sort_key(e)))
    more = len(errors) > room or next(found, None) is not None
    return (errors[:room], more) if with_more else errors[:room]


def _without_restated(errors: list) -> list:
    """An empty name broke two rules that say one thing ("'' should be non-empty" and
    '"" is not valid here: a non-empty name ...'): a minimum length beside a described
    pattern at the same place is left out, so each mistake is one line (and one message
    beside its field in `pnp serve`)."""
    described = {tuple(e.absolute_path) for e in errors
                 if e.validator == "pattern" and "description" in e.schema}
    return [e for e in errors
            if not (e.validator == "minLength" and tuple(e.absolute_path) in described)]


def _error_sort_key(err) -> tuple:
    return tuple((0, p, "") if isinstance(p, int) else (1, 0, p) for p in err.absolute_path), \
        err.message


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
    (`"rule": "fixed"`) match the data, with the fewest errors; else the error itself.
    A wrong type one level down (`"points": "y"`) does not rule an alternative out."""
    branches: dict[int, list] = {}
    for sub in err.context:
        branches.setdefault(sub.schema_path[0], []).append(sub)
    depth = len(err.absolute_path)
    plausible = [
        subs for subs in branches.values()
        if not any((s.validator == "type" and len(s.absolute_path) <= depth)
                   or (s.validator in ("const", "enum") and len(s.absolute_path) <= depth + 1)
                   for s in subs)
    ]
    if not plausible:
        return [err]
    return _best_errors(sorted(min(plausible, key=len), key=_error_sort_key))


_TYPES = {"object": "an object", "array": "a list", "string": "a string",
          "integer": "a whole number", "number": "a number", "boolean": "true or false",
          "null": "null"}


def shown(value: object, limit: int = 200) -> str:
    """A value as JSON, with control characters escaped so a message cannot hide them; a
    long one clipped with its length (a word list given as a JSON list of a million words
    was echoed whole, 10 MB, in "expected an object, not [...]")."""
    text = json.dumps(value, ensure_ascii=False)
    if len(text) > limit:
        text = f"{text[:limit]}… ({len(text):,} characters)"
    return re.sub("[\x7f-\x9f]", lambda m: f"\\u{ord(m.group()):04x}", text)


def quoted_name(text: str, limit: int = 60) -> str:
    """A name the input gave, quoted for a message; a long one clipped with its length,
    so a hostile 900,000-character "game" is not echoed back whole."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters)"


def _message_of(err) -> str:
    """A shorter, friendlier message for the commonest errors, values shown as JSON."""
    if err.validator == "additionalProperties":
        allowed = ", ".join(sorted(err.schema.get("properties", {})))
        return f"unknown key(s) {', '.join(map(repr, _unknown_keys(err)))}; allowed: {allowed}"
    if err.validator == "enum":
        options = ", ".join(shown(v) for v in err.validator_value)
        return f"{shown(err.instance)} is not one of: {options}"
    if err.validator in ("oneOf", "anyOf", "pattern") and "description" in err.schema:
        return f"{shown(err.instance)} is not valid here: {err.schema['description']}"
    if err.validator in ("oneOf", "anyOf"):
        forms = [_form(branch) for branch in err.validator_value]
        wanted = f": expected {' or '.join(forms)}" if all(forms) else ""
        return f"{shown(err.instance)} is not valid here{wanted}"
    if err.validator == "uniqueItems":
        return f"{shown(_first_repeated(err.instance))} is listed more than once: " \
               "the list has non-unique elements"
    if err.validator == "const":
        return f"expected {shown(err.validator_value)}, not {shown(err.instance)}"
    if err.validator == "maxLength":
        return f"{len(err.instance):,} characters; at most {err.validator_value} allowed"
    if err.validator == "type":
        wanted = err.validator_value if isinstance(err.validator_value, list) \
            else [err.validator_value]
        return f"expected {' or '.join(_TYPES.get(t, t) for t in wanted)}, " \
               f"not {shown(err.instance)}"
    if err.validator == "minItems" and err.instance == []:
        about = err.schema.get("description")
        return "an empty list is not allowed here" + (f" ({about})" if about else "")
    if err.validator in ("minItems", "maxItems"):
        bound = "at least" if err.validator == "minItems" else "at most"
        return f"{len(err.instance)} entries; {bound} {err.validator_value} allowed"
    if err.validator == "required":
        return err.message.replace("is a required property", "is missing")
    return err.message


def _first_repeated(values: list) -> object:
    """The first entry of `values` that equals an earlier one (as JSON Schema compares)."""
    seen: set = set()
    for value in values:
        key = fastschema.equality_key(value)
        if key in seen:
            return value
        seen.add(key)
    return None


def _form(schema: object) -> str | None:
    """One alternative of a `oneOf` in words (`"new"`, `a whole number from 1`), or None
    when it has no short wording."""
    if not isinstance(schema, dict):
        return None
    if "const" in schema:
        return shown(schema["const"])
    if "description" in schema:
        return schema["description"]
    if isinstance(schema.get("type"), str) and schema["type"] in _TYPES:
        low, high = schema.get("minimum"), schema.get("maximum")
        bounds = (f" from {low} to {high}" if low is not None and high is not None
                  else f" from {low}" if low is not None
                  else f" up to {high}" if high is not None else "")
        return _TYPES[schema["type"]] + bounds
    return None


def _unknown_keys(err) -> list[str]:
    extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
    return [k for k in extra if not _pattern_allows(err.schema, k)]


def _pattern_allows(schema: dict, key: str) -> bool:
    return any(ecma_pattern(p).search(key) for p in schema.get("patternProperties", {}))
