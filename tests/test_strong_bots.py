"""The strong players of issue 30: Majority Rules! `expectimax`, The Majority and D20
Stacks `rollout` — honest (twins get the same decision), legal, seeded, and stronger than
the game's best rule of thumb (the 200-game tables are in `make bench`; here a property
or a few games)."""

from __future__ import annotations

import random

import pytest

from pnp.errors import UsageError
from pnp.games import engine as eng
from pnp.games.d20_stacks import bots as d20_bots
from pnp.games.d20_stacks import rollout
from pnp.games.d20_stacks.engine import Pile
from pnp.games.d20_stacks.scoring import stack_winner
from pnp.games.majority_rules import planner
from pnp.simulate.stats import wilson
from tests.test_ismcts import setup, twin_pairs

STRONG = {"majority-rules": ("expectimax", {}), "majority": ("rollout", {"rollouts": "6"})}


@pytest.mark.parametrize("game_id", [pytest.param("majority-rules", marks=pytest.mark.slow),
                                     "majority"])
def test_states_a_player_cannot_tell_apart_get_the_same_decision(game_id):
    name, options = STRONG[game_id]
    game, _ = setup(game_id, 3 if game_id == "majority-rules" else 5)
    engine = game.engine.ENGINE
    bot = game.bots[name](options)
    pairs = twin_pairs(game_id, range(2))
    assert len(pairs) >= 5
    for n, (state, twin) in enumerate(pairs):
        assert bot(engine, state, random.Random(n)) == bot(engine, twin, random.Random(n))


@pytest.mark.slow
def test_the_majority_rules_plan_beats_every_rule_of_thumb_in_expectation():
    """Exact expectations against the plan's model (two seats of `keep-high`)."""
    value = planner.payoff(8, 2, planner.final_dice(8, [planner.keep_high] * 2))

    def expected(policies):
        return sum(p * value[c] for c, p in planner.final_dice(8, policies).items())

    plan = planner.plan(8, 2, 2, "keep-high")
    best = expected([lambda c, r=r: plan.keep(r, c) for r in range(2)])
    for rule in (planner.keep_high, planner.keep_majority):
        assert best > expected([rule, rule]) + 1.0
    kept = plan.keep(1, planner.counts_of((6, 6, 6, 5, 1, 2, 3, 4)))
    assert kept[5] == 3  # three 6s, a likely majority worth the most, are kept whole


@pytest.mark.slow
def test_expectimax_beats_keep_high_in_seeded_games():
    game, config = setup("majority-rules", 2)
    bots = [game.bots["expectimax"]({}), game.bots["keep-high"]({})]
    won = 0.0
    for seed in range(60):
        seats = bots if seed % 2 == 0 else bots[::-1]
        outcome = eng.play(game.engine.ENGINE, config, seats, seed).outcome
        mine = {seed % 2} == set(outcome.winners)
        won += 1.0 if mine else 0.5 if seed % 2 in outcome.winners else 0.0
    assert wilson(won, 60)[0] > 0.5, won


def test_the_fast_playout_scores_stacks_as_the_rules_do():
    rng = random.Random(3)
    for _ in range(300):
        counts = [rng.randrange(4) for _ in range(rng.choice((2, 3, 4)))]
        seat = rng.randrange(len(counts))
        assert rollout._winner(counts) == stack_winner(dict(enumerate(counts)))
        pile = Pile.of(5, tuple(counts))
        assert rollout._effect(counts, seat, rollout._winner(counts)) == \
            d20_bots.majority_effect(pile, seat)


def test_the_fast_playout_plays_as_steal_and_spread_do():
    """The playouts' policy on plain lists (`rollout._Table`) chooses what `bots.Steal`
    would, for `steal` and `spread`, in states of seeded games: a new stack when it does,
    else a stack where the card has the same effect and the same rise (ties are the
    rng's)."""
    game, config = setup("d20-stacks", 2)
    engine, checked = game.engine.ENGINE, 0
    for seed in range(6):
        state, rng = engine.initial_state(config), random.Random(seed)
        while not engine.is_terminal(state):
            if state.card is not None:
                for low in (-1, d20_bots.SPREAD_LOW):
                    table = rollout._Table(state, low).steal(state.seat, state.card, rng)
                    fast = "new" if table is None else table + 1
                    slow = d20_bots.Steal(low)(engine, state, rng)
                    assert _kind(state, fast) == _kind(state, slow), (seed, state, low)
                    checked += 1
                action = d20_bots.Steal(d20_bots.SPREAD_LOW)(engine, state, rng)
            else:
                action = engine.sample_chance(state, rng)
            state = engine.apply(state, action)
    assert checked > 300


def _kind(state, stack):
    """A move as the rule of thumb tells moves apart: new, or (effect, rise)."""
    if stack == "new":
        return "new"
    pile = state.piles[stack - 1]
    return d20_bots.majority_effect(pile, state.seat), state.card - pile.top


def test_the_rollout_bot_plays_out_with_spread_or_steal():
    game, _ = setup("d20-stacks", 2)
    assert game.bots["rollout"]({}).low == d20_bots.SPREAD_LOW
    assert game.bots["rollout"]({"playout": "steal"}).low == -1
    with pytest.raises(UsageError, match="rollout.playout"):
        game.bots["rollout"]({"playout": "best"})


def test_the_d20_rollout_bot_plays_legal_seeded_games():
    game, config = setup("d20-stacks", 2)
    bot = game.bots["rollout"]({"rollouts": "4"})
    first = eng.play(game.engine.ENGINE, config, [bot, game.bots["steal"]({})], 5)
    again = eng.play(game.engine.ENGINE, config, [bot, game.bots["steal"]({})], 5)
    assert first.actions == again.actions and first.outcome == again.outcome


def test_greedy_draws_no_hidden_card_in_the_majority2_twins():
    """`greedy` values a card-drawing action (Reapers Senior's replacement, a draw) on a
    re-dealt world, so a state and its twin (the opponent's hidden cards swapped) get the
    same decision for the same random numbers, drawing actions included."""
    from pnp.games.majority2 import engine as m2
    from pnp.games.majority2.bots import greedy_choice
    from pnp.games.majority2.state import CHANCE

    pairs = twin_pairs("majority2", range(4))
    drawing = 0
    for n, (state, twin) in enumerate(pairs):
        assert greedy_choice(state, random.Random(n)) == greedy_choice(twin, random.Random(n))
        drawing += any(m2.apply(state, a).need[0] == CHANCE for a in state.need[2]
                       if m2.apply(state, a).end is None)
    assert drawing >= 10, drawing
