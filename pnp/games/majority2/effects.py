"""The ability primitives: each card's `effects` data (schema `majority2-cards`,
`$defs/effect`) is executed here, one primitive after another.

A primitive gets the effect's parameters as a dict (`Config.steps`) and starts from a
context `(ci, uid, kind)` — the column the card was played into (0-5: seat * 3 + column),
the card's uid, its kind — and either acts at once or pushes a frame that asks a player
(or chance) and acts on the answer. "You" is always the active player. Rulings that shape
them (majority2-engine.md): an Angels Junior in a column stops every discard *by an
ability* from that column (moving to a reserve counts, clearing a column when forming does
not); a card carrying a disc is never a disc target; a bare Ghost in a column takes any
disc meant for that column; "in play" is both players' columns.
"""

from __future__ import annotations

from typing import Any

from pnp.games.majority2.state import (
    CHANCE,
    HAND,
    RESERVE,
    State,
    colour_of,
    disc_place,
    find_uid,
    gain_coins,
    group_pick,
    grouped,
    handler,
    move_disc,
    place,
    pop,
    protected,
    randbelow,
    random_move,
    refill_deck,
    replace_top,
    set_disc,
    take_entry,
    take_from_deck,
    to_discard,
    tup_set,
)

EFFECTS: dict[str, Any] = {}


def primitive(name: str):
    def register(fn):
        EFFECTS[name] = fn
        return fn
    return register


def _fx(st: State, frame: tuple, action: Any) -> None:
    """Run a card's triggered effects in order. One that pushes frames of its own (a
    question, a draw) stops the run: this frame, left under them counting the effects
    done, goes on when they are done. (One call runs every effect that acts at once: a
    frame per effect cost a trip through the interpreter each.) Never asks."""
    _, ci, uid, kind, i = frame
    steps = st.cfg.steps[kind]
    stack = st.stack
    depth = len(stack)
    ctx = (ci, uid, kind)
    n = len(steps)
    while i < n:
        do, params = steps[i]
        i += 1
        EFFECTS[do](st, ctx, params)  # primitives only push frames
        if len(stack) != depth:
            stack[depth - 1] = ("fx", ci, uid, kind, i)
            return None
    stack.pop()
    return None


handler("fx")(_fx)  # a call, not a decorator: see effects.pxd


def _where(ci: int) -> tuple[int, int]:
    """(seat, column 1-3) of a column index."""
    return ci // 3, ci % 3 + 1


def _self_ci(st: State, ctx: tuple) -> int | None:
    found = find_uid(st, ctx[1], ctx[0])
    return None if found is None else found[0]


# --- cards and coins ------------------------------------------------------------------

@primitive("draw")
def _draw(st: State, ctx: tuple, eff) -> None:
    zone = HAND if eff.get("to") == "hand" else RESERVE
    st.stack.append(("deal", eff.get("count"), st.active, zone, "ability-draw"))


@primitive("play_from_deck")
def _play_from_deck(st: State, ctx: tuple, eff) -> None:
    ci = _self_ci(st, ctx)
    st.stack.append(("deal", eff.get("count"), st.active,
                     ("col", ctx[0] if ci is None else ci), "ability-draw"))


@primitive("hand_to_reserve")
def _hand_to_reserve(st: State, ctx: tuple, eff) -> None:
    st.stack.append(("tores", eff.get("count")))


@handler("tores")
def _to_reserve(st: State, frame: tuple, action: Any):
    p = st.active
    if action is None:
        if frame[1] <= 0 or not st.hands[p]:
            pop(st)
            return None
        ids = st.cfg.ids
        options, weights = grouped((k, ("hand", ids[k])) for k in st.hands[p])
        return (p, "hand", options, weights)
    _reserved(st, frame, st.cfg.index[action[1]])
    return None


@random_move("tores")
def _to_reserve_random(st: State, frame: tuple, bits, record) -> int:
    """`_to_reserve`'s option at a random card instance, without listing the options."""
    hand = st.hands[st.active]
    if frame[1] <= 0 or not hand:
        pop(st)
        return 0
    k = hand[group_pick(hand, randbelow(bits, len(hand)))]
    _reserved(st, frame, k)
    record(("hand", st.cfg.ids[k]))
    return 1


def _reserved(st: State, frame: tuple, k) -> None:
    """Card `k` from the active player's hand to their reserve."""
    p = st.active
    st.hands[p].remove(k)
    st.reserves[p].append(k)
    if frame[1] > 1:
        replace_top(st, ("tores", frame[1] - 1))
    else:
        pop(st)


