"""`pnp check --new GAME`: type a record in at the table, question by question.

Each answer is parsed at once and asked again when invalid (unknown card id with a
suggestion, a die that is not 1-6, a name that is not a player...), so nobody writes JSON
by hand. The Majority and Majority Rules! are replayed while they are entered, so only the
players still in a round are asked to vote and the questions stop when the game ends.
Prompts go to stderr, keeping stdout for the report (`--json` stays parseable). The record
is written atomically (temporary file, then rename) and then checked like any other.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from pnp.check import parse_rule_args, rules_in_force
from pnp.content.output import write_text
from pnp.errors import DataError, UsageError
from pnp.gamedata import load_content
from pnp.games import get_game
from pnp.games.d20_stacks.record import parse_card
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


def enter_record(game_id: str, out: Path | None, rule_args: list[str]) -> Path:
    """Ask for a whole record, write it to `out` and return the path."""
    game = get_game(game_id)
    rules = rules_in_force(game.id, {}, parse_rule_args(game.id, rule_args))
    path = out or Path(f"{game.id}-record.json")
    if not path.absolute().parent.is_dir():
        raise UsageError(f"--out {path}: the folder {path.absolute().parent} does not exist")
    try:
        if path.exists() and not typer.confirm(f"{path} exists. Replace it?", err=True):
            raise UsageError(f"{path} exists; nothing was written")
        players = ask(f"Players in seating order, separated by commas "
                      f"({_range_text(game.players)} names)", _names_parser(game.players))
        record: dict[str, Any] = {"game": game.id, "players": players}
        if rule_args:
            record["rules"] = parse_rule_args(game.id, rule_args)
        record.update(_ENTRY[game.id](players, rules, path))
        record.update(_claims(players))
    except typer.Abort:
        raise UsageError("the input ended before the record was complete; nothing was "
                         "written") from None
    write_text(path, json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    typer.echo(f"Wrote {path}", err=True)
    return path


def ask(text: str, parse: Callable[[str], Any], default: str | None = None) -> Any:
    """Prompt until `parse` accepts the answer; its ValueError is shown and asked again."""
    def check(raw: str) -> Any:
        try:
            return parse(raw.strip())
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None
    return typer.prompt(text, default=default, value_proc=check, err=True,
                        show_default=bool(default))


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


def _claims(players: list[str]) -> dict:
    claimed = {p: ask(f"{p}'s total as written down (blank: none)",
                      _int_parser(-10**9, blank=True), default="") for p in players}
    claimed = {p: v for p, v in claimed.items() if v is not None}
    return {"claimed": claimed} if claimed else {}


def _majority(players: list[str], rules: dict, path: Path) -> dict:
    record: dict[str, Any] = {}
    totals = {p: 0 for p in players}
    if typer.confirm("Enter the votes round by round?", default=True, err=True):
        record["rounds"] = []
        while True:
            number = len(record["rounds"]) + 1
            round_record, scores = _majority_round(players, number)
            record["rounds"].append(round_record)
            totals = {p: totals[p] + scores.get(p, 0) for p in players}
            typer.echo("  totals: " + ", ".join(f"{p} {t}" for p, t in totals.items()),
                       err=True)
            if game_over(totals, rules["target"]):
                typer.echo(f"  {rules['target']} points reached: the game is over.", err=True)
                break
            if not typer.confirm("Another round?", default=True, err=True):
                break
    if not record or typer.confirm("Also count the point cards each player holds?",
                                   default=False, err=True):
        record["final"] = {p: {"ones": ask(f"{p}'s 1-point cards", _int_parser(0)),
                               "fives": ask(f"{p}'s 5-point cards", _int_parser(0))}
                           for p in players}
    return record


def _majority_round(players: list[str], number: int) -> tuple[dict, dict]:
    """One round's votes; only players still in the round are asked, until it ends."""
    variant = ask(f"Round {number}: variant card (green/red, blank: not used)",
                  lambda raw: _one_of(["green", "red"])(raw.lower()) if raw else None,
                  default="")
    state, _ = start_round(players)
    turns = []
    vote = _one_of([o.lower() for o in VOTE_OPTIONS])
    while not state.over:
        turn = len(turns) + 1
        votes = {p: normalise_vote(ask(f"Round {number}, turn {turn}: {p}'s vote "
                                       f"({'/'.join(VOTE_OPTIONS)})",
                                       lambda raw: vote(raw.lower())))
                 for p in state.active}
        turns.append(votes)
        state, outcome = play_turn(state, votes)
        scored = ", ".join(f"{p} +{n}" for p, n in outcome.scored.items()) or "nobody"
        typer.echo(f"  majority: {', '.join(outcome.majorities) or 'none'}; scored: {scored}"
                   + (f"; round over ({outcome.reason})" if state.over else ""), err=True)
    round_record: dict[str, Any] = {"turns": turns}
    if variant:
        round_record = {"variant": variant, **round_record}
    return round_record, dict(state.scores)


