"""Majority Rules!' dice and dividers as typed values."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.errors import DataError, Location
from pnp.games.base import Component
from pnp.games.strings import Strings


@dataclass(frozen=True)
class DiceSet:
    colour: str
    rgb: str
    count: int
    gold: bool


@dataclass(frozen=True)
class Dividers:
    count: int
    length_mm: float
    height_mm: float
    slit_mm: float
    # Where the sizes are in components.json: a divider too small for its words names it.
    source: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class MajorityRulesContent:
    dice: tuple[DiceSet, ...]
    dividers: Dividers
    # The printed words in the kit's language (strings.<lang>.json).
    strings: Strings | None = field(default=None, compare=False)

    @property
    def player_sets(self) -> tuple[DiceSet, ...]:
        return tuple(d for d in self.dice if not d.gold)

    @property
    def gold(self) -> DiceSet:
        return next(d for d in self.dice if d.gold)


def make_content(sources: dict) -> MajorityRulesContent:
    """Typed content; DataError unless there is exactly one gold die and 8 dice per player."""
    doc, strings = sources["components"], sources["strings"]
    dice = tuple(DiceSet(**d) for d in doc.value["dice"])
    problems = [strings.problem("$.colours", f"no words for the dice colour {d.colour!r} "
                                             f"({doc.file} $.dice[{i}].colour)")
                for i, d in enumerate(dice) if d.colour not in strings.value["colours"]]
    golds = [i for i, d in enumerate(dice) if d.gold]
    if len(golds) != 1 or dice[golds[0]].count != 1:
        problems.append(doc.problem("$.dice", "exactly one entry must be the gold die, count 1"))
    problems += [
        doc.problem(f"$.dice[{i}].count", f"{d.colour}: a player's set has 8 dice, not {d.count}")
        for i, d in enumerate(dice) if not d.gold and d.count != 8
    ]
    if problems:
        raise DataError(problems)
    return MajorityRulesContent(dice, Dividers(**doc.value["dividers"],
                                               source=doc.location("$.dividers")),
                                Strings(strings))


def components(content: MajorityRulesContent) -> list[Component]:
    return [
        Component("dice", sum(d.count for d in content.dice),
                  " + ".join(f"{d.count} {d.colour.lower()}" for d in content.dice) + " dice"),
        Component("dividers", content.dividers.count, "Slotted screen dividers"),
    ]
