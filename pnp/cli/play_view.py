"""What `pnp play majority2` shows a person: the table as they see it from their seat, each
step in words (the bot's face-down cards kept face down), and the legal choices (the other
games' tables are in `play_tables.py`).

Words and choices come from the library's table module (`games/majority2/table.py`, as for
`pnp check --new --log` and the web app); what a seat sees from `information.py` (as for
the search bots). So the bot's hand and reserve appear only as a number of cards, a card
drawn face down into them as "a card", and the hand card it puts into its reserve is not
named.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.cli.play_tables import numbered, result_text
from pnp.games.majority2 import table
from pnp.games.majority2.information import hidden_from
from pnp.games.majority2.state import State


def table_lines(st: State, names: Sequence[str], seat: int) -> list[str]:
    """The table from `seat`'s chair: the opponent's side first, then the person's."""
    view = table.table_view(st, names)
    head = (f"── Round {view['round']}: {view['active']} to play · deck {view['deck']} · "
            f"discard pile {view['discard_pile']} ──")
    if view["end"]:
        head = f"── The game is over ({view['end']}) ──"
    lines = [head]
    for s in (1 - seat, seat):
        side = view["seats"][s]
        score = view["scores"][side["name"]]
        lines.append(f"{side['name']}{' (start player)' if side['start'] else ''}: coins "
                     f"{side['coins_up']} up, {side['coins_down']} down · score now {score}")
        lines.append(f"  score area: {_cards(side['score_area'])}")
        for number, column in enumerate(side["columns"], 1):
            lines.append(f"  column {number}: {_cards(column)}")
        if s == seat:
            lines.append(f"  hand: {_cards(side['hand'])}")
            lines.append(f"  reserve: {_cards(side['reserve'])}")
        else:
            lines.append(f"  hand: {_count(side['hand'])} · reserve: {_count(side['reserve'])}")
    return lines


def _cards(cards: list[dict]) -> str:
    if not cards:
        return "-"
    return ", ".join(c["title"] + (f" [{c['disc']} disc]" if c["disc"] else "")
                     for c in cards)


def _count(cards: list) -> str:
    return f"{len(cards)} card{'s' if len(cards) != 1 else ''} (face down)"


def step_line(st: State, action: tuple, names: Sequence[str], seat: int) -> str:
    """One step as `seat` sees it (`action` about to be applied at `st`)."""
    if hidden_from(st, action, seat):
        return f"{table.question(st, names)}: a card you do not see"
    return table.step_text(st, action, names)


def choices(st: State, names: Sequence[str]) -> tuple[list, list[str]]:
    """The legal answers (one per answer a log would write) and their words."""
    answers = table.choices(st)
    return answers, [table.label(st, a, names) for a in answers]


class Majority2Table:
    """The Majority 2 for `pnp play`: the functions above, as the other games' tables."""

    game_id = "majority2"

    def config(self, engine_module, content, players: int, rules: dict):
        return engine_module.make_config(content, rules=rules, round_limit=None)

    def lines(self, st: State, names: Sequence[str], seat: int) -> list[str]:
        return table_lines(st, names, seat)

    def step(self, st: State, action: tuple, names: Sequence[str], seat: int) -> str:
        return "  " + step_line(st, action, names, seat)

    def reveal(self, before, action, after, names) -> None:
        return None

    def single(self, st: State, names: Sequence[str]):
        """The one legal answer and its words, or None when there is a choice."""
        answers, words = choices(st, names)
        return (answers[0], words[0]) if len(answers) == 1 else None

    def ask(self, entry, st: State, names: Sequence[str]):
        answers, words = choices(st, names)
        return numbered(entry, table.question(st, names), answers, words)

    def result(self, outcome, names: Sequence[str]) -> str:
        return result_text(outcome, names, "scores")
