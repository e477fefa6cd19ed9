"""Read JSON while remembering the line of every value.

Python's `json` module forgets positions once parsing succeeds, and silently keeps the
last of two duplicate keys. Users fix hand-written files by line number, and a duplicate
key in a game record usually hides a typo, so this small parser keeps both: the value,
and a map from JSON path (`$.cards[3].front`) to the line it starts on.

It is also the first line of defence against hostile or broken files: nesting is bounded
(no RecursionError), number literals are bounded in length and must be finite (no
4,300-digit integers, no `1e400` infinity, no `NaN`), strings must be real Unicode (no lone
surrogates), and every file is read only if it is a regular file under a size cap, so
`/dev/zero` or a FIFO is an error instead of a hang.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from json.decoder import scanstring
from pathlib import Path

from pnp.errors import DataError, Location, Problem

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")
_WS = " \t\n\r"
_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_LITERALS = {"true": True, "false": False, "null": None}
_NOT_JSON = ("NaN", "Infinity", "-Infinity")
_SURROGATE = re.compile("[\ud800-\udfff]")

MAX_DEPTH = 64
"""Deepest nesting of lists and objects; real files need fewer than ten levels."""
MAX_NUMBER_CHARS = 100
"""Longest number literal (digits, sign, point and exponent)."""
DATA_LIMIT = 16 * 1024 * 1024
"""Largest data file, layout, rule text or record read (bytes)."""
WORDS_LIMIT = 64 * 1024 * 1024
"""Largest word list read (bytes)."""


def child_path(parent: str, key: str | int) -> str:
    """The JSON path of `key` under `parent`, in the `$.a.b[2]["odd key"]` notation."""
    if isinstance(key, int):
        return f"{parent}[{key}]"
    if _IDENT.match(key):
        return f"{parent}.{key}"
    return f"{parent}[{json.dumps(key, ensure_ascii=False)}]"


class LazyLines(Mapping):
    """The path → line map of a text that parsed cleanly on the fast path: worked out by
    the position-keeping parser only when a line is first asked for (an error to report),
    so a valid file costs one C-speed `json.loads`."""

    def __init__(self, text: str, file: str):
        self._text, self._file = text, file
        self._lines: dict[str, int] | None = None

    def _map(self) -> dict[str, int]:
        if self._lines is None:
            parser = _Parser(self._text, self._file)
            parser.value(0, "$")
            self._lines, self._text = parser.lines, ""
        return self._lines

    def __getitem__(self, path: str) -> int:
        return self._map()[path]

    def __iter__(self):
        return iter(self._map())

    def __len__(self) -> int:
        return len(self._map())


@dataclass
class JsonDoc:
    """A parsed JSON file: its value, where it came from, and the line of each path."""

    value: object
    file: str
    lines: Mapping[str, int] = field(default_factory=dict)

    def line_of(self, path: str) -> int | None:
        """Line of `path`, or of its nearest ancestor that has one."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = _parent(path)
        return None

    def location(self, path: str) -> Location:
        """Where `path` is in this document, for errors found later (when drawing); its
        line is looked up only if an error is reported there."""
        return _DocLocation(path=path, doc=self)

    def problem(self, path: str, message: str) -> Problem:
        """A problem located at `path` in this document."""
        return Problem(self.file, message, line=self.line_of(path), path=path)


class LineOnDemand:
    """A frozen record (a Location, a Word) whose `line` is found in its document only
    when first asked for. Every card, layout box and word keeps where it came from in
    case an error needs it, which is almost never; finding lines means a second parse by
    the slow position-keeping parser, which cost a full build a tenth of a second.

    Made as `Record(path=..., doc=..., other fields)`; made with the record's own fields,
    `line` among them (as `dataclasses.replace` does), it is an ordinary record."""

    def __init__(self, *args, doc: JsonDoc | None = None, **given):
        names, defaults = _record_fields(type(self))
        values = {**defaults, **dict(zip(names, args, strict=False)), **given}
        if doc is not None:
            values["file"] = doc.file
        line = values.pop("line", None)
        for name, value in values.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_doc", doc)
        object.__setattr__(self, "_line", line)

    @property
    def line(self) -> int | None:
        return self._line if self._doc is None else self._doc.line_of(self.path)

    def _values(self) -> tuple:
        from dataclasses import fields

        return tuple(getattr(self, f.name) for f in fields(self))

    def __eq__(self, other: object) -> bool:
        """Equal to the plain record (or another one) with the same fields."""
        record = next(c for c in type(self).__mro__[1:] if "__dataclass_fields__" in vars(c))
        if not isinstance(other, record):
            return NotImplemented
        return self._values() == tuple(getattr(other, name) for name in record.__dataclass_fields__)

    def __hash__(self) -> int:
        return hash(self._values())


