"""`pnp simulate --targets FILE`: a designer's balance targets as a gate.

The file (schema `simulate-targets`, `pnp schema simulate-targets`) lists bands, e.g. each
seat wins 50 ± 3 %, no promo's restricted-play value more than 2 points from its base
card's, a median length of 60–100 rounds. After the run the report has a pass/fail row
per band (per seat, card or player count a band covers), and the command exits with status
1 when one fails — so a designer's own repository can run it in CI.

A band is judged on the figure's whole 95 % interval (`"judge": "interval"`, the default):
it passes only when the interval lies inside the band, and fails when the interval leaves
it — wholly outside (the figure breaks the band) or across its edge (the run cannot tell;
the row says about how many games would). Why not the estimate: an estimate inside the
band with an interval far outside it passed a card known to break its band. `"judge":
"estimate"` gates on the estimate alone, for a designer who wants that. A figure the run
could not measure (too few scored copies, every game alike) fails, saying so.

Everything a band needs is checked before a game is played: the figure must be one the run
reports (restricted-play figures need `--restricted`, promo figures `--promos`), a named
card or seat must be in the run, and a band must be a band (min ≤ max).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.errors import DataError, Problem
from pnp.simulate.powerwords import approx

SCHEMA = "simulate-targets"
RESTRICTED = ("restricted_drop", "promo_restricted_difference")
PROMOS = ("promo_restricted_difference", "promo_vp_difference", "promo_scorer_win_difference")
# figure -> (unit shown, scale from the report's number to the band's unit)
UNITS = {"seat_win_rate": ("%", 100), "start_player_advantage": ("points", 100),
         "shared_victories": ("%", 100), "rounds_median": ("rounds", 1),
         "rounds_mean": ("rounds", 1), "margin_median": ("", 1), "margin_mean": ("", 1),
         "late_lead_changes": ("per game", 1), "late_lead_change_games": ("%", 100),
         "restricted_drop": ("points", 100), "promo_restricted_difference": ("points", 100),
         "promo_vp_difference": ("VP/copy", 1), "promo_scorer_win_difference": ("points", 100)}


@dataclass(frozen=True)
class Band:
    """One band of the file: where it is (JSON path), the figure, what it is about, and
    its bounds (None: open)."""

    where: str
    figure: str
    name: str | None
    seat: int | str
    card: str
    players: int | None
    low: float | None
    high: float | None
    judge: str


@dataclass(frozen=True)
class Targets:
    file: str
    bands: tuple[Band, ...]


def load_targets(path: Path) -> Targets:
    """The file's bands; DataError naming the file and JSON path of anything wrong."""
    from pnp.content.sources import load_source

    doc = load_source(Path(path), SCHEMA)
    bands, problems = [], []
    for i, raw in enumerate(doc.value["bands"]):
        where = f"$.bands[{i}]"
        low, high = raw.get("min"), raw.get("max")
        if ("target" in raw) != ("tolerance" in raw):
            problems.append(doc.problem(where, "target and tolerance go together"))
        elif "target" in raw:
            if low is not None or high is not None:
                problems.append(doc.problem(where, "give target and tolerance, or min "
                                                   "and/or max, not both"))
            low, high = raw["target"] - raw["tolerance"], raw["target"] + raw["tolerance"]
        if low is not None and high is not None and low > high:
            problems.append(doc.problem(where, f"min {low:g} is above max {high:g}"))
        bands.append(Band(where, raw["figure"], raw.get("name"), raw.get("seat", "each"),
                          raw.get("card", "each"), raw.get("players"), low, high,
                          raw.get("judge", "interval")))
    if problems:
        raise DataError(problems)
    return Targets(str(path), tuple(bands))


