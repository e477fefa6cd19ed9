"""The pages: the index, one checker form per game, the Majority 2 log and the rulings."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.routing import Route

from pnp.games import GAMES
from pnp.web import rulings
from pnp.web.forms import form_config, log_config
from pnp.web.templating import TEMPLATES


async def index(request: Request):
    return TEMPLATES.TemplateResponse(request, "index.html", {"games": GAMES.values()})


async def check_page(request: Request):
    game = GAMES.get(request.path_params["game"])
    if game is None:
        raise HTTPException(404, f"There is no game called {request.path_params['game'][:40]!r}"
                                 f"; the games are {', '.join(GAMES)}.")
    return TEMPLATES.TemplateResponse(request, "check.html",
                                      {"game": game, "config": form_config(game)})


async def log_page(request: Request):
    return TEMPLATES.TemplateResponse(request, "log.html", {"config": log_config()})


async def rulings_page(request: Request):
    return TEMPLATES.TemplateResponse(request, "rulings.html", {"body": rulings.page_html()})


routes = [Route("/", index), Route("/check/{game}", check_page),
          Route("/log/majority2", log_page), Route("/rulings", rulings_page)]
