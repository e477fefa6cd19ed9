"""The Majority 2's game state, and the table-top moves (draw, discard, place, discs, coins)
that the phases and the abilities share.

Why this shape: `pnp simulate` plays thousands of games and search bots play out thousands
of rollouts, so the moves change the state *in place* (a list append, not a rebuilt tuple),
and whoever needs the old state keeps a `copy()` (about fifteen short lists): the engine's
`apply` copies once per action and leaves its input alone, a rollout copies once and then
advances that copy to its end. Cards are *kinds* (indices into `Config.ids`). The deck is
its cards as a sorted list (`pile`), because a shuffled deck is only ever observed one draw
at a time, and every draw is a chance action naming the card (so a game is fully described
by its actions, and a log can say which card was drawn): the r-th card in kind order — a
random draw — is one index away. `deck`, its count per kind, is counted from the pile when
read (a draw then changes one list). The discard pile is a list too (`discards`, in the
order the cards were discarded; `discard` counts it): a reshuffle, a dozen a game, sorts it
and makes it the deck (building a pile from counts per kind took about 3 % of a random
game, and keeping the pile sorted at each discard, by insort, 2 %).

What a player cannot see (for search bots that re-deal it, see `information.py`): the
order of the deck (never stored: each draw is a chance action), and the other player's
reserve and hand. Everything else is on the table.

A card in a column is an entry `(kind, disc, owner, uid)`: `disc` is a colour or None,
`owner` the seat whose card it is (it matters for Ghosts, which can sit in the other
player's column), `uid` a number unique in the game, so an ability can find "this card"
after other cards moved. A score-area card is `(kind, disc)`.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import _count_elements  # Counter's counting loop (C, else Python)
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import chain
from operator import mul
from typing import Any

from pnp.games.majority2.content import Effect, Member

HAND, RESERVE = 0, 1
CHANCE = -1

STATIC = frozenset({"protect_column", "disc_magnet"})


@dataclass(frozen=True)
class Config:
    """A game's setup: the card kinds, how many of each the deck holds, the start player
    and the rule options. Frozen and picklable (it travels to `pnp simulate`'s workers).

    `barred[seat]`: card ids that seat may never Free Play or Standard Play (restricted
    play, `pnp simulate --restricted`: what a seat loses without a card). Not a rule of the
    game; a record never carries it."""

    members: tuple[Member, ...]
    deck: tuple[int, ...]
    start_player: int = 0
    free_play_ignores_requirements: bool = False
    round_limit: int | None = None
    coins: int = 40
    discs: tuple[str, ...] = ("blue", "green", "red", "pink", "black")
    barred: tuple[tuple[str, ...], ...] = ()
    # Derived per-kind tables (filled in __post_init__), so the hot paths index tuples.
    ids: tuple[str, ...] = field(init=False, repr=False, compare=False)
    index: dict[str, int] = field(init=False, repr=False, compare=False)
    cost: tuple[int, ...] = field(init=False, repr=False, compare=False)
    needs: tuple[int, ...] = field(init=False, repr=False, compare=False)
    colour: tuple[str | None, ...] = field(init=False, repr=False, compare=False)
    free_ok: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    rank: tuple[str, ...] = field(init=False, repr=False, compare=False)
    triggered: tuple[tuple[Effect, ...], ...] = field(init=False, repr=False, compare=False)
    # `triggered` as the ability runner reads it: per kind, (primitive, {parameter: value})
    # per effect (a primitive's `eff.get` is then a dict's, in C).
    steps: tuple[tuple[tuple[str, dict], ...], ...] = field(init=False, repr=False,
                                                           compare=False)
    protects: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    magnet: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    replaces_self: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    needy: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # Each kind's three Free/Standard Play actions, built once: option lists then share
    # these tuples instead of building new ones every time a player is asked.
    free_actions: tuple[tuple[tuple, ...], ...] = field(init=False, repr=False, compare=False)
    play_actions: tuple[tuple[tuple, ...], ...] = field(init=False, repr=False, compare=False)
    draw_actions: tuple[tuple, ...] = field(init=False, repr=False, compare=False)
    # n.bit_length() for every n a hot random draw is made under (at most 1 + 3 x the
    # cards of the game: a hand's three columns per card, and pass): a lookup, not a call.
    bit_length: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # The lowest cost of any kind: with fewer coins face up, no card can be Standard Played.
    cheapest: int = field(init=False, repr=False, compare=False)
    # (kind,) per kind: `set_deck` builds a pile from `(kind,) * count` in C.
    singles: tuple[tuple[int], ...] = field(init=False, repr=False, compare=False)
    # The colours some card requires, and `requirements`' answers by how many score-area
    # cards of each of them there are (filled as games meet them; they never change).
    needed_colours: tuple[str | None, ...] = field(init=False, repr=False, compare=False)
    answers: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        put = object.__setattr__
        ms = self.members
        put(self, "ids", tuple(m.id for m in ms))
        put(self, "index", {m.id: i for i, m in enumerate(ms)})
        put(self, "cost", tuple(m.cost for m in ms))
        put(self, "needs", tuple(m.requires_formed for m in ms))
        put(self, "colour", tuple(m.colour for m in ms))
        put(self, "free_ok", tuple(m.free_play for m in ms))
        put(self, "rank", tuple(m.rank for m in ms))
        effects = [m.effects or () for m in ms]
        put(self, "triggered", tuple(tuple(e for e in es if e.do not in STATIC)
                                     for es in effects))
        put(self, "steps", tuple(tuple((e.do, dict(e.params)) for e in es)
                                 for es in self.triggered))
        put(self, "protects", tuple(any(e.do == "protect_column" for e in es)
                                    for es in effects))
        put(self, "magnet", tuple(any(e.do == "disc_magnet" for e in es) for es in effects))
        put(self, "replaces_self", tuple(any(e.do == "replace_and_trigger" for e in es)
                                         for es in effects))
        put(self, "needy", tuple(k for k, m in enumerate(ms) if m.requires_formed))
        put(self, "free_actions", tuple(tuple(("free", m.id, c) for c in (1, 2, 3))
                                        for m in ms))
        put(self, "draw_actions", tuple(("card", m.id) for m in ms))
        put(self, "play_actions", tuple(tuple(("play", m.id, c) for c in (1, 2, 3))
                                        for m in ms))
        put(self, "bit_length", tuple(n.bit_length() for n in range(3 * sum(self.deck) + 2)))
        put(self, "cheapest", min(self.cost, default=0))
        put(self, "singles", tuple((k,) for k in range(len(ms))))
        put(self, "needed_colours", tuple(dict.fromkeys(m.colour for m in ms
                                                        if m.requires_formed)))
        put(self, "answers", {})

    def title(self, kind: int) -> str:
        return self.members[kind].title


class State:
    """One moment of a game. The moves below change it in place: keep a `copy()` of any
    state you still need (the engine's `apply` does). Containers that change every round
    are lists (`pile`, `discards`, `hands`, `reserves`, `cols`, `stack`); `areas`,
    `up`, `down` and `forced` are tuples, replaced when they change."""

    __slots__ = ("cfg", "pile", "discards", "hands", "reserves", "cols", "areas", "up",
                 "down", "active", "round", "forced", "stack", "uid", "stalled", "events",
                 "need", "weights", "end", "memo")

    @property
    def ndeck(self) -> int:
        """Cards left in the deck."""
        return len(self.pile)

    @property
    def discard(self) -> list[int]:
        """The discard pile, per kind: a new list, counted from `discards`."""
        return _counts(self.cfg, self.discards)

    @discard.setter
    def discard(self, counts) -> None:
        self.discards = _pile(self.cfg, counts)

    @property
    def deck(self) -> list[int]:
        """Cards left in the deck, per kind: a new list, counted from `pile` (a draw,
        a third of all actions, then changes one list, not two)."""
        return _counts(self.cfg, self.pile)

    def copy(self) -> State:
        """An independent state at the same moment (the same question pending)."""
        new = State.__new__(State)
        new.cfg = self.cfg
        new.pile = self.pile[:]
        new.discards = self.discards[:]
        hands, reserves = self.hands, self.reserves
        new.hands = [hands[0][:], hands[1][:]]
        new.reserves = [reserves[0][:], reserves[1][:]]
        new.cols = [column[:] for column in self.cols]
        new.areas = self.areas
        new.up = self.up
        new.down = self.down
        new.active = self.active
        new.round = self.round
        new.forced = self.forced
        new.stack = self.stack[:]
        new.uid = self.uid
        new.stalled = self.stalled
        new.events = self.events
        new.need = self.need
        new.weights = self.weights
        new.end = self.end
        new.memo = self.memo
        return new


def set_deck(st: State, counts) -> None:
    """Make the deck hold `counts[kind]` cards of each kind (setups, re-deals, tests)."""
    st.pile = _pile(st.cfg, counts)


def _pile(cfg: Config, counts) -> list[int]:
    """`counts[k]` cards of each kind k, sorted by kind (built in C)."""
    return list(chain.from_iterable(map(mul, cfg.singles, counts)))


def _counts(cfg: Config, pile: list[int]) -> list[int]:
    """How many cards of each kind `pile` holds."""
    counts = [0] * len(cfg.ids)
    for kind in pile:
        counts[kind] += 1
    return counts


def frozen(st: State) -> tuple:
    """The table as nested tuples (deck, discard, hands, reserves, cols, areas, up, down):
    a value to compare or hash that later moves cannot change."""
    return (tuple(st.deck), tuple(st.discard), tuple(map(tuple, st.hands)),
            tuple(map(tuple, st.reserves)), tuple(map(tuple, st.cols)), st.areas, st.up,
            st.down)


# Frame handlers by frame name: handler(state, frame, action) -> need or None.
# Called with action None, a handler either returns what it needs — (player, kind,
# options), or (player, kind, options, weights) when an option stands for several card
# instances (see `grouped`) — leaving the state as it was, or makes progress (changes the
# state, pops or pushes frames) and returns None. Called with the chosen action, it
# carries it out and returns None — or, when it left its own frame on top and that frame
# would ask again at once, that next need (a deal of several cards saves a round trip per
# card). Options lists are never changed once made (some are shared constants).
Handler = Callable[[State, tuple, Any], Any]
HANDLERS: dict[str, Handler] = {}


def handler(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn
    return register


# Random moves by frame name, for `engine.playout` alone: mover(state, frame, bits, record)
# asks the frame's question, draws the answer as the random bot would (`bits` is the rng's
# `getrandbits`: `randbelow(bits, n)` draws a uniform index under n, one draw per
# decision, as `random.Random.choice` does), carries it out, passes the action to `record`
# and returns how many actions it took; a mover may go on with the frames it leaves on top
# when it knows them (a deal's next card, the next phase of a round), but never into a new
# round (`playout` checks its `until_round` stop between movers). A frame without a mover
# is asked and answered through its handler (`engine._answered`), which also makes the
# progress of a frame that asks nothing now. Why: random play is the floor under every
# simulation and search, and most of its time went into building option lists (Free and
# Standard Play) that a random draw reads one entry of, and into a trip through
# `playout`'s loop per action. A mover must choose exactly the option its handler's
# question lists at the drawn index (counting instance weights), so a game is the same
# either way (tests/test_majority2_golden.py).
Mover = Callable[[State, tuple, Callable[[int], int], Callable[[Any], Any]], int]


def randbelow(bits: Callable[[int], int], n) -> int:
    """A uniform index under `n` from `bits` (a `random.Random`'s `getrandbits`), drawn as
    `random.Random` draws it for `choice` and `randrange` (so a game is the same either
    way): random.Random's own `_randbelow` costs a method call more. The hottest movers
    (a deal's cards, Free and Standard Play) write these lines out again,
    with `Config.bit_length`: the call cost more than the draw."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


RANDOM_MOVES: dict[str, Mover] = {}


def random_move(name: str) -> Callable[[Mover], Mover]:
    def register(fn: Mover) -> Mover:
        RANDOM_MOVES[name] = fn
        return fn
    return register


def grouped(pairs) -> tuple[list, list[int] | None]:
    """Options from (key, action) pairs, one pair per card instance: the first action of
    each key, and how many instances each stands for (None when one each).

    Why: a log writes two copies of the same card (same id, same disc) as the same answer,
    so the options list them once; the weights let bots still choose among instances, so a
    card is not favoured for having no twin of its id (issue: identity bias)."""
    options: list = []
    weights: list[int] = []
    index: dict = {}
    for key, action in pairs:
        i = index.get(key)
        if i is None:
            index[key] = len(options)
            options.append(action)
            weights.append(1)
        else:
            weights[i] += 1
    return options, (weights if len(weights) < sum(weights) else None)


def group_pick(keys: list, r: int) -> int:
    """The index of the first of the keys of the group the `r`-th instance belongs to, keys
    grouped as `grouped` groups them (equal keys one option, in order of first appearance,
    each instance one key): a random draw among those options without building them."""
    counts: dict = {}
    _count_elements(counts, keys)  # per key its copies, in one C pass
    for key, n in counts.items():
        if r < n:
            return keys.index(key)
        r -= n
    raise AssertionError("r counts the instances")


def push(st: State, *frames: tuple) -> None:
    """Push frames so that the first one given runs first."""
    st.stack.extend(reversed(frames))


def pop(st: State) -> None:
    st.stack.pop()


def replace_top(st: State, frame: tuple) -> None:
    st.stack[-1] = frame


def tup_set(values: tuple, i: int, value: Any) -> tuple:
    return values[:i] + (value,) + values[i + 1:]


def event(st: State, kind: int, seat: int, what: int) -> None:
    """Remember a card being played (0) or becoming a representative (1), for card_events."""
    st.events = (st.events, (kind, seat, what))


# --- colours and protection ---------------------------------------------------------

def colour_of(cfg: Config, entry: tuple) -> str | None:
    """Current colour: the disc's, else the printed one (None for a bare Ghost)."""
    return entry[1] or cfg.colour[entry[0]]


def protected(cfg: Config, column: list) -> bool:
    """An Angels Junior (any protect_column card) in a column shields all of it from
    discards by abilities."""
    prot = cfg.protects
    for entry in column:  # noqa: SIM110 (any() over a generator costs more: asked often)
        if prot[entry[0]]:
            return True
    return False


def area_colour_count(cfg: Config, area: tuple, colour: str | None) -> int:
    return sum(1 for kind, disc in area if (disc or cfg.colour[kind]) == colour)


def requirements(st: State, seat) -> tuple[list[bool], list[bool], list[int]]:
    """Per card kind: whether `seat`'s score area meets its requirement, whether it may
    be Free Played (not barred, requirement met or waived by the rule option), and what it
    costs to Standard Play (`UNPAYABLE` when its requirement is not met), so that question
    reads one list per hand card.

    Every Free and Standard Play question asks this for each hand card, and a score area
    changes a dozen times a game, so each seat's answer is kept in `st.memo[seat + 2]`
    beside the area tuple it was computed from, in `st.memo[seat]`: a score area is a new
    tuple whenever it changes, so a stale answer is never read, and the other seat's
    answer stays. Copies share the memo list (an answer depends on the area alone), so
    nothing may change the lists an answer holds."""
    memo = st.memo
    area = st.areas[seat]
    if memo is None:
        memo = st.memo = [None, None, None, None]
    elif memo[seat] is area:
        return memo[seat + 2]
    found = _requirements(st.cfg, area)
    if st.cfg.barred:
        found = _barring(st.cfg, seat, found)
    memo[seat + 2] = found
    memo[seat] = area
    return found


def _requirements(cfg: Config, area: tuple) -> tuple[list[bool], list[bool], list[int]]:
    """(met, free, price) for one score area: they depend on how many of its cards are of
    each required colour alone, so each answer is worked out once per config."""
    colour = cfg.colour
    have: dict[str | None, int] = {}
    for kind, disc in area:
        c = disc or colour[kind]
        have[c] = have.get(c, 0) + 1
    key = tuple([have.get(c, 0) for c in cfg.needed_colours])
    found = cfg.answers.get(key)
    if found is None:
        found = cfg.answers[key] = _answer(cfg, have)
    return found


def _answer(cfg: Config, have: dict) -> tuple[list[bool], list[bool], list[int]]:
    """(met, free, price) for a score area with `have[colour]` cards of each colour; only
    the kinds with a requirement are looked at."""
    colour, needs = cfg.colour, cfg.needs
    met = [True] * len(needs)
    free = list(cfg.free_ok)
    price = list(cfg.cost)
    ignore = cfg.free_play_ignores_requirements
    for k in cfg.needy:
        if have.get(colour[k], 0) < needs[k]:
            met[k] = False
            free[k] = free[k] and ignore
            price[k] = UNPAYABLE
    return met, free, price


# The price of a card that may not be Standard Played: no coins pay it. The largest int of
# one 30-bit digit: CPython compares such ints in its fast path (`price[k] <= up` runs for
# every hand card, twice a round), a bigger one through the generic comparison.
UNPAYABLE = (1 << 30) - 1


def _prices(cfg: Config, met) -> tuple[int, ...]:
    """Each kind's cost where its requirement is `met`, else `UNPAYABLE` (with barring)."""
    return tuple(c if ok else UNPAYABLE for c, ok in zip(cfg.cost, met, strict=True))


def _barring(cfg: Config, seat: int, found: tuple) -> tuple:
    """(met, free) with the cards `seat` is barred from (`Config.barred`) unplayable: the
    Free and Standard Play questions, and the stall test, then never offer them."""
    barred = {cfg.index[card] for card in cfg.barred[seat]}
    if not barred:
        return found
    met, free, _ = found
    met = tuple(ok and k not in barred for k, ok in enumerate(met))
    return met, tuple(ok and k not in barred for k, ok in enumerate(free)), _prices(cfg, met)


def requirement_met(st: State, seat: int, kind: int) -> bool:
    return requirements(st, seat)[0][kind]


def supply_coins(st: State) -> int:
    return st.cfg.coins - sum(st.up) - sum(st.down)


def gain_coins(st: State, seat: int, n: int) -> None:
    n = min(n, supply_coins(st))
    if n > 0:
        st.down = tup_set(st.down, seat, st.down[seat] + n)


# --- cards moving -------------------------------------------------------------------

def to_discard(st: State, kind: int) -> None:
    st.discards.append(kind)


def find_uid(st: State, uid: int, near: int | None = None) -> tuple[int, int] | None:
    """(column index 0-5, position) of the card with this uid, if it is in a column.
    `near`: the column to look in first (where an ability's card was played: it is
    nearly always still there)."""
    if near is not None:
        for pos, entry in enumerate(st.cols[near]):
            if entry[3] == uid:
                return near, pos
    for ci, column in enumerate(st.cols):
        for pos, entry in enumerate(column):
            if entry[3] == uid:
                return ci, pos
    return None


def place(st: State, ci: int, kind: int, owner: int, disc: str | None = None) -> int:
    """Put a card at the foot of column `ci` (0-5: seat * 3 + column); returns its uid."""
    st.uid += 1
    st.cols[ci].append((kind, disc, owner, st.uid))
    return st.uid


def take_entry(st: State, ci: int, pos: int) -> tuple:
    """Remove and return the card at `pos` of column `ci` (its disc goes with the entry;
    callers that discard it simply drop the disc, which returns it to the supply)."""
    return st.cols[ci].pop(pos)


def refill_deck(st: State) -> bool:
    """Before a draw: reshuffle the discards into an empty deck. False when nothing is
    left to draw anywhere."""
    if st.pile:
        return True
    discards = st.discards
    if not discards:
        return False
    discards.sort()  # a pile is sorted by kind
    st.pile, st.discards = discards, []
    return True


def take_from_deck(st: State, kind: int) -> None:
    """Take one card of `kind` out of the deck (a chance action named it)."""
    pile = st.pile
    del pile[bisect_left(pile, kind)]


# --- discs --------------------------------------------------------------------------

def disc_place(st: State, colour: str) -> tuple | None:
    """Where a disc is: ("col", ci, pos), ("area", seat, pos) or None (in the supply)."""
    for ci, column in enumerate(st.cols):
        for pos, entry in enumerate(column):
            if entry[1] == colour:
                return ("col", ci, pos)
    for seat, area in enumerate(st.areas):
        for pos, card in enumerate(area):
            if card[1] == colour:
                return ("area", seat, pos)
    return None


def set_disc(st: State, where: tuple, colour: str | None) -> None:
    """Put (or, with None, take off) the disc of the card at `where`."""
    zone, a, pos = where
    if zone == "col":
        entry = st.cols[a][pos]
        st.cols[a][pos] = (entry[0], colour, *entry[2:])
    else:
        card = st.areas[a][pos]
        st.areas = tup_set(st.areas, a, tup_set(st.areas[a], pos, (card[0], colour)))


def move_disc(st: State, where: tuple, colour: str) -> None:
    """Place the `colour` disc on the card at `where`, moving it from where it was."""
    old = disc_place(st, colour)
    if old is not None:
        set_disc(st, old, None)
    set_disc(st, where, colour)
