"""Bots for The Majority 2 (`pnp.games.engine.Bot`: (engine, state, rng) -> action).

- `random`: uniform over the legal actions.
- `greedy`: one ply — the action whose resulting position is best by `value`: its player's
  VP and coins, plus progress towards forming (the largest colour group in each column),
  minus the opponent's VP and coins; it exchanges when the reserve holds more playable
  cards than the hand, and draws when it may. Ties are broken at random. Where an action
  draws a card, the card comes from a determinisation (`information.py`), so `greedy`
  reads no hidden card either (issue 30: it used to draw from the real deck).
- `mc`: flat Monte Carlo for the round's main decisions (exchange, draw, free play,
  standard plays): each candidate is tried in `rollouts` determinisations — the hidden
  cards (the opponent's reserve and hand, the deck's order) re-dealt from what the player
  cannot see (`information.py`) — played on by random bots for `horizon` rounds and
  scored by `value`. Ability choices and forming are left to `greedy`.
- `ismcts`: information-set Monte Carlo tree search (`pnp.games.ismcts`) over every
  decision: determinisations from `information.py`, rollouts of `HORIZON` rounds (random,
  or `greedy` with `ismcts.rollout=greedy`) scored by `value` as a win share.

Every bot chooses among card *instances*: where one option stands for several copies of a
card (`m2.option_weights`), random draws weight it by its copies, and the ranking bots score
each copy as its own candidate and break ties uniformly among them — so a card is never
chosen more often per copy for having no twin of its id.

Pure: every random choice comes from the `rng` given, so a game's seed fixes it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from pnp.games import engine as eng
from pnp.games import ismcts
from pnp.games.botoptions import read_options, whole_number
from pnp.games.majority2 import engine as m2
from pnp.games.majority2 import information
from pnp.games.majority2.engine import DEFAULT_ROUND_LIMIT
from pnp.games.majority2.scoring import final_score
from pnp.games.majority2.state import CHANCE, State, requirement_met

_MAIN = ("exchange", "draw", "free", "play")


def value(st: State, seat: int) -> float:
    """How good the position is for `seat`: score now plus forming progress, minus the
    opponent's."""
    return _side(st, seat) - _side(st, 1 - seat)


def _side(st: State, seat: int) -> float:
    total = final_score(m2.area_cards(st, seat), st.up[seat] + st.down[seat])
    cfg = st.cfg
    progress = 0.0
    for column in st.cols[seat * 3: seat * 3 + 3]:
        counts: dict[str, int] = {}
        for entry in column:
            colour = entry[1] or cfg.colour[entry[0]]
            if colour is not None:
                counts[colour] = counts.get(colour, 0) + 1
        if counts:
            progress += min(max(counts.values()), 3) * 0.8
    return total + progress


def _resolve(st: State, rng: random.Random) -> State:
    """Play out chance until a player decides (so a draw is valued by a sampled card);
    `st` is the caller's own copy, advanced in place."""
    while st.end is None and st.need[0] == CHANCE:
        m2.advance(st, m2.sample_chance(st, rng))
    return st


def _playable_count(st: State, seat: int, cards: tuple) -> int:
    """How many of `cards` `seat` could play now: paid with face-up coins, or in Free Play
    (no cost) when the card allows it; the requirement holds either way."""
    cfg = st.cfg
    return sum(1 for k in cards if cfg.cost[k] <= st.up[seat] + cfg.free_ok[k] * 99
               and requirement_met(st, seat, k))


