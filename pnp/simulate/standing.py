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
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from pnp.games import engine as eng

MAX_ACTIONS = 1_000_000


class Standing(NamedTuple):
    """How a game's standing is read. `at(state)` is cheap and runs once a round: the
    round and a key (immutable, so it can be kept while the state moves on); `scores(key)`
    is each seat's score if the game ended then, worked out only for the rounds the figure
    needs (the last third of a game and the look before it): The Majority 2's score
    areas took a fifth of a watched game's time when every round's were scored."""

    at: Callable[[Any], tuple[int, Hashable]]
    scores: Callable[[Any], Sequence[int]] = lambda key: key


_AREAS: list = [None, None]  # the last score areas read, and their VP (one entry)


def _majority2_at(st) -> tuple[int, tuple]:
    # tuples, replaced (never changed) by a play
    return st.round, (st.cfg.members, st.areas, st.up, st.down)


def _majority2_scores(key) -> tuple[int, int]:
    """Score-area VP plus coins. Neighbouring rounds often have the same areas (they
    change a dozen times a game), so their VP is kept beside the tuple it was read from
    (the entry holds the tuple, so its identity cannot be reused while it is kept)."""
    members, areas, up, down = key
    if _AREAS[0] is not areas:
        from pnp.games.majority2.scoring import area_of, final_score

        _AREAS[:] = [areas, [final_score(area_of(members, areas[s]), 0) for s in (0, 1)]]
    vp = _AREAS[1]
    return vp[0] + up[0] + down[0], vp[1] + up[1] + down[1]


def _d20(st) -> tuple[int, tuple[int, ...]]:
    scores = [0] * st.config.players
    for pile in st.piles:
        if pile.winner is not None:
            scores[pile.winner] += 1
    return st.turn // st.config.players, tuple(scores)


# game id -> how its standing is read
STANDINGS: dict[str, Standing] = {
    "majority2": Standing(_majority2_at, _majority2_scores),
    "majority": Standing(lambda st: (st.rounds, st.totals)),
    "majority-rules": Standing(lambda st: (len(st.rounds), st.totals)),
    "d20-stacks": Standing(_d20),
}


def leader(scores: Sequence[int]) -> int | None:
    """The seat strictly ahead, or None on a tie for the lead."""
    if len(scores) == 2:  # the common case, without the general search
        return None if scores[0] == scores[1] else int(scores[1] > scores[0])
    best = max(scores)
    ahead = [s for s, v in enumerate(scores) if v == best]
    return ahead[0] if len(ahead) == 1 else None


class Trace:
    """The standing at the start of each round, read when the figure asks for it."""

    def __init__(self, standing: Standing):
        self.at, self.scores = standing
        self.seen: list[tuple[int, Hashable]] = []  # (round, key), rounds increasing
        self.last_round: int | None = None

    def look(self, state: Any) -> None:
        round_, key = self.at(state)
        if round_ != self.last_round:
            self.last_round = round_
            self.seen.append((round_, key))

    def late_changes(self, outcome: eng.Outcome) -> int:
        """How often the strict lead passed to another seat in the last third of the game
        (after 2/3 of its rounds), counting the final scores as the last look. A tie keeps
        the lead where it was: the lead held as the last third starts is the last strict
        leader before it."""
        rounds = outcome.rounds
        late = next((i for i, (r, _) in enumerate(self.seen) if 3 * r > 2 * rounds),
                    len(self.seen))
        held = None
        for _, key in reversed(self.seen[:late]):
            held = leader(self.scores(key))
            if held is not None:
                break
        leads = [leader(self.scores(key)) for _, key in self.seen[late:]]
        if rounds > 0:  # the final scores' look is in the last third (3 × rounds > 2 × rounds)
            leads.append(outcome.winners[0] if len(outcome.winners) == 1 else None)
        changes = 0
        for ahead in leads:
            if ahead is None:
                continue
            if held is not None and ahead != held:
                changes += 1
            held = ahead
        return changes


@lru_cache(maxsize=32)
def _plays_by_rounds(playout) -> bool:
    """Whether an engine's own playout can stop at a round (`until_round`); asked once per
    playout (reading a signature cost 5 % of a simulation when asked every game)."""
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
