"""The typer application and the one place library errors become exit status 2."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import typer

from pnp.errors import PnpError, Problem

app = typer.Typer(
    name="pnp",
    help="Print-and-play kits and score checking for four majority games.\n\n"
    "Example: pnp build majority --paper letter",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def print_problems(problems: list[Problem], label: str = "error") -> None:
    for problem in problems:
        typer.echo(f"{label}: {problem}", err=True)


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
