"""Typed errors and located problems.

The library raises these; only the CLI turns them into messages on stderr and exit
status 2. A `Problem` knows *where* (file, line, JSON path) so every message can point a
person at the exact spot to fix.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong (or worth a warning) at one place in one input file."""

    file: str
    message: str
    line: int | None = None
    path: str | None = None

    def __str__(self) -> str:
        if not self.file:
            return self.message
        where = f"{self.file}:{self.line}" if self.line else self.file
        if self.path:
            return f"{where}: {self.path}: {self.message}"
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class Location:
    """Where a piece of content came from, so errors found later (when drawing) can still
    point at the line the user wrote."""

    file: str
    line: int | None = None
    path: str | None = None

    def problem(self, message: str) -> Problem:
        return Problem(self.file, message, line=self.line, path=self.path)


MAX_REPORTED = 100
"""Most problems reported for one file: past that they are counted, not listed (a file of
300,000 wrong values would otherwise print 300,000 lines)."""


class PnpError(Exception):
    """Input the toolkit cannot use; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem] | Problem | str):
        if isinstance(problems, str | Problem):
            problems = [problems]
        self.problems = [p if isinstance(p, Problem) else Problem("", str(p))
                         for p in problems]
        super().__init__("\n".join(str(p) for p in self.problems))


class DataError(PnpError):
    """A data file, layout or game record is unreadable or does not match its schema."""


class SchemaError(DataError):
    """A file that does not match its schema. `usable` is the file with its unknown keys
    dropped when that alone makes it valid (else None): the checks that need a valid file
    can still run on it, so a typo'd key does not hide the file's other problems."""

    def __init__(self, problems: list[Problem], usable=None):
        super().__init__(problems)
        self.usable = usable


class FitError(PnpError):
    """A text cannot be drawn in its box: too long at the minimum size, or a glyph is missing."""


class OutputError(PnpError):
    """An output file or folder cannot be written (a file in the way, no space, no right)."""


class UsageError(PnpError):
    """Command-line options that contradict each other or name unknown things."""