class _DocLocation(LineOnDemand, Location):
    pass


@cache
def _record_fields(kind: type) -> tuple[tuple[str, ...], dict]:
    """A record class's field names and defaults, read once per class: a build makes a
    thousand records (every word and card) while planning, before any worker starts."""
    from dataclasses import MISSING, fields

    return (tuple(f.name for f in fields(kind)),
            {f.name: f.default for f in fields(kind) if f.default is not MISSING})


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

    def value(self, i: int, path: str, depth: int = 0) -> tuple[object, int]:
        i = self.skip_ws(i)
        if i >= len(self.text):
            raise self.fail(i, "unexpected end of file: a value is missing")
        self.lines[path] = self.line_at(i)
        ch = self.text[i]
        if ch in "{[":
            if depth >= MAX_DEPTH:
                raise self.fail(i, f"nested more than {MAX_DEPTH} levels deep")
            if ch == "{":
                return self.object(i + 1, path, depth + 1)
            return self.array(i + 1, path, depth + 1)
        if ch == '"':
            return self.string(i)
        for word, literal in _LITERALS.items():
            if self.text.startswith(word, i):
                return literal, i + len(word)
        match = _NUMBER.match(self.text, i)
        if match:
            return self.number(match.group(), i), match.end()
        for word in _NOT_JSON:
            if self.text.startswith(word, i):
                raise self.fail(i, f"{word} is not a JSON number: write a finite number")
        raise self.fail(i, f"unexpected character {_shown(self.text[i])}: not valid JSON")

    def number(self, literal: str, i: int) -> int | float:
        """The literal's value, refused when absurdly long or beyond a float's range."""
        if len(literal) > MAX_NUMBER_CHARS:
            raise self.fail(i, f"number literal of {len(literal)} characters: at most "
                               f"{MAX_NUMBER_CHARS} are allowed")
        if not any(c in literal for c in ".eE"):
            return int(literal)
        parsed = float(literal)
        if not math.isfinite(parsed):
            raise self.fail(i, f"number {literal[:20]} is too large (not a finite number)")
        return parsed

    def string(self, i: int) -> tuple[str, int]:
        try:
            text, end = scanstring(self.text, i + 1, True)
        except json.JSONDecodeError as exc:
            raise self.fail(exc.pos, f"bad string: {exc.msg}") from None
        if _SURROGATE.search(text):
            raise self.fail(i, "bad string: a \\u escape is half of a surrogate pair "
                               "(not a character)")
        return text, end

    def object(self, i: int, path: str, depth: int) -> tuple[dict, int]:
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
            result[key], i = self.value(i + 1, sub, depth)
            i = self.skip_ws(i)
            if i < len(self.text) and self.text[i] == ",":
                i += 1
                continue
            if i < len(self.text) and self.text[i] == "}":
                return result, i + 1
            raise self.fail(i, "expected ',' or '}' in an object")

    def array(self, i: int, path: str, depth: int) -> tuple[list, int]:
        result: list = []
        i = self.skip_ws(i)
        if i < len(self.text) and self.text[i] == "]":
            return result, i + 1
        while True:
            item, i = self.value(i, child_path(path, len(result)), depth)
            result.append(item)
            i = self.skip_ws(i)
            if i < len(self.text) and self.text[i] == ",":
                i += 1
                continue
            if i < len(self.text) and self.text[i] == "]":
                return result, i + 1
            raise self.fail(i, "expected ',' or ']' in a list")


def parse_json(text: str, file: str) -> JsonDoc:
    """Parse `text`; raise DataError naming the line for syntax errors and duplicate keys.
    A file that passes every rule of this module on `json.loads` is taken from it, with its
    lines worked out on demand; anything else (or anything doubtful) goes through the
    position-keeping parser, which finds and words the problem."""
    if text.startswith("\ufeff"):
        text = text[1:]
    value = _fast(text)
    if value is not _SLOW:
        return JsonDoc(value, file, LazyLines(text, file))
    parser = _Parser(text, file)
    value, end = parser.value(0, "$")
    end = parser.skip_ws(end)
    if end != len(text):
        raise parser.fail(end, "extra content after the JSON value")
    if parser.problems:
        raise DataError(parser.problems)
    return JsonDoc(value, file, parser.lines)


_SLOW = object()
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class _Doubtful(Exception):
    """Raised inside `json.loads` hooks: leave this text to the careful parser."""


def _pairs(pairs: list) -> dict:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise _Doubtful  # a duplicate key
    return result


