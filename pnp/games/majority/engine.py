"""The Majority as a rules engine (the `pnp.games.engine` interface), for bots and replays.

A round starts with two chance events: the variant card is tossed (`"green"` or `"red"`,
even odds) and the first Reference card is drawn from the word cards (its index in the word
list; each card once per game, all of them again once every card has been drawn). Then, turn
after turn, every player still in the round votes `A`, `B`, `C` or `Score`. At the table the
votes are simultaneous and face down; here they are taken in seat order, and the turn is
resolved once the last one is in — a bot must not read `state.votes`.

The word cards only name the associations; which one is logical is the players' call, so
the engine does not model the Proposal cards (`A`, `B`, `C` are the choices). The rules —
resolving a turn, a round's start, the game's end — are `scoring.py`'s functions, shared
with the checker.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.errors import UsageError
from pnp.games.engine import CHANCE, TERMINAL, IllegalAction, Outcome, PlayedGame
from pnp.games.majority.content import MajorityContent
from pnp.games.majority.scoring import (
    DEFAULT_TARGET,
    VOTE_OPTIONS,
    RoundState,
    game_over,
    make_change,
    play_turn,
    start_round,
)

GAME_ID = "majority"
PLAYERS = (3, 10)
RULES = {"target": DEFAULT_TARGET}
VARIANTS = ("green", "red")


@dataclass(frozen=True)
class MajorityConfig:
    """One game's setup: seats, the `target` rule, the word cards' front words (for the
    Reference draw) and the point-card supply (value → count)."""

    players: int
    target: int = DEFAULT_TARGET
    words: tuple[str, ...] = ()
    supply: tuple[tuple[int, int], ...] = ((1, 50), (5, 30))


@dataclass(frozen=True, slots=True)
class MajorityState:
    config: MajorityConfig
    totals: tuple[int, ...]
    rounds: int  # rounds started
    variant: str | None  # None: chance tosses the variant card
    reference: int | None  # None: chance draws the Reference card (-1: no word cards)
    drawn: frozenset[int]  # word cards already used as a round's first Reference
    round: RoundState  # scoring's round state, seats as players
    votes: tuple[str, ...]  # this turn's votes so far, by `round.active` order
    over: bool = False


def make_config(content: MajorityContent, *, players: int,
                rules: Mapping[str, Any] | None = None, **game_options: Any) -> MajorityConfig:
    """The setup for `players` seats with rule options `rules` (`target`, default 20, as in
    `pnp check`); UsageError for anything else."""
    options = {**RULES, **(rules or {})}
    problems = [f"{name}: not a rule option of {GAME_ID}; options: {', '.join(RULES)}"
                for name in options if name not in RULES]
    problems += [f"{name}: not an option of {GAME_ID}" for name in game_options]
    target = options.get("target")
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        problems.append(f"target={target}: expected a whole number of at least 1")
    if not PLAYERS[0] <= players <= PLAYERS[1]:
        problems.append(f"The Majority is played by {PLAYERS[0]} to {PLAYERS[1]} players, "
                        f"not {players}")
    if problems:
        raise UsageError(problems)
    words = tuple(card.front.text for card in content.words.cards)
    return MajorityConfig(players, target, words, tuple(sorted(content.point_cards.items())))


class MajorityEngine:
    """The Majority's rules behind the engine interface (see the module docstring)."""

    game_id = GAME_ID

    def initial_state(self, config: MajorityConfig) -> MajorityState:
        return self._new_round(config, (0,) * config.players, 0, frozenset())

    def current_player(self, state: MajorityState) -> int:
        if state.over:
            return TERMINAL
        if state.variant is None or state.reference is None:
            return CHANCE
        return state.round.active[len(state.votes)]

    def is_terminal(self, state: MajorityState) -> bool:
        return state.over

    def legal_actions(self, state: MajorityState) -> Sequence[Any]:
        if state.over:
            return ()
        if state.variant is None or state.reference is None:
            return tuple(a for a, _ in self.chance_outcomes(state))
        return VOTE_OPTIONS

    def chance_outcomes(self, state: MajorityState) -> Sequence[tuple[Any, float]]:
        if state.variant is None:
            return tuple((v, 1 / len(VARIANTS)) for v in VARIANTS)
        cards = self._undrawn(state)
        return tuple((c, 1 / len(cards)) for c in cards)

    def sample_chance(self, state: MajorityState, rng: random.Random) -> Any:
        """As `chance_outcomes` says, without listing 200 cards: while most cards are
        still in the piles, draw until one is (uniform over the undrawn cards)."""
        if state.variant is None:
            return rng.choice(VARIANTS)
        count = len(state.config.words)
        if 2 * len(state.drawn) > count:
            return rng.choice(self._undrawn(state))
        while True:
            card = rng.randrange(count)
            if card not in state.drawn:
                return card

    def apply(self, state: MajorityState, action: Any) -> MajorityState:
        if state.over:
            raise IllegalAction("the game is over")
        if state.variant is None:
            if action not in VARIANTS:
                raise IllegalAction(f"the variant card shows green or red, not {action!r}")
            return _replace(state, variant=action, reference=None if state.config.words else -1)
        if state.reference is None:
            if not self._in_piles(state, action):
                raise IllegalAction(f"word card {action!r} is not in the piles")
            drawn = state.drawn if len(state.drawn) < len(state.config.words) else frozenset()
            return _replace(state, reference=action, drawn=drawn | {action})
        if action not in VOTE_OPTIONS:
            raise IllegalAction(f"a vote is A, B, C or Score, not {action!r}")
        votes = state.votes + (action,)
        if len(votes) < len(state.round.active):
            return MajorityState(state.config, state.totals, state.rounds, state.variant,
                                 state.reference, state.drawn, state.round, votes)
        return self._resolve(state, votes)

    def returns(self, state: MajorityState) -> Outcome:
        """Totals; the highest total wins, equal highest totals share the victory."""
        best = max(state.totals)
        winners = tuple(s for s, t in enumerate(state.totals) if t == best)
        return Outcome(state.totals, winners, "shared" if len(winners) > 1 else None,
                       "target", state.rounds)

    @staticmethod
    def _in_piles(state: MajorityState, card: Any) -> bool:
        count = len(state.config.words)
        return isinstance(card, int) and 0 <= card < count and (
            card not in state.drawn or len(state.drawn) == count)

    def _undrawn(self, state: MajorityState) -> tuple[int, ...]:
        """The word cards a Reference may be drawn from (every card again once all were)."""
        count = len(state.config.words)
        cards = tuple(c for c in range(count) if c not in state.drawn)
        return cards or tuple(range(count))

    def _resolve(self, state: MajorityState, votes: tuple[str, ...]) -> MajorityState:
        """The turn's votes are in: score it and, when the round is over, end the game or
        start the next round."""
        round_state, outcome = play_turn(state.round, dict(zip(state.round.active, votes,
                                                               strict=True)))
        totals = list(state.totals)
        for seat, points in outcome.scored.items():
            totals[seat] += points
        if not round_state.over:
            return _replace(state, totals=tuple(totals), round=round_state, votes=())
        if game_over(dict(enumerate(totals)), state.config.target):
            return _replace(state, totals=tuple(totals), round=round_state, votes=(),
                            over=True)
        return self._new_round(state.config, tuple(totals), state.rounds, state.drawn)

    @staticmethod
    def _new_round(config: MajorityConfig, totals: tuple[int, ...], rounds: int,
                   drawn: frozenset[int]) -> MajorityState:
        round_state, _ = start_round(range(config.players))
        return MajorityState(config, totals, rounds + 1, None, None, drawn, round_state, ())


