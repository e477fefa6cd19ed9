"""What gets printed for D20 Stacks: the deck, one card per value in the deck data.

Only the D20 value matters in play, so it is printed big; a dash card shows "–" in its
corners and centre alike, and says "dash = 0" in words. Players tell their cards apart by
how they turn them (0°, 90°, 180°, 270°), so every card has a dark band and an arrow on
one edge: at a glance, the band says whose card tops a stack.
"""

from __future__ import annotations

from pnp.games.d20_stacks.content import D20Deck
from pnp.render.model import Card, Deck, Face

SIZE = "poker"
DASH = "–"
TOP = 20
# 6 and 9 (upside down, each other) get an underline, as on real dice.
AMBIGUOUS = {6, 9}


def decks(deck: D20Deck) -> list[Deck]:
    cards = tuple(
        Card(card_face(value), label=f"D20 card {value if value else DASH} "
                                     f"(#{i + 1} of {deck.size})",
             name=f"D20 card {value if value else DASH}", text=note(value),
             art=f"d20-cards-{value}")
        for i, value in enumerate(deck.values())
    )
    back = Face("d20-back")
    return [Deck("d20-cards", "D20 cards", SIZE, cards, file="d20-cards", back=back)]


def card_face(value: int) -> Face:
    """A card's front: the big value and its corner index (both a dash for 0), a reminder,
    and whether the value has two digits (then the watermark is a plain hexagon: the d20's
    inner triangle would poke out between the digits)."""
    shown = str(value) if value else DASH
    return Face("d20-card", {
        "big": shown,
        "corner": shown,
        "two_digits": value >= 10,
        "underline": value in AMBIGUOUS,
        "note": note(value),
        "has_note": bool(note(value)),
    })


def note(value: int) -> str:
    if value == 0:
        return "dash = 0 · starts a stack, never goes on one"
    if value == TOP:
        return "20 closes its stack"
    return ""