def check_against(targets: Targets, plan) -> None:
    """Each band asks for something this run reports (DataError otherwise)."""
    problems = []
    promos = {v.promo for v in plan.variants if v.promo}
    restricted = {r.card for r in plan.restricted if r.name.startswith("base/")}
    for band in targets.bands:
        def bad(message: str, band: Band = band) -> None:
            problems.append(Problem(targets.file, message, path=band.where))
        if band.figure in RESTRICTED and not plan.restricted:
            bad(f"{band.figure} needs --restricted")
        if band.figure in PROMOS and not promos:
            bad(f"{band.figure} needs --promos")
        if band.figure == "restricted_drop" and band.card != "each" and \
                band.card not in restricted:
            bad(f"card {band.card!r} is not barred in this run (--restricted CARD …)")
        if band.figure in PROMOS and band.card != "each" and band.card not in promos:
            bad(f"card {band.card!r} is not a promo of this run")
        if band.seat != "each" and band.seat > max(plan.players):
            bad(f"seat {band.seat}: the game has {max(plan.players)} seats")
        if band.players is not None and band.players not in plan.players:
            bad(f"players {band.players}: this run plays "
                f"{', '.join(map(str, plan.players))}")
    if problems:
        raise DataError(problems)


def judge(targets: Targets, summary: dict[str, Any]) -> dict[str, Any]:
    """The `targets` section: a row per band and subject, and whether all passed."""
    rows = []
    for band in targets.bands:
        for subject, figure in _figures(band, summary):
            rows.append(_row(band, subject, figure))
    return {"file": targets.file, "passed": all(r["pass"] for r in rows), "bands": rows}


def _row(band: Band, subject: str | None, figure: tuple | None) -> dict[str, Any]:
    unit, scale = UNITS[band.figure]
    name = band.name or band.figure.replace("_", " ")
    row = {"name": f"{name} ({subject})" if subject else name,
           "figure": band.figure, "subject": subject, "unit": unit, "value": None,
           "low": None, "high": None, "min": band.low, "max": band.high,
           "judge": band.judge, "pass": False, "reason": "not measured",
           "games_to_decide": None}
    if figure is None or figure[0] is None:
        return row
    value, low, high = (None if v is None else v * scale for v in figure[:3])
    row.update(value=value, low=low, high=high)
    if low is None:
        row["reason"] = "no interval: every game gave the same figure"
        if band.judge == "interval":
            return row
    games = figure[3] if len(figure) > 3 else None
    inside = _inside(value, band)
    if low is not None:
        row["games_to_decide"] = _games_to_decide(value, low, high, band, games)
    if band.judge == "interval" and low is not None:
        row["pass"] = _inside(low, band) and _inside(high, band)
        row["reason"] = ("interval inside the band" if row["pass"] else
                         "interval outside the band" if _outside(low, high, band) else
                         "interval crosses the band's edge" + _more(row, inside))
    else:
        row["pass"] = inside
        row["reason"] = "estimate inside the band" if inside else "estimate outside the band"
        if low is not None and not _outside(low, high, band) and not (
                _inside(low, band) and _inside(high, band)):
            row["reason"] += ", its interval crosses the band's edge"
    return row


def _outside(low: float, high: float, band: Band) -> bool:
    """The whole interval beyond one end of the band."""
    return (band.high is not None and low > band.high) or (band.low is not None and
                                                             high < band.low)


def _games_to_decide(value: float, low: float, high: float, band: Band,
                     games: int | None) -> int | None:
    """About how many games would put the interval wholly inside the band (the estimate
    inside) or wholly outside it (the estimate outside), intervals narrowing with
    √games; None when it already is, or when the estimate sits on the band's edge."""
    if games is None or _outside(low, high, band) or (_inside(low, band) and
                                                     _inside(high, band)):
        return None
    need = 1.0
    for edge in (band.low, band.high):
        if edge is not None and low <= edge <= high:
            room = abs(value - edge)
            if room == 0:
                return None
            half = value - low if edge < value else high - value  # the side the edge is on
            need = max(need, (half / room) ** 2)
    return math.ceil(games * need)


