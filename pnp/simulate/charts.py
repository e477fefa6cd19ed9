"""`pnp simulate --report DIR`: the balance report as a static HTML page with SVG charts.

The page opens from the file system (no script, no network): `index.html` beside one SVG
file per chart. matplotlib is imported here only, with the Agg backend and a fixed SVG hash
salt and no date, so the same summary draws the same bytes. Everything drawn comes from
the summary dict of `simulate.report`, the same numbers as the terminal and `--json`.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.content.output import atomic_path, write_text
from pnp.simulate.formats import num, pct
from pnp.simulate.report import (
    by_players,
    correction_text,
    game_lines,
    players_text,
    power_lines,
    promo_rows,
    shown_cards,
    variant_title,
)
from pnp.simulate.restricted import card_rows, flagged, headline_rows
from pnp.simulate.sequential import decision_rows, decision_text
from pnp.simulate.targets import target_rows
from pnp.simulate.tune import value_rows

CHART_STYLE = {"svg.hashsalt": "pnp-simulate", "svg.fonttype": "path", "font.size": 9,
               "axes.spines.top": False, "axes.spines.right": False}
BAR = "#4C72B0"
ALERT = "#C44E52"
QUIET = "#8C8C8C"


def write_report(summary: dict[str, Any], folder: Path) -> Path:
    """Write `folder/index.html`, its charts and `summary.json`; the page's path."""
    import matplotlib

    matplotlib.use("Agg")
    base = summary["variants"][0]
    charts: list[tuple[str, str, Callable]] = [
        ("seats", "Win rate by seat", _seats),
        ("rounds", "Game length", _rounds),
        ("scores", "Final scores by seat", _scores),
    ]
    if isinstance(summary["players"], list):
        charts.insert(0, ("players", "By player count", _by_players))
    if len(base["bots"]) > 1:
        charts.append(("bots", "Strategies: win rate and points per round", _bots))
    if base["head_to_head"]:
        charts.append(("head-to-head", "Head to head", _head_to_head))
    if base["cards"]:
        charts.append(("cards", "Cards: VP contributed per game", _cards))
    if any(p["vp_per_copy"]["difference"] is not None for p in summary["promos"]):
        charts.append(("promos", "Promo cards against the base card they replace", _promos))
    restricted = summary.get("restricted") or {}
    if restricted.get("cards"):
        charts.append(("restricted", "Restricted play: each card's value", _restricted))
    if restricted.get("promos"):
        charts.append(("restricted-promos", "Restricted play: promos beside the base card",
                       _restricted_promos))
    drawn = []
    for name, title, draw in charts:
        _save(draw(summary), folder / f"{name}.svg")
        drawn.append((name, title))
    write_text(folder / "summary.json", json.dumps(summary, indent=1) + "\n")
    return write_text(folder / "index.html", _page(summary, drawn))


def _figure(width: float = 6.4, height: float = 3.2):
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _save(figure, path: Path) -> None:
    import matplotlib

    with matplotlib.rc_context(CHART_STYLE), atomic_path(path) as tmp:
        figure.savefig(tmp, format="svg", metadata={"Date": None, "Creator": "pnp simulate"})


def _errors(rows: list[dict], key: str = "rate") -> list[list[float]]:
    """matplotlib's asymmetric error bars from value/low/high dicts."""
    return [[0.0 if r["low"] is None else max(0.0, r[key] - r["low"]) for r in rows],
            [0.0 if r["high"] is None else max(0.0, r["high"] - r[key]) for r in rows]]


def _seats(summary: dict) -> Any:
    base = summary["variants"][0]
    seats = [s["wins"] for s in base["seats"]]
    labels = [f"seat {s['seat']}" for s in base["seats"]] + ["shared"]
    rates = seats + [base["shared_victories"]]
    fig = _figure()
    ax = fig.subplots()
    values = [r["rate"] or 0 for r in rates]
    ax.bar(labels, values, color=[BAR] * len(seats) + [QUIET],
           yerr=_errors([{**r, "rate": v} for r, v in zip(rates, values, strict=True)]),
           capsize=4)
    fair = (1 - (base["shared_victories"]["rate"] or 0)) / len(seats)
    ax.axhline(fair, color=QUIET, linestyle="--", linewidth=1, label="equal share")
    ax.set_ylabel("share of games")
    ax.set_ylim(0, min(1, max(r["high"] for r in rates) * 1.15 + 0.02))
    _legend_outside(fig)
    ax.set_title("Sole wins by seat (seat 1 plays first) and shared victories, 95 % Wilson")
    return fig


