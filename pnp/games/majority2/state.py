"""The Majority 2's game state as a cheap copy-on-write value, and the table-top moves
(draw, discard, place, discs, coins) that the phases and the abilities share.

Why this shape: `pnp simulate` plays thousands of games and search bots branch from every
state, so a state is a flat object of tuples and ints: `copy()` copies about twenty
references, and a move replaces only the tuples it changes. Cards are *kinds* (indices into
`Config.ids`); a deck or discard pile is a tuple of counts per kind, because a shuffled deck
is only ever observed one draw at a time, and every draw is a chance action naming the card
(so a game is fully described by its actions, and a log can say which card was drawn).

A card in a column is an entry `(kind, disc, owner, uid)`: `disc` is a colour or None,
`owner` the seat whose card it is (it matters for Ghosts, which can sit in the other
player's column), `uid` a number unique in the game, so an ability can find "this card"
after other cards moved. A score-area card is `(kind, disc)`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pnp.games.majority2.content import Effect, Member

HAND, RESERVE = 0, 1
CHANCE = -1

STATIC = frozenset({"protect_column", "disc_magnet"})


@dataclass(frozen=True)
class Config:
    """A game's setup: the card kinds, how many of each the deck holds, the start player
    and the rule options. Frozen and picklable (it travels to `pnp simulate`'s workers)."""

    members: tuple[Member, ...]
    deck: tuple[int, ...]
    start_player: int = 0
    free_play_ignores_requirements: bool = False
    round_limit: int | None = None
    coins: int = 40
    discs: tuple[str, ...] = ("blue", "green", "red", "pink", "black")
    # Derived per-kind tables (filled in __post_init__), so the hot paths index tuples.
    ids: tuple[str, ...] = field(init=False, repr=False, compare=False)
    index: dict[str, int] = field(init=False, repr=False, compare=False)
    cost: tuple[int, ...] = field(init=False, repr=False, compare=False)
    needs: tuple[int, ...] = field(init=False, repr=False, compare=False)
    colour: tuple[str | None, ...] = field(init=False, repr=False, compare=False)
    free_ok: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    rank: tuple[str, ...] = field(init=False, repr=False, compare=False)
    triggered: tuple[tuple[Effect, ...], ...] = field(init=False, repr=False, compare=False)
    protects: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    magnet: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    replaces_self: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    # Each kind's three Free/Standard Play actions, built once: option lists then share
    # these tuples instead of building new ones every time a player is asked.
    free_actions: tuple[tuple[tuple, ...], ...] = field(init=False, repr=False, compare=False)
    play_actions: tuple[tuple[tuple, ...], ...] = field(init=False, repr=False, compare=False)
    draw_actions: tuple[tuple, ...] = field(init=False, repr=False, compare=False)

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
        put(self, "protects", tuple(any(e.do == "protect_column" for e in es)
                                    for es in effects))
        put(self, "magnet", tuple(any(e.do == "disc_magnet" for e in es) for es in effects))
        put(self, "replaces_self", tuple(any(e.do == "replace_and_trigger" for e in es)
                                         for es in effects))
        put(self, "free_actions", tuple(tuple(("free", m.id, c) for c in (1, 2, 3))
                                        for m in ms))
        put(self, "draw_actions", tuple(("card", m.id) for m in ms))
        put(self, "play_actions", tuple(tuple(("play", m.id, c) for c in (1, 2, 3))
                                        for m in ms))

    def title(self, kind: int) -> str:
        return self.members[kind].title


class State:
    """One moment of a game. Treat it as immutable: `apply` works on a `copy()`."""

    __slots__ = ("cfg", "deck", "ndeck", "discard", "hands", "reserves", "cols", "areas",
                 "up", "down", "active", "round", "forced", "stack", "uid", "stalled",
                 "events", "need", "weights", "end")

    def copy(self) -> State:
        new = State.__new__(State)
        new.cfg = self.cfg
        new.deck = self.deck
        new.ndeck = self.ndeck
        new.discard = self.discard
        new.hands = self.hands
        new.reserves = self.reserves
        new.cols = self.cols
        new.areas = self.areas
        new.up = self.up
        new.down = self.down
        new.active = self.active
        new.round = self.round
        new.forced = self.forced
        new.stack = self.stack
        new.uid = self.uid
        new.stalled = self.stalled
        new.events = self.events
        new.need = None
        new.weights = None
        new.end = self.end
        return new


# Frame handlers by frame name: handler(state, frame, action) -> need or None.
# Called with action None, a handler either returns what it needs — (player, kind,
# options), or (player, kind, options, weights) when an option stands for several card
# instances (see `grouped`) — leaving the state as it was, or makes progress (changes the
# state, pops or pushes frames) and returns None. Called with the chosen action, it
# carries it out.
Handler = Callable[[State, tuple, Any], Any]
HANDLERS: dict[str, Handler] = {}


def handler(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[name] = fn
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


def push(st: State, *frames: tuple) -> None:
    """Push frames so that the first one given runs first."""
    st.stack = st.stack + frames[::-1]


def pop(st: State) -> None:
    st.stack = st.stack[:-1]


def replace_top(st: State, frame: tuple) -> None:
    st.stack = st.stack[:-1] + (frame,)


def tup_set(values: tuple, i: int, value: Any) -> tuple:
    return values[:i] + (value,) + values[i + 1:]


def add_count(counts: tuple[int, ...], kind: int, delta: int) -> tuple[int, ...]:
    return counts[:kind] + (counts[kind] + delta,) + counts[kind + 1:]


def event(st: State, kind: int, seat: int, what: int) -> None:
    """Remember a card being played (0) or becoming a representative (1), for card_events."""
    st.events = (st.events, (kind, seat, what))


# --- colours and protection ---------------------------------------------------------

def colour_of(cfg: Config, entry: tuple) -> str | None:
    """Current colour: the disc's, else the printed one (None for a bare Ghost)."""
    return entry[1] or cfg.colour[entry[0]]


def protected(cfg: Config, column: tuple) -> bool:
    """An Angels Junior (any protect_column card) in a column shields all of it from
    discards by abilities."""
    prot = cfg.protects
    return any(prot[e[0]] for e in column)


def area_colour_count(cfg: Config, area: tuple, colour: str | None) -> int:
    return sum(1 for kind, disc in area if (disc or cfg.colour[kind]) == colour)


def requirement_met(st: State, seat: int, kind: int) -> bool:
    need = st.cfg.needs[kind]
    return not need or area_colour_count(st.cfg, st.areas[seat], st.cfg.colour[kind]) >= need


def supply_coins(st: State) -> int:
    return st.cfg.coins - sum(st.up) - sum(st.down)


def gain_coins(st: State, seat: int, n: int) -> None:
    n = min(n, supply_coins(st))
    if n > 0:
        st.down = tup_set(st.down, seat, st.down[seat] + n)


# --- cards moving -------------------------------------------------------------------

def to_discard(st: State, kind: int) -> None:
    st.discard = add_count(st.discard, kind, 1)


def remove_from(cards: tuple, kind: int) -> tuple:
    i = cards.index(kind)
    return cards[:i] + cards[i + 1:]


def find_uid(st: State, uid: int) -> tuple[int, int] | None:
    """(column index 0-5, position) of the card with this uid, if it is in a column."""
    for ci, column in enumerate(st.cols):
        for pos, entry in enumerate(column):
            if entry[3] == uid:
                return ci, pos
    return None


def place(st: State, ci: int, kind: int, owner: int, disc: str | None = None) -> int:
    """Put a card at the foot of column `ci` (0-5: seat * 3 + column); returns its uid."""
    st.uid += 1
    st.cols = tup_set(st.cols, ci, st.cols[ci] + ((kind, disc, owner, st.uid),))
    return st.uid


def take_entry(st: State, ci: int, pos: int) -> tuple:
    """Remove and return the card at `pos` of column `ci` (its disc goes with the entry;
    callers that discard it simply drop the disc, which returns it to the supply)."""
    column = st.cols[ci]
    st.cols = tup_set(st.cols, ci, column[:pos] + column[pos + 1:])
    return column[pos]


def discard_entry(st: State, ci: int, pos: int) -> None:
    to_discard(st, take_entry(st, ci, pos)[0])


def refill_deck(st: State) -> bool:
    """Before a draw: reshuffle the discards into an empty deck. False when nothing is
    left to draw anywhere."""
    if st.ndeck:
        return True
    total = sum(st.discard)
    if not total:
        return False
    st.deck, st.ndeck = st.discard, total
    st.discard = (0,) * len(st.discard)
    return True


def take_from_deck(st: State, kind: int) -> None:
    st.deck = add_count(st.deck, kind, -1)
    st.ndeck -= 1


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
        st.cols = tup_set(st.cols, a, tup_set(st.cols[a], pos, (entry[0], colour, *entry[2:])))
    else:
        card = st.areas[a][pos]
        st.areas = tup_set(st.areas, a, tup_set(st.areas[a], pos, (card[0], colour)))


def move_disc(st: State, where: tuple, colour: str) -> None:
    """Place the `colour` disc on the card at `where`, moving it from where it was."""
    old = disc_place(st, colour)
    if old is not None:
        set_disc(st, old, None)
    set_disc(st, where, colour)
