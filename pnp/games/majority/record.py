"""A The Majority game record (schema `result-majority`) as typed values.

Votes and variants are normalised (`score` → `Score`, `Green` → `green`); names that are
not players, a `final` that does not list every player, or a record with neither `rounds`
nor `final` are input errors.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pnp.content.jsonfile import JsonDoc
from pnp.games.majority.scoring import normalise_vote
from pnp.games.recordtools import RecordReader, as_int


@dataclass(frozen=True)
class RoundRecord:
    variant: str | None
    turns: tuple[Mapping[str, str], ...]


@dataclass(frozen=True)
class HeldCards:
    """The point cards a player holds at the end."""

    ones: int
    fives: int

    @property
    def value(self) -> int:
        return self.ones + 5 * self.fives


@dataclass(frozen=True)
class MajorityRecord:
    players: tuple[str, ...]
    rounds: tuple[RoundRecord, ...] | None
    final: Mapping[str, HeldCards] | None
    claimed: Mapping[str, int]


def parse(doc: JsonDoc, content=None) -> MajorityRecord:
    """Typed record; DataError for unknown names, an incomplete `final`, or no game data."""
    reader = RecordReader(doc)
    value = reader.value
    if "rounds" not in value and "final" not in value:
        reader.error('give "rounds" (the votes), "final" (the point cards held) or both')
    rounds = None
    if "rounds" in value:
        rounds = tuple(_round(reader, r, data) for r, data in enumerate(value["rounds"]))
    final = None
    if "final" in value:
        reader.require_every_player(value["final"], '"final"', "final")
        final = {n: HeldCards(as_int(c["ones"]), as_int(c["fives"]))
                 for n, c in reader.by_player(value["final"], "final").items()}
    claimed = reader.claimed("claimed")
    reader.finish()
    return MajorityRecord(tuple(reader.players), rounds, final, claimed)


def _round(reader: RecordReader, r: int, data: dict) -> RoundRecord:
    turns = tuple(
        {n: normalise_vote(v)
         for n, v in reader.by_player(turn, "rounds", r, "turns", t).items()}
        for t, turn in enumerate(data["turns"])
    )
    variant = data.get("variant")
    return RoundRecord(variant.lower() if variant else None, turns)
