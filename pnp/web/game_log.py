"""`/api/log/majority2`: the Majority 2 log page's calls over HTTP, answered by
`log_steps.py` (which the phone's in-browser checker runs too)."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from pnp.web.api import answered, body_text
from pnp.web.log_steps import opened, read_json, step


async def log_step(request: Request) -> JSONResponse:
    """`POST /api/log/majority2`: the game so far in, the next question out."""
    text = await body_text(request)
    return JSONResponse(await run_in_threadpool(answered, lambda: step(read_json(text))))


async def log_open(request: Request) -> JSONResponse:
    """`POST /api/log/majority2/open`: a log file in, its setup and actions out."""
    text = await body_text(request)
    return JSONResponse(await run_in_threadpool(answered, opened, text))


routes = [Route("/api/log/majority2", log_step, methods=["POST"]),
          Route("/api/log/majority2/open", log_open, methods=["POST"])]