def greedy_choice(st: State, rng: random.Random) -> object:
    seat, kind, options = st.need
    if len(options) == 1:
        return options[0]
    if kind == "exchange":  # a hand is worth what can be played from it
        swap = _playable_count(st, seat, st.reserves[seat]) > \
            _playable_count(st, seat, st.hands[seat])
        return ("exchange", swap)
    best, best_value = [], None
    world = None
    for action in eng.instances(options, st.weights):  # twins are candidates each
        after = m2.apply(st, action)
        if after.end is None and after.need[0] == CHANCE:
            # A card is drawn (Reapers Senior's replacement, a draw, a random discard):
            # drawn in a world re-dealt from what `seat` cannot see, never from the real
            # deck or the opponent's real reserve. One world per decision, made only here.
            world = world or information.determinise(st, seat, rng)
            after = _resolve(m2.apply(world, action), rng)
        v = value(after, seat)
        if action == ("draw", True):
            v += 1.5  # cards in hand are options the one-ply value cannot see
        if best_value is None or v > best_value + 1e-9:
            best, best_value = [action], v
        elif abs(v - best_value) <= 1e-9:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


def _greedy(options: Mapping[str, str]) -> eng.Bot:
    read_options("greedy", options, {})

    def bot(engine, st, rng):
        return greedy_choice(st, rng)
    return bot


def _rollout(st: State, seat: int, horizon: int, rng: random.Random) -> float:
    """Random play for `horizon` rounds on `st` (the caller's own copy, advanced in
    place), then the result or the position's value."""
    m2.playout(st, rng, until_round=st.round + horizon)
    if st.end is not None:
        totals = m2.scores(st)
        won = m2.returns(st).winners
        return (totals[seat] - totals[1 - seat]) + (20 if seat in won else -20)
    return value(st, seat)


MAX_ROLLOUTS = 1000
MAX_HORIZON = DEFAULT_ROUND_LIMIT  # rounds played out: a whole simulated game at most


def _mc(options: Mapping[str, str]) -> eng.Bot:
    values = read_options("mc", options, {
        "rollouts": (whole_number(1, MAX_ROLLOUTS), 4),
        "horizon": (whole_number(1, MAX_HORIZON), 4)})
    rollouts, horizon = values["rollouts"], values["horizon"]

    def bot(engine, st, rng):
        seat, kind, legal = st.need
        if kind not in _MAIN or len(legal) == 1:
            return greedy_choice(st, rng)
        best, best_value = [], None
        for action in eng.instances(legal, st.weights):  # each twin its own estimate
            total = 0.0
            for _ in range(rollouts):
                world = information.determinise(st, seat, rng)
                total += _rollout(m2.apply(world, action), seat, horizon, rng)
            if best_value is None or total > best_value:
                best, best_value = [action], total
            elif total == best_value:
                best.append(action)
        return best[0] if len(best) == 1 else rng.choice(best)
    return bot


def _random(options: Mapping[str, str]) -> eng.Bot:
    read_options("random", options, {})
    return eng.random_bot


TEMPERATURE = 4.0  # `value` lead per e-fold of the win odds a rollout's end is scored at
HORIZON = 2  # rounds a rollout plays: the rest of this round and the next player's round


def _win_shares(st: State) -> list[float]:
    return ismcts.soft_shares((value(st, 0), 0.0), TEMPERATURE)


def _progress(st: State) -> int:
    return st.round


def _playout(st: State, rng: random.Random, stop: int | None) -> State:
    """Random play on a copy of `st` until round `stop` begins (None: the end)."""
    world = st.copy()
    m2.playout(world, rng, until_round=stop)
    return world


SEARCH = ismcts.Information(
    key=information.key, determinise=information.determinise, evaluate=_win_shares,
    progress=_progress, greedy=lambda engine, st, rng: greedy_choice(st, rng),
    horizon=HORIZON, playout=_playout)

BASELINE = "greedy"  # the best rule of thumb: the ladder's yardstick, ismcts's greedy
# `pnp play`'s opponent: the strongest measured: 92.5 % against `greedy` (`make bench`)
STRONG = "ismcts"

BOTS: dict[str, Callable[[Mapping[str, str]], eng.Bot]] = {
    "random": _random, "greedy": _greedy, "mc": _mc, "ismcts": ismcts.factory(SEARCH),
}
