"""`pnp schema NAME`: print a JSON Schema for editors and scripts."""

from __future__ import annotations

import json

import typer

from pnp.cli.app import app, user_errors


@app.command("schema")
def schema_command(
    name: str = typer.Argument(None, help="Schema name, e.g. result-majority2. "
                               "Omit to list the names."),
) -> None:
    """Print the JSON Schema called NAME (self-contained, draft 2020-12).

    Example: pnp schema result-majority2 > result-majority2.schema.json
    """
    from pnp.content.schemas import bundled_schema, schema_names

    if name is None:
        typer.echo("\n".join(n for n in schema_names() if n != "common"))
        return
    with user_errors():
        typer.echo(json.dumps(bundled_schema(name), indent=2, ensure_ascii=False))
