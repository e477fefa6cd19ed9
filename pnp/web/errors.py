"""Error answers: a page for people (404, 405, 413, 422, 403...) and JSON for scripts, never
a traceback. `/api/` paths and requests that do not ask for HTML get JSON:
`{"error": MESSAGE, "status": N, "problems": [{"path", "line", "message"}]}`."""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import Scope

from pnp.errors import Problem
from pnp.web.answers import problem_json

_TITLES = {400: "Bad request", 403: "Access token needed", 404: "Not found",
           405: "Method not allowed", 413: "Too large", 422: "Cannot be checked",
           500: "Something went wrong"}

_log = logging.getLogger("pnp.web")


class InputError(HTTPException):
    """A request whose content cannot be used (422), with each problem located."""

    def __init__(self, message: str, problems: list[Problem] = ()):
        super().__init__(422, message)
        self.problems = list(problems)


def wants_json(scope: Scope) -> bool:
    if scope.get("path", "").startswith("/api/"):
        return True
    accept = dict(scope.get("headers", [])).get(b"accept", b"").decode("latin-1")
    return "text/html" not in accept


def error_response(scope: Scope, status: int, message: str,
                   problems: list[Problem] = (), title: str | None = None) -> Response:
    if wants_json(scope):
        return JSONResponse({"error": message, "status": status,
                             "problems": [problem_json(p) for p in problems]}, status)
    from pnp.web.templating import TEMPLATES

    request = Request(scope)
    return TEMPLATES.TemplateResponse(request, "error.html", {
        "status": status, "title": title or _TITLES.get(status, "Error"), "message": message,
        "problems": problems}, status_code=status)


def refusal_response(scope: Scope, message: str) -> Response:
    """403 for a request without the access token: JSON for scripts; for people a page that
    says how to get in, styled from within (its stylesheet would be refused too) and with
    no link into the app it cannot open."""
    if wants_json(scope):
        return error_response(scope, 403, message)
    from pnp.web.templating import TEMPLATES

    here = "/" + scope.get("path", "/").lstrip("/")  # never "//host": the form stays here
    return TEMPLATES.TemplateResponse(Request(scope), "refused.html", {
        "message": message, "path": here, "css": _stylesheet()}, status_code=403)


@cache
def _stylesheet() -> str:
    return (Path(__file__).resolve().parent / "static" / "app.css").read_text("utf-8")


async def http_error(request: Request, exc: HTTPException) -> Response:
    detail = exc.detail if isinstance(exc.detail, str) else _TITLES.get(exc.status_code, "")
    if exc.status_code == 404 and detail == "Not Found":
        detail = f"There is no page at {request.url.path}."
    if exc.status_code == 405:
        detail = f"{request.method} is not accepted at {request.url.path}."
    response = error_response(request.scope, exc.status_code, detail,
                              getattr(exc, "problems", ()))
    if exc.headers:
        response.headers.update(exc.headers)
    return response


async def client_gone(request: Request, exc: Exception) -> Response:
    """The client closed the connection (or the server did, on a body that stalled: 408)
    while the body was read: no one is left to answer, and nothing went wrong here."""
    return Response(status_code=400)


async def server_error(request: Request, exc: Exception) -> Response:
    """A bug: logged on the server's terminal, never shown to the player."""
    _log.error("error answering %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(request.scope, 500, "The server could not answer this request. "
                          "What you entered is still in this browser; try again.")
