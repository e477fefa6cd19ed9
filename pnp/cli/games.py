"""`pnp games`: the games, their printed components and how many of each."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pnp.cli.app import app, user_errors


@app.command("games")
def games_command(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    data: Path = typer.Option(None, "--data", help="Read game data from this folder."),
) -> None:
    """List the games, their components and counts (from the data files).

    Example: pnp games --json
    """
    from pnp.gamedata import load_content
    from pnp.games import GAMES

    with user_errors():
        listing = [
            {"id": g.id, "title": g.title, "players": list(g.players),
             "components": [{"id": c.id, "count": c.count, "title": c.title}
                            for c in g.components(load_content(g.id, data))]}
            for g in GAMES.values()
        ]
    if as_json:
        typer.echo(json.dumps({"games": listing}, indent=2, ensure_ascii=False))
        return
    for game in listing:
        low, high = game["players"]
        players = f"{low}" if low == high else f"{low}-{high}"
        typer.echo(f"{game['id']}  {game['title']} ({players} players)")
        for comp in game["components"]:
            typer.echo(f"  {comp['id']:<20} {comp['count']:>4}  {comp['title']}")
