"""A D20 Stacks game record (schema `result-d20-stacks`) as typed values.

A record gives either the final `stacks` (cards bottom to top) or the whole game as
`moves`, never both. Cards are `"PLAYER:VALUE"` or `{"player", "value"}`, `"-"` is the dash.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pnp.content.jsonfile import JsonDoc
from pnp.games.d20_stacks.content import D20Deck, deck_from_values
from pnp.games.d20_stacks.scoring import Card, Move, Stack
from pnp.games.recordtools import RecordReader, as_int

DASH = "-"


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
    deck = deck_from_values([as_int(v) for v in value["deck"]]) if "deck" in value else None
    claimed = reader.claimed("claimed")
    reader.finish()
    return D20Record(tuple(reader.players), stacks, moves, deck, claimed)


def parse_card(text: str) -> tuple[str, int]:
    """`"G1:12"` → `("G1", 12)`, `"G2:-"` → `("G2", 0)`; the name may itself hold colons.
    ValueError for anything else."""
    player, sep, raw = text.strip().rpartition(":")
    raw = raw.strip()
    value = 0 if raw == DASH else int(raw) if raw.isdigit() else -1
    if not sep or not player.strip() or not 0 <= value <= 20:
        raise ValueError(f"{text.strip()!r} is not PLAYER:VALUE with a value 0-20 or -")
    return player.strip(), value


def _value(raw: int | str) -> int:
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
