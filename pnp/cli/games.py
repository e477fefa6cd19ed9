"""`pnp games`: the games, every component a build prints, and how many of each."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pnp.cli.app import app, user_errors
from pnp.cli.options import path_value


@app.command("games")
def games_command(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    data: Path = typer.Option(None, "--data", help="Read game data from this folder.",
                              parser=path_value),
) -> None:
    """List the games, the languages each kit can be built in (`pnp build --lang`), and
    every component `pnp build -c` accepts: cards and pieces with their counts (from the
    data files), player aids, rule sheets, quick references and score pads, and the PDF
    files that hold each in English (`--lang xx` adds -xx to each name).

    Example: pnp games --json
    """
    from pnp.games import GAMES
    from pnp.kits.build import buildable_components
    from pnp.kits.languages import languages
    from pnp.kits.request import BuildRequest

    with user_errors():
        request = BuildRequest(data_dir=data)
        listing = [
            {"id": g.id, "title": g.title, "players": list(g.players),
             "languages": languages(g.id, data),
             "components": [{"id": c.id, "count": c.count, "title": c.title,
                             "files": [f"{stem}.pdf" for stem in c.files]}
                            for c in buildable_components(g.id, request)]}
            for g in GAMES.values()
        ]
    if as_json:
        typer.echo(json.dumps({"games": listing}, indent=2, ensure_ascii=False))
        return
    width = max(len(c["title"]) for g in listing for c in g["components"])
    for game in listing:
        low, high = game["players"]
        players = f"{low}" if low == high else f"{low}-{high}"
        typer.echo(f"{game['id']}  {game['title']} ({players} players; "
                   f"languages: {', '.join(game['languages'])})")
        for comp in game["components"]:
            typer.echo(f"  {comp['id']:<20} {comp['count']:>4}  {comp['title']:<{width}}  "
                       f"{', '.join(comp['files'])}".rstrip())