def _number(literal: str):
    if len(literal) > MAX_NUMBER_CHARS:
        raise _Doubtful
    return literal


def _float(literal: str) -> float:
    parsed = float(_number(literal))
    if not math.isfinite(parsed):
        raise _Doubtful
    return parsed


def _refuse_constant(_: str):
    raise _Doubtful  # NaN, Infinity


def _fast(text: str):
    """The value of `text` by `json.loads`, or _SLOW when the careful parser must decide:
    any error, duplicate key, NaN or Infinity, absurd number, surrogate escape or nesting
    deeper than MAX_DEPTH. Both parsers give equal values for what passes here."""
    if _SURROGATE_ESCAPE.search(text) or _SURROGATE.search(text):
        return _SLOW
    try:
        value = json.loads(text, object_pairs_hook=_pairs, parse_constant=_refuse_constant,
                           parse_float=_float, parse_int=lambda s: int(_number(s)))
    except (_Doubtful, ValueError, RecursionError):
        return _SLOW
    return value if _depth_ok(value) else _SLOW


def _depth_ok(value) -> bool:
    """No list or object nested more than MAX_DEPTH levels (the careful parser's bound:
    containers at depths 0 to MAX_DEPTH - 1)."""
    level = [value] if isinstance(value, (dict, list)) else []
    for _ in range(MAX_DEPTH):
        if not level:
            return True
        level = [child for node in level
                 for child in (node.values() if isinstance(node, dict) else node)
                 if isinstance(child, (dict, list))]
    return not level


def _shown(ch: str) -> str:
    """A character as `repr` shows it, so control characters never reach a terminal raw."""
    return repr(ch) if ch.isprintable() else ascii(ch)


def read_bytes(path: Path, limit: int = DATA_LIMIT) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; DataError otherwise.

    Opened without blocking and checked with fstat before reading, so a FIFO, a device
    (`/dev/zero`) or a symlink to one is refused at once instead of hanging or eating memory.
    """
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise DataError(Problem(name, "file not found")) from None
    except IsADirectoryError:
        raise DataError(Problem(name, "is a folder, expected a file")) from None
    except OSError as exc:
        raise DataError(Problem(name, f"cannot read: {exc.strerror}")) from None
    except ValueError:  # a NUL in the name, e.g. from a record's "promos"
        raise DataError(Problem(name, "cannot read: the file name holds a NUL character")) \
            from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise DataError(Problem(name, "is a folder, expected a file"))
        if not stat.S_ISREG(info.st_mode):
            raise DataError(Problem(name, "not a regular file (a device, FIFO or socket)"))
        if info.st_size > limit:
            raise DataError(Problem(name, f"{_mb(info.st_size)} is more than the "
                                          f"{_mb(limit)} limit for this kind of file"))
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise DataError(Problem(name, f"cannot read: {exc.strerror}")) from None
    finally:
        os.close(fd)
    if size > limit:
        raise DataError(Problem(name, f"more than the {_mb(limit)} limit for this kind of file"))
    return b"".join(chunks)


def _mb(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB" if size % (1024 * 1024) else f"{size >> 20} MB"


def check_regular_file(path: Path, limit: int) -> None:
    """For files a library opens itself (fonts): a regular file of at most `limit` bytes."""
    name = str(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise DataError(Problem(name, "file not found")) from None
    except OSError as exc:
        raise DataError(Problem(name, f"cannot read: {exc.strerror}")) from None
    if stat.S_ISDIR(info.st_mode):
        raise DataError(Problem(name, "is a folder, expected a file"))
    if not stat.S_ISREG(info.st_mode):
        raise DataError(Problem(name, "not a regular file (a device, FIFO or socket)"))
    if info.st_size > limit:
        raise DataError(Problem(name, f"{_mb(info.st_size)} is more than the {_mb(limit)} "
                                      "limit for this kind of file"))


def read_text(path: Path, limit: int = DATA_LIMIT, strip_bom: bool = True) -> str:
    """Read a UTF-8 file, turning OS and decoding failures into a located DataError. A
    byte-order mark at the start is dropped unless `strip_bom` is false (for a caller that
    drops it itself: dropping two would accept a second mark, which is not JSON)."""
    raw = read_bytes(path, limit)
    try:
        text = raw.decode("utf-8")
        return text.removeprefix("\ufeff") if strip_bom else text  # spreadsheets write one
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataError(
            Problem(str(path), f"not UTF-8 text (byte 0x{raw[exc.start]:02x})", line=line)
        ) from None


def load_json(path: Path) -> JsonDoc:
    """Read and parse a JSON file with positions."""
    return parse_json(read_text(path, strip_bom=False), str(path))  # it drops one BOM
