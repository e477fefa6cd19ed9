"""Taking a Majority 2 game down at the table, decision by decision: what to ask, the legal
answers in players' words, and the table as people see it.

The terminal entry (`pnp check --new majority2 --log`) and the web page (`/log/majority2`)
both ask through this module, so they offer the same choices with the same words, and both
end with the engine's own log writer. A game in progress is only its list of actions:
`replay` rebuilds the state from them, accepting nothing the engine would not offer, so a
caller can keep the actions anywhere (a browser's storage) and trust none of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.games.majority2 import engine as m2
from pnp.games.majority2.answers import describe_action, distinct_answers
from pnp.games.majority2.log import _Replay, parse_log, write_log
from pnp.games.majority2.state import CHANCE, HAND, Config, State

QUESTIONS = {"exchange": "Exchange hand and reserve?", "draw": "Draw?",
             "free": "Free Play", "play": "Standard Play",
             "form": "A faction forms: representative", "target": "Choose a card",
             "colour": "Name a colour", "disc": "Place a disc",
             "hand": "Hand card for the reserve",
             "column": "The opponent's column for the Ghost"}
"""The question each kind of decision asks."""

MAX_ACTIONS = 20_000
"""More actions than any real game takes (a whole game is a few hundred): a longer list
is refused before it is replayed."""


def question(st: State, names: Sequence[str]) -> str:
    """What the engine asks now, in words: a player's decision or a card the table saw."""
    player, kind, source = st.need
    if player != CHANCE:
        return f"{names[player]}: {QUESTIONS[kind]}"
    frame = st.stack[-1]
    if kind == "setup":
        zone = "hand" if frame[3] == HAND else "reserve"
        return f"Card dealt into {names[frame[2]]}'s {zone}"
    if kind == "draw":
        return f"Card {names[st.active]} drew"
    if kind == "reserve-draw":
        return f"Card {names[1 - st.active]} drew into the reserve"
    if kind == "ability-draw":
        return "Card the ability drew"
    return f"Card discarded at random from {names[source]}'s reserve"


def is_chance(st: State) -> bool:
    """True when the engine waits for a card the table saw (a deal, a draw, a random
    discard) rather than for a player's decision."""
    return st.need[0] == CHANCE


def possible_cards(st: State) -> list[str]:
    """The card ids that can come up at a chance step (each once)."""
    return [a[1] for a in m2.legal_actions(st)]


def label(st: State, action: tuple, names: Sequence[str]) -> str:
    """One legal answer to the current decision, in players' words."""
    cfg = st.cfg
    what = action[0]
    if what == "pass":
        return "pass"
    if what in ("free", "play"):
        return f"{cfg.title(cfg.index[action[1]])} into column {action[2]}"
    if what == "exchange":
        return "exchange" if action[1] else "keep the hand"
    if what == "draw":
        return f"draw {m2.draw_count(st)}" if action[1] else "do not draw"
    return describe_action(st, action, list(names))


def choices(st: State) -> list:
    """The legal answers to the current decision, one per answer a log would write (two
    copies of one card are one answer)."""
    return distinct_answers(st, st.need[2])


def asks(st: State) -> bool:
    """True when the table has something to answer: a card with several possibilities, or
    a decision with more than one answer (a play phase always asks: passing ends it)."""
    if is_chance(st):
        return len(m2.legal_actions(st)) > 1
    return len(choices(st)) > 1 or st.need[1] in ("free", "play")


def must_ask(st: State) -> bool:
    """False when a decision has a single answer that needs no confirmation (a play phase
    always asks: passing ends it)."""
    _, kind, options = st.need
    return len(options) > 1 or kind in ("free", "play")


def make_game(content, names: Sequence[str], start: str, promos: Sequence[str] | str,
              rules: Mapping[str, Any], round_limit: int | None = None) -> Config:
    """The setup of a game taken down at the table: no round limit (the rules end it),
    unless it goes on from a simulation's log, which keeps the limit it was played under.
    ValueError saying what is wrong with the names or the promo cards."""
    names = list(names)
    if len(names) != 2 or names[0] == names[1]:
        raise ValueError("The Majority 2 is for 2 players with different names")
    if start not in names:
        raise ValueError(f"the start player {start!r} is not one of the players")
    return m2.make_config(content, start_player=names.index(start), promos=promos,
                          rules=rules, round_limit=round_limit)


@dataclass
class Walk:
    """A game replayed from its actions: the state reached, the actions as the engine's
    tuples, and each step in words with the round it belongs to (the round history)."""

    state: State
    actions: list[tuple] = field(default_factory=list)
    steps: list[tuple[int, str]] = field(default_factory=list)
    asked: list[bool] = field(default_factory=list)  # per action: had it a choice?


