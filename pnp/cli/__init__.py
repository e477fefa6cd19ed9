"""The `pnp` command line: a thin typer layer, one module per verb, over the library."""

from pnp.cli import build, check, games, schema, validate  # noqa: F401  (each registers a command)
from pnp.cli.app import app


def main() -> None:
    app()


__all__ = ["app", "main"]
