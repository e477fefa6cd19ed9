"""The Majority 2 as a rules engine (`pnp.games.engine` interface): every phase, forming,
discs, coins, both end conditions, and each card's ability from its `effects` data.

Rulings: `shared/spec/majority2-engine.md` on top of `rules-decisions.md`; the rule sheet's
Clarifications box states each one for players.

How a state moves: the state holds a small stack of *frames* (the round's phases, a card's
effects, a forming check, a pending draw). `_run` executes frames until one needs a decision
— a player's choice or a chance outcome — and stores it in `state.need`. `apply` copies the
state, hands the action to the frame that asked, and runs on. So abilities that ask for
choices mid-way (a colour, then the opponent's colour; a draw, then a choice of hand card)
are plain sequences of frames, and every decision is an action in the game's record.

Action shapes (tuples; columns are numbered 1-3 as at the table; `pos` counts a column
from its head, the oldest card, starting at 0; `where` is a column 1-3 or "area"):
- chance: `("card", CARD_ID)` — the card drawn from the deck, or the card a random reserve
  discard took;
- `("exchange", bool)`, `("draw", bool)`;
- `("free", CARD_ID, column)` and `("play", CARD_ID, column)`; `("pass",)` ends Free Play
  or Standard Play;
- `("form", pos)`: the representative of the column being formed (its colour follows);
- ability choices: `("target", seat, where, pos)`, `("colour", COLOUR)`,
  `("disc", seat, where, pos, COLOUR)`, `("hand", CARD_ID)` (a hand card to the reserve),
  `("column", column)` (where a Ghost goes).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.games import engine as eng
from pnp.games.majority2 import effects as _effects  # noqa: F401  (registers handlers)
from pnp.games.majority2.content import INDEPENDENT, Majority2Content, plays_blank
from pnp.games.majority2.phases import (
    NO_ROUND,
    ROUND,
    _turn,
    draw_count,  # noqa: F401  (registers handlers; API)
)
from pnp.games.majority2.scoring import AreaCard, area_of, area_scores, final_score, winners
from pnp.games.majority2.state import (
    CHANCE,
    HAND,
    HANDLERS,
    RANDOM_MOVES,
    RESERVE,
    Config,
    State,
    frozen,
    push,
    randbelow,
    set_deck,
)

DEFAULT_ROUND_LIMIT = 200


# --- setup ----------------------------------------------------------------------------

def make_config(content: Majority2Content, *, players: int = 2,
                rules: Mapping[str, Any] | None = None, start_player: int = 0,
                promos: Mapping[str, int] | Sequence[str] | str = (),
                round_limit: int | None = DEFAULT_ROUND_LIMIT) -> Config:
    """The setup of one game. `promos`: the promo cards in use — a mapping id -> copies,
    a list of ids (one entry per copy), or "all" (every promo card, every copy). Each
    promo member replaces one base card of its faction and rank; Ghosts are added.
    `round_limit` stops a simulation (None: play until the game ends by its rules)."""
    if players != 2:
        raise ValueError("The Majority 2 is played by exactly 2 players")
    if start_player not in (0, 1):
        raise ValueError("start_player is seat 0 or 1")
    chosen = _promo_counts(content, promos)
    members = tuple(content.members) + tuple(m for m in content.promos if m.id in chosen)
    counts = [m.quantity for m in content.members]
    base_index = {m.id: i for i, m in enumerate(content.members)}
    for member in members[len(content.members):]:
        n = chosen[member.id]
        if member.replaces is not None:
            counts[base_index[member.replaces]] -= n
        counts.append(n)
    if min(counts) < 0:
        raise ValueError("more promo copies than the base cards they replace")
    rules = dict(rules or {})
    return Config(members, tuple(counts), start_player,
                  bool(rules.get("free_play_ignores_requirements", False)), round_limit,
                  content.coins, tuple(content.discs))


def _promo_counts(content: Majority2Content, promos) -> dict[str, int]:
    if promos == "all":
        return {m.id: m.quantity for m in content.promos}
    if isinstance(promos, Mapping):
        chosen = {k: int(v) for k, v in promos.items() if int(v) > 0}
    else:
        chosen = {}
        for card_id in promos:
            chosen[card_id] = chosen.get(card_id, 0) + 1
    known = {m.id: m for m in content.promos}
    for card_id, n in chosen.items():
        if card_id not in known:
            raise ValueError(f"{card_id!r} is not a promo card")
        if n > known[card_id].quantity:
            raise ValueError(f"{card_id}: {n} copies, there are {known[card_id].quantity}")
    return chosen


def initial_state(cfg: Config) -> State:
    st = State.__new__(State)
    st.cfg = cfg
    set_deck(st, cfg.deck)
    st.discards = []
    st.hands = [[], []]
    st.reserves = [[], []]
    st.cols = [[] for _ in range(6)]
    st.areas = ((), ())
    st.up = (0, 0)
    st.down = (3, 3)
    s = cfg.start_player
    st.active = s
    st.round = 0
    st.forced = (False, False)
    st.stack = [ROUND]
    push(st, ("deal", 4, s, RESERVE, "setup"), ("deal", 4, 1 - s, RESERVE, "setup"),
         ("deal", 6, s, HAND, "setup"))
    st.uid = 0
    st.stalled = 0
    st.events = None
    st.need = None
    st.weights = None
    st.end = None
    st.memo = None
    _run(st)
    return st


# --- the interpreter ------------------------------------------------------------------

def _run(st: State) -> None:
    """Run frames until a decision is needed (stored in `st.need`, any instance weights
    in `st.weights`) or the game ends."""
    handlers = HANDLERS
    stack = st.stack
    while st.end is None:
        frame = stack[-1]
        need = handlers[frame[0]](st, frame, None)
        if need is not None:
            if len(need) == 4:
                st.need, st.weights = need[:3], need[3]
            else:
                st.need, st.weights = need, None
            return
    st.need = st.weights = None


def apply(st: State, action: Any, at_round_end: Callable[[State], None] | None = None
          ) -> State:
    """The state after `action`, which must be legal; `st` itself is left as it was.
    `at_round_end(state)`, when given, sees the table between a round's Cleanup and the
    next round's Income, if this action ends a round (a log's per-round states)."""
    need = st.need
    if need is None:
        raise eng.IllegalAction("the game is over")
    player, kind, options = need
    if player == CHANCE:
        if not _chance_ok(st, kind, options, action):
            raise eng.IllegalAction(f"{action!r} is not a possible outcome here")
    elif action not in options:
        from pnp.games.majority2.explain import why_illegal
        raise eng.IllegalAction(why_illegal(st, action))
    else:  # the option itself: ("form", 0.0) or ("draw", 1) equal one but index nothing
        action = options[options.index(action)]
    new = st.copy()
    if at_round_end is None:
        advance(new, action)
    else:
        _advance_watching(new, action, at_round_end)
    return new


def _advance_watching(st: State, action: Any, at_round_end: Callable[[State], None]) -> None:
    """`advance`, stopping once between rounds (only the permanent round frame is left on
    the stack) to show the table to `at_round_end`."""
    stack = st.stack
    need = HANDLERS[stack[-1][0]](st, stack[-1], action)
    watched = False
    while need is None:
        if len(stack) == 1 and st.round and not watched:
            watched = True
            at_round_end(st)
        if st.end is not None:
            break
        need = HANDLERS[stack[-1][0]](st, stack[-1], None)
    if need is None:
        st.need = st.weights = None
    elif len(need) == 4:
        st.need, st.weights = need[:3], need[3]
    else:
        st.need, st.weights = need, None


def advance(st: State, action: Any) -> None:
    """Carry out `action` on `st` itself and run on to the next decision. No legality
    check: for callers that own the state and took the action from its options (a
    rollout on its own copy); everyone else uses `apply`."""
    frame = st.stack[-1]
    need = HANDLERS[frame[0]](st, frame, action)
    if need is None:
        _run(st)
    elif len(need) == 4:
        st.need, st.weights = need[:3], need[3]
    else:
        st.need, st.weights = need, None


def playout(st: State, rng: random.Random, record=None, max_actions: int = 1_000_000,
            until_round: int | None = None) -> int:
    """Play `st` on in place with random bots — chance by `sample_chance`, each player by
    `pnp.games.engine.random_bot`'s draw (uniform over card instances) — until the game
    ends or, with `until_round`, the round reaches it; `record(action)` sees each action.
    Returns the number of actions.

    The same random numbers give the same game as `pnp.games.engine.play` with random
    bots (a test plays both ways): this is that loop without a copy or a legality check
    per action, and most actions taken several to a call, for simulations and search
    rollouts. The frames
    that ask most (a round's phases, a draw) have a random mover (`state.RANDOM_MOVES`)
    that asks, draws and answers without listing the options, and goes on with the frames
    it knows come next (a round runs from its Exchange to its Cleanup in one call unless an
    ability asks or a column forms); the others ask as usual and their answer is drawn
    from the question (`_random_answer`)."""
    movers = _MOVERS
    stack = st.stack
    bits = rng.getrandbits
    if record is None:
        record = _IGNORE
    stop = until_round if until_round is not None else NO_ROUND
    count = 0
    while st.end is None and count < max_actions and st.round < stop:
        frame = stack[-1]
        if frame is ROUND:  # a round begins (it never asks): its Exchange goes on at once
            count += _turn(st, "round", bits, record, stop)
            continue
        count += movers[frame[0]](st, frame, bits, record)
    return _stopped(st, count, max_actions, stop)


_IGNORE = deque(maxlen=0).append  # a record that keeps nothing, without a Python call


def _stopped(st: State, count: int, max_actions: int, stop: int) -> int:
    """`playout` stopped: the game is over, the round is reached (the question pending
    stays for whoever plays on) or too many actions were taken."""
    stack = st.stack
    while st.end is None:
        frame = stack[-1]
        need = HANDLERS[frame[0]](st, frame, None)  # is a question pending?
        if need is None:
            continue
        if st.round >= stop:  # it stays for whoever plays on
            st.need, st.weights = (need[:3], need[3]) if len(need) == 4 else (need, None)
            return count
        raise RuntimeError(f"majority2: no end after {max_actions} actions")
    st.need = st.weights = None
    return count


def _random_answer(st: State, need: tuple, bits: Callable[[int], int]) -> Any:
    """The random bot's answer to `need` (chance: `sample_chance`'s card)."""
    options = need[2]
    if need[0] == CHANCE:
        cards = st.pile if options == "deck" else st.reserves[options]
        return st.cfg.draw_actions[cards[randbelow(bits, len(cards))]]
    weights = need[3] if len(need) == 4 else None
    if weights is None:
        return options[randbelow(bits, len(options))]
    return _instance(options, weights, randbelow(bits, sum(weights)))


def _answered(handle: Callable) -> Callable:
    """The random mover of a frame without a mover of its own: ask, draw, answer (or make
    the progress of a frame that asks nothing now)."""
    def mover(st: State, frame: tuple, bits: Callable[[int], int], record) -> int:
        need = handle(st, frame, None)
        if need is None:
            return 0
        action = _random_answer(st, need, bits)
        handle(st, frame, action)  # a next question it returns is asked again
        record(action)
        return 1
    return mover


# Every frame's random mover (`playout`): its own where it has one, else `_answered`.
_MOVERS = {name: RANDOM_MOVES.get(name) or _answered(handle)
           for name, handle in HANDLERS.items()}


def _instance(options: list, weights: list, index) -> Any:
    """The option the `index`-th card instance belongs to (`weights[i]` instances each)."""
    i = 0
    while index >= weights[i]:
        index -= weights[i]
        i += 1
    return options[i]


def _chance_ok(st: State, kind: str, source: Any, action: Any) -> bool:
    if not (isinstance(action, tuple) and len(action) == 2 and action[0] == "card"):
        return False
    k = st.cfg.index.get(action[1]) if isinstance(action[1], str) else None
    if k is None:
        return False
    return k in (st.pile if source == "deck" else st.reserves[source])


def chance_outcomes(st: State) -> list[tuple[tuple, float]]:
    if st.need is None or st.need[0] != CHANCE:  # a player's decision, or the game is over
        return []
    source = st.need[2]
    ids = st.cfg.ids
    if source == "deck":
        total = st.ndeck
        return [(("card", ids[k]), n / total) for k, n in enumerate(st.deck) if n]
    cards = st.reserves[source]
    counts: dict[int, int] = {}
    for k in cards:
        counts[k] = counts.get(k, 0) + 1
    return [(("card", ids[k]), n / len(cards)) for k, n in sorted(counts.items())]


def sample_chance(st: State, rng: random.Random) -> tuple:
    """The r-th card of the deck in kind order (the pile is sorted), or a uniformly drawn
    reserve card."""
    source = st.need[2]
    if source == "deck":
        pile = st.pile
        return st.cfg.draw_actions[pile[rng.randrange(len(pile))]]
    cards = st.reserves[source]
    return st.cfg.draw_actions[cards[rng.randrange(len(cards))]]


def option_weights(st: State) -> list[int] | None:
    """How many card instances each legal action stands for (None: one each): two copies
    of a card in hand are one option "play it", worth two instances to a bot. A new
    list, as `legal_actions` gives."""
    weights = st.weights
    return None if weights is None else list(weights)


def legal_actions(st: State) -> list:
    """A new list each call: the state's own option lists are shared (between copies of
    a state, and some are constants of every game), so a caller that shuffles or edits
    what it was given must not change them."""
    need = st.need
    if need is None:
        return []
    if need[0] == CHANCE:
        return [a for a, _ in chance_outcomes(st)]
    return list(need[2])


# --- results --------------------------------------------------------------------------

def area_cards(st: State, seat: int) -> list[AreaCard]:
    return area_of(st.cfg.members, st.areas[seat])


def scores(st: State) -> tuple[int, int]:
    return tuple(final_score(area_cards(st, s), st.up[s] + st.down[s]) for s in (0, 1))


def returns(st: State) -> eng.Outcome:
    totals = scores(st)
    won, tie_break = winners({0: totals[0], 1: totals[1]}, st.cfg.start_player)
    return eng.Outcome(totals, tuple(won), tie_break, st.end or "unfinished", st.round)


@dataclass(frozen=True)
class CardEvent:
    card: str
    seat: int
    played: int
    representative: int
    vp: int


def card_events(st: State) -> list[CardEvent]:
    """Per card id and seat: times played (free or standard), times it became a
    representative (forming, or an Angels Aristocrat scoring itself), and the VP it gives
    in that seat's final score area."""
    tally: dict[tuple[int, int], list[int]] = {}
    node = st.events
    while node is not None:
        node, (kind, seat, what) = node
        tally.setdefault((kind, seat), [0, 0, 0])[what] += 1
    for seat in (0, 1):
        area = area_cards(st, seat)
        for (kind, _), score in zip(st.areas[seat], area_scores(area), strict=True):
            tally.setdefault((kind, seat), [0, 0, 0])[2] += score.vp
    ids = st.cfg.ids
    return [CardEvent(ids[k], s, *v) for (k, s), v in sorted(tally.items())]


