"""The studio's pages: its index, the promo card designer, the word list editor and the
kit builder. Each page gets its setup as JSON, read from the toolkit (the schema's
bounds and effects, the games' languages, the papers, the saved printer profiles), so it
offers exactly what the library accepts."""

from __future__ import annotations

from functools import cache

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pnp.errors import PnpError
from pnp.games import GAMES
from pnp.kits.languages import languages
from pnp.render.decks import BACK_MODES
from pnp.render.geometry import PAPERS
from pnp.web.phone.site import words_script
from pnp.web.studio.limits import IMAGE_BYTES, MB, PROMO_BYTES, WORDS_BYTES, ZIP_BYTES
from pnp.web.studio.vocabulary import promo_config
from pnp.web.templating import TEMPLATES


def _page(request: Request, template: str, config: dict):
    return TEMPLATES.TemplateResponse(request, template, {"config": config})


async def studio_index(request: Request):
    return TEMPLATES.TemplateResponse(request, "studio.html", {})


async def promo_page(request: Request):
    config = {**promo_config(), "image_mb": IMAGE_BYTES // MB, "zip_mb": ZIP_BYTES // MB}
    return _page(request, "studio-promo.html", config)


async def words_page(request: Request):
    return _page(request, "studio-words.html", {
        "languages": languages("majority"), "words_mb": WORDS_BYTES // MB,
        "papers": list(PAPERS)})


async def build_page(request: Request):
    return _page(request, "studio-build.html", {
        "games": [{"id": g.id, "title": g.title, "languages": languages(g.id)}
                  for g in GAMES.values()],
        "papers": list(PAPERS), "backs": list(BACK_MODES), "printers": _printers(),
        "limits": {"words": WORDS_BYTES // MB, "promos": PROMO_BYTES // MB,
                   "art": ZIP_BYTES // MB}})


@cache
def _words() -> bytes:
    return words_script(("app", "studio"))


async def words_js(request: Request) -> Response:
    """The studio's words in every language (the phone app's and its own), read by the
    same `strings.js` the phone app's pages use."""
    return Response(_words(), media_type="text/javascript; charset=utf-8",
                    headers={"Cache-Control": "no-cache"})


def _printers() -> list[dict]:
    """The printer profiles saved on this computer (`pnp printer save`); none when the
    profiles file cannot be read (the build would say why)."""
    from pnp.kits.printers import load_profiles

    try:
        return [{"name": p.name, "backs": p.backs, "offset_x": p.offset_x,
                 "offset_y": p.offset_y} for p in load_profiles().values()]
    except PnpError:
        return []


routes = [Route("/studio", studio_index),
          Route("/studio/words.js", words_js, name="studio_words_js"),
          Route("/studio/majority2/promo", promo_page),
          Route("/studio/majority/words", words_page), Route("/studio/build", build_page)]
