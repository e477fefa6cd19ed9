"""The checker forms in a real browser (headless Chromium at a phone's 390 x 844): each
game's shipped example typed in field by field gives the report `pnp check --json` gives,
and a wrong claim is shown as wrong."""

from __future__ import annotations

import json

import pytest

from tests.webtools import (
    EXAMPLES,
    SMALL_TARGETS,
    browser,
    cli_report,
    open_page,
    phone,
    serious,
    served,
    shoot,
)


@pytest.fixture(scope="module")
def site():
    with served() as server, browser() as launched:
        yield server, launched


def _page(site, path, offline_app=False):
    return open_page(*site, path, offline_app)


def _report(page) -> dict:
    """The report behind the verdict the page shows, once the page has settled."""
    page.wait_for_selector("#verdict .banner[data-ok='true'], #verdict .banner[data-ok='false']")
    page.wait_for_function("document.getElementById('status').textContent === ''")
    return json.loads(page.locator("#verdict .report-json").text_content())


def _players(page, names):
    for i, name in enumerate(names):
        page.locator(f"[data-path='$.players[{i}]']").fill(name)
        page.locator(f"[data-path='$.players[{i}]']").dispatch_event("change")


def _add_players(page, count):
    while page.locator("[data-path^='$.players[']").count() < count:
        page.get_by_role("button", name="+ player").click()


def _begin(site, name):
    """The game's checker page with the players of the example `name` typed in."""
    record = json.loads((EXAMPLES / name).read_text("utf-8"))
    page, errors = _page(site, f"/check/{record['game']}")
    _add_players(page, len(record["players"]))
    _players(page, record["players"])
    return page, errors, record


def _claims_and_verdict(page, record, name, shot=None):
    """The written totals typed in; the verdict shown must be `pnp check --json`'s."""
    for player, total in record["claimed"].items():
        page.locator(f"[data-path='$.claimed.{player}']").fill(str(total))
    assert _report(page) == cli_report(EXAMPLES / name)
    if shot:
        shoot(page, shot)


@pytest.mark.slow
def test_majority2_example_typed_in(site):
    name = "majority2-mistakes.json"
    page, errors, record = _begin(site, name)
    page.locator("[data-path='$.start_player']").select_option(label=record["start_player"])
    for player, cards in record["score_areas"].items():
        area = page.locator(f"[data-area='{player}']")
        for i, card in enumerate(cards):
            area.get_by_role("button", name="+ card").click()
            item = card if isinstance(card, dict) else {"card": card}
            page.locator(f"[data-path='$.score_areas.{player}[{i}]']").select_option(item["card"])
            if item.get("disc"):
                page.locator(f"[data-path='$.score_areas.{player}[{i}].disc']").select_option(
                    item["disc"])
        page.locator(f"[data-path='$.coins.{player}']").fill(str(record["coins"][player]))
    _claims_and_verdict(page, record, name)
    assert page.locator("[data-wrong-claim='Bo']").is_visible()
    assert "Witches Secretary: 2 + 2 × 1 other blue Secretary = 4" in page.locator(
        "[data-player='Bo']").inner_text()
    shoot(page, "check-majority2")
    assert errors == []


@pytest.mark.slow
def test_majority_example_typed_in(site):
    name = "majority-legal.json"
    page, errors, record = _begin(site, name)
    for r, rnd in enumerate(record["rounds"]):
        if r:
            page.get_by_role("button", name="+ round").click()
        page.locator(f"[data-path='$.rounds[{r}].variant']").select_option(rnd["variant"])
        for t, turn in enumerate(rnd["turns"]):
            if t:
                page.get_by_role("button", name="+ turn").nth(r).click()
            for player, vote in turn.items():
                page.locator(f"[data-path='$.rounds[{r}].turns[{t}].{player}']").select_option(vote)
    page.locator("[data-path='$.final']").check()
    for player, held in record["final"].items():
        for kind in ("ones", "fives"):
            page.locator(f"[data-path='$.final.{player}.{kind}']").fill(str(held[kind]))
    _claims_and_verdict(page, record, name, "check-majority")
    assert errors == []


