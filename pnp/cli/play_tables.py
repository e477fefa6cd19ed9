"""What `pnp play` shows a person for D20 Stacks, Majority Rules! and The Majority, and how
it asks (The Majority 2 is `play_view.py`). Each table draws the game from the person's
seat, tells each step the way that seat sees it — another player's die behind the divider
or vote before the reveal stays hidden until the rules reveal it — and asks the person's
decision, accepting only a legal answer (the engine's `legal_actions`).

A table: `lines(state, names, seat)`, `step(state, action, names, seat)` (a line, or None:
nothing to show), `reveal(before, action, after, names)` (what becomes public when a step
resolves something), `single(state, names)` (the one legal answer and its words, or None),
`ask(entry, state, names)`, `result(outcome, names)`, `config(engine, content, players,
rules)`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from pnp.games.engine import CHANCE


def numbered(entry, question: str, answers: list, words: list[str]) -> Any:
    """Ask for one of `answers` by its number (or its words)."""
    entry.note("\n".join(f"  {i}. {w}" for i, w in enumerate(words, 1)))

    def parse(raw: str) -> Any:
        if raw.isdigit() and 1 <= int(raw) <= len(answers):
            return answers[int(raw) - 1]
        if raw in words:
            return answers[words.index(raw)]
        raise ValueError(f"type a number from 1 to {len(answers)} (Ctrl-C stops and keeps "
                         f"the game)")
    return entry.ask(f"{question} (1-{len(answers)})", parse)


def _single(engine, state) -> tuple[Any, str] | None:
    answers = engine.legal_actions(state)
    return (answers[0], str(answers[0])) if len(answers) == 1 else None


# --- D20 Stacks -------------------------------------------------------------------------

class D20Table:
    """Stacks by number (top card, each player's count), the person's card, the deck."""

    game_id = "d20-stacks"

    def config(self, engine_module, content, players: int, rules: dict):
        return engine_module.make_config(content, players=players, rules=rules)

    def lines(self, state, names: Sequence[str], seat: int) -> list[str]:
        left = len(state.config.deck) - state.turn
        lines = [f"── Turn {state.turn + 1} of {state.config.turns} · {left} cards not yet "
                 f"dealt ──" if state.turn < state.config.turns else "── The game is over ──"]
        for number, pile in enumerate(state.piles, 1):
            counts = ", ".join(f"{names[s]} × {n}" for s, n in enumerate(pile.counts) if n)
            status = " (closed by a 20)" if pile.closed else ""
            scorer = f" · scores for {names[pile.winner]}" if pile.winner is not None else ""
            lines.append(f"  stack {number}: top {_d20(pile.top)}{status} · {counts}{scorer}")
        if not state.piles:
            lines.append("  no stacks yet")
        if state.card is not None and state.seat == seat:
            lines.append(f"Your card: {_d20(state.card)}")
        return lines

    def step(self, state, action, names: Sequence[str], seat: int) -> str | None:
        if state.card is None:
            return None  # a card dealt: shown when it is played (or in the person's table)
        where = "a new stack" if action == "new" else f"stack {action}"
        return f"  {names[state.seat]} plays {_d20(state.card)} on {where}"

    def reveal(self, before, action, after, names) -> str | None:
        return None

    def single(self, state, names: Sequence[str]) -> tuple[Any, str] | None:
        from pnp.games.d20_stacks.engine import ENGINE

        only = _single(ENGINE, state)
        return None if only is None else (only[0], f"{_d20(state.card)} on "
                                          + ("a new stack" if only[0] == "new"
                                             else f"stack {only[0]}"))

    def ask(self, entry, state, names: Sequence[str]) -> Any:
        from pnp.games.d20_stacks.engine import ENGINE

        answers = list(ENGINE.legal_actions(state))
        words = ["a new stack" if a == "new" else
                 f"stack {a} (top {state.piles[a - 1].top})" for a in answers]
        return numbered(entry, f"{names[state.seat]}: where does {_d20(state.card)} go?",
                         answers, words)

    def result(self, outcome, names: Sequence[str]) -> str:
        return result_text(outcome, names, "stacks")


def _d20(value: int) -> str:
    return "the dash (0)" if value == 0 else str(value)


# --- Majority Rules! --------------------------------------------------------------------

class DiceTable:
    """Totals, the round, and the person's own dice; the others' dice stay behind their
    dividers until the gold die is rolled and every hand is revealed."""

    game_id = "majority-rules"

    def config(self, engine_module, content, players: int, rules: dict):
        return engine_module.make_config(content, players=players, rules=rules)

    def lines(self, state, names: Sequence[str], seat: int) -> list[str]:
        from pnp.games.majority_rules.engine import REROLLS

        totals = standings(names, state.totals)
        if state.stage < 0:
            return ["── The game is over ──", f"Totals: {totals}"]
        stage = f"reroll {state.stage} of {REROLLS}" if state.stage else "first roll"
        return [f"── Round {len(state.rounds) + 1} · {stage} · target "
                f"{state.config.target} ──", f"Totals: {totals}",
                f"Your dice: {' '.join(map(str, sorted(state.dice[seat])))}"]

    def step(self, state, action, names: Sequence[str], seat: int) -> str | None:
        from pnp.games.majority_rules.engine import REROLLS

        if state.stage > REROLLS:
            return f"  Gold die: {action}"
        if state.to_roll or state.stage == 0 or state.seat == seat:
            return None  # dice rolling: the person's own are in their table
        return f"  {names[state.seat]} keeps some dice behind the divider and rerolls the rest"

    def reveal(self, before, action, after, names) -> str | None:
        if len(after.rounds) == len(before.rounds):
            return None
        result = after.rounds[-1]
        held = "; ".join(f"{names[s]}: {' '.join(map(str, result.held[s])) or '-'} scores "
                         f"{result.scores[s]}" for s in range(len(names)))
        rolled = "; ".join(f"{names[s]}: {' '.join(map(str, sorted(before.dice[s])))}"
                           for s in range(len(names)))
        totals = standings(names, after.totals)
        return f"  Revealed: {rolled}\n  After claiming: {held}\n  Totals: {totals}"

    def single(self, state, names: Sequence[str]) -> None:
        return None  # keeping all or none is always a choice

    def ask(self, entry, state, names: Sequence[str]) -> Any:
        from pnp.games.majority_rules.engine import keep_options

        dice = tuple(sorted(state.dice[state.seat]))
        legal = set(keep_options(dice))

        def parse(raw: str) -> tuple[int, ...]:
            text = raw.strip().lower()
            if text in ("all", "a"):
                return dice
            if text in ("", "none", "-"):
                return ()
            faces = [c for c in text if not c.isspace() and c != ","]
            if not all(c in "123456" for c in faces):
                raise ValueError("type the faces you keep, e.g. 556 (all: keep every die; "
                                 "none: reroll them all)")
            keep = tuple(sorted(int(c) for c in faces))
            if keep not in legal:
                missing = Counter(keep) - Counter(dice)
                raise ValueError(f"you have no {', '.join(map(str, sorted(missing)))} to "
                                 f"keep (your dice: {' '.join(map(str, dice))})")
            return keep
        return entry.ask(f"{names[state.seat]}: dice to keep (e.g. 556; all; none)", parse,
                         default="all")

    def result(self, outcome, names: Sequence[str]) -> str:
        return result_text(outcome, names, "points")


# --- The Majority -----------------------------------------------------------------------

class VoteTable:
    """Totals, the round (variant card, Reference pile, who is still in); the votes of a
    turn are secret until the last is in, then all are shown with what they scored."""

    game_id = "majority"

    def config(self, engine_module, content, players: int, rules: dict):
        return engine_module.make_config(content, players=players, rules=rules)

    def lines(self, state, names: Sequence[str], seat: int) -> list[str]:
        totals = standings(names, state.totals)
        if state.over:
            return ["── The game is over ──", f"Totals: {totals}"]
        still = ", ".join(names[s] for s in state.round.active)
        return [f"── Round {state.rounds} · {state.variant} variant · Reference pile "
                f"{state.round.pile} · target {state.config.target} ──",
                f"Totals: {totals}", f"Still in the round: {still}"]

    def step(self, state, action, names: Sequence[str], seat: int) -> str | None:
        from pnp.games.majority.engine import ENGINE

        if ENGINE.current_player(state) == CHANCE:
            if state.variant is None:
                return f"  Round {state.rounds}: the variant card shows {action}"
            words = state.config.words
            return f"  Reference card: {words[action]}" if 0 <= action < len(words) else None
        if state.round.active[len(state.votes)] == seat:
            return None
        return f"  {names[state.round.active[len(state.votes)]]} votes (face down)"

    def reveal(self, before, action, after, names) -> str | None:
        if before.variant is None or before.reference is None:
            return None
        if len(before.votes) + 1 < len(before.round.active):
            return None
        votes = ", ".join(f"{names[s]}: {v}" for s, v in
                          zip(before.round.active, (*before.votes, action), strict=True))
        gained = [f"{names[s]}: +{a - b}" for s, (a, b) in
                  enumerate(zip(after.totals, before.totals, strict=True)) if a != b]
        return f"  Votes: {votes}; scored: {', '.join(gained) or 'nothing'}"

    def single(self, state, names: Sequence[str]) -> None:
        return None  # four votes, always

    def ask(self, entry, state, names: Sequence[str]) -> Any:
        from pnp.games.majority.scoring import VOTE_OPTIONS

        seat = state.round.active[len(state.votes)]
        return numbered(entry, f"{names[seat]}: your vote", list(VOTE_OPTIONS),
                         list(VOTE_OPTIONS))

    def result(self, outcome, names: Sequence[str]) -> str:
        return result_text(outcome, names, "points")


def standings(names: Sequence[str], points: Sequence[int]) -> str:
    """`Player = 10, ismcts 1 = 21`: a bot's name may end in a number."""
    return ", ".join(f"{n} = {p}" for n, p in zip(names, points, strict=True))


def result_text(outcome, names: Sequence[str], unit: str) -> str:
    scores = standings(names, outcome.scores)
    won = " and ".join(names[w] for w in outcome.winners)
    how = f" ({outcome.tie_break})" if outcome.tie_break else ""
    return f"Final {unit}: {scores}. {won} win{'s' if len(outcome.winners) == 1 else ''}{how}."


TABLES = {table.game_id: table for table in (D20Table(), DiceTable(), VoteTable())}