def _legend_outside(fig, **style) -> None:
    """The legend under the plot, outside it: inside, it sat on the tallest bar whenever
    that bar was where the legend went."""
    fig.legend(loc="outside lower center", ncols=2, frameon=False, **style)


def _rounds(summary: dict) -> Any:
    rounds = summary["variants"][0]["rounds"]
    fig = _figure()
    ax = fig.subplots()
    ax.hist([v for v, _ in rounds["histogram"]], weights=[n for _, n in rounds["histogram"]],
            bins=_bins(rounds["min"], rounds["max"]), color=BAR, rwidth=0.9)
    if rounds["low"] is not None:
        ax.axvspan(rounds["low"], rounds["high"], color=ALERT, alpha=0.3,
                   label=f"mean {num(rounds, 2)}")
    ax.axvline(rounds["mean"], color=ALERT, linewidth=1,
               label=None if rounds["low"] is not None else f"mean {num(rounds, 2)}")
    ax.set_xlabel("rounds in the game")
    ax.set_ylabel("games")
    _legend_outside(fig)
    ax.set_title("Rounds per game")
    return fig


def _scores(summary: dict) -> Any:
    seats = summary["variants"][0]["seats"]
    fig = _figure()
    ax = fig.subplots()
    low = min(s["score"]["min"] for s in seats)
    high = max(s["score"]["max"] for s in seats)
    bins = _bins(low, high)
    for s in seats:
        score = s["score"]
        _, _, patches = ax.hist([v for v, _ in score["histogram"]], bins=bins,
                                weights=[n for _, n in score["histogram"]], histtype="step",
                                linewidth=1.2,
                                label=f"seat {s['seat']}: mean {num(score)}")
        if score["low"] is not None:
            ax.axvspan(score["low"], score["high"], color=patches[0].get_edgecolor(),
                       alpha=0.3)
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    _legend_outside(fig, fontsize=8)
    ax.set_title("Final score distribution by seat (bands: 95 % interval of the mean)")
    return fig


