"""The exported phone app in a real browser (headless Chromium at 390 x 844, touch), served
by a plain static file server that the test starts and then stops: the app is loaded once,
its service worker keeps it, the server goes away and the browser goes offline, and the
app still opens, checks and keeps games — with the same Python checker as `pnp check`.

Pyodide starts in a few seconds, so one offline page runs `window.pnpCheck` on every record
(examples and hostile texts) in one load; each game's form is opened once.
"""

from __future__ import annotations

import json
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

from pnp.web.phone import runtime, site
from tests.phonetools import EXAMPLES, ROOT, cli_answer, library_answer, records
from tests.webtools import browser, phone, shoot

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
FORM_RECORDS = {"majority": "majority-mistakes.json", "majority2": "majority2-mistakes.json",
                "majority-rules": "majority-rules-mistakes.json",
                "d20-stacks": "d20-stacks-moves-mistakes.json"}


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """The app exported, served, opened once online (its service worker keeping every
    file), then the server stopped and the browser offline: the context to test in."""
    if not runtime.available():
        pytest.skip("no Pyodide in node_modules: `make web-runtime` installs it")
    folder = tmp_path_factory.mktemp("phone-app")
    site.export_web(folder)
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with browser() as launched:
        page = phone(launched)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(base + "index.html")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        shoot(page, "phone-index-online", full_page=False)
        server.shutdown()
        server.server_close()
        page.context.set_offline(True)
        yield base, page, errors


def _open(app, name):
    base, page, errors = app
    page.goto(base + name)
    return page


def _report(page) -> dict:
    page.wait_for_selector("#verdict .banner[data-ok='true'], #verdict .banner[data-ok='false']",
                           timeout=60_000)
    page.wait_for_function("document.getElementById('status').textContent === ''")
    return json.loads(page.locator("#verdict .report-json").text_content())


def _serious(page) -> list[dict]:
    """axe-core's serious and critical findings on the page as it stands."""
    if not AXE.is_file():
        pytest.skip("no axe-core in node_modules: `make web-runtime` installs it")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("axe.run(document).then((r) => r.violations)")
    return [{"id": v["id"], "nodes": [n["target"] for n in v["nodes"]]}
            for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.slow
def test_offline_pnpcheck_gives_pnp_checks_answer_for_every_record(app):
    """Every example and hostile record through window.pnpCheck on the offline page, in
    one load: the answer is POST /api/check's, word for word (the library in this process,
    whose reports `pnp check --json` prints; one record per game also through the CLI)."""
    page = _open(app, "index.html")
    texts = records()
    seen = page.evaluate("async (texts) => { const out = {}; for (const [name, text] of "
                         "Object.entries(texts)) out[name] = await window.pnpCheck(text); "
                         "return out; }", texts)
    for name, text in texts.items():
        assert seen[name] == library_answer(text), name
    for name in FORM_RECORDS.values():
        assert seen[name] == cli_answer(texts[name]), name
    record = json.loads(texts["majority2-legal.json"])  # an object, as a script passes it
    assert page.evaluate("(r) => window.pnpCheck(r)", record) == seen["majority2-legal.json"]
    assert app[2] == []


@pytest.mark.slow
@pytest.mark.parametrize("game", list(FORM_RECORDS))
def test_a_record_of_each_game_checked_offline_in_its_form(app, game):
    """The game's page opens from the phone's cache with no connection, a record loaded
    into the form gets `pnp check --json`'s report, and axe finds nothing serious."""
    name = FORM_RECORDS[game]
    page = _open(app, f"check-{game}.html")
    page.set_input_files("#load", str(EXAMPLES / name))
    assert _report(page) == cli_answer((EXAMPLES / name).read_text("utf-8"))
    shoot(page, f"phone-check-{game}-offline")
    assert _serious(page) == []
    assert app[2] == []
