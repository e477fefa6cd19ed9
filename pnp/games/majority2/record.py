"""A The Majority 2 game record (schema `result-majority2`) as typed values.

Card ids are looked up in the loaded card data (base, promos and the record's own promo
file), so an unknown id is an input error with the nearest id suggested. Both players
must appear in `score_areas` and in `coins`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pnp.content.jsonfile import JsonDoc
from pnp.games.majority2.content import Majority2Content
from pnp.games.majority2.scoring import AreaCard
from pnp.games.recordtools import RecordReader, as_int, did_you_mean


@dataclass(frozen=True)
class Majority2Record:
    players: tuple[str, ...]
    start_player: str
    score_areas: Mapping[str, tuple[AreaCard, ...]]
    coins: Mapping[str, int]
    claimed: Mapping[str, int]


def parse(doc: JsonDoc, content: Majority2Content) -> Majority2Record:
    """Typed record; DataError for unknown names, card ids or disc colours."""
    reader = RecordReader(doc)
    value = reader.value
    start = value.get("start_player", reader.players[0])
    if "start_player" in value:
        reader.is_player(start, "start_player")
    for key in ("score_areas", "coins"):
        reader.require_every_player(value[key], f'"{key}"', key)
    areas = {
        name: tuple(_area_card(reader, content, entry, name, i) for i, entry in enumerate(cards))
        for name, cards in reader.by_player(value["score_areas"], "score_areas").items()
    }
    coins = {n: as_int(c) for n, c in reader.by_player(value["coins"], "coins").items()}
    claimed = reader.claimed("claimed")
    reader.finish()
    return Majority2Record(tuple(reader.players), start,
                           {p: areas[p] for p in reader.players},
                           {p: coins[p] for p in reader.players}, claimed)


def _area_card(reader: RecordReader, content: Majority2Content, entry: str | dict,
               name: str, i: int) -> AreaCard | None:
    # `{"card": ID}` and `{"card": ID, "disc": null}` are a card without a disc (R9).
    card_id, disc = (entry, None) if isinstance(entry, str) else (entry["card"], entry.get("disc"))
    member = content.cards.get(card_id)
    if member is None:
        reader.error(f"unknown card {card_id!r}{did_you_mean(card_id, content.cards)}",
                     "score_areas", name, i, *(() if isinstance(entry, str) else ("card",)))
    if disc is not None and disc not in content.discs:
        reader.error(f"unknown disc colour {disc!r} (discs: {', '.join(content.discs)})"
                     f"{did_you_mean(disc, content.discs)}", "score_areas", name, i, "disc")
    return AreaCard(member, disc) if member else None


def parse_card_answer(text: str, content: Majority2Content) -> str | dict:
    """One card as typed at the table: `demons-secretary` or `demons-secretary@blue`, as the
    record stores it. ValueError (with a suggestion) for an unknown id or colour."""
    card_id, _, disc = text.strip().partition("@")
    if card_id not in content.cards:
        raise ValueError(f"unknown card {card_id!r}{did_you_mean(card_id, content.cards)}")
    if not disc:
        return card_id
    if disc not in content.discs:
        raise ValueError(f"unknown disc colour {disc!r} (discs: {', '.join(content.discs)})"
                         f"{did_you_mean(disc, content.discs)}")
    return {"card": card_id, "disc": disc}