def _bins(low: int, high: int, most: int = 40) -> list[float]:
    """Bin edges for integer scores: one per value when few, else about `most` bins."""
    width = max(1, -(-(high - low + 1) // most))
    return [low - 0.5 + i * width for i in range((high - low) // width + 2)]


def _by_players(summary: dict) -> Any:
    variants = summary["variants"]
    counts = [v["players"] for v in variants]
    fig = _figure(6.4, 3.0)
    left, right = fig.subplots(1, 2)
    rounds = [v["rounds"] for v in variants]
    left.errorbar(counts, [r["mean"] for r in rounds], yerr=_errors(rounds, "mean"),
                  fmt="o-", color=BAR, capsize=3)
    left.set_xlabel("players")
    left.set_ylabel("rounds per game")
    points = [v["every_seat"]["points_per_round"] for v in variants]
    right.errorbar(counts, [p["mean"] for p in points], yerr=_errors(points, "mean"),
                   fmt="o-", color=ALERT, capsize=3)
    right.set_xlabel("players")
    right.set_ylabel("points per player per round")
    for ax in (left, right):
        ax.set_xticks(counts)
    fig.suptitle("Game length and points by player count, 95 % intervals")
    return fig


def _bots(summary: dict) -> Any:
    bots = summary["variants"][0]["bots"]
    fig = _figure(6.4, 3.4)
    left, right = fig.subplots(1, 2)
    names = [b["bot"] for b in bots]
    wins = [b["wins"] for b in bots]
    left.barh(names, [w["rate"] for w in wins], xerr=_errors(wins), color=BAR, capsize=3)
    left.set_xlabel("sole wins (share of its games)")
    left.invert_yaxis()
    rounds = [b["points_per_round"] for b in bots]
    right.barh(names, [r["mean"] for r in rounds], xerr=_errors(rounds, "mean"),
               color=QUIET, capsize=3)
    right.set_xlabel("points per round")
    right.invert_yaxis()
    right.set_yticklabels([])
    fig.suptitle("Strategies head to head, 95 % intervals")
    return fig


def _head_to_head(summary: dict) -> Any:
    pairs = summary["variants"][0]["head_to_head"]
    names = sorted({p["bot"] for p in pairs} | {p["against"] for p in pairs})
    grid = [[float("nan")] * len(names) for _ in names]
    for p in pairs:
        grid[names.index(p["bot"])][names.index(p["against"])] = p["ahead"]["rate"]
    size = 1.6 + 0.8 * len(names)
    fig = _figure(size + 1.6, size)
    ax = fig.subplots()
    image = ax.imshow(grid, vmin=0, vmax=1, cmap="RdBu")
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            if value == value:  # not NaN
                ax.text(j, i, f"{100 * value:.0f} %", ha="center", va="center", fontsize=8)
    ax.set_xticks(range(len(names)), names, rotation=30, ha="right")
    ax.set_yticks(range(len(names)), names)
    ax.set_xlabel("against")
    fig.colorbar(image, ax=ax, label="finished ahead")
    ax.set_title("Row bot finished ahead of column bot")
    return fig


def _cards(summary: dict) -> Any:
    cards = summary["variants"][0]["cards"]
    blank = set(summary["blank_cards"])
    fig = _figure(6.4, 0.9 + 0.17 * len(cards))
    ax = fig.subplots()
    names = [c["card"] + (" (blank)" if c["card"] in blank else "") for c in cards]
    vp = [c["vp_per_game"] for c in cards]
    ax.barh(names, [v["mean"] for v in vp], xerr=_errors(vp, "mean"), capsize=2,
            color=[ALERT if c["card"] in blank else BAR for c in cards])
    ax.invert_yaxis()
    ax.tick_params(axis="y", labelsize=7)
    ax.set_xlabel("VP in final score areas per game (95 % interval)")
    ax.set_title("VP each card contributed")
    return fig


def _promos(summary: dict) -> Any:
    promos = [p for p in summary["promos"] if p["vp_per_copy"]["difference"] is not None]
    fig = _figure(7.5, 1.4 + 0.35 * len(promos))
    ax = fig.subplots()
    for i, p in enumerate(promos):
        d = p["vp_per_copy"]
        colour = ALERT if p["significant"] else QUIET
        ax.errorbar([d["difference"]], [i], xerr=_errors([d], "difference"), fmt="o",
                    color=colour, capsize=3)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(promos)), [f"{p['variant']}\nfor {p['replaces']}" for p in promos],
                  fontsize=7)
    ax.set_ylim(len(promos) - 0.5, -0.5)
    ax.set_xlabel("VP per copy, promo minus the base card it replaces (same seeds, 95 %)")
    fig.suptitle("Promo cards (red: a significant difference)")
    return fig


def _restricted(summary: dict) -> Any:
    """The cards ranked by the drop in win rate of a seat barred from them."""
    cards = summary["restricted"]["cards"]
    fig = _figure(6.4, 1.0 + 0.2 * len(cards))
    ax = fig.subplots()
    drops = [c["drop"] for c in cards]
    values = [100 * (d["difference"] or 0) for d in drops]
    ax.barh([c["card"] for c in cards], values, capsize=2,
            xerr=_errors([{"rate": v, "low": None if d["low"] is None else 100 * d["low"],
                           "high": None if d["high"] is None else 100 * d["high"]}
                          for v, d in zip(values, drops, strict=True)]),
            color=[ALERT if d["significant"] else BAR for d in drops])
    ax.axvline(0, color="black", linewidth=0.8)
    ax.invert_yaxis()
    ax.tick_params(axis="y", labelsize=7)
    ax.set_xlabel("win-rate drop of the barred seat, percentage points (95 %; red: flagged)")
    ax.set_title("What a seat loses when it may never play the card")
    return fig


def _restricted_promos(summary: dict) -> Any:
    """Each promo's drop beside one copy of the base card it replaces."""
    rows = summary["restricted"]["promos"]
    fig = _figure(7.5, 1.4 + 0.45 * len(rows))
    ax = fig.subplots()
    for i, row in enumerate(rows):
        for offset, key, colour, label in ((-0.15, "promo_drop", BAR, "the promo"),
                                           (0.15, "base_drop", QUIET, "one copy of the base card")):
            d = row[key]
            if d is None or d["value"] is None:
                continue
            v = 100 * d["value"]
            ax.errorbar([v], [i + offset], fmt="o", color=colour, capsize=3,
                        xerr=_errors([{"rate": v} | {k: None if d[k] is None else 100 * d[k]
                                                     for k in ("low", "high")}]),
                        label=label if i == 0 else None)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(rows)), [_headline_label(r) for r in rows], fontsize=7)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_xlabel("win-rate drop of the barred seat, percentage points (same seeds, 95 %)")
    fig.legend(loc="outside lower center", ncols=2, frameon=False, fontsize=8)
    fig.suptitle("Restricted play: the promo beside one copy of the card it replaces")
    return fig


