"""Streamed balance statistics: what a chunk of games adds up to, merged exactly.

Tallies hold only integer sums (counts, sums and sums of squares), so merging chunks in any
grouping gives the same numbers, and memory does not grow with the number of games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from pnp.games.engine import Outcome
from pnp.simulate.joint import Joint
from pnp.simulate.plan import Plan
from pnp.simulate.restricted import FIGURES
from pnp.simulate.stats import Histogram, Moments, Rate, Ratio


@dataclass
class BotTally:
    games: int = 0
    wins: int = 0
    shared: int = 0
    score: Moments = field(default_factory=Moments)
    per_round: Ratio = field(default_factory=Ratio)

    def merge(self, other: BotTally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.shared += other.shared
        self.score.merge(other.score)
        self.per_round.merge(other.per_round)


@dataclass
class CardTally:
    """One card id over a variant's games: plays, representatives, VP in final score
    areas (summed over the seats of each game), and whether the seats scoring it won."""

    plays: int = 0
    representative: int = 0
    vp: Moments = field(default_factory=Moments)  # n counts games where it scored
    scorer_wins: Rate = field(default_factory=Rate)

    def merge(self, other: CardTally) -> None:
        self.plays += other.plays
        self.representative += other.representative
        self.vp.merge(other.vp)
        self.scorer_wins.merge(other.scorer_wins)


@dataclass
class Tally:
    """Streamed statistics of one variant's games."""

    players: int
    games: int = 0
    shared: int = 0
    rounds: Histogram = field(default_factory=Histogram)
    ends: Counter = field(default_factory=Counter)
    tie_breaks: Counter = field(default_factory=Counter)
    seat_wins: list[int] = field(default_factory=list)
    seat_shared: list[int] = field(default_factory=list)
    seat_scores: list[Histogram] = field(default_factory=list)
    bots: dict[str, BotTally] = field(default_factory=dict)
    pairs: dict[tuple[str, str], Rate] = field(default_factory=dict)
    cards: dict[str, CardTally] = field(default_factory=dict)
    # decisiveness: the final margin (top score minus the next), and how often the lead
    # changed in the last third of the game (games whose standing was watched)
    margins: Histogram = field(default_factory=Histogram)
    late_lead_changes: Histogram = field(default_factory=Histogram)

    def __post_init__(self) -> None:
        k = self.players
        self.seat_wins = self.seat_wins or [0] * k
        self.seat_shared = self.seat_shared or [0] * k
        self.seat_scores = self.seat_scores or [Histogram() for _ in range(k)]

    def add(self, outcome: Outcome, bots: Sequence[str], events: Sequence = (),
            late_changes: int | None = None) -> None:
        """One finished game; `bots[seat]` names the bot in each seat; `late_changes`:
        lead changes in its last third, when its standing was watched."""
        self.games += 1
        self.rounds.add(outcome.rounds)
        ordered = sorted(outcome.scores, reverse=True)
        self.margins.add(ordered[0] - ordered[1] if len(ordered) > 1 else 0)
        if late_changes is not None:
            self.late_lead_changes.add(late_changes)
        self.ends[outcome.end] += 1
        if outcome.tie_break:
            self.tie_breaks[outcome.tie_break] += 1
        sole = len(outcome.winners) == 1
        self.shared += not sole
        for seat, score in enumerate(outcome.scores):
            won = seat in outcome.winners
            self.seat_wins[seat] += won and sole
            self.seat_shared[seat] += won and not sole
            self.seat_scores[seat].add(score)
            bot = self.bots.setdefault(bots[seat], BotTally())
            bot.games += 1
            bot.wins += won and sole
            bot.shared += won and not sole
            bot.score.add(score)
            bot.per_round.add(score, outcome.rounds)
        self._pairs(outcome, bots)
        self._cards(outcome, events)

    def _pairs(self, outcome: Outcome, bots: Sequence[str]) -> None:
        """Head to head: for two different bots in one game, did the first finish ahead?
        Ahead: a winner when the other is not, or a higher score between non-winners."""
        for a, name_a in enumerate(bots):
            for b, name_b in enumerate(bots):
                if name_a == name_b:
                    continue
                wa, wb = a in outcome.winners, b in outcome.winners
                ahead = (wa and not wb) or (not wa and not wb and
                                            outcome.scores[a] > outcome.scores[b])
                self.pairs.setdefault((name_a, name_b), Rate()).add(ahead)

    def _cards(self, outcome: Outcome, events: Sequence) -> None:
        vp_by_card: Counter = Counter()
        for e in events:
            card = self.cards.setdefault(e.card, CardTally())
            card.plays += e.played
            card.representative += e.representative
            if e.vp:
                vp_by_card[e.card] += e.vp
                card.scorer_wins.add(len(outcome.winners) == 1 and e.seat in outcome.winners)
        for card, vp in vp_by_card.items():
            self.cards[card].vp.add(vp)

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.shared += other.shared
        self.rounds.merge(other.rounds)
        self.ends.update(other.ends)
        self.tie_breaks.update(other.tie_breaks)
        for seat in range(self.players):
            self.seat_wins[seat] += other.seat_wins[seat]
            self.seat_shared[seat] += other.seat_shared[seat]
            self.seat_scores[seat].merge(other.seat_scores[seat])
        for name, bot in other.bots.items():
            self.bots.setdefault(name, BotTally()).merge(bot)
        for pair, rate in other.pairs.items():
            self.pairs.setdefault(pair, Rate()).merge(rate)
        for card, tally in other.cards.items():
            self.cards.setdefault(card, CardTally()).merge(tally)
        self.margins.merge(other.margins)
        self.late_lead_changes.merge(other.late_lead_changes)


# The figures a promo variant's game and the base game of the same seed give, in a
# `Joint` (exact integers): the promo's VP × the base card's copies and the base card's VP ×
# the promo's copies (so their difference over copies is VP per copy), then for each of the
# two cards the copies in the sole winner's score area and in any score area.
PROMO_FIGURES = ("promo_vp", "base_vp", "promo_won", "promo_scored", "base_won", "base_scored")


@dataclass
class ChunkResult:
    """What a chunk hands back: a tally per variant, the paired figures of each promo and
    the base game on the same seeds (`PROMO_FIGURES`), and records for --logs."""

    start: int
    stop: int
    tallies: dict[str, Tally]
    paired: dict[str, Joint]
    records: list[tuple[str, int, dict]] = field(default_factory=list)
    # --restricted: per barred card and per promo headline, `restricted.FIGURES` and
    # `restricted.HEADLINE_FIGURES`
    restricted: dict[str, Joint] = field(default_factory=dict)
    headlines: dict[str, Joint] = field(default_factory=dict)

    def merge(self, other: ChunkResult) -> None:
        self.stop = other.stop
        for mine, theirs in ((self.tallies, other.tallies), (self.paired, other.paired),
                             (self.restricted, other.restricted),
                             (self.headlines, other.headlines)):
            for name, value in theirs.items():
                mine[name].merge(value)


def empty_result(plan: Plan) -> ChunkResult:
    return ChunkResult(0, 0, {v.name: Tally(v.players) for v in plan.variants},
                       {v.name: Joint(len(PROMO_FIGURES)) for v in plan.variants
                        if v.promo and v.replaces},
                       restricted={r.name: Joint(FIGURES) for r in plan.restricted},
                       headlines={h.mine: Joint(2 * FIGURES) for h in plan.headlines
                                  if h.theirs})