@primitive("discard_random_reserve")
def _discard_random(st: State, ctx: tuple, eff) -> None:
    count = eff.get("count")
    if count == "own_score_area":
        count = len(st.areas[st.active])  # X is counted when the ability resolves
    st.stack.append(("rdiscard", count, 1 - st.active))


@handler("rdiscard")
def _random_discard(st: State, frame: tuple, action: Any):
    _, n, seat = frame
    if action is None:
        if n <= 0 or not st.reserves[seat]:
            pop(st)
            return None
        return (CHANCE, "random-discard", seat)
    k = st.cfg.index[action[1]]
    st.reserves[seat].remove(k)
    to_discard(st, k)
    if n > 1:
        replace_top(st, ("rdiscard", n - 1, seat))
    else:
        pop(st)
    return None


@primitive("discard_hand")
def _discard_hand(st: State, ctx: tuple, eff) -> None:
    p = st.active
    st.discards += st.hands[p]  # to_discard, card after card
    st.hands[p] = []


@primitive("coins_face_up")
def _coins_up(st: State, ctx: tuple, eff) -> None:
    p = st.active
    st.up = tup_set(st.up, p, st.up[p] + st.down[p])
    st.down = tup_set(st.down, p, 0)


@primitive("gain_coins")
def _gain(st: State, ctx: tuple, eff) -> None:
    gain_coins(st, st.active, eff.get("count"))


@primitive("opponent_loses_coins")
def _lose(st: State, ctx: tuple, eff) -> None:
    o = 1 - st.active
    held = st.up[o] + st.down[o]
    n = min(eff.get("count"), max(0, held - eff.get("floor", 0)))
    from_down = min(n, st.down[o])
    st.down = tup_set(st.down, o, st.down[o] - from_down)
    st.up = tup_set(st.up, o, st.up[o] - (n - from_down))


@primitive("force_exchange")
def _force(st: State, ctx: tuple, eff) -> None:
    st.forced = tup_set(st.forced, 1 - st.active, True)


# --- taking and discarding cards in play ----------------------------------------------

