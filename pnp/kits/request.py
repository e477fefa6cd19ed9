"""What a build is asked for and what it plans: the types shared by the build planner and
the documents, kit and export jobs, kept below all of them so none imports another's
internals (the planner imports the documents, which only need these types)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from pnp.content.output import write_files
from pnp.games import GAMES
from pnp.render.decks import FileSummary, PrintOptions
from pnp.render.fonts import FontFamily
from pnp.render.layout import LayoutSet, layout_set


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
    # The kit's language (`--lang`): its word list and card texts, its documents, and
    # "-<lang>" in every file name but English's. None: English. "all" (languages.ALL):
    # the kit in every language its game speaks, each as that language's build makes it.
    lang: str | None = None
    checker_url: str | None = None  # `pnp serve`'s address: a QR code on each score pad

    @property
    def game_ids(self) -> tuple[str, ...]:
        return self.games or tuple(GAMES)

    @cached_property
    def layouts(self) -> LayoutSet:
        """The request's layouts, read once and shared by planning, checking, drawing and
        the reports (each LayoutSet reads and resolves its files on first use)."""
        return layout_set(self.templates_dir)

    @cached_property
    def contents(self) -> dict:
        """Each game's content as loaded for this request (with its words and promos), by
        game id and language: the warnings, the plan and the reports read the same files
        once."""
        return {}

    def in_language(self, lang: str | None) -> BuildRequest:
        """The same request for one language of an `--lang all` build, sharing the
        layouts read and the contents loaded (the same object when `lang` is its own)."""
        if lang == self.lang:
            return self
        one = replace(self, lang=lang)
        one.__dict__["layouts"] = self.layouts  # cached_property keeps its value there
        one.__dict__["contents"] = self.contents
        return one

    @property
    def print_options(self) -> PrintOptions:
        """The options with the art cache under the output folder (rebuilds reuse it)."""
        return replace(self.options, art_cache=self.out_dir / ART_CACHE)


ART_CACHE = Path(".cache") / "art"


@dataclass(frozen=True)
class Rendered:
    """A file drawn in memory: its bytes and what it holds, written out later in one go."""

    data: bytes
    summary: FileSummary


@dataclass(frozen=True)
class PlannedFile:
    """One output file: where it goes, the component ids it holds, and how to make it.

    `render` draws the file in memory once its `check` has passed; the build writes the
    bytes. Files of stage 2 (the packed kit) use stage-1 results (the documents' bytes),
    which the build hands back to their files through `keep` when they were drawn in
    another process; they are made in two steps, `finish(part())` being `render()`: a
    worker process draws `part` (the kit's sheets), and the build's own process finishes
    it with the documents once they are back (the join)."""

    game: str
    path: Path
    components: tuple[str, ...]
    render: Callable[[], Rendered]
    check: Callable[[], list] = lambda: []
    printables: tuple = ()
    data: Callable[[], bytes] | None = None
    keep: Callable[[Rendered], None] | None = None
    stage: int = 1
    part: Callable[[], object] | None = None
    finish: Callable[[object], Rendered] | None = None

    def write(self, progress: Callable[[], None] | None = None) -> FileSummary:
        """Draw the file and put it in place atomically."""
        rendered = self.render()
        write_rendered(self.path, rendered)
        if progress:
            progress()
        return rendered.summary


def write_rendered(path: Path, rendered: Rendered) -> None:
    write_files([(path, rendered.data)])
