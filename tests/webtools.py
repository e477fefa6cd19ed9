"""The web tests' harness: the real `pnp serve` (uvicorn) on a free localhost port, and
headless Chromium (Debian's, driven by Playwright) at a phone's viewport.

`served(*args)` starts `python -m pnp serve --port 0 ARGS` and reads the address it prints;
the server is stopped (its own process only) when the block ends. `phone(browser)` opens a
390 x 844 page. Screenshots go to $PNP_SCREENSHOTS (default: a temporary folder) so a person
can look at them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

PHONE = {"width": 390, "height": 844}
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "data" / "examples"


@dataclass
class Server:
    """A running `pnp serve`: `base` is the loopback address to reach it (with the port it
    chose), `printed` what it printed, `token` the token in its printed address."""

    base: str
    printed: str
    token: str | None
    process: subprocess.Popen

    def url(self, path: str = "/", token: bool = True) -> str:
        sep = "&" if "?" in path else "?"
        return self.base + path + (f"{sep}token={self.token}" if token and self.token else "")


@contextmanager
def served(*args: str, env: dict[str, str] | None = None) -> Iterator[Server]:
    """`pnp serve --port 0 ARGS` in its own process, until the block ends (`env`: more
    environment variables for it)."""
    process = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--port", "0", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=ROOT, env={**os.environ, **(env or {})})
    try:
        first = process.stdout.readline()
        if not first.startswith("pnp serve: open "):
            process.kill()
            raise AssertionError(f"pnp serve printed {first!r}; stderr: "
                                 f"{process.stderr.read()[-2000:]}")
        printed = first.removeprefix("pnp serve: open ").strip()
        address = urlparse(printed)
        token = parse_qs(address.query).get("token", [None])[0]
        server = Server(f"http://127.0.0.1:{address.port}", printed, token, process)
        _wait_until_up(server)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stdout.close()
        process.stderr.close()


def _wait_until_up(server: Server, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(server.url("/static/app.css"), timeout=2):
                return
        except (urllib.error.URLError, ConnectionError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def request(url: str, body: bytes | None = None, method: str | None = None,
            headers: dict | None = None) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body of one HTTP request (4xx and 5xx included)."""
    req = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as answer:
        return answer.code, dict(answer.headers), answer.read()


def post_json(url: str, value) -> tuple[int, dict]:
    status, _, body = request(url, json.dumps(value).encode(), "POST",
                              {"Content-Type": "application/json"})
    return status, json.loads(body)


def cli_report(path: Path) -> dict:
    """`pnp check --json PATH` as a dict (exit status 0 or 1). The command runs in this
    process (the CLI's own code and output; a new Python took ~0.3 s to start for each
    of the ~35 records the web tests compare with it)."""
    from typer.testing import CliRunner

    from pnp.cli import app

    done = CliRunner().invoke(app, ["check", str(path), "--json"], catch_exceptions=False)
    assert done.exit_code in (0, 1), done.stderr
    return json.loads(done.stdout)


def asgi_client(app):
    """Starlette's in-process TestClient for `app` (its import warns that it prefers the
    httpx2 package; the httpx it has works), asking for `localhost` as a browser on this
    machine does (the server answers only to its own names)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    return TestClient(app, base_url="http://localhost")


def chromium() -> str:
    """The browser the tests drive: PNP_TEST_CHROMIUM if set, else Chromium's headless
    shell (`make browser` installs it; the browser tests take a fifth less CPU than with
    the full browser run headless), else the full browser."""
    path = (os.environ.get("PNP_TEST_CHROMIUM") or shutil.which("chromium-headless-shell")
            or shutil.which("chromium") or shutil.which("chromium-browser"))
    if not path:
        pytest.skip("no chromium: `make test` installs Debian's chromium-headless-shell with "
                    "apt-get, which was not possible on this machine")
    pytest.importorskip("playwright", reason="playwright is installed by `make test`")
    return path


@contextmanager
def browser() -> Iterator:
    """Headless Chromium through Playwright (skips the test where there is none)."""
    path = chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        LAUNCHED.append(launched)
        try:
            yield launched
        finally:
            LAUNCHED.remove(launched)
            launched.close()


LAUNCHED: list = []
"""The browsers open now (`browser()`), for `contexts_closed_after`."""


@contextmanager
def contexts_closed_after() -> Iterator[None]:
    """Around one test: the browser contexts (phones) it opened are closed when it ends.
    A context left open kept its pages running, and its service worker went on copying the
    whole app (14 MB, the Python runtime included) into that phone's cache, while the
    module's later tests ran; the contexts of module fixtures stay open."""
    before = [context for launched in LAUNCHED for context in launched.contexts]
    try:
        yield
    finally:
        for launched in LAUNCHED:
            for context in launched.contexts:
                if not any(context is kept for kept in before):
                    context.close()


def phone(launched, offline_app: bool = False, **options):
    """A new browser context at a phone's viewport, and its page. Its pages register no
    service worker unless `offline_app` (the tests of the app offline): installing one
    copies the whole app, Pyodide included (14 MB), into the new context's cache, seconds
    of CPU for each test that only types into a form."""
    context = launched.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True,
                                   accept_downloads=True,
                                   service_workers="allow" if offline_app else "block",
                                   **options)
    return context.new_page()


def open_page(server: Server, launched, path: str, offline_app: bool = False):
    """A phone-sized page at `path`, and the list its script errors are collected in."""
    page = phone(launched, offline_app)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url(path))
    return page, errors


def screenshots() -> Path:
    folder = os.environ.get("PNP_SCREENSHOTS")
    path = Path(folder) if folder else Path(tempfile.gettempdir()) / "pnp-screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


def shoot(page, name: str, full_page: bool = True) -> Path:
    path = screenshots() / f"{name}.png"
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=full_page)
    return path


def raw(server: Server, data: bytes, timeout: float = 10) -> tuple[int | None, bytes]:
    """Send `data` as it is (a whole HTTP request, well-formed or not) and read the answer:
    its status (None when the server closed without one) and the bytes received. A server
    that answers before reading everything may close while we still send: that is fine."""
    import socket

    port = int(urlparse(server.base).port)
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
        try:
            conn.sendall(data)
            conn.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            pass
        chunks = []
        try:
            while chunk := conn.recv(65536):
                chunks.append(chunk)
        except (ConnectionResetError, TimeoutError):
            pass
    answer = b"".join(chunks)
    head = answer.split(b"\r\n", 1)[0].split()
    status = int(head[1]) if len(head) > 1 and head[1].isdigit() else None
    return status, answer


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def serious(page) -> list[dict]:
    """axe-core's serious and critical findings on the page as it stands (skips where
    axe-core is not installed: `make web-runtime` installs it)."""
    if not AXE.is_file():
        pytest.skip("no axe-core in node_modules: `make web-runtime` installs it")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("axe.run(document).then((r) => r.violations)")
    return [{"id": v["id"], "nodes": [n["target"] for n in v["nodes"]]}
            for v in found if v["impact"] in ("serious", "critical")]


SMALL_TARGETS = """() => [...document.querySelectorAll('button, a, select, summary, '
    + 'input:not([type=checkbox]):not([type=radio]):not([type=file])')]
  .filter((e) => e.offsetParent !== null)
  .map((e) => [e.outerHTML.slice(0, 80), e.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44).map(([html]) => html)"""
"""The tap targets on the page smaller than 44 x 44 px (a finger needs that much)."""
