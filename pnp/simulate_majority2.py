"""The Majority 2's decks for `pnp simulate`: the base deck, and one variant per promo card
of the user's `--promos` files, each replacing one copy of the base card it names (a Ghost
is added on top, replacing nothing).

Every variant plays the same game seeds as the base deck, so a promo is judged against the
base card it replaces under common random numbers (see `pnp/simulate.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pnp.content.jsonfile import load_json
from pnp.errors import Problem, UsageError
from pnp.simulate import Variant


def variants(module, content, players: int, rules: Mapping[str, Any],
             promo_files: Sequence[Path]) -> tuple[Variant, ...]:
    base = _config(module, content, players, rules, {}, None)
    result = [_variant(module, "base", base)]
    for path in promo_files:
        for card_id in _card_ids(path):
            config = _config(module, content, players, rules, {card_id: 1}, path)
            promo = next(m for m in content.promos if m.id == card_id)
            result.append(_variant(module, card_id, config, promo=card_id,
                                   replaces=promo.replaces,
                                   promo_file=str(Path(path).resolve())))
    return tuple(result)


def _config(module, content, players, rules, promos, path):
    try:
        return module.make_config(content, players=players, rules=rules, promos=promos)
    except ValueError as exc:
        where = str(path) if path else "--promos"
        raise UsageError(Problem(where, str(exc))) from None


def _variant(module, name: str, config, **fields) -> Variant:
    copies = tuple((m.id, n) for m, n in zip(config.members, config.deck, strict=True) if n)
    return Variant(name, config, copies=copies, blank=tuple(module.blank_cards(config)),
                   **fields)


def _card_ids(path: Path) -> list[str]:
    """The ids of the cards in a promo file (already validated by loading the content)."""
    return [card["id"] for card in load_json(Path(path)).value["cards"]]
