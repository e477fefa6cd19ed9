"""How big a difference a run could see: the minimum detectable effect of each comparison,
and how many games a smaller one would take.

Why: "no clear difference" means nothing until it says how big a difference could have
been missed. A comparison whose estimate has standard error se, tested two-sided at level
L, flags a true difference δ with probability (power) about Φ(δ/se − z₁₋L/2); the
*minimum detectable effect* at 80 % power is (z₁₋L/2 + z₀.₈₀)·se. The standard error
shrinks with the square root of the games, so seeing a smaller difference δ' takes
games × (MDE/δ')² games.

L is the level the comparison actually uses. Under Holm or Benjamini–Hochberg a lone true
difference among m comparisons is flagged when its p-value is at most α/m (the first step
of both); Benjamini–Yekutieli asks α/(m·Σ1/i); with no correction it is α. So the MDE is
that of the difference a designer looks for — one card that is off — in this report.

Sequential runs (`--until-decided`, `--tune`) test at every look at the α that look
spends, and may also stop a comparison as *equivalent*, so their power is not the fixed
test's: `sequential_power` integrates the design numerically. The z-statistic at the
looks is a Brownian motion in the information fraction t (games / --max-games); the
density of S = z·√t among the runs still open is carried from look to look by convolution
with the normal increment, runs past the look's bound are flagged, runs inside the
equivalence region stop, and what is left goes on (Armitage, McPherson & Rowe's
recursion, on a uniform grid).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from statistics import NormalDist

POWER = 0.80
_N = NormalDist()


def lone_level(alpha: float, correction: str, family: int) -> float:
    """The two-sided level a lone true difference among `family` comparisons must reach
    to be flagged under `correction` (see the module docstring)."""
    m = max(1, family)
    if correction == "none":
        return alpha
    if correction == "by":
        return alpha / (m * sum(1 / i for i in range(1, m + 1)))
    return alpha / m


def upper(tail: float) -> float:
    """z with a chance `tail` above it, also for the tiny tails an early look spends
    (1 − 1e-20 is 1.0 in floating point, so the quantile is taken from the low end)."""
    return math.inf if tail <= 0 else -_N.inv_cdf(min(tail, 0.5))


def detectable(se: float, level: float, power: float = POWER) -> float:
    """The difference a two-sided test at `level` flags with probability `power`."""
    return (upper(level / 2) + _N.inv_cdf(power)) * se


def fixed_power(effect: float, se: float, level: float) -> float:
    """The chance a two-sided normal test at `level` flags a true difference `effect`."""
    z = upper(level / 2)
    shift = abs(effect) / se
    return _N.cdf(shift - z) + _N.cdf(-shift - z)


def games_for(effect: float, mde: float, games: int) -> int:
    """Games for a minimum detectable effect of `effect`, from one of `mde` at `games`
    (the standard error falls with √games)."""
    return math.ceil(games * (mde / effect) ** 2)


def fixed_design(se: float, games: int, level: float, target: float) -> dict:
    """The `minimum_detectable_effect` of a fixed run: the effect, the level it is tested
    at, and the games that would detect `target` (the smallest difference that matters)."""
    mde = detectable(se, level)
    return {"effect": mde, "power": POWER, "alpha": level, "design": "fixed",
            "games": games, "target": target, "games_for_target": games_for(target, mde, games),
            "power_at_target": fixed_power(target, se, level)}


# --- sequential designs ----------------------------------------------------------------------

def sequential_power(theta: float, fractions: Sequence[float], levels: Sequence[float],
                     margin: float | None = None) -> float:
    """The chance that a sequential run flags a true difference of `theta` standard errors
    (of the estimate at the last look): look k (at information fraction fractions[k])
    flags when |z| ≥ z₁₋L/2 for its two-sided level L = levels[k], and — with `margin`
    (in the same standard errors) — stops a comparison as equivalent when both one-sided
    tests of ±margin pass at L (|z| < margin·√t − z₁₋L)."""
    import numpy as np

    steps = [b - a for a, b in zip([0.0, *fractions], fractions, strict=False)]
    bounds = [upper(level / 2) * math.sqrt(t) for level, t in zip(levels, fractions,
                                                                  strict=True)]
    h = min(math.sqrt(d) for d in steps) / 4  # within 0.001 of Monte Carlo (tests)
    reach = max(min(b, 40.0) + 8 * math.sqrt(d) + abs(theta) * d
                for b, d in zip(bounds, steps, strict=True))
    half = math.ceil(reach / h)
    grid = np.arange(-half, half + 1) * h
    density = np.zeros(grid.size)
    density[half] = 1 / h  # every run starts at S = 0
    flagged = 0.0
    for k, (t, d, bound) in enumerate(zip(fractions, steps, bounds, strict=True)):
        width = math.ceil((8 * math.sqrt(d) + abs(theta) * d) / h)
        offsets = np.arange(-width, width + 1) * h
        kernel = np.exp(-0.5 * ((offsets - theta * d) / math.sqrt(d)) ** 2) * (
            h / math.sqrt(2 * math.pi * d))
        density = np.convolve(density, kernel, "full")[width:width + grid.size]
        # each grid point stands for a cell of width h: the share of its cell past the
        # bound is flagged (a whole cell in or out would err by O(h), a share by O(h²))
        stays = np.clip((bound - np.abs(grid)) / h + 0.5, 0.0, 1.0)
        flagged += float((density * (1 - stays)).sum() * h)
        density *= stays
        if margin is not None:
            inside = margin * t - upper(levels[k]) * math.sqrt(t)
            if inside > 0:  # the share of a cell inside ±inside stops as equivalent
                density *= np.clip((np.abs(grid) - inside) / h + 0.5, 0.0, 1.0)
    return flagged


def sequential_mde(fractions: Sequence[float], levels: Sequence[float],
                   margin_se: float | None = None, power: float = POWER) -> float | None:
    """The difference, in standard errors at the last look, that the sequential design
    flags with probability `power` (None if even 40 standard errors would not: an
    equivalence margin that stops it first). Comparisons whose margin can never stop
    them share one answer (the design is the report's; only the margin is their own)."""
    if margin_se is not None and not any(
            margin_se * t > upper(level) * math.sqrt(t) for t, level in zip(fractions, levels,
                                                                            strict=True)):
        margin_se = None
    return _sequential_mde(tuple(fractions), tuple(levels), margin_se, power)


@functools.lru_cache(maxsize=64)
def _sequential_mde(fractions: tuple[float, ...], levels: tuple[float, ...],
                    margin_se: float | None, power: float) -> float | None:
    def gap(theta: float) -> float:
        return sequential_power(theta, fractions, levels, margin_se) - power

    low = _N.inv_cdf(power)  # below any design's MDE: z₁₋L/2 > 0
    high = 2 * (upper(max(levels) / 2) + _N.inv_cdf(power))
    if gap(high) < 0:
        high = 40.0
        if gap(high) < 0:
            return None
    g_low, g_high = gap(low), gap(high)
    side = 0
    for _ in range(60):  # Illinois (regula falsi that halves a stuck end)
        theta = high - g_high * (high - low) / (g_high - g_low)
        g = gap(theta)
        if abs(g) < 1e-4 or high - low < 1e-4:
            return theta
        if g > 0:
            high, g_high = theta, g
            if side == 1:
                g_low /= 2
            side = 1
        else:
            low, g_low = theta, g
            if side == -1:
                g_high /= 2
            side = -1
    return theta


def sequential_design(se: float, games: int, most: int, looks: Sequence[int],
                      levels: Sequence[float], margin: float | None, target: float,
                      fixed_level: float) -> dict:
    """The `minimum_detectable_effect` of a sequential design whose looks fall at `looks`
    games (up to `most`) with the lone levels `levels`, from the standard error `se` seen
    at `games`: the effect it flags 4 times in 5, beside a fixed run of `most` games at
    `fixed_level` (and this design's power at that run's effect)."""
    se_most = se * math.sqrt(games / most)
    fractions = [n / most for n in looks]
    margin_se = None if margin is None else margin / se_most
    theta = sequential_mde(fractions, levels, margin_se)
    fixed = detectable(se_most, fixed_level)
    found = {"effect": None if theta is None else theta * se_most, "power": POWER,
             "alpha": sum(levels), "design": "sequential", "games": most,
             "fixed_effect": fixed,
             "power_at_fixed_effect": sequential_power(fixed / se_most, fractions, levels,
                                                       margin_se),
             "target": target, "power_at_target": sequential_power(
                 target / se_most, fractions, levels, margin_se), "games_for_target": None}
    if theta is not None:
        found["games_for_target"] = games_for(target, theta * se_most, most)
    return found
