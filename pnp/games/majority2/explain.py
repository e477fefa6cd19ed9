"""Why an action is not legal, in players' words and with the state that makes it so
("Witches Veteran needs 1 blue card in your score area; you have 0"): the message of the
engine's IllegalAction, which `pnp check` shows for the first illegal action of a log."""

from __future__ import annotations

from typing import Any

from pnp.games.majority2.state import CHANCE, State, area_colour_count

_PHASES = {"exchange": "the Exchange phase", "draw": "the Draw phase",
           "free": "the Free Play phase", "play": "the Standard Play phase",
           "form": "forming a faction", "target": "choosing a card",
           "colour": "naming a colour", "disc": "placing a disc",
           "hand": "choosing a hand card for your reserve",
           "column": "choosing the opponent's column"}


def why_illegal(st: State, action: Any) -> str:
    player, kind, options = st.need
    if player == CHANCE:
        return f"{action!r} is not a possible outcome here"
    if isinstance(action, tuple) and action and action[0] in ("free", "play") \
            and kind in ("free", "play"):
        reason = _card_reason(st, action, kind)
        if reason:
            return reason
    if kind == "exchange" and isinstance(action, tuple) and len(action) == 2:
        if st.forced[player]:
            return "a Demons Senior forces you to exchange hand and reserve this round"
        if st.round == 1:
            return "the start player may not exchange in the game's first round"
    if kind == "draw" and action == ("draw", False):
        return "your hand is empty: you must draw"
    expected = _PHASES.get(kind, kind)
    shown = ", ".join(map(repr, options[:12])) + (" …" if len(options) > 12 else "")
    return f"{action!r} is not a legal choice in {expected}; legal: {shown}"


def _card_reason(st: State, action: tuple, kind: str) -> str | None:
    cfg = st.cfg
    p = st.active
    if len(action) != 3 or action[0] != kind:
        if action[0] != kind:
            return (f"this is {_PHASES[kind]}, not "
                    f"{_PHASES['free' if action[0] == 'free' else 'play']}")
        return None
    _, card, column = action
    k = cfg.index.get(card)
    if k is None:
        return f"unknown card {card!r}"
    title = cfg.title(k)
    if column not in (1, 2, 3):
        return f"column {column!r}: a player has columns 1, 2 and 3"
    if k not in st.hands[p]:
        held = ", ".join(cfg.ids[c] for c in st.hands[p]) or "nothing"
        return f"{title} is not in your hand (hand: {held})"
    if kind == "free" and not cfg.free_ok[k]:
        return f"{title} cannot be played in Free Play"
    need = cfg.needs[k]
    if need and not (kind == "free" and cfg.free_play_ignores_requirements):
        have = area_colour_count(cfg, st.areas[p], cfg.colour[k])
        if have < need:
            return (f"{title} needs {need} {cfg.colour[k]} card{'s' * (need != 1)} in your "
                    f"score area; you have {have}")
    if kind == "play" and cfg.cost[k] > st.up[p]:
        return f"{title} costs {cfg.cost[k]} coins; you have {st.up[p]} face up"
    return None
