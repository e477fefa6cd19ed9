"""Majority Rules!' claiming and scoring as pure functions.

Rulings (docs/rulings.md): for each face value, a player with strictly the most dice of
it claims every die of that value; a shared top means nobody claims (ties below the top do
not matter). Each die held scores its face, or 6 when its face equals the gold die (the gold
die itself scores nothing). The game ends after a round in which a total reaches the target
(`gte`) or goes over it (`gt`); ties go to the higher final-round score, then are shared.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

FACES = (1, 2, 3, 4, 5, 6)
GOLD_VALUE = 6
DEFAULT_TARGET = 500


@dataclass(frozen=True)
class FaceOutcome:
    """Who had how many dice of one face, and who claimed them (None: everyone keeps)."""

    face: int
    counts: Mapping[str, int]
    claimed_by: str | None


@dataclass(frozen=True)
class RoundResult:
    gold: int
    faces: tuple[FaceOutcome, ...]
    held: Mapping[str, tuple[int, ...]]
    scores: Mapping[str, int]


def die_value(face: int, gold: int) -> int:
    """A die showing the gold die's face is worth 6; any other die its face."""
    return GOLD_VALUE if face == gold else face


def score_dice(dice: Sequence[int], gold: int) -> int:
    """What a player scores for the dice they hold after claiming."""
    return sum(die_value(d, gold) for d in dice)


def claim(dice_by_player: Mapping, gold: int) -> RoundResult:
    """Resolve one round: claim each face, then score what everyone holds. Players are
    keyed by name (a record) or by seat number (the engine)."""
    counts = {p: Counter(dice) for p, dice in dice_by_player.items()}
    held: dict[str, list[int]] = {p: [] for p in dice_by_player}
    faces = []
    for face in FACES:
        per_player = {p: c[face] for p, c in counts.items() if c[face]}
        if not per_player:
            continue
        top = max(per_player.values())
        leaders = [p for p, n in per_player.items() if n == top]
        owner = leaders[0] if len(leaders) == 1 else None
        faces.append(FaceOutcome(face, per_player, owner))
        for player, n in per_player.items():
            held[player if owner is None else owner] += [face] * n
    scores = {p: score_dice(dice, gold) for p, dice in held.items()}
    return RoundResult(gold, tuple(faces), {p: tuple(d) for p, d in held.items()}, scores)


def reached(totals: Mapping[str, int], target: int = DEFAULT_TARGET,
            threshold: str = "gte") -> bool:
    """Has any total ended the game? `gte`: at least the target; `gt`: more than it."""
    if threshold == "gt":
        return any(t > target for t in totals.values())
    return any(t >= target for t in totals.values())


def winners(totals: Mapping[str, int],
            last_round: Mapping[str, int]) -> tuple[list[str], str | None]:
    """Highest total; if equal, more points in the final round; if still equal, shared."""
    best = max(totals.values())
    top = [p for p, t in totals.items() if t == best]
    if len(top) == 1:
        return top, None
    best_round = max(last_round[p] for p in top)
    top_round = [p for p in top if last_round[p] == best_round]
    if len(top_round) == 1:
        return top_round, "final-round-score"
    return top_round, "shared"
