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
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from pnp.games import engine as eng
from pnp.games.majority2 import effects as _effects  # noqa: F401  (registers handlers)
from pnp.games.majority2.content import INDEPENDENT, Majority2Content
from pnp.games.majority2.scoring import AreaCard, area_scores, final_score, winners
from pnp.games.majority2.state import (
    CHANCE,
    HAND,
    HANDLERS,
    RESERVE,
    Config,
    State,
    colour_of,
    event,
    gain_coins,
    grouped,
    handler,
    place,
    pop,
    push,
    refill_deck,
    remove_from,
    requirement_met,
    to_discard,
    tup_set,
)

FACTIONS_TO_END = 5
PASS = ("pass",)
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
    st.deck = cfg.deck
    st.ndeck = sum(cfg.deck)
    st.discard = (0,) * len(cfg.deck)
    st.hands = ((), ())
    st.reserves = ((), ())
    st.cols = ((),) * 6
    st.areas = ((), ())
    st.up = (0, 0)
    st.down = (3, 3)
    s = cfg.start_player
    st.active = s
    st.round = 0
    st.forced = (False, False)
    st.stack = (("round",),)
    push(st, ("deal", 4, s, RESERVE, "setup"), ("deal", 4, 1 - s, RESERVE, "setup"),
         ("deal", 6, s, HAND, "setup"))
    st.uid = 0
    st.stalled = 0
    st.events = None
    st.need = None
    st.weights = None
    st.end = None
    _run(st)
    return st


# --- the interpreter ------------------------------------------------------------------

def _run(st: State) -> None:
    """Run frames until a decision is needed (stored in `st.need`) or the game ends."""
    handlers = HANDLERS
    while st.end is None:
        frame = st.stack[-1]
        need = handlers[frame[0]](st, frame, None)
        if need is not None:
            _ask(st, need)
            return
    st.need = None


def _ask(st: State, need: tuple) -> None:
    """Store a handler's question: the need, and apart from it any instance weights."""
    if len(need) == 4:
        st.need, st.weights = need[:3], need[3]
    else:
        st.need, st.weights = need, None


def apply(st: State, action: Any) -> State:
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
    new = st.copy()
    frame = new.stack[-1]
    HANDLERS[frame[0]](new, frame, action)
    # The interpreter loop of _run, inlined: apply is the hottest call of a simulation.
    handlers = HANDLERS
    while new.end is None:
        frame = new.stack[-1]
        need = handlers[frame[0]](new, frame, None)
        if need is not None:
            if len(need) == 4:
                new.need, new.weights = need[:3], need[3]
            else:
                new.need = need
            return new
    new.need = None
    return new


def _chance_ok(st: State, kind: str, source: Any, action: Any) -> bool:
    if not (isinstance(action, tuple) and len(action) == 2 and action[0] == "card"):
        return False
    k = st.cfg.index.get(action[1])
    if k is None:
        return False
    if source == "deck":
        return st.deck[k] > 0
    return k in st.reserves[source]


def chance_outcomes(st: State) -> list[tuple[tuple, float]]:
    player, _, source = st.need
    if player != CHANCE:
        return []
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
    source = st.need[2]
    if source == "deck":
        # The r-th card of the deck in kind order: the first kind whose running count
        # exceeds r (bisect over the running counts, done in C).
        r = rng.randrange(st.ndeck)
        return st.cfg.draw_actions[bisect_right(list(accumulate(st.deck)), r)]
    cards = st.reserves[source]
    return ("card", st.cfg.ids[cards[rng.randrange(len(cards))]])


def option_weights(st: State) -> list[int] | None:
    """How many card instances each legal action stands for (None: one each): two copies
    of a card in hand are one option "play it", worth two instances to a bot."""
    return st.weights


def legal_actions(st: State) -> list:
    need = st.need
    if need is None:
        return []
    if need[0] == CHANCE:
        return [a for a, _ in chance_outcomes(st)]
    return need[2]


# --- the round ------------------------------------------------------------------------

@handler("round")
def _round(st: State, frame: tuple, action: Any) -> None:
    """Start the active player's round: income, then the stall test, then the phases."""
    p = st.active
    st.round += 1
    st.up = tup_set(st.up, p, st.up[p] + st.down[p])
    st.down = tup_set(st.down, p, 0)
    if is_stalled(st):
        if st.stalled:
            st.end = "stalled"
            return None
        st.stalled = 1
    else:
        st.stalled = 0
    push(st, ("exchange",), ("drawq",), ("free",), ("play",), ("cleanup",))
    return None


def is_stalled(st: State) -> bool:
    """Nothing to draw anywhere, and no card the player could play, whatever they chose at
    Exchange (hand, reserve, or the one their Exchange rule leaves them)."""
    if st.ndeck or any(st.discard):
        return False
    p = st.active
    sets = []
    if not st.forced[p]:
        sets.append(st.hands[p])
    if st.round > 1 or st.forced[p]:
        sets.append(st.reserves[p])
    return not any(_playable(st, p, k) for cards in sets for k in set(cards))


