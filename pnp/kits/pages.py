"""The words of the HTML pages in one language: `data/pages/strings.<lang>.json`.

The pages a build leaves (the gallery, `output/index.html`) speak the build's language, as
its PDFs do, from one catalogue per language beside the games' strings files. A language
without a catalogue of its own gets the English one, and the caller is told so; each
language names itself (`language_name`: Italiano) for the language pickers.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from pnp.content import paths
from pnp.content.sources import load_source
from pnp.errors import DataError, Problem

FOLDER = "pages"
KIND = "pages-strings"
ENGLISH = "en"


@dataclass(frozen=True)
class PageWords:
    """One language's catalogue: `said` its value; `missing` a problem when the language
    has none and these are the English words."""

    language: str
    said: dict
    missing: Problem | None = None

    def __getitem__(self, key: str) -> dict:
        return self.said[key]

    def count(self, table: dict, n: int, **values) -> str:
        """A `{"one": …, "other": …}` text for `n`."""
        return table["one" if n == 1 else "other"].format(n=n, **values)


def catalogue_path(lang: str, data_dir: Path | None = None) -> Path:
    return (data_dir or paths.data_dir()) / FOLDER / f"strings.{lang}.json"


def page_words(lang: str | None, data_dir: Path | None = None) -> PageWords:
    """The pages' words in `lang` (None: English), from `data_dir` when it has them, else
    the shipped ones; English ones, with `missing` said, for a language with neither."""
    lang = lang or ENGLISH
    for folder in dict.fromkeys((data_dir, None)):
        path = catalogue_path(lang, folder)
        if path.is_file():
            return PageWords(lang, _read(path))
    english = page_words(ENGLISH, data_dir)
    return PageWords(ENGLISH, english.said, Problem(
        str(catalogue_path(lang, data_dir)),
        f"no words for the pages in {lang!r}: the gallery is in English"))


def _read(path: Path) -> dict:
    return load_source(path, KIND).value


def language_names(data_dir: Path | None = None) -> dict[str, str]:
    """Each language that has a catalogue, by code: its name in itself (a catalogue that
    cannot be read is left out: a page names that language by its code)."""
    names = {}
    for folder in dict.fromkeys((None, data_dir)):
        root = (folder or paths.data_dir()) / FOLDER
        for path in sorted(root.glob("strings.*.json")) if root.is_dir() else ():
            lang = path.name.removeprefix("strings.").removesuffix(".json")
            with suppress(DataError):
                names[lang] = _read(path)["language_name"]
    return names
