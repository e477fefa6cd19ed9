"""`pnp build`: print-ready PDFs for one or more games."""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

import typer

from pnp.build import BuildRequest, plan_build, run_build
from pnp.cli.app import app, is_terminal, user_errors
from pnp.render.decks import BACK_MODES, PrintOptions


@app.command("build")
def build_command(
    games: list[str] = typer.Argument(None, help="Games to build (default: all four)."),
    component: list[str] = typer.Option(None, "--component", "-c", help="Only the file "
                                        "holding this component id (see `pnp games`)."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder."),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    backs: str = typer.Option("duplex-long", "--backs", help=" | ".join(BACK_MODES)),
    bleed: float = typer.Option(0.0, "--bleed", help="Bleed in mm (e.g. 3)."),
    crop_marks: bool = typer.Option(True, "--crop-marks/--no-crop-marks"),
    ink_saver: bool = typer.Option(False, "--ink-saver", help="Outlines instead of fills."),
    offset_x: float = typer.Option(0.0, "--offset-x", help="Shift back pages right, mm."),
    offset_y: float = typer.Option(0.0, "--offset-y", help="Shift back pages up, mm."),
    words: Path = typer.Option(None, "--words", help="Word list (.json, .txt, .csv)."),
    font: Path = typer.Option(None, "--font", help="A TTF font for all text."),
    data: Path = typer.Option(None, "--data", help="Game data folder."),
    templates: Path = typer.Option(None, "--templates", help="Layouts/rules folder."),
) -> None:
    """Build print-and-play PDFs into OUT/<game>/ (fronts and mirrored backs, crop marks).

    Example: pnp build majority --paper letter --words my-words.txt --bleed 3
    """
    if backs not in BACK_MODES:
        typer.echo(f"error: --backs must be one of {', '.join(BACK_MODES)}", err=True)
        raise typer.Exit(2)
    options = PrintOptions(paper=paper.lower(), backs=backs, bleed=bleed,
                           crop_marks=crop_marks, ink_saver=ink_saver, offset_x=offset_x,
                           offset_y=offset_y)
    request = BuildRequest(games=tuple(games or ()), components=tuple(component or ()),
                           out_dir=out, options=options, data_dir=data,
                           templates_dir=templates, words=words, font=font)
    with user_errors():
        total = len(plan_build(request))
        with _progress(total) as bar:
            summaries = run_build(request, bar)
    for s in summaries:
        typer.echo(f"{s.path}  {s.pages} page(s)  {s.cards} card(s)")


def _progress(total: int):
    """A rich progress bar on a terminal; nothing when output is piped or captured."""
    if not is_terminal():
        return nullcontext(None)
    return _RichProgress(total)


class _RichProgress:
    def __init__(self, total: int):
        from rich.progress import Progress

        self.progress = Progress(transient=True)
        self.total = total

    def __enter__(self):
        self.progress.start()
        self.task = self.progress.add_task("building", total=self.total)
        return self

    def __exit__(self, *exc):
        self.progress.stop()

    def __call__(self, planned):
        self.progress.update(self.task, description=f"{planned.path}")
        self.progress.advance(self.task)
        return None