def replay(cfg: Config, actions: Sequence[Any], names: Sequence[str] = ("1", "2")) -> Walk:
    """The game after `actions` (each a tuple or its JSON form, a list). ValueError naming
    the first action that is not a legal answer at its step, or one given after the game
    ended."""
    if len(actions) > MAX_ACTIONS:
        raise ValueError(f"{len(actions)} actions; a game takes far fewer than {MAX_ACTIONS}")
    walk = Walk(m2.initial_state(cfg))
    for i, given in enumerate(actions):
        advance(walk, given, names, f"action {i + 1}")
    return walk


def advance(walk: Walk, given: Any, names: Sequence[str], called: str = "the action") -> None:
    """One more action (ValueError if it is not a legal answer now)."""
    st = walk.state
    if m2.ENGINE.is_terminal(st):
        raise ValueError(f"{called}: the game had already ended")
    action = _legal_match(st, given)
    if action is None:
        raise ValueError(f"{called} is not a legal answer to {question(st, names)!r}")
    walk.steps.append((st.round, step_text(st, action, names)))
    walk.asked.append(asks(st))
    walk.state = m2.apply(st, action)
    walk.actions.append(action)


def card_title(cfg: Config, card: str) -> str:
    """A card's printed name, marked when it is a promo card (its name may be the base
    card's)."""
    kind = cfg.index[card]
    return cfg.title(kind) + (" (promo)" if cfg.members[kind].promo else "")


def step_text(st: State, action: tuple, names: Sequence[str]) -> str:
    """One step of the game in words: the question and the answer."""
    if is_chance(st):
        return f"{question(st, names)}: {card_title(st.cfg, action[1])}"
    return f"{question(st, names)}: {label(st, action, names)}"


def log_actions(doc, content, rules: Mapping[str, Any],
                stop_after: int | None = None) -> tuple[Config, list, list]:
    """The setup and actions of a `log-majority2` record (already through the checker's
    input checks), and its violations: the replay stops at the first illegal entry, so the
    actions are the game up to there. `stop_after`: the replay stops after that many
    actions (a game interrupted mid-round: the rest of its last round is not passes)."""
    replay_log = _Replay(parse_log(doc, content), content, rules)
    _, violations = replay_log.run(stop_after)
    return replay_log.cfg, replay_log.actions, violations


def _legal_match(st: State, given: Any) -> tuple | None:
    """The legal action equal to `given` (a tuple, or the same as a JSON list)."""
    wanted = as_json(given)
    for action in m2.legal_actions(st):
        if as_json(action) == wanted:
            return action
    return None


def as_json(action: Any) -> Any:
    """An action as plain JSON values (tuples become lists)."""
    if isinstance(action, tuple | list):
        return [as_json(a) for a in action]
    return action


def finished_log(cfg: Config, actions: Sequence[Any], names: Sequence[str],
                 claimed: Mapping[str, int], rules_given: Mapping[str, Any]) -> dict:
    """The `log-majority2` record of the game so far: the engine's log, with the totals
    the players wrote down (not the engine's) and the rule options they chose."""
    record = write_log(cfg, actions, names)
    record.pop("claimed", None)
    if claimed:
        record["claimed"] = dict(claimed)
    if rules_given:
        record["rules"] = dict(rules_given)
    return record


def table_view(st: State, names: Sequence[str]) -> dict:
    """Both players' tables as people see them: coins, columns, score area, hand and
    reserve (card ids with discs), plus the deck and discard counts and the round."""
    cfg = st.cfg

    def card(kind: int, disc: str | None) -> dict:
        return {"id": cfg.ids[kind], "title": card_title(cfg, cfg.ids[kind]), "disc": disc,
                "colour": disc or cfg.colour[kind]}

    seats = [{"name": names[s], "coins_up": st.up[s], "coins_down": st.down[s],
              "columns": [[card(e[0], e[1]) for e in st.cols[s * 3 + c]] for c in range(3)],
              "score_area": [card(k, d) for k, d in st.areas[s]],
              "hand": [card(k, None) for k in st.hands[s]],
              "reserve": [card(k, None) for k in st.reserves[s]],
              "start": s == cfg.start_player}
             for s in (0, 1)]
    return {"round": st.round, "active": names[st.active], "deck": st.ndeck,
            "discard_pile": sum(st.discard), "seats": seats, "end": st.end,
            "scores": dict(zip(names, m2.scores(st), strict=True))}
