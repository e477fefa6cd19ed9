"""Elo ratings from a round robin: a Bradley–Terry fit with standard errors.

The model: bot i beats bot j with probability 1 / (1 + 10^((R_j − R_i) / 400)), the Elo
scale (200 points ≈ 76 % of the games). Every game of every pairing counts at once, so a
rating rests on all the games its bot played, not on a chain of neighbours.

- A shared victory counts half a win to each side.
- Each pairing also gets one virtual drawn game. Why: a bot that wins every game against
  another would have an infinite rating by maximum likelihood; half a win each way keeps
  it finite (it pulls two ratings together by about one game's worth).
- The fit: Newton's method on the log-likelihood with the anchor's rating fixed at 0 (only
  differences are defined). Standard errors come from the inverse of the observed Fisher
  information (the negative Hessian) at the fit; the 95 % interval is ± 1.96 of them.
  The anchor has no interval: every other interval is relative to it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.simulate.stats import Z95

ELO = 400 / math.log(10)  # Elo points per unit of natural log-odds
VIRTUAL_DRAWS = 1.0  # games of half a win each added to every pairing
MAX_STEPS = 200


@dataclass(frozen=True)
class Result:
    """A pairing's games: bot `a` against bot `b`, `score` = a's wins + half the shared."""

    a: int
    b: int
    score: float
    games: int


@dataclass(frozen=True)
class Rating:
    elo: float
    se: float | None  # None for the anchor

    @property
    def low(self) -> float:
        return self.elo - Z95 * (self.se or 0.0)

    @property
    def high(self) -> float:
        return self.elo + Z95 * (self.se or 0.0)


def fit(bots: int, results: Sequence[Result], anchor: int) -> list[Rating]:
    """Each bot's Elo rating (the anchor's is 0). Every bot must be linked to the anchor
    by pairings (a round robin is)."""
    theta = [0.0] * bots
    free = [i for i in range(bots) if i != anchor]
    for _ in range(MAX_STEPS):
        gradient, hessian = _derivatives(theta, results)
        step = _solve([[-hessian[i][j] for j in free] for i in free],
                      [gradient[i] for i in free])
        for i, s in zip(free, step, strict=True):
            theta[i] += s
        if max(map(abs, step), default=0.0) < 1e-12:
            break
    _, hessian = _derivatives(theta, results)
    covariance = _inverse([[-hessian[i][j] for j in free] for i in free])
    se = {i: math.sqrt(max(0.0, covariance[n][n])) for n, i in enumerate(free)}
    return [Rating(ELO * theta[i], None if i == anchor else ELO * se[i]) for i in range(bots)]


def _derivatives(theta: list[float], results: Sequence[Result]):
    """Gradient and Hessian of the log-likelihood (with the virtual draws)."""
    n = len(theta)
    gradient = [0.0] * n
    hessian = [[0.0] * n for _ in range(n)]
    for r in results:
        games = r.games + VIRTUAL_DRAWS
        score = r.score + VIRTUAL_DRAWS / 2
        p = 1 / (1 + math.exp(theta[r.b] - theta[r.a]))
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
