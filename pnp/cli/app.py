"""The typer application and the one place library errors become exit status 2."""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer

from pnp.errors import MAX_REPORTED, PnpError, Problem

app = typer.Typer(
    name="pnp",
    help="Print-and-play kits and score checking for four majority games.\n\n"
    "Example: pnp build majority --paper letter",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def one_line_summaries() -> None:
    """Shape every command's help for click's plain formatter (no rich: it cost 65 ms of
    every start-up, half of `pnp --help`). A command's summary in `pnp --help` is its
    docstring's first paragraph on one line (a docstring wrapped at the source's width was
    listed as ragged half-lines; a group's was cut at 45 characters), and each "Example:"
    paragraph is printed as one line, never rewrapped: click breaks long lines at hyphens,
    which turned `keep-gold-bet` into a command nobody can copy."""
    infos = [*app.registered_commands, *app.registered_groups]
    for group in app.registered_groups:
        if group.typer_instance is not None:
            infos += group.typer_instance.registered_commands
    for info in infos:
        if callable(getattr(info, "callback", None)):
            name_values(info.callback)
        source = _given(info.help) or (info.callback.__doc__ if info.callback else None)
        if source is None and getattr(info, "typer_instance", None) is not None:
            source = _given(info.typer_instance.info.help)
        if not source:
            continue
        text = inspect.cleandoc(source)
        if _given(info.short_help) is None:
            info.short_help = " ".join(text.split("\n\n")[0].split())
        info.help = "\n\n".join(_verbatim_example(part) for part in text.split("\n\n"))


# What an option's value is, in the capitals users know from other tools' help; typer's
# own click prints the Python type instead (`--out <path_value>`, `--paper <str>`).
_METAVARS = {"Path": "PATH", "str": "TEXT", "float": "NUMBER", "int": "INTEGER"}


def name_values(callback: Any) -> None:
    """Give each option of `callback` that names no metavar of its own one that says what
    its value is (PATH, TEXT, NUMBER, INTEGER), from the parameter's annotation."""
    from typer.models import OptionInfo

    for parameter in inspect.signature(callback).parameters.values():
        info = parameter.default
        if not isinstance(info, OptionInfo) or info.metavar is not None:
            continue
        annotation = parameter.annotation
        name = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
        inner = re.fullmatch(r"(?:list|List)\[(\w+)\]|(\w+)(?: \| None)?", str(name))
        key = (inner.group(1) or inner.group(2)) if inner else None
        if key in _METAVARS:
            info.metavar = _METAVARS[key]


def _given(value: Any) -> Any:
    """`value`, or None for typer's "not given" placeholder."""
    from typer.models import DefaultPlaceholder

    return None if isinstance(value, DefaultPlaceholder) else value


def _verbatim_example(paragraph: str) -> str:
    if not paragraph.startswith("Example:"):
        return paragraph
    return "\b\n" + " ".join(paragraph.split())


# C0 and C1 control characters, bidirectional overrides and isolates (which can make a
# terminal show text in another order) and lone surrogates (which cannot be encoded).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069"
                     "\ud800-\udfff]")


def shown(text: str) -> str:
    """`text` safe to print on a terminal: every control character (ESC of an escape
    sequence included) and every lone surrogate written as a visible escape (`\\x1b`)."""
    return _UNSAFE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def say(text: str, err: bool = False) -> None:
    """Print one line of a human-readable report, control characters escaped."""
    typer.echo(shown(text), err=err)


MAX_LINE = 2000
"""Longest problem line printed whole. A message quotes what the input holds (a word, a
value): a one-word 5 MB word list printed 25 MB of warnings and errors."""


def clipped(line: str, limit: int = MAX_LINE) -> str:
    """`line`, or its start and end around a note of how much was left out: the start
    says where, the end what to do."""
    if len(line) <= limit:
        return line
    keep = limit // 2
    return f"{line[:keep]} … ({len(line) - 2 * keep:,} characters left out) … {line[-keep:]}"


def print_problems(problems: list[Problem], label: str = "error") -> None:
    """Each problem on a line, at most MAX_REPORTED per file; the rest of a file's are
    counted in one line after them."""
    shown_per_file: dict[str, int] = {}
    for problem in problems:
        count = shown_per_file[problem.file] = shown_per_file.get(problem.file, 0) + 1
        if count <= MAX_REPORTED or not problem.file:
            say(clipped(f"{label}: {problem}"), err=True)
    for file, count in shown_per_file.items():
        if count > MAX_REPORTED and file:
            say(f"{label}: {file}: {count - MAX_REPORTED} more not shown", err=True)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the library's PnpError into messages on stderr and exit status 2."""
    try:
        yield
    except PnpError as exc:
        print_problems(exc.problems)
        raise typer.Exit(2) from None


def is_terminal() -> bool:
    return sys.stderr.isatty()
