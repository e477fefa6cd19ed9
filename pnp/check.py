"""`pnp check`'s job: read one hand-entered game record and return the game's verdict.

The stages, each failing with a located DataError (exit status 2) before the next runs:
read the JSON (line numbers, duplicate keys), pick the game (`"game"` or `--game`), check
the record's schema, load the game's card data (plus a majority2 record's own promo file,
relative to the record), then let the game's parser check names and card ids. Only a record
that passes all of that is judged, so the rules code never sees a malformed value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pnp.content.jsonfile import JsonDoc, load_json, parse_json
from pnp.content.schemas import (
    load_schema,
    quoted_name,
    schema_problems,
    without_unknown_keys,
)
from pnp.errors import DataError, PnpError, Problem, UsageError
from pnp.games import GAMES, Game, get_game
from pnp.games.gamedata import load_content
from pnp.games.recordtools import did_you_mean
from pnp.games.verdict import Verdict, Violation

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


@dataclass(frozen=True)
class LoadedRecord:
    """A record that passed every input check: its document, game, content and values."""

    doc: JsonDoc
    game: Game
    content: Any
    record: Any


def check_file(path: Path, game_id: str | None = None, rule_args: Iterable[str] = (),
               data_dir: Path | None = None) -> Verdict:
    """The verdict for the record in `path`; `rule_args` are `--rule NAME=VALUE` strings,
    which override the record's own `"rules"`."""
    if game_id is not None:
        parse_rule_args(get_game(game_id).id, rule_args)  # reject bad options before reading
    return judge_loaded(load_record(path, game_id, data_dir), rule_args)


def check_text(text: str, source: str, game_id: str | None = None) -> Verdict:
    """The verdict for a record given as text (a web request, a pasted record). `source`
    names it in messages. No file is read on its behalf: a `"promos"` file name in it is
    an input error, since the text may come from someone who must not choose what this
    machine opens."""
    try:
        doc = parse_json(text, source)
    except RecursionError:
        raise DataError(Problem(source, "nested too deeply to be a game record")) from None
    return judge_loaded(load_document(doc, game_id, base=None))


def refusal_json(problems: Iterable[Problem]) -> dict:
    """What `pnp check --json` prints for a record it cannot check (exit status 2): still
    one JSON document, so a script reading standard output learns why instead of failing
    on an empty one. `ok` is false, as for every exit status but 0."""
    return {"ok": False, "error": "the record cannot be checked",
            "problems": [{"file": p.file or None, "line": p.line, "path": p.path,
                          "message": p.message} for p in problems]}


def judge_loaded(loaded: LoadedRecord, rule_args: Iterable[str] = ()) -> Verdict:
    """The verdict for a record that passed every input check."""
    overrides = parse_rule_args(loaded.game.id, rule_args)
    rules = rules_in_force(loaded.game.id, loaded.doc.value.get("rules", {}), overrides)
    checker = _checker(loaded.game, loaded.doc)[1]
    verdict = checker.judge(loaded.record, loaded.content, rules)
    return _with_player_count(verdict, loaded.game, loaded.doc.value["players"])


def _with_player_count(verdict: Verdict, game: Game, players: list) -> Verdict:
    """A game played by more or fewer people than it is made for breaks a rule (and the
    components: The Majority has ten vote sets, Majority Rules! four dice colours), so it is
    a violation of the record, not a malformed file."""
    low, high = game.players
    if low <= len(players) <= high:
        return verdict
    allowed = f"exactly {low}" if low == high else f"{low} to {high}"
    problem = Violation("players", f"{game.title} is played by {allowed} players; this "
                                   f"record has {len(players)}", "player-count")
    return replace(verdict, violations=(problem, *verdict.violations))


def load_record(path: Path, game_id: str | None = None,
                data_dir: Path | None = None) -> LoadedRecord:
    """Every input check on the record in `path`; DataError listing what is wrong."""
    try:
        doc = load_json(path)
    except RecursionError:
        raise DataError(Problem(str(path), "nested too deeply to be a game record")) from None
    return load_document(doc, game_id, data_dir, base=path.parent)


def load_document(doc: JsonDoc, game_id: str | None = None, data_dir: Path | None = None,
                  base: Path | None = None) -> LoadedRecord:
    """Every input check on a parsed record; DataError listing what is wrong. A majority2
    record's `"promos"` file is read relative to `base`; with no `base` it is refused."""
    path = doc.file
    try:
        game = _pick_game(doc, game_id)
        if isinstance(doc.value, dict) and "game" not in doc.value:
            doc = JsonDoc({"game": game.id, **doc.value}, doc.file, doc.lines)
        schema, checker = _checker(game, doc)
        problems = schema_problems(doc, schema)
    except RecursionError:
        raise DataError(Problem(str(path), "nested too deeply to be a game record")) from None
    if problems:
        usable = without_unknown_keys(doc, schema)
        if usable is not None:  # a typo'd key must not hide unknown names or card ids
            problems += _document_problems(usable, data_dir, game, base)
        raise DataError(sorted(problems, key=lambda p: p.line or 0))
    content = _content(game, doc, base, data_dir)
    return LoadedRecord(doc, game, content, checker.parse(doc, content))


def _checker(game: Game, doc: JsonDoc) -> tuple[str, Any]:
    """The schema and checker for a record: a game's play-by-play log (`"rounds"` in a
    Majority 2 record) or its end-state record."""
    log = game.checker.log
    if log is not None and isinstance(doc.value, dict) and "rounds" in doc.value:
        return f"log-{game.id}", log
    return f"result-{game.id}", game.checker