@pytest.mark.slow
def test_majority_rules_example_typed_in_and_a_wrong_claim(site):
    name = "majority-rules-legal.json"
    page, errors, record = _begin(site, name)
    rnd = record["rounds"][0]
    page.locator("[data-path='$.rounds[0].gold']").fill(str(rnd["gold"]))
    for player, dice in rnd["dice"].items():
        typed = dice if isinstance(dice, str) else "".join(map(str, dice))
        page.locator(f"[data-path='$.rounds[0].dice.{player}']").fill(typed)
    for player, total in rnd["claimed"].items():
        page.locator(f"[data-path='$.rounds[0].claimed.{player}']").fill(str(total))
    _claims_and_verdict(page, record, name)
    page.locator("[data-path='$.claimed.Rob']").fill("13")
    page.wait_for_selector("[data-wrong-claim='Rob']")
    assert "wrong by +1" in page.locator("[data-wrong-claim='Rob']").inner_text()
    beside = page.locator(".field-error[data-for='$.claimed.Rob']")
    assert "claimed 13, computed 12" in beside.inner_text()
    shoot(page, "check-majority-rules-wrong-claim")
    assert errors == []


@pytest.mark.slow
def test_an_unreadable_field_is_shown_beside_it(site):
    page, errors = _page(site, "/check/majority-rules")
    _players(page, ["Ana", "Bo"])
    page.locator("[data-path='$.rounds[0].gold']").fill("4")
    page.locator("[data-path='$.rounds[0].dice.Ana']").fill("3355544")
    page.locator("[data-path='$.rounds[0].dice.Bo']").fill("12345612")
    beside = page.locator(".field-error[data-for='$.rounds[0].dice.Ana']")
    beside.wait_for()
    assert "type exactly 8 dice, each 1 to 6" in beside.inner_text()  # players' words
    assert page.locator("#verdict .banner[data-ok='input']").is_visible()
    assert "has-error" in page.locator("[data-path='$.rounds[0].dice.Ana']").get_attribute("class")
    shoot(page, "check-majority-rules-unreadable")
    assert errors == []


@pytest.mark.slow
def test_d20_stacks_example_typed_in(site):
    name = "d20-stacks-legal.json"
    page, errors, record = _begin(site, name)
    for s, stack in enumerate(record["stacks"]):
        if s:
            page.get_by_role("button", name="+ stack").click()
        for c, card in enumerate(stack):
            who, value = card.split(":") if isinstance(card, str) else (card["player"],
                                                                        str(card["value"]))
            page.get_by_role("button", name="+ card").nth(s).click()
            page.locator(f"select[data-path='$.stacks[{s}][{c}]']").select_option(label=who)
            page.locator(f"[data-path='$.stacks[{s}][{c}].value']").fill(value)
    _claims_and_verdict(page, record, name, "check-d20-stacks")
    assert errors == []


@pytest.mark.slow
def test_d20_stacks_moves_typed_in(site):
    name = "d20-stacks-moves.json"
    page, errors, record = _begin(site, name)
    page.locator("[data-path='$']").select_option("moves")
    for m, move in enumerate(record["moves"]):
        page.get_by_role("button", name="+ move").click()
        page.locator(f"[data-path='$.moves[{m}].player']").select_option(label=move["player"])
        page.locator(f"[data-path='$.moves[{m}].value']").fill(str(move["value"]))
        page.locator(f"[data-path='$.moves[{m}].stack']").select_option(str(move["stack"]))
    page.locator("summary", has_text="Rule options").click()
    page.locator("[data-path='$.rules.new_stack']").select_option("only_if_blocked")
    _claims_and_verdict(page, record, name)
    assert errors == []


@pytest.mark.slow
def test_a_record_saved_and_loaded_again(site, tmp_path):
    """Load fills the form from a record file; Save file writes a record that pnp check
    reads with the same verdict; a reload keeps the entry."""
    page, errors = _page(site, "/check/majority2")
    page.set_input_files("#load", str(EXAMPLES / "majority2-mistakes.json"))
    expected = cli_report(EXAMPLES / "majority2-mistakes.json")
    assert _report(page) == expected
    page.reload()
    assert _report(page) == expected
    with page.expect_download() as download:
        page.click("#download")
    saved = tmp_path / "saved.json"
    download.value.save_as(saved)
    assert cli_report(saved) == expected
    assert errors == []


PAGES = ["/", "/check/majority", "/check/majority2", "/check/majority-rules",
         "/check/d20-stacks", "/log/majority2", "/rulings", "/check/chess"]


@pytest.mark.slow
@pytest.mark.parametrize("path", PAGES)
def test_every_page_at_a_phone_width(site, path):
    """Each page is screenshot at 390 x 844 (a person looks at them), nothing on it is
    wider than the phone, axe-core finds nothing serious on it and every tap target is
    44 px."""
    page, errors = _page(site, path)
    page.wait_for_load_state("networkidle")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{path} is {width} px wide"
    name = path.strip("/").replace("/", "-") or "index"
    shoot(page, f"page-{name}")
    assert serious(page) == []  # axe-core: nothing serious or critical
    if path != "/rulings":  # the rulings are running text: their links are words in it
        assert page.evaluate(SMALL_TARGETS) == []
    assert errors == []


