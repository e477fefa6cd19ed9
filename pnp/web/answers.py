"""What the app's calls answer, as plain JSON-ready data: `pnp serve`'s API and the phone's
in-browser checker (`inbrowser.py`) both answer from here, so a record gets the same words
from either. Nothing here imports the server: this runs in the phone's WebAssembly Python.

A refused input is `Refused` (the server answers it with HTTP 422, the in-browser checker
with the same JSON): `{"error": MESSAGE, "status": 422, "problems": [{"path", "line",
"message"}]}`, each problem as `pnp check` prints it on stderr.
"""

from __future__ import annotations

from pnp.check import check_text
from pnp.errors import PnpError, Problem
from pnp.games import GAMES
from pnp.games.verdict import Verdict

SOURCE = "record"
"""The name a posted record goes by in messages (it has no file name)."""


class Refused(Exception):
    """Input the library refuses: a message and each problem with its place (422)."""

    def __init__(self, message: str, problems: list[Problem] = ()):
        super().__init__(message)
        self.message = message
        self.problems = list(problems)

    def to_json(self) -> dict:
        return {"error": self.message, "status": 422,
                "problems": [problem_json(p) for p in self.problems]}


def problem_json(problem: Problem) -> dict:
    return {"path": problem.path, "line": problem.line, "message": problem.message}


def known_game(game: str | None) -> str | None:
    """`?game=` (like `pnp check --game`), checked against the known games."""
    if game is not None and game not in GAMES:
        raise Refused(f"Unknown game {game[:40]!r}; known: {', '.join(GAMES)}.")
    return game


def judged(text: str, game: str | None) -> Verdict:
    """The verdict on a record given as text; Refused listing what makes it unreadable."""
    try:
        return check_text(text, SOURCE, known_game(game))
    except PnpError as exc:
        raise Refused("The record cannot be checked.", exc.problems) from None


def check_answer(text: str, game: str | None = None) -> dict:
    """`POST /api/check`: the report exactly as `pnp check --json` prints it."""
    return judged(text, game).to_json()


def verdict_answer(text: str, game: str | None = None) -> dict:
    """The checker form's call: the same report with the words the page shows beside it."""
    from pnp.web.verdict import verdict_view

    return verdict_view(judged(text, game))


def form_answer(text: str, game: str | None = None) -> dict:
    """The checker form's call, made at every pause in typing: `{"verdict": VIEW}` for a
    record that can be judged, `{"refused": {"error", "problems"}}` for one that cannot be
    yet. A form half filled in is not a bad request, so this is no 422 (which the browser
    would log as an error at every keystroke)."""
    try:
        return {"verdict": verdict_answer(text, game)}
    except Refused as exc:
        return {"refused": exc.to_json()}