def _more(row: dict[str, Any], inside: bool) -> str:
    games = row["games_to_decide"]
    if games is None:
        return ""
    return (f": the estimate is {'inside' if inside else 'outside'}, ≈ {approx(games)} "
            f"games would tell")


def _inside(value: float, band: Band) -> bool:
    return (band.low is None or value >= band.low) and (band.high is None or
                                                         value <= band.high)


def _figures(band: Band, summary: dict[str, Any]):
    """(subject, (value, low, high, games) or None) for each thing the band covers."""
    variants = [v for v in summary["variants"] if v["promo"] is None
                and (band.players is None or v["players"] == band.players)]
    several = len(variants) > 1
    f = band.figure
    for v in variants if f not in PROMOS and f != "restricted_drop" else []:
        label = f"{v['players']} players" if several else None
        if f == "seat_win_rate":
            for s in v["seats"]:
                if band.seat in ("each", s["seat"]):
                    yield (", ".join(filter(None, [f"seat {s['seat']}", label])),
                           _games(_rate(s["wins"]), v))
        else:
            yield label, _games(_game_figure(f, v), v)
    if f == "restricted_drop":
        for card in summary.get("restricted", {}).get("cards", []):
            if band.card in ("each", card["card"]):
                yield card["card"], _games(_diff(card["drop"]), card)
    if f in PROMOS:
        rows = (summary.get("restricted", {}).get("promos", []) if f == RESTRICTED[1]
                else summary["promos"])
        for row in rows:
            if row["replaces"] is not None and band.card in ("each", row["promo"]):
                yield row["variant"], _games(_promo_figure(f, row), row)


def _games(figure: tuple | None, owner: dict[str, Any]) -> tuple | None:
    """The figure with the games it was measured on (`owner`'s)."""
    return figure and (*figure, owner["games"])


def _game_figure(f: str, v: dict[str, Any]) -> tuple | None:
    rounds, d = v["rounds"], v["decisiveness"]
    late = d["late_lead_changes"]
    return {
        "start_player_advantage": _diff(v["seat_balance"]["start_player_advantage"]),
        "shared_victories": _rate(v["shared_victories"]),
        "rounds_median": (rounds["median"], rounds["median_low"], rounds["median_high"]),
        "rounds_mean": (rounds["mean"], rounds["low"], rounds["high"]),
        "margin_median": (d["margin"]["median"], d["margin"]["median_low"],
                          d["margin"]["median_high"]),
        "margin_mean": (d["margin"]["mean"], d["margin"]["low"], d["margin"]["high"]),
        "late_lead_changes": late and (late["mean"], late["low"], late["high"]),
        "late_lead_change_games": late and _rate(late["games_with_a_change"]),
    }[f]


def _promo_figure(f: str, row: dict[str, Any]) -> tuple | None:
    if f == "promo_restricted_difference":
        return row["difference"] and _diff(row["difference"])
    return _diff(row["vp_per_copy" if f == "promo_vp_difference" else "scorer_win_rate"])


def _rate(r: dict[str, Any]) -> tuple:
    return (r["rate"], r["low"], r["high"])


def _diff(d: dict[str, Any]) -> tuple:
    return (d["difference"], d["low"], d["high"])


def target_rows(section: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The pass/fail table (terminal and HTML alike)."""
    header = ["band", "value [95 %]", "band limits", "judged on", "result"]
    rows = []
    for r in section["bands"]:
        value = "-" if r["value"] is None else (
            f"{r['value']:.2f}" + ("" if r["low"] is None else
                                   f" [{r['low']:.2f}, {r['high']:.2f}]") + f" {r['unit']}")
        limits = (f"{'-∞' if r['min'] is None else format(r['min'], 'g')} to "
                  f"{'+∞' if r['max'] is None else format(r['max'], 'g')}")
        rows.append([r["name"], value.strip(), limits, r["judge"],
                     ("PASS" if r["pass"] else "FAIL") + f" ({r['reason']})"])
    return header, rows
