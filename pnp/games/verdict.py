"""The checker's verdict: what every game's judge returns, whatever the game.

Checking a record *returns* a Verdict (OpenSpiel style: a status with reasons) so the CLI,
`--json` and tests all read the same thing; raising is only for input that cannot be read.
The shape follows the contract in the checker spec: `ok` is true exactly when there are no
violations (exit status 0).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pnp.content.jsonfile import child_path


@dataclass(frozen=True)
class Line:
    """One entry of a player's breakdown: something a person can find on the table, and
    the points it gave."""

    text: str
    points: int


@dataclass(frozen=True)
class PlayerResult:
    name: str
    total: int
    claimed: int | None
    breakdown: tuple[Line, ...] = ()

    @property
    def difference(self) -> int | None:
        """Claimed minus computed (positive: the player wrote down too much)."""
        return None if self.claimed is None else self.claimed - self.total


FINDINGS = {
    "wrong-claim": "a total written down is not the computed one",
    "player-count": "more or fewer players than the game is played by",
    "after-end": "a round or turn recorded after the game or the round was over",
    "round-stops-early": "a round that stops before it has ended, with a round after it",
    "vote-when-out": "a vote from a player already out of the round",
    "missing-vote": "a player still in the round without a vote",
    "cards-held-differ": "the point cards a player holds are not the computed total",
    "card-supply": "more point cards of a value held than the box holds",
    "not-ended": "nobody has the formed factions that end the game",
    "card-over-deck": "more copies of a card than the deck holds",
    "promo-over-deck": "a promo card and its base card, or a promo card alone, in more "
                       "copies than the deck holds",
    "disc-twice": "one disc colour on two or more cards",
    "negative-coins": "a player with negative coins",
    "coin-supply": "more coins in all than the supply",
    "illegal-entry": "a log entry the rules do not allow there (the replay stops at it)",
    "end-mismatch": "a log that says the game ended otherwise than its replay",
    "out-of-turn": "a move by a player whose turn it is not",
    "closed-stack": "a card on a stack closed by a 20",
    "not-higher": "a card not higher than the card below it",
    "no-such-stack": "a move onto a stack that does not exist",
    "new-stack-not-allowed": "a new stack started while an add was legal "
                             "(new_stack=only_if_blocked)",
    "unequal-cards": "players who played unequal numbers of cards",
    "value-over-deck": "a value played more often than the deck holds it",
}
"""Every kind of violation a checker can report, by its stable id. The message says what
happened in words that may change; the kind says which rule was broken, so a program (the
web app's link to the ruling) never has to read the words."""


@dataclass(frozen=True)
class Violation:
    """A rule broken, an impossible state or a wrong claim, at a place in the record, and
    its `kind` (a key of FINDINGS). The `--json` report shows `where` and `message` only,
    as the checker contract fixes them."""

    where: str
    message: str
    kind: str

    def __post_init__(self) -> None:
        if self.kind not in FINDINGS:
            raise ValueError(f"unknown kind of violation {self.kind!r}")


@dataclass(frozen=True)
class Verdict:
    game: str
    finished: bool
    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]
    tie_break: str | None
    violations: tuple[Violation, ...]
    rules: Mapping[str, Any]
    detail: Mapping[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.violations

    def to_json(self) -> dict[str, Any]:
        """The `--json` report: the contract's fields first, then the game's own detail."""
        report = {
            "game": self.game, "ok": self.ok, "finished": self.finished,
            "players": [
                {"name": p.name, "total": p.total, "claimed": p.claimed,
                 "difference": p.difference,
                 "breakdown": [{"text": b.text, "points": b.points} for b in p.breakdown]}
                for p in self.players
            ],
            "winners": list(self.winners), "tie_break": self.tie_break,
            "violations": [{"where": v.where, "message": v.message} for v in self.violations],
            "rules": dict(self.rules),
        }
        report.update({k: v for k, v in self.detail.items() if k not in report})
        return report


@dataclass(frozen=True)
class Checker:
    """A game's score checker: `parse(doc, content)` turns a schema-valid record into typed
    values (DataError for names, ids and shapes the schema cannot judge); `judge(record,
    content, rules)` returns the Verdict. `log`: the checker of a game's play-by-play logs
    (schema `log-<game>`), for the records that carry `"rounds"` (The Majority 2)."""

    parse: Callable[[Any, Any], Any]
    judge: Callable[[Any, Any, Mapping[str, Any]], Verdict]
    log: Checker | None = None


def where(*parts: str | int) -> str:
    """A place in the record in its own notation, without `$`: `rounds[2].turns[1]`."""
    path = "$"
    for part in parts:
        path = child_path(path, part)
    return path[2:] if path.startswith("$.") else path[1:]


def ordinal(n: int) -> str:
    """`1st`, `2nd`, `3rd`, `11th`: a count from 1 that cannot be mistaken for an index."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


_STEP = re.compile(r'(?:^|\.)(?P<key>[A-Za-z_]\w*)|\[(?P<index>\d+)\]'
                   r'|\[(?P<quoted>"(?:[^"\\]|\\.)*")\]')
_COUNTED = {"rounds": "round {}", "turns": "turn {}", "moves": "move {}", "stacks": "stack {}"}


def where_in_words(place: str) -> str:
    """A record place counted the way people count, from 1: `rounds[2].turns[1]` →
    `round 3, turn 2`, `stacks[1][0]` → `stack 2, card 1` (from the bottom),
    `score_areas.Bo[3]` → `Bo's score area, card 4`; empty when the place has no list
    index. The record's own path stays 0-based, as JSON paths are; this gloss says which
    is which in the human report."""
    words, keys = [], []
    for step in _STEP.finditer(place):
        if step["index"] is None:
            keys.append(step["key"] or json.loads(step["quoted"]))
            continue
        number, key = int(step["index"]) + 1, keys[-1] if keys else None
        if key in _COUNTED:
            words.append(_COUNTED[key].format(number))
        elif words and words[-1].startswith("stack "):
            words.append(f"card {number}")
        elif keys[-2:-1] == ["score_areas"]:
            words.append(f"{key}'s score area, card {number}")
        else:
            words.append(f"item {number} of {key}")
        keys.append(None)
    return ", ".join(words)


def claim_violations(claimed: Mapping[str, int], totals: Mapping[str, int],
                     *prefix: str | int) -> list[Violation]:
    """One violation per claim that differs from the computed total, in record order."""
    return [
        Violation(where(*prefix, name), f"claimed {value}, computed {totals[name]}",
                  "wrong-claim")
        for name, value in claimed.items() if value != totals[name]
    ]


def leaders(totals: Mapping[str, int], among: Iterable[str] | None = None) -> list[str]:
    """The players (in seating order) with the highest total among `among` (default: all)."""
    names = list(totals if among is None else among)
    if not names:
        return []
    best = max(totals[n] for n in names)
    return [n for n in names if totals[n] == best]


def player_results(order: Iterable[str], totals: Mapping[str, int],
                   claimed: Mapping[str, int],
                   breakdowns: Mapping[str, list[Line]]) -> tuple[PlayerResult, ...]:
    """Results in seating order, each with its claim (or None) and breakdown."""
    return tuple(
        PlayerResult(n, totals[n], claimed.get(n), tuple(breakdowns.get(n, ())))
        for n in order
    )