def _playable(st: State, p: int, kind: int) -> bool:
    cfg = st.cfg
    req = requirement_met(st, p, kind)
    if cfg.free_ok[kind] and (req or cfg.free_play_ignores_requirements):
        return True
    return req and cfg.cost[kind] <= st.up[p]


@handler("exchange")
def _exchange(st: State, frame: tuple, action: Any):
    p = st.active
    if action is None:
        if st.forced[p]:
            return (p, "exchange", [("exchange", True)])
        if st.round == 1:
            return (p, "exchange", [("exchange", False)])
        return (p, "exchange", [("exchange", False), ("exchange", True)])
    pop(st)
    st.forced = tup_set(st.forced, p, False)
    if action[1]:
        hand, reserve = st.hands[p], st.reserves[p]
        st.hands = tup_set(st.hands, p, reserve)
        st.reserves = tup_set(st.reserves, p, hand)
    return None


def draw_count(st: State) -> int:
    """⌈n/2⌉ + 2 cards, n = the opponent's formed factions."""
    n = len(st.areas[1 - st.active])
    return (n + 1) // 2 + 2


@handler("drawq")
def _draw_question(st: State, frame: tuple, action: Any):
    p = st.active
    if action is None:
        if not st.hands[p]:
            return (p, "draw", [("draw", True)])
        return (p, "draw", [("draw", False), ("draw", True)])
    pop(st)
    if action[1]:
        push(st, ("deal", draw_count(st), p, HAND, "draw"),
             ("deal", 1, 1 - p, RESERVE, "reserve-draw"))
    return None


@handler("deal")
def _deal(st: State, frame: tuple, action: Any):
    """Draw `n` cards one chance action at a time into a hand, a reserve or a column
    (("col", ci): cards played free, without abilities, owned by the active player)."""
    _, n, seat, zone, kind = frame
    if action is None:
        if n <= 0 or not refill_deck(st):
            pop(st)
            return None
        return (CHANCE, kind, "deck")
    k = st.cfg.index[action[1]]
    deck = st.deck
    st.deck = deck[:k] + (deck[k] - 1,) + deck[k + 1:]
    st.ndeck -= 1
    if zone == HAND:
        hands = st.hands
        st.hands = (hands[0] + (k,), hands[1]) if seat == 0 else (hands[0], hands[1] + (k,))
    elif zone == RESERVE:
        res = st.reserves
        st.reserves = (res[0] + (k,), res[1]) if seat == 0 else (res[0], res[1] + (k,))
    else:
        place(st, zone[1], k, st.active)
    if n > 1:
        st.stack = st.stack[:-1] + (("deal", n - 1, seat, zone, kind),)
    else:
        st.stack = st.stack[:-1]
    return None


def _area_colours(st: State, seat: int) -> dict[str | None, int]:
    """How many cards of each current colour a score area holds (for requirements)."""
    have: dict[str | None, int] = {}
    colour = st.cfg.colour
    for kind, disc in st.areas[seat]:
        c = disc or colour[kind]
        have[c] = have.get(c, 0) + 1
    return have


def _copies(hand: tuple) -> dict[int, int]:
    """Copies of each kind in a hand, in the order of first appearance."""
    copies: dict[int, int] = {}
    for k in hand:
        copies[k] = copies.get(k, 0) + 1
    return copies


def _with_weights(p: int, kind: str, options: list, weights: list[int],
                  copies: dict[int, int]) -> tuple:
    """A play question, with its instance weights when the hand holds twins."""
    if len(copies) == sum(copies.values()):
        return (p, kind, options)
    return (p, kind, options, weights)


@handler("free")
def _free(st: State, frame: tuple, action: Any):
    p = st.active
    cfg = st.cfg
    if action is None:
        options = [PASS]
        ignore = cfg.free_play_ignores_requirements
        have = None  # the score area's colours, counted only when a card needs them
        needs, colour, free_ok, free_actions = cfg.needs, cfg.colour, cfg.free_ok, \
            cfg.free_actions
        copies = _copies(st.hands[p])
        weights = [1]
        for k, n in copies.items():
            if not free_ok[k]:
                continue
            need = needs[k]
            if need and not ignore:
                if have is None:
                    have = _area_colours(st, p)
                if have.get(colour[k], 0) < need:
                    continue
            options += free_actions[k]
            weights += (n, n, n)
        return _with_weights(p, "free", options, weights, copies)
    pop(st)
    if action[0] == "pass":
        return None
    k = cfg.index[action[1]]
    ci = p * 3 + action[2] - 1
    st.hands = tup_set(st.hands, p, remove_from(st.hands[p], k))
    place(st, ci, k, p)
    event(st, k, p, 0)
    push(st, ("form", ci))
    return None


