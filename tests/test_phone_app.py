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
from pathlib import Path

import pytest

from pnp.web.phone import runtime, site
from tests.phonetools import EXAMPLES, cli_answer, library_answer, records
from tests.webtools import SMALL_TARGETS, browser, phone, serious, shoot

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
        page = phone(launched, offline_app=True)
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


def _checked_in_its_form(page, game: str) -> dict:
    """The game's example loaded into its form (offline, from the phone's cache): the
    report shown is `pnp check --json`'s, and axe finds nothing serious on the page."""
    name = FORM_RECORDS[game]
    page.set_input_files("#load", str(EXAMPLES / name))
    report = _report(page)
    assert report == cli_answer((EXAMPLES / name).read_text("utf-8"))
    shoot(page, f"phone-check-{game}-offline")
    assert serious(page) == []
    return report


@pytest.mark.slow
def test_the_majority_rules_form_offline(app):
    _checked_in_its_form(_open(app, "check-majority-rules.html"), "majority-rules")
    assert app[2] == []


@pytest.mark.slow
def test_a_kept_game_survives_a_reload_and_exports(app):
    """A checked game kept from its form is listed on history.html, still after a reload
    (offline), exported as JSON and CSV, deleted with undo, and opened in its form again;
    its players' names are carried to the next game's form; Share hands the games to the
    system share sheet where the browser has one, and downloads them where it has none."""
    page = _open(app, "check-majority2.html")
    _checked_in_its_form(page, "majority2")
    page.set_input_files("#load", str(EXAMPLES / "majority2-legal.json"))
    _report(page)
    page.locator("#keep").click()
    page.wait_for_function("document.getElementById('status').textContent.includes('Kept')")
    width = page.locator("select.card").first.bounding_box()["width"]
    assert width >= 300  # "Demons Veteran (promo)" is never cut (was 159 px)
    assert "Demons Veteran (promo)" in page.locator("select.card").first.inner_text()
    page.goto(app[0] + "history.html")
    page.reload()
    kept = page.locator("[data-kept]")
    assert kept.count() == 1 and "Ana 35" in kept.inner_text()
    shoot(page, "phone-history-offline")
    assert serious(page) == []
    csv = page.evaluate("window.pnpHistory.exportCsv()").splitlines()
    assert csv[0].startswith("saved,game,player,total") and ",majority2,Ana,35,35,yes," in csv[1]
    kept_json = json.loads(page.evaluate("window.pnpHistory.exportJson()"))
    assert kept_json[0]["record"]["players"] == ["Ana", "Bo"]
    page.evaluate("Object.defineProperty(navigator, 'share', "
                  "{value: undefined, configurable: true})")
    with page.expect_download() as fallback:  # no share sheet: the export is downloaded
        page.locator("#share").click()
    assert json.loads(Path(fallback.value.path()).read_text("utf-8")) == kept_json
    assert "no share sheet" in page.locator("#status").inner_text()
    page.evaluate("""() => { window.shared = [];
        Object.defineProperty(navigator, 'canShare', {value: () => true, configurable: true});
        Object.defineProperty(navigator, 'share', {configurable: true, value: async (data) => {
            window.shared.push([data.title, ...data.files.map((f) => f.name)]); }}); }""")
    page.locator("#share").click()  # the system share sheet, with the games as a file
    page.wait_for_function("window.shared.length === 1")
    title, file = page.evaluate("window.shared[0]")
    assert file.startswith("majority-games-") and file.endswith(".json") and title
    kept.get_by_role("button", name="Delete").click()
    assert page.locator("[data-kept]").count() == 0
    page.get_by_role("button", name="Undo").click()
    assert page.locator("[data-kept]").count() == 1
    page.locator("[data-kept] a", has_text="Open").click()
    page.wait_for_url("**/check-majority2.html")
    assert page.locator("[data-path='$.players[0]']").input_value() == "Ana"
    page.goto(app[0] + "check-d20-stacks.html")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#clear").click()
    names = [page.locator(f"[data-path='$.players[{i}]']").input_value() for i in (0, 1)]
    assert names == ["Ana", "Bo"]


@pytest.mark.slow
def test_the_majority_form_at_the_table(app):
    """Issue 31's friction on one form (then a record checked in it): no verdict of
    missing votes before any vote, a trailing space in a name taken as typed, ✕ undone,
    every tap target 44 px, Load in reach of Tab, a corrected field losing its old error
    at once, players' words."""
    page = _open(app, "check-majority.html")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#clear").click()
    for i, name in enumerate(["Ana", "Bo", "Cy "]):  # a phone keyboard's trailing space
        page.locator(f"[data-path='$.players[{i}]']").fill(name)
        page.locator(f"[data-path='$.players[{i}]']").dispatch_event("change")
    page.wait_for_selector("#verdict .banner", timeout=60_000)
    page.wait_for_function("document.getElementById('status').textContent === ''")
    assert page.locator("#verdict .banner").get_attribute("data-ok") == "input"  # not NOT OK
    assert page.locator(".field-error[data-for^='$.players']").count() == 0
    page.locator("[data-path='$.rounds[0].turns[0].Cy']").select_option("A")
    page.wait_for_selector("#verdict .banner[data-ok='false']")  # now votes are missing
    assert page.locator("[data-path='$.rounds[0].variant']").get_attribute("aria-label")
    page.get_by_role("button", name="Remove turn 1").click()
    assert page.locator("[data-path='$.rounds[0].turns[0].Cy']").count() == 0
    page.get_by_role("button", name="Undo").click()
    assert page.locator("[data-path='$.rounds[0].turns[0].Cy']").input_value() == "A"
    page.locator("[data-path='$.final']").check()
    field = page.locator("[data-path='$.final.Ana.ones']")
    field.fill("x")
    page.wait_for_selector(".field-error[data-for='$.final.Ana.ones']")
    assert "not a whole number" in page.locator(".field-error[data-for='$.final.Ana.ones']"
                                                ).inner_text()
    field.fill("3")  # corrected: its old error goes at once, before any answer
    assert page.locator(".field-error[data-for='$.final.Ana.ones']").count() == 0
    small = page.evaluate(SMALL_TARGETS)
    assert small == []
    page.evaluate("document.querySelector('.home').focus()")  # the page's first link
    reached = []
    for _ in range(3):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("document.activeElement.id || document.activeElement.tagName"))
    assert "load-button" in reached
    shoot(page, "phone-check-majority-friction")
    _checked_in_its_form(page, "majority")
    assert app[2] == []


@pytest.mark.slow
def test_a_new_d20_stack_starts_with_the_next_players_card(app):
    """…not player 1's (then a record checked in the form)."""
    page = _open(app, "check-d20-stacks.html")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#clear").click()
    page.get_by_role("button", name="+ card").click()
    page.get_by_role("button", name="+ stack").click()
    page.get_by_role("button", name="+ card").nth(1).click()
    first = page.locator("[data-path='$.stacks[0][0]']").input_value()
    second = page.locator("[data-path='$.stacks[1][0]']").input_value()
    assert (first, second) == ("1", "2")  # the second card ever played is player 2's
    page.get_by_role("button", name="+ stack").click()  # a third stack, with no card yet
    page.locator("#show-all").click()
    note = page.locator(".field-error[data-for='$.stacks[2]']")
    assert "no card yet" in note.inner_text()  # not "an empty list is not allowed here"
    page.get_by_role("button", name="Remove stack 3").click()
    _checked_in_its_form(page, "d20-stacks")
