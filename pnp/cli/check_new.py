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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from pnp.check import parse_rule_args, rules_in_force
from pnp.cli.app import shown
from pnp.cli.check_new_log import ask_log
from pnp.cli.entry import Entry, claims, int_parser, names_parser, one_of, range_text
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


def answers_file(path: Path) -> Path:
    """Where an interrupted entry for the record `path` keeps its answers."""
    return path.with_name(f"{path.stem}.answers.json")


def enter_record(game_id: str | None, out: Path | None, rule_args: list[str],
                 resume: Path | None = None, log: bool = False) -> Path:
    """Ask for a whole record (with `log`, a Majority 2 game decision by decision), write
    it to `out` and return the path. With `resume`, the answers saved by an interrupted
    entry are replayed first (game, output path, rule options and log mode come from that
    file unless given again). Ctrl-C, or the input ending, keeps the answers so far."""
    saved = _load_answers(resume) if resume else None
    if saved:
        if game_id and game_id != saved["game"]:
            raise UsageError(f"--resume {resume} holds a {saved['game']} entry, not {game_id}")
        if log and not saved["log"]:
            raise UsageError(f"--resume {resume} holds an end-state entry, not a --log one")
        game_id, log = saved["game"], saved["log"]
        out = out or _saved_out(resume, saved["out"])
        rule_args = rule_args or saved["rules"]
    game = get_game(game_id)
    if log and game.id != "majority2":
        raise UsageError("--log goes with --new majority2: a whole game, play by play")
    rules = rules_in_force(game.id, {}, parse_rule_args(game.id, rule_args))
    path = out or Path("majority2-log.json" if log else f"{game.id}-record.json")
    if not path.absolute().parent.is_dir():
        raise UsageError(f"--out {path}: the folder {path.absolute().parent} does not exist")
    entry = Entry(saved["answers"] if saved else None)
    try:
        if path.exists() and not Entry(terminal=entry.terminal).confirm(
                f"{path} exists. Replace it?"):
            raise UsageError(f"{path} exists; nothing was written")
        record = ask_log(entry, rule_args) if log else \
            _ask_record(entry, game, rules, rule_args, path)
    except EOFError:
        _save_answers(entry, game.id, path, rule_args, log, ended=True)
    except KeyboardInterrupt:
        _save_answers(entry, game.id, path, rule_args, log, ended=False)
    write_text(path, json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    typer.echo(f"Wrote {path}", err=True)
    if resume and resume.resolve() == answers_file(path).resolve():
        resume.unlink(missing_ok=True)  # the record is complete: its answers are done
    return path


def _ask_record(entry: Entry, game, rules: dict, rule_args: list[str], path: Path) -> dict:
    players = entry.ask(f"Players in seating order, separated by commas "
                        f"({range_text(game.players)} names)", names_parser(game.players))
    record: dict[str, Any] = {"game": game.id, "players": players}
    if rule_args:
        record["rules"] = parse_rule_args(game.id, rule_args)
    record.update(_ENTRY[game.id](entry, players, rules, path))
    record.update(claims(entry, players))
    return record


def _save_answers(entry: Entry, game_id: str, path: Path, rule_args: list[str], log: bool,
                  ended: bool):
    """Ctrl-C (exit status 130) or the input ending early (exit status 2): keep what was
    typed and say how to go on."""
    typer.echo("", err=True)
    stop = "the input ended before the record was complete" if ended else "Interrupted"
    status = 2 if ended else INTERRUPTED
    if not entry.answers:
        typer.echo(f"{stop} before the first answer; nothing was written.", err=True)
        raise typer.Exit(status)
    target = answers_file(path)
    answers = {"format": _ANSWERS_FORMAT, "game": game_id, "out": path.name,
               "rules": list(rule_args), "answers": entry.answers}
    if log:
        answers["log"] = True
    write_text(target, json.dumps(answers, indent=2, ensure_ascii=False) + "\n")
    message = (f"{len(entry.answers)} answer(s) saved in {target}; go on with: "
               f"pnp check --resume {target}")
    if ended:
        raise UsageError(f"{stop}; {message}")
    typer.echo(f"{stop}: {message}", err=True)
    raise typer.Exit(status)


def _saved_out(resume: Path, out: str) -> Path:
    """Where a resumed entry writes its record: next to its answers file (where the
    interrupted entry would have written it), under the file name the answers give. A
    name that would lead anywhere else (`../x.json`, an absolute path, a NUL) is refused:
    an answers file may come from someone else."""
    name = Path(out)
    if not out or "\0" in out or name.name != out or out in (".", ".."):
        raise UsageError(f'--resume {resume}: its "out" ({shown(json.dumps(out))}) is not a '
                         f"file name next to the answers file; give --out to say where the "
                         f"record goes")
    return resume.parent / name


def _load_answers(path: Path) -> dict:
    """The answers file of an interrupted entry; DataError (exit 2) if it is not one."""
    doc = load_json(path)
    value = doc.value
    fields = {"game": str, "out": str, "rules": list, "answers": list}
    if not (isinstance(value, dict) and value.get("format") == _ANSWERS_FORMAT
            and all(isinstance(value.get(k), t) for k, t in fields.items())
            and isinstance(value.get("log", False), bool)
            and all(isinstance(a, str) for a in value["answers"] + value["rules"])):
        raise DataError(Problem(str(path), "not an answers file saved by an interrupted "
                                           "pnp check --new"))
    get_game(value["game"])
    return {"log": False, **value}


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
        record["final"] = {p: {"ones": entry.ask(f"{p}'s 1-point cards", int_parser(0)),
                               "fives": entry.ask(f"{p}'s 5-point cards", int_parser(0))}
                           for p in players}
    return record


def _majority_round(entry: Entry, players: list[str], number: int) -> tuple[dict, dict]:
    """One round's votes; only players still in the round are asked, until it ends."""
    variant = entry.ask(f"Round {number}: variant card (green/red, blank: not used)",
                  lambda raw: one_of(["green", "red"])(raw.lower()) if raw else None,
                  default="")
    state, _ = start_round(players)
    turns = []
    vote = one_of([o.lower() for o in VOTE_OPTIONS])
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
    start = entry.ask("Start player (holds the marker all game)", one_of(players),
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
    record["coins"] = {p: entry.ask(f"{p}'s coins (face up and face down)", int_parser(0))
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
        gold = entry.ask(f"Round {number}: gold die", int_parser(1, 6))
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
    def cards_of(raw: str) -> list[tuple[str, int, str]]:
        cards = [_typed_card(c) for c in raw.split(",") if c.strip()]
        strangers = sorted({p for p, _, _ in cards if p not in players})
        if strangers:
            raise ValueError(f"not a player: {', '.join(strangers)} "
                             f"(players: {', '.join(players)})")
        return cards

    def parse_stack(raw: str) -> list[tuple[str, int, str]] | None:
        return cards_of(raw) if raw else None

    def hint(raw: str) -> str | None:
        try:
            return "; ".join(illegal_cards(cards_of(raw))) or None
        except ValueError as exc:
            return str(exc) if raw.rstrip().endswith(",") else None

    stacks = []
    while True:
        cards = entry.ask(f"Stack {len(stacks) + 1}: cards bottom to top as PLAYER:VALUE, "
                          "separated by commas, spaces allowed (- for a dash; blank: no "
                          "more stacks)",
                          parse_stack, default="", hint=hint)
        if cards is None:
            return {"stacks": stacks}
        problems = illegal_cards(cards)
        for problem in problems:
            entry.note(f"  illegal: {problem}")
        if problems and not entry.confirm("Keep this stack as typed (the check will "
                                          "report it)?", default=False):
            continue
        stacks.append([f"{p}:{typed}" for p, _, typed in cards])


def _typed_card(text: str) -> tuple[str, int, str]:
    """A card as typed at the table: `G1:12`, `G2 : -` (spaces around the colon and the
    commas are fine here), as (player, value, the value as typed). The record keeps the
    value as typed, so a dash stays a dash; it is checked by the record's own rule."""
    player, _, typed = text.rpartition(":")
    player, typed = player.strip(), typed.strip()
    try:
        _, value = parse_card(f"{player}:{typed}")
    except ValueError:
        raise ValueError(f"{shown(text.strip())!r} is not PLAYER:VALUE with a value 0-20 "
                         "or - for the dash") from None
    return player, value, typed


def illegal_cards(cards: list[tuple[str, int, str]]) -> list[str]:
    """What is wrong with each card of one stack, bottom to top, by the placement rules
    the checker applies: `card 3 (G1:12): 12 is not greater than the 14 below it`."""
    stack = tuple(Card(p, v) for p, v, _ in cards)
    return [f"card {c + 1} ({p}:{typed}): {problem}"
            for c, (p, v, typed) in enumerate(cards)
            if c and (problem := placement_problem(stack[:c], v))]


_ENTRY = {"majority": _majority, "majority2": _majority2,
          "majority-rules": _majority_rules, "d20-stacks": _d20_stacks}
