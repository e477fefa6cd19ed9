"""The `pnp` command line: a thin typer layer, one module per verb, over the library."""

from pnp.cli import (  # noqa: F401  (each module registers its command)
    build,
    check,
    export,
    games,
    play,
    printer,
    schema,
    serve,
    simulate,
    validate,
)
from pnp.cli.app import app, one_line_summaries

one_line_summaries()


def main() -> None:
    app()


__all__ = ["app", "main"]
