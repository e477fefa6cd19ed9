"""A whole Majority 2 game as a log (schema `log-majority2`): writing one from the engine's
actions, and replaying one through the engine for `pnp check`.

A log is what players can write down at the table: the setup (dealt reserves and starting
hand, or a seed), then each round's decisions in order — exchange, draw (and the cards
drawn), the free play, each standard play with the choices its ability asked for and the
random results seen. Replaying maps each decision the engine asks for to the next entry of
the right list, so a log needs no engine internals: a choice with only one legal answer may
be left out, and a chance result left out is drawn from `seed` when the log gives one.

The first action the engine refuses is reported by its JSON path with the engine's reason
(the state that makes it illegal), and the replay stops there.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pnp.content.jsonfile import JsonDoc
from pnp.errors import DataError
from pnp.games import engine as eng
from pnp.games.majority2 import engine as m2
from pnp.games.majority2.answers import (
    CHOICE_KINDS,
    asked,
    card_item,
    decode_choice,
    describe_action,
    distinct_answers,
    encode_choice,
    refusal,
    shown,
)
from pnp.games.majority2.content import Majority2Content
from pnp.games.majority2.judge import describe
from pnp.games.majority2.scoring import area_scores
from pnp.games.majority2.state import CHANCE, HAND, Config, State
from pnp.games.recordtools import did_you_mean, whole_numbers
from pnp.games.verdict import (
    Line,
    Verdict,
    Violation,
    claim_violations,
    player_results,
    where,
)

_SECTION_LISTS = ("choices", "drawn", "random_discards", "representatives")


# --- writing --------------------------------------------------------------------------

def to_record(cfg: Config, played: eng.PlayedGame, names: Sequence[str]) -> dict:
    """The game as a `log-majority2` record (the `Game.to_record` of The Majority 2)."""
    return write_log(cfg, played.actions, names)


def write_log(cfg: Config, actions: Sequence[Any], names: Sequence[str]) -> dict:
    """The `log-majority2` record of a game given by its actions (chance included)."""
    names = list(names)
    st = m2.initial_state(cfg)
    setup: dict[str, Any] = {"reserves": {n: [] for n in names}, "hand": []}
    rounds: list[dict] = []
    current: dict = {}
    section: dict = {}
    for action in actions:
        player, kind, _ = st.need
        frame = st.stack[-1]
        if kind == "setup":
            card = action[1]
            if frame[3] == HAND:
                setup["hand"].append(card)
            else:
                setup["reserves"][names[frame[2]]].append(card)
        elif kind == "exchange":
            current = {"player": names[st.active], "exchange": action[1]}
            rounds.append(current)
        elif kind == "draw" and player != CHANCE:
            current["draw"] = [] if action[1] else False
        elif kind == "draw":
            current["draw"].append(action[1])
        elif kind == "reserve-draw":
            current["reserve_draw"] = action[1]
        elif kind in ("free", "play"):
            if action[0] != "pass":
                section = {"card": action[1], "column": action[2]}
                if kind == "free":
                    current["free_play"] = section
                else:
                    current.setdefault("plays", []).append(section)
        elif kind == "form":
            section.setdefault("representatives", []).append(
                card_item(st, st.cols[frame[1]][action[1]]))
        elif kind == "ability-draw":
            section.setdefault("drawn", []).append(action[1])
        elif kind == "random-discard":
            section.setdefault("random_discards", []).append(action[1])
        else:
            section.setdefault("choices", []).append(encode_choice(st, action, names))
        st = m2.apply(st, action)
    record: dict[str, Any] = {"game": "majority2", "players": names,
                              "start_player": names[cfg.start_player]}
    used = [card for card, n in m2.promos_in_use(cfg).items() for _ in range(n)]
    if used:
        record["use_promos"] = used
    if cfg.free_play_ignores_requirements:
        record["rules"] = {"free_play_ignores_requirements": True}
    if cfg.round_limit is not None:
        record["round_limit"] = cfg.round_limit
    record["setup"] = setup
    record["rounds"] = rounds
    if st.end is not None:
        record["end"] = st.end
    record["claimed"] = dict(zip(names, m2.scores(st), strict=True))
    return record


# --- reading --------------------------------------------------------------------------

@dataclass(frozen=True)
class Majority2Log:
    """A schema-valid log whose names and card ids are known."""

    doc: JsonDoc
    players: tuple[str, ...]
    start_player: str
    claimed: Mapping[str, int]


def parse_log(doc: JsonDoc, content: Majority2Content) -> Majority2Log:
    """Names and card ids checked (DataError listing each unknown one by JSON path); a
    whole-number float such as a column `2.0` read as the integer it is."""
    doc = replace(doc, value=whole_numbers(doc.value))
    value = doc.value
    players = tuple(value["players"])
    problems = []

    def card(path: str, card_id: Any, known=content.cards) -> None:
        if isinstance(card_id, str) and card_id not in known:
            problems.append(doc.problem(path, f"unknown card {card_id!r}"
                                              f"{did_you_mean(card_id, known)}"))

    def name(path: str, who: Any) -> None:
        if isinstance(who, str) and who not in players:
            problems.append(doc.problem(path, f"{who!r} is not one of the players "
                                              f"({', '.join(players)})"
                                              f"{did_you_mean(who, players)}"))

    if "start_player" in value:
        name("$.start_player", value["start_player"])
    for i, card_id in enumerate(value.get("use_promos", [])):
        card(f"$.use_promos[{i}]", card_id, {m.id: m for m in content.promos})
    setup = value.get("setup", {})
    for who, cards in setup.get("reserves", {}).items():
        name(f"$.setup.reserves.{who}", who)
        for i, card_id in enumerate(cards):
            card(f"$.setup.reserves.{who}[{i}]", card_id)
    for i, card_id in enumerate(setup.get("hand", [])):
        card(f"$.setup.hand[{i}]", card_id)
    for r, rnd in enumerate(value["rounds"]):
        base = f"$.rounds[{r}]"
        name(f"{base}.player", rnd.get("player"))
        if isinstance(rnd.get("draw"), list):
            for i, card_id in enumerate(rnd["draw"]):
                card(f"{base}.draw[{i}]", card_id)
        card(f"{base}.reserve_draw", rnd.get("reserve_draw"))
        sections = [(f"{base}.free_play", rnd["free_play"])] if rnd.get("free_play") else []
        sections += [(f"{base}.plays[{j}]", p) for j, p in enumerate(rnd.get("plays", []))]
        for path, sec in sections:
            card(f"{path}.card", sec["card"])
            for key in ("drawn", "random_discards"):
                for i, card_id in enumerate(sec.get(key, [])):
                    card(f"{path}.{key}[{i}]", card_id)
            for i, rep in enumerate(sec.get("representatives", [])):
                card(f"{path}.representatives[{i}]", rep if isinstance(rep, str) else rep["card"])
            for i, choice in enumerate(sec.get("choices", [])):
                if isinstance(choice, dict):
                    name(f"{path}.choices[{i}].player", choice.get("player"))
                    card(f"{path}.choices[{i}].card", choice.get("card"))
    claimed = value.get("claimed", {})
    for who in claimed:
        name(f"$.claimed.{who}", who)
    if problems:
        raise DataError(problems)
    try:
        _config(doc, content, {})
    except ValueError as exc:
        raise DataError(doc.problem("$.use_promos", str(exc))) from None
    return Majority2Log(doc, players, value.get("start_player", players[0]), dict(claimed))


def _config(doc: JsonDoc, content: Majority2Content, rules: Mapping) -> Config:
    value = doc.value
    players = value["players"]
    start = players.index(value.get("start_player", players[0]))
    return m2.make_config(content, start_player=start, promos=value.get("use_promos", ()),
                          rules=rules, round_limit=value.get("round_limit"))


class _Stop(Exception):
    """The replay stops at a violation (the first illegal action or bad entry)."""

    def __init__(self, where_: str, message: str, kind: str = "illegal-entry"):
        super().__init__(message)
        self.violation = Violation(where_, message, kind)


# `pnp check --json` shows the table after each of the first this many rounds: a real game
# has a few dozen, a simulation's limit is 200; a 100,000-round log would print gigabytes.
STATES_KEPT = 1000


class _Replay:
    """Feeds a log to the engine decision by decision."""

    def __init__(self, log: Majority2Log, content: Majority2Content, rules: Mapping):
        self.value = log.doc.value
        self.names = list(log.players)
        self.cfg = _config(log.doc, content, rules)
        self.rng = random.Random(self.value["seed"]) if "seed" in self.value else None
        self.states: list[dict] = []
        self.actions: list = []  # every action replayed, for tools that go on from a log
        self.rounds_ended = 0
        self.round_index = -1
        self.round: dict = {}
        self.round_path = ""
        self.drew = False
        self.section: dict = {}
        self.section_path = ""
        self.used: dict[str, int] = {}
        self.play_index = 0

    # The log's lists, consumed in order.
    def _next(self, items: Sequence, key: str) -> tuple[Any, int] | None:
        i = self.used.get(key, 0)
        if i < len(items):
            self.used[key] = i + 1
            return items[i], i
        return None

    def _unread(self, key: str) -> None:
        self.used[key] -= 1

    def run(self, stop_after: int | None = None) -> tuple[State, list[Violation]]:
        """The state the log leads to, and its first violation. `stop_after`: stop after
        that many actions (where a game was interrupted), before any check of what the log
        leaves out after them."""
        st = m2.initial_state(self.cfg)
        rounds = self.value["rounds"]
        try:
            while not m2.ENGINE.is_terminal(st):
                if stop_after is not None and len(self.actions) >= stop_after:
                    return st, []
                if st.need[1] == "exchange":
                    self._close_section()
                    self.round_index += 1
                    if self.round_index >= len(rounds):
                        return st, []
                    self._open_round(st)
                path, action = self._decide(st)
                try:
                    st = m2.apply(st, action, self._round_ended)
                except eng.IllegalAction as exc:
                    raise _Stop(path, self._reason(st, action, str(exc))) from None
                self.actions.append(action)
            self._close_section()
            if self.round_index + 1 < len(rounds):
                raise _Stop(where("rounds", self.round_index + 1),
                            f"the game ended ({_END[st.end]}) before this round", "after-end")
        except _Stop as stop:
            return st, [stop.violation]
        return st, []

    def _round_ended(self, st: State) -> None:
        """The table between Cleanup and the next player's Income (`--json` states)."""
        self.rounds_ended += 1
        if len(self.states) < STATES_KEPT:
            self.states.append(round_state(st, self.names, st.round - 1))

    def _open_round(self, st: State) -> None:
        rnd = self.value["rounds"][self.round_index]
        self.round = rnd
        self.round_path = where("rounds", self.round_index)
        self.play_index = 0
        self.drew = False
        self.section, self.section_path, self.used = rnd, self.round_path, {}
        who = rnd.get("player")
        if who is not None and who != self.names[st.active]:
            raise _Stop(f"{self.round_path}.player",
                        f"round {st.round} is {self.names[st.active]}'s round, not {who}'s")

    def _draws_done(self, st: State) -> None:
        """After the Draw phase: every card the round's `draw` lists was drawn, and a
        `reserve_draw` was possible (a draw happened and a card was left for it)."""
        rnd, path = self.round, self.round_path
        draw = rnd.get("draw")
        i = self.used.get("draw", 0)
        if isinstance(draw, list) and i < len(draw):
            raise _Stop(f"{path}.draw[{i}]",
                        f"only {i} card(s) were drawn; this one is one too many")
        if rnd.get("reserve_draw") is None or self.used.get("reserve_draw"):
            return
        me, other = self.names[st.active], self.names[1 - st.active]
        if not self.drew:
            message = (f"{me} did not draw this round, so {other} draws no card into "
                       f"their reserve")
        else:
            message = (f"no card was left to draw into {other}'s reserve: the deck and the "
                       f"discard pile are empty")
        raise _Stop(f"{path}.reserve_draw", message)

    def _open_section(self, sec: dict, path: str) -> None:
        self._close_section()
        self.section, self.section_path = sec, path
        self.used = {}

    def _close_section(self) -> None:
        for key in _SECTION_LISTS:
            items = self.section.get(key, [])
            i = self.used.get(key, 0)
            if i < len(items):
                raise _Stop(f"{self.section_path}.{key}[{i}]",
                            f"not asked for: the game needed {i} of these here")

    def _decide(self, st: State) -> tuple[str, Any]:
        player, kind, options = st.need
        rnd = self.round
        if kind == "setup":
            return self._setup_card(st)
        if player == CHANCE:
            return self._chance(st, kind, rnd)
        if kind == "exchange":
            value = rnd.get("exchange")
            path = f"{self.round_path}.exchange"
            if value is None:
                return path, options[0] if len(options) == 1 else ("exchange", False)
            return path, ("exchange", value)
        if kind == "draw":
            value = rnd.get("draw")
            path = f"{self.round_path}.draw"
            if value is None:
                action = options[0] if len(options) == 1 else ("draw", False)
            else:
                action = ("draw", value is not False)
            self.drew = action[1]
            return path, action
        if kind == "free":
            self._draws_done(st)
            sec = rnd.get("free_play")
            path = f"{self.round_path}.free_play"
            if not sec:
                return path, ("pass",)
            self._open_section(sec, path)
            return path, ("free", sec["card"], sec["column"])
        if kind == "play":
            plays = rnd.get("plays", [])
            if self.play_index >= len(plays):
                self._close_section()
                return f"{self.round_path}.plays", ("pass",)
            path = where("rounds", self.round_index, "plays", self.play_index)
            sec = plays[self.play_index]
            self.play_index += 1
            self._open_section(sec, path)
            return path, ("play", sec["card"], sec["column"])
        key = "representatives" if kind == "form" else "choices"
        return self._choice(st, key, options)

    def _setup_card(self, st: State) -> tuple[str, Any]:
        frame = st.stack[-1]
        setup = self.value.get("setup")
        if frame[3] == HAND:
            key, path = "setup.hand", "setup.hand"
            items = setup.get("hand", []) if setup else []
        else:
            who = self.names[frame[2]]
            key, path = f"setup.{who}", where("setup", "reserves", who)
            items = setup.get("reserves", {}).get(who, []) if setup else []
        return self._chance_card(st, items, key, path, "dealt")

    def _chance(self, st: State, kind: str, rnd: dict) -> tuple[str, Any]:
        if kind == "draw":
            items = rnd.get("draw") if isinstance(rnd.get("draw"), list) else []
            return self._chance_card(st, items, "draw", f"{self.round_path}.draw", "drawn")
        if kind == "reserve-draw":
            card = rnd.get("reserve_draw")
            items = [card] if card is not None else []
            return self._chance_card(st, items, "reserve_draw",
                                     f"{self.round_path}.reserve_draw", "drawn into the "
                                     "opponent's reserve")
        key = "drawn" if kind == "ability-draw" else "random_discards"
        return self._chance_card(st, self.section.get(key, []), key,
                                 f"{self.section_path}.{key}",
                                 "drawn" if key == "drawn" else "discarded at random")

    def _chance_card(self, st: State, items: Sequence, key: str, path: str,
                     what: str) -> tuple[str, Any]:
        got = self._next(items, key)
        if got is not None:
            card, i = got
            return (path if key == "reserve_draw" else f"{path}[{i}]"), ("card", card)
        if self.rng is not None:
            return path, m2.sample_chance(st, self.rng)
        raise _Stop(path, f"the log does not say which card was {what} "
                          f"({self._missing(st, key)})")

    def _missing(self, st: State, key: str) -> str:
        if key == "draw":
            return f"{m2.draw_count(st)} cards are drawn with the opponent's " \
                   f"{len(st.areas[1 - st.active])} formed factions"
        return "and there is no seed to draw it from"

    def _choice(self, st: State, key: str, options: list) -> tuple[str, Any]:
        """The answer the log gives, judged as the answer to this question. Left out, it
        is the one legal answer (copies written alike count once) or a violation. A given
        answer that is not the one legal answer belongs to a later question only if the
        one answer here leads straight to a question that it answers."""
        got = self._next(self.section.get(key, []), key)
        path = f"{self.section_path}.{key}"
        answers = distinct_answers(st, options)
        if got is None:
            if len(answers) == 1:
                return path, answers[0]
            raise _Stop(path, f"{asked(st)}; the log gives none (legal: "
                              f"{shown(st, answers, self.names)})")
        item, i = got
        try:
            action, error = decode_choice(st, item, self.names), None
        except ValueError as exc:
            action, error = None, str(exc)
        if action in options:
            return f"{path}[{i}]", action
        if len(answers) == 1 and _answers_later(st, answers[0], item, self.names):
            self._unread(key)
            return path, answers[0]
        if error is not None:
            raise _Stop(f"{path}[{i}]", error + _required(st, answers, self.names))
        return f"{path}[{i}]", action  # the engine refuses it; `_reason` says why

    def _reason(self, st: State, action: Any, message: str) -> str:
        player, kind, source = st.need
        if player != CHANCE:
            if kind in CHOICE_KINDS and isinstance(action, tuple) and action:
                return refusal(st, action, self.names)
            return message
        card = action[1]
        k = st.cfg.index.get(card)
        if k is None or not st.cfg.deck[k]:
            return (f"no {card} can be drawn: it is not in this game's deck (a promo card "
                    "is only when use_promos lists it)")
        if source == "deck":
            left = "the deck is empty" if not st.ndeck else f"{st.ndeck} cards are left"
            return f"no {card} can be drawn: none is left in the deck ({left})"
        return f"{self.names[source]}'s reserve holds no {card}"


