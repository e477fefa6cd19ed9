"""The JSON API: `POST /api/check` (a record in, the `pnp check --json` report out) and the
calls the pages make. Each reads a bounded body, calls the library in a worker thread and
answers JSON; input the library refuses is a 422 listing every problem with its JSON path.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from pnp.check import check_text
from pnp.errors import PnpError
from pnp.games import GAMES
from pnp.web.errors import InputError
from pnp.web.verdict import verdict_view

SOURCE = "record"
"""The name a posted record goes by in messages (it has no file name)."""


async def body_text(request: Request) -> str:
    """The request body as text; 422 unless it is UTF-8."""
    raw = await request.body()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"The request body is not UTF-8 text (byte {exc.start}).") from None


def game_param(request: Request) -> str | None:
    """`?game=` (like `pnp check --game`), checked against the known games."""
    game = request.query_params.get("game")
    if game is not None and game not in GAMES:
        raise InputError(f"Unknown game {game[:40]!r}; known: {', '.join(GAMES)}.")
    return game


def judged(text: str, game: str | None):
    """The verdict, or a 422 listing what makes the record unreadable."""
    try:
        return check_text(text, SOURCE, game)
    except PnpError as exc:
        raise InputError("The record cannot be checked.", exc.problems) from None


async def check_record(request: Request) -> JSONResponse:
    """`POST /api/check[?game=GAME]`: the record (JSON) in the body; the report out, as
    `pnp check --json` prints it (`ok` false when a rule is broken or a claim is wrong)."""
    text = await body_text(request)
    verdict = await run_in_threadpool(judged, text, game_param(request))
    return JSONResponse(verdict.to_json())


async def verdict_for_page(request: Request) -> JSONResponse:
    """`POST /api/verdict?game=GAME`: the checker form's call — the same verdict, with the
    words the page shows beside it (see `verdict.py`)."""
    text = await body_text(request)
    verdict = await run_in_threadpool(judged, text, game_param(request))
    return JSONResponse(verdict_view(verdict))


routes = [Route("/api/check", check_record, methods=["POST"]),
          Route("/api/verdict", verdict_for_page, methods=["POST"])]
