"""What `pnp play majority2` shows a person: the table as they see it from their seat, each
step in words (the bot's face-down cards kept face down), and the legal choices.

Words and choices come from the library's table module (`games/majority2/table.py`, as for
`pnp check --new --log` and the web app); what a seat sees from `information.py` (as for
the search bots). So the bot's hand and reserve appear only as a number of cards, a card
drawn face down into them as "a card", and the hand card it puts into its reserve is not
named.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.majority2 import engine as m2
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


def result_line(st: State, names: Sequence[str]) -> str:
    outcome = m2.returns(st)
    scores = ", ".join(f"{n} {s}" for n, s in zip(names, outcome.scores, strict=True))
    won = " and ".join(names[w] for w in outcome.winners)
    why = f" ({outcome.tie_break})" if outcome.tie_break else ""
    return f"Final scores: {scores}. {won} win{'s' if len(outcome.winners) == 1 else ''}{why}."
