"""The phone app under `pnp serve`: the very files `pnp export web` writes (`phone/site.py`),
each at its name (`/check-majority2.html`, `/sw.js`, `/runtime/pyodide.asm.wasm`, ...), and
the app's older addresses (`/check/<game>`, `/log/majority2`, `/rulings`) sent on to them.

The files are made once, on first use. Where the in-browser runtime is not installed, the
app is served without it (the pages then check with this server only) and `pnp serve` says
so when it starts.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, RedirectResponse, Response
from starlette.routing import Route

from pnp.games import GAMES
from pnp.web.phone import runtime, site

_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
          ".css": "text/css; charset=utf-8", ".webmanifest": "application/manifest+json",
          ".zip": "application/zip", ".wasm": "application/wasm", ".json": "application/json",
          ".png": "image/png", ".svg": "image/svg+xml"}


@cache
def served_files() -> dict[str, bytes | Path]:
    return site.app_files(server=True, with_runtime=runtime.available())


def _answer(name: str) -> Response:
    data = served_files().get(name)
    if data is None:
        raise HTTPException(404, f"There is no page at /{name}.")
    media = _TYPES.get(Path(name).suffix, "application/octet-stream")
    headers = {"Cache-Control": "no-cache"}  # the service worker keeps the app offline
    if isinstance(data, Path):
        return FileResponse(data, media_type=media, headers=headers)
    return Response(data, media_type=media, headers=headers)


def _file(name: str):
    async def endpoint(request: Request) -> Response:
        return _answer(name)

    endpoint.__name__ = name.replace(".", "_").replace("/", "_").replace("-", "_")
    return endpoint


async def index(request: Request) -> Response:
    return _answer("index.html")


async def runtime_file(request: Request) -> Response:
    return _answer(f"{site.RUNTIME}/{request.path_params['name']}")


def _moved(target: str, request: Request) -> RedirectResponse:
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(f"/{target}{query}", status_code=308)


async def check_page(request: Request) -> Response:
    game = request.path_params["game"]
    if game not in GAMES:
        raise HTTPException(404, f"There is no game called {game[:40]!r}; the games are "
                                 f"{', '.join(GAMES)}.")
    return _moved(f"check-{game}.html", request)


async def log_page(request: Request) -> Response:
    return _moved("log-majority2.html", request)


async def rulings_page(request: Request) -> Response:
    return _moved("rulings.html", request)


_GENERATED = ("manifest.webmanifest", "app-mode.js", "app-words.js", "sw.js", site.BUNDLE,
              "static/icon-192.png", "static/icon-512.png")

routes = [Route("/", index, name="index"),
          *(Route(f"/{name}", _file(name), name=name.replace(".", "_").replace("-", "_"))
            for name in (*site.page_names(), *_GENERATED)),
          Route(f"/{site.RUNTIME}/{{name}}", runtime_file),
          Route("/check/{game}", check_page), Route("/log/majority2", log_page),
          Route("/rulings", rulings_page, name="rulings_page")]
