"""The game-level figures of a report, from a variant's streamed tally: rates and means
with their intervals, distributions with a median interval, seat balance and how decisive
the games were (final margins, lead changes late in the game).

Why these: a designer asks whether going first helps (seat balance), whether games last as
long as the box says (length), and whether games are decided early or stay open to the end
(decisiveness: by how much the winner wins, and how often the lead changes hands in the
last third of a game).
"""

from __future__ import annotations

import math
from typing import Any

from pnp.simulate.compare import comparison, interval_only
from pnp.simulate.joint import Estimate
from pnp.simulate.stats import Z95, Histogram, wilson


def rate_json(k: int, n: int) -> dict[str, Any]:
    low, high = wilson(k, n)
    return {"count": k, "of": n, "rate": k / n if n else math.nan, "low": low, "high": high}


def mean_json(values: tuple[float, float, float]) -> dict[str, float]:
    mean, low, high = values
    return {"mean": mean, "low": low, "high": high}


def distribution(hist: Histogram) -> dict[str, Any]:
    """Mean with its interval, range, quartiles, and the median with a distribution-free
    95 % interval (order statistics: the ranks n/2 ∓ 1.96·√n/2 of the sorted values)."""
    moments = hist.moments()
    n = moments.n
    median_low = median_high = None
    if n:
        spread = Z95 * math.sqrt(n) / 2
        median_low = hist.order_statistic(max(1, math.floor(n / 2 - spread)))
        median_high = hist.order_statistic(min(n, math.ceil(n / 2 + spread) + 1))
    return {**mean_json(moments.interval()),
            "min": min(hist.counts, default=None), "max": max(hist.counts, default=None),
            "median": hist.quantile(0.5), "median_low": median_low, "median_high": median_high,
            "quartiles": [hist.quantile(0.25), hist.quantile(0.75)],
            "histogram": [[value, hist.counts[value]] for value in sorted(hist.counts)]}


def _seat_estimate(wins: int, others: int, games: int, weight: int, scale: int) -> Estimate:
    """The mean of a per-game figure worth `weight` when the seat wins alone, −1 when
    another seat does and 0 otherwise, over `scale` — exact from the win counts."""
    if games < 2:
        return Estimate(math.nan, None)
    total = weight * wins - others
    squares = weight * weight * wins + others
    variance = (games * squares - total * total) / (games * (games - 1))  # exact: 0 or > 0
    return Estimate(total / games / scale, math.sqrt(max(0.0, variance) / games) / scale,
                    games, (-1 / scale, weight / scale))


def seat_balance(seat_wins: list[int], games: int) -> dict[str, Any]:
    """Each seat's win rate minus the equal share of the sole wins (its advantage), and
    the start player's advantage over the other seats — seat 1's sole-win rate minus the
    others' mean — as a tested comparison (a member of the report's family)."""
    k, sole = len(seat_wins), sum(seat_wins)
    per_seat = [interval_only(_seat_estimate(w, sole - w, games, k - 1, k)) for w in seat_wins]
    first = _seat_estimate(seat_wins[0], sole - seat_wins[0], games, k - 1, k - 1)
    return {"advantage": per_seat, "start_player_advantage": comparison(first)}


def decisiveness(margins: Histogram, late: Histogram) -> dict[str, Any]:
    """The final margin (winner's score minus the next best; 0 on a tie) and the lead
    changes in the last third of each game (None where the game's standing is not
    watched)."""
    watched = sum(late.counts.values())
    changed = watched - late.counts.get(0, 0)
    return {"margin": distribution(margins),
            "late_lead_changes": None if not watched else {
                **mean_json(late.moments().interval()),
                "games_with_a_change": rate_json(changed, watched),
                "histogram": [[v, late.counts[v]] for v in sorted(late.counts)]}}
