"""Mutations of the project's own files for the fuzz suite (tests/test_fuzz.py).

A mutation starts from a shipped file and breaks it the ways real files get broken and
attackers break them on purpose: keys deleted, values of the wrong type, numbers huge,
infinite or not numbers at all, nesting thousands deep, strings with control characters,
escape sequences, lone surrogates or odd Unicode, the text truncated, lines lost or
doubled, binary junk spliced in. Randomness comes from hypothesis (`st.randoms`), so a
failure is reported with the example that caused it.
"""

from __future__ import annotations

import copy
import json
import random

# Literal JSON text for values json.dumps cannot write (or would write differently).
RAW_NUMBERS = ["1e400", "-1e400", "NaN", "Infinity", "-Infinity", "9" * 5000,
               "1" + "0" * 400, "1e21", "-0.0", "0.0000001", "123456789012345678901234567890"]
NUMBERS = [0, -1, 1, 2, 7, 10**12, 2**63, -(10**30), 0.5, 1e300, 499.9, 200, 201, 5000]
STRINGS = ["", " ", "  padded  ", "x" * 300, "y" * 20000, "\u0000", "tab\there", "line\nbreak",
           "\x1b[31mred\x1b[0m", "\u202eevil", "e\u0301", "\U0001F600", "piĂą", "Ã©tÃ©",
           "<script>alert(1)</script>", "../../../../etc/passwd", "{missing}", "{word}",
           "#FFFFFF", "#12345", "none", "poker", "99999x1", "0x0", "-", "G1:05", "A",
           "witches-junior", "majority", "\ufeffbom", "\u00a0nbsp\u00a0", "Ω≈ç√∫"]
RAW_STRINGS = ['"G\\ud800"', '"\\udfff"', '"\\u0007bell"']
NEST = [70, 600, 3000]


def mutate_json(text: str, rnd: random.Random, junk: bytes) -> bytes:
    """The shipped JSON `text` with one to three value mutations, then maybe a text one."""
    try:
        value = json.loads(text)
    except ValueError:
        return mutate_text(text, rnd, junk)
    raws: dict[str, str] = {}
    for _ in range(rnd.choice([1, 1, 1, 2, 3])):
        value = _mutate_value(value, rnd, raws)
    out = json.dumps(value, indent=rnd.choice([None, 1, 2]), ensure_ascii=rnd.random() < 0.5)
    for token, literal in raws.items():
        out = out.replace(json.dumps(token), literal)
    if rnd.random() < 0.3:
        return mutate_text(out, rnd, junk)
    return out.encode("utf-8", "surrogatepass")


def mutate_text(text: str, rnd: random.Random, junk: bytes) -> bytes:
    """Line and byte level damage: truncation, lost or doubled lines, junk, odd endings."""
    data = text.encode("utf-8", "surrogatepass")
    lines = text.splitlines(keepends=True) or [""]
    op = rnd.randrange(8)
    if op == 0:
        return data[: rnd.randrange(len(data) + 1)]
    if op == 1:
        del lines[rnd.randrange(len(lines))]
    elif op == 2:
        i = rnd.randrange(len(lines))
        lines[i:i] = [lines[i]] * rnd.choice([1, 2, 50])
    elif op == 3:
        at = rnd.randrange(len(data) + 1)
        return data[:at] + junk + data[at:]
    elif op == 4:
        return b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n")
    elif op == 5:
        i = rnd.randrange(len(lines))
        lines[i] = rnd.choice(STRINGS) + "\n"
    elif op == 6:
        return b""
    else:
        i = rnd.randrange(len(lines))
        lines.insert(i, rnd.choice(["\t\n", "   \n", "\x00\x01\n", "# comment\n",
                                    "x" * 140_000 + "\n", ",;,;\n", "word,back,extra\n"]))
    return "".join(lines).encode("utf-8", "surrogatepass")


def _mutate_value(value, rnd: random.Random, raws: dict[str, str]):
    """One mutation at a random node of the tree (the root included)."""
    nodes = list(_nodes(value))
    if len(nodes) > 1 and rnd.random() < 0.95:
        nodes = nodes[1:]  # the root itself only now and then
    parent, key = nodes[rnd.randrange(len(nodes))]
    current = value if parent is None else parent[key]
    op = rnd.randrange(6)
    if op == 0 and parent is not None:
        del parent[key]
        return value
    if op == 1 and isinstance(current, list) and current:
        current.extend([rnd.choice(current)] * rnd.choice([1, 5, 300]))
        return value
    if op == 2 and isinstance(current, dict):
        current[rnd.choice(["extra", "colour", "$schema", "x", "count"])] = \
            _junk(rnd, raws, current)
        return value
    replacement = _swap_type(current, rnd) if op == 3 else _junk(rnd, raws, current)
    if parent is None:
        return replacement
    parent[key] = replacement
    return value


def _nodes(value, parent=None, key=None):
    yield parent, key
    if isinstance(value, dict):
        for k in list(value):
            yield from _nodes(value[k], value, k)
    elif isinstance(value, list):
        for i in range(len(value)):
            yield from _nodes(value[i], value, i)


def _junk(rnd: random.Random, raws: dict[str, str], near=None):
    if rnd.random() < 0.4:
        return _plausible(near, rnd)
    kind = rnd.randrange(7)
    if kind == 0:
        return _raw(raws, rnd.choice(RAW_NUMBERS))
    if kind == 1:
        return rnd.choice(NUMBERS)
    if kind == 2:
        return _raw(raws, rnd.choice(RAW_STRINGS))
    if kind == 3:
        depth = rnd.choice(NEST)
        return _raw(raws, "[" * depth + "]" * depth)
    if kind == 4:
        return rnd.choice([None, True, False, [], {}, [1, "a"], {"a": {}}])
    if kind == 5 and isinstance(near, str):
        return near + rnd.choice(STRINGS)  # a plausible value, slightly wrong
    return rnd.choice(STRINGS)


def _plausible(near, rnd: random.Random):
    """A value of the same type, a little off: these often pass validation and go on to
    exercise drawing, fitting and judging."""
    if isinstance(near, bool):
        return not near
    if isinstance(near, int | float):
        return rnd.choice([near + 1, near - 1, near * 2, -near, near * 10, 0, near / 3])
    if isinstance(near, str):
        edits = [near.upper(), near[:-1], near + near, near + " x", near.replace("e", "é"),
                 near + "\u0301", near * 5, near[: len(near) // 2]]
        return rnd.choice(edits)
    if isinstance(near, list) and near:
        return copy.deepcopy(near[: rnd.randrange(len(near))] + near[::-1])
    return copy.deepcopy(near)


def _raw(raws: dict[str, str], literal: str) -> str:
    token = f"@@RAW{len(raws)}@@"
    raws[token] = literal
    return token


def _swap_type(value, rnd: random.Random):
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return [value] if rnd.random() < 0.5 else len(value)
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    if isinstance(value, dict):
        return list(value.values())
    return "null"
