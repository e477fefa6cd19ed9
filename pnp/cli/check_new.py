"""`pnp check --new GAME`: type a record in at the table, question by question.

Each answer is parsed at once and asked again when invalid (unknown card id with a
suggestion, a die that is not 1-6, a name that is not a player...), so nobody writes JSON
by hand; a D20 card placed illegally is flagged as soon as its stack is typed (live, in the
toolbar, on a terminal). The Majority and Majority Rules! are replayed while they are
entered, so only the players still in a round are asked to vote and the questions stop
when the game ends. On a terminal the answers are edited like a shell line (arrow keys,
history: prompt_toolkit); prompts go to stderr, keeping stdout for the report (`--json`
stays parseable).

Every accepted answer is kept: Ctrl-C saves them to `OUT.answers.json` and says how to go
on (`--resume FILE` replays them, then asks the rest). The record is written atomically
and then checked like any other. A new way of entering a game is one more function in
`_ENTRY` taking the `Entry`, the players, the rules and the output path.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from pnp.check import parse_rule_args, rules_in_force
from pnp.content.jsonfile import load_json
from pnp.content.output import write_text
from pnp.errors import DataError, Problem, UsageError
from pnp.games import get_game
from pnp.games.d20_stacks.record import parse_card
from pnp.games.d20_stacks.scoring import Card, placement_problem
from pnp.games.gamedata import load_content
from pnp.games.majority.scoring import (
    VOTE_OPTIONS,
    game_over,
    normalise_vote,
    play_turn,
    start_round,
)
from pnp.games.majority2.record import parse_card_answer
from pnp.games.majority_rules.record import parse_dice
from pnp.games.majority_rules.scoring import claim, reached

INTERRUPTED = 130  # the shell's status for a command stopped by Ctrl-C
_ANSWERS_FORMAT = "pnp-check-answers"


class Entry:
    """The questions' one way in and out. Answers come first from a resumed transcript,
    then from the terminal (line editing and history) or from piped input; each accepted
    answer is kept in `answers`, so an interrupted entry can be saved and resumed."""

    def __init__(self, replay: list[str] | None = None, terminal: bool | None = None):
        self.replay = list(replay or [])
        self.answers: list[str] = []
        self.terminal = sys.stdin.isatty() if terminal is None else terminal
        self._session = None

    def note(self, text: str) -> None:
        typer.echo(text, err=True)

    def ask(self, text: str, parse: Callable[[str], Any], default: str | None = None,
            hint: Callable[[str], str | None] | None = None) -> Any:
        """Prompt until `parse` accepts the answer; its ValueError is shown and the
        question asked again. `hint` (live, on a terminal) says what is wrong so far."""
        shown = f"{text} [{default}]: " if default else f"{text}: "
        while True:
            raw = self._line(shown, hint)
            try:
                value = parse((raw or default or "").strip())
            except ValueError as exc:
                self.note(f"Error: {exc}")
                self.replay.clear()  # a resumed answer no longer fits: ask from here on
                continue
            self.answers.append(raw)
            return value

    def confirm(self, text: str, default: bool = False) -> bool:
        def parse(raw: str) -> bool:
            if not raw:
                return default
            if raw.lower() in ("y", "yes"):
                return True
            if raw.lower() in ("n", "no"):
                return False
            raise ValueError("answer y or n")
        return self.ask(f"{text} [{'Y/n' if default else 'y/N'}]", parse)

    def _line(self, prompt: str, hint: Callable[[str], str | None] | None) -> str:
        if self.replay:
            answer = self.replay.pop(0)
            self.note(f"{prompt}{answer}")
            return answer
        if self.terminal:
            return self._edited_line(prompt, hint)
        sys.stderr.write(prompt)
        sys.stderr.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        answer = line.rstrip("\r\n")
        self.note(answer)
        return answer

    def _edited_line(self, prompt: str, hint: Callable[[str], str | None] | None) -> str:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.output import create_output

        if self._session is None:
            self._session = PromptSession(output=create_output(stdout=sys.stderr))
        session = self._session
        toolbar = (lambda: hint(session.default_buffer.text) or "") if hint else None
        return session.prompt(prompt, bottom_toolbar=toolbar)


_SHARED: Entry | None = None


def ask(text: str, parse: Callable[[str], Any], default: str | None = None) -> Any:
    """One question through a shared Entry (line editing at a terminal, prompts on
    stderr), for entry flows that keep no transcript (`check_new_log`). The input ending
    or Ctrl-C is typer.Abort, as with typer's own prompts."""
    global _SHARED
    if _SHARED is None or _SHARED.terminal != sys.stdin.isatty():
        _SHARED = Entry()
    try:
        return _SHARED.ask(text, parse, default)
    except (EOFError, KeyboardInterrupt):
        _SHARED = None
        raise typer.Abort() from None