def _replace(state: MajorityState, **changes: Any) -> MajorityState:
    s = state
    return MajorityState(
        changes.get("config", s.config), changes.get("totals", s.totals),
        changes.get("rounds", s.rounds), changes.get("variant", s.variant),
        changes.get("reference", s.reference), changes.get("drawn", s.drawn),
        changes.get("round", s.round), changes.get("votes", s.votes),
        changes.get("over", s.over))


ENGINE = MajorityEngine()


def to_record(config: MajorityConfig, played: PlayedGame, names: Sequence[str]) -> dict:
    """The game as a `pnp check` record: its rounds with their variant and every turn's
    votes, the final totals as the claim, and the point cards held (`final`) when the
    supply can pay them. The Reference words drawn go in the note `_references`."""
    if len(names) != config.players or len(set(names)) != len(names):
        raise UsageError(f"{config.players} different player names are needed, "
                         f"not {list(names)}")
    rounds: list[dict] = []
    references: list[str] = []
    turn: dict[str, str] = {}
    state = ENGINE.initial_state(config)
    for action in played.actions:
        seat = ENGINE.current_player(state)
        if seat == CHANCE and state.variant is None:
            rounds.append({"variant": action, "turns": []})
        elif seat == CHANCE:
            references.append(config.words[action])
        else:
            turn[names[seat]] = action
            if len(turn) == len(state.round.active):
                rounds[-1]["turns"].append(turn)
                turn = {}
        state = ENGINE.apply(state, action)
    totals = dict(zip(names, played.outcome.scores, strict=True))
    record: dict[str, Any] = {"game": GAME_ID, "players": list(names),
                              "rules": {"target": config.target}, "rounds": rounds}
    if references:
        record["_references"] = references
    held = make_change(totals, dict(config.supply))
    if held is not None:
        record["final"] = held
    record["claimed"] = totals
    return record