def blank_cards(cfg: Config) -> tuple[str, ...]:
    """Cards in the deck with printed abilities but no effects data: played as blank."""
    return tuple(m.id for m, n in zip(cfg.members, cfg.deck, strict=True)
                 if n and plays_blank(m))


def promos_in_use(cfg: Config) -> dict[str, int]:
    """Promo id -> copies in the deck (a balance run may place promos among the base
    cards, see `variants.in_deck_position`)."""
    return {m.id: n for m, n in zip(cfg.members, cfg.deck, strict=True) if n and m.promo}


def is_ghost(cfg: Config, kind: int) -> bool:
    return cfg.members[kind].faction == INDEPENDENT


class Majority2Engine:
    """The `pnp.games.engine.Engine` of The Majority 2."""

    game_id = "majority2"

    initial_state = staticmethod(initial_state)
    legal_actions = staticmethod(legal_actions)
    chance_outcomes = staticmethod(chance_outcomes)
    sample_chance = staticmethod(sample_chance)
    option_weights = staticmethod(option_weights)
    apply = staticmethod(apply)
    playout = staticmethod(playout)
    returns = staticmethod(returns)

    @staticmethod
    def current_player(st: State) -> int:
        if st.end is not None:
            return eng.TERMINAL
        return st.need[0]

    @staticmethod
    def is_terminal(st: State) -> bool:
        return st.end is not None


ENGINE = Majority2Engine()


def view_key(st: State) -> tuple:
    """Everything that describes the position, as a value later moves cannot change (for
    comparing replays)."""
    return (*frozen(st), st.active, st.round, st.forced, tuple(st.stack), st.end)


def disc_place_of(st: State, colour: str) -> tuple | None:
    """Where the `colour` disc is (None: in the supply)."""
    from pnp.games.majority2.state import disc_place
    return disc_place(st, colour)
