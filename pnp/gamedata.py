"""Load a game's content from a data folder, with the user's overrides applied.

This is the I/O side of `Game.make_content`: it finds the files a game declares, reads and
validates each one, and hands the parsed sources to the game's pure constructor. All
problems across all files are reported together.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.content import paths
from pnp.content.sources import load_source
from pnp.errors import DataError, Problem
from pnp.games import get_game


def load_content(
    game_id: str,
    data_dir: Path | None = None,
    overrides: dict[str, Path] | None = None,
    custom_promos: list[Path] | None = None,
) -> Any:
    """The typed content of `game_id`. `overrides` swaps single files by key (e.g.
    `{"words": Path("my.txt")}`); `custom_promos` adds promo card files (majority2)."""
    game = get_game(game_id)
    folder = (data_dir or paths.data_dir()) / game.id
    overrides = overrides or {}
    sources: dict[str, Any] = {}
    problems: list[Problem] = []
    for data_file in game.data_files:
        path = overrides.get(data_file.key, folder / data_file.filename)
        try:
            sources[data_file.key] = load_source(path, data_file.kind)
        except DataError as exc:
            problems += exc.problems
    if custom_promos:
        sources["custom_promos"] = []
        for path in custom_promos:
            try:
                sources["custom_promos"].append(load_source(path, "majority2-cards"))
            except DataError as exc:
                problems += exc.problems
    if problems:
        raise DataError(problems)
    return game.make_content(sources)
