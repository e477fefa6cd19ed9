"""Elo ratings from a round robin: a Bradley–Terry fit, with intervals from the data alone.

The model: bot i beats bot j with probability 1 / (1 + 10^((R_j − R_i) / 400)), the Elo
scale (200 points ≈ 76 % of the games). Every game of every pairing counts at once, so a
rating rests on all the games its bot played, not on a chain of neighbours. A shared
victory counts half a win to each side. The anchor's rating is fixed at 0 (only
differences are defined) and has no interval: every other interval is relative to it.

- A bot that can be compared both ways with the anchor (a chain of games won runs from it
  to the anchor and another back) has a finite maximum-likelihood rating; its 95 %
  interval is ± 1.96 standard errors from the observed Fisher information at the fit.
- A bot cut off from the anchor by clean sweeps — it (or its group) won every game
  against everyone on the anchor's side, or lost every one — has no finite maximum
  likelihood: any rating high enough (low enough) fits as well. What the data do say is a
  bound: the profile-likelihood 95 % bound, the rating at which the likelihood, maximised
  over every other rating, falls 3.84/2 below its best (a χ² with one degree of freedom).
  Such a rating is reported as "at least" (or "at most") that bound. Two bots 80–0 are at
  least 646 Elo apart. The virtual drawn game per pairing this used to add made up the
  number instead: one ladder's random at 0–80 came out at −776 [−1038, −514], and anywhere
  from −643 to −1193 as the virtual games changed.

The fit is Newton's method with step halving on the log-likelihood. Cut-off bots drift
towards ±∞ as Newton proceeds; a vanishing weight of virtual draws (`TINY` games per
pairing) keeps the arithmetic finite without moving any reported figure by more than a
hundredth of an Elo point (tests/test_ladder.py changes it a thousandfold).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.simulate.stats import Z95

ELO = 400 / math.log(10)  # Elo points per unit of natural log-odds
TINY = 1e-7  # virtual games per pairing: keeps separated ratings finite, moves nothing
DEVIANCE95 = 3.841458820694124  # χ²₁ at 0.95: the profile-likelihood interval's drop × 2
MAX_STEPS = 500
RIDGE = 1e-9
AT_LEAST, AT_MOST = "at least", "at most"


@dataclass(frozen=True)
class Result:
    """A pairing's games: bot `a` against bot `b`, `score` = a's wins + half the shared."""

    a: int
    b: int
    score: float
    games: int


@dataclass(frozen=True)
class Rating:
    """A bot's Elo rating: the estimate with its standard error, or — when clean sweeps
    cut it off from the anchor — a bound (`bound` says which way; `se` None)."""

    elo: float
    se: float | None  # None for the anchor and for a bound
    bound: str | None = None  # AT_LEAST / AT_MOST: `elo` is the 95 % profile bound

    @property
    def low(self) -> float:
        if self.bound == AT_MOST:
            return -math.inf
        return self.elo - Z95 * (self.se or 0.0)

    @property
    def high(self) -> float:
        if self.bound == AT_LEAST:
            return math.inf
        return self.elo + Z95 * (self.se or 0.0)


def fit(bots: int, results: Sequence[Result], anchor: int) -> list[Rating]:
    """Each bot's Elo rating (the anchor's is 0). Every bot must have played (a round
    robin links them all)."""
    theta, best = _maximise([0.0] * bots, results, {anchor})
    linked = _linked(bots, results, anchor)
    free = [i for i in range(bots) if i != anchor and i in linked]
    hessian = _derivatives(theta, results)[1]
    covariance = _inverse([[-hessian[i][j] for j in free] for i in free]) if free else []
    se = {i: math.sqrt(max(0.0, covariance[n][n])) for n, i in enumerate(free)}
    ratings = []
    for i in range(bots):
        if i == anchor or i in linked:
            ratings.append(Rating(ELO * theta[i], None if i == anchor else ELO * se[i]))
        else:
            ratings.append(_bound(i, theta, best, results, anchor))
    return ratings


def _bound(bot: int, theta: list[float], best: float, results: Sequence[Result],
           anchor: int) -> Rating:
    """The profile-likelihood 95 % bound of a cut-off bot: its rating moved back from
    where the fit left it until the best likelihood with it held there (every other
    rating free) has dropped by DEVIANCE95 / 2."""
    side = 1.0 if theta[bot] > 0 else -1.0
    far = theta[bot]

    def short(r: float) -> bool:  # is r outside the interval?
        held = list(theta)
        held[bot] = r
        return 2 * (best - _maximise(held, results, {anchor, bot})[1]) > DEVIANCE95

    near, step = far, 1.0
    while not short(near):
        far, near, step = near, near - side * step, 2 * step
        if step > 1e6:
            raise ValueError("the ratings have no bound: the pairings do not link the bots")
    while abs(far - near) > 1e-6:
        middle = (far + near) / 2
        far, near = (far, middle) if short(middle) else (middle, near)
    return Rating(ELO * far, None, AT_LEAST if side > 0 else AT_MOST)


def _linked(bots: int, results: Sequence[Result], anchor: int) -> set[int]:
    """The bots with a finite rating: those that reach the anchor by a chain of games won
    (a shared victory counts both ways) and are reached from it by another."""
    beat = {i: set() for i in range(bots)}
    for r in results:
        if r.score > 0:
            beat[r.a].add(r.b)
        if r.games - r.score > 0:
            beat[r.b].add(r.a)

    def reach(start: int, edges: dict[int, set[int]]) -> set[int]:
        seen, todo = {start}, [start]
        while todo:
            for j in edges[todo.pop()] - seen:
                seen.add(j)
                todo.append(j)
        return seen

    beaten_by = {i: {j for j in range(bots) if i in beat[j]} for i in range(bots)}
    return reach(anchor, beat) & reach(anchor, beaten_by)


def _maximise(theta: list[float], results: Sequence[Result],
              held: set[int]) -> tuple[list[float], float]:
    """(the ratings, the log-likelihood) at the maximum over every rating not `held`,
    from `theta`: Newton's method, halving a step that would lower the likelihood."""
    theta = list(theta)
    free = [i for i in range(len(theta)) if i not in held]
    value = _loglik(theta, results)
    for _ in range(MAX_STEPS):
        gradient, hessian = _derivatives(theta, results)
        # a whisker on the diagonal: a bot far out on a sweep has no curvature left
        # (its games' weights underflow), which would make the matrix singular; the
        # halving below keeps every step uphill, so the maximum is the same
        step = _solve([[-hessian[i][j] + (RIDGE if i == j else 0.0) for j in free]
                       for i in free], [gradient[i] for i in free])
        scale = 1.0
        while True:
            trial = list(theta)
            for i, s in zip(free, step, strict=True):
                trial[i] += scale * s
            tried = _loglik(trial, results)
            if tried >= value - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        theta, gain, value = trial, tried - value, tried
        if max(map(abs, step), default=0.0) * scale < 1e-10 or (0 <= gain < 1e-13):
            break
    return theta, value


