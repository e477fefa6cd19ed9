"""The Majority 2's decks for a balance run: the base deck, and one variant per promo card
of the given promo files, each replacing one copy of the base card it names (a Ghost is
added on top, replacing nothing).

Plain data: `pnp simulate` wraps each `DeckVariant` in its own plan, so every variant plays
the same game seeds as the base deck and a promo is judged against the base card it
replaces under common random numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.content.jsonfile import load_json
from pnp.errors import Problem, UsageError
from pnp.games.majority2 import engine
from pnp.games.majority2.content import Majority2Content


@dataclass(frozen=True)
class DeckVariant:
    """One deck to play: its name (`base` or the promo's id), the engine config, how many
    copies of each card id it holds, the cards played blank (no effects given), and for a
    promo the base card it replaces and the file it came from."""

    name: str
    config: Any
    copies: tuple[tuple[str, int], ...]
    blank: tuple[str, ...]
    promo: str | None = None
    replaces: str | None = None
    promo_file: str | None = None


def deck_variants(content: Majority2Content, players: int, rules: Mapping[str, Any],
                  promo_files: Sequence[Path]) -> tuple[DeckVariant, ...]:
    """The base deck first, then one variant per card of each promo file, in file order."""
    base = _config(content, players, rules, {}, None)
    result = [_variant("base", base)]
    for path in promo_files:
        for card_id in _card_ids(path):
            config = _config(content, players, rules, {card_id: 1}, path)
            promo = next(m for m in content.promos if m.id == card_id)
            result.append(_variant(card_id, config, promo=card_id, replaces=promo.replaces,
                                   promo_file=str(Path(path).resolve())))
    return tuple(result)


def _config(content, players, rules, promos, path):
    try:
        return engine.make_config(content, players=players, rules=rules, promos=promos)
    except ValueError as exc:
        where = str(path) if path else "--promos"
        raise UsageError(Problem(where, str(exc))) from None


def _variant(name: str, config, **fields) -> DeckVariant:
    copies = tuple((m.id, n) for m, n in zip(config.members, config.deck, strict=True) if n)
    return DeckVariant(name, config, copies, tuple(engine.blank_cards(config)), **fields)


def _card_ids(path: Path) -> list[str]:
    """The ids of the cards in a promo file (already validated by loading the content)."""
    return [card["id"] for card in load_json(Path(path)).value["cards"]]
