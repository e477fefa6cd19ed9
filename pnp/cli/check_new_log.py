"""`pnp check --new majority2 --log`: take a whole Majority 2 game down at the table.

The rules engine drives the questions: at every decision it lists only the legal choices
(numbered; type the number or the choice itself), and it asks for each random result the
table sees (a card drawn, a card a random discard took), offering only the cards that can
still come up. Typing `stop` at a decision ends the log there (an unfinished game). The
answers go through the same `Entry` as every `--new` record (Ctrl-C or the input ending
keeps them for `--resume`); the log is the engine's own writer's (`log-majority2`).
"""

from __future__ import annotations

from typing import Any

from pnp.check import parse_rule_args, rules_in_force
from pnp.cli.entry import Entry, claims, names_parser
from pnp.games.gamedata import load_content
from pnp.games.majority2 import engine as m2
from pnp.games.majority2 import table
from pnp.games.majority2.state import State
from pnp.games.recordtools import did_you_mean

STOP = "stop"


def ask_log(entry: Entry, rule_args: list[str]) -> dict:
    """Ask for a whole game, decision by decision, through `entry` (so an interrupted
    entry keeps its answers and `--resume` replays them); the `log-majority2` record."""
    rules = rules_in_force("majority2", {}, parse_rule_args("majority2", rule_args))
    content = load_content("majority2")
    names = entry.ask("Players, separated by commas (2 names)", _two_names)
    start = entry.ask("Start player", lambda raw: _one_of(raw, names), default=names[0])
    promos = entry.ask("Promo cards shuffled in: none, all, or ids separated by commas "
                       "(one per copy)", _promo_list(content), default="none")
    cfg = m2.make_config(content, start_player=names.index(start), promos=promos,
                         rules=rules, round_limit=None)
    actions = _play(entry, cfg, names)
    claimed = claims(entry, names)
    return table.finished_log(cfg, actions, names, claimed.get("claimed", {}),
                              parse_rule_args("majority2", rule_args))


def _two_names(raw: str) -> list[str]:
    return names_parser((2, 2))(raw)


def _one_of(raw: str, options: list[str]) -> str:
    if raw not in options:
        raise ValueError(f"expected one of: {', '.join(options)}")
    return raw


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


def _play(entry: Entry, cfg, names: list[str]) -> list:
    st = m2.initial_state(cfg)
    actions: list = []
    while not m2.ENGINE.is_terminal(st):
        player, kind, options = st.need
        if kind == "exchange":
            entry.note(_round_view(st, names))
        action = _chance(entry, st, names) if table.is_chance(st) else \
            _decision(entry, st, names)
        if action == STOP:
            break
        st = m2.apply(st, action)
        actions.append(action)
    if st.end is not None:
        entry.note(f"The game is over ({st.end}): "
                   + ", ".join(f"{n} {s}" for n, s in zip(names, m2.scores(st), strict=True)))
    return actions


def _round_view(st: State, names: list[str]) -> str:
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
    return "\n".join(lines)


def _card(cfg, kind: int, disc: str | None) -> str:
    return cfg.ids[kind] + (f"@{disc}" if disc else "")


def _decision(entry: Entry, st: State, names: list[str]) -> Any:
    player, kind, options = st.need
    labels = [table.label(st, a, names) for a in options]
    if not table.must_ask(st):
        entry.note(f"  {names[player]}: {labels[0]} (the only choice)")
        return options[0]
    entry.note("\n".join(f"  {i}. {label}" for i, label in enumerate(labels, 1)))

    def parse(raw: str) -> Any:
        if raw == STOP:
            return STOP
        if raw.isdigit() and 1 <= int(raw) <= len(options):
            return options[int(raw) - 1]
        if raw in labels:
            return options[labels.index(raw)]
        raise ValueError(f"type a number 1-{len(options)} (or {STOP!r} to end the log here)")
    return entry.ask(table.question(st, names), parse)


def _chance(entry: Entry, st: State, names: list[str]) -> Any:
    text = table.question(st, names)
    possible = table.possible_cards(st)
    if len(possible) == 1:
        entry.note(f"  {text}: {possible[0]} (the only one left)")
        return ("card", possible[0])

    def parse(raw: str) -> Any:
        if raw == STOP:
            return STOP
        if raw not in possible:
            raise ValueError(f"{raw!r} cannot come up here{did_you_mean(raw, possible)}")
        return ("card", raw)
    return entry.ask(text, parse)
