"""The shipped schemas compiled to plain Python checks: jsonschema's verdict, valid or not,
in one quick pass over the document.

jsonschema walks a document through generic machinery (reference lookups, error
generators) at some microseconds per value: a D20 Stacks record of 100,000 moves took
eleven seconds. Every keyword the shipped schemas use is compiled here, once, into nested
closures with exactly jsonschema's Draft 2020-12 meaning (its `pattern` read as
`schemas.ecma_pattern` does, its equality of `const`/`enum`, booleans never equal to
numbers). A schema with any other keyword is not compiled (None), so a new keyword can
never pass unchecked. Only the verdict comes from here: when a document
is invalid, jsonschema itself finds and words the errors, so the messages stay its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable

Check = Callable[[object], bool]

_ANNOTATIONS = {"$schema", "$defs", "description", "title", "default", "examples",
                "$comment"}


class Unsupported(Exception):
    """The schema uses something this compiler does not mirror exactly."""


def compile_schema(uri: str, resources: dict[str, object],
                   pattern: Callable[[str], Callable]) -> Check | None:
    """The check for the schema `uri` among `resources` (file name -> schema, as `$ref`s
    name them), `pattern(regex)` giving a search function for the `pattern` keyword; None
    when the schema uses anything this compiler does not mirror."""
    try:
        return _Compiler(resources, pattern).compile_ref(uri, "")
    except Unsupported:
        return None


def equal(one: object, two: object) -> bool:
    """JSON Schema equality, as jsonschema has it: 1 == 1.0, but true is not 1."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    if isinstance(one, list) and isinstance(two, list):
        return len(one) == len(two) and all(equal(a, b) for a, b in zip(one, two, strict=True))
    if isinstance(one, dict) and isinstance(two, dict):
        return one.keys() == two.keys() and all(equal(one[k], two[k]) for k in one)
    if isinstance(one, bool) or isinstance(two, bool):
        return type(one) is type(two) and one == two
    return one == two


