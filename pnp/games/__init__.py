"""The game registry: `GAMES[id]` for each of the four games, in a stable order."""

from __future__ import annotations

from pnp.errors import UsageError
from pnp.games.base import Component, DataFile, Game


def _load() -> dict[str, Game]:
    from pnp.games import d20_stacks, majority, majority2, majority_rules

    modules = (majority, majority2, majority_rules, d20_stacks)
    return {m.GAME.id: m.GAME for m in modules}


GAMES: dict[str, Game] = _load()


def get_game(game_id: str) -> Game:
    """The game called `game_id`, or a UsageError listing the known ids."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise UsageError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None


def kind_owner(kind: str) -> tuple[Game, DataFile] | None:
    """The game and data file that a schema kind belongs to, if any."""
    for game in GAMES.values():
        for data_file in game.data_files:
            if data_file.kind == kind:
                return game, data_file
    return None


__all__ = ["GAMES", "Component", "DataFile", "Game", "get_game", "kind_owner"]
