"""`pnp check`'s human report: rich tables a person can follow against the table.

Per player the computed total with its breakdown (which card, round or stack gave which
points), claimed vs computed with the difference, the game's own per-round or per-stack
table, the winners and tie-break, the rules in force and every violation with its place.
"""

from __future__ import annotations

import json

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from pnp.cli.app import shown
from pnp.games import GAMES
from pnp.games.verdict import Verdict, where_in_words

_TIE_BREAKS = {
    "non-start-player": "tie won by the player without the start marker",
    "final-round-score": "tie broken by the final round's score",
    "shared": "the victory is shared",
}


ROW_LIMIT = 200
"""Rows a table shows before it says how many more there are: a real game fills a few
dozen, and a terminal table of thousands (a hostile or generated record) took minutes
to lay out; `pnp check --json` lists every one."""


def _capped(table: Table, items, row) -> None:
    """`row(item)` added for the first ROW_LIMIT items, and under the table how many
    were left out and where to find them."""
    items = list(items)
    for item in items[:ROW_LIMIT]:
        table.add_row(*row(item))
    if len(items) > ROW_LIMIT:
        table.caption = f"… {len(items) - ROW_LIMIT:,} more (pnp check --json lists them all)"
        table.caption_justify = "left"


def _s(value) -> str:
    """A value from the record or the data, shown as itself: no control characters reach
    the terminal and no `[...]` is taken for rich markup."""
    return escape(shown(str(value)))


def print_report(verdict: Verdict, console: Console | None = None) -> None:
    console = console or Console(highlight=False)
    count = len(verdict.violations)
    state = "finished" if verdict.finished else "unfinished"
    console.print(f"[bold]{GAMES[verdict.game].title}[/bold]: {state} game, "
                  f"{count} problem{'s' * (count != 1)}")
    console.print(_totals_table(verdict))
    for player in verdict.players:
        console.print(_breakdown_table(player))
    detail = _DETAIL_TABLES.get(verdict.game)
    if detail and verdict.detail.get(detail[0]):
        console.print(detail[1](verdict))
    console.print(_winners_text(verdict))
    rules = _s(", ".join(f"{k}={json.dumps(v)}" for k, v in verdict.rules.items()))
    console.print(f"Rules in force: {rules or 'none'}")
    if verdict.violations:
        console.print(_violations_table(verdict))
        console.print(f"[bold red]NOT OK[/bold red]: {count} problem{'s' * (count != 1)} "
                      "(exit status 1)")
    else:
        console.print("[bold green]OK[/bold green]: the record is legal and every claim "
                      "matches")


def _totals_table(verdict: Verdict) -> Table:
    table = Table(title="Totals", title_justify="left")
    for column in ("Player", "Computed", "Claimed", "Difference"):
        table.add_column(column, justify="left" if column == "Player" else "right")
    for p in verdict.players:
        difference = "" if p.difference is None else f"{p.difference:+d}" if p.difference else "0"
        table.add_row(_s(p.name), str(p.total), "—" if p.claimed is None else str(p.claimed),
                      difference)
    return table


def _breakdown_table(player) -> Table:
    table = Table(title=f"{_s(player.name)}: {player.total}", title_justify="left")
    table.add_column("From")
    table.add_column("Points", justify="right")
    _capped(table, player.breakdown, lambda line: (_s(line.text), str(line.points)))
    if not player.breakdown:
        table.add_row("nothing scored", "0")
    return table


def _winners_text(verdict: Verdict) -> str:
    if not verdict.finished:
        return "No winner: the game has not ended."
    names = _s(", ".join(verdict.winners))
    label = "Winners" if len(verdict.winners) > 1 else "Winner"
    if verdict.tie_break:
        return f"{label}: {names} ({_TIE_BREAKS.get(verdict.tie_break, verdict.tie_break)})"
    return f"{label}: {names}"


def _violations_table(verdict: Verdict) -> Table:
    """Each problem at its record path (0-based, as in JSON) with the place counted from 1
    in words, the way the Rounds and Stacks tables number them."""
    table = Table(title="Problems", title_justify="left")
    table.add_column("Where")
    table.add_column("Problem")
    def row(v):
        words = where_in_words(v.where)
        return _s(f"{v.where} ({words})" if words else v.where), _s(v.message)

    _capped(table, verdict.violations, row)
    return table


def _majority_rounds(verdict: Verdict) -> Table:
    names = [p.name for p in verdict.players]
    table = Table(title="Rounds", title_justify="left")
    for column in ("Round", "Variant", "Turns", *names):
        table.add_column(_s(column), justify="right" if column in names else "left")
    def row(numbered):
        r, rnd = numbered
        if not rnd["counted"]:
            return str(r + 1), _s(rnd["variant"] or ""), "not counted", *[""] * len(names)
        return (str(r + 1), _s(rnd["variant"] or ""), str(len(rnd["turns"])),
                *[str(rnd["scores"].get(n, 0)) for n in names])

    _capped(table, enumerate(verdict.detail["rounds"]), row)
    return table


def _dice_rounds(verdict: Verdict) -> Table:
    names = [p.name for p in verdict.players]
    table = Table(title="Rounds", title_justify="left")
    for column in ("Round", "Gold", *names, "Claims"):
        table.add_column(_s(column), justify="right" if column in names else "left")
    def row(numbered):
        r, rnd = numbered
        if not rnd["counted"]:
            return str(r + 1), str(rnd["gold"]), *[""] * len(names), "not counted"
        claims = "; ".join(
            f"{f['face']}s → {f['claimed_by']}" if f["claimed_by"] else f"{f['face']}s tied, kept"
            for f in rnd["faces"] if len(f["counts"]) > 1)
        return (str(r + 1), str(rnd["gold"]), *[str(rnd["scores"][n]) for n in names],
                _s(claims))

    _capped(table, enumerate(verdict.detail["rounds"]), row)
    return table


def _stacks(verdict: Verdict) -> Table:
    table = Table(title="Stacks", title_justify="left")
    for column in ("Stack", "Cards (bottom to top)", "Outcome"):
        table.add_column(column)
    def row(numbered):
        s, stack = numbered
        outcome = f"{stack['winner']}: {stack['reason']}" if stack["winner"] else stack["reason"]
        return str(s + 1), _s(" ".join(stack["cards"])), _s(outcome)

    _capped(table, enumerate(verdict.detail["stacks"]), row)
    return table


# Per game: the detail key the table needs, and the table.
_DETAIL_TABLES = {"majority": ("rounds", _majority_rounds),
                  "majority-rules": ("rounds", _dice_rounds),
                  "d20-stacks": ("stacks", _stacks)}
