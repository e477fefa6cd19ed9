"""The Majority 2's round, phase by phase, and forming: the frame handlers that every
round runs (the abilities' handlers are in `effects.py`; the interpreter in `engine.py`).

A round is the permanent `("round",)` frame at the bottom of the stack: it turns the
active player's coins up, checks for a stalled round, and pushes the phases (Exchange,
Draw, Free Play, Standard Play, Cleanup), which pop themselves in turn. Why the questions
below are often shared constants and options are built from per-kind action tuples made
once in `Config`: they are asked hundreds of times a game, in every rollout of a search.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import _count_elements  # Counter's counting loop (C, else Python)
from typing import Any

from pnp.games.majority2.effects import _fx
from pnp.games.majority2.scoring import FACTIONS_TO_END
from pnp.games.majority2.state import (
    CHANCE,
    HAND,
    RESERVE,
    State,
    colour_of,
    event,
    gain_coins,
    group_pick,
    grouped,
    handler,
    place,
    randbelow,
    random_move,
    refill_deck,
    requirement_met,
    requirements,
    tup_set,
)

PASS = ("pass",)
ROUND = ("round",)  # the permanent bottom frame (one object: `playout` knows it by identity)
# `playout`'s stop without `until_round`: a round no game reaches, and an int of one 30-bit
# digit, which CPython compares in its fast path (a bigger one takes the generic compare).
NO_ROUND = (1 << 30) - 1
PLAY = ("play",)  # the Standard Play frame: one object, so a mover knows it by identity
# The phases of a round as they sit on the stack: the last runs first.
ROUND_PHASES = (("cleanup",), PLAY, ("free",), ("drawq",), ("exchange",))
PLAYING = ROUND_PHASES[:2]  # Standard Play and Cleanup: on the stack while `_turn` plays
FORM_ALL = ("formall",)
# Columns in the order forming checks them after an ability: the active seat's first.
FORM_ORDER = ((0, 1, 2, 3, 4, 5), (3, 4, 5, 0, 1, 2))
# The questions that never change (per seat): shared, never modified.
_NO, _YES = ("exchange", False), ("exchange", True)
EXCHANGE_FORCED = tuple((p, "exchange", [_YES]) for p in (0, 1))
EXCHANGE_BANNED = tuple((p, "exchange", [_NO]) for p in (0, 1))
EXCHANGE_FREE = tuple((p, "exchange", [_NO, _YES]) for p in (0, 1))
_DRAW_NO, _DRAW_YES = ("draw", False), ("draw", True)
DRAW_FORCED = tuple((p, "draw", [_DRAW_YES]) for p in (0, 1))
DRAW_FREE = tuple((p, "draw", [_DRAW_NO, _DRAW_YES]) for p in (0, 1))
DECK_DRAW = {kind: (CHANCE, kind, "deck")
             for kind in ("setup", "draw", "reserve-draw", "ability-draw")}


# --- the round ------------------------------------------------------------------------

def _round(st: State, frame: tuple, action: Any) -> None:
    """Start the active player's round: income, then the stall test, then the phases."""
    if _begins(st, st.active):
        st.stack += ROUND_PHASES
    return None


def _begins(st: State, p) -> bool:
    """A round begins (as `_round` and random play's `_turn` start it): its number, the
    Income (the coins `p` paid last round come back face up), then the stall test: False
    when the game stalls and nothing more happens."""
    st.round += 1
    up, down = st.up, st.down
    if down[p]:
        st.up = (up[0] + down[0], up[1]) if p == 0 else (up[0], up[1] + down[1])
        st.down = (0, down[1]) if p == 0 else (down[0], 0)
    if st.pile:
        st.stalled = 0
        return True
    return _stall_test(st, up, down)


handler("round")(_round)  # a call, not a decorator: see phases.pxd


def _stall_test(st: State, up: tuple, down: tuple) -> bool:
    """A round begun with an empty deck: False when it ends the game (stalled twice in a
    row; `up` and `down`: the coins before the Income)."""
    if is_stalled(st):
        if st.stalled:
            # The game ends as this round begins: it is not played (no Income, not
            # counted in `rounds`), as a log holds no entry for it.
            st.round -= 1
            st.up, st.down = up, down
            st.end = "stalled"
            return False
        st.stalled = 1
    else:
        st.stalled = 0
    return True


