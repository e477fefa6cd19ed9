"""`pnp play majority2`: a person plays a whole game against a bot in the terminal.

The engine asks each of the person's decisions with only its legal answers (numbered;
type the number or the answer's words), the bot and chance play theirs, and the table is
drawn before each of the person's decisions as their seat sees it (`play_view.py`). At
the end the game is written as a `log-majority2` record — the engine's own log writer, as
for `pnp check --new --log` — which `pnp check` replays; its `_play` note keeps the seed,
the bot and the seat. Ctrl-C (or the input ending) writes the game so far the same way,
and `--resume FILE` plays it again from its seed to where it stopped, then goes on: the
same game, as if it had never stopped.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

import typer

from pnp.cli.app import app, shown, user_errors
from pnp.cli.entry import Entry
from pnp.errors import DataError, PnpError, Problem, UsageError

INTERRUPTED = 130
NOTE = "_play"
GAMES = ("majority2",)
MAX_SEED = 2**63 - 1


@app.command("play")
def play_command(
    game: str = typer.Argument(..., help="The game: majority2 (The Majority 2)."),
    bot: str = typer.Option("ismcts", "--bot", help="The bot you play against: ismcts "
                            "(tree search, default), greedy, mc or random."),
    bot_option: list[str] = typer.Option(None, "--bot-option", metavar="BOT.KEY=VALUE",
                                         help="A bot option, e.g. ismcts.iterations=1024 "
                                         "(repeatable)."),
    seat: int = typer.Option(1, "--seat", help="Your seat: 1 (the start player, plays "
                             "first) or 2."),
    name: str = typer.Option("Player", "--name", help="Your name in the log."),
    seed: int = typer.Option(None, "--seed", help="The game's seed (default: a new one, "
                             "written in the log): the same seed and answers, the same game."),
    out: Path = typer.Option(None, "--out", help="Where the log goes (default: "
                             "majority2-game.json)."),
    rule: list[str] = typer.Option(None, "--rule", metavar="NAME=VALUE",
                                   help="A rule option, as for pnp check (repeatable)."),
    resume: Path = typer.Option(None, "--resume", metavar="FILE",
                                help="Go on with a game stopped by Ctrl-C: FILE is the log "
                                "it wrote."),
) -> None:
    """Play The Majority 2 against a bot in the terminal; the game's log is written at the
    end (check it with pnp check).

    Example: pnp play majority2 --bot ismcts --seat 2

    Example: pnp play majority2 --resume majority2-game.json
    """
    with user_errors():
        if game not in GAMES:
            raise UsageError(Problem("GAME", f"{game!r}: pnp play has The Majority 2 "
                                             f"(majority2)"))
        session = _resumed(resume, out) if resume else \
            _new_session(bot, bot_option or [], seat, name, seed, out, rule or [])
        path = _play(session)
    typer.echo(f"Wrote {path}; check it with: pnp check {path}", err=True)


# --- the session ------------------------------------------------------------------------

class Session:
    """What a game needs: setup, names, the person's seat, the bot, the seed, the log's
    path, and the actions already played (a resumed game)."""

    def __init__(self, cfg, names: list[str], seat: int, bot: str, options: dict,
                 seed: int, path: Path, rules: dict, actions: list | None = None):
        self.cfg, self.names, self.seat, self.bot = cfg, names, seat, bot
        self.options, self.seed, self.path, self.rules = options, seed, path, rules
        self.actions = actions or []

    def note(self) -> dict[str, Any]:
        return {"bot": self.bot, "bot_options": self.options, "seat": self.seat + 1,
                "seed": self.seed}


def _new_session(bot: str, bot_option: list[str], seat: int, name: str, seed: int | None,
                 out: Path | None, rule_args: list[str]) -> Session:
    from pnp.check import parse_rule_args, rules_in_force
    from pnp.games.gamedata import load_content
    from pnp.games.majority2 import table

    options = _bot_options(bot, bot_option)
    _check_bot(bot, options)
    problems = []
    if seat not in (1, 2):
        problems.append(Problem("--seat", f"expected 1 or 2, not {seat}"))
    if seed is not None and not 0 <= seed <= MAX_SEED:
        problems.append(Problem("--seed", f"expected 0 to {MAX_SEED}, not {seed}"))
    names = [name, bot] if seat == 1 else [bot, name]
    name_problem = _name_problem(name, bot)
    if name_problem:
        problems.append(Problem("--name", name_problem))
    if problems:
        raise UsageError(problems)
    rules_given = parse_rule_args("majority2", rule_args)
    rules = rules_in_force("majority2", {}, rules_given)
    cfg = table.make_game(load_content("majority2"), names, names[0], (), rules)
    path = _out_path(out or Path("majority2-game.json"))
    if path.exists():
        raise UsageError(Problem("--out", f"{path} exists: give another --out, or go on "
                                          f"with that game with --resume {path}"))
    return Session(cfg, names, seat - 1, bot, options,
                   secrets.randbelow(MAX_SEED) if seed is None else seed, path, rules_given)


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


def _check_bot(bot: str, options: dict[str, str]):
    from pnp.games import get_game

    bots = get_game("majority2").bots
    if bot not in bots:
        raise UsageError(Problem("--bot", f"{shown(bot)!r} is not a bot of majority2; "
                                          f"bots: {', '.join(bots)}"))
    try:
        return bots[bot](options)
    except PnpError as exc:
        raise UsageError([Problem("--bot-option", p.message) for p in exc.problems]) from None
    except ValueError as exc:
        raise UsageError(Problem("--bot-option", str(exc))) from None


def _name_problem(name: str, bot: str) -> str | None:
    from pnp.content.schemas import definition_problem

    problem = definition_problem("common", "name", name)
    if problem:
        return f"{shown(name)}: {problem}"
    if name == bot:
        return f"{shown(name)} is the bot's name; choose another"
    return None


def _out_path(path: Path) -> Path:
    if not path.absolute().parent.is_dir():
        raise UsageError(Problem("--out", f"{path}: the folder {path.absolute().parent} "
                                          f"does not exist"))
    if path.is_dir():
        raise UsageError(Problem("--out", f"{path} is a folder"))
    return path


def _resumed(path: Path, out: Path | None) -> Session:
    """The session a stopped game's log describes (its setup, actions and `_play` note);
    DataError when the file is not such a log or breaks a rule."""
    from pnp.check import load_record, rules_in_force
    from pnp.games.majority2 import table

    loaded = load_record(path, "majority2")
    value = loaded.doc.value
    if "rounds" not in value:
        raise DataError(Problem(str(path), "not a play-by-play log (no \"rounds\")"))
    note = value.get(NOTE)
    fields = {"bot": str, "bot_options": dict, "seat": int, "seed": int}
    if not (isinstance(note, dict) and all(isinstance(note.get(k), t) and
                                           not isinstance(note.get(k), bool)
                                           for k, t in fields.items())
            and note["seat"] in (1, 2) and 0 <= note["seed"] <= MAX_SEED
            and all(isinstance(v, str) for v in note["bot_options"].values())):
        raise DataError(Problem(str(path), f"no {NOTE} note of a game written by pnp play "
                                           f"(bot, bot_options, seat 1 or 2, seed)",
                                path=f"$.{NOTE}"))
    _check_bot(note["bot"], note["bot_options"])
    rules = rules_in_force("majority2", value.get("rules", {}), {})
    cfg, actions, violations = table.log_actions(loaded.doc, loaded.content, rules)
    if violations:
        raise DataError([Problem(str(path), v.message, path=v.where) for v in violations])
    return Session(cfg, list(value["players"]), note["seat"] - 1, note["bot"],
                   dict(note["bot_options"]), note["seed"], _out_path(out or path),
                   dict(value.get("rules", {})), actions)


def _play(session: Session) -> Path:
    """Play to the end (or to an interruption) and write the log; its path."""
    from pnp.games.majority2 import engine as m2
    from pnp.games.match import Diverged, Match

    bots = [None, None]
    bots[1 - session.seat] = _check_bot(session.bot, session.options)
    try:
        match = Match.resume(m2.ENGINE, session.cfg, bots, session.seed, session.actions,
                             same=_same_answer)
    except (Diverged, ValueError) as exc:
        raise DataError(Problem(str(session.path), f"this log does not go on from its "
                                                   f"seed and bot: {exc}")) from None
    entry = Entry()
    try:
        _turns(entry, match, session)
    except (KeyboardInterrupt, EOFError) as stop:
        _write(session, match)
        typer.echo("", err=True)
        why = "Interrupted" if isinstance(stop, KeyboardInterrupt) else "The input ended"
        typer.echo(f"{why}: the game so far is in {session.path}; go on with: "
                   f"pnp play majority2 --resume {session.path}", err=True)
        raise typer.Exit(INTERRUPTED if isinstance(stop, KeyboardInterrupt) else 2) \
            from None
    return _write(session, match)


def _same_answer(st, mine, recorded) -> bool:
    """Two actions a log writes alike (copies of one card) are the same answer."""
    from pnp.games.majority2.answers import answer_key
    from pnp.games.majority2.state import CHANCE

    if mine == recorded:
        return True
    if st.need[0] == CHANCE or recorded not in st.need[2]:
        return False
    return answer_key(st, mine) == answer_key(st, recorded)


def _turns(entry: Entry, match, session: Session) -> None:
    from pnp.cli import play_view as view

    names, seat = session.names, session.seat
    entry.note(f"The Majority 2: {names[0]} (start player) against {names[1]}; seed "
               f"{session.seed}.")
    while not match.over:
        st = match.state
        if not match.persons_turn:
            action = match.automatic()
            entry.note("  " + shown(view.step_line(st, action, names, seat)))
        else:
            answers, words = view.choices(st, names)
            if len(answers) == 1:
                action = answers[0]
                entry.note(f"  {shown(names[seat])}: {words[0]} (the only choice)")
            else:
                entry.note("\n".join(view.table_lines(st, names, seat)))
                action = _ask(entry, st, names, answers, words)
        match.apply(action)
    entry.note("\n".join(view.table_lines(match.state, names, seat)))
    entry.note(view.result_line(match.state, names))


def _ask(entry: Entry, st, names: list[str], answers: list, words: list[str]) -> Any:
    from pnp.games.majority2 import table

    entry.note("\n".join(f"  {i}. {w}" for i, w in enumerate(words, 1)))

    def parse(raw: str) -> Any:
        if raw.isdigit() and 1 <= int(raw) <= len(answers):
            return answers[int(raw) - 1]
        if raw in words:
            return answers[words.index(raw)]
        raise ValueError(f"type a number from 1 to {len(answers)} (Ctrl-C stops and keeps "
                         f"the game)")
    return entry.ask(f"{table.question(st, names)} (1-{len(answers)})", parse)


def _write(session: Session, match) -> Path:
    from pnp.content.output import write_text
    from pnp.games.majority2 import engine as m2
    from pnp.games.majority2 import table

    claimed = dict(zip(session.names, m2.scores(match.state), strict=True)) \
        if match.over else {}
    record = table.finished_log(session.cfg, match.actions, session.names, claimed,
                                session.rules)
    record[NOTE] = session.note()
    return write_text(session.path, json.dumps(record, indent=1, ensure_ascii=False) + "\n")