def _headline_label(row: dict) -> str:
    replaces = f"for {row['replaces']}" if row["replaces"] else "(added)"
    flagged = f" — {row['verdict'].upper()}" if row["significant"] else ""
    return f"{row['variant']}\n{replaces}{flagged}"


# --- the page ------------------------------------------------------------------------------

def _e(value: Any) -> str:
    return html.escape(str(value))


def _pct(rate: dict) -> str:
    return pct(rate, none="–", width=0)


def _num(mean: dict, digits: int = 1) -> str:
    return num(mean, digits, none="–")


def _html_table(header: list[str], rows: list[list[str]], flags: list[bool] | None = None) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in header)
    flagged = ' class="flag"'
    body = "".join(
        f"<tr{flagged if flags and flags[i] else ''}>"
        + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>"
        for i, row in enumerate(rows))
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _page(summary: dict, charts: list[tuple[str, str]]) -> str:
    title = f"Balance report: {summary['game']}, {summary['games']:,} games"
    parts = [
        f"<h1>{_e(title)}</h1>",
        f"<p>Seed {_e(summary['seed'])}, {_e(players_text(summary))}, bots "
        f"{_e(', '.join(summary['bots']))} (seats: {_e(summary['seats'])}). "
        + (f"Rules: {_e(', '.join(f'{k}={v}' for k, v in summary['rules'].items()))}. "
           if summary["rules"] else "")
        + "Brackets hold 95 % intervals: Wilson intervals for rates, normal intervals for "
          "means, paired intervals (same seeds) for promo differences. A difference is "
          "flagged when its p-value, corrected for the report's family of comparisons, is "
          "at most α.</p>",
    ]
    if summary.get("reading"):
        parts.append(f"<p>{_e(summary['reading'])}</p>")
    if summary["blank_cards"]:
        parts.append(f"<p class=\"warn\">Played as blank (no effects data): "
                     f"{_e(', '.join(summary['blank_cards']))}</p>")
    if isinstance(summary["players"], list):
        parts.append("<h2>By player count</h2>")
        parts.append(_html_table(*by_players(summary)))
    if summary["promos"]:
        parts.append("<h2>Promo cards against the base card each replaces</h2>")
        parts.append(_html_table(*promo_rows(summary, lambda p: p["verdict"]),
                                 [p["significant"] for p in summary["promos"]]))
    restricted = summary.get("restricted") or {}
    if restricted.get("cards"):
        parts.append("<h2>Restricted play: what a seat loses without the card</h2>")
        marks = [flagged(c["drop"], c["margin_drop"]) for c in restricted["cards"]]
        parts.append(_html_table(*card_rows(restricted), marks))
    if restricted.get("promos"):
        parts.append("<h2>Restricted play: promos beside one copy of the base card</h2>")
        parts.append(_html_table(*headline_rows(restricted, lambda h: h["verdict"]),
                                 [h["significant"] for h in restricted["promos"]]))
    if summary["correction"]["family"]:
        parts.append(f"<p>{_e(correction_text(summary))}</p>")
    power = power_lines(summary)
    if power:
        parts.append(f"<p>{_e(power[0])}</p>")
        parts.append("<ul class=\"power\">" + "".join(f"<li>{_e(line)}</li>"
                                                      for line in power[1:]) + "</ul>")
    if summary.get("targets"):
        section = summary["targets"]
        verdict = "all passed" if section["passed"] else "FAILED"
        parts.append(f"<h2>Targets ({_e(section['file'])}): {verdict}</h2>")
        parts.append(_html_table(*target_rows(section),
                                 [not r["pass"] for r in section["bands"]]))
    if summary.get("tune"):
        section = summary["tune"]
        parts.append(f"<h2>Tuning {_e(section['card'])} against {_e(section['replaces'])}"
                     "</h2>")
        parts.append(_html_table(*value_rows(section),
                                 [v["value"] in section["in_line"] for v in section["values"]]))
        parts.append(f"<p>{_e(section['sentence'])}</p>")
    if summary.get("sequential"):
        parts.append("<h2>Until decided</h2>")
        parts.append(f"<p>{_e(decision_text(summary['sequential']))}</p>")
        parts.append(_html_table(*decision_rows(summary["sequential"])))
    for v in summary["variants"]:
        parts.append(_variant_html(v))
    parts.append("<h2>Charts</h2>")
    parts += [f"<figure id=\"{name}\"><img src=\"{name}.svg\" alt=\"{_e(caption)}\">"
              f"<figcaption>{_e(caption)}</figcaption></figure>" for name, caption in charts]
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
             "table{border-collapse:collapse;margin:.5em 0 1.5em;display:block;max-width:100%;"
             "overflow-x:auto}td,th{padding:.2em .6em;"
             "border-bottom:1px solid #ddd;text-align:right}"
             "td:not(:first-child){white-space:nowrap}td:first-child,th:first-child"
             "{text-align:left}tr.flag td{background:#fbe3e4;font-weight:bold}"
             ".warn{background:#fff4ce;padding:.5em}img{max-width:100%}")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{_e(title)}</title><style>{style}</style></head><body>\n"
            + "\n".join(parts) + "\n</body></html>\n")


