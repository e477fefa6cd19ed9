"""What each Majority 2 player can see, and how a search re-deals the rest: the `key` and
`determinise` of the `ismcts` bot (`bots.py`); `mc` re-deals the same way.

Seen by everyone: the columns, the score areas and their discs, the coins, the discard
pile (discards are face up), how many cards the deck and each hand and reserve hold, and
where the round stands (its frames: a draw pending, an ability half resolved). Seen by a
player alone: their own hand and reserve. Hidden from a player: the opponent's reserve,
the opponent's hand (while the opponent holds one: during the opponent's round, when an
ability asks this player something), and the order of the deck — which the engine never
fixes (each draw is a chance action), so a re-deal need only decide who holds which of
the unseen cards.

The unseen cards are worked out from what the player sees: every card of the game minus
the discards, the columns, both score areas and the player's own hand and reserve. What
the player saw earlier and then lost sight of (the hand it passed, which the opponent
may have exchanged into their reserve) is not remembered: a state holds no history, so
the search plays with what is on the table now — it may know less than a person with a
perfect memory, never more.
"""

from __future__ import annotations

import random

from pnp.games.majority2.state import CHANCE, HAND, RESERVE, State, set_deck


def key(st: State, seat: int) -> tuple:
    """Everything `seat` sees (see the module docstring), as one hashable value."""
    other = 1 - seat
    return (st.round, st.active, st.stalled, st.forced, tuple(map(_frame, st.stack)),
            st.up, st.down,
            st.areas, tuple(map(tuple, st.cols)), tuple(st.discard), len(st.pile),
            tuple(st.hands[seat]), tuple(st.reserves[seat]), len(st.hands[other]),
            len(st.reserves[other]))


def _frame(frame: tuple) -> tuple:
    """A frame as a hashable value (a `take` frame lists its columns)."""
    return frame if frame[0] != "take" else (frame[0], tuple(frame[1]), *frame[2:])


def unseen(st: State, seat: int) -> list[int]:
    """Per card kind, how many `seat` cannot see: the whole deck of the game minus what is
    on the table, in the discard pile and in the seat's own hand and reserve."""
    counts = list(st.cfg.deck)
    for kind, n in enumerate(st.discard):
        counts[kind] -= n
    for column in st.cols:
        for entry in column:
            counts[entry[0]] -= 1
    for area in st.areas:
        for card in area:
            counts[card[0]] -= 1
    for kind in st.hands[seat]:
        counts[kind] -= 1
    for kind in st.reserves[seat]:
        counts[kind] -= 1
    return counts


def determinise(st: State, seat: int, rng: random.Random) -> State:
    """A copy of `st` with the cards hidden from `seat` dealt again: the opponent's
    reserve and hand drawn at random from the unseen cards, the rest left in the deck
    (whose order chance decides draw by draw)."""
    other = 1 - seat
    pool = unseen(st, seat)
    reserve, hand = len(st.reserves[other]), len(st.hands[other])
    cards = [kind for kind, n in enumerate(pool) for _ in range(n)]
    dealt = rng.sample(cards, reserve + hand)
    for kind in dealt:
        pool[kind] -= 1
    world = st.copy()
    world.reserves[other] = dealt[:reserve]
    world.hands[other] = dealt[reserve:]
    set_deck(world, pool)
    return world


def hidden_from(st: State, action: tuple, seat: int) -> bool:
    """Whether `seat` does not see what `action` (about to be applied at `st`) is: a card
    dealt face down into the other player's hand or reserve, or the hand card the other
    player puts into their reserve (a Demons Junior). Cards played, discarded (face up)
    or drawn into a column are seen by both."""
    player, kind, _ = st.need
    if player == CHANCE:
        frame = st.stack[-1]
        return frame[0] == "deal" and frame[3] in (HAND, RESERVE) and frame[2] != seat
    return kind == "hand" and player != seat

