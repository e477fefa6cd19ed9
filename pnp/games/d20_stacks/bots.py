"""D20 Stacks bots for `pnp simulate`: pure functions of the state and the rng given.

- `random`: any legal action, uniformly.
- `lowest-legal`: adds its card where it is the smallest rise over the top card (keeping
  high cards for later and stacks open), and starts a new stack only when nothing fits.
- `steal`: adds where it takes a stack's majority (becomes the one player with the most
  cards) or blocks one (ties the player who had it), and avoids adds that hand a majority to
  someone else; when no add does either, it plays like `lowest-legal`.
- `spread`: `steal`, except that a card of 10 or less with nothing to take or block starts
  a stack of its own (where the rule allows) instead of being added. The best rule of thumb
  measured: `pnp simulate d20-stacks --bots spread,steal --games 2000` has `spread` win
  53.3 % [51.1, 55.5] of the games alone and `steal` 31.4 % (15.3 % shared), a 61 % share.
  Other cutoffs, 2,000 games each against `steal`: 7 to 14 alike (60-61 % shares), 2:
  52 %, 20: 57 %. Why: an add that takes or blocks nothing spends the card to raise a top,
  closing that stack to low cards; a low card on a stack of its own opens one more stack
  to fight over, where a later card can take the majority.
- `ismcts`: information-set tree search (`pnp.games.ismcts`), rollouts played to the
  end of the game (random, or `spread` with `ismcts.rollout=greedy`).
- `rollout`: flat Monte Carlo with fast `spread` playouts (`rollout.py`): 60 % against
  `steal`, and a small edge over `spread` (52.4 % [50.7, 54.1] of 1,200 games, 600 deals
  each played twice with the seats swapped, in `make bench`).
Ties between equally good stacks are broken by the rng, so no stack number is favoured.

What a player sees (for `ismcts`): every stack (top, closed, each seat's count), the cards
still undealt (the deck minus everything played, which everyone saw) and their own card.
Nothing else is hidden: the engine deals each card just before its turn, so the order of
every player's deck is never fixed in a state — it is chance, drawn as the game goes, and
the search draws it the same way. A determinisation is the state itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pnp.games import ismcts
from pnp.games.botoptions import read_options
from pnp.games.d20_stacks import rollout
from pnp.games.d20_stacks.engine import D20State, Pile
from pnp.games.d20_stacks.scoring import NEW, stack_winner
from pnp.games.engine import Bot, Engine, random_bot

_TAKE, _BLOCK, _NEUTRAL, _GIVE = 2, 1, 0, -1


def _adds(engine: Engine, state: D20State) -> tuple[list[int], bool]:
    """The stacks the card may go on, and whether a new stack is allowed."""
    actions = engine.legal_actions(state)
    return [a for a in actions if a != NEW], NEW in actions


def _closest(state: D20State, targets: list[int], rng: random.Random) -> int:
    """Of `targets`, a stack where the card is the smallest rise (rng among equals)."""
    rise = {t: state.card - state.piles[t - 1].top for t in targets}
    least = min(rise.values())
    return rng.choice([t for t in targets if rise[t] == least])


@dataclass(frozen=True)
class LowestLegal:
    """Smallest rise over the top card; a new stack only when no add is legal."""

    def __call__(self, engine: Engine, state: D20State, rng: random.Random) -> Any:
        targets, _ = _adds(engine, state)
        return _closest(state, targets, rng) if targets else NEW


def majority_effect(pile: Pile, seat: int) -> int:
    """What adding one card of `seat` does to who scores `pile`: takes it, blocks the
    player who had it, hands it to someone else, or nothing."""
    before = pile.winner
    counts = dict(enumerate(pile.counts))
    counts[seat] += 1
    after = stack_winner(counts)
    if after == seat and before != seat:
        return _TAKE
    if before is not None and before != seat and after != before:
        return _BLOCK
    if after is not None and after != seat and after != before:
        return _GIVE
    return _NEUTRAL


SPREAD_LOW = 10  # `spread`: the highest card that starts its own stack rather than add neutrally


@dataclass(frozen=True)
class Steal:
    """Take a majority, else block one, never hand one over while another move exists;
    with `low` (`spread`), a card of `low` or less that would take or block nothing starts
    a new stack where the rule allows."""

    low: int = -1

    def __call__(self, engine: Engine, state: D20State, rng: random.Random) -> Any:
        targets, may_start = _adds(engine, state)
        if not targets:
            return NEW
        effect = {t: majority_effect(state.piles[t - 1], state.seat) for t in targets}
        best = max(effect.values())
        if may_start and (best == _GIVE or (best == _NEUTRAL and state.card <= self.low)):
            return NEW
        return _closest(state, [t for t in targets if effect[t] == best], rng)


def _factory(name: str, bot: Bot) -> Callable[[Mapping[str, str]], Bot]:
    def make(options: Mapping[str, str]) -> Bot:
        read_options(name, options, {})
        return bot
    return make


def seen(state: D20State, seat: int) -> tuple:
    """What `seat` sees: the whole state (see the module docstring)."""
    return (state.turn, state.card, state.undealt, state.piles)


def determinise(state: D20State, seat: int, rng: random.Random) -> D20State:
    """Nothing to re-deal: the decks' order is chance, drawn card by card."""
    return state


def _win_shares(state: D20State) -> list[float]:
    """Each seat's estimated win share from the stacks it would score now."""
    points = [0] * state.config.players
    for pile in state.piles:
        if pile.winner is not None:
            points[pile.winner] += 1
    return ismcts.soft_shares(points, 1.0)


SEARCH = ismcts.Information(
    key=seen, determinise=determinise, evaluate=_win_shares,
    progress=lambda state: state.turn // state.config.players, greedy=Steal(SPREAD_LOW))

BASELINE = "spread"  # the best rule of thumb: the ladder's yardstick, ismcts's greedy
# `pnp play`'s opponent: the strongest measured (`make bench`), a small edge over `spread`
STRONG = "rollout"

BOTS: dict[str, Callable[[Mapping[str, str]], Bot]] = {
    "random": _factory("random", random_bot),
    "lowest-legal": _factory("lowest-legal", LowestLegal()),
    "steal": _factory("steal", Steal()),
    "spread": _factory("spread", Steal(SPREAD_LOW)),
    "ismcts": ismcts.factory(SEARCH),
    "rollout": lambda options: rollout.factory(options, {"spread": SPREAD_LOW, "steal": -1}),
}
