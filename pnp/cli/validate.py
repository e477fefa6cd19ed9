"""`pnp validate`: check data files, word lists, layouts and game records."""

from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli.app import app, print_problems


@app.command("validate")
def validate_command(
    paths: list[Path] = typer.Argument(None, help="Files or folders; none: all shipped data."),
    data: Path = typer.Option(None, "--data", help="Game data folder to check against."),
) -> None:
    """Validate data files, word lists (.json/.txt/.csv), layouts and game records.

    Every problem is listed as file:line: message or file: $.json.path: message.
    Exit status 0 when all files are valid, 2 otherwise.

    Example: pnp validate my-words.txt data/examples/
    """
    from pnp.validate import validate_paths

    reports = validate_paths(paths or [], data)
    for report in reports:
        print_problems(report.warnings, "warning")
        if report.ok:
            typer.echo(f"ok  {report.path}  ({report.kind})")
        else:
            print_problems(report.problems)
    bad = sum(not r.ok for r in reports)
    if bad:
        typer.echo(f"{bad} of {len(reports)} file(s) invalid", err=True)
        raise typer.Exit(2)