def equality_key(value: object) -> object:
    """A hashable stand-in for `value`: two values are `equal` exactly when their keys are
    (1 and 1.0 share a key, true and 1 do not)."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, list):
        return ("list", tuple(map(equality_key, value)))
    if isinstance(value, dict):
        return ("object", frozenset((k, equality_key(v)) for k, v in value.items()))
    return ("value", value)


def _all_different(values: list) -> bool:
    """`uniqueItems` in one pass (comparing every pair took minutes for 100,000 players);
    a NaN, equal to nothing, is never a duplicate, as with `equal`."""
    seen: set = set()
    for value in values:
        key = equality_key(value)
        if key in seen:
            return False
        seen.add(key)
    return True


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_TYPES: dict[str, Check] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": _is_number,
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool))
    or (isinstance(v, float) and v.is_integer()),
}


class _Compiler:
    def __init__(self, resources: dict[str, object], pattern: Callable[[str], Callable]):
        self.resources = resources
        self.pattern = pattern
        self.refs: dict[tuple[str, str], list] = {}

    def compile_ref(self, uri: str, fragment: str) -> Check:
        """The check at `uri#fragment`, compiled once (a cell, so references can loop)."""
        key = (uri, fragment)
        if key not in self.refs:
            cell: list = []
            self.refs[key] = cell
            cell.append(self.compile(self._resolve(uri, fragment), uri))
        cell = self.refs[key]
        return lambda value: cell[0](value)

    def _resolve(self, uri: str, fragment: str) -> object:
        if uri not in self.resources or "%" in fragment:
            raise Unsupported(uri)
        node = self.resources[uri]
        for part in fragment.split("/")[1:] if fragment else ():
            part = part.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                raise Unsupported(fragment)
        return node

    def compile(self, schema: object, base: str) -> Check:
        if schema is True:
            return lambda value: True
        if schema is False:
            return lambda value: False
        if not isinstance(schema, dict):
            raise Unsupported(repr(schema))
        checks = [self._keyword(k, v, schema, base) for k, v in schema.items()
                  if k not in _ANNOTATIONS and k not in ("then", "else")]
        checks = [c for c in checks if c is not None]
        if len(checks) == 1:
            return checks[0]
        checks = tuple(checks)

        def every(value) -> bool:  # a loop, not all(...): no generator per value
            for check in checks:  # noqa: SIM110
                if not check(value):
                    return False
            return True

        return every

    def _keyword(self, key: str, arg, schema: dict, base: str) -> Check | None:
        build = getattr(self, "k_" + key.lstrip("$"), None)
        if build is None:
            raise Unsupported(key)
        return build(arg, schema, base)

    # Each k_<keyword> returns the check for that keyword alone (None: always passes).

    def k_ref(self, ref, schema, base):
        uri, _, fragment = ref.partition("#")
        return self.compile_ref(uri or base, fragment)

    def k_type(self, arg, schema, base):
        names = [arg] if isinstance(arg, str) else arg
        if not all(isinstance(t, str) and t in _TYPES for t in names):
            raise Unsupported(f"type {arg!r}")
        tests = [_TYPES[t] for t in names]
        if len(tests) == 1:
            return tests[0]
        return lambda value: any(test(value) for test in tests)

    def k_properties(self, arg, schema, base):
        subs = tuple((name, self.compile(sub, base)) for name, sub in arg.items())

        def properties(value) -> bool:
            if isinstance(value, dict):
                for name, check in subs:
                    if name in value and not check(value[name]):
                        return False
            return True

        return properties

    def k_patternProperties(self, arg, schema, base):  # noqa: N802 (the keyword's name)
        subs = [(re.compile(p), self.compile(sub, base)) for p, sub in arg.items()]
        return lambda value: not isinstance(value, dict) or all(
            check(v) for k, v in value.items() for pattern, check in subs
            if pattern.search(k))

    def k_additionalProperties(self, arg, schema, base):  # noqa: N802
        named = set(schema.get("properties", {}))
        patterns = [re.compile(p) for p in schema.get("patternProperties", {})]
        check = self.compile(arg, base)

        def extra(value) -> bool:
            if isinstance(value, dict):
                for k, v in value.items():
                    if k not in named and not any(p.search(k) for p in patterns) \
                            and not check(v):
                        return False
            return True

        return extra

    def k_required(self, arg, schema, base):
        names = frozenset(arg)
        return lambda value: not isinstance(value, dict) or names.issubset(value)

    def k_propertyNames(self, arg, schema, base):  # noqa: N802
        check = self.compile(arg, base)
        return lambda value: not isinstance(value, dict) or all(check(k) for k in value)

    def k_minProperties(self, arg, schema, base):  # noqa: N802
        return lambda value: not isinstance(value, dict) or len(value) >= arg

    def k_maxProperties(self, arg, schema, base):  # noqa: N802
        return lambda value: not isinstance(value, dict) or len(value) <= arg

    def k_items(self, arg, schema, base):
        if "prefixItems" in schema:
            raise Unsupported("prefixItems")
        check = self.compile(arg, base)
        return lambda value: not isinstance(value, list) or all(map(check, value))

    def k_minItems(self, arg, schema, base):  # noqa: N802
        return lambda value: not isinstance(value, list) or len(value) >= arg

    def k_maxItems(self, arg, schema, base):  # noqa: N802
        return lambda value: not isinstance(value, list) or len(value) <= arg

    def k_uniqueItems(self, arg, schema, base):  # noqa: N802
        if not arg:
            return None
        return lambda value: not isinstance(value, list) or _all_different(value)

    def k_minLength(self, arg, schema, base):  # noqa: N802
        return lambda value: not isinstance(value, str) or len(value) >= arg

    def k_maxLength(self, arg, schema, base):  # noqa: N802
        return lambda value: not isinstance(value, str) or len(value) <= arg

    def k_pattern(self, arg, schema, base):
        search = self.pattern(arg)
        return lambda value: not isinstance(value, str) or search(value) is not None

    def k_minimum(self, arg, schema, base):
        return lambda value: not _is_number(value) or value >= arg

    def k_maximum(self, arg, schema, base):
        return lambda value: not _is_number(value) or value <= arg

    def k_exclusiveMinimum(self, arg, schema, base):  # noqa: N802
        return lambda value: not _is_number(value) or value > arg

    def k_exclusiveMaximum(self, arg, schema, base):  # noqa: N802
        return lambda value: not _is_number(value) or value < arg

    def k_const(self, arg, schema, base):
        return lambda value: equal(value, arg)

    def k_enum(self, arg, schema, base):
        return lambda value: any(equal(value, each) for each in arg)

    def k_oneOf(self, arg, schema, base):  # noqa: N802
        subs = tuple(self.compile(sub, base) for sub in arg)

        def one_of(value) -> bool:
            found = False
            for check in subs:
                if check(value):
                    if found:
                        return False
                    found = True
            return found

        return one_of

    def k_anyOf(self, arg, schema, base):  # noqa: N802
        subs = [self.compile(sub, base) for sub in arg]
        return lambda value: any(check(value) for check in subs)

    def k_allOf(self, arg, schema, base):  # noqa: N802
        subs = [self.compile(sub, base) for sub in arg]
        return lambda value: all(check(value) for check in subs)

    def k_not(self, arg, schema, base):
        check = self.compile(arg, base)
        return lambda value: not check(value)

    def k_if(self, arg, schema, base):
        test = self.compile(arg, base)
        then = self.compile(schema.get("then", True), base)
        other = self.compile(schema.get("else", True), base)
        return lambda value: then(value) if test(value) else other(value)
