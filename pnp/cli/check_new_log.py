"""`pnp check --new majority2 --log`: take a whole Majority 2 game down at the table.

The rules engine drives the questions: at every decision it lists only the legal choices
(numbered; type the number or the choice itself), and it asks for each random result the
table sees (a card drawn, a card a random discard took), offering only the cards that can
still come up. Typing `stop` at a decision ends the log there (an unfinished game). The log
is written with the engine's own writer (`log-majority2`), atomically, then checked.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from pnp.check import parse_rule_args, rules_in_force
from pnp.cli.check_new import ask
from pnp.content.output import write_text
from pnp.errors import UsageError
from pnp.games.gamedata import load_content
from pnp.games.majority2 import engine as m2
from pnp.games.majority2 import table
from pnp.games.majority2.state import State
from pnp.games.recordtools import did_you_mean

STOP = "stop"


def enter_log(out: Path | None, rule_args: list[str]) -> Path:
    """Ask for a whole game, decision by decision; write the log and return its path."""
    rules = rules_in_force("majority2", {}, parse_rule_args("majority2", rule_args))
    path = out or Path("majority2-log.json")
    if not path.absolute().parent.is_dir():
        raise UsageError(f"--out {path}: the folder {path.absolute().parent} does not exist")
    content = load_content("majority2")
    try:
        if path.exists() and not typer.confirm(f"{path} exists. Replace it?", err=True):
            raise UsageError(f"{path} exists; nothing was written")
        names = ask("Players, separated by commas (2 names)", _two_names)
        start = ask("Start player", lambda raw: _one_of(raw, names), default=names[0])
        promos = ask("Promo cards shuffled in: none, all, or ids separated by commas "
                     "(one per copy)", _promo_list(content), default="none")
        cfg = m2.make_config(content, start_player=names.index(start), promos=promos,
                             rules=rules, round_limit=None)
        actions = _play(cfg, names)
        claimed = _claims(names)
    except typer.Abort:
        raise UsageError("the input ended before the log was complete; nothing was "
                         "written") from None
    record = table.finished_log(cfg, actions, names, claimed.get("claimed", {}),
                                parse_rule_args("majority2", rule_args))
    write_text(path, json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    typer.echo(f"Wrote {path}", err=True)
    return path


def _two_names(raw: str) -> list[str]:
    names = [n.strip() for n in raw.split(",") if n.strip()]
    if len(names) != 2 or names[0] == names[1]:
        raise ValueError("The Majority 2 is for 2 players with different names")
    return names


def _one_of(raw: str, options: list[str]) -> str:
    if raw not in options:
        raise ValueError(f"expected one of: {', '.join(options)}")
    return raw


def _claims(names: list[str]) -> dict:
    def total(raw: str) -> int | None:
        if not raw:
            return None
        try:
            return int(raw)
        except ValueError:
            raise ValueError(f"{raw!r} is not a whole number") from None
    claimed = {n: ask(f"{n}'s total as written down (blank: none)", total, default="")
               for n in names}
    claimed = {n: v for n, v in claimed.items() if v is not None}
    return {"claimed": claimed} if claimed else {}


def _promo_list(content):
    def parse(raw: str):
        if raw in ("", "none"):
            return ()
        if raw == "all":
            return "all"
        ids = [p.strip() for p in raw.split(",") if p.strip()]
        known = {m.id for m in content.promos}
        for card in ids:
            if card not in known:
                raise ValueError(f"unknown promo card {card!r}{did_you_mean(card, known)}")
        try:
            m2.make_config(content, promos=ids)
        except ValueError as exc:
            raise ValueError(str(exc)) from None
        return ids
    return parse


def _play(cfg, names: list[str]) -> list:
    st = m2.initial_state(cfg)
    actions: list = []
    while not m2.ENGINE.is_terminal(st):
        player, kind, options = st.need
        if kind == "exchange":
            _show_round(st, names)
        action = _chance(st, names) if table.is_chance(st) else _decision(st, names)
        if action == STOP:
            break
        st = m2.apply(st, action)
        actions.append(action)
    if st.end is not None:
        typer.echo(f"The game is over ({st.end}): "
                   + ", ".join(f"{n} {s}" for n, s in zip(names, m2.scores(st), strict=True)),
                   err=True)
    return actions


def _show_round(st: State, names: list[str]) -> None:
    cfg = st.cfg
    p = st.active
    lines = [f"— Round {st.round}: {names[p]} —"]
    for seat in (p, 1 - p):
        cols = " | ".join(" ".join(_card(cfg, e[0], e[1]) for e in st.cols[seat * 3 + c]) or "-"
                          for c in range(3))
        area = " ".join(_card(cfg, k, d) for k, d in st.areas[seat]) or "-"
        lines.append(f"  {names[seat]}: coins {st.up[seat]} up {st.down[seat]} down; "
                     f"columns {cols}; score area {area}")
    lines.append("  hand: " + (" ".join(cfg.ids[k] for k in st.hands[p]) or "-"))
    lines.append("  reserve: " + (" ".join(cfg.ids[k] for k in st.reserves[p]) or "-"))
    typer.echo("\n".join(lines), err=True)


def _card(cfg, kind: int, disc: str | None) -> str:
    return cfg.ids[kind] + (f"@{disc}" if disc else "")


def _decision(st: State, names: list[str]) -> Any:
    player, kind, options = st.need
    labels = [table.label(st, a, names) for a in options]
    if not table.must_ask(st):
        typer.echo(f"  {names[player]}: {labels[0]} (the only choice)", err=True)
        return options[0]
    menu = "\n".join(f"  {i}. {label}" for i, label in enumerate(labels, 1))
    typer.echo(menu, err=True)

    def parse(raw: str) -> Any:
        if raw == STOP:
            return STOP
        if raw.isdigit() and 1 <= int(raw) <= len(options):
            return options[int(raw) - 1]
        if raw in labels:
            return options[labels.index(raw)]
        raise ValueError(f"type a number 1-{len(options)} (or {STOP!r} to end the log here)")
    return ask(table.question(st, names), parse)


def _chance(st: State, names: list[str]) -> Any:
    text = table.question(st, names)
    possible = table.possible_cards(st)
    if len(possible) == 1:
        typer.echo(f"  {text}: {possible[0]} (the only one left)", err=True)
        return ("card", possible[0])

    def parse(raw: str) -> Any:
        if raw == STOP:
            return STOP
        if raw not in possible:
            raise ValueError(f"{raw!r} cannot come up here{did_you_mean(raw, possible)}")
        return ("card", raw)
    return ask(text, parse)