def _majority2(players: list[str], rules: dict, path: Path) -> dict:
    start = ask("Start player (holds the marker all game)", _one_of(players),
                default=players[0])
    promos = ask("Custom promo file (blank: none)", _promo_parser(path), default="")
    content = load_content("majority2", custom_promos=[promos] if promos else None)
    record: dict[str, Any] = {"start_player": start}
    if promos:
        record["promos"] = os.path.relpath(promos.resolve(), path.resolve().parent)
    record["score_areas"] = {
        p: ask(f"{p}'s score area: card ids separated by commas, @colour for a disc "
               "(e.g. demons-secretary, witches-secretary@blue; blank: none)",
               lambda raw: [parse_card_answer(c, content)
                            for c in raw.replace(" ", ",").split(",") if c.strip()],
               default="")
        for p in players
    }
    record["coins"] = {p: ask(f"{p}'s coins (face up and face down)", _int_parser(0))
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


def _majority_rules(players: list[str], rules: dict, path: Path) -> dict:
    rounds = []
    totals = {p: 0 for p in players}
    while True:
        number = len(rounds) + 1
        gold = ask(f"Round {number}: gold die", _int_parser(1, 6))
        dice = {p: "".join(map(str, ask(f"Round {number}: {p}'s 8 dice (e.g. 33555442)",
                                        parse_dice)))
                for p in players}
        rounds.append({"gold": gold, "dice": dice})
        result = claim({p: [int(d) for d in v] for p, v in dice.items()}, gold)
        totals = {p: totals[p] + result.scores[p] for p in players}
        typer.echo("  round: " + ", ".join(f"{p} {s}" for p, s in result.scores.items())
                   + "; totals: " + ", ".join(f"{p} {t}" for p, t in totals.items()), err=True)
        if reached(totals, rules["target"], rules["threshold"]):
            typer.echo("  the game is over.", err=True)
            break
        if not typer.confirm("Another round?", default=True, err=True):
            break
    return {"rounds": rounds}


def _d20_stacks(players: list[str], rules: dict, path: Path) -> dict:
    def parse_stack(raw: str) -> list[str] | None:
        if not raw:
            return None
        cards = [parse_card(c.strip()) for c in raw.split(",") if c.strip()]
        strangers = sorted({p for p, _ in cards if p not in players})
        if strangers:
            raise ValueError(f"not a player: {', '.join(strangers)} "
                             f"(players: {', '.join(players)})")
        return [f"{p}:{v}" for p, v in cards]

    stacks = []
    while True:
        stack = ask(f"Stack {len(stacks) + 1}: cards bottom to top as PLAYER:VALUE, "
                    "separated by commas (- for a dash; blank: no more stacks)",
                    parse_stack, default="")
        if stack is None:
            return {"stacks": stacks}
        stacks.append(stack)


_ENTRY = {"majority": _majority, "majority2": _majority2,
          "majority-rules": _majority_rules, "d20-stacks": _d20_stacks}
