"""Properties of the checker over generated games (hypothesis).

- player order never changes anyone's total;
- a Majority Rules! round's scores sum to the value of all dice (gold faces as 6);
- a correct record with one claim changed yields exactly one violation, at that claim;
- random legal D20 Stacks move sequences replay cleanly;
- random JSON, and example records with a random part replaced, never make a traceback.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.check import check_file
from pnp.cli import app
from pnp.games.d20_stacks.scoring import Move, apply_move, legal_adds
from pnp.games.gamedata import load_content
from pnp.games.majority.scoring import game_over, play_turn, start_round
from pnp.games.majority_rules.scoring import claim, die_value

from conftest import ROOT

SETTINGS = settings(max_examples=100, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]
EXAMPLES = sorted((ROOT / "data" / "examples").glob("*.json"))


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("records")


def verdict_of(folder: Path, record: dict, *rules: str):
    path = folder / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return check_file(path, rule_args=rules)


def totals(verdict) -> dict[str, int]:
    return {p.name: p.total for p in verdict.players}


# Generators of legal games -------------------------------------------------------------

@st.composite
def majority_games(draw) -> dict:
    """A legal The Majority record: every turn asks exactly the players still in."""
    players = NAMES[:draw(st.integers(3, 6))]
    rounds, scores = [], {p: 0 for p in players}
    for _ in range(draw(st.integers(1, 4))):
        state, _ = start_round(players)
        turns = []
        while not state.over:
            # Score first: the simplest game ends each round at once; after 8 turns, it must.
            options = ["Score"] if len(turns) == 8 else ["Score", "A", "B", "C"]
            votes = {p: draw(st.sampled_from(options)) for p in state.active}
            turns.append(votes)
            state, _ = play_turn(state, votes)
        rounds.append({"turns": turns})
        scores = {p: scores[p] + state.scores.get(p, 0) for p in players}
        if game_over(scores):
            break
    return {"game": "majority", "players": players, "rounds": rounds}


@st.composite
def majority2_games(draw) -> dict:
    """A legal end state: cards drawn from the real deck, distinct discs, coins in supply."""
    content = load_content("majority2")
    deck = [m.id for m in content.members for _ in range(m.quantity)]
    deck += [m.id for m in content.promos if m.replaces is None for _ in range(m.quantity)]
    order = list(deck)
    random.Random(draw(st.integers(0, 2**32))).shuffle(order)
    ana, bo = draw(st.integers(5, 9)), draw(st.integers(0, 9))
    cards = list(order[:ana + bo])
    discs = draw(st.lists(st.sampled_from(content.discs), unique=True, max_size=5))
    slots = draw(st.lists(st.integers(0, len(cards) - 1), unique=True, min_size=len(discs),
                          max_size=len(discs)))
    placed: list = list(cards)
    for disc, slot in zip(discs, slots, strict=True):
        placed[slot] = {"card": cards[slot], "disc": disc}
    coins = draw(st.integers(0, 40))
    ana_coins = draw(st.integers(0, coins))
    return {"game": "majority2", "players": ["Ana", "Bo"],
            "start_player": draw(st.sampled_from(["Ana", "Bo"])),
            "score_areas": {"Ana": placed[:ana], "Bo": placed[ana:]},
            "coins": {"Ana": ana_coins, "Bo": coins - ana_coins}}


dice = st.lists(st.integers(1, 6), min_size=8, max_size=8)


@st.composite
def majority_rules_games(draw) -> dict:
    players = NAMES[:draw(st.integers(2, 4))]
    rounds = [{"gold": draw(st.integers(1, 6)), "dice": {p: draw(dice) for p in players}}
              for _ in range(draw(st.integers(1, 4)))]
    return {"game": "majority-rules", "players": players, "rounds": rounds,
            "rules": {"target": 10_000}}


@st.composite
def d20_games(draw, new_stack: str = "always") -> dict:
    """Random legal play: each player in turn plays a card of the deck onto a legal stack,
    or starts a new one (when allowed by `new_stack`)."""
    players = NAMES[:draw(st.integers(2, 4))]
    deck = load_content("d20-stacks").values()
    random.Random(draw(st.integers(0, 2**32))).shuffle(deck)
    hands = draw(st.integers(0, len(deck) // len(players)))
    stacks: tuple = ()
    moves = []
    for i in range(hands * len(players)):
        player, value = players[i % len(players)], deck[i]
        fits = legal_adds(stacks, value)
        options = fits + (["new"] if new_stack == "always" or not fits else [])
        target = draw(st.sampled_from(options))
        stacks = apply_move(stacks, Move(player, value, target)).stacks
        moves.append({"player": player, "value": value, "stack": target})
    return {"game": "d20-stacks", "players": players, "moves": moves,
            "rules": {"new_stack": new_stack}}


ANY_GAME = st.one_of(majority_games(), majority2_games(), majority_rules_games(),
                     d20_games())


# Properties ---------------------------------------------------------------------------

@pytest.mark.slow
@SETTINGS
@given(game=ANY_GAME, seed=st.integers(0, 2**32))
def test_player_order_does_not_change_totals(folder, game, seed):
    if game["game"] == "d20-stacks":
        # Turn order is the player order in a move log: compare its final stacks instead.
        game = {**game, "stacks": verdict_of(folder, game).detail["stacks"]}
        game["stacks"] = [s["cards"] for s in game["stacks"]]
        del game["moves"]
    before = totals(verdict_of(folder, game))
    shuffled = list(game["players"])
    random.Random(seed).shuffle(shuffled)
    after = totals(verdict_of(folder, {**game, "players": shuffled}))
    assert after == before


@SETTINGS
@given(players=st.integers(2, 4).flatmap(lambda n: st.lists(dice, min_size=n, max_size=n)),
       gold=st.integers(1, 6))
def test_round_scores_sum_to_all_dice_with_gold_as_6(players, gold):
    result = claim({NAMES[i]: d for i, d in enumerate(players)}, gold)
    assert sum(result.scores.values()) == sum(die_value(v, gold) for d in players for v in d)


def correct_claims(folder: Path, game: dict) -> dict:
    """The game with every final (and, for Majority Rules!, per-round) claim correct."""
    verdict = verdict_of(folder, game)
    game = {**game, "claimed": totals(verdict)}
    if game["game"] == "majority-rules":
        game["rounds"] = [{**r, "claimed": dict(d["scores"])}
                          for r, d in zip(game["rounds"], verdict.detail["rounds"], strict=True)]
    return game


@pytest.mark.slow
@SETTINGS
@given(game=ANY_GAME, pick=st.integers(0, 100), delta=st.integers(-50, 50).filter(bool))
def test_one_claim_changed_gives_exactly_one_violation(folder, game, pick, delta):
    game = correct_claims(folder, game)
    baseline = verdict_of(folder, game).violations
    claims = [("claimed", name) for name in game["claimed"]]
    if game["game"] == "majority-rules":
        claims += [(r, name) for r, rnd in enumerate(game["rounds"]) for name in rnd["claimed"]]
    where, name = claims[pick % len(claims)]
    changed = json.loads(json.dumps(game))
    target = changed["claimed"] if where == "claimed" else changed["rounds"][where]["claimed"]
    target[name] += delta
    violations = verdict_of(folder, changed).violations
    assert len(violations) == len(baseline) + 1
    expected = f"claimed.{name}" if where == "claimed" else f"rounds[{where}].claimed.{name}"
    assert [v.where for v in violations if v not in baseline] == [expected]


@pytest.mark.slow
@SETTINGS
@given(game=d20_games())
def test_random_legal_d20_games_replay_cleanly(folder, game):
    verdict = verdict_of(folder, game)
    assert verdict.violations == ()
    played = sum(len(s["cards"]) for s in verdict.detail["stacks"])
    assert played == len(game["moves"])


@pytest.mark.slow
@SETTINGS
@given(game=d20_games(new_stack="only_if_blocked"))
def test_random_legal_d20_games_replay_cleanly_when_only_blocked_players_start_stacks(
        folder, game):
    assert verdict_of(folder, game).violations == ()


@pytest.mark.slow
@SETTINGS
@given(game=majority_games())
def test_generated_majority_games_are_legal(folder, game):
    assert verdict_of(folder, game).violations == ()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


def run_check(path: Path, *args: str):
    return CliRunner().invoke(app, ["check", str(path), *args], catch_exceptions=False)


@pytest.mark.slow
@SETTINGS
@given(value=json_values)
def test_random_json_exits_2_with_a_message(folder, value):
    path = folder / "random.json"
    path.write_text(json.dumps(value), encoding="utf-8")
    result = run_check(path)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")


@pytest.mark.slow
@SETTINGS
@given(value=json_values, game=st.sampled_from(["majority", "majority2", "majority-rules",
                                                "d20-stacks"]),
       players=st.lists(st.sampled_from(NAMES), max_size=5))
def test_random_json_with_a_game_field_exits_2(folder, value, game, players):
    record = {**value, "game": game, "players": players} if isinstance(value, dict) else \
        {"game": game, "players": players, "rounds": value}
    path = folder / "random.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert run_check(path, "--json").exit_code in (0, 1, 2)


def paths_of(value, path=()):
    """Every place in a JSON value, as a tuple of keys and indexes."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths_of(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths_of(item, (*path, index))


@pytest.mark.slow
@SETTINGS
@given(example=st.sampled_from(EXAMPLES), pick=st.integers(0, 10_000), value=json_values)
def test_example_with_a_random_part_never_tracebacks(folder, example, pick, value):
    record = json.loads(example.read_text("utf-8"))
    places = [p for p in paths_of(record) if p]
    assume(places)
    *parent, last = places[pick % len(places)]
    holder = record
    for key in parent:
        holder = holder[key]
    holder[last] = value
    path = folder / example.name
    path.write_text(json.dumps(record), encoding="utf-8")
    result = run_check(path, "--json")
    assert result.exit_code in (0, 1, 2)
    if result.exit_code == 2:
        assert result.stderr.startswith("error: ")
    else:
        assert json.loads(result.stdout)["ok"] is (result.exit_code == 0)
