"""What gets printed for D20 Stacks: the deck, one card per value in the deck data.

Only the D20 value matters in play, so it is printed big; a dash card shows "–" in its
corners and centre alike, and says "dash = 0" in words. Players tell their cards apart by
how they turn them (0°, 90°, 180°, 270°), so every card has a dark band and an arrow on
one edge: at a glance, the band says whose card tops a stack. The words (the reminders on
the dash and 20 cards, the sheet labels) are the kit's language's (`strings.<lang>.json`).
"""

from __future__ import annotations

from pnp.games.d20_stacks.content import D20Deck
from pnp.games.strings import Strings
from pnp.render.model import Card, Deck, Face
from pnp.render.sheets import SheetWords

SIZE = "poker"
DASH = "–"
TOP = 20
# 6 and 9 (upside down, each other) get an underline, as on real dice.
AMBIGUOUS = {6, 9}


def decks(deck: D20Deck) -> list[Deck]:
    strings = deck.strings
    cards = tuple(
        Card(card_face(value, strings),
             label=f"D20 card {_shown(value)} (#{i + 1} of {deck.size})",
             name=strings.said["card_name"].format(value=_shown(value)),
             text=note(value, strings), art=f"d20-cards-{value}")
        for i, value in enumerate(deck.values())
    )
    back = Face("d20-back")
    return [Deck("d20-cards", strings.deck("d20-cards"), SIZE, cards, file="d20-cards",
                 back=back)]


def sheet_words(deck: D20Deck) -> SheetWords:
    """The sheet labels', scale bar's and tuck box's words in the strings file's language."""
    return deck.strings.sheet_words()


def _shown(value: int) -> str:
    return str(value) if value else DASH


def card_face(value: int, strings: Strings) -> Face:
    """A card's front: the big value and its corner index (both a dash for 0), a reminder,
    and whether the value has two digits (then the watermark is a plain hexagon: the d20's
    inner triangle would poke out between the digits)."""
    shown = _shown(value)
    reminder = note(value, strings)
    return Face("d20-card", {
        "big": shown,
        "corner": shown,
        "two_digits": value >= 10,
        "underline": value in AMBIGUOUS,
        "note": reminder,
        "has_note": bool(reminder),
    }, source=strings.where("notes", "dash" if value == 0 else "top") if reminder else None)


def note(value: int, strings: Strings) -> str:
    """The reminder a card carries in the kit's language: the dash's and the 20's."""
    if value == 0:
        return strings.said["notes"]["dash"]
    if value == TOP:
        return strings.said["notes"]["top"]
    return ""
