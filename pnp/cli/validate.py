"""`pnp validate`: check data files, word lists, layouts and game records."""

from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli import options as opt
from pnp.cli.app import app, print_problems, say, user_errors


@app.command("validate")
def validate_command(
    paths: list[Path] = typer.Argument(None, help="Files or folders; none: all shipped data.",
                                       parser=opt.path_value),
    data: Path = typer.Option(None, "--data", help="Game data folder to check against.",
                              parser=opt.path_value),
    font: Path = opt.FONT,
    font_bold: Path = opt.FONT_BOLD,
    font_italic: Path = opt.FONT_ITALIC,
    font_bold_italic: Path = opt.FONT_BOLD_ITALIC,
) -> None:
    """Validate data files, word lists (.json/.txt/.csv), layouts and game records.

    Every problem is listed as file:line: message or file: $.json.path: message.
    Exit status 0 when all files are valid, 2 otherwise.

    Word lists and promo cards are checked against the fonts `pnp build` would use: give
    the same --font options as for the build.

    Example: pnp validate my-words.txt data/examples/

    Example: pnp validate greek-words.txt --font fonts/NotoSans/
    """
    from pnp.content.paths import folder_problem
    from pnp.errors import UsageError
    from pnp.render.fonts import font_family, font_set
    from pnp.validate import validate_paths

    with user_errors():
        if data is not None and folder_problem(data):  # was a traceback when unreadable
            raise UsageError(f"--data {data}: {folder_problem(data)}")
        family = font_family(font, font_bold, font_italic, font_bold_italic)
        if family is not None:
            font_set(family)  # a bad font file is a usage error, before any data
    reports = validate_paths(paths or [], data, family)
    for report in reports:
        print_problems(report.warnings, "warning")
        if report.ok:
            say(f"ok  {report.path}  ({report.kind})")
        else:
            print_problems(report.problems)
    bad = sum(not r.ok for r in reports)
    if bad:
        typer.echo(f"{bad} of {len(reports)} file(s) invalid", err=True)
        raise typer.Exit(2)
