"""A Majority Rules! game record (schema `result-majority-rules`) as typed values.

Dice come as a list of 8 values or a string of 8 digits (the schema checks both); every
round must give dice for every player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pnp.content.jsonfile import JsonDoc
from pnp.games.recordtools import RecordReader, as_int

DICE_PER_PLAYER = 8


@dataclass(frozen=True)
class RoundRecord:
    gold: int
    dice: Mapping[str, tuple[int, ...]]
    claimed: Mapping[str, int]


@dataclass(frozen=True)
class MajorityRulesRecord:
    players: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]
    claimed: Mapping[str, int]


def parse(doc: JsonDoc, content=None) -> MajorityRulesRecord:
    """Typed record; DataError for unknown names or a round without a player's dice."""
    reader = RecordReader(doc)
    rounds = []
    for r, data in enumerate(reader.value["rounds"]):
        reader.require_every_player(data["dice"], "each round's \"dice\"", "rounds", r, "dice")
        dice = reader.by_player(data["dice"], "rounds", r, "dice")
        rounds.append(RoundRecord(
            as_int(data["gold"]),
            {p: parse_dice(dice[p]) for p in reader.players if p in dice},
            reader.claimed("rounds", r, "claimed"),
        ))
    claimed = reader.claimed("claimed")
    reader.finish()
    return MajorityRulesRecord(tuple(reader.players), tuple(rounds), claimed)


def parse_dice(dice: str | list) -> tuple[int, ...]:
    """`"33555442"` or `[3, 3, 5, ...]` → a tuple of faces. ValueError unless 8 faces 1-6."""
    if isinstance(dice, str):
        dice = [d for d in dice if d not in " ,\t"]
    faces = tuple(int(d) for d in dice)
    if len(faces) != DICE_PER_PLAYER or not all(1 <= f <= 6 for f in faces):
        raise ValueError(f"need exactly {DICE_PER_PLAYER} dice with values 1-6")
    return faces
