"""Who leads during a game: the standings a simulation watches round by round, for the
report's decisiveness figures (how often the lead changed in the last third of a game).

Why here and not in the engines: the engines only need the final returns; the balance lab
wants the score "if the game ended now" once per round. Each game's reading of its own
state is one small function below (`STANDINGS`), and the games are played exactly as
`pnp.games.engine.play` plays them — a test holds the two to the same games.

How a game is watched without slowing the usual case: with random bots in every seat and
an engine that plays its own random playout (The Majority 2), the playout is run one round
at a time (`until_round`), drawing exactly the same random numbers; otherwise every bot is
wrapped to look at the state before it chooses (the generic loop asks a bot at least once
a round).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from pnp.games import engine as eng

MAX_ACTIONS = 1_000_000


_AREAS: list = [None, None]  # the last score areas read, and their VP (one entry)


def _majority2(st) -> tuple[int, Sequence[int]]:
    """Score-area VP plus coins. The areas change a dozen times a game and are a new tuple
    each time, so their VP is kept beside the tuple it was read from (the entry holds the
    tuple, so its identity cannot be reused while it is kept)."""
    if _AREAS[0] is not st.areas:
        from pnp.games.majority2 import engine as m2
        from pnp.games.majority2.scoring import final_score

        _AREAS[:] = [st.areas, [final_score(m2.area_cards(st, s), 0) for s in (0, 1)]]
    vp, up, down = _AREAS[1], st.up, st.down
    return st.round, (vp[0] + up[0] + down[0], vp[1] + up[1] + down[1])


def _d20(st) -> tuple[int, Sequence[int]]:
    scores = [0] * st.config.players
    for pile in st.piles:
        if pile.winner is not None:
            scores[pile.winner] += 1
    return st.turn // st.config.players, scores


# game id -> state -> (round, each seat's score if the game ended now)
STANDINGS: dict[str, Callable[[Any], tuple[int, Sequence[int]]]] = {
    "majority2": _majority2,
    "majority": lambda st: (st.rounds, st.totals),
    "majority-rules": lambda st: (len(st.rounds), st.totals),
    "d20-stacks": _d20,
}


def leader(scores: Sequence[int]) -> int | None:
    """The seat strictly ahead, or None on a tie for the lead."""
    best = max(scores)
    ahead = [s for s, v in enumerate(scores) if v == best]
    return ahead[0] if len(ahead) == 1 else None


class Trace:
    """The strict leader at the start of each round (a tie keeps no leader)."""

    def __init__(self, standing: Callable[[Any], tuple[int, Sequence[int]]]):
        self.standing = standing
        self.seen: list[tuple[int, int | None]] = []
        self.last_round: int | None = None

    def look(self, state: Any) -> None:
        round_, scores = self.standing(state)
        if round_ != self.last_round:
            self.last_round = round_
            if len(scores) == 2:  # the common case, without the general search
                ahead = None if scores[0] == scores[1] else int(scores[1] > scores[0])
            else:
                ahead = leader(scores)
            self.seen.append((round_, ahead))

    def late_changes(self, outcome: eng.Outcome) -> int:
        """How often the strict lead passed to another seat in the last third of the game
        (after 2/3 of its rounds), counting the final scores as the last look."""
        rounds = outcome.rounds
        final = outcome.winners[0] if len(outcome.winners) == 1 else None
        changes, held = 0, None
        for round_, ahead in [*self.seen, (rounds, final)]:
            if ahead is None:
                continue
            if held is not None and ahead != held and 3 * round_ > 2 * rounds:
                changes += 1
            held = ahead
        return changes


def _plays_by_rounds(playout) -> bool:
    """Whether an engine's own playout can stop at a round (`until_round`)."""
    import inspect

    return playout is not None and "until_round" in inspect.signature(playout).parameters


def play_watched(engine: eng.Engine, game_id: str, config: Any, bots: Sequence[eng.Bot],
                 seed: int) -> tuple[eng.PlayedGame, Trace | None]:
    """`eng.play(engine, config, bots, seed)`, the same game, and its `Trace` (None for a
    game without a standing reader)."""
    standing = STANDINGS.get(game_id)
    if standing is None:
        return eng.play(engine, config, bots, seed), None
    trace = Trace(standing)
    playout = getattr(engine, "playout", None)
    if _plays_by_rounds(playout) and all(bot is eng.random_bot for bot in bots):
        rng = random.Random(seed)
        state = engine.initial_state(config)
        actions: list = []
        while not engine.is_terminal(state):
            trace.look(state)
            playout(state, rng, actions.append, MAX_ACTIONS, until_round=trace.last_round + 1)
        return eng.PlayedGame(tuple(actions), state, engine.returns(state)), trace

    def watching(bot: eng.Bot) -> eng.Bot:
        def watched(engine_, state, rng):
            trace.look(state)
            return bot(engine_, state, rng)
        return watched

    return eng.play(engine, config, [watching(b) for b in bots], seed), trace
