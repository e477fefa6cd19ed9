"""The phone app's checker: what the page's Web Worker calls on the WebAssembly Python
(Pyodide) the app ships, offline, with no server. It answers every call exactly as `pnp
serve`'s JSON API does, from the same functions (`answers.py`, `log_steps.py`), so a record
gets the same report on a phone in airplane mode as from `pnp check --json` on a laptop.

Only this subset of the package goes into the app's checker bundle (`webapp/bundle.py`):
it must import nothing of the server, the CLI, reportlab or Pillow (a test runs it on a
bare interpreter holding only the bundle).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from pnp.web.answers import Refused, check_answer, form_answer, verdict_answer
from pnp.web.log_steps import opened, read_json, step


def _log_step(text: str, game: str | None) -> dict:
    return step(read_json(text))


def _log_open(text: str, game: str | None) -> dict:
    return opened(text)


CALLS: dict[str, Callable[[str, str | None], dict]] = {
    "check": check_answer,        # POST /api/check
    "verdict": verdict_answer,    # POST /api/verdict
    "form": form_answer,          # POST /api/form
    "log": _log_step,             # POST /api/log/majority2
    "log-open": _log_open,        # POST /api/log/majority2/open
}


def answer(call: str, text: str, game: str | None = None) -> str:
    """`{"status": 200 or 422, "data": ...}` as JSON text: the server's status and body for
    the same request (`call` names the API path, `text` is the request body)."""
    try:
        return json.dumps({"status": 200, "data": CALLS[call](text, game)}, ensure_ascii=False)
    except Refused as exc:
        return json.dumps({"status": 422, "data": exc.to_json()}, ensure_ascii=False)


def warm() -> None:
    """Load every game's data once, at start-up, so the first check a person makes is as
    quick as the rest."""
    from pnp.check import rule_options
    from pnp.games import GAMES
    from pnp.games.gamedata import load_content

    for game in GAMES:
        load_content(game)
        rule_options(game)


def warm_errors() -> None:
    """Word one schema error, so jsonschema (which only an invalid record needs) is loaded
    before the first such record rather than with it."""
    from pnp.content.jsonfile import parse_json
    from pnp.content.schemas import schema_problems

    schema_problems(parse_json('{"game": "majority"}', "warm-up"), "result-majority")
