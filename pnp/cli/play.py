"""`pnp play GAME`: a person plays a whole game against bots in the terminal.

The engine asks each of the person's decisions and accepts only a legal answer; the bots
and chance play theirs, each step told as the person's seat sees it; the table is drawn
before each of the person's decisions (`play_view.py` for The Majority 2, `play_tables.py`
for the others). At the end the game is written as a record `pnp check` reads — for The
Majority 2 the engine's own game log (`log-majority2`), as for `pnp check --new --log` —
with a `_play` note keeping the bot, the seat and the seed.

Chance and the bots draw from one seeded generator and the person's answers draw
nothing, so a seed and the answers fix the game: Ctrl-C (or the input ending) keeps the
game so far — The Majority 2's unfinished log in OUT, another game's actions in
OUT.session.json — and `--resume FILE` plays it again from its seed to where it stopped,
each bot deciding as it did, and goes on: the same game, as if it had never stopped.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from pnp.cli.app import app, shown, user_errors
from pnp.content.jsonfile import JsonDoc
from pnp.errors import DataError, PnpError, Problem, UsageError

if TYPE_CHECKING:
    from pnp.cli.entry import Entry

INTERRUPTED = 130
NOTE = "_play"
SESSION_FORMAT = "pnp-play-session"
MAX_SEED = 2**63 - 1
LOG_GAME = "majority2"  # its unfinished game is a valid record: the log is the session
INTERRUPTED_AT = "interrupted_at"
"""The `_play` note's record of where a Majority 2 game was interrupted: the steps played
(the engine's actions, chance included) and the question then asked."""


@app.command("play")
def play_command(
    game: str = typer.Argument(None, help="majority2 (The Majority 2), d20-stacks, "
                               "majority-rules or majority."),
    bot: str = typer.Option(None, "--bot", help="The bot you play against (every other "
                            "seat; default: the game's strongest, ismcts for majority2, "
                            "rollout for d20-stacks and majority, expectimax for "
                            "majority-rules), or any bot pnp simulate knows for the game."),
    bot_option: list[str] = typer.Option(None, "--bot-option", metavar="BOT.KEY=VALUE",
                                         help="A bot option, e.g. ismcts.iterations=1024 "
                                         "(repeatable)."),
    seat: int = typer.Option(1, "--seat", help="Your seat: 1 plays first."),
    players: int = typer.Option(None, "--players", help="Seats at the table (default: the "
                                "game's fewest; The Majority 2 is for 2)."),
    name: str = typer.Option("Player", "--name", help="Your name in the record."),
    seed: int = typer.Option(None, "--seed", help="The game's seed (default: a new one, "
                             "written in the record): the same seed and answers, the same "
                             "game."),
    out: Path = typer.Option(None, "--out", help="Where the record goes (default: "
                             "GAME-game.json)."),
    rule: list[str] = typer.Option(None, "--rule", metavar="NAME=VALUE",
                                   help="A rule option, as for pnp check (repeatable)."),
    resume: Path = typer.Option(None, "--resume", metavar="FILE",
                                help="Go on with a game stopped by Ctrl-C: The Majority 2's "
                                "log, or another game's .session.json."),
) -> None:
    """Play a game against a bot in the terminal; the game's record is written at the end
    (check it with pnp check).

    Example: pnp play majority2 --bot ismcts --seat 2

    Example: pnp play d20-stacks --players 3 --bot steal

    Example: pnp play majority2 --resume majority2-game.json
    """
    with user_errors():
        if resume is not None:
            session = _resumed(resume, out)
        elif game is None:
            raise UsageError(Problem("GAME", "name the game to play, or --resume FILE"))
        else:
            session = _new_session(game, bot, bot_option or [], seat, players, name, seed,
                                   out, rule or [])
        path = _play(session)
    typer.echo(f"Wrote {path}; check it with: pnp check {path}", err=True)


# --- the session ------------------------------------------------------------------------

@dataclass
class Session:
    """What a game needs: the game, its setup and names, the person's seat, the bot, the
    seed, where the record goes, and the actions already played (a resumed game)."""

    game_id: str
    cfg: Any
    names: list[str]
    seat: int
    bot: str
    options: dict[str, str]
    seed: int
    path: Path
    rules: dict[str, Any]
    actions: list = field(default_factory=list)
    source: Path | None = None  # the file a resumed game came from

    def note(self) -> dict[str, Any]:
        return {"bot": self.bot, "bot_options": self.options, "seat": self.seat + 1,
                "seed": self.seed}

    @property
    def table(self):
        return table_of(self.game_id)

    @property
    def session_path(self) -> Path:
        """Where another game's actions are kept when it stops early."""
        return self.path.with_name(f"{self.path.stem}.session.json")


def _new_session(game_id: str, bot: str, bot_option: list[str], seat: int,
                 players: int | None, name: str, seed: int | None, out: Path | None,
                 rule_args: list[str]) -> Session:
    from pnp.check import parse_rule_args
    from pnp.games import get_game

    game = get_game(game_id)
    bot = game.strong_bot if bot is None else bot
    options = _bot_options(bot, bot_option)
    _make_bot(game, bot, options)
    low, high = game.players
    count = low if players is None else players
    problems = []
    if not low <= count <= high:
        allowed = f"exactly {low}" if low == high else f"{low} to {high}"
        problems.append(Problem("--players", f"{game.title} is played by {allowed} "
                                             f"players, not {count}"))
    elif not 1 <= seat <= count:
        problems.append(Problem("--seat", f"expected 1 to {count}, not {seat}"))
    if seed is not None and not 0 <= seed <= MAX_SEED:
        problems.append(Problem("--seed", f"expected 0 to {MAX_SEED}, not {seed}"))
    names = _names(name, bot, count, seat)
    problem = _name_problem(name, names, seat)
    if problem:
        problems.append(Problem("--name", problem))
    if problems:
        raise UsageError(problems)
    rules = parse_rule_args(game.id, rule_args)
    path = _out_path(out or Path(f"{game.id}-game.json"))
    session = Session(game.id, None, names, seat - 1, bot, options,
                      _random_seed() if seed is None else seed, path, rules)
    for taken in (path, session.session_path if game.id != LOG_GAME else None):
        if taken is not None and taken.exists():
            raise UsageError(Problem("--out", f"{taken} exists: give another --out, or go "
                                              f"on with that game with --resume {taken}"))
    session.cfg = _config(game, names, rules)
    return session


def _names(name: str, bot: str, count: int, seat: int) -> list[str]:
    """The person at their seat, the bots named after the bot (numbered when several)."""
    others = [bot] if count == 2 else [f"{bot} {n}" for n in range(1, count)]
    return others[:seat - 1] + [name] + others[seat - 1:]


def table_of(game_id: str):
    """How the game is shown and asked at the terminal."""
    from pnp.cli.play_tables import TABLES
    from pnp.cli.play_view import Majority2Table

    return Majority2Table() if game_id == LOG_GAME else TABLES[game_id]


def _config(game, names: list[str], rules: dict):
    from pnp.check import rules_in_force
    from pnp.games.gamedata import load_content

    return table_of(game.id).config(game.engine, load_content(game.id), len(names),
                                    rules_in_force(game.id, {}, rules))


def _bot_options(bot: str, given: list[str]) -> dict[str, str]:
    options = {}
    for arg in given:
        key, sep, value = (p.strip() for p in arg.partition("="))
        owner, dot, option = key.rpartition(".")
        if not sep or not dot or owner != bot:
            raise UsageError(Problem("--bot-option", f"{shown(arg)!r}: expected "
                                                     f"{bot}.KEY=VALUE for --bot {bot}"))
        options[option] = value
    return options


def _make_bot(game, bot: str, options: dict[str, str]):
    if bot not in game.bots:
        raise UsageError(Problem("--bot", f"{shown(bot)!r} is not a bot of {game.id}; "
                                          f"bots: {', '.join(game.bots)}"))
    try:
        return game.bots[bot](options)
    except PnpError as exc:
        raise UsageError([Problem("--bot-option", p.message) for p in exc.problems]) from None
    except ValueError as exc:
        raise UsageError(Problem("--bot-option", str(exc))) from None


def _name_problem(name: str, names: list[str], seat: int) -> str | None:
    from pnp.content.schemas import definition_problem

    problem = definition_problem("common", "name", name)
    if problem:
        return f"{shown(name)}: {problem}"
    if names.count(name) > 1:
        return f"{shown(name)} is a bot's name; choose another"
    return None


def _out_path(path: Path) -> Path:
    if not path.absolute().parent.is_dir():
        raise UsageError(Problem("--out", f"{path}: the folder {path.absolute().parent} "
                                          f"does not exist"))
    if path.is_dir():
        raise UsageError(Problem("--out", f"{path} is a folder"))
    return path


# --- resuming ---------------------------------------------------------------------------

def _resumed(path: Path, out: Path | None) -> Session:
    """The session a stopped game left: The Majority 2's log (its setup, actions and
    `_play` note) or another game's session file. DataError when it is neither, or breaks
    a rule."""
    from pnp.content.jsonfile import load_json

    doc = load_json(path)
    value = doc.value
    if isinstance(value, dict) and "format" in value:
        if value["format"] != SESSION_FORMAT:
            raise DataError(doc.problem("$.format", f"{_shown_value(value['format'])} is not "
                                                    f"a pnp play session; a session file "
                                                    f"says \"format\": \"{SESSION_FORMAT}\""))
        return _from_session_file(path, value, out)
    game = value.get("game", LOG_GAME) if isinstance(value, dict) else None
    if game != LOG_GAME:
        raise DataError(Problem(str(path), f"not a game pnp play can go on with: The Majority "
                                           f"2's log (\"game\": \"{LOG_GAME}\") or a "
                                           f".session.json of pnp play"
                                           + (f", not a {_shown_value(game)} record"
                                              if isinstance(game, str) else "")))
    return _from_log(path, out)


def _shown_value(value: Any) -> str:
    """A value from the file, short and safe to print."""
    text = json.dumps(value, ensure_ascii=False)
    return shown(text if len(text) <= 60 else text[:57] + "...")


def _from_log(path: Path, out: Path | None) -> Session:
    from pnp.check import load_record, rules_in_force
    from pnp.games import get_game
    from pnp.games.majority2 import table

    loaded = load_record(path, LOG_GAME)
    value = loaded.doc.value
    if "rounds" not in value:
        raise DataError(Problem(str(path), "not a play-by-play log (no \"rounds\") nor a "
                                           ".session.json of pnp play"))
    note = _checked_note(loaded.doc, len(value["players"]), interruption=True)
    _make_bot(get_game(LOG_GAME), note["bot"], note["bot_options"])
    rules = rules_in_force(LOG_GAME, value.get("rules", {}), {})
    stop = note.get(INTERRUPTED_AT)
    cfg, actions, violations = table.log_actions(loaded.doc, loaded.content, rules,
                                                 stop["actions"] if stop else None)
    if violations:
        raise DataError([Problem(str(path), v.message, path=v.where) for v in violations])
    names = list(value["players"])
    if stop:
        _check_stop(loaded.doc, stop, cfg, actions, names)
    return Session(LOG_GAME, cfg, names, note["seat"] - 1, note["bot"],
                   dict(note["bot_options"]), note["seed"], _out_path(out or path),
                   dict(value.get("rules", {})), actions, path)


def _check_stop(doc, stop: dict, cfg, actions: list, names: list[str]) -> None:
    """The replay of an interrupted log reached the question its note names: the log is
    the game as it stopped, so it goes on at that question (DataError otherwise: the log
    was edited since)."""
    from pnp.games.majority2 import table

    where = f"$.{NOTE}.{INTERRUPTED_AT}"
    if len(actions) < stop["actions"]:
        raise DataError(doc.problem(where, f"the log holds {len(actions)} steps, not the "
                                           f"{stop['actions']} its note says were played"))
    reached = table.question(table.replay(cfg, actions).state, names)
    if reached != stop["question"]:
        raise DataError(doc.problem(where, f"the log stops at {reached!r}, not at "
                                           f"{stop['question']!r} where the game was "
                                           "interrupted"))


def _checked_note(doc, seats: int, interruption: bool = False) -> dict:
    """The `_play` note, each field checked; DataError naming each field that is wrong
    (the seat against the game's seats), or the note when there is none."""
    note = doc.value.get(NOTE) if isinstance(doc.value, dict) else None
    if not isinstance(note, dict):
        raise DataError(doc.problem(f"$.{NOTE}", f"no {NOTE} note of a game written by pnp "
                                                 f"play (bot, bot_options, seat, seed)"))
    rules = {"bot": (lambda v: isinstance(v, str) and v != "", "the bot's name"),
             "bot_options": (lambda v: isinstance(v, dict)
                             and all(isinstance(o, str) for o in v.values()),
                             "an object of the bot's options, each a text"),
             "seat": (lambda v: _whole(v) and 1 <= v <= seats,
                      f"your seat, a whole number from 1 to {seats}"),
             "seed": (lambda v: _whole(v) and 0 <= v <= MAX_SEED,
                      f"the game's seed, a whole number from 0 to {MAX_SEED}")}
    if interruption:
        rules[INTERRUPTED_AT] = (_stop_note, "where the game stopped: {\"actions\": the "
                                             "steps played, \"question\": the one asked}")
    problems = [doc.problem(f"$.{NOTE}.{key}", f"expected {wanted}, not "
                                               f"{_shown_value(note.get(key))}"
                            if key in note else f"missing: {wanted}")
                for key, (fits, wanted) in rules.items()
                if not (key == INTERRUPTED_AT and key not in note) and not fits(note.get(key))]
    if problems:
        raise DataError(problems)
    return note


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _stop_note(value: Any) -> bool:
    from pnp.games.majority2.table import MAX_ACTIONS

    return (isinstance(value, dict) and set(value) == {"actions", "question"}
            and _whole(value["actions"]) and 0 <= value["actions"] <= MAX_ACTIONS
            and isinstance(value["question"], str))


def _from_session_file(path: Path, value: dict, out: Path | None) -> Session:
    from pnp.games import GAMES

    game = GAMES.get(value.get("game"))
    names, actions, rules = value.get("players"), value.get("actions"), value.get("rules")
    if (game is None or game.id == LOG_GAME or not isinstance(names, list)
            or not all(isinstance(n, str) for n in names)
            or not game.players[0] <= len(names) <= game.players[1]
            or len(set(names)) != len(names)
            or not isinstance(actions, list) or not isinstance(rules, dict)):
        raise DataError(Problem(str(path), "not a session file of pnp play (game, players, "
                                           "rules, actions and a _play note)"))
    note = _checked_note(JsonDoc(value, str(path)), len(names))
    _make_bot(game, note["bot"], note["bot_options"])
    for n in names:
        if _name_problem(n, names, 0):
            raise DataError(Problem(str(path), f"player {shown(n)!r}: not a usable name",
                                    path="$.players"))
    from pnp.check import parse_rule_args

    try:
        rules = parse_rule_args(game.id, [f"{k}={v}" for k, v in rules.items()])
    except PnpError as exc:
        raise DataError([Problem(str(path), p.message, path="$.rules")
                         for p in exc.problems]) from None
    cfg = _config(game, names, rules)
    record = path.with_name(path.name.removesuffix(".session.json") + ".json") \
        if path.name.endswith(".session.json") else path.with_suffix(".record.json")
    return Session(game.id, cfg, names, note["seat"] - 1, note["bot"],
                   dict(note["bot_options"]), note["seed"], _out_path(out or record), rules,
                   [_action(a) for a in actions], path)


def _action(value: Any) -> Any:
    """An action read back from JSON (lists become the engine's tuples)."""
    if isinstance(value, list):
        return tuple(_action(v) for v in value)
    return value


# --- playing ----------------------------------------------------------------------------

def _play(session: Session) -> Path:
    """Play to the end (or to an interruption) and write the record; its path."""
    from pnp.games import get_game
    from pnp.games.match import Diverged, Match

    game = get_game(session.game_id)
    bots = [_make_bot(game, session.bot, session.options)] * len(session.names)
    bots[session.seat] = None
    try:
        match = Match.resume(game.engine.ENGINE, session.cfg, bots, session.seed,
                             session.actions, same=_same_answer(session.game_id))
    except (ValueError, TypeError, KeyError, IndexError) as exc:  # IllegalAction too
        kind = "does not go on from its seed and bot" if isinstance(exc, Diverged) else \
            "holds an action that is not legal"
        raise DataError(Problem(str(session.source or session.path),
                                f"this game {kind}: {exc}")) from None
    from pnp.cli.entry import Entry  # the prompts: only when a game is played

    entry = Entry()
    try:
        _turns(entry, match, session)
    except (KeyboardInterrupt, EOFError) as stop:
        kept = _keep(session, match)
        typer.echo("", err=True)
        why = "Interrupted" if isinstance(stop, KeyboardInterrupt) else "The input ended"
        typer.echo(f"{why}: the game so far is in {kept}; go on with: "
                   f"pnp play --resume {kept}", err=True)
        raise typer.Exit(INTERRUPTED if isinstance(stop, KeyboardInterrupt) else 2) \
            from None
    return _record(session, match)


def _same_answer(game_id: str):
    """For The Majority 2: two actions a log writes alike (copies of one card) are one
    answer (None elsewhere: the same action)."""
    if game_id != LOG_GAME:
        return None

    def same(st, mine, recorded) -> bool:
        from pnp.games.majority2.answers import answer_key
        from pnp.games.majority2.state import CHANCE

        if mine == recorded:
            return True
        if st.need[0] == CHANCE or recorded not in st.need[2]:
            return False
        return answer_key(st, mine) == answer_key(st, recorded)
    return same


def _turns(entry: Entry, match, session: Session) -> None:
    table, names, seat = session.table, session.names, session.seat
    engine = match.engine
    from pnp.games import get_game

    entry.note(f"{names[seat]} plays {get_game(session.game_id).title} against "
               f"{session.bot}; seed {session.seed}.")
    while not match.over:
        before = match.state
        if not match.persons_turn:
            action = match.automatic()
            line = table.step(before, action, names, seat)
        else:
            only = table.single(before, names)
            if only is not None:
                action, words = only
                line = f"  {names[seat]}: {words} (the only choice)"
            else:
                entry.note("\n".join(table.lines(before, names, seat)))
                action, line = table.ask(entry, before, names), None
        match.apply(action)
        revealed = table.reveal(before, action, match.state, names)
        for text in (line, revealed):
            for part in (text or "").splitlines():
                entry.note(shown(part))
    entry.note("\n".join(table.lines(match.state, names, seat)))
    entry.note(table.result(engine.returns(match.state), names))


def _keep(session: Session, match) -> Path:
    """The game so far: The Majority 2's unfinished log, else a session file."""
    from pnp.content.output import write_text
    from pnp.games.majority2.table import as_json

    if session.game_id == LOG_GAME:
        from pnp.games.majority2 import table

        stop = {"actions": len(match.actions),
                "question": table.question(match.state, session.names)}
        return _record(session, match, stop)
    doc = {"format": SESSION_FORMAT, "game": session.game_id, "players": session.names,
           "rules": session.rules, NOTE: session.note(),
           "actions": [as_json(a) for a in match.actions]}
    return write_text(session.session_path,
                      json.dumps(doc, indent=1, ensure_ascii=False) + "\n")


def _record(session: Session, match, stopped: dict | None = None) -> Path:
    """The record `pnp check` reads, with the `_play` note; `stopped`: where an
    interrupted Majority 2 game stopped (the log alone cannot tell a turn cut short from
    one passed), kept in the note so that `--resume` asks that question again."""
    from pnp.content.output import write_text
    from pnp.games import get_game
    from pnp.games.engine import PlayedGame

    game = get_game(session.game_id)
    if session.game_id == LOG_GAME:
        from pnp.games.majority2 import engine as m2
        from pnp.games.majority2 import table

        claimed = dict(zip(session.names, m2.scores(match.state), strict=True)) \
            if match.over else {}
        record = table.finished_log(session.cfg, match.actions, session.names, claimed,
                                    session.rules)
    else:
        played = PlayedGame(tuple(match.actions), match.state,
                            game.engine.ENGINE.returns(match.state))
        record = game.to_record(session.cfg, played, session.names)
    record[NOTE] = session.note() | ({INTERRUPTED_AT: stopped} if stopped else {})
    path = write_text(session.path, json.dumps(record, indent=1, ensure_ascii=False) + "\n")
    if session.game_id != LOG_GAME:
        session.session_path.unlink(missing_ok=True)  # finished: nothing left to resume
    return path


def _random_seed() -> int:
    import secrets

    return secrets.randbelow(MAX_SEED)
