"""Which languages a game's kit exists in, and which files make each one.

A language is files, never code. A game with localized data (The Majority: its word list
and card texts) speaks `xx` when each of those files exists as `<stem>.xx.json` beside the
shipped one (`data/majority/words.xx.json`, `strings.xx.json`); its rules, quick reference
and score pad in `xx` are welcome but not required (the English ones stand in, with a
warning). A game whose printed pieces have no words to translate speaks the languages of
its rule sheets (`templates/rules/<game>.xx.md`). English is the primary language: its
files need no code in their names where the game's data file has none (`words.json`), and
its output files carry none (`rules.pdf`); every other language adds `-xx` to each file it
makes (`rules-xx.pdf`, `word-cards-xx.pdf`, `kit-xx.pdf`).

A build makes one language, English unless asked for another (`--lang xx`): a player
prints one. `--lang all` (ALL) makes the whole kit in each language its game speaks.
"""

from __future__ import annotations

import re
from pathlib import Path

from pnp.content import paths
from pnp.errors import Problem, UsageError
from pnp.games import GAMES, get_game

PRIMARY_LANGUAGE = "en"
ALL = "all"
LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$")
_TEXT_NAME = re.compile(r"^(?P<game>[a-z0-9-]+?)\.(?:(?P<quick>quick-reference)\.)?"
                        r"(?P<lang>[a-z]{2,3}(?:-[A-Za-z0-9]{1,8})*)\.md$")


def suffix(lang: str | None) -> str:
    """What a language adds to an output file's name: nothing for English."""
    return "" if lang in (None, PRIMARY_LANGUAGE) else f"-{lang}"


def template_roots(user_templates: Path | None) -> list[Path]:
    """The user's templates folder first (its files win), then the shipped one."""
    shipped = paths.templates_dir()
    if user_templates is None or user_templates.resolve() == shipped.resolve():
        return [shipped]
    return [user_templates, shipped]


def rule_texts(roots: list[Path], game_id: str, quick: bool) -> dict[str, Path]:
    """Language code → rule text (or quick reference), the first root holding a language
    winning; English first, then by code."""
    found: dict[str, Path] = {}
    for root in roots:
        folder = root / "rules"
        for path in sorted(folder.glob(f"{game_id}.*.md")) if folder.is_dir() else ():
            match = _TEXT_NAME.match(path.name)
            if match and match["game"] == game_id and bool(match["quick"]) == quick:
                found.setdefault(match["lang"], path)
    return _primary_first(found)


def score_pads(roots: list[Path], game_id: str) -> dict[str, Path]:
    """Language code → score pad: `<game>.json` is English, `<game>.xx.json` is xx."""
    found: dict[str, Path] = {}
    for root in roots:
        folder = root / "score-pads"
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob(f"{game_id}.*json")):
            lang = path.name.removeprefix(f"{game_id}.").removesuffix("json").rstrip(".")
            lang = lang or PRIMARY_LANGUAGE
            if LANGUAGE_CODE.match(lang):
                found.setdefault(lang, path)
    return _primary_first(found)


def _primary_first(found: dict[str, Path]) -> dict[str, Path]:
    return dict(sorted(found.items(), key=lambda kv: (kv[0] != PRIMARY_LANGUAGE, kv[0])))


def localized_files(game_id: str, lang: str, data_dir: Path | None = None) -> dict[str, Path]:
    """The game's data files in `lang`, by key (The Majority: words and strings); a file
    that does not exist is left out."""
    game = get_game(game_id)
    folder = (data_dir or paths.data_dir()) / game.id
    files = {}
    for key in game.localized:
        data_file = game.data_file(key)
        stem = data_file.filename.split(".", 1)[0]
        path = folder / f"{stem}.{lang}.json"
        if not path.is_file() and lang == PRIMARY_LANGUAGE:
            path = folder / data_file.filename
        if path.is_file():
            files[key] = path
    return files


