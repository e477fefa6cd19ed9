"""The phone app as files: its pages (rendered once from the templates), the static
scripts and styles, a web app manifest, a service worker that keeps every file on the
phone, the checker bundle and the Pyodide runtime.

`pnp export web OUT` writes them to a folder any static host can serve; `pnp serve` serves
the very same files (`pages.py`). The one file that differs is `app-mode.js`: under `pnp
serve` the pages may ask the server (quick to start) and fall back to the checker in the
browser when it cannot be reached; the exported app has only the checker in the browser.
"""

from __future__ import annotations

import hashlib
import io
import json
from functools import cache, partial
from pathlib import Path

from pnp.games import GAMES
from pnp.web import rulings
from pnp.web.forms import form_config, log_config
from pnp.web.phone import runtime
from pnp.web.phone.bundle import bundle_zip

_WEB = Path(__file__).resolve().parent.parent
STATIC = _WEB / "static"
APP_STATIC = ("app.css", "strings.js", "common.js", "check.js", "log.js", "history.js",
              "checker-worker.js", "icon.svg")
"""The static files the app's pages use (the studio's are served by `pnp serve` only)."""
BUNDLE = "checker.zip"
RUNTIME = "runtime"


def page_names() -> list[str]:
    """Every page of the app, as its file name."""
    return ["index.html", *(f"check-{game}.html" for game in GAMES), "log-majority2.html",
            "history.html", "rulings.html"]


@cache
def pages() -> dict[str, bytes]:
    """Each page rendered, by file name."""
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    env = Environment(loader=FileSystemLoader(_WEB / "templates"),
                      autoescape=select_autoescape(["html"]), keep_trailing_newline=True)
    out = {"index.html": env.get_template("index.html").render(games=GAMES.values())}
    for game in GAMES.values():
        out[f"check-{game.id}.html"] = env.get_template("check.html").render(
            game=game, config=form_config(game))
    out["log-majority2.html"] = env.get_template("log.html").render(config=log_config())
    out["history.html"] = env.get_template("history.html").render()
    out["rulings.html"] = env.get_template("rulings.html").render(body=rulings.page_html())
    return {name: text.encode("utf-8") for name, text in out.items()}


def app_mode(server: bool) -> bytes:
    return (f"/* Where the pages check records: {'this server first, else ' if server else ''}"
            "the checker in this browser. */\n"
            f"window.PNP_SERVER = {'true' if server else 'false'};\n").encode()


def app_words() -> bytes:
    """`app-words.js`: the app's words in every language that has them (`data/pages/
    strings.<lang>.json`, its `app` part) and each language's own name, so the pages can
    follow the phone's language, or the one picked on the page, offline and without a
    reload of anything but the page."""
    return words_script(("app",))


def words_script(parts: tuple[str, ...]) -> bytes:
    """The script that gives `strings.js` its words: the named parts of every language's
    page strings merged by key (the studio's pages take `app` and `studio`, the phone
    app `app` alone), and the names of the languages that have them."""
    from pnp.kits.pages import language_names, page_words

    names = language_names()
    words = {lang: {key: text for part in parts
                    for key, text in page_words(lang).said.get(part, {}).items()}
             for lang in names}
    languages = {lang: name for lang, name in names.items() if words[lang]}
    as_js = partial(json.dumps, ensure_ascii=False, sort_keys=True)
    return (f"/* The pages' words by language (data/pages/strings.<lang>.json: "
            f"{', '.join(parts)}). */\n"
            f"window.PNP_WORDS = {as_js({k: words[k] for k in languages})};\n"
            f"window.PNP_LANGUAGES = {as_js(languages)};\n").encode()


def manifest() -> bytes:
    """The web app manifest: what a phone needs to install the app on its home screen."""
    value = {"name": "Majority games: the checker", "short_name": "Majority",
             "description": "Checks the scores and plays of The Majority, The Majority 2, "
                            "Majority Rules! and D20 Stacks, offline.",
             "start_url": "index.html", "scope": "./", "display": "standalone",
             "background_color": "#f6f7fa", "theme_color": "#223047", "lang": "en",
             "icons": [{"src": "static/icon.svg", "sizes": "any", "type": "image/svg+xml"},
                       {"src": "static/icon-192.png", "sizes": "192x192", "type": "image/png"},
                       {"src": "static/icon-512.png", "sizes": "512x512", "type": "image/png"}]}
    return (json.dumps(value, indent=2) + "\n").encode()


@cache
def icon_png(size: int) -> bytes:
    """The app's icon (the M of icon.svg on its dark square) as a PNG, drawn here so that
    nothing binary is kept in the repository; the same bytes every time."""
    from PIL import Image, ImageDraw

    scale = size / 32
    image = Image.new("RGB", (size, size), "#223344")
    draw = ImageDraw.Draw(image)
    points = [(7, 23), (7, 9), (16, 18), (25, 9), (25, 23)]
    draw.line([(x * scale, y * scale) for x, y in points], fill="#ffcc66",
              width=round(3 * scale), joint="curve")
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def app_files(server: bool, with_runtime: bool = True) -> dict[str, bytes | Path]:
    """Every file of the app by its path in the app's folder (bytes, or a file to copy).
    Without the runtime (`pnp serve` where it is not installed) the pages check with the
    server only; `runtime.runtime_files()` raises, saying how to get it, if it is wanted
    and missing."""
    files: dict[str, bytes | Path] = dict(pages())
    files.update({f"static/{name}": STATIC / name for name in APP_STATIC})
    files["static/icon-192.png"] = icon_png(192)
    files["static/icon-512.png"] = icon_png(512)
    files["manifest.webmanifest"] = manifest()
    files["app-mode.js"] = app_mode(server)
    files["app-words.js"] = app_words()
    if with_runtime:
        files[BUNDLE] = bundle_zip()
        files.update({f"{RUNTIME}/{name}": path
                      for name, path in runtime.runtime_files().items()})
    files["sw.js"] = service_worker(files, with_runtime)
    return files


def service_worker(files: dict[str, bytes | Path], with_runtime: bool) -> bytes:
    """The service worker: the list of files to keep and a version that changes with any
    of them (so a phone fetches a changed app once, then runs from its cache again)."""
    digest = hashlib.sha256()
    for name in sorted(files):
        data = files[name]
        digest.update(name.encode() + b"\0")
        digest.update(data if isinstance(data, bytes) else _file_digest(data))
    kept = ["./", *sorted(files)]
    head = (f"const VERSION = {json.dumps(digest.hexdigest()[:16])};\n"
            f"const FILES = {json.dumps(kept, indent=0)};\n"
            f"const CHECKER_IN_BROWSER = {'true' if with_runtime else 'false'};\n")
    return head.encode() + (STATIC / "sw-body.js").read_bytes()


@cache
def _file_digest(path: Path) -> bytes:
    return hashlib.sha256(path.read_bytes()).digest()


def cached_bytes(files: dict[str, bytes | Path]) -> int:
    """What a phone keeps of the app: every file once (the page `./` is index.html)."""
    return sum(len(d) if isinstance(d, bytes) else d.stat().st_size for d in files.values())


def export_web(folder: Path) -> tuple[int, int]:
    """Write the app into `folder` (made if needed), every file whole or not at all; the
    number of files and their bytes. UsageError (before anything is written) when the
    runtime is missing."""
    from pnp.content.output import writable_folder, write_files

    files = app_files(server=False)
    writable_folder(folder)
    write_files([(folder / name, data if isinstance(data, bytes) else data.read_bytes())
                 for name, data in files.items()])
    return len(files), cached_bytes(files)
