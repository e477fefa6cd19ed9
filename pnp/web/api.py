"""The JSON API: `POST /api/check` (a record in, the `pnp check --json` report out) and the
calls the pages make. Each reads a bounded body, calls the library in a worker thread and
answers JSON; input the library refuses is a 422 listing every problem with its JSON path.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from pnp.web.answers import Refused, check_answer, form_answer, verdict_answer
from pnp.web.errors import InputError


async def body_text(request: Request) -> str:
    """The request body as text; 422 unless it is UTF-8."""
    raw = await request.body()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"The request body is not UTF-8 text (byte {exc.start}).") from None


def answered(call, *args):
    """`call(*args)` (a function of `answers.py`), a refusal turned into a 422."""
    try:
        return call(*args)
    except Refused as exc:
        raise InputError(exc.message, exc.problems) from None


async def check_record(request: Request) -> JSONResponse:
    """`POST /api/check[?game=GAME]`: the record (JSON) in the body; the report out, as
    `pnp check --json` prints it (`ok` false when a rule is broken or a claim is wrong)."""
    text = await body_text(request)
    game = request.query_params.get("game")
    return JSONResponse(await run_in_threadpool(answered, check_answer, text, game))


async def verdict_for_page(request: Request) -> JSONResponse:
    """`POST /api/verdict?game=GAME`: the checker form's call — the same verdict, with the
    words the page shows beside it (see `verdict.py`)."""
    text = await body_text(request)
    game = request.query_params.get("game")
    return JSONResponse(await run_in_threadpool(answered, verdict_answer, text, game))


async def form_verdict(request: Request) -> JSONResponse:
    """`POST /api/form?game=GAME`: the checker form's call — the verdict's view, or what
    keeps the record from being judged yet, both answered 200 (see `answers.form_answer`)."""
    text = await body_text(request)
    game = request.query_params.get("game")
    return JSONResponse(await run_in_threadpool(form_answer, text, game))


routes = [Route("/api/check", check_record, methods=["POST"]),
          Route("/api/verdict", verdict_for_page, methods=["POST"]),
          Route("/api/form", form_verdict, methods=["POST"])]
