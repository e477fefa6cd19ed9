"""What a paper too small left out, said once per game.

A build on A6 leaves out each language's quick reference and score pad, and the tuck
boxes: one warning per file made some 25 lines that said the same thing. The notes are
made where a piece or a document is found not to fit ("majority: Tuck boxes (tuck-box):
left out: WHY", "majority/score-pad-de.pdf: left out: WHY"); here a game's notes become
one line, the pieces left out for the same reason listed together, nothing dropped:

    majority: left out — Tuck boxes (tuck-box): a 153.8 × 125.7 mm piece does not fit a6;
    --paper a5 holds it — quick-reference.pdf, quick-reference-de.pdf, …: each does not
    fit one a6 page even with text at 72 % size; --paper a4 holds them

A game with a single note keeps its line as it was.
"""

from __future__ import annotations

import re

from pnp.errors import Problem

_NOTE = re.compile(r"^(?P<game>[a-z0-9-]+)(?:/|: )(?P<what>.+?): left out: (?P<why>.+)$")


def grouped(notes: list[Problem]) -> list[Problem]:
    """`notes` with each game's left-out notes merged into one, in the place of the
    game's first; any other note is kept as it is, in its place."""
    games: dict[str, list[re.Match]] = {}
    out: list[Problem | str] = []
    for note in notes:
        match = None if note.file else _NOTE.match(note.message)
        if match is None:
            out.append(note)
            continue
        if match["game"] not in games:
            out.append(match["game"])
        games.setdefault(match["game"], []).append(match)
    return [Problem("", _line(item, games[item])) if isinstance(item, str) else item
            for item in out]


def _line(game: str, notes: list[re.Match]) -> str:
    if len(notes) == 1:
        return notes[0].string
    reasons: dict[str, list[str]] = {}
    for note in notes:
        reasons.setdefault(note["why"], []).append(note["what"])
    parts = [f"{', '.join(whats)}: {_plural(why) if len(whats) > 1 else why}"
             for why, whats in reasons.items()]
    return f"{game}: left out — " + " — ".join(parts)


def _plural(why: str) -> str:
    """The reason said of several pieces: 'it does not fit' → 'each does not fit',
    'holds it' → 'holds them'."""
    why = re.sub(r"^it does not", "each does not", why)
    return re.sub(r"holds it$", "holds them", why)
