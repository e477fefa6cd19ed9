"""What every game module declares, so generic code (validate, games, build, check) can
treat the four games alike and a fifth game only touches `games/` and `data/`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class DataFile:
    """One data file a game reads: its key in the sources dict, file name and schema."""

    key: str
    filename: str
    kind: str


@dataclass(frozen=True)
class Component:
    """A printed component as `pnp games` lists it: id, how many pieces, a human title."""

    id: str
    count: int
    title: str


@dataclass(frozen=True)
class Game:
    """A game's declaration. The callables are pure: parsed sources in, typed values out.

    The playing side (rules engine, bots, checker, record writer) lives in the module named
    by `play` and is imported on first use: a build or an export never loads an engine."""

    id: str
    title: str
    players: tuple[int, int]
    data_files: tuple[DataFile, ...]
    make_content: Callable[[dict[str, Any]], Any]
    components: Callable[[Any], list[Component]]
    # What gets printed: content + print options -> list of render.model.Deck (the card kits).
    decks: Callable[..., list] | None = None
    # The module (`pnp.games.<game>.play`) defining CHECKER, ENGINE, BOTS, BASELINE,
    # STRONG and TO_RECORD.
    play: str | None = None
    # The words printed around the pieces (render.sheets.SheetWords) in the content's
    # language; None: the title and the English words.
    sheet_words: Callable[[Any], Any] | None = None
    # Keys of the data files that exist once per language (`words.it.json`): a language of
    # the game needs each of them (see kits/languages.py).
    localized: tuple[str, ...] = ()

    def data_file(self, key: str) -> DataFile:
        return next(f for f in self.data_files if f.key == key)

    def _played(self, name: str, default: Any = None) -> Any:
        if self.play is None:
            return default
        return getattr(import_module(self.play), name)

    @property
    def checker(self) -> Any:
        """The score checker's entry point for this game's records (see pnp/check.py)."""
        return self._played("CHECKER")

    @property
    def engine(self) -> Any:
        """The rules engine module (pnp/games/<game>/engine.py: ENGINE, make_config)."""
        return self._played("ENGINE")

    @property
    def bots(self) -> Mapping[str, Callable[..., Any]]:
        """Bots by name (name -> factory(options) -> engine.Bot), for replay and simulate."""
        return self._played("BOTS", {})

    @property
    def baseline_bot(self) -> str:
        """The game's best rule-of-thumb bot (`greedy` for The Majority 2): what a search
        bot is measured against (`pnp simulate --ladder`)."""
        return self._played("BASELINE", "random")

    @property
    def strong_bot(self) -> str:
        """The game's strongest bot as measured (`make bench`'s bots table): who `pnp play`
        sits a person against unless told."""
        return self._played("STRONG", "random")

    @property
    def to_record(self) -> Callable[..., dict] | None:
        """A played game as the record `pnp check` reads: (config, PlayedGame, names) ->
        dict. Apart from the engine because a record format builds on the engine."""
        return self._played("TO_RECORD")