def is_stalled(st: State) -> bool:
    """Nothing to draw anywhere, and no card the player could play, whatever they chose at
    Exchange (hand, reserve, or the one their Exchange rule leaves them)."""
    if st.pile or st.discards:
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
            return EXCHANGE_FORCED[p]
        return EXCHANGE_BANNED[p] if st.round == 1 else EXCHANGE_FREE[p]
    _exchanged(st, p, action)
    return None


def _phase_random(st: State, frame: tuple, bits, record) -> int:
    """The random mover of Exchange, Draw, Free Play and Standard Play: `_turn` from the
    phase on top. Exchange's, Draw's and Free Play's frames are taken off first, with
    those under them (always the rest of `ROUND_PHASES`), as each would pop itself;
    Standard Play's stays while cards are played (an ability's frames go above it)."""
    phase = frame[0]
    if phase != "play":
        stack = st.stack
        stack.pop()
        if phase == "exchange":
            stack.pop()  # Draw
            stack.pop()  # Free Play
        elif phase == "drawq":
            stack.pop()  # Free Play
    return _turn(st, phase, bits, record)


# a call, not a decorator: see phases.pxd
random_move("exchange")(_phase_random)
random_move("drawq")(_phase_random)
random_move("free")(_phase_random)
random_move("play")(_phase_random)


