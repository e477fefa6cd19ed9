"""Judge a D20 Stacks record: replay the moves (or read the stacks), check every card
against the rules and the deck, then score the stacks.

How faulty records are read (checker contract): an illegally placed card is one violation
(on a closed stack: only that) and stays where recorded, counting for scoring; a move out of
turn is one violation (move *i* belongs to `players[i mod n]`); unequal numbers of cards
played is one violation; each value played more often than the deck holds is one.
A record is always a finished game; equal top points are a shared victory.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from pnp.games.d20_stacks.content import D20Deck
from pnp.games.d20_stacks.record import D20Record
from pnp.games.d20_stacks.scoring import Table, score_stacks
from pnp.games.verdict import (
    Line,
    Verdict,
    Violation,
    claim_violations,
    leaders,
    ordinal,
    player_results,
    where,
)


def judge(record: D20Record, content: D20Deck, rules: Mapping) -> Verdict:
    """The verdict for `record` with rule options `rules` (`new_stack`)."""
    if record.moves is not None:
        stacks, places, violations = _replay(record, rules["new_stack"])
        whole = "moves"
    else:
        stacks = record.stacks
        places = [((s, c), where("stacks", s, c))
                  for s, stack in enumerate(stacks) for c in range(len(stack))]
        violations = _stack_violations(stacks)
        whole = "stacks"
    deck = record.deck or content
    violations += _count_violations(record.players, stacks, whole)
    violations += _deck_violations(stacks, places, deck)
    points, outcomes = score_stacks(stacks, record.players)
    violations += claim_violations(record.claimed, points, "claimed")
    lines: dict[str, list[Line]] = {p: [] for p in record.players}
    for s, outcome in enumerate(outcomes):
        for player, held in outcome.counts.items():
            lines[player].append(Line(_stack_line(s, held, len(stacks[s]), outcome, player),
                                      int(outcome.winner == player)))
    won = leaders(points)
    return Verdict(
        game="d20-stacks", finished=True,
        players=player_results(record.players, points, record.claimed, lines),
        winners=tuple(won), tie_break="shared" if len(won) > 1 else None,
        violations=tuple(violations), rules=dict(rules),
        detail={
            "deck": deck.name,
            "stacks": [{"cards": [f"{c.player}:{c.value}" for c in stack],
                        "counts": dict(o.counts), "winner": o.winner, "reason": o.reason}
                       for stack, o in zip(stacks, outcomes, strict=True)],
        },
    )


def _stack_line(s: int, held: int, size: int, outcome, player: str) -> str:
    """`stack 2: 3 of 5 cards, the most` — a player's share of a stack and what it gave."""
    text = f"stack {s + 1}: {held} of {size} cards"
    if outcome.winner == player:
        return f"{text}, the most"
    if outcome.winner:
        return f"{text}; {outcome.winner} has the most"
    return f"{text}; {outcome.reason}"


def _replay(record: D20Record, new_stack: str):
    """Final stacks, where each card landed and which move put it there (in move order),
    and the move violations. Linear in the moves: see `Table`."""
    table = Table(new_stack)
    places: list[tuple[tuple[int, int], str]] = []
    problems = []
    players = record.players
    for i, move in enumerate(record.moves):
        here = where("moves", i)
        expected = players[i % len(players)]
        if move.player != expected:
            problems.append(Violation(here, f"{move.player} plays out of turn; the "
                                            f"{ordinal(i + 1)} move is {expected}'s",
                                      "out-of-turn"))
        stack, problem = table.play(move)
        places.append(((stack - 1, len(table.cards[stack - 1]) - 1), here))
        if problem:
            problems.append(Violation(here, f"{move.player}:{move.value}: {problem}",
                                      problem.kind))
    return table.stacks(), places, problems


def _stack_violations(stacks) -> list[Violation]:
    """Each card not allowed on the cards below it, read bottom to top."""
    table = Table()
    problems = []
    for s, stack in enumerate(stacks):
        index = table.start(stack[0])
        for c in range(1, len(stack)):
            problem = table.add(index, stack[c])
            if problem:
                problems.append(Violation(where("stacks", s, c), problem, problem.kind))
    return problems


def _count_violations(players, stacks, whole: str) -> list[Violation]:
    """Hands are dealt evenly and played out: everyone plays as many cards."""
    played = Counter(card.player for stack in stacks for card in stack)
    if len({played[p] for p in players}) <= 1:
        return []
    shown = ", ".join(f"{p} {played[p]}" for p in players)
    return [Violation(whole, f"players played unequal numbers of cards: {shown}",
                      "unequal-cards")]


def _deck_violations(stacks, places, deck: D20Deck) -> list[Violation]:
    """Each value played more often than the deck holds, at its first extra copy (`places`
    lists the cards in the order the record gives them)."""
    seen: Counter = Counter()
    total = Counter(card.value for stack in stacks for card in stack)
    problems = []
    for (s, c), here in places:
        value = stacks[s][c].value
        seen[value] += 1
        held = deck.counts.get(value, 0)
        if seen[value] == held + 1:
            cards = "card" if total[value] == 1 else "cards"
            problems.append(Violation(here, f"{total[value]} {cards} of value {value} "
                                            f"played; the deck holds {held}",
                                      "value-over-deck"))
    return problems
