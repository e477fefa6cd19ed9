"""The kit builder's call: `POST /api/studio/build`, a form with `pnp build`'s options and
up to three uploads (a word list, a promo file, an art folder as a zip), answered with
the packed `kit.pdf` (or a zip of them, one per game) or a zip of every file.

The options are checked here for their form (the games exist, a number is a number); what
they mean is checked by the build itself, in a worker with a time limit (`tasks.build_kit`,
the library calls `pnp build` makes), so the same options give the same bytes as the
command and the same refusals.
"""

from __future__ import annotations

import base64
import json

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pnp.errors import Problem
from pnp.games import GAMES
from pnp.render.decks import BACK_MODES
from pnp.web.studio import folders, tasks
from pnp.web.studio.common import (
    Form,
    download,
    media_of,
    number,
    presentable,
    read_form,
    refused,
    run,
    save_upload,
    shown_name,
    studio_api,
)
from pnp.web.studio.limits import BUILD_BYTES, PROMO_BYTES, WORDS_BYTES, ZIP_BYTES

UPLOADS = {"words": WORDS_BYTES, "promos": max(PROMO_BYTES, ZIP_BYTES), "art": ZIP_BYTES}
SUFFIXES = {"words": (".txt", ".csv", ".json"), "promos": (".json", ".zip"), "art": (".zip",)}
"""A promo file comes as the designer downloads it: the .json, or a .zip of it with its
pictures (`art/…`), which the cards find beside the file as `pnp build --promos` would."""
OPTIONS = {"games", "paper", "backs", "bleed", "crop_marks", "ink_saver", "printer", "lang",
           "output"}
OUTPUTS = ("kit", "zip")


def options(form: Form) -> dict:
    """The build's options from the form, each checked for its form."""
    games = form.fields.get("games", [])
    unknown = [g for g in games if g not in GAMES]
    if not games or unknown:
        raise refused(f"games: choose one or more of {', '.join(GAMES)}", "games",
                      "err_choose_games")
    paper = form.text("paper", "a4").strip()
    if not paper or len(paper) > 40:
        raise refused("paper: a paper name (a4, letter, …) or WIDTHxHEIGHT in mm", "paper")
    backs = form.text("backs") or None
    if backs is not None and backs not in BACK_MODES:
        raise refused(f"backs: one of {', '.join(BACK_MODES)}", "backs")
    output = form.text("output", "kit")
    if output not in OUTPUTS:
        raise refused("output: kit (the packed kit.pdf) or zip (every file)", "output")
    printer = form.text("printer").strip() or None
    lang = form.text("lang").strip() or None
    for field, value in (("printer", printer), ("lang", lang)):
        if value is not None and (len(value) > 60 or not value.isprintable()):
            raise refused(f"{field}: {value[:40]!r} is not a name", field)
    return {"games": list(dict.fromkeys(games)), "paper": paper, "backs": backs,
            "bleed": number(form.text("bleed", "0") or "0", "bleed", 0, 10),
            "crop_marks": form.flag("crop_marks"), "ink_saver": form.flag("ink_saver"),
            "printer": printer, "lang": lang, "output": output}


def field_finder(uploads: dict[str, str]):
    """Which form field a build problem belongs to: the upload whose file it names, else
    the option its message names."""
    def field_of(item: dict) -> str | None:
        file = item.get("file") or ""
        for field, name in uploads.items():
            if file == name:
                return field
        if file.startswith(f"{tasks.PROMOS}/") and "promos" in uploads:
            return "promos"  # a file that came out of the promo zip
        if file and "art" in uploads:  # a file that is no upload came out of the art zip
            return "art"
        if file and "promos" in uploads:  # no art zip: a picture the promo file names
            return "promos"
        message = item["message"]
        for field, words in (("paper", "paper"), ("backs", "--backs"), ("bleed", "bleed"),
                             ("printer", "printer"), ("lang", "--lang"),
                             ("games", "game")):
            if words in message:
                return field
        return None
    return field_of


def warnings_header(warnings: list[dict]) -> str:
    """The build's warnings for the page, in a header (base64 of JSON, the first 20)."""
    shown = [{"file": w["file"], "line": w["line"], "message": w["message"]}
             for w in warnings[:20]]
    return base64.urlsafe_b64encode(json.dumps(shown).encode("utf-8")).decode("ascii")


async def _uploads(form: Form, folder) -> tuple[dict, dict[str, str]]:
    """Each upload saved in the job folder under its own (cleaned) name: the spec's file
    names, and how to show each file's name again."""
    names, shown = {}, {}
    for field, limit in UPLOADS.items():
        upload = form.files.get(field)
        if upload is None:
            continue
        name = shown_name(upload.filename, f"{field}{SUFFIXES[field][0]}")
        if not name.lower().endswith(SUFFIXES[field]):
            ends = " or ".join(SUFFIXES[field])
            raise refused(f"{name}: the {field} upload must end in {ends}", field,
                          "err_upload_suffix", {"name": name, "ends": ", ".join(SUFFIXES[field])})
        if name in names.values():
            name = f"{field}-{name}"
        if not name.lower().endswith(".zip"):
            limit = min(limit, PROMO_BYTES) if field == "promos" else limit
        await save_upload(upload, folder / tasks.IN / name, limit, field)
        names[field] = name
        shown[f"{tasks.IN}/{name}"] = name
    return names, shown


@studio_api
async def build(request: Request) -> Response:
    """`POST /api/studio/build` (multipart): the kit as a download; 422 with each problem
    beside its field; 413 for an upload over its size."""
    async def built(form: Form) -> Response:
        spec = options(form)
        folder = folders.new_job()
        try:
            names, shown = await _uploads(form, folder)
            spec.update({field: names.get(field) for field in UPLOADS})
            made = await run(tasks.build_kit_download, (spec,), folder, shown,
                             field_finder(names))
        except BaseException:
            folders.remove(folder)
            raise
        warnings = presentable([Problem(**w) for w in made["warnings"]], folder, shown)
        return download(folder, made["download"], made["name"], media_of(made["name"]),
                        {"X-Pnp-Files": str(len(made["files"])),
                         "X-Pnp-Warnings": warnings_header(warnings)})
    return await read_form(request, UPLOADS, OPTIONS, built)


routes = [Route("/api/studio/build", build, methods=["POST"])]
BODY_LIMITS = {"/api/studio/build": BUILD_BYTES}