@handler("play")
def _play(st: State, frame: tuple, action: Any):
    p = st.active
    cfg = st.cfg
    if action is None:
        options = [PASS]
        up = st.up[p]
        have = None  # the score area's colours, counted only when a card needs them
        cost, needs, colour, play_actions = cfg.cost, cfg.needs, cfg.colour, cfg.play_actions
        copies = _copies(st.hands[p])
        weights = [1]
        for k, n in copies.items():
            if cost[k] > up:
                continue
            need = needs[k]
            if need:
                if have is None:
                    have = _area_colours(st, p)
                if have.get(colour[k], 0) < need:
                    continue
            options += play_actions[k]
            weights += (n, n, n)
        return _with_weights(p, "play", options, weights, copies)
    if action[0] == "pass":
        pop(st)
        return None
    k = cfg.index[action[1]]
    ci = p * 3 + action[2] - 1
    cost = cfg.cost[k]
    if cost:
        st.up = tup_set(st.up, p, st.up[p] - cost)
        st.down = tup_set(st.down, p, st.down[p] + cost)
    st.hands = tup_set(st.hands, p, remove_from(st.hands[p], k))
    uid = place(st, ci, k, p)
    event(st, k, p, 0)
    if cfg.triggered[k]:
        push(st, ("fx", ci, uid, k, 0), ("formall",))
    else:
        push(st, ("formall",))
    return None


@handler("cleanup")
def _cleanup(st: State, frame: tuple, action: Any) -> None:
    p, o = st.active, 1 - st.active
    pop(st)
    st.hands = (((), st.hands[1] + st.hands[0]) if p == 0 else (st.hands[0] + st.hands[1], ()))
    limit = st.cfg.round_limit
    if len(st.areas[o]) >= FACTIONS_TO_END:
        st.end = "factions"
    elif limit is not None and st.round >= limit:
        st.end = "round-limit"
    else:
        st.active = o
    return None


# --- forming --------------------------------------------------------------------------

@handler("formall")
def _form_all(st: State, frame: tuple, action: Any) -> None:
    """After an ability: every column of either player with 5 or more cards is checked,
    the active player's first, each player's from column 1 to 3."""
    pop(st)
    cols = st.cols
    if any(len(c) >= 5 for c in cols):
        p = st.active
        order = (p * 3, p * 3 + 1, p * 3 + 2, (1 - p) * 3, (1 - p) * 3 + 1, (1 - p) * 3 + 2)
        push(st, *[("form", ci) for ci in order if len(cols[ci]) >= 5])
    return None


def _colour_counts(st: State, column: tuple) -> dict[str, int]:
    counts: dict[str, int] = {}
    cfg = st.cfg
    for entry in column:
        c = entry[1] or cfg.colour[entry[0]]
        if c is not None:
            counts[c] = counts.get(c, 0) + 1
    return counts


@handler("form")
def _form(st: State, frame: tuple, action: Any):
    """A column of 5+ cards: with 3+ of a colour its owner picks a representative of such a
    colour (which fixes the colour); the rest is discarded. Otherwise all is discarded.
    Not an ability's discard: an Angels Junior does not stop it."""
    ci = frame[1]
    column = st.cols[ci]
    seat = ci // 3
    if action is None:
        if len(column) < 5:
            pop(st)
            return None
        counts = _colour_counts(st, column)
        qualified = {c for c, n in counts.items() if n >= 3}
        if not qualified:
            pop(st)
            _clear(st, ci, None)
            return None
        cfg = st.cfg
        options, weights = grouped((entry[:2], ("form", pos))
                                   for pos, entry in enumerate(column)
                                   if colour_of(cfg, entry) in qualified)
        return (seat, "form", options, weights)
    pop(st)
    pos = action[1]
    rep = column[pos]
    n = _colour_counts(st, column)[colour_of(st.cfg, rep)]
    st.areas = tup_set(st.areas, seat, st.areas[seat] + ((rep[0], rep[1]),))
    event(st, rep[0], seat, 1)
    gain_coins(st, seat, 1 if n < 5 else 2)
    _clear(st, ci, pos)
    return None


def _clear(st: State, ci: int, keep: int | None) -> None:
    for pos, entry in enumerate(st.cols[ci]):
        if pos != keep:
            to_discard(st, entry[0])
    st.cols = tup_set(st.cols, ci, ())


# --- results --------------------------------------------------------------------------

def area_cards(st: State, seat: int) -> list[AreaCard]:
    members = st.cfg.members
    return [AreaCard(members[k], d) for k, d in st.areas[seat]]


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
                 if n and m.effects is None and m.abilities)


def promos_in_use(cfg: Config) -> dict[str, int]:
    base = sum(1 for m in cfg.members if not m.promo)
    return {m.id: n for m, n in zip(cfg.members[base:], cfg.deck[base:], strict=True) if n}


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


def to_record(cfg: Config, played: eng.PlayedGame, names: Sequence[str]) -> dict:
    """The game as a `log-majority2` record (see `log.py`)."""
    from pnp.games.majority2.log import write_log
    return write_log(cfg, played.actions, names)


def view_key(st: State) -> tuple:
    """Everything that describes the position (for comparing replays)."""
    return (st.deck, st.discard, st.hands, st.reserves, st.cols, st.areas, st.up, st.down,
            st.active, st.round, st.forced, st.stack, st.end)


def disc_place_of(st: State, colour: str) -> tuple | None:
    """Where the `colour` disc is (None: in the supply)."""
    from pnp.games.majority2.state import disc_place
    return disc_place(st, colour)
