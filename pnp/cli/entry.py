"""Questions at the table for `pnp check --new`: one way in for every answer, and the
answer parsers the entry flows share.

Answers come first from a resumed transcript, then from the terminal (line editing and
history: prompt_toolkit) or from piped input, one per line. Every accepted answer is kept
in `Entry.answers`, so an entry that is interrupted (Ctrl-C) or whose input ends early can
be saved and resumed. What was typed is shown back with control characters escaped (a
replayed or piped answer cannot send escape sequences to the terminal), and an answer the
record's own check would refuse (a tab in a name, a number too long to read back) is
refused at the prompt and asked again.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import typer

from pnp.cli.app import shown
from pnp.content.jsonfile import MAX_NUMBER_CHARS
from pnp.content.schemas import definition_problem


class Entry:
    """The questions' one way in and out (see the module docstring)."""

    def __init__(self, replay: list[str] | None = None, terminal: bool | None = None):
        self.replay = list(replay or [])
        self.answers: list[str] = []
        self.terminal = sys.stdin.isatty() if terminal is None else terminal
        self._session = None

    def note(self, text: str) -> None:
        typer.echo(text, err=True)

    def ask(self, text: str, parse: Callable[[str], Any], default: str | None = None,
            hint: Callable[[str], str | None] | None = None) -> Any:
        """Prompt until `parse` accepts the answer; its ValueError is shown and the
        question asked again. `hint` (live, on a terminal) says what is wrong so far."""
        shown = f"{text} [{default}]: " if default else f"{text}: "
        while True:
            try:
                raw = self._line(shown, hint)
                value = parse((raw or default or "").strip())
            except ValueError as exc:
                self.note(f"Error: {exc}")
                self.replay.clear()  # a resumed answer no longer fits: ask from here on
                continue
            self.answers.append(raw)
            return value

    def confirm(self, text: str, default: bool = False) -> bool:
        def parse(raw: str) -> bool:
            if not raw:
                return default
            if raw.lower() in ("y", "yes"):
                return True
            if raw.lower() in ("n", "no"):
                return False
            raise ValueError("answer y or n")
        return self.ask(f"{text} [{'Y/n' if default else 'y/N'}]", parse)

    def _line(self, prompt: str, hint: Callable[[str], str | None] | None) -> str:
        if self.replay:
            answer = self.replay.pop(0)
            self.note(f"{prompt}{shown(answer)}")
            return answer
        if self.terminal:
            return self._edited_line(prompt, hint)
        sys.stderr.write(prompt)
        sys.stderr.flush()
        answer = _piped_line()
        self.note(shown(answer))
        return answer

    def _edited_line(self, prompt: str, hint: Callable[[str], str | None] | None) -> str:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.output import create_output

        if self._session is None:
            self._session = PromptSession(output=create_output(stdout=sys.stderr))
        session = self._session
        toolbar = (lambda: hint(session.default_buffer.text) or "") if hint else None
        return session.prompt(prompt, bottom_toolbar=toolbar)


def _piped_line() -> str:
    """One line of piped input; EOFError at its end, ValueError (asked again) for bytes
    that are not UTF-8 — a record is UTF-8 text, and a guess would change what was
    typed."""
    stream = getattr(sys.stdin, "buffer", None)
    line = stream.readline() if stream is not None else sys.stdin.readline()
    if not line:
        raise EOFError
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            sys.stderr.write("\n")
            raise ValueError(f"the answer is not UTF-8 text (byte 0x{line[exc.start]:02x} "
                             f"at position {exc.start + 1}); type it again") from None
    return line.rstrip("\r\n")


def range_text(bounds: tuple[int, int]) -> str:
    low, high = bounds
    return str(low) if low == high else f"{low}-{high}"


def names_parser(bounds: tuple[int, int]) -> Callable[[str], list[str]]:
    """Player names separated by commas: each a valid record name, all different, as
    many as the game takes."""
    def parse(raw: str) -> list[str]:
        names = [n.strip() for n in raw.split(",") if n.strip()]
        for name in names:
            problem = definition_problem("common", "name", name)
            if problem:
                raise ValueError(f"{shown(name)}: {problem}")
        if len(set(names)) != len(names):
            raise ValueError("each player needs a different name")
        if not bounds[0] <= len(names) <= bounds[1]:
            raise ValueError(f"this game is for {range_text(bounds)} players, "
                             f"not {len(names)}")
        return names
    return parse


def int_parser(low: int, high: int | None = None, blank: bool = False):
    """A whole number in [low, high]; one the record reader could not read back (more
    than MAX_NUMBER_CHARS characters) is refused here already."""
    def parse(raw: str) -> int | None:
        if blank and not raw:
            return None
        if len(raw) > MAX_NUMBER_CHARS:
            raise ValueError(f"a number of {len(raw)} characters; at most "
                             f"{MAX_NUMBER_CHARS}")
        try:
            value = int(raw)
        except ValueError:
            raise ValueError(f"'{shown(raw)}' is not a whole number") from None
        if value < low or (high is not None and value > high):
            raise ValueError(f"expected {low}-{high}" if high is not None
                             else f"expected at least {low}")
        return value
    return parse


def one_of(options: list[str]) -> Callable[[str], str]:
    def parse(raw: str) -> str:
        if raw not in options:
            raise ValueError(f"expected one of: {', '.join(options)}")
        return raw
    return parse


def claims(entry: Entry, players: list[str]) -> dict:
    """The totals the players wrote down (blank: none), as a record's `claimed`."""
    claimed = {p: entry.ask(f"{p}'s total as written down (blank: none)",
                            int_parser(-10**MAX_NUMBER_CHARS, blank=True), default="")
               for p in players}
    claimed = {p: v for p, v in claimed.items() if v is not None}
    return {"claimed": claimed} if claimed else {}
