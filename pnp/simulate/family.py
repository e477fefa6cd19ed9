"""A report's comparisons as one family: corrected p-values, and when to stop looking.

Why: a Majority 2 report compares many things at once (each promo on two figures, each
card's restricted-play value, the seats). At α = 5 % each, about one harmless difference in
twenty would be flagged by chance. The corrections below keep the chance of any false
flag in the whole report (Holm) or the expected share of false flags among the flagged
(Benjamini–Hochberg, Benjamini–Yekutieli) at α.

The comparisons of one report are not independent: every promo is compared with the same
base games, a promo's VP per copy and its scorer's wins come from the same games, and the
tests are two-sided. Holm holds under any dependence. Benjamini–Hochberg is proven only for
independent or positively dependent (PRDS) tests, which shared base games and two-sided
tests do not guarantee; Benjamini–Yekutieli holds under any dependence, at the price of
dividing α by 1 + 1/2 + … + 1/m. So `bh` is kept for its power with that caveat stated,
`by` is the false-discovery rate with a guarantee, and Holm stays the default.

Sequential runs (`--until-decided`) look at the family after every batch of games. Looking
often and stopping at the first small p-value would inflate false flags, so each look may
spend only part of α: the Lan–DeMets spending function of O'Brien–Fleming type,
α(t) = 2 − 2Φ(z₁₋α/₂ / √t) at information fraction t = games played / --max-games, gives
look k the increment α(t_k) − α(t_{k−1}). Each look's family is tested at its increment,
so by the union bound the whole run's false-flag rate stays at or below α (a conservative
version of the group-sequential design: it needs no numerical integration across looks).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

CORRECTIONS = ("holm", "bh", "by", "none")
CORRECTION_NAMES = {"holm": "Holm–Bonferroni", "bh": "Benjamini–Hochberg",
                    "by": "Benjamini–Yekutieli", "none": "no correction"}


def adjust(p_values: Sequence[float | None], method: str) -> list[float | None]:
    """Adjusted p-values in the order given; None (no test) stays None and is not counted
    in the family. A comparison is flagged when its adjusted p-value is at most α."""
    tested = [(p, i) for i, p in enumerate(p_values) if p is not None and not math.isnan(p)]
    result: list[float | None] = [None] * len(p_values)
    m = len(tested)
    order = sorted(tested)
    if method == "holm":
        running = 0.0
        for rank, (p, i) in enumerate(order):
            running = max(running, min(1.0, (m - rank) * p))
            result[i] = running
    elif method in ("bh", "by"):
        # step-up: p·m/rank (BY: times 1 + 1/2 + … + 1/m), the running minimum from the top
        factor = m * (sum(1 / i for i in range(1, m + 1)) if method == "by" else 1)
        running = 1.0
        for rank in range(m - 1, -1, -1):
            p, i = order[rank]
            running = min(running, factor * p / (rank + 1))
            result[i] = min(1.0, running)
    elif method == "none":
        for p, i in tested:
            result[i] = p
    else:
        raise ValueError(f"unknown correction {method!r}")
    return result


def spent(alpha: float, fraction: float) -> float:
    """α(t) of the O'Brien–Fleming-type spending function: the share of α a sequential run
    may have used by information fraction t (0 < t ≤ 1); α(1) = α."""
    if fraction <= 0:
        return 0.0
    if fraction >= 1:
        return alpha
    z = NormalDist().inv_cdf(1 - alpha / 2)
    return 2 * (1 - NormalDist().cdf(z / math.sqrt(fraction)))


def look_levels(alpha: float, looks: Sequence[int], most: int) -> list[float]:
    """The α each look at `looks[k]` games may spend (increments of `spent`)."""
    levels, before = [], 0.0
    for games in looks:
        now = spent(alpha, games / most)
        levels.append(now - before)
        before = now
    return levels
