"""What a build is asked for and what it plans: the types shared by the build planner and
the documents, kit and export jobs, kept below all of them so none imports another's
internals (the planner imports the documents, which only need these types)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.games import GAMES
from pnp.render.decks import FileSummary, PrintOptions
from pnp.render.fonts import FontFamily


@dataclass(frozen=True)
class BuildRequest:
    """Everything a build depends on; the CLI fills it from its options."""

    games: tuple[str, ...] = ()
    components: tuple[str, ...] = ()
    out_dir: Path = Path("output")
    options: PrintOptions = field(default_factory=PrintOptions)
    data_dir: Path | None = None
    templates_dir: Path | None = None
    words: Path | None = None
    promos: tuple[Path, ...] = ()
    font: FontFamily | Path | None = None
    dice: str = "nets"
    art_dir: Path | None = None
    # The kit's language (`--lang`): its word list and card texts, its documents only, and
    # "-<lang>" in every file name but English's. None: English cards, every document.
    lang: str | None = None

    @property
    def game_ids(self) -> tuple[str, ...]:
        return self.games or tuple(GAMES)

    @property
    def print_options(self) -> PrintOptions:
        """The options with the art cache under the output folder (rebuilds reuse it)."""
        return replace(self.options, art_cache=self.out_dir / ART_CACHE)


ART_CACHE = Path(".cache") / "art"


@dataclass(frozen=True)
class PlannedFile:
    """One output file: where it goes, the component ids it holds, and how to make it."""

    game: str
    path: Path
    components: tuple[str, ...]
    write: Callable[[Callable[[], None] | None], FileSummary]
    check: Callable[[], list] = lambda: []
    printables: tuple = ()
    data: Callable[[], bytes] | None = None