def answers_file(path: Path) -> Path:
    """Where an interrupted entry for the record `path` keeps its answers."""
    return path.with_name(f"{path.stem}.answers.json")


def enter_record(game_id: str | None, out: Path | None, rule_args: list[str],
                 resume: Path | None = None) -> Path:
    """Ask for a whole record, write it to `out` and return the path. With `resume`, the
    answers saved by an interrupted entry are replayed first (game, output path and
    rule options come from that file unless given again)."""
    saved = _load_answers(resume) if resume else None
    if saved:
        if game_id and game_id != saved["game"]:
            raise UsageError(f"--resume {resume} holds a {saved['game']} entry, not {game_id}")
        game_id = saved["game"]
        out = out or Path(saved["out"])
        rule_args = rule_args or saved["rules"]
    game = get_game(game_id)
    rules = rules_in_force(game.id, {}, parse_rule_args(game.id, rule_args))
    path = out or Path(f"{game.id}-record.json")
    if not path.absolute().parent.is_dir():
        raise UsageError(f"--out {path}: the folder {path.absolute().parent} does not exist")
    entry = Entry(saved["answers"] if saved else None)
    try:
        if path.exists() and not Entry(terminal=entry.terminal).confirm(
                f"{path} exists. Replace it?"):
            raise UsageError(f"{path} exists; nothing was written")
        record = _ask_record(entry, game, rules, rule_args, path)
    except EOFError:
        raise UsageError("the input ended before the record was complete; nothing was "
                         "written") from None
    except KeyboardInterrupt:
        _save_answers(entry, game.id, path, rule_args)
    write_text(path, json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    typer.echo(f"Wrote {path}", err=True)
    if resume and resume.resolve() == answers_file(path).resolve():
        resume.unlink(missing_ok=True)  # the record is complete: its answers are done
    return path


def _ask_record(entry: Entry, game, rules: dict, rule_args: list[str], path: Path) -> dict:
    players = entry.ask(f"Players in seating order, separated by commas "
                        f"({_range_text(game.players)} names)", _names_parser(game.players))
    record: dict[str, Any] = {"game": game.id, "players": players}
    if rule_args:
        record["rules"] = parse_rule_args(game.id, rule_args)
    record.update(_ENTRY[game.id](entry, players, rules, path))
    record.update(_claims(entry, players))
    return record


def _save_answers(entry: Entry, game_id: str, path: Path, rule_args: list[str]):
    """Ctrl-C: keep what was typed (exit status 130) and say how to go on."""
    typer.echo("", err=True)
    if not entry.answers:
        typer.echo("Interrupted before the first answer; nothing was written.", err=True)
        raise typer.Exit(INTERRUPTED)
    target = answers_file(path)
    answers = {"format": _ANSWERS_FORMAT, "game": game_id, "out": str(path),
               "rules": list(rule_args), "answers": entry.answers}
    write_text(target, json.dumps(answers, indent=2, ensure_ascii=False) + "\n")
    typer.echo(f"Interrupted: {len(entry.answers)} answer(s) saved in {target}; "
               f"go on with: pnp check --resume {target}", err=True)
    raise typer.Exit(INTERRUPTED)


def _load_answers(path: Path) -> dict:
    """The answers file of an interrupted entry; DataError (exit 2) if it is not one."""
    doc = load_json(path)
    value = doc.value
    fields = {"game": str, "out": str, "rules": list, "answers": list}
    if not (isinstance(value, dict) and value.get("format") == _ANSWERS_FORMAT
            and all(isinstance(value.get(k), t) for k, t in fields.items())
            and all(isinstance(a, str) for a in value["answers"] + value["rules"])):
        raise DataError(Problem(str(path), "not an answers file saved by an interrupted "
                                           "pnp check --new"))
    get_game(value["game"])
    return value


def _range_text(bounds: tuple[int, int]) -> str:
    low, high = bounds
    return str(low) if low == high else f"{low}-{high}"


def _names_parser(bounds: tuple[int, int]) -> Callable[[str], list[str]]:
    def parse(raw: str) -> list[str]:
        names = [n.strip() for n in raw.split(",") if n.strip()]
        if len(set(names)) != len(names):
            raise ValueError("each player needs a different name")
        if not bounds[0] <= len(names) <= bounds[1]:
            raise ValueError(f"this game is for {_range_text(bounds)} players, "
                             f"not {len(names)}")
        return names
    return parse


def _int_parser(low: int, high: int | None = None, blank: bool = False):
    def parse(raw: str) -> int | None:
        if blank and not raw:
            return None
        try:
            value = int(raw)
        except ValueError:
            raise ValueError(f"{raw!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            raise ValueError(f"expected {low}-{high}" if high is not None
                             else f"expected at least {low}")
        return value
    return parse


def _one_of(options: list[str]) -> Callable[[str], str]:
    def parse(raw: str) -> str:
        if raw not in options:
            raise ValueError(f"expected one of: {', '.join(options)}")
        return raw
    return parse


def _claims(entry: Entry, players: list[str]) -> dict:
    claimed = {p: entry.ask(f"{p}'s total as written down (blank: none)",
                      _int_parser(-10**9, blank=True), default="") for p in players}
    claimed = {p: v for p, v in claimed.items() if v is not None}
    return {"claimed": claimed} if claimed else {}


def _majority(entry: Entry, players: list[str], rules: dict, path: Path) -> dict:
    record: dict[str, Any] = {}
    totals = {p: 0 for p in players}
    if entry.confirm("Enter the votes round by round?", default=True):
        record["rounds"] = []
        while True:
            number = len(record["rounds"]) + 1
            round_record, scores = _majority_round(entry, players, number)
            record["rounds"].append(round_record)
            totals = {p: totals[p] + scores.get(p, 0) for p in players}
            entry.note("  totals: " + ", ".join(f"{p} {t}" for p, t in totals.items()))
            if game_over(totals, rules["target"]):
                entry.note(f"  {rules['target']} points reached: the game is over.")
                break
            if not entry.confirm("Another round?", default=True):
                break
    if not record or entry.confirm("Also count the point cards each player holds?",
                                   default=False):
        record["final"] = {p: {"ones": entry.ask(f"{p}'s 1-point cards", _int_parser(0)),
                               "fives": entry.ask(f"{p}'s 5-point cards", _int_parser(0))}
                           for p in players}
    return record


def _majority_round(entry: Entry, players: list[str], number: int) -> tuple[dict, dict]:
    """One round's votes; only players still in the round are asked, until it ends."""
    variant = entry.ask(f"Round {number}: variant card (green/red, blank: not used)",
                  lambda raw: _one_of(["green", "red"])(raw.lower()) if raw else None,
                  default="")
    state, _ = start_round(players)
    turns = []
    vote = _one_of([o.lower() for o in VOTE_OPTIONS])
    while not state.over:
        turn = len(turns) + 1
        votes = {p: normalise_vote(entry.ask(f"Round {number}, turn {turn}: {p}'s vote "
                                       f"({'/'.join(VOTE_OPTIONS)})",
                                       lambda raw: vote(raw.lower())))
                 for p in state.active}
        turns.append(votes)
        state, outcome = play_turn(state, votes)
        scored = ", ".join(f"{p} +{n}" for p, n in outcome.scored.items()) or "nobody"
        entry.note(f"  majority: {', '.join(outcome.majorities) or 'none'}; scored: {scored}"
                   + (f"; round over ({outcome.reason})" if state.over else ""))
    round_record: dict[str, Any] = {"turns": turns}
    if variant:
        round_record = {"variant": variant, **round_record}
    return round_record, dict(state.scores)


def _majority2(entry: Entry, players: list[str], rules: dict, path: Path) -> dict:
    start = entry.ask("Start player (holds the marker all game)", _one_of(players),
                default=players[0])
    promos = entry.ask("Custom promo file (blank: none)", _promo_parser(path), default="")
    content = load_content("majority2", custom_promos=[promos] if promos else None)
    record: dict[str, Any] = {"start_player": start}
    if promos:
        record["promos"] = os.path.relpath(promos.resolve(), path.resolve().parent)
    record["score_areas"] = {
        p: entry.ask(f"{p}'s score area: card ids separated by commas, @colour for a disc "
               "(e.g. demons-secretary, witches-secretary@blue; blank: none)",
               lambda raw: [parse_card_answer(c, content)
                            for c in raw.replace(" ", ",").split(",") if c.strip()],
               default="")
        for p in players
    }
    record["coins"] = {p: entry.ask(f"{p}'s coins (face up and face down)", _int_parser(0))
                       for p in players}
    return record


def _promo_parser(path: Path) -> Callable[[str], Path | None]:
    def parse(raw: str) -> Path | None:
        if not raw:
            return None
        try:
            load_content("majority2", custom_promos=[Path(raw)])
        except DataError as exc:
            raise ValueError(str(exc.problems[0])) from None
        return Path(raw)
    return parse


def _majority_rules(entry: Entry, players: list[str], rules: dict, path: Path) -> dict:
    rounds = []
    totals = {p: 0 for p in players}
    while True:
        number = len(rounds) + 1
        gold = entry.ask(f"Round {number}: gold die", _int_parser(1, 6))
        dice = {p: "".join(map(str, entry.ask(f"Round {number}: {p}'s 8 dice (e.g. 33555442)",
                                        parse_dice)))
                for p in players}
        rounds.append({"gold": gold, "dice": dice})
        result = claim({p: [int(d) for d in v] for p, v in dice.items()}, gold)
        totals = {p: totals[p] + result.scores[p] for p in players}
        entry.note("  round: " + ", ".join(f"{p} {s}" for p, s in result.scores.items())
                   + "; totals: " + ", ".join(f"{p} {t}" for p, t in totals.items()))
        if reached(totals, rules["target"], rules["threshold"]):
            entry.note("  the game is over.")
            break
        if not entry.confirm("Another round?", default=True):
            break
    return {"rounds": rounds}


def _d20_stacks(entry: Entry, players: list[str], rules: dict, path: Path) -> dict:
    """The final stacks, one line each. A card the rules forbid where it was typed (not
    higher than the card below, on a closed stack) is flagged at once — live on a
    terminal, and after the line in any case — and kept only if the table confirms it is
    what happened (the check then reports it)."""
    def cards_of(raw: str) -> list[tuple[str, int]]:
        cards = [parse_card(c.strip()) for c in raw.split(",") if c.strip()]
        strangers = sorted({p for p, _ in cards if p not in players})
        if strangers:
            raise ValueError(f"not a player: {', '.join(strangers)} "
                             f"(players: {', '.join(players)})")
        return cards

    def parse_stack(raw: str) -> list[tuple[str, int]] | None:
        return cards_of(raw) if raw else None

    def hint(raw: str) -> str | None:
        try:
            return "; ".join(illegal_cards(cards_of(raw))) or None
        except ValueError as exc:
            return str(exc) if raw.rstrip().endswith(",") else None

    stacks = []
    while True:
        cards = entry.ask(f"Stack {len(stacks) + 1}: cards bottom to top as PLAYER:VALUE, "
                          "separated by commas (- for a dash; blank: no more stacks)",
                          parse_stack, default="", hint=hint)
        if cards is None:
            return {"stacks": stacks}
        problems = illegal_cards(cards)
        for problem in problems:
            entry.note(f"  illegal: {problem}")
        if problems and not entry.confirm("Keep this stack as typed (the check will "
                                          "report it)?", default=False):
            continue
        stacks.append([f"{p}:{v}" for p, v in cards])


def illegal_cards(cards: list[tuple[str, int]]) -> list[str]:
    """What is wrong with each card of one stack, bottom to top, by the placement rules
    the checker applies: `card 3 (G1:12): 12 is not greater than the 14 below it`."""
    stack = tuple(Card(p, v) for p, v in cards)
    return [f"card {c + 1} ({p}:{v}): {problem}"
            for c, (p, v) in enumerate(cards)
            if c and (problem := placement_problem(stack[:c], v))]


_ENTRY = {"majority": _majority, "majority2": _majority2,
          "majority-rules": _majority_rules, "d20-stacks": _d20_stacks}