def _variant_html(v: dict) -> str:
    title = variant_title(v)
    r = v["rounds"]
    parts = [f"<h2>{_e(title)}</h2>",
             f"<p>{v['games']:,} games; rounds per game {_e(_num(r, 2))}, median "
             f"{_e(r['median'])}, range {_e(r['min'])}–{_e(r['max'])}; shared victories "
             f"{_e(_pct(v['shared_victories']))}; ended: "
             f"{_e(', '.join(f'{k} {n:,}' for k, n in v['ends'].items()))}.</p>",
             "<ul>" + "".join(f"<li>{_e(line)}</li>" for line in game_lines(v)) + "</ul>",
             _html_table(["seat", "sole wins", "shared", "mean score", "median score"],
                         [[str(s["seat"]), _pct(s["wins"]), str(s["shared"]),
                           _num(s["score"]), str(s["score"]["median"])] for s in v["seats"]]),
             _html_table(["bot", "games", "sole wins", "mean score", "points per round"],
                         [[b["bot"], f"{b['games']:,}", _pct(b["wins"]), _num(b["score"]),
                           _num(b["points_per_round"], 2)] for b in v["bots"]])]
    if v["head_to_head"]:
        parts.append(_html_table(["bot", "against", "finished ahead"],
                                 [[h["bot"], h["against"], _pct(h["ahead"])]
                                  for h in v["head_to_head"]]))
    if shown_cards(v):
        parts.append(_html_table(
            ["card", "plays per game", "representative", "VP per game", "scored in games",
             "scorer win rate"],
            [[c["card"], f"{c['plays_per_game']:.2f}", f"{c['representative']:,}",
              _num(c["vp_per_game"], 2), f"{c['scored_in']:,}", _pct(c["scorer_wins"])]
             for c in shown_cards(v)]))
    return "\n".join(parts)
