"""What every studio call shares: reading a bounded JSON body or multipart form, saving an
upload under a fixed name in the request's own folder, running a job in a worker, and
answering — a file to download, or a 4xx whose problems name the field, the upload and
the line, never a path of the server.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.background import BackgroundTask
from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from pnp.content.jsonfile import parse_json
from pnp.errors import PnpError, Problem
from pnp.web.studio import folders, workers
from pnp.web.studio.limits import MB, QUEUE_JOBS, TIME_LIMIT, WORKERS

_PROJECT = Path(__file__).resolve().parents[3]
"""The folder holding the toolkit (a source checkout's root): hidden from messages."""
_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")
_CHUNK = 256 * 1024


_LIMITERS: dict[str, anyio.CapacityLimiter] = {}
STUDIO_THREADS = 4
"""Threads for the studio's own quick work in the server (checks and previews)."""


def _limiter(name: str, size: int) -> anyio.CapacityLimiter:
    """The studio's own thread pools: its jobs and checks never take the threads of
    anyio's default pool, which the phones' checker (`/api/check`) uses."""
    if name not in _LIMITERS:
        _LIMITERS[name] = anyio.CapacityLimiter(size)
    return _LIMITERS[name]


async def in_thread(func: Callable, *args: Any) -> Any:
    """`func(*args)` in one of the studio's threads (a check or a preview)."""
    return await anyio.to_thread.run_sync(func, *args,
                                          limiter=_limiter("studio", STUDIO_THREADS))


class StudioError(Exception):
    """An answer other than success: its status, a sentence, and the problems. `key` and
    `values` name the sentence in the pages' words (data/pages/strings.<lang>.json,
    `studio`), so a page shows it in its reader's language; `message` is the English."""

    def __init__(self, status: int, message: str, problems: list[dict] = (),
                 headers: dict[str, str] | None = None, key: str | None = None,
                 values: dict | None = None):
        super().__init__(message)
        self.status, self.message, self.problems = status, message, list(problems)
        self.headers, self.key, self.values = headers, key, values

    def response(self) -> JSONResponse:
        said = {"error": self.message, "status": self.status, "problems": self.problems}
        if self.key:
            said |= {"error_key": self.key, "error_values": self.values or {}}
        return JSONResponse(said, self.status, headers=self.headers)


def studio_api(handler: Callable[[Request], Awaitable[Response]]):
    """A studio call: its StudioError becomes the JSON answer the pages read."""
    @functools.wraps(handler)
    async def answer(request: Request) -> Response:
        try:
            return await handler(request)
        except StudioError as exc:
            return exc.response()
    return answer


def problem(message: str, field: str | None = None, path: str | None = None,
            key: str | None = None, values: dict | None = None) -> dict:
    """A problem as the pages show it (with `key` and `values`: its words' key)."""
    found = {"field": field, "file": None, "line": None, "path": path, "message": message}
    return found | ({"key": key, "values": values or {}} if key else {})


def refused(message: str, field: str | None = None, key: str | None = None,
            values: dict | None = None) -> StudioError:
    return StudioError(422, message, [problem(message, field, key=key, values=values)],
                       key=key, values=values)


# --- reading requests -----------------------------------------------------------------------

async def json_body(request: Request) -> dict:
    """The body as a JSON object (the guard has bounded its size); 422 otherwise."""
    raw = await request.body()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise refused(f"The request is not JSON: it is not UTF-8 text (byte {exc.start})") \
            from None
    try:  # the toolkit's own reader: no lone surrogates, NaN, 1e400 or deep nesting
        value = parse_json(text, "the request").value
    except PnpError as exc:
        found = exc.problems[0]
        raise StudioError(422, f"The request is not JSON: {found.message[:120]}",
                          [problem(p.message, p.path, p.path) | {"line": p.line}
                           for p in exc.problems[:20]]) \
            from None
    if not isinstance(value, dict):
        raise refused("The request must be a JSON object.")
    return value


@dataclass(frozen=True)
class Form:
    """A multipart form's text fields (each name to its values) and uploads."""

    fields: dict[str, list[str]]
    files: dict[str, UploadFile]

    def text(self, name: str, default: str = "") -> str:
        values = self.fields.get(name)
        return values[-1] if values else default

    def flag(self, name: str) -> bool:
        return self.text(name) in ("on", "true", "1", "yes")


async def read_form(request: Request, uploads: dict[str, int], texts: set[str],
                    handle: Callable[[Form], Awaitable[Any]]) -> Any:
    """The form with `uploads` (field → largest size) and `texts` (field names): anything
    else, or an upload over its size, is refused with the field named. The form's spooled
    files are closed (and so removed) however `handle(form)` ends."""
    content_type = request.headers.get("content-type", "")
    if not content_type.startswith("multipart/form-data"):
        raise refused("Send the form as multipart/form-data (the page does).")
    try:
        async with request.form(max_files=len(uploads), max_fields=64,
                                max_part_size=64 * 1024) as data:
            form = _sorted_form(data, uploads, texts)
            return await handle(form)
    except MultiPartException as exc:
        raise refused(f"The form cannot be read: {exc.message}") from None


def _sorted_form(data, uploads: dict[str, int], texts: set[str]) -> Form:
    fields: dict[str, list[str]] = {}
    files: dict[str, UploadFile] = {}
    problems = []
    for name, value in data.multi_items():
        if isinstance(value, UploadFile):
            if name not in uploads:
                problems.append(problem(f"unexpected upload {name[:40]!r}", name[:40]))
            elif value.filename:
                files[name] = value
        elif name in texts:
            fields.setdefault(name, []).append(value)
        else:
            problems.append(problem(f"unexpected field {name[:40]!r}", name[:40]))
    for name, upload in files.items():
        if upload.size is not None and upload.size > uploads[name]:
            said = {"name": shown_name(upload.filename), "mb": f"{uploads[name] / MB:g}"}
            problems.append(problem(f"{said['name']} is larger than the {said['mb']} MB "
                                    "allowed", name, key="err_upload_over", values=said))
    if problems:
        raise StudioError(413 if any("MB" in p["message"] for p in problems) else 422,
                          "The form cannot be used.", problems, key="err_form_unusable")
    return Form(fields, files)


def shown_name(filename: str | None, default: str = "upload") -> str:
    """An upload's name as it may be shown and used in a job folder: its last part, only
    letters, digits, dots, dashes and underscores, never hidden or empty."""
    name = (filename or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = _SAFE_NAME.sub("-", name).strip(".-")[:80]
    return name or default


async def save_upload(upload: UploadFile, target: Path, limit: int, field: str) -> None:
    """Copy an upload into the job folder, counting its bytes against `limit`."""
    written = 0
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "xb") as out:
        while chunk := await upload.read(_CHUNK):
            written += len(chunk)
            if written > limit:
                said = {"name": shown_name(upload.filename), "mb": f"{limit / MB:g}"}
                raise StudioError(413, "An upload is too large.", [problem(
                    f"{said['name']} is larger than the {said['mb']} MB allowed", field,
                    key="err_upload_over", values=said)], key="err_upload_large")
            out.write(chunk)


def number(value: Any, field: str, low: float, high: float) -> float:
    """A finite number in [low, high] from a form field; 422 naming the field otherwise."""
    try:
        found = float(value)
    except (TypeError, ValueError):
        raise refused(f"{field}: {str(value)[:40]!r} is not a number", field,
                      "err_not_number", {"field": field, "value": str(value)[:40]}) from None
    if not math.isfinite(found) or not low <= found <= high:
        raise refused(f"{field}: expected {low:g} to {high:g}, not {str(value)[:40]}", field,
                      "err_out_of_range", {"field": field, "low": f"{low:g}",
                                           "high": f"{high:g}", "value": str(value)[:40]})
    return found


# --- running a job and answering ------------------------------------------------------------

async def run(target: Callable, args: tuple, folder: Path, names: dict[str, str],
              field_of: Callable[[dict], str | None] = lambda p: None,
              seconds: float | None = None) -> Any:
    """`target(str(folder), *args)` in a worker, its problems made presentable: 422 with
    them, 422 past the time limit, 429 when every worker stays busy."""
    try:
        with workers.admitted():
            return await anyio.to_thread.run_sync(
                workers.run_job, target, (str(folder), *args), seconds or TIME_LIMIT,
                limiter=_limiter("jobs", WORKERS + QUEUE_JOBS))
    except workers.JobProblems as exc:
        found = presentable(exc.problems, folder, names)
        for item in found:
            item["field"] = field_of(item)
        raise StudioError(422, "This cannot be made as it is.", found,
                          key="err_cannot_make") from None
    except workers.TimeLimit as exc:
        raise refused(f"The job {exc}: the studio allows {exc.seconds:g} s per job. Make "
                      "less at once, or use pnp build on your own computer.", None,
                      "err_time_limit", {"seconds": f"{exc.seconds:g}"}) from None
    except workers.Busy:
        raise StudioError(429, "The studio is busy with other people's jobs; try again in "
                               "a moment.", headers={"Retry-After": "10"},
                          key="err_busy") from None
    except workers.JobFailed as exc:
        raise StudioError(500, f"Something went wrong: {exc}.", key="err_failed",
                          values={"why": str(exc)}) from None


def presentable(problems: list[Problem], folder: Path | None,
                names: dict[str, str]) -> list[dict]:
    """Problems as the pages show them: each file by the name the person knows it by
    (their upload's, or its place in their zip), no folder of the server in any text."""
    return [{"field": None, "file": _file(p.file, folder, names), "line": p.line,
             "path": p.path, "message": scrub(p.message, folder, names)} for p in problems]


def _file(file: str, folder: Path | None, names: dict[str, str]) -> str | None:
    if not file:
        return None
    return scrub(file, folder, names)


def scrub(text: str, folder: Path | None, names: dict[str, str]) -> str:
    """`text` with the job folder's files named as the person knows them and every other
    path of the server (the toolkit's own files) made relative."""
    if folder is not None:
        for inner, shown in sorted(names.items(), key=lambda kv: -len(kv[0])):
            text = text.replace(str(folder / inner), shown)
        for base in (folder / "in", folder / "art", folder / "out", folder):
            text = text.replace(f"{base}/", "")
    return text.replace(f"{_PROJECT}/", "")


def download(folder: Path, relative: str, name: str, media: str,
             headers: dict | None = None) -> FileResponse:
    """A job's file as a download; the job folder is removed once it is sent."""
    return FileResponse(folder / relative, media_type=media, filename=name,
                        headers=headers, background=BackgroundTask(folders.remove, folder))


MEDIA = {".pdf": "application/pdf", ".zip": "application/zip", ".json": "application/json",
         ".txt": "text/plain; charset=utf-8"}


def media_of(name: str) -> str:
    return MEDIA.get(Path(name).suffix.lower(), "application/octet-stream")
