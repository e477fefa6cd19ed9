"""The Majority 2's end-of-game scoring as pure functions over typed cards.

Every VP value comes from the card data (`Member.vp`), never from a table here. Rulings
(docs/rulings.md): a card under a disc *is* the disc's colour; a Secretary scores its base
plus a bonus for each *other* Secretary in the same score area whose *current* colour is this
card's *printed* colour; the promo Demons Veteran counts distinct current colours, its own
included (a Ghost without a disc has none); final score = card VP + all coins; a tie goes to
the player without the start marker. The game ends when a player has 5 formed factions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.games.majority2.content import Member

FACTIONS_TO_END = 5
SECRETARY = "secretary"


@dataclass(frozen=True)
class AreaCard:
    """A card in a score area, with the colour disc on it (if any)."""

    member: Member
    disc: str | None = None

    @property
    def colour(self) -> str | None:
        """Current colour: the disc's, else the printed one (None for a bare Ghost)."""
        return self.disc or self.member.colour


@dataclass(frozen=True)
class CardScore:
    card: AreaCard
    vp: int
    explanation: str


def card_vp(card: AreaCard, area: Sequence[AreaCard], index: int) -> CardScore:
    """VP of `area[index]` (which is `card`) at the end of the game, with the arithmetic."""
    rule = card.member.vp
    if rule.rule == "secretary-combo":
        printed = card.member.colour
        matches = _matches(card, area, index)
        return CardScore(card, rule.base + rule.bonus * matches,
                         f"{rule.base} + {rule.bonus} × {matches} other {printed} Secretary")
    if rule.rule == "distinct-colours":
        colours = _colours(area)
        shown = ", ".join(colours) or "none"
        return CardScore(card, rule.base + rule.bonus * len(colours),
                         f"{rule.base} + {rule.bonus} × {len(colours)} colours ({shown})")
    return CardScore(card, rule.base, f"{rule.base}")


def card_points(card: AreaCard, area: Sequence[AreaCard], index: int) -> int:
    """`card_vp`'s VP alone: final scores and bots' evaluations ask for it far more often
    than a score sheet explains it (every random game ends with one), and the explanation
    was most of the work."""
    rule = card.member.vp
    if rule.rule == "secretary-combo":
        return rule.base + rule.bonus * _matches(card, area, index)
    if rule.rule == "distinct-colours":
        return rule.base + rule.bonus * len(_colours(area))
    return rule.base


def _matches(card: AreaCard, area: Sequence[AreaCard], index: int) -> int:
    """The other Secretaries of `area` whose current colour is `card`'s printed one."""
    printed = card.member.colour
    return sum(1 for i, other in enumerate(area) if i != index
               and other.member.rank == SECRETARY and other.colour == printed)


def _colours(area: Sequence[AreaCard]) -> list[str]:
    """The distinct current colours of `area`, sorted (a bare Ghost has none)."""
    return sorted({c.colour for c in area if c.colour is not None})


def area_of(members: Sequence[Member],
            placed: Sequence[tuple[int, str | None]]) -> list[AreaCard]:
    """A score area's cards from the (card kind, disc colour) pairs a game state keeps."""
    return [AreaCard(members[k], d) for k, d in placed]


def area_scores(area: Sequence[AreaCard]) -> list[CardScore]:
    """Each card's VP in a score area, in the area's order."""
    return [card_vp(card, area, i) for i, card in enumerate(area)]


def final_score(area: Sequence[AreaCard], coins: int) -> int:
    """VP of the score-area cards plus every coin held."""
    total = coins
    for i, card in enumerate(area):
        total += card_points(card, area, i)
    return total


def game_has_ended(areas: Mapping[str, Sequence[AreaCard]]) -> bool:
    """The game can only have ended once a player has 5 formed factions (score-area cards)."""
    return any(len(area) >= FACTIONS_TO_END for area in areas.values())


def winners(totals: Mapping[str, int], start_player: str) -> tuple[list[str], str | None]:
    """Highest total wins; on a tie the player *without* the start marker wins."""
    best = max(totals.values())
    top = [n for n, t in totals.items() if t == best]
    if len(top) == 1:
        return top, None
    return [n for n in top if n != start_player], "non-start-player"