def _line(st: State, ci: int) -> list[tuple[int, int]]:
    """Column `ci` and the opponent's column facing it, counted from the opponent's end:
    their foot (newest) to head, then this side's head to foot, as (ci, pos)."""
    other = (1 - ci // 3) * 3 + ci % 3
    theirs = [(other, pos) for pos in range(len(st.cols[other]) - 1, -1, -1)]
    return theirs + [(ci, pos) for pos in range(len(st.cols[ci]))]


@primitive("discard_line_card")
def _discard_line(st: State, ctx: tuple, eff) -> None:
    ci = _self_ci(st, ctx)
    if ci is None:
        return
    line = _line(st, ci)
    n = eff.get("position")
    if len(line) < n:
        return
    tci, pos = line[n - 1]
    if not protected(st.cfg, st.cols[tci]):
        to_discard(st, take_entry(st, tci, pos)[0])


def _columns_of(st: State, source: str, ci: int | None) -> list[int]:
    p = st.active
    if source == "in_play":
        return list(range(6))
    if source == "own_columns":
        return [p * 3, p * 3 + 1, p * 3 + 2]
    if source == "opponent_columns":
        o = 1 - p
        return [o * 3, o * 3 + 1, o * 3 + 2]
    if ci is None:  # "line", and the card has left play
        return []
    return sorted({tci for tci, _ in _line(st, ci)})


@primitive("take_card")
def _take_card(st: State, ctx: tuple, eff) -> None:
    ci = _self_ci(st, ctx)
    st.stack.append(("take", _columns_of(st, eff.get("from"), ci), eff.get("to"),
                     eff.get("only_if")))


@handler("take")
def _take(st: State, frame: tuple, action: Any):
    """Pick an unprotected card among the columns; to the reserve, or discarded (with
    only_if: when the opponent's score area holds a card of its current colour)."""
    _, columns, to, only_if = frame
    p = st.active
    if action is None:
        options = []
        for ci in columns:
            column = st.cols[ci]
            if column and not protected(st.cfg, column):
                seat, col = _where(ci)
                options += [("target", seat, col, pos) for pos in range(len(column))]
        if not options:
            pop(st)
            return None
        return (p, "target", options)
    pop(st)
    _, seat, col, pos = action
    ci = seat * 3 + col - 1
    entry = st.cols[ci][pos]
    if to == "reserve":
        take_entry(st, ci, pos)
        st.reserves[p].append(entry[0])
        return None
    if only_if == "opponent_area_has_colour":
        colour = colour_of(st.cfg, entry)
        cfg = st.cfg
        if colour is None or not any((d or cfg.colour[k]) == colour
                                     for k, d in st.areas[1 - p]):
            return None
    to_discard(st, take_entry(st, ci, pos)[0])
    return None


@primitive("discard_colours")
def _discard_colours(st: State, ctx: tuple, eff) -> None:
    st.stack.append(("dcolours", None))


@handler("dcolours")
def _dcolours(st: State, frame: tuple, action: Any):
    """You name a colour, your opponent a different one; every unprotected card in play of
    either current colour is discarded (a bare Ghost has none)."""
    first = frame[1]
    discs = st.cfg.discs
    if action is None:
        if first is None:
            return (st.active, "colour", [("colour", c) for c in discs])
        return (1 - st.active, "colour", [("colour", c) for c in discs if c != first])
    if first is None:
        replace_top(st, ("dcolours", action[1]))
        return None
    pop(st)
    named = {first, action[1]}
    cfg = st.cfg
    cols = st.cols
    for ci, column in enumerate(cols):
        if not column or protected(cfg, column):
            continue
        keep = []
        for entry in column:
            if (entry[1] or cfg.colour[entry[0]]) in named:
                to_discard(st, entry[0])
            else:
                keep.append(entry)
        cols[ci] = keep
    return None


@primitive("opponent_discards_area_card")
def _area_discard(st: State, ctx: tuple, eff) -> None:
    st.stack.append(("areadiscard", eff.get("prefer_rank")))


@handler("areadiscard")
def _area_discard_choice(st: State, frame: tuple, action: Any):
    o = 1 - st.active
    area = st.areas[o]
    if action is None:
        if not area:
            pop(st)
            return None
        rank = frame[1]
        positions = [i for i, (k, _) in enumerate(area) if st.cfg.rank[k] == rank]
        positions = positions or list(range(len(area)))
        options, weights = grouped((area[i], ("target", o, "area", i)) for i in positions)
        return (o, "target", options, weights)
    pop(st)
    pos = action[3]
    to_discard(st, area[pos][0])
    st.areas = tup_set(st.areas, o, area[:pos] + area[pos + 1:])
    return None


# --- the card itself ------------------------------------------------------------------

@primitive("score_self")
def _score_self(st: State, ctx: tuple, eff) -> None:
    found = find_uid(st, ctx[1], ctx[0])
    if found is None:
        return
    entry = take_entry(st, *found)
    p = st.active
    st.areas = tup_set(st.areas, p, st.areas[p] + ((entry[0], entry[1]),))
    st.events = (st.events, (entry[0], p, 1))


@primitive("discard_column")
def _discard_column(st: State, ctx: tuple, eff) -> None:
    ci = ctx[0]
    column = st.cols[ci]
    if column and not protected(st.cfg, column):
        for entry in column:
            if entry[3] != ctx[1]:
                to_discard(st, entry[0])
        st.cols[ci] = [e for e in column if e[3] == ctx[1]]


@primitive("replace_and_trigger")
def _replace(st: State, ctx: tuple, eff) -> None:
    found = find_uid(st, ctx[1], ctx[0])
    if found is None or protected(st.cfg, st.cols[found[0]]):
        return  # leaving for the discard pile is a discard: an Angels Junior stops it
    st.stack.append(("reap", ctx[1]))


@handler("reap")
def _reap(st: State, frame: tuple, action: Any):
    """Draw first; with nothing to draw the card stays. Otherwise it is discarded, the
    drawn card takes its place and triggers (no cost, no requirement) — unless it is
    itself a replace-and-trigger card (no chains)."""
    if action is None:
        if find_uid(st, frame[1]) is None or not refill_deck(st):
            pop(st)
            return None
        return (CHANCE, "ability-draw", "deck")
    pop(st)
    k = st.cfg.index[action[1]]
    take_from_deck(st, k)
    ci, pos = find_uid(st, frame[1])
    old = st.cols[ci][pos]
    to_discard(st, old[0])
    st.uid += 1
    st.cols[ci][pos] = (k, None, st.active, st.uid)
    if not st.cfg.replaces_self[k]:
        st.stack.append(("fx", ci, st.uid, k, 0))
    return None


@primitive("move_self_to_opponent")
def _move_self(st: State, ctx: tuple, eff) -> None:
    if find_uid(st, ctx[1], ctx[0]) is not None:
        st.stack.append(("moveself", ctx[1]))


@handler("moveself")
def _move_self_choice(st: State, frame: tuple, action: Any):
    p = st.active
    if action is None:
        return (p, "column", [("column", 1), ("column", 2), ("column", 3)])
    pop(st)
    ci, pos = find_uid(st, frame[1])
    entry = take_entry(st, ci, pos)
    st.cols[(1 - p) * 3 + action[1] - 1].append(entry)
    return None


# --- discs ----------------------------------------------------------------------------

@primitive("place_discs")
def _place_discs(st: State, ctx: tuple, eff) -> None:
    count = eff.get("count")
    st.stack.append(("discs", None if count == "supply" else count, eff.get("on"), ()))


def _disc_columns(st: State, on: str) -> list[int]:
    p, o = st.active, 1 - st.active
    if on == "own_columns":
        return [p * 3, p * 3 + 1, p * 3 + 2]
    if on == "opponent_columns":
        return [o * 3, o * 3 + 1, o * 3 + 2]
    if on in ("columns", "anywhere"):
        return list(range(6))
    return []


def disc_targets(st: State, on: str) -> list[tuple]:
    """Disc-free cards an ability of kind `on` may put a disc on, as (seat, where, pos).
    In a column with a bare Ghost only that Ghost can take it (with two, the active
    player's; if both or neither are theirs, either)."""
    magnet = st.cfg.magnet
    ghosts = True in magnet  # without Ghosts in the game no column has a bare one
    targets = []
    for ci in _disc_columns(st, on):
        column = st.cols[ci]
        seat, col = ci // 3, ci % 3 + 1  # _where(ci)
        bare = ghosts and [pos for pos, e in enumerate(column)
                           if e[1] is None and magnet[e[0]]]
        if bare:
            mine = [pos for pos in bare if column[pos][2] == st.active]
            chosen = mine if len(mine) == 1 else bare
            targets += [(seat, col, pos) for pos in chosen]
        else:  # a loop, not a comprehension per column (a function call each)
            for pos, e in enumerate(column):
                if e[1] is None:
                    targets.append((seat, col, pos))
    if on in ("score_areas", "anywhere"):
        for seat in (0, 1):
            targets += [(seat, "area", pos) for pos, (_, d) in enumerate(st.areas[seat])
                        if d is None]
    return targets


def _disc_choices(st: State, frame: tuple) -> tuple[list, list] | None:
    """The `discs` frame's question as (targets, colours): each target with each colour is
    an option, targets first. None when it has nothing to place (the frame is done)."""
    _, left, on, used = frame
    if left is not None and left <= 0:
        return None
    if left is None:
        colours = [c for c in st.cfg.discs if disc_place(st, c) is None]
    else:
        colours = [c for c in st.cfg.discs if c not in used]
    targets = disc_targets(st, on) if colours else []
    return (targets, colours) if targets else None


@handler("discs")
def _discs(st: State, frame: tuple, action: Any):
    """Discs one at a time, each a colour not yet placed by this ability; a disc already on
    a card moves. Count None: every disc left in the supply, colours from the supply."""
    if action is None:
        choices = _disc_choices(st, frame)
        if choices is None:
            pop(st)
            return None
        targets, colours = choices
        return (st.active, "disc", [("disc", *t, c) for t in targets for c in colours])
    _place_disc(st, frame, action)
    return None


@random_move("discs")
def _discs_random(st: State, frame: tuple, bits, record) -> int:
    """`_discs`'s option at a random index, without listing targets × colours."""
    choices = _disc_choices(st, frame)
    if choices is None:
        pop(st)
        return 0
    targets, colours = choices
    r = randbelow(bits, len(targets) * len(colours))
    action = ("disc", *targets[r // len(colours)], colours[r % len(colours)])
    _place_disc(st, frame, action)
    record(action)
    return 1


def _place_disc(st: State, frame: tuple, action: tuple) -> None:
    _, left, on, used = frame
    _, seat, where, pos, colour = action
    place_at = ("area", seat, pos) if where == "area" else ("col", seat * 3 + where - 1, pos)
    move_disc(st, place_at, colour)
    replace_top(st, ("discs", None if left is None else left - 1, on, used + (colour,)))


@primitive("return_discs")
def _return_discs(st: State, ctx: tuple, eff) -> None:
    returned = 0
    for colour in st.cfg.discs:
        where = disc_place(st, colour)
        if where is not None:
            set_disc(st, where, None)
            returned += 1
    bonus_from = eff.get("bonus_from")
    if bonus_from is not None and returned >= bonus_from:
        gain_coins(st, st.active, eff.get("bonus_coins", 1))

__all__ = ["EFFECTS", "disc_targets", "place"]
