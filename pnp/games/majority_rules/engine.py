"""Majority Rules! as a rules engine (the interface of `pnp/games/engine.py`).

A round, as the rulebook gives it: every player rolls their 8 dice behind the divider, then
has two rerolls; after the three rolls the gold die is rolled, the dice are revealed,
claimed and scored (`scoring.claim`). The game ends after a round in which a total reaches
the target (`scoring.reached`), and `scoring.winners` breaks ties — the rules live there
once; this module only sequences them.

Our reading of the rerolls (the rulebook says "you may choose to keep any number of these
dice. Two rerolls are given to each player"): before each reroll a player chooses which of
their dice to keep and rerolls all the others. Nothing locks a kept die, so a die kept
before the first reroll may be rerolled in the second (as in Yahtzee); keeping every die
passes. Rolling is secret and simultaneous at the table, so the order in which the engine
asks the seats does not matter; bots look at their own dice only.

Actions:
- chance: an `int` 1-6, one die landing (a player's die while they roll, then the gold die);
- a player: a sorted `tuple` of the faces they keep before a reroll; the rest are rerolled.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from pnp.errors import UsageError
from pnp.games.engine import CHANCE, TERMINAL, IllegalAction, Outcome, PlayedGame
from pnp.games.history import EMPTY, History
from pnp.games.majority_rules.scoring import (
    DEFAULT_TARGET,
    FACES,
    RoundResult,
    claim,
    reached,
    winners,
)

GAME_ID = "majority-rules"
REROLLS = 2
DEFAULT_RULES = {"target": DEFAULT_TARGET, "threshold": "gte"}
_DIE = tuple((face, 1 / 6) for face in FACES)


class Config(NamedTuple):
    """The setup of one game: seats, dice per seat and the end rule in force."""

    players: int
    dice: int = 8
    target: int = DEFAULT_TARGET
    threshold: str = "gte"


class State(NamedTuple):
    """Where the game stands. `stage` 0 is the first roll, 1..REROLLS the rerolls,
    REROLLS + 1 the gold die, -1 the end; `seat` is the seat rolling or deciding in this
    stage and `to_roll` how many of its dice chance still rolls (0 in a reroll stage: the
    seat decides what to keep). `rounds` are the rounds scored so far."""

    config: Config
    totals: tuple[int, ...]
    rounds: History  # of RoundResult; a tuple-like sequence that grows in constant time
    dice: tuple[tuple[int, ...], ...]
    stage: int
    seat: int
    to_roll: int


def make_config(content, *, players: int, rules: Mapping[str, Any] | None = None) -> Config:
    """A game for `players` seats with the content's dice; `rules` are `pnp check`'s rule
    options (`target`, `threshold`), each defaulting as there."""
    sets = content.player_sets
    if not 2 <= players <= len(sets):
        raise UsageError(f"Majority Rules! is played by 2 to {len(sets)} players, not {players}")
    merged = {**DEFAULT_RULES, **(rules or {})}
    unknown = sorted(set(merged) - set(DEFAULT_RULES))
    if unknown:
        raise UsageError(f"not a rule option of {GAME_ID}: {', '.join(unknown)}")
    if merged["threshold"] not in ("gte", "gt"):
        raise UsageError(f"threshold: expected gte or gt, not {merged['threshold']!r}")
    return Config(players, sets[0].count, int(merged["target"]), merged["threshold"])


class MajorityRulesEngine:
    game_id = GAME_ID

    def initial_state(self, config: Config) -> State:
        return State(config, (0,) * config.players, EMPTY, ((),) * config.players, 0, 0,
                     config.dice)

    def current_player(self, state: State) -> int:
        if state.stage < 0:
            return TERMINAL
        if state.to_roll or state.stage == 0 or state.stage > REROLLS:
            return CHANCE
        return state.seat

    def legal_actions(self, state: State) -> Sequence[Any]:
        player = self.current_player(state)
        if player == TERMINAL:
            return ()
        if player == CHANCE:
            return FACES
        return keep_options(tuple(sorted(state.dice[state.seat])))

    def chance_outcomes(self, state: State) -> Sequence[tuple[int, float]]:
        return _DIE if self.current_player(state) == CHANCE else ()

    def sample_chance(self, state: State, rng) -> int:
        """One die, uniformly (faster than weighing the listed outcomes)."""
        return int(rng.random() * 6) + 1

    def apply(self, state: State, action: Any) -> State:
        player = self.current_player(state)
        if player == TERMINAL:
            raise IllegalAction("the game is over")
        if player == CHANCE:
            if action not in FACES:
                raise IllegalAction(f"a die shows 1 to 6, not {action!r}")
            if state.stage > REROLLS:
                return _score_round(state, action)
            return _rolled(state, action)
        return _kept(state, action)

    def is_terminal(self, state: State) -> bool:
        return state.stage < 0

    def returns(self, state: State) -> Outcome:
        totals = dict(enumerate(state.totals))
        won, tie_break = winners(totals, state.rounds[-1].scores)
        return Outcome(state.totals, tuple(won), tie_break, "target", len(state.rounds))


ENGINE = MajorityRulesEngine()


@functools.cache
def keep_options(dice: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every choice of dice to keep (as sorted faces), from keeping none to keeping all.
    Cached by the sorted dice: 8 dice fall in only 1,287 different ways."""
    counts = sorted(Counter(dice).items())
    ranges = [range(n + 1) for _, n in counts]
    return tuple(
        tuple(face for (face, _), k in zip(counts, ks, strict=True) for _ in range(k))
        for ks in itertools.product(*ranges)
    )


