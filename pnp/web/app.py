"""The app factory: routes, the guard (access token, body caps) and the error pages.

A feature adds its routes by adding a module to `FEATURES`: each has `routes` (Starlette
routes) and may have `BODY_LIMITS` ({path prefix: bytes}) for requests larger than the
default cap.
"""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from pnp.web import api, errors, game_log, pages, studio
from pnp.web.guard import DEFAULT_BODY_LIMIT, Guard

STATIC = Path(__file__).resolve().parent / "static"

FEATURES = (pages, api, game_log, studio)
"""Modules whose `routes` make up the app (the table-side checker and log first, then the
designer's studio)."""


def create_app(token: str | None = None, names: tuple[str, ...] = ()) -> Starlette:
    """The app. With a `token`, every request must carry it (`?token=` once, then the
    cookie the app sets), else 403. `names`: host names it answers to besides localhost,
    IP addresses and this machine's names (the `--host` given)."""
    routes = [route for feature in FEATURES for route in feature.routes]
    routes.append(Mount("/static", app=StaticFiles(directory=STATIC), name="static"))
    limits = {prefix: size for feature in FEATURES
              for prefix, size in getattr(feature, "BODY_LIMITS", {}).items()}
    guard = Middleware(Guard, token=token, default_limit=DEFAULT_BODY_LIMIT, limits=limits,
                       names=names)
    return Starlette(routes=routes, middleware=[guard],
                     exception_handlers={HTTPException: errors.http_error,
                                         ClientDisconnect: errors.client_gone,
                                         Exception: errors.server_error})
