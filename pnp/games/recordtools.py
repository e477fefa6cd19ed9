"""Helpers every game's record parser shares: located input errors, name and id checks.

The schema checks shapes; what it cannot know — that a name in `claimed` is one of the
`players`, that a card id exists in *this* game's data — is checked here, and every such
problem is collected so the user fixes them all in one go (exit status 2).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Any

from pnp.content.jsonfile import JsonDoc, child_path
from pnp.errors import DataError, Problem


def json_path(*parts: str | int) -> str:
    """`$`-rooted JSON path of a place in the record, as schema errors print it."""
    path = "$"
    for part in parts:
        path = child_path(path, part)
    return path


def did_you_mean(word: str, options: Iterable[str]) -> str:
    """` did you mean X?` for the closest option, or an empty string."""
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f"; did you mean {close[0]}?" if close else ""


def as_int(value: Any) -> int:
    """The schema accepts 3.0 as an integer (JSON Schema does); the rules want 3."""
    return int(value)


def whole_numbers(value: Any) -> Any:
    """`value` with every whole-number float made an int (checker contract R5: `2.0` is
    accepted wherever an integer is), for readers that use numbers as they find them (a
    log's columns, positions and seed index lists and pick random streams)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [whole_numbers(v) for v in value]
    if isinstance(value, dict):
        return {k: whole_numbers(v) for k, v in value.items()}
    return value


class RecordReader:
    """Reads a schema-valid record, collecting every input error with file, line and path."""

    def __init__(self, doc: JsonDoc):
        self.doc = doc
        self.value: dict = doc.value  # type: ignore[assignment]
        self.players: list[str] = list(self.value["players"])
        self.problems: list[Problem] = []

    def error(self, message: str, *parts: str | int) -> None:
        self.problems.append(self.doc.problem(json_path(*parts), message))

    def is_player(self, name: str, *parts: str | int) -> bool:
        """True for a listed player; otherwise an input error naming the nearest one."""
        if name in self.players:
            return True
        self.error(f"{name!r} is not a player (players: {', '.join(self.players)})"
                   f"{did_you_mean(name, self.players)}", *parts)
        return False

    def by_player(self, mapping: Mapping[str, Any], *parts: str | int) -> dict[str, Any]:
        """The entries of a `{name: ...}` object whose names are players, in record order."""
        return {n: v for n, v in mapping.items() if self.is_player(n, *parts, n)}

    def claimed(self, *parts: str | int) -> dict[str, int]:
        """A `claimed` object (top level or per round): player name to an integer."""
        mapping = self.value
        for part in parts:
            mapping = mapping.get(part, {}) if isinstance(mapping, dict) else mapping[part]
        return {n: as_int(v) for n, v in self.by_player(mapping or {}, *parts).items()}

    def require_every_player(self, mapping: Mapping[str, Any], what: str,
                             *parts: str | int) -> None:
        missing = [p for p in self.players if p not in mapping]
        if missing:
            self.error(f"{what} must list every player; missing: {', '.join(missing)}", *parts)

    def finish(self) -> None:
        """Raise every collected problem at once (exit status 2)."""
        if self.problems:
            raise DataError(self.problems)
