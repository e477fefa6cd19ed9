"""The word list editor's calls: open a file, check the list as you type (every problem at
once, by line), preview a card, and the word cards' PDF of the cleaned list.

The page keeps the text; each call sends it with its format (`txt`, `csv` or `json`, as
the file's suffix says for `pnp build --words`) and the kit's language. The server writes
it into the request's own folder as `words.<format>` and calls the library
(`kits.word_lists`, and for the PDF the build itself), so what the editor says is what
`pnp build majority --words` would say.
"""

from __future__ import annotations

import base64
import re

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pnp.content.jsonfile import WORDS_LIMIT, read_text
from pnp.content.wordlist import read_word_list
from pnp.errors import PnpError
from pnp.web.studio import folders, tasks
from pnp.web.studio.common import (
    StudioError,
    download,
    in_thread,
    json_body,
    presentable,
    read_form,
    refused,
    run,
    save_upload,
    shown_name,
    studio_api,
)
from pnp.web.studio.limits import WORDS_BYTES

FORMATS = ("txt", "csv", "json")
SHOWN = "your list"


def _written(body: dict, folder) -> tuple[str, str | None]:
    """The request's list saved as `in/words.<format>`; (that name, the language)."""
    text, fmt, lang = body.get("text"), body.get("format", "txt"), body.get("lang")
    if not isinstance(text, str):
        raise refused("text: the word list as text", "text")
    if len(text.encode("utf-8")) > WORDS_BYTES:
        raise refused(f"The list is larger than {WORDS_BYTES // 1024 // 1024} MB.", "text",
                      "err_list_large", {"mb": WORDS_BYTES // 1024 // 1024})
    if fmt not in FORMATS:
        raise refused(f"format: one of {', '.join(FORMATS)}", "format")
    if lang is not None and (not isinstance(lang, str) or len(lang) > 20):
        raise refused("lang: a language code such as en or de", "lang")
    name = f"words.{fmt}"
    path = folder / tasks.IN / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8", newline="")
    return name, lang or None


def _names(name: str) -> dict[str, str]:
    return {f"{tasks.IN}/{name}": SHOWN}


def checked(body: dict) -> dict:
    """Every problem of the list, its words by line, the cleaned list."""
    from pnp.kits.word_lists import check_word_list

    folder = folders.new_job()
    try:
        name, lang = _written(body, folder)
        try:
            found = check_word_list(folder / tasks.IN / name, lang)
        except PnpError as exc:
            raise StudioError(422, "The list cannot be read.",
                              _at_lines(presentable(exc.problems, folder, _names(name))),
                              key="err_list_unreadable") from None
        words = [{"text": w.text, "line": w.line, "path": w.path, "card": number,
                  "side": side}
                 for number, card in enumerate(found.words.cards, start=1)
                 for side, w in (("front", card.front), ("back", card.back)) if w]
        return {"cards": len(found.words.cards), "words": words,
                "problems": _at_lines(presentable(found.problems, folder, _names(name))),
                "warnings": _at_lines(presentable(found.warnings, folder, _names(name))),
                "cleaned": found.cleaned,
                "left_out": [{"text": w.text, "line": w.line} for w in found.left_out]}
    finally:
        folders.remove(folder)


_CARD_LABEL = re.compile(r"^word card \d+ \(.*?\): (?=['\"])")
_LAYOUT = re.compile(r"; layout [^)]*\)")


def _at_lines(items: list[dict]) -> list[dict]:
    """Problems for the editor: each at its line, said once (a word too long for its card
    is too long for the small copy too), without the card's label and the layout's file,
    which the line beside it makes plain."""
    shown, seen = [], set()
    for item in items:
        message = _LAYOUT.sub(")", _CARD_LABEL.sub("", item["message"]))
        word = message.split("' ", 1)[0] if message.startswith("'") else message
        key = (item["line"], item["path"], word, "does not fit" in message)
        if "does not fit" in message and key in seen:
            continue
        seen.add(key)
        shown.append({**item, "message": message, "field": "text"})
    return shown


@studio_api
async def check(request: Request) -> Response:
    """`POST /api/studio/words/check`: {text, format, lang} → every problem by line."""
    body = await json_body(request)
    return JSONResponse(await in_thread(checked, body))


def previewed(body: dict) -> dict:
    from pnp.kits.word_lists import card_preview

    card = body.get("card", 1)
    if type(card) is not int:
        raise refused("card: a card number, from 1", "card")
    folder = folders.new_job()
    try:
        name, lang = _written(body, folder)
        try:
            words = read_word_list(folder / tasks.IN / name)
            front, back = card_preview(words, card, lang)
        except PnpError as exc:
            raise StudioError(422, "This card cannot be drawn.",
                              _at_lines(presentable(exc.problems, folder, _names(name))),
                              key="err_card_undrawable") from None
        return {"card": card, "front": _data_url(front), "back": _data_url(back)}
    finally:
        folders.remove(folder)


def _data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


@studio_api
async def preview(request: Request) -> Response:
    """`POST /api/studio/words/card`: {text, format, lang, card} → both faces as PNGs."""
    body = await json_body(request)
    return JSONResponse(await in_thread(previewed, body))


@studio_api
async def pdf(request: Request) -> Response:
    """`POST /api/studio/words/pdf`: {text, format, lang, paper} → the word cards' PDF,
    as `pnp build majority -c word-cards --words LIST` makes it."""
    body = await json_body(request)
    paper = body.get("paper", "a4")
    if not isinstance(paper, str) or len(paper) > 40:
        raise refused("paper: a paper name such as a4 or letter", "paper")
    folder = folders.new_job()
    try:
        name, lang = _written(body, folder)
        made = await run(tasks.words_pdf, (name, lang, paper), folder, _names(name),
                         lambda p: "text")
    except BaseException:
        folders.remove(folder)
        raise
    return download(folder, made["download"], made["name"], "application/pdf")


@studio_api
async def open_file(request: Request) -> Response:
    """`POST /api/studio/words/open` (form field `file`): the file's text for the editor,
    read as `--words` reads it (UTF-8, a byte-order mark dropped), and its format."""
    async def opened(form):
        upload = form.files.get("file")
        if upload is None:
            raise refused("Choose a word list to open.", "file", "err_choose_list")
        name = shown_name(upload.filename, "words.txt")
        fmt = name.rsplit(".", 1)[-1].lower() if "." in name else ""
        if fmt not in FORMATS:
            raise refused(f"{name}: a word list ends in .txt, .csv or .json", "file",
                          "err_list_suffix", {"name": name})
        folder = folders.new_job()
        try:
            target = folder / tasks.IN / name
            await save_upload(upload, target, WORDS_BYTES, "file")
            try:
                text = read_text(target, WORDS_LIMIT)
            except PnpError as exc:
                raise StudioError(422, "The file cannot be opened.", presentable(
                    exc.problems, folder, {f"{tasks.IN}/{name}": name}),
                    key="err_file_unopenable") from None
            return JSONResponse({"text": text, "format": fmt, "name": name})
        finally:
            folders.remove(folder)
    return await read_form(request, {"file": WORDS_BYTES}, set(), opened)


routes = [Route("/api/studio/words/check", check, methods=["POST"]),
          Route("/api/studio/words/card", preview, methods=["POST"]),
          Route("/api/studio/words/pdf", pdf, methods=["POST"]),
          Route("/api/studio/words/open", open_file, methods=["POST"])]

BODY_LIMITS = {"/api/studio/words/": WORDS_BYTES * 2 + 64 * 1024}