def _loglik(theta: list[float], results: Sequence[Result]) -> float:
    total = 0.0
    for r in results:
        d = theta[r.a] - theta[r.b]
        won, lost = r.score + TINY / 2, r.games - r.score + TINY / 2
        total -= won * _softplus(-d) + lost * _softplus(d)
    return total


def _softplus(x: float) -> float:
    """log(1 + e^x) without overflow."""
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def _derivatives(theta: list[float], results: Sequence[Result]):
    """Gradient and Hessian of the log-likelihood."""
    n = len(theta)
    gradient = [0.0] * n
    hessian = [[0.0] * n for _ in range(n)]
    for r in results:
        games = r.games + TINY
        score = r.score + TINY / 2
        d = theta[r.b] - theta[r.a]
        p = 1 / (1 + math.exp(d)) if d < 700 else 0.0
        g = score - games * p
        w = games * p * (1 - p)
        gradient[r.a] += g
        gradient[r.b] -= g
        hessian[r.a][r.a] -= w
        hessian[r.b][r.b] -= w
        hessian[r.a][r.b] += w
        hessian[r.b][r.a] += w
    return gradient, hessian


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix · x = vector (the matrix is positive definite here)."""
    if not vector:
        return []
    inverse = _inverse(matrix)
    return [sum(a * v for a, v in zip(row, vector, strict=True)) for row in inverse]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss–Jordan elimination with partial pivoting (a dozen bots: no library needed)."""
    n = len(matrix)
    work = [list(row) + [float(i == j) for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        if abs(work[pivot][col]) < 1e-300:
            raise ValueError("the pairings do not link every bot to the anchor")
        work[col], work[pivot] = work[pivot], work[col]
        lead = work[col][col]
        work[col] = [v / lead for v in work[col]]
        for r in range(n):
            if r != col and work[r][col]:
                factor = work[r][col]
                work[r] = [v - factor * c for v, c in zip(work[r], work[col], strict=True)]
    return [row[n:] for row in work]