def record_problems(path: Path, doc: JsonDoc, data_dir: Path | None = None,
                    game: Game | None = None) -> list[Problem]:
    """What a schema-valid record can still get wrong: names, card ids, promo file."""
    return _document_problems(doc, data_dir, game, path.parent)


def _document_problems(doc: JsonDoc, data_dir: Path | None, game: Game | None,
                       base: Path | None) -> list[Problem]:
    try:
        game = game or _pick_game(doc, None)
        content = _content(game, doc, base, data_dir)
        _checker(game, doc)[1].parse(doc, content)
    except PnpError as exc:
        return exc.problems
    return []


def _pick_game(doc: JsonDoc, game_id: str | None) -> Game:
    """The game from `--game` or the record's `"game"`; they must agree."""
    named = doc.value.get("game") if isinstance(doc.value, dict) else None
    if game_id is not None:
        game = get_game(game_id)
        if isinstance(named, str) and named != game.id:
            raise DataError(doc.problem("$.game", f"the record is a {quoted_name(named)} game, "
                                                  f"but --game says {game.id!r}"))
        return game
    if isinstance(named, str):
        if named in GAMES:
            return GAMES[named]
        raise DataError(doc.problem("$.game", f"unknown game {quoted_name(named)}; known: "
                                              f"{', '.join(GAMES)}{did_you_mean(named, GAMES)}"))
    raise DataError(Problem(doc.file, 'cannot tell the game: a record is a JSON object with '
                                      f'"game" (one of {", ".join(GAMES)}), or use --game'))


def _content(game: Game, doc: JsonDoc, base: Path | None, data_dir: Path | None) -> Any:
    """The game's card data; a majority2 record's `"promos"` file (relative to `base`) is
    added to it."""
    promos = doc.value.get("promos")
    if isinstance(promos, str) and base is None:
        raise DataError(doc.problem("$.promos", "a promo file cannot be named here: no file "
                                                "is opened for a record sent as text; check "
                                                "it with `pnp check FILE`"))
    custom = [base / promos] if isinstance(promos, str) else None
    try:
        return load_content(game.id, data_dir, custom_promos=custom)
    except DataError as exc:
        if custom is None:
            raise
        lead = doc.problem("$.promos", f"the promo file {custom[0]} cannot be used:")
        raise DataError([lead, *_withheld(exc.problems, str(custom[0]))]) from None


def _withheld(problems: list[Problem], referenced: str) -> list[Problem]:
    """Problems of a file a record merely names, without its content or key names: the
    record may come from someone who should not learn what an arbitrary local file holds.
    Whole-file problems (missing, not a regular file, too big) are kept as they are; the
    rest say only where, and how to see the details."""
    shown: list[Problem] = []
    for problem in problems:
        if problem.file != referenced or (problem.line is None and problem.path is None):
            shown.append(problem)
            continue
        withheld = Problem(referenced, "not a valid promo card file here (details withheld; "
                                       "run `pnp validate` on it)", line=problem.line)
        if withheld not in shown:
            shown.append(withheld)
    return shown


def rule_options(game_id: str) -> Mapping[str, dict]:
    """Each rule option of a game with its schema (type or enum, default, description)."""
    return load_schema(f"result-{game_id}")["properties"]["rules"]["properties"]


def rules_in_force(game_id: str, record_rules: Mapping[str, Any],
                   overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Every option's value: the default, then the record's `"rules"`, then `--rule`."""
    options = rule_options(game_id)
    merged = {name: spec["default"] for name, spec in options.items()}
    merged.update(record_rules)
    merged.update(overrides)
    return {n: int(v) if options[n].get("type") == "integer" else v for n, v in merged.items()}


def parse_rule_args(game_id: str, args: Iterable[str]) -> dict[str, Any]:
    """`["target=30"]` → `{"target": 30}`, each value read by its option's type;
    UsageError naming every bad argument."""
    options = rule_options(game_id)
    parsed: dict[str, Any] = {}
    problems = []
    for arg in args:
        name, sep, raw = (part.strip() for part in arg.partition("="))
        if not sep or not name:
            problems.append(f"{arg!r}: expected NAME=VALUE, e.g. --rule "
                            f"{next(iter(options))}={_example(options)}")
        elif name not in options:
            problems.append(f"{name}: not a rule option of {game_id}; options: "
                            f"{', '.join(options)}{did_you_mean(name, options)}")
        else:
            try:
                parsed[name] = _rule_value(options[name], raw)
            except ValueError as exc:
                problems.append(f"{name}={raw}: {exc}")
    if problems:
        raise UsageError([Problem("--rule", p) for p in problems])
    return parsed


_WHOLE = re.compile(r"([+-]?[0-9]{1,30})(?:\.0*)?", re.ASCII)
"""A --rule number as a record may write it (`30`, `30.0`): ASCII digits only, where
Python's int() would also take `٣٠` or `3_0`, which no record holds."""


def _rule_value(spec: dict, raw: str) -> Any:
    if "enum" in spec:
        if raw in spec["enum"]:
            return raw
        raise ValueError(f"expected one of: {', '.join(spec['enum'])}")
    if spec.get("type") == "boolean":
        if raw.lower() in _TRUE + _FALSE:
            return raw.lower() in _TRUE
        raise ValueError("expected true or false")
    whole = _WHOLE.fullmatch(raw)
    if not whole:
        raise ValueError("expected a whole number")
    value = int(whole.group(1))
    if value < spec.get("minimum", value):
        raise ValueError(f"expected at least {spec['minimum']}")
    return value


def _example(options: Mapping[str, dict]) -> str:
    spec = next(iter(options.values()))
    return str(spec["enum"][-1] if "enum" in spec else spec["default"]).lower()
