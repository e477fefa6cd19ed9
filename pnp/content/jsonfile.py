"""Read JSON while remembering the line of every value.

Python's `json` module forgets positions once parsing succeeds, and silently keeps the
last of two duplicate keys. Users fix hand-written files by line number, and a duplicate
key in a game record usually hides a typo, so this small parser keeps both: the value,
and a map from JSON path (`$.cards[3].front`) to the line it starts on.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from json.decoder import scanstring
from pathlib import Path

from pnp.errors import DataError, Problem

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")
_WS = " \t\n\r"
_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_LITERALS = {"true": True, "false": False, "null": None}


def child_path(parent: str, key: str | int) -> str:
    """The JSON path of `key` under `parent`, in the `$.a.b[2]["odd key"]` notation."""
    if isinstance(key, int):
        return f"{parent}[{key}]"
    if _IDENT.match(key):
        return f"{parent}.{key}"
    return f"{parent}[{json.dumps(key, ensure_ascii=False)}]"


@dataclass
class JsonDoc:
    """A parsed JSON file: its value, where it came from, and the line of each path."""

    value: object
    file: str
    lines: dict[str, int] = field(default_factory=dict)

    def line_of(self, path: str) -> int | None:
        """Line of `path`, or of its nearest ancestor that has one."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = _parent(path)
        return None

    def problem(self, path: str, message: str) -> Problem:
        """A problem located at `path` in this document."""
        return Problem(self.file, message, line=self.line_of(path), path=path)


def _parent(path: str) -> str:
    if path == "$":
        return ""
    cut = max(path.rfind("."), path.rfind("["))
    return path[:cut] if cut > 0 else "$"


class _Parser:
    def __init__(self, text: str, file: str):
        self.text = text
        self.file = file
        self.lines: dict[str, int] = {}
        self.problems: list[Problem] = []
        self._newlines = [m.start() for m in re.finditer("\n", text)]

    def line_at(self, index: int) -> int:
        lo, hi = 0, len(self._newlines)
        while lo < hi:
            mid = (lo + hi) // 2
            if self._newlines[mid] < index:
                lo = mid + 1
            else:
                hi = mid
        return lo + 1

    def fail(self, index: int, message: str) -> DataError:
        return DataError(Problem(self.file, message, line=self.line_at(index)))

    def skip_ws(self, i: int) -> int:
        while i < len(self.text) and self.text[i] in _WS:
            i += 1
        return i

    def value(self, i: int, path: str) -> tuple[object, int]:
        i = self.skip_ws(i)
        if i >= len(self.text):
            raise self.fail(i, "unexpected end of file: a value is missing")
        self.lines[path] = self.line_at(i)
        ch = self.text[i]
        if ch == "{":
            return self.object(i + 1, path)
        if ch == "[":
            return self.array(i + 1, path)
        if ch == '"':
            return self.string(i)
        for word, literal in _LITERALS.items():
            if self.text.startswith(word, i):
                return literal, i + len(word)
        match = _NUMBER.match(self.text, i)
        if match:
            number = match.group()
            parsed = float(number) if any(c in number for c in ".eE") else int(number)
            return parsed, match.end()
        raise self.fail(i, f"unexpected character {self.text[i]!r}: not valid JSON")

    def string(self, i: int) -> tuple[str, int]:
        try:
            return scanstring(self.text, i + 1, True)
        except json.JSONDecodeError as exc:
            raise self.fail(exc.pos, f"bad string: {exc.msg}") from None

    def object(self, i: int, path: str) -> tuple[dict, int]:
        result: dict = {}
        i = self.skip_ws(i)
        if i < len(self.text) and self.text[i] == "}":
            return result, i + 1
        while True:
            i = self.skip_ws(i)
            if i >= len(self.text) or self.text[i] != '"':
                raise self.fail(i, "expected a key in double quotes")
            key_at = i
            key, i = self.string(i)
            i = self.skip_ws(i)
            if i >= len(self.text) or self.text[i] != ":":
                raise self.fail(i, f"expected ':' after key {key!r}")
            sub = child_path(path, key)
            if key in result:
                self.problems.append(
                    Problem(self.file, f"duplicate key {key!r}", self.line_at(key_at), sub)
                )
            result[key], i = self.value(i + 1, sub)
            i = self.skip_ws(i)
            if i < len(self.text) and self.text[i] == ",":
                i += 1
                continue
            if i < len(self.text) and self.text[i] == "}":
                return result, i + 1
            raise self.fail(i, "expected ',' or '}' in an object")

    def array(self, i: int, path: str) -> tuple[list, int]:
        result: list = []
        i = self.skip_ws(i)
        if i < len(self.text) and self.text[i] == "]":
            return result, i + 1
        while True:
            item, i = self.value(i, child_path(path, len(result)))
            result.append(item)
            i = self.skip_ws(i)
            if i < len(self.text) and self.text[i] == ",":
                i += 1
                continue
            if i < len(self.text) and self.text[i] == "]":
                return result, i + 1
            raise self.fail(i, "expected ',' or ']' in a list")


def parse_json(text: str, file: str) -> JsonDoc:
    """Parse `text`; raise DataError naming the line for syntax errors and duplicate keys."""
    if text.startswith("\ufeff"):
        text = text[1:]
    parser = _Parser(text, file)
    value, end = parser.value(0, "$")
    end = parser.skip_ws(end)
    if end != len(text):
        raise parser.fail(end, "extra content after the JSON value")
    if parser.problems:
        raise DataError(parser.problems)
    return JsonDoc(value, file, parser.lines)


def read_text(path: Path) -> str:
    """Read a UTF-8 file, turning OS and decoding failures into a located DataError."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DataError(Problem(str(path), "file not found")) from None
    except IsADirectoryError:
        raise DataError(Problem(str(path), "is a folder, expected a file")) from None
    except OSError as exc:
        raise DataError(Problem(str(path), f"cannot read: {exc.strerror}")) from None
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")  # spreadsheets write a BOM
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataError(
            Problem(str(path), f"not UTF-8 text (byte 0x{raw[exc.start]:02x})", line=line)
        ) from None


def load_json(path: Path) -> JsonDoc:
    """Read and parse a JSON file with positions."""
    return parse_json(read_text(path), str(path))