@pytest.mark.slow
def test_offline_the_checker_in_the_browser_takes_over(site):
    """Under `pnp serve` the form asks the server; with the connection gone, the same Python
    checker runs in the browser from the files the service worker kept, and the verdict
    still follows what is typed (here a claim made wrong while offline)."""
    page, errors = _page(site, "/check/majority2", offline_app=True)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.set_input_files("#load", str(EXAMPLES / "majority2-legal.json"))
    assert _report(page)["ok"]
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    page.locator("[data-path='$.claimed.Bo']").fill("15")
    page.wait_for_selector("[data-wrong-claim='Bo']", timeout=60_000)
    assert json.loads(page.evaluate("localStorage.getItem('pnp.check.majority2')"))[
        "claimed"]["2"] == "15"
    assert "cannot be reached" not in page.locator("#status").inner_text()
    page.context.set_offline(False)
    assert errors == []


@pytest.mark.slow
def test_the_screen_is_kept_awake(site):
    server, launched = site
    page = phone(launched)
    page.add_init_script("""
        window.wakeLocks = [];
        Object.defineProperty(navigator, "wakeLock", {value: {request: async (kind) => {
            window.wakeLocks.push(kind);
            return {addEventListener() {}, release: async () => {}};
        }}});
    """)
    for path in ("/check/majority", "/log/majority2"):
        page.goto(server.url(path))
        page.wait_for_function("window.wakeLocks.length > 0")
        assert page.evaluate("window.wakeLocks") == ["screen"]
        assert page.locator("#awake").is_visible()


@pytest.mark.slow
def test_each_phone_keeps_its_own_entry(site):
    """Nothing entered on one phone reaches another: the entry lives in its browser."""
    first, _ = _page(site, "/check/majority2")
    first.set_input_files("#load", str(EXAMPLES / "majority2-legal.json"))
    _report(first)
    second, _ = _page(site, "/check/majority2")
    second.wait_for_selector("#verdict .banner")
    assert second.locator("[data-path='$.players[0]']").input_value() == ""
    assert first.locator("[data-path='$.players[0]']").input_value() == "Ana"


def _settled(page):
    """Wait until the newest check has been answered and shown."""
    page.wait_for_selector("#verdict .banner")
    page.wait_for_function("document.getElementById('status').textContent === ''")


@pytest.mark.slow
def test_a_fresh_form_shows_no_error_until_a_field_is_touched(site):
    """Every game's empty form shows no error text (its record is not complete, which the
    banner says); a wrong entry shows its error at once, a reload keeps it, and the banner's
    button shows the rest."""
    for game in ("majority", "majority2", "majority-rules", "d20-stacks"):
        page, errors = _page(site, f"/check/{game}")
        _settled(page)
        assert page.locator(".field-error").count() == 0, game
        assert page.locator(".has-error").count() == 0, game
        assert "Not complete yet" in page.locator("#verdict .banner").inner_text()
        if game == "majority2":
            shoot(page, "check-majority2-fresh", full_page=False)
        assert errors == []
    page.locator("[data-path='$.players[0]']").fill("Ana")
    page.locator("[data-path='$.players[1]']").fill("Ana")
    beside = page.locator(".field-error[data-for='$.players']")
    beside.wait_for()
    assert "same name" in beside.inner_text()  # in players' words
    assert page.locator(".field-error[data-for='$.stacks[0]']").count() == 0  # not touched
    page.reload()
    _settled(page)
    beside.wait_for()
    assert page.locator("[data-path='$.players[1]']").input_value() == "Ana"
    page.locator("#show-all").click()
    page.locator(".field-error[data-for='$.stacks[0]']").wait_for()
    assert "(shown beside each field)" in page.locator("#verdict .banner").inner_text()
    shoot(page, "check-d20-stacks-touched", full_page=False)
    assert errors == []