def _rolled(state: State, face: int) -> State:
    """One of the seat's dice lands; after its last die, the next seat (or stage) is up."""
    seat = state.seat
    dice = state.dice[:seat] + (state.dice[seat] + (face,),) + state.dice[seat + 1:]
    state = State(state.config, state.totals, state.rounds, dice, state.stage, seat,
                  state.to_roll - 1)
    return state if state.to_roll else _next_seat(state)


def _kept(state: State, keep: Any) -> State:
    """The seat keeps `keep` and rerolls the rest (nothing to roll: the next seat)."""
    mine = state.dice[state.seat]
    if not isinstance(keep, tuple) or Counter(keep) - Counter(mine) or \
            not all(isinstance(f, int) for f in keep):
        raise IllegalAction(f"keep {keep!r}: not a choice among the dice {sorted(mine)}")
    dice = list(state.dice)
    dice[state.seat] = tuple(sorted(keep))
    to_roll = len(mine) - len(keep)
    state = state._replace(dice=tuple(dice), to_roll=to_roll)
    return state if to_roll else _next_seat(state)


def _next_seat(state: State) -> State:
    """The following seat in this stage, or the first seat of the next stage."""
    seat = state.seat + 1
    if seat < state.config.players:
        to_roll = state.config.dice if state.stage == 0 else 0
        return state._replace(seat=seat, to_roll=to_roll)
    return state._replace(stage=state.stage + 1, seat=0, to_roll=0)


def _score_round(state: State, gold: int) -> State:
    """The gold die lands: claim and score the round, then end the game or start anew."""
    result = claim(dict(enumerate(state.dice)), gold)
    totals = tuple(t + result.scores[s] for s, t in enumerate(state.totals))
    config = state.config
    over = reached(dict(enumerate(totals)), config.target, config.threshold)
    return State(config, totals, state.rounds.then(result), ((),) * config.players,
                 -1 if over else 0, 0, 0 if over else config.dice)


def round_actions(dice: Sequence[Sequence[int]], gold: int) -> list[Any]:
    """A round whose dice are known only as they ended (a hand-entered record): each seat
    rolls them, keeps them all twice, then the gold die lands."""
    actions: list[Any] = [face for seat_dice in dice for face in seat_dice]
    for _ in range(REROLLS):
        actions += [tuple(sorted(seat_dice)) for seat_dice in dice]
    return actions + [gold]


def to_record(config: Config, played: PlayedGame, names: Sequence[str]) -> dict:
    """The game as a `result-majority-rules` record: each round's final dice and gold die,
    every claim (per round and in total) as computed, and the rules in force."""
    rounds = [
        {"gold": r.gold,
         "dice": {names[s]: "".join(map(str, _final_dice(r, s))) for s in range(config.players)},
         "claimed": {names[s]: r.scores[s] for s in range(config.players)}}
        for r in played.final_state.rounds
    ]
    return {
        "game": GAME_ID, "players": list(names), "rounds": rounds,
        "claimed": dict(zip(names, played.outcome.scores, strict=True)),
        "rules": {"target": config.target, "threshold": config.threshold},
    }


def _final_dice(result: RoundResult, seat: int) -> list[int]:
    """The dice a seat rolled in a round (before claiming), read back from the claims."""
    return [f.face for f in result.faces for _ in range(f.counts.get(seat, 0))]