def _answers_later(st: State, answer: tuple, item: Any, names: list[str]) -> bool:
    """Whether `item` answers a later question of the same list, reached from `st` by
    `answer` and questions with one answer each (no chance in between)."""
    after = m2.apply(st, answer)
    need = after.need
    if need is None or need[0] == CHANCE or need[1] not in CHOICE_KINDS or \
            (need[1] == "form") != (st.need[1] == "form"):
        return False
    try:
        if decode_choice(after, item, names) in need[2]:
            return True
    except ValueError:
        pass
    answers = distinct_answers(after, need[2])
    return len(answers) == 1 and _answers_later(after, answers[0], item, names)


def _required(st: State, answers: list, names: list[str]) -> str:
    if len(answers) == 1:
        return f" ({asked(st)}; the rules require {describe_action(st, answers[0], names)})"
    return f" ({asked(st)}; legal: {shown(st, answers, names)})"


_END = {"factions": "5 formed factions", "stalled": "two stalled rounds",
        "round-limit": "the round limit"}


# --- the verdict ----------------------------------------------------------------------

def round_state(st: State, names: list[str], index: int) -> dict:
    """The table after a round, for `pnp check --json`."""
    cfg = st.cfg

    def items(entries):
        return [card_item(st, e) for e in entries]

    return {
        "round": index + 1,
        "deck": st.ndeck, "discard_pile": sum(st.discard),
        "players": {
            names[s]: {
                "hand": [cfg.ids[k] for k in st.hands[s]],
                "reserve": [cfg.ids[k] for k in st.reserves[s]],
                "columns": [items(st.cols[s * 3 + c]) for c in range(3)],
                "score_area": [card_item(st, (k, d)) for k, d in st.areas[s]],
                "coins": {"face_up": st.up[s], "face_down": st.down[s]},
            } for s in (0, 1)
        },
    }


