"""The promo card designer's calls: check the promo document and preview one card (as you
type), add a picture, open a promo file, download the file (checked as `pnp validate`
checks it) and the cards' PDF.

The page keeps the document; each call sends all of it, with the pictures its cards use
named by the id `POST /api/studio/art` gave them. The server writes it into a folder of
the request's own as `promos.json` with an `art/` folder beside it — exactly what a
person would hand to `pnp validate` and `pnp build --promos` — and calls the library.
A card's `art` can only name a picture uploaded here: no request names a server file.
"""

from __future__ import annotations

import base64
import re
import shutil
import time
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pnp.render.decks import BACK_MODES
from pnp.web.studio import folders, tasks
from pnp.web.studio.common import (
    StudioError,
    download,
    in_thread,
    json_body,
    media_of,
    presentable,
    problem,
    read_form,
    refused,
    run,
    save_upload,
    shown_name,
    studio_api,
)
from pnp.web.studio.limits import IMAGE_BYTES, PROMO_BYTES, ZIP_BYTES

PROMOS = "promos.json"
ART_NAME = re.compile(r"^art/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
MAX_PICTURES = 64
# Which card field a text that does not fit belongs to, by the layout box it is drawn in.
FIELD_OF_BOX = {"title": "title", "ability": "abilities", "body-rule": "vp", "vp-rule": "vp",
                "vp": "vp", "requirement": "requires_formed", "faction": "faction",
                "colour": "faction", "rank": "rank", "set-mark": "rank", "cost": "cost",
                "illustration": "art"}
_BOX = re.compile(r"the '([\w-]+)' box")


class Promo:
    """A request's promo document written into its job folder: the file, the pictures
    beside it, and the problems found on the way (a picture that is not here)."""

    def __init__(self, body: dict, folder: Path, only_card: int | None = None,
                 previews: bool = False):
        document = body.get("document")
        if not isinstance(document, dict):
            raise refused("The request needs the promo document (a JSON object).", "document")
        pictures = body.get("pictures", {})
        if not isinstance(pictures, dict) or len(pictures) > MAX_PICTURES:
            raise refused("pictures: a map of art/NAME to picture ids.", "pictures")
        if only_card is not None:
            cards = document.get("cards") if isinstance(document.get("cards"), list) else []
            document = {**document, "cards": cards[only_card:only_card + 1]}
        self.folder, self.problems, self.art = folder, [], []
        self.previews = previews
        self.document = self._with_pictures(document, pictures)
        tasks.write_json(self.path, self.document)

    @property
    def path(self) -> Path:
        return self.folder / tasks.IN / PROMOS

    def _with_pictures(self, document: dict, pictures: dict) -> dict:
        """The document with each card's `art` kept only when it names a picture uploaded
        here (copied beside the file); a problem at the card's art otherwise."""
        cards = document.get("cards")
        if not isinstance(cards, list):
            return document
        kept = []
        for i, card in enumerate(cards):
            if isinstance(card, dict) and "art" in card:
                card = dict(card)
                name = card.pop("art")
                if self._picture(name, pictures, i):
                    card["art"] = name
            kept.append(card)
        return {**document, "cards": kept}

    def _picture(self, name: Any, pictures: dict, index: int) -> bool:
        where = f"$.cards[{index}].art"
        stored = self._stored(pictures.get(name)) if isinstance(name, str) else None
        if not isinstance(name, str) or not ART_NAME.match(name) or stored is None:
            message = ("this picture is no longer on the server: add it to the card again"
                       if isinstance(name, str) and name in pictures else
                       "a card's picture is added with the picture button")
            self.problems.append(problem(message, "art", where))
            return False
        target = self.folder / tasks.IN / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists():
            shutil.copyfile(stored, target)
        if name not in self.art:
            self.art.append(name)
        return True


    def _stored(self, art_id: Any) -> Path | None:
        """The picture, or for a preview its small copy — checked from its header to be
        at most PREVIEW_PIXELS before anything decodes it in the server."""
        if not self.previews:
            return folders.stored_art(art_id)
        path = folders.stored_preview(art_id)
        return path if path is not None and _small(path) else None


def _small(path: Path) -> bool:
    from PIL import Image

    try:
        with Image.open(path) as im:
            return im.width * im.height <= tasks.PREVIEW_PIXELS
    except (OSError, ValueError, Image.DecompressionBombError):
        return False


def shown_problems(found, promo: Promo) -> list[dict]:
    """The library's problems about the document, each at the field it belongs to."""
    shown = presentable(found, promo.folder, {f"{tasks.IN}/{PROMOS}": "your promo file"})
    for item in shown:
        box = _BOX.search(item["message"])
        if box and item["path"] and re.fullmatch(r"\$\.cards\[\d+\]", item["path"]):
            field = FIELD_OF_BOX.get(box.group(1))
            if field:
                item["path"] += f".{field}"
        item["field"] = item["path"]
    return promo.problems + shown


def _card_index(body: dict) -> int:
    card = body.get("card", 0)
    if type(card) is not int or not 0 <= card < 500:
        raise refused("card: the index of the card to preview (0 for the first).", "card")
    return card


def check_and_preview(body: dict) -> dict:
    """Every problem of the whole document, and the preview of card `card` when that card
    alone can be printed (a problem in another card does not hide it)."""
    from pnp.kits.promo_cards import promo_problems

    started = time.perf_counter()
    card = _card_index(body)
    folder = folders.new_job()
    try:
        whole = Promo(body, folder, previews=True)
        problems = shown_problems(promo_problems(whole.path), whole)
        preview = None
        cards = whole.document.get("cards")
        if isinstance(cards, list) and card < len(cards) and isinstance(cards[card], dict):
            preview = _preview(body, card)
        return {"problems": problems, "preview": preview,
                "ms": round(1000 * (time.perf_counter() - started))}
    finally:
        folders.remove(folder)


def _preview(body: dict, card: int) -> str | None:
    """The card alone, checked, then drawn: a data: URL of its PNG, or None."""
    from pnp.kits.promo_cards import card_preview, promo_problems

    folder = folders.new_job()
    try:
        alone = Promo(body, folder, only_card=card, previews=True)
        card_id = alone.document["cards"][0].get("id")
        if alone.problems or promo_problems(alone.path) or not isinstance(card_id, str):
            return None
        png = card_preview(alone.path, card_id, art_cache=folders.art_cache())
        return "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    finally:
        folders.remove(folder)


@studio_api
async def check(request: Request) -> Response:
    """`POST /api/studio/promo/check`: {document, pictures, card} → {problems, preview}."""
    body = await json_body(request)
    return JSONResponse(await in_thread(check_and_preview, body))


def _file_name(body: dict) -> str:
    name = shown_name(body.get("filename") if isinstance(body.get("filename"), str) else "",
                      "my-promos.json")
    return name if name.endswith(".json") else name + ".json"


@studio_api
async def promo_file(request: Request) -> Response:
    """`POST /api/studio/promo/file`: the document checked as `pnp validate` checks it,
    as a download: the .json, or with pictures a .zip of it and its `art/` folder."""
    body = await json_body(request)
    folder = folders.new_job()
    try:
        promo = Promo(body, folder)
        if promo.problems:
            raise StudioError(422, "Every picture must be on its card first.", promo.problems,
                              key="err_pictures_first")
        name = _file_name(body)
        promo.path.rename(promo.path.with_name(name))
        made = await run(tasks.promo_file, (name, promo.art), folder,
                         {f"{tasks.IN}/{name}": name}, lambda p: p["path"])
    except BaseException:
        folders.remove(folder)
        raise
    return download(folder, made["download"], made["name"], media_of(made["name"]))


@studio_api
async def promo_pdf(request: Request) -> Response:
    """`POST /api/studio/promo/pdf`: the file's cards on sheets (every copy, the members'
    back), `paper` and `backs` as `pnp build` takes them."""
    body = await json_body(request)
    paper, backs = body.get("paper", "a4"), body.get("backs", "duplex-long")
    if not isinstance(paper, str) or len(paper) > 40:
        raise refused("paper: a paper name such as a4 or letter", "paper")
    if backs not in BACK_MODES:
        raise refused(f"backs: one of {', '.join(BACK_MODES)}", "backs")
    folder = folders.new_job()
    try:
        promo = Promo(body, folder)
        if promo.problems:
            raise StudioError(422, "Every picture must be on its card first.", promo.problems,
                              key="err_pictures_first")
        made = await run(tasks.promo_pdf, (PROMOS, paper, backs), folder,
                         {f"{tasks.IN}/{PROMOS}": "your promo file"}, lambda p: p["path"])
    except BaseException:
        folders.remove(folder)
        raise
    return download(folder, made["download"], made["name"], "application/pdf")


@studio_api
async def open_file(request: Request) -> Response:
    """`POST /api/studio/promo/open` (form field `file`: a .json, or a .zip with its
    pictures): the cards for the form, each picture kept for the previews, every problem
    `pnp validate` finds."""
    async def opened(form):
        upload = form.files.get("file")
        if upload is None:
            raise refused("Choose a promo file to open.", "file", "err_choose_promo")
        name = shown_name(upload.filename, "promos.json")
        limit = ZIP_BYTES if name.lower().endswith(".zip") else PROMO_BYTES
        folder = folders.new_job()
        try:
            await save_upload(upload, folder / tasks.IN / name, limit, "file")
            made = await run(tasks.open_promo, (name,), folder, {f"{tasks.IN}/{name}": name},
                             lambda p: "file")
            pictures = [{"card": p["card"],
                         "id": folders.store_art(folder / p["file"],
                                                 folder / (p["file"] + tasks.PREVIEW)),
                         "width": p["width"], "height": p["height"],
                         "name": Path(p["file"]).name} for p in made["pictures"]]
            return JSONResponse({"document": made["document"], "pictures": pictures,
                                 "notes": made["notes"],
                                 "problems": presentable_rows(made["problems"], folder, name)})
        finally:
            folders.remove(folder)
    return await read_form(request, {"file": ZIP_BYTES}, set(), opened)


def presentable_rows(rows: list[dict], folder: Path, name: str) -> list[dict]:
    from pnp.errors import Problem

    found = presentable([Problem(**row) for row in rows], folder, {f"{tasks.IN}/{name}": name})
    for item in found:
        item["field"] = item["path"]
    return found


@studio_api
async def add_picture(request: Request) -> Response:
    """`POST /api/studio/art` (form field `image`): the picture checked as `--art` checks
    one (a file Pillow reads whole, at most 100 megapixels), kept for the previews; its id."""
    async def added(form):
        upload = form.files.get("image")
        if upload is None:
            raise refused("Choose a picture.", "image", "err_choose_picture")
        name = shown_name(upload.filename, "picture.png")
        folder = folders.new_job()
        try:
            await save_upload(upload, folder / tasks.IN / name, IMAGE_BYTES, "image")
            made = await run(tasks.check_picture, (name,), folder,
                             {f"{tasks.IN}/{name}": name}, lambda p: "image")
            art_id = folders.store_art(folder / tasks.IN / name,
                                       folder / tasks.IN / (name + tasks.PREVIEW))
            return JSONResponse({"id": art_id, "name": name, **made})
        finally:
            folders.remove(folder)
    return await read_form(request, {"image": IMAGE_BYTES}, set(), added)


routes = [Route("/api/studio/promo/check", check, methods=["POST"]),
          Route("/api/studio/promo/file", promo_file, methods=["POST"]),
          Route("/api/studio/promo/pdf", promo_pdf, methods=["POST"]),
          Route("/api/studio/promo/open", open_file, methods=["POST"]),
          Route("/api/studio/art", add_picture, methods=["POST"])]

BODY_LIMITS = {"/api/studio/promo/open": ZIP_BYTES + 64 * 1024,
               "/api/studio/art": IMAGE_BYTES + 64 * 1024}
