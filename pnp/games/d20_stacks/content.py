"""D20 Stacks' deck as typed values: how many cards of each D20 value (0 is the dash)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.errors import DataError
from pnp.games.base import Component
from pnp.games.strings import Strings


@dataclass(frozen=True)
class D20Deck:
    name: str
    counts: dict[int, int]
    # The printed words in the kit's language (strings.<lang>.json); None for a deck
    # made from a record, which is never printed.
    strings: Strings | None = field(default=None, compare=False)

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    def values(self) -> list[int]:
        """Every card's value, dashes first, in ascending order."""
        return [v for v in sorted(self.counts) for _ in range(self.counts[v])]


def deck_from_values(values: list[int], name: str = "deck from the record") -> D20Deck:
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return D20Deck(name, counts)


def make_content(sources: dict) -> D20Deck:
    """Typed deck; DataError when a value is listed twice."""
    doc = sources["deck"]
    counts: dict[int, int] = {}
    problems = []
    for i, card in enumerate(doc.value["cards"]):
        if card["value"] in counts:
            problems.append(doc.problem(f"$.cards[{i}].value",
                                        f"value {card['value']} is listed twice"))
        counts[card["value"]] = card["count"]
    if problems:
        raise DataError(problems)
    return D20Deck(doc.value.get("name", "D20 deck"), counts, Strings(sources["strings"]))


def components(deck: D20Deck) -> list[Component]:
    return [Component("d20-cards", deck.size, "D20 cards")]