def judge_log(log: Majority2Log, content: Majority2Content, rules: Mapping) -> Verdict:
    """Replay the log; the verdict of the state it reaches (finished when the game ended)."""
    replay = _Replay(log, content, rules)
    st, violations = replay.run()
    names = replay.names
    finished = m2.ENGINE.is_terminal(st)
    claimed_end = log.doc.value.get("end")
    known = st.end is not None or not violations  # an illegal entry hides how it would end
    if claimed_end is not None and known and claimed_end != (st.end or "unfinished"):
        violations.append(Violation("end", f"the log says the game ended by "
                                           f"{claimed_end!r}; replayed: "
                                           f"{st.end or 'not ended'!r}", "end-mismatch"))
    totals, lines, cards = {}, {}, {}
    for seat, name in enumerate(names):
        area = m2.area_cards(st, seat)
        scores = area_scores(area)
        coins = st.up[seat] + st.down[seat]
        lines[name] = [Line(describe(s.card, s.explanation), s.vp) for s in scores]
        lines[name].append(Line(f"{coins} coin(s)", coins))
        totals[name] = sum(s.vp for s in scores) + coins
        cards[name] = [{"card": s.card.member.id, "disc": s.card.disc, "colour": s.card.colour,
                        "vp": s.vp, "explanation": s.explanation} for s in scores]
    violations += claim_violations(log.claimed, totals, "claimed")
    outcome = m2.returns(st) if finished else None
    won = [names[s] for s in outcome.winners] if outcome else []
    blank = m2.blank_cards(replay.cfg)
    return Verdict(
        game="majority2", finished=finished,
        players=player_results(names, totals, log.claimed, lines),
        winners=tuple(won), tie_break=outcome.tie_break if outcome else None,
        violations=tuple(violations), rules=dict(rules),
        detail={"start_player": log.start_player, "score_areas": cards,
                "formed_factions": {n: len(st.areas[s]) for s, n in enumerate(names)},
                "coins": {n: st.up[s] + st.down[s] for s, n in enumerate(names)},
                "end": st.end, "rounds_played": replay.rounds_ended,
                "blank_cards": list(blank), "states": replay.states,
                "states_omitted": replay.rounds_ended - len(replay.states)},
    )