def languages(game_id: str, data_dir: Path | None = None,
              templates_dir: Path | None = None) -> list[str]:
    """Every language the game's kit can be built in: each of its localized data files
    exists in it, or (a game without any) its rule sheet does."""
    game = get_game(game_id)
    if not game.localized:
        return list(rule_texts(template_roots(templates_dir), game_id, quick=False))
    folder = (data_dir or paths.data_dir()) / game.id
    stem = game.data_file(game.localized[0]).filename.split(".", 1)[0]
    named = {p.name.removeprefix(f"{stem}.").removesuffix(".json")
             for p in folder.glob(f"{stem}.*.json")} if folder.is_dir() else set()
    candidates = {lang for lang in named | {PRIMARY_LANGUAGE} if LANGUAGE_CODE.match(lang)}
    spoken = {lang: folder for lang in candidates
              if len(localized_files(game_id, lang, data_dir)) == len(game.localized)}
    return list(_primary_first(spoken))


def document_language(found: dict[str, Path], lang: str | None) -> str:
    """The language a document is built in for `--lang` (None: English): that one when
    it exists, else English."""
    return lang if lang in found else PRIMARY_LANGUAGE


def others_note(game_ids: tuple[str, ...], data_dir: Path | None = None,
                templates_dir: Path | None = None) -> str | None:
    """What a build without `--lang` says first when the games asked for exist in more
    languages than English: that it builds English, and how to get the others."""
    more: dict[str, list[str]] = {}
    for game_id in game_ids:
        others = [lang for lang in languages(game_id, data_dir, templates_dir)
                  if lang != PRIMARY_LANGUAGE]
        if others:
            more.setdefault(", ".join(others), []).append(game_id)
    if not more:
        return None
    also = "; ".join(f"{', '.join(games)} also in {langs}" for langs, games in more.items())
    return (f"building in English ({also}): --lang LANG builds one of them, "
            "--lang all every language")


def check_language(lang: str, game_ids: tuple[str, ...], data_dir: Path | None = None,
                   templates_dir: Path | None = None, every: bool = False) -> None:
    """UsageError unless every game asked for can be built in `lang`, saying which
    languages each one has. `every`: ALL is welcome too (a build: each game in every
    language it has); elsewhere it is refused, as one language is needed."""
    if lang == ALL and every:
        return
    if lang == ALL:
        raise UsageError("--lang all builds a kit in every language; this takes one "
                         "language, such as en, it or de")
    if not LANGUAGE_CODE.match(lang):
        raise UsageError(f"--lang {lang!r} is not a language code such as en, it, de or "
                         f"pt-BR{', nor all (every language)' if every else ''}")
    missing = {g: languages(g, data_dir, templates_dir) for g in game_ids}
    missing = {g: spoken for g, spoken in missing.items() if lang not in spoken}
    unreadable = [p for g in missing for p in _not_files(g, lang, data_dir)]
    if unreadable:
        raise UsageError(unreadable)
    if missing:
        have = "; ".join(f"{g}: {', '.join(spoken) or 'none'}" for g, spoken in missing.items())
        raise UsageError(f"--lang {lang}: not every game asked for exists in {lang!r} "
                         f"({have}); name the games that do, e.g. pnp build "
                         f"{_example(lang, data_dir, templates_dir)} --lang {lang}")


def _not_files(game_id: str, lang: str, data_dir: Path | None) -> list[Problem]:
    """Each of the game's files in `lang` that is there but is no file to read (a folder,
    a FIFO, a link that loops or leads nowhere): named, so the kit is not just said to
    lack the language."""
    game = get_game(game_id)
    folder = (data_dir or paths.data_dir()) / game.id
    found = []
    for key in game.localized:
        stem = game.data_file(key).filename.split(".", 1)[0]
        path = folder / f"{stem}.{lang}.json"
        what = paths.what_is_at(path)
        if what not in ("nothing", "a file", "a symlink to a file"):
            found.append(Problem(str(path), f"--lang {lang}: this file of {game.title} "
                                            f"in {lang!r} is {what}, not a file to read"))
    return found


def _example(lang: str, data_dir: Path | None, templates_dir: Path | None) -> str:
    ready = [g for g in GAMES if lang in languages(g, data_dir, templates_dir)]
    return " ".join(ready) or "GAME"
