"""D20 Stacks engine: a hand-worked game, legality, chance, bots, and random-play invariants
(every action legal, the game ends, points within the stacks, replay, `pnp check`)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from enginetools import check_record, play_checked, totals

from pnp.errors import UsageError
from pnp.games import GAMES
from pnp.games.d20_stacks import bots
from pnp.games.d20_stacks.content import deck_from_values
from pnp.games.d20_stacks.engine import ENGINE, D20State, Pile, make_config, to_record
from pnp.games.engine import (
    CHANCE,
    TERMINAL,
    IllegalAction,
    Outcome,
    PlayedGame,
    play,
    replay,
)
from pnp.games.gamedata import load_content

SMALL = deck_from_values([0, 3, 5, 7, 20])
# Ana: 5 new, Bo: 7 on it, Ana: 20 closes it, Bo: the dash must start a new stack.
GAME = (5, "new", 7, 1, 20, 1, 0, "new")


def run(actions, config=None):
    return replay(ENGINE, config or make_config(SMALL, players=2), actions)


def state_with(card: int, *piles: tuple[int, tuple[int, ...]], seat: int = 1,
               new_stack: str = "always") -> D20State:
    """Seat `seat` to play `card` on stacks given as (top, counts per seat)."""
    config = make_config(load_content("d20-stacks"), players=2,
                         rules={"new_stack": new_stack})
    return D20State(config, seat, card, config.counts,
                    tuple(Pile.of(top, counts) for top, counts in piles))


# A hand-worked game ---------------------------------------------------------------------

def test_hand_worked_game():
    """5 cards, 2 players: 4 dealt (one left over). Stack 1 ends Ana 5, Bo 7, Ana 20 and is
    Ana's (2 of 3); stack 2 is Bo's dash alone and scores nothing: 1-0."""
    config = make_config(SMALL, players=2)
    assert config.turns == 4
    state = run(GAME, config)
    assert ENGINE.is_terminal(state) and ENGINE.current_player(state) == TERMINAL
    assert state.piles == (Pile(20, True, (2, 1), 0), Pile(0, False, (0, 1), None))
    assert ENGINE.returns(state) == Outcome((1, 0), (0,), None, "deck-out", 2)


def test_chance_deals_each_card_of_the_deck_once():
    state = ENGINE.initial_state(make_config(SMALL, players=2))
    assert ENGINE.current_player(state) == CHANCE
    assert ENGINE.chance_outcomes(state) == tuple((v, 0.2) for v in (0, 3, 5, 7, 20))
    state = run(GAME[:2])
    assert ENGINE.current_player(state) == CHANCE
    assert dict(ENGINE.chance_outcomes(state)) == {0: 0.25, 3: 0.25, 7: 0.25, 20: 0.25}
    with pytest.raises(IllegalAction, match="no card of value 5 is left"):
        ENGINE.apply(state, 5)


def test_legal_actions_open_stacks_strictly_greater_then_new():
    assert ENGINE.legal_actions(run(GAME[:5])) == (1, "new")
    assert ENGINE.legal_actions(run(GAME[:7])) == ("new",)  # closed stack, and a dash
    state = state_with(9, (3, (1, 0)), (9, (0, 1)), (20, (1, 1)), (0, (1, 0)))
    assert ENGINE.legal_actions(state) == (1, 4, "new")


def test_only_if_blocked_offers_a_new_stack_only_when_nothing_fits():
    config = make_config(SMALL, players=2, rules={"new_stack": "only_if_blocked"})
    assert ENGINE.legal_actions(run(GAME[:3], config)) == (1,)
    with pytest.raises(IllegalAction, match="no new stack may be started"):
        run((5, "new", 7, "new"), config)
    state = state_with(9, (20, (1, 1)), (12, (0, 1)), new_stack="only_if_blocked")
    assert ENGINE.legal_actions(state) == ("new",)  # a closed stack is never a target


def test_illegal_placements_raise_with_the_reason():
    state = run((5, "new", 3))
    with pytest.raises(IllegalAction, match="3 on stack 1: 3 is not greater than the 5"):
        ENGINE.apply(state, 1)
    with pytest.raises(IllegalAction, match="stack 2 does not exist"):
        ENGINE.apply(state, 2)
    with pytest.raises(IllegalAction, match="closed by a 20"):
        ENGINE.apply(run(GAME[:6] + (3,)), 1)
    with pytest.raises(IllegalAction, match="the game is over"):
        ENGINE.apply(run(GAME), 1)


def test_apply_leaves_the_state_it_was_given():
    state = run(GAME[:3])
    ENGINE.apply(state, 1)
    assert state == run(GAME[:3]) and state.piles == (Pile(5, False, (1, 0)),)


def test_leftover_cards_are_never_dealt_and_ties_are_shared():
    config = make_config(deck_from_values([4, 9, 2]), players=2)
    state = run((4, "new", 9, 1), config)
    assert ENGINE.is_terminal(state)
    assert ENGINE.returns(state) == Outcome((0, 0), (0, 1), "shared", "deck-out", 1)


def test_config_rejects_unknown_rules_and_player_counts():
    deck = load_content("d20-stacks")
    with pytest.raises(UsageError, match="target: not a rule option"):
        make_config(deck, players=2, rules={"target": 3})
    with pytest.raises(UsageError, match="new_stack=sometimes"):
        make_config(deck, players=2, rules={"new_stack": "sometimes"})
    with pytest.raises(UsageError, match="2 to 4 players, not 5"):
        make_config(deck, players=5)


def test_a_pile_knows_who_would_score_it():
    assert Pile.of(9, (2, 1, 0)).winner == 0
    assert Pile.of(9, (1, 1, 0)).winner is None  # shared top
    assert Pile.of(9, (3, 0, 0)).winner is None  # one player's cards only
    assert Pile.of(20, (0, 1, 2)).closed


def test_game_declares_its_engine_and_bots():
    game = GAMES["d20-stacks"]
    assert game.engine.ENGINE.game_id == "d20-stacks"
    assert set(game.bots) == {"random", "lowest-legal", "steal", "spread", "ismcts", "rollout"}


# to_record and pnp check ----------------------------------------------------------------

def test_to_record_is_the_moves_format_and_checks(tmp_path, cli):
    config = make_config(SMALL, players=2)
    played = play(ENGINE, config, [lambda e, s, r: e.legal_actions(s)[0]] * 2, seed=0)
    forced = replay(ENGINE, config, played.actions)
    assert forced == played.final_state
    record = to_record(config, played, ["Ana", "Bo"])
    assert record["deck"] == [0, 3, 5, 7, 20] and record["rules"] == {"new_stack": "always"}
    assert len(record["moves"]) == 4 and record["moves"][0]["stack"] == "new"
    assert record["claimed"] == dict(zip(["Ana", "Bo"], played.outcome.scores, strict=True))
    path = tmp_path / "game.json"
    check_record(tmp_path, record)
    result = cli("check", path)
    assert result.exit_code == 0, result.output


def test_to_record_of_the_hand_worked_game(tmp_path):
    config = make_config(SMALL, players=2)
    state = run(GAME, config)
    record = to_record(config, PlayedGame(GAME, state, ENGINE.returns(state)), ["Ana", "Bo"])
    assert record["moves"] == [
        {"player": "Ana", "value": 5, "stack": "new"}, {"player": "Bo", "value": 7, "stack": 1},
        {"player": "Ana", "value": 20, "stack": 1}, {"player": "Bo", "value": 0, "stack": "new"}]
    verdict = check_record(tmp_path, record)
    assert verdict.ok and totals(verdict) == (1, 0)


def test_to_record_needs_one_name_per_seat():
    config = make_config(SMALL, players=2)
    played = play(ENGINE, config, [bots.BOTS["random"]({})] * 2, seed=1)
    with pytest.raises(UsageError):
        to_record(config, played, ["Ana", "Ana"])


# Bots -----------------------------------------------------------------------------------

def test_lowest_legal_plays_the_smallest_rise():
    bot = bots.BOTS["lowest-legal"]({})
    state = state_with(13, (3, (1, 0)), (9, (0, 1)), (12, (1, 0)), (20, (1, 1)))
    assert bot(ENGINE, state, random.Random(0)) == 3
    assert bot(ENGINE, state_with(2, (3, (1, 0))), random.Random(0)) == "new"


def test_steal_takes_then_blocks_and_never_hands_a_majority_over():
    """Bo (seat 1) holds a 10. Stack 1: Ana 2, Bo 1 (Bo blocks by tying); stack 2: 1 each
    (Bo takes it); stack 3: Ana's alone (Bo's card would give it to Ana); stack 4: Bo's
    alone (no change)."""
    bot = bots.BOTS["steal"]({})
    block, take, give, same = (4, (2, 1)), (8, (1, 1)), (2, (3, 0)), (9, (0, 2))
    rng = random.Random(0)
    assert bot(ENGINE, state_with(10, block, take, give, same), rng) == 2
    assert bot(ENGINE, state_with(10, block, give, same), rng) == 1
    assert bot(ENGINE, state_with(10, give, same), rng) == 2
    assert bot(ENGINE, state_with(10, give), rng) == "new"
    assert bot(ENGINE, state_with(10, give, new_stack="only_if_blocked"), rng) == 1


def test_spread_starts_a_stack_with_a_low_card_that_would_take_or_block_nothing():
    """Bo (seat 1): on stack 1 (Bo's own) or stack 2 (Bo leads) a card changes no
    majority. `steal` adds it; `spread` starts a new stack with a 10 or less, adds an 11,
    still takes or blocks with a low card, and adds when the rule forbids a new stack."""
    spread, steal = bots.BOTS["spread"]({}), bots.BOTS["steal"]({})
    own, leads, take = (3, (0, 2)), (2, (1, 2)), (1, (1, 1))
    rng = random.Random(0)
    assert steal(ENGINE, state_with(10, own, leads), rng) == 1
    assert spread(ENGINE, state_with(10, own, leads), rng) == "new"
    assert spread(ENGINE, state_with(11, own, leads), rng) == 1
    assert spread(ENGINE, state_with(4, own, leads, take), rng) == 3
    assert spread(ENGINE, state_with(10, own, leads, new_stack="only_if_blocked"), rng) == 1


def test_bot_options_are_checked():
    with pytest.raises(UsageError, match="steal.depth: not an option of the steal bot"):
        bots.BOTS["steal"]({"depth": "2"})


# Random play: invariants ----------------------------------------------------------------

MIXES = [("random",) * 2, ("lowest-legal", "steal"), ("steal", "random", "lowest-legal"),
         ("random", "steal", "lowest-legal", "random"), ("spread", "steal", "spread")]


@cache
def _deck():
    return load_content("d20-stacks")


@cache
def _verified(seed: int, new_stack: str):
    """Seed `seed`'s random game, played checked (every invariant asserted), and its config.
    Kept: the invariant tests play seeds 0-299 and 0-999 (0-99 and 0-499 with
    only_if_blocked), the same games; each game is played and asserted once a test process,
    each test checks its own records."""
    deck = _deck()
    names = MIXES[seed % len(MIXES)]
    config = make_config(deck, players=len(names), rules={"new_stack": new_stack})
    seats = [bots.BOTS[name]({}) for name in names]
    played = play_checked(ENGINE, config, seats, seed)
    outcome = played.outcome
    assert len(played.actions) == 2 * config.turns
    assert all(s >= 0 for s in outcome.scores)
    assert sum(outcome.scores) <= len(played.final_state.piles)
    assert max(outcome.scores) == outcome.scores[outcome.winners[0]]
    assert replay(ENGINE, config, played.actions) == played.final_state
    assert play(ENGINE, config, seats, seed) == played
    return config, played


def invariants(tmp_path, games: int, checked_every: int, new_stack: str = "always"):
    for seed in range(games):
        config, played = _verified(seed, new_stack)
        if seed % checked_every == 0:
            people = ["Ana", "Bo", "Cy", "Di"][:config.players]
            verdict = check_record(tmp_path, to_record(config, played, people))
            assert verdict.ok, verdict.violations
            assert totals(verdict) == played.outcome.scores


@pytest.mark.slow
def test_random_play_invariants(tmp_path):
    invariants(tmp_path, games=300, checked_every=10)


def test_random_play_invariants_only_if_blocked(tmp_path):
    invariants(tmp_path, games=100, checked_every=10, new_stack="only_if_blocked")


@pytest.mark.slow
def test_random_play_invariants_thousands(tmp_path):
    invariants(tmp_path, games=1000, checked_every=20)
    invariants(tmp_path, games=500, checked_every=20, new_stack="only_if_blocked")


def _dealt(actions) -> list:
    """The chance actions of a game (the cards dealt, in order), by replaying it."""
    state, dealt = ENGINE.initial_state(_full_config()), []
    for action in actions:
        if ENGINE.current_player(state) == CHANCE:
            dealt.append(action)
        state = ENGINE.apply(state, action)
    return dealt


def _full_config():
    return make_config(load_content("d20-stacks"), players=2)


def test_a_chance_seed_deals_the_same_cards_whoever_plays():
    """Duplicate games (the bench's D20 headline pair): with `chance_seed`, the deal does
    not depend on the bots or on the bots' seed, so swapping the seats compares two bots
    on one deal; without it, the one seed feeds both and the deals differ."""
    spread, steal = bots.BOTS["spread"]({}), bots.BOTS["random"]({})
    first = play(ENGINE, _full_config(), [spread, steal], seed=1, chance_seed=99)
    swapped = play(ENGINE, _full_config(), [steal, spread], seed=2, chance_seed=99)
    assert first.actions != swapped.actions  # other bots, other moves ...
    assert _dealt(first.actions) == _dealt(swapped.actions)  # ... the same deal
    assert len(_dealt(first.actions)) == 54
    plain = play(ENGINE, _full_config(), [steal, spread], seed=2)
    assert _dealt(plain.actions) != _dealt(swapped.actions)
    assert play(ENGINE, _full_config(), [steal, spread], seed=2, chance_seed=99) == swapped
