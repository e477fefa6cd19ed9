"""`pnp check`: recompute the scores of a real game from a hand-entered record."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import typer

from pnp.cli.app import app, user_errors
from pnp.cli.options import path_value
from pnp.errors import PnpError, UsageError


@app.command("check")
def check_command(
    file: Path = typer.Argument(None, help="The game record (JSON).", parser=path_value),
    game: str = typer.Option(None, "--game", help="The record's game, if it has no \"game\" "
                             "field: majority, majority2, majority-rules or d20-stacks."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
    rule: list[str] = typer.Option(None, "--rule", metavar="NAME=VALUE",
                                   help="A rule option, overriding the record's \"rules\" "
                                   "(repeatable), e.g. --rule target=30."),
    new: str = typer.Option(None, "--new", metavar="GAME",
                            help="Enter a record at the table, step by step, then check it."),
    out: Path = typer.Option(None, "--out", help="With --new: where to write the record "
                             "(default: GAME-record.json).", parser=path_value),
    log: bool = typer.Option(False, "--log", help="With --new majority2: take down the "
                             "whole game, round by round, choosing among the legal moves."),
    resume: Path = typer.Option(None, "--resume", metavar="FILE",
                                help="Go on with an entry interrupted by Ctrl-C or ended "
                                "early (--log ones too): replay the answers it saved in "
                                "FILE, then ask the rest.", parser=path_value),
) -> None:
    """Check a game record: recompute the scores, name the winners, list every mistake.

    Exit status 0: the record is legal and every claim matches.

    Exit status 1: a rule is broken or a claim is wrong (each problem is listed).

    Exit status 2: the record cannot be read or does not match its schema.

    Example: pnp check data/examples/majority2-mistakes.json --json

    Example: pnp check --new majority-rules --out tonight.json

    Example: pnp check --new majority2 --log --out tonight.json

    Example: pnp check --resume tonight.answers.json
    """
    from pnp.check import check_file
    from pnp.cli.check_new import enter_record
    from pnp.cli.check_report import print_report

    with user_errors(), _refusal_as_json(as_json):
        _reject_conflicts(file, game, new or resume, out)
        if log and not (new or resume):
            raise UsageError("--log goes with --new majority2: a whole game, play by play")
        if new or resume:
            file = enter_record(new or game, out, rule or [], resume, log)
        verdict = check_file(file, game, rule or [])
    if as_json:
        typer.echo(json.dumps(verdict.to_json(), indent=2, ensure_ascii=False))
    else:
        print_report(verdict)
    raise typer.Exit(0 if verdict.ok else 1)


@contextmanager
def _refusal_as_json(as_json: bool) -> Iterator[None]:
    """With --json, input that cannot be checked still prints one JSON document on
    standard output (`ok` false, each problem with its file, line and path), beside the
    messages on standard error and exit status 2."""
    try:
        yield
    except PnpError as exc:
        if as_json:
            from pnp.check import refusal_json

            typer.echo(json.dumps(refusal_json(exc.problems), indent=2, ensure_ascii=False))
        raise


def _reject_conflicts(file: Path | None, game: str | None, new: str | Path | None,
                      out: Path | None) -> None:
    """Options that contradict each other are refused before any work (`new` is
    --new GAME or --resume FILE)."""
    if new and file is not None:
        raise UsageError("give either a record FILE or --new GAME / --resume FILE, not both")
    if isinstance(new, str) and game and game != new:
        raise UsageError(f"--game {game} and --new {new} name different games")
    if not new and file is None:
        raise UsageError("give a record FILE to check, or --new GAME to enter one")
    if out is not None and not new:
        raise UsageError("--out only goes with --new or --resume")