@pytest.mark.slow
def test_an_incomplete_form_logs_no_error_and_an_unreachable_balance_says_so(site):
    """The form's checks of a record not complete yet are answered 200 (each was a 422 in
    the console, at every keystroke); the studio's balance test with the server gone says
    so instead of emptying its message box."""
    server, launched = site
    page = phone(launched)
    logged: list[str] = []
    page.on("console", lambda message: logged.append(message.text)
            if message.type == "error" else None)
    page.goto(server.url("/check/majority2"))
    _settled(page)
    page.locator("[data-path='$.players[0]']").fill("Ana")
    _settled(page)
    assert "Not complete yet" in page.locator("#verdict .banner").inner_text()
    assert logged == []
    page.goto(server.url("/studio/majority2/promo"))
    page.route("**/api/studio/balance", lambda route: route.abort())
    page.locator("#balance-start").click()
    page.wait_for_function(
        "document.getElementById('balance-status').textContent.includes('cannot be reached')")


@pytest.mark.slow
def test_the_pages_speak_the_phones_language_and_switch(site):
    """A phone set to Italian gets the app in Italian (the words of data/pages/strings.it.json,
    the verdict's own words included); the switch under the page turns it German at once,
    keeps that choice and loses nothing entered; in French, the longest, nothing is wider
    than the phone. The checker's derivation lines stay in its own words."""
    server, launched = site
    page = phone(launched, locale="it-IT")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url("/"))
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.locator("h1").inner_text() == "Controlla una partita"
    assert page.title() == "Controlla una partita · pnp"
    assert page.locator("a.home").inner_text() == "Giochi Majority"
    page.goto(server.url("/check/majority2"))
    page.set_input_files("#load", str(EXAMPLES / "majority2-mistakes.json"))
    _report(page)
    assert page.locator("#verdict .banner").inner_text().startswith("NON OK: ")
    assert page.get_by_role("button", name="+ carta").count() == 2
    assert page.get_by_role("combobox", name="Primo giocatore").count() == 1
    assert page.locator("#load-button").inner_text() == "Apri"
    assert serious(page) == []
    shoot(page, "check-majority2-it", full_page=False)
    switch = page.get_by_role("combobox", name="Lingua")
    assert switch.input_value() == "it"
    with page.expect_navigation():
        switch.select_option("de")
    _report(page)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#verdict .banner").inner_text().startswith("NICHT OK: ")
    assert page.get_by_role("combobox", name="Sprache").input_value() == "de"
    assert page.locator("[data-path='$.players[0]']").input_value() == "Ana"  # nothing lost
    page.goto(server.url("/history.html"))
    assert page.locator("h1").inner_text() == "Gespeicherte Partien"  # the choice is kept
    page.goto(server.url("/log/majority2"))
    page.locator("#p1").fill("Ana")
    page.locator("#p2").fill("Bo")
    page.get_by_role("button", name="Los: Karten austeilen").click()
    page.wait_for_selector("[data-seat='Ana'] summary")
    assert "Reserve" in page.locator("[data-seat='Ana'] summary").inner_text()
    assert any(w in page.locator("#history").inner_text() for w in ("Aufbau", "Noch nichts"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    with page.expect_navigation():  # French has the longest words in the bar
        page.get_by_role("combobox", name="Sprache").select_option("fr")
    page.wait_for_selector("[data-seat='Ana'] summary")
    assert page.locator("#load-button").inner_text() == "Ouvrir"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate(SMALL_TARGETS) == []
    page.goto(server.url("/check/majority"))  # "Manche 1", the variant, ✕: one line
    page.locator("[data-path='$.rounds[0].variant']").wait_for()
    drops = page.evaluate("[...document.querySelectorAll('h3')].filter((h) => "
                          "h.parentElement.querySelector('button.remove')).map((h) => "
                          "h.parentElement.querySelector('button.remove')"
                          ".getBoundingClientRect().top - h.getBoundingClientRect().bottom)")
    assert drops and max(drops) < 0, drops  # each ✕ starts above its heading's bottom
    assert errors == []



@pytest.mark.slow
def test_a_change_marks_the_shown_verdict_as_being_checked_at_once(site):
    """The verdict on screen is the entry's before a change until the new answer comes;
    the status line says so the moment the change is made, not only when the check starts
    after its pause (a reader, or a test, took the old verdict for the new one)."""
    words = json.loads((EXAMPLES.parent.parent / "data" / "pages" / "strings.en.json")
                       .read_text("utf-8"))
    page, errors = _page(site, "/check/majority-rules")
    _settled(page)
    shown = page.evaluate("""() => {
        const field = document.querySelector("[data-path='$.players[0]']");
        field.value = "Ana";
        field.dispatchEvent(new Event("input", {bubbles: true}));
        return document.getElementById("status").textContent;
    }""")
    assert shown == words["app"]["checking"]
    _settled(page)
    assert errors == []
