"""The game registry: `GAMES[id]` for each of the four games, in a stable order."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from pnp.errors import UsageError
from pnp.games.base import Component, DataFile, Game


class _Registry(Mapping):
    """Game id -> Game, in a stable order; a game's module is imported on first use, so a
    command about one game does not load the other three."""

    def __init__(self, modules: dict[str, str]):
        self._modules = modules
        self._games: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        if game_id not in self._games:
            self._games[game_id] = import_module(self._modules[game_id]).GAME
        return self._games[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._modules


GAMES: Mapping[str, Game] = _Registry({
    "majority": "pnp.games.majority",
    "majority2": "pnp.games.majority2",
    "majority-rules": "pnp.games.majority_rules",
    "d20-stacks": "pnp.games.d20_stacks",
})


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
