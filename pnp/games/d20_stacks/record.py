"""A D20 Stacks game record (schema `result-d20-stacks`) as typed values.

A record gives either the final `stacks` (cards bottom to top) or the whole game as
`moves`, never both. Cards are `"PLAYER:VALUE"` or `{"player", "value"}`, `"-"` is the dash.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from pnp.content.jsonfile import JsonDoc
from pnp.games.d20_stacks.content import D20Deck, deck_from_values
from pnp.games.d20_stacks.scoring import Card, Move, Stack
from pnp.games.recordtools import RecordReader, as_int

DASH = "-"
# Nothing is trimmed (checker-input R3) and only ASCII digits count (R13): `"G1 :5"` and
# `"G1:５"` are not cards, `"G1:05"` is a 5.
_CARD = re.compile(r"(?P<player>\S(?:.*\S)?):(?P<value>-|[0-9]+)", re.DOTALL)


@dataclass(frozen=True)
class D20Record:
    players: tuple[str, ...]
    stacks: tuple[Stack, ...] | None
    moves: tuple[Move, ...] | None
    deck: D20Deck | None
    claimed: Mapping[str, int]


def parse(doc: JsonDoc, content=None) -> D20Record:
    """Typed record; DataError for unknown names, or for both/neither stacks and moves."""
    reader = RecordReader(doc)
    value = reader.value
    if "stacks" in value and "moves" in value:
        reader.error('give either "stacks" or "moves", not both', "moves")
    elif "stacks" not in value and "moves" not in value:
        reader.error('give the final "stacks" or the game\'s "moves"')
    stacks = moves = None
    if "stacks" in value:
        stacks = tuple(
            tuple(_card(reader, card, "stacks", s, c) for c, card in enumerate(stack))
            for s, stack in enumerate(value["stacks"])
        )
    if "moves" in value:
        moves = tuple(_move(reader, m, i) for i, m in enumerate(value["moves"]))
    deck = deck_from_values([_value(v) for v in value["deck"]]) if "deck" in value else None
    claimed = reader.claimed("claimed")
    reader.finish()
    return D20Record(tuple(reader.players), stacks, moves, deck, claimed)


def parse_card(text: str) -> tuple[str, int]:
    """`"G1:12"` → `("G1", 12)`, `"G2:-"` → `("G2", 0)`; the name may itself hold colons.
    ValueError for anything else."""
    match = _CARD.fullmatch(text)
    value = -1 if match is None else _value(match["value"])
    if not 0 <= value <= 20:
        raise ValueError(f"{text!r} is not PLAYER:VALUE with a value 0-20 or - "
                         "(no spaces)")
    return match["player"], value


def _value(raw: int | float | str) -> int:
    """A D20 value as the record gives it: a number, `"-"` for the dash, or (in a card
    string) ASCII digits, leading zeros allowed."""
    return 0 if raw == DASH else as_int(raw)


def _card(reader: RecordReader, card: str | dict, *parts: str | int) -> Card:
    if isinstance(card, str):
        player, value = parse_card(card)
    else:
        player, value = card["player"], _value(card["value"])
        parts = (*parts, "player")
    reader.is_player(player, *parts)
    return Card(player, value)


def _move(reader: RecordReader, move: dict, i: int) -> Move:
    reader.is_player(move["player"], "moves", i, "player")
    target = move["stack"] if move["stack"] == "new" else as_int(move["stack"])
    return Move(move["player"], _value(move["value"]), target)