def _turn(st: State, phase: str, bits, record, stop=NO_ROUND) -> int:
    """A round's phases from `phase` on ("exchange", "drawq", "free" or "play": the frames
    of those before Standard Play off the stack, Standard Play's and Cleanup's on it; or
    "round": the round begins, its `round` frame on top, and is played unless the game
    ends or it is round `stop`, when its phases are pushed as `_round` pushes them):
    Exchange, Draw (and its cards), Free Play, then Standard Play card after card, with
    each card's ability when it asks nothing, and the Cleanup, in this one call; it stops
    early where something else is to run first (a question, forming). Why one function:
    these run once a round each, back to back, and a Python call apiece (with its set-up)
    cost more than most of what they do; `playout` starts a round here.

    Standard Play lists the playable cards once: after a play they are the same list
    without the card played, cut to the coins left, unless its ability replaced the hand,
    changed a score area or brought coins. The random draws are `randbelow`'s, written
    out, with `Config.bit_length`."""
    p = st.active
    stack = st.stack
    cfg = st.cfg
    taken = 0
    if phase == "round":
        if not _begins(st, p):
            return 0
        if st.round >= stop:  # begun, its Exchange pending for whoever plays on
            stack += ROUND_PHASES
            return 0
        stack += PLAYING  # Exchange, Draw and Free Play are played here
        phase = "exchange"
    if phase == "exchange":
        forced = st.forced[p]
        # _exchange's question, drawn as randbelow(bits, n) draws over its n options:
        # [_YES] when forced, [_NO] in round 1, else [_NO, _YES] (n.bit_length() is n for
        # 1 and 2).
        n = 1 if forced or st.round == 1 else 2
        r = bits(n)
        while r >= n:
            r = bits(n)
        if forced:  # _exchanged, written out
            st.forced = (False, st.forced[1]) if p == 0 else (st.forced[0], False)
        if forced or r:
            hands, reserves = st.hands, st.reserves
            hands[p], reserves[p] = reserves[p], hands[p]
            record(_YES)
        else:
            record(_NO)
        taken = 1
        phase = "drawq"
    if phase == "drawq":
        # _draw_question's [_DRAW_NO, _DRAW_YES], or [_DRAW_YES] with an empty hand, drawn
        # as randbelow(bits, n) draws (n.bit_length() is n for 1 and 2).
        n = 2 if st.hands[p] else 1
        r = bits(n)
        while r >= n:
            r = bits(n)
        taken += 1
        phase = "free"
        if n == 2 and not r:
            record(_DRAW_NO)
        else:  # the cards as the deal frames `_draw_answered` pushes would deal them:
            # the hand's (draw_count, written out), then the opponent's reserve card
            record(_DRAW_YES)
            taken += _deal_cards(st, (len(st.areas[1 - p]) + 1) // 2 + 2, p, HAND, bits,
                                 record)
            pile = st.pile  # the reserve card: `_deal_cards` of one card, written out
            if pile or refill_deck(st):
                pile = st.pile
                m = len(pile)
                b = cfg.bit_length[m]  # randbelow(bits, m), written out
                r = bits(b)
                while r >= m:
                    r = bits(b)
                k = pile[r]
                del pile[r]  # the pile is sorted: the same list as without its first k
                st.reserves[1 - p].append(k)
                record(cfg.draw_actions[k])
                taken += 1
    areas = st.areas
    memo = st.memo  # requirements(st, p): its kept answer read here
    found = memo[p + 2] if memo is not None and memo[p] is areas[p] else requirements(st, p)
    # Free Play and Standard Play ask the same question (pass, or a card of `allowed` into
    # a column: `_hand_question`'s options); Free Play is asked once, then Standard Play
    # card after card, in this one loop. `frame`: Standard Play's, once it is asked.
    hand = st.hands[p]
    play_actions, bit_length = cfg.play_actions, cfg.bit_length
    costs, triggered, cheapest = cfg.cost, cfg.triggered, cfg.cheapest
    price = found[2]
    frame = None
    if phase == "free":  # the allowed hand cards (a loop: a comprehension is a call more)
        free = found[1]
        allowed = []
        for k in hand:
            if free[k]:
                allowed.append(k)
    else:
        allowed = None
    while True:
        if allowed is None:  # Standard Play (again): the cards the face-up coins pay
            frame = stack[-1]
            up = st.up[p]
            allowed = []
            if up >= cheapest:  # fewer coins (a fifth of the time): nothing to play
                for k in hand:
                    if price[k] <= up:
                        allowed.append(k)
        n = 3 * len(allowed) + 1
        b = bit_length[n]  # randbelow(bits, n), written out
        r = bits(b)
        while r >= n:
            r = bits(b)
        taken += 1
        if r == 0:
            record(PASS)
            if frame is None:  # no Free Play: Standard Play next
                allowed = None
                continue
            stack.pop()  # Standard Play
            stack.pop()  # its Cleanup
            _ends_round(st, p)
            return taken
        # The r-th card instance after pass: 3 x len(allowed) instances, each card's three
        # columns in turn, a card with m copies (one option per column, its copies as
        # weight) m instances per column: the option the random bot picks from the list.
        r -= 1
        if n == 4:
            k, c = allowed[0], r
        else:
            counts: dict = {}
            _count_elements(counts, allowed)  # copies per card, in the order of the options
            if 3 * len(counts) + 1 == n:  # no twins
                k, c = allowed[r // 3], r % 3
            else:
                for k, m in counts.items():  # noqa: B007 (k: the card the loop stops at)
                    if r < 3 * m:
                        c = r // m
                        break
                    r -= 3 * m
        ci = p * 3 + c
        hand.remove(k)  # `hand` is the player's hand (see below)
        uid = st.uid = st.uid + 1  # place() and event(), written out
        column = st.cols[ci]
        column.append((k, None, p, uid))
        st.events = (st.events, (k, p, 0))
        if frame is None:  # Free Play (`_free_play`, written out): no cost, no ability
            record(cfg.free_actions[k][c])
            if len(column) >= 5:  # to be formed before Standard Play
                stack.append(("form", ci))
                return taken
            allowed = None
            continue
        cost = costs[k]  # Standard Play (`_standard_play`, written out): the commonest move
        if cost:
            u, d = st.up, st.down
            st.up = (u[0] - cost, u[1]) if p == 0 else (u[0], u[1] - cost)
            st.down = (d[0] + cost, d[1]) if p == 0 else (d[0], d[1] + cost)
        record(play_actions[k][c])
        if triggered[k]:  # its ability, then forming's check, as the frames would run
            fx = ("fx", ci, uid, k, 0)
            stack += (FORM_ALL, fx)
            _fx(st, fx, None)
            if stack[-1] is FORM_ALL:
                _form_all(st, FORM_ALL, None)
            if stack[-1] is not frame:  # the ability asked, or a column is to be formed
                return taken
            left = st.up[p]
            if st.hands[p] is not hand or st.areas is not areas or left > up:
                # the ability replaced the hand, changed the areas or brought coins
                hand, areas = st.hands[p], st.areas
                price = requirements(st, p)[2]
                allowed = None
                continue
        elif len(column) >= 5:
            # Without an ability only this column changed (every column is under 5 cards
            # between plays), so checking all of them would check this one alone.
            stack.append(("form", ci))
            return taken
        else:
            left = up - cost
        # The playable cards after a play: the same list without the card played, cut to
        # the coins left.
        allowed.remove(k)  # the copy the hand lost: the first, as in the hand
        if left < up:  # (a loop, as above)
            cut = []
            if left >= cheapest:
                for j in allowed:
                    if price[j] <= left:
                        cut.append(j)
            allowed = cut
        up = left


def _exchanged(st: State, p, action: tuple) -> None:
    st.stack.pop()
    if st.forced[p]:
        st.forced = tup_set(st.forced, p, False)
    if action[1]:
        hands, reserves = st.hands, st.reserves
        hands[p], reserves[p] = reserves[p], hands[p]


def draw_count(st: State) -> int:
    """⌈n/2⌉ + 2 cards, n = the opponent's formed factions."""
    n = len(st.areas[1 - st.active])
    return (n + 1) // 2 + 2


@handler("drawq")
def _draw_question(st: State, frame: tuple, action: Any):
    p = st.active
    if action is None:
        return DRAW_FREE[p] if st.hands[p] else DRAW_FORCED[p]
    _draw_answered(st, p, action)
    return None


def _draw_answered(st: State, p, action: tuple) -> None:
    stack = st.stack
    stack.pop()
    if action[1]:  # the hand first, then the opponent's reserve card
        stack.append(("deal", 1, 1 - p, RESERVE, "reserve-draw"))
        stack.append(("deal", draw_count(st), p, HAND, "draw"))


@handler("deal")
def _deal(st: State, frame: tuple, action: Any):
    """Draw `n` cards one chance action at a time into a hand, a reserve or a column
    (("col", ci): cards played free, without abilities, owned by the active player)."""
    if action is None:
        if frame[1] > 0 and (st.pile or refill_deck(st)):
            return DECK_DRAW[frame[4]]
        st.stack.pop()
        return None
    if _dealt(st, frame, st.cfg.index[action[1]]) and st.pile:
        return DECK_DRAW[frame[4]]  # the next card (none: reshuffle first)
    return None


@random_move("deal")
def _deal_random(st: State, frame: tuple, bits, record) -> int:
    """`_deal`'s draws, every card of the frame in one call: each the card at a random
    place of the sorted pile, as `playout` drew it from the chance question (reshuffling
    the discards when the deck runs out, stopping when nothing is left anywhere)."""
    st.stack.pop()  # done after this call, whether every card was dealt or none was left
    return _deal_cards(st, frame[1], frame[2], frame[3], bits, record)


def _deal_cards(st: State, n, seat, zone, bits, record) -> int:
    """Up to `n` random cards from the deck to `seat`'s hand or reserve or a column, as a
    `deal` frame deals them (reshuffling the discards into an empty deck, stopping when
    nothing is left anywhere); how many were dealt."""
    if zone == HAND:
        to = st.hands[seat]
    elif zone == RESERVE:
        to = st.reserves[seat]
    else:
        to = []  # into a column: placed after the draws, which never read a column
    cfg = st.cfg
    draw_actions, bit_length = cfg.draw_actions, cfg.bit_length
    pile = st.pile
    for dealt in range(n):  # noqa: B007 (after a break: the cards dealt)
        m = len(pile)
        if not m:  # reshuffle (a new pile), or stop: nothing left anywhere
            if not refill_deck(st):
                break
            pile = st.pile
            m = len(pile)
        b = bit_length[m]  # randbelow(bits, m), written out
        r = bits(b)
        while r >= m:
            r = bits(b)
        k = pile[r]
        del pile[r]  # the pile is sorted: the same list as without its first k
        to.append(k)
        record(draw_actions[k])
    else:
        dealt = n if n > 0 else 0
    if zone != HAND and zone != RESERVE:
        for k in to:
            place(st, zone[1], k, st.active)
    return dealt


def _dealt(st: State, frame: tuple, k) -> bool:
    """Card `k` drawn for the `deal` frame on top; whether it has more cards to deal."""
    _, n, seat, zone, kind = frame
    _deal_one(st, seat, zone, k)
    if n == 1:
        st.stack.pop()
        return False
    st.stack[-1] = ("deal", n - 1, seat, zone, kind)
    return True


def _deal_one(st: State, seat, zone, k) -> None:
    """Card `k` from the deck to `seat`'s hand or reserve, or the foot of a column."""
    pile = st.pile  # take_from_deck, written out
    del pile[bisect_left(pile, k)]
    if zone == HAND:
        st.hands[seat].append(k)
    elif zone == RESERVE:
        st.reserves[seat].append(k)
    else:
        place(st, zone[1], k, st.active)


# --- Free Play and Standard Play ------------------------------------------------------

def _free_allowed(st: State, p) -> list[int]:
    """Free Play: the hand cards not barred from it whose requirement is met (or waived by
    the rule option), copies included, in hand order; no cost."""
    free = requirements(st, p)[1]
    return [k for k in st.hands[p] if free[k]]


def _play_allowed(st: State, p) -> list[int]:
    """Standard Play: the hand cards whose cost the face-up coins pay and whose requirement
    is met, copies included, in hand order."""
    return _affordable(st.hands[p], st.up[p], requirements(st, p)[2])


def _affordable(hand: list, up, price) -> list[int]:
    """The cards of `hand` whose `price` (`requirements`: cost, requirement met) `up`
    coins pay."""
    return [k for k in hand if price[k] <= up]


def _free_question(st: State, p: int) -> tuple:
    """Free Play: pass, or an allowed hand card into any column."""
    allowed = _free_allowed(st, p)
    if not allowed:
        return (p, "free", [PASS])
    return _hand_question(p, "free", allowed, st.cfg.free_actions)


def _play_question(st: State, p: int) -> tuple:
    """Standard Play: pass, or an allowed hand card into any column."""
    allowed = _play_allowed(st, p)
    if not allowed:
        return (p, "play", [PASS])
    return _hand_question(p, "play", allowed, st.cfg.play_actions)


def _hand_question(p: int, kind: str, allowed: list, actions: tuple) -> tuple:
    """Pass, then each allowed card's three actions (`actions[card]`), cards in the order
    they first appear in the hand (`allowed`: the hand's allowed cards, copies included).
    A card held in several copies is one option per column, with its copies as weight.
    `_turn` reads the same list without building it: keep the two in step."""
    options = [PASS]
    if len(allowed) == 1 or len(set(allowed)) == len(allowed):  # no twins
        for k in allowed:
            options += actions[k]
        return (p, kind, options)
    kinds = dict.fromkeys(allowed)
    for k in kinds:
        options += actions[k]
    weights = [1]
    for k in kinds:
        n = allowed.count(k)
        weights += (n, n, n)
    return (p, kind, options, weights)


@handler("free")
def _free(st: State, frame: tuple, action: Any):
    p = st.active
    if action is None:
        return _free_question(st, p)
    st.stack.pop()
    if action[0] != "pass":
        _free_play(st, p, st.cfg.index[action[1]], p * 3 + action[2] - 1)
    return None


def _free_play(st: State, p, k, ci) -> None:
    """Card `k` from `p`'s hand to the foot of column `ci`: no cost, no ability."""
    st.hands[p].remove(k)
    uid = st.uid = st.uid + 1  # place() and event(), written out
    column = st.cols[ci]
    column.append((k, None, p, uid))
    st.events = (st.events, (k, p, 0))
    if len(column) >= 5:
        st.stack.append(("form", ci))


@handler("play")
def _play(st: State, frame: tuple, action: Any):
    p = st.active
    if action is None:
        return _play_question(st, p)
    if action[0] == "pass":
        st.stack.pop()
    else:
        _standard_play(st, p, st.cfg.index[action[1]], p * 3 + action[2] - 1)
    return None


def _ability_random(st: State, frame: tuple, bits, record) -> int:
    """The `fx` frame's mover (it never asks): the rest of the ability, then the `formall`
    frame under it when the ability asked nothing (the frames `playout`'s loop would step
    next), and Standard Play again when that is next."""
    stack = st.stack
    _fx(st, frame, None)
    top = stack[-1]
    if top is FORM_ALL:
        _form_all(st, FORM_ALL, None)
        top = stack[-1]
    return _turn(st, "play", bits, record) if top is PLAY else 0


random_move("fx")(_ability_random)  # a call, not a decorator: see phases.pxd


def _standard_play(st: State, p, k, ci) -> None:
    """Card `k` from `p`'s hand to the foot of column `ci`, its cost paid; its ability
    (then forming) queued above the Standard Play frame, which asks again after them."""
    cfg = st.cfg
    cost = cfg.cost[k]
    if cost:
        up, down = st.up, st.down
        st.up = (up[0] - cost, up[1]) if p == 0 else (up[0], up[1] - cost)
        st.down = (down[0] + cost, down[1]) if p == 0 else (down[0], down[1] + cost)
    st.hands[p].remove(k)
    uid = st.uid = st.uid + 1  # place() and event(), written out: the commonest move
    column = st.cols[ci]
    column.append((k, None, p, uid))
    st.events = (st.events, (k, p, 0))
    if cfg.triggered[k]:
        st.stack += (FORM_ALL, ("fx", ci, uid, k, 0))
    elif len(column) >= 5:
        # Without an ability only this column changed (every column is under 5 cards
        # between plays), so checking all of them would check this one alone.
        st.stack.append(("form", ci))


def _cleanup(st: State, frame: tuple, action: Any) -> None:
    st.stack.pop()
    _ends_round(st, st.active)
    return None


def _ends_round(st: State, p) -> None:
    """The Cleanup (as `_cleanup` and random play's `_turn` end a round): `p`'s hand goes
    to the opponent, then the game ends (5 formed factions, or the round limit) or the
    opponent plays next."""
    o = 1 - p
    hands = st.hands
    hands[o] += hands[p]
    hands[p] = []
    limit = st.cfg.round_limit
    if len(st.areas[o]) >= FACTIONS_TO_END:
        st.end = "factions"
    elif limit is not None and st.round >= limit:
        st.end = "round-limit"
    else:
        st.active = o


handler("cleanup")(_cleanup)  # a call, not a decorator: see phases.pxd


# --- forming --------------------------------------------------------------------------

def _form_all(st: State, frame: tuple, action: Any) -> None:
    """After an ability: every column of either player with 5 or more cards is checked,
    the active player's first, each player's from column 1 to 3."""
    st.stack.pop()
    cols = st.cols
    if max(map(len, cols)) < 5:  # the common case, told in C: no column to form
        return None
    full = [("form", ci) for ci in FORM_ORDER[st.active] if len(cols[ci]) >= 5]
    st.stack += reversed(full)
    return None


handler("formall")(_form_all)  # a call, not a decorator: see phases.pxd


def _colour_counts(st: State, column: list) -> dict[str, int]:
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
    if action is None:
        found = _form_candidates(st, ci)
        if found is None:
            return None
        column = st.cols[ci]
        options, weights = grouped((column[pos][:2], ("form", pos)) for pos in found[0])
        return (ci // 3, "form", options, weights)
    _formed(st, ci, action[1], _colour_counts(st, st.cols[ci]))
    return None


@random_move("form")  # a def (its generator cannot be compiled in a cpdef)
def _form_random(st: State, frame: tuple, bits, record) -> int:
    """`_form`'s option at a random instance, without listing the options."""
    ci = frame[1]
    found = _form_candidates(st, ci)
    taken = 0
    if found is not None:
        candidates, counts = found
        column = st.cols[ci]
        keys = [column[pos][:2] for pos in candidates]  # (kind, disc): `_form`'s grouping
        pos = candidates[group_pick(keys, randbelow(bits, len(candidates)))]
        _formed(st, ci, pos, counts)
        record(("form", pos))
        taken = 1
    top = st.stack[-1]  # Standard Play again when it is next (after Free Play, a play)
    return taken + _turn(st, "play", bits, record) if top is PLAY else taken


def _form_candidates(st: State, ci) -> tuple[list[int], dict[str, int]] | None:
    """The positions that may represent column `ci` (cards of a colour with 3 or more),
    and the colour counts; None when there is nothing to choose: the frame is done (the
    column is short of 5 cards, or discarded whole for want of 3 of a colour)."""
    column = st.cols[ci]
    if len(column) < 5:
        st.stack.pop()
        return None
    colour = st.cfg.colour
    counts: dict[str, int] = {}  # _colour_counts(st, column), written out
    for entry in column:
        c = entry[1] or colour[entry[0]]
        if c is not None:
            counts[c] = counts.get(c, 0) + 1
    qualified = []  # (loops: a comprehension is a function call more)
    for c, n in counts.items():
        if n >= 3:
            qualified.append(c)
    if not qualified:  # the column discarded whole (`_clear`, written out)
        st.stack.pop()
        discards = st.discards
        for entry in column:
            discards.append(entry[0])
        st.cols[ci] = []
        return None
    found = []
    for pos, e in enumerate(column):
        if (e[1] or colour[e[0]]) in qualified:
            found.append(pos)
    return found, counts


def _formed(st: State, ci, pos, counts: dict) -> None:
    """The card at `pos` represents column `ci` (`counts`: its colours before)."""
    st.stack.pop()
    seat = ci // 3
    rep = st.cols[ci][pos]
    n = counts[colour_of(st.cfg, rep)]
    st.areas = tup_set(st.areas, seat, st.areas[seat] + ((rep[0], rep[1]),))
    event(st, rep[0], seat, 1)
    gain_coins(st, seat, 1 if n < 5 else 2)
    _clear(st, ci, pos)


def _clear(st: State, ci, keep) -> None:
    discards = st.discards
    column = st.cols[ci]
    if keep is not None:
        del column[keep]  # the representative (now in the score area)
    for entry in column:
        discards.append(entry[0])
    st.cols[ci] = []
