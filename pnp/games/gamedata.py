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
from pnp.errors import DataError, Problem, SchemaError
from pnp.games import get_game


def load_content(
    game_id: str,
    data_dir: Path | None = None,
    overrides: dict[str, Any] | None = None,
    custom_promos: list[Path] | None = None,
) -> Any:
    """The typed content of `game_id`. `overrides` swaps single files by key (e.g.
    `{"words": Path("my.txt")}`), or gives one already read (a WordList, a JsonDoc:
    validation checks a file it has read in the context of its game); `custom_promos`
    adds promo card files (majority2)."""
    game = get_game(game_id)
    folder = (data_dir or paths.data_dir()) / game.id
    overrides = overrides or {}
    sources: dict[str, Any] = {}
    problems: list[Problem] = []
    usable = True  # every file readable, if only with its unknown keys dropped

    def read(path: Path, kind: str) -> Any:
        nonlocal usable
        try:
            return load_source(path, kind)
        except DataError as exc:
            problems.extend(exc.problems)
            pruned = exc.usable if isinstance(exc, SchemaError) else None
            usable = usable and pruned is not None
            return pruned

    for data_file in game.data_files:
        path = overrides.get(data_file.key, folder / data_file.filename)
        sources[data_file.key] = read(path, data_file.kind) if isinstance(path, Path) \
            else path
    if custom_promos:
        sources["custom_promos"] = [read(path, "majority2-cards") for path in custom_promos]
    if problems and usable:
        try:  # what else is wrong across the files, so it is all reported at once
            game.make_content(sources)
        except DataError as exc:
            problems += exc.problems
    if problems:
        raise DataError(problems)
    return game.make_content(sources)
