"""The studio in a real browser against the real server (`pnp serve` under uvicorn,
headless Chromium at a phone's 390 x 844 and at a desktop's 1280 x 900): the promo
designer's live preview and its errors, the downloaded promo file, the balance test, the
word list editor, the kit builder's bytes against `pnp build`'s, and hostile uploads."""

from __future__ import annotations

import base64
import io
import json
import subprocess
import sys

import pytest
from PIL import Image

from tests.studiotools import OVER_STRONG, leftovers, zip_bomb
from tests.webtools import EXAMPLES, ROOT, browser, phone, serious, served, shoot

DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("studio")
    with served(env={"PNP_STUDIO_TMP": str(root)}) as server, browser() as launched:
        yield server, launched, root


def _open(site, path, viewport=None):
    server, launched, _ = site
    page = phone(launched) if viewport is None else launched.new_context(
        viewport=viewport, accept_downloads=True).new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url(path))
    return page, errors


def _preview(page, after: int = 0) -> tuple[int, bytes]:
    """The preview once it is newer than version `after`: (version, decoded pixels)."""
    newer = f"Number(document.getElementById('preview').dataset.version || 0) > {after}"
    page.wait_for_function(newer, timeout=20_000)
    version = int(page.locator("#preview").get_attribute("data-version"))
    src = page.locator("#preview").get_attribute("src")
    image = Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1])))
    return version, image.convert("RGB").tobytes()


def _cli(*args: str, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True,
                          text=True, cwd=cwd)


def _no_wider_than(page, width: int) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width


@pytest.mark.slow
def test_changing_the_cost_changes_the_preview(site):
    page, errors = _open(site, "/studio/majority2/promo")
    version, before = _preview(page)
    page.locator("[data-path='$.cards[0].cost']").fill("5")
    version, after = _preview(page, version)
    assert before != after and len(before) == len(after) == 372 * 520 * 3
    assert page.locator("#preview-status").inner_text().startswith("Up to date")
    shoot(page, "studio-promo")
    _no_wider_than(page, 390)
    assert errors == []


@pytest.mark.slow
def test_an_invalid_field_shows_its_error_and_keeps_the_last_good_preview(site):
    page, errors = _open(site, "/studio/majority2/promo")
    version, good = _preview(page)
    src = page.locator("#preview").get_attribute("src")
    page.locator("[data-path='$.cards[0].cost']").fill("25")
    note = page.locator(".field-error[data-for='$.cards[0].cost']")
    note.wait_for()
    assert "25 is too big: at most 20." in note.inner_text()  # the checker's, in players' words
    assert page.locator("#preview").get_attribute("src") == src
    assert "last version that could be drawn" in page.locator("#preview-status").inner_text()
    shoot(page, "studio-promo-error")
    page.locator("[data-path='$.cards[0].cost']").fill("3")
    _, mended = _preview(page, version)
    assert mended != good and page.locator(".field-error").count() == 0
    assert errors == []


@pytest.mark.slow
def test_the_downloaded_promo_file_validates_and_builds(site, tmp_path):
    page, errors = _open(site, "/studio/majority2/promo")
    _preview(page)
    page.locator("[data-path='$.cards[0].title']").fill("Witches Night Secretary")
    page.locator("[data-path='$.cards[0].id']").fill("house-night-secretary")
    page.get_by_role("button", name="+ Ability").click()
    page.locator("[data-path='$.cards[0].abilities[0]']").fill("Draw 2 cards into your reserve.")
    page.get_by_role("button", name="+ Effect").click()
    page.locator("[data-path='$.cards[0].effects[0]']").select_option("draw")
    page.locator("[data-path='$.cards[0].effects[0].count']").fill("2")
    page.locator("[data-path='$.cards[0].effects[0].to']").select_option("reserve")
    _preview(page, 1)
    with page.expect_download() as got:
        page.locator("#download-file").click()
    saved = tmp_path / got.value.suggested_filename
    got.value.save_as(saved)
    card = json.loads(saved.read_text("utf-8"))["cards"][0]
    assert card["effects"] == [{"do": "draw", "count": 2, "to": "reserve"}]
    checked = _cli("validate", str(saved))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    built = _cli("build", "majority2", "--promos", str(saved), "-c", "promo-members",
                 "--out", str(tmp_path / "out"), "--no-gallery")
    assert built.returncode == 0, built.stderr
    from pypdf import PdfReader

    pages = PdfReader(tmp_path / "out" / "majority2" / "promo-members.pdf").pages
    assert any("Witches Night Secretary" in page.extract_text() for page in pages)
    assert errors == []


@pytest.mark.slow
def test_a_promo_file_with_several_cards_opens_into_the_form(site):
    page, errors = _open(site, "/studio/majority2/promo", DESKTOP)
    version, _ = _preview(page)
    page.locator("#open").set_input_files(str(EXAMPLES / "majority2-promo-cards.json"))
    page.wait_for_function("document.getElementById('card-select').options.length === 3")
    # The opened file's first card is drawn first: wait for it, so the preview waited for
    # below is card 3's (taking the earlier version raced with it and read no image).
    version, _ = _preview(page, version)
    page.locator("#card-select").select_option("2")
    _preview(page, version)
    assert page.locator("[data-path='$.cards[2].title']").input_value() == "Poltergeist"
    assert page.locator("[data-path='$.cards[2].rank']").input_value() == "ghost"
    shoot(page, "studio-promo-desktop")
    assert errors == []


@pytest.mark.slow
def test_the_balance_test_says_the_over_strong_promo_is_stronger(site):
    page, errors = _open(site, "/studio/majority2/promo")
    _preview(page)
    page.locator("#open").set_input_files(str(OVER_STRONG))
    page.wait_for_function("document.querySelector(\"[data-path='$.cards[0].title']\").value"
                           " === 'Witches Grand Secretary'")
    assert page.locator("#games").input_value() == "1000"  # pnp simulate's default
    page.locator("#games").select_option("200")
    page.locator("#balance-start").click()
    verdict = page.locator("[data-verdict]")
    verdict.wait_for(timeout=90_000)
    assert verdict.get_attribute("data-verdict") == "stronger"
    words = verdict.inner_text()
    assert "Witches Grand Secretary is stronger than the Witches Secretary it replaces." in words
    assert "95 % interval" in words and "200 games" in words
    assert page.locator("#balance-power").inner_text().startswith(
        "These 200 games show a difference of ±")
    shoot(page, "studio-promo-balance")
    assert errors == []


@pytest.mark.slow
def test_a_duplicate_word_is_shown_on_its_line(site):
    page, errors = _open(site, "/studio/majority/words")
    page.locator("#text").fill("Apple\nBanana\nCafé\ncafe\nDog\nEagle\n")
    line = page.locator("#lines li[data-line='4']")
    line.wait_for()
    assert "'cafe' duplicates 'Café' (line 3)" in line.inner_text()
    assert page.locator("#lines li.bad").count() == 1
    page.locator("#lines li[data-line='4']").click()
    page.wait_for_function("document.getElementById('card-title').textContent === 'Card 2 of 3'")
    assert page.locator("#front").get_attribute("src").startswith("data:image/png")
    shoot(page, "studio-words")
    _no_wider_than(page, 390)
    assert errors == []


@pytest.mark.slow
def test_the_word_cards_pdf_is_the_builds(site, tmp_path):
    page, errors = _open(site, "/studio/majority/words", DESKTOP)
    page.locator("#lang").select_option("de")
    page.locator("#text").fill("Apfel\nBirne\nApfel\nKirsche\n")
    page.locator("#lines li[data-line='3']").wait_for()
    with page.expect_download() as got:
        page.locator("#download-pdf").click()
    downloaded = tmp_path / "cards.pdf"
    got.value.save_as(downloaded)
    (tmp_path / "clean.txt").write_text("Apfel\nBirne\nKirsche\n", "utf-8")
    built = _cli("build", "majority", "-c", "word-cards", "--words", str(tmp_path / "clean.txt"),
                 "--lang", "de", "--out", str(tmp_path / "out"), "--no-gallery")
    assert built.returncode == 0, built.stderr
    assert downloaded.read_bytes() == (tmp_path / "out" / "majority" /
                                       "word-cards-de.pdf").read_bytes()
    shoot(page, "studio-words-desktop")
    assert errors == []


@pytest.mark.slow
def test_the_kit_builders_pdf_is_pnp_builds_bytes(site, tmp_path):
    page, errors = _open(site, "/studio/build", DESKTOP)
    page.locator("input[name=games][value=majority2]").check()
    for other in ("majority", "majority-rules", "d20-stacks"):
        page.locator(f"input[name=games][value={other}]").uncheck()
    page.locator("select[name=paper]").select_option("letter")
    page.locator("input[name=backs][value=duplex-short]").check()
    page.locator("input[name=bleed]").fill("3")
    page.locator("input[name=promos]").set_input_files(str(EXAMPLES / "majority2-promo-cards.json"))
    page.locator("input[name=output][value=kit]").check()
    with page.expect_download(timeout=120_000) as got:
        page.locator("#build").click()
    downloaded = tmp_path / "kit.pdf"
    got.value.save_as(downloaded)
    assert got.value.suggested_filename == "majority2-kit.pdf"
    built = _cli("build", "majority2", "-c", "kit", "--paper", "letter", "--backs",
                 "duplex-short", "--bleed", "3", "--promos",
                 str(EXAMPLES / "majority2-promo-cards.json"), "--out", str(tmp_path / "out"),
                 "--no-gallery")
    assert built.returncode == 0, built.stderr
    assert downloaded.read_bytes() == (tmp_path / "out" / "majority2" / "kit.pdf").read_bytes()
    page.locator("#build-result .banner").wait_for()
    shoot(page, "studio-build-desktop")
    assert errors == []


@pytest.mark.slow
def test_a_zip_bomb_in_the_kit_builder_is_refused_beside_its_field(site, tmp_path):
    page, errors = _open(site, "/studio/build")
    bomb = tmp_path / "my-art.zip"
    bomb.write_bytes(zip_bomb())
    page.locator("input[name=art]").set_input_files(str(bomb))
    page.locator("#build").click()
    note = page.locator(".field-error[data-for='art']").first
    note.wait_for(timeout=60_000)
    assert "refused as a zip bomb" in note.inner_text()
    assert "my-art.zip" in page.locator("#build-problems").inner_text()
    for _ in range(50):
        if not leftovers(site[2]):
            break
        page.wait_for_timeout(100)
    assert leftovers(site[2]) == []
    shoot(page, "studio-build-refused")
    _no_wider_than(page, 390)
    assert errors == []


# Records every service worker registration a page asks for (before its scripts run).
_COUNT_WORKERS = """
window.workersRegistered = [];
if (navigator.serviceWorker) {
  const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
  navigator.serviceWorker.register = (url, options) => {
    window.workersRegistered.push(String(url));
    return register(url, options);
  };
}
"""


@pytest.mark.slow
@pytest.mark.parametrize("path", ["/studio", "/studio/majority2/promo",
                                  "/studio/majority/words", "/studio/build"])
def test_every_studio_page_fits_a_phone_and_a_desktop(site, path):
    """…and at a phone's width axe-core finds nothing serious on it and its Open button
    (where it has one) is the first thing Tab reaches, and it registers no service worker
    (it once registered the phone app's at /studio/sw.js, a file that is not there)."""
    for viewport in (None, DESKTOP):
        page, errors = _open(site, path, viewport)
        page.add_init_script(_COUNT_WORKERS)
        page.reload()
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.workersRegistered") == []
        width = 390 if viewport is None else DESKTOP["width"]
        _no_wider_than(page, width)
        name = "studio" + path.removeprefix("/studio").replace("/", "-")
        shoot(page, f"{name}-{width}")
        if viewport is None:
            assert serious(page) == []  # axe-core: nothing serious or critical
            if page.locator("#open").count():  # Open is reached with Tab, not by mouse only
                page.evaluate("document.querySelector('.home').focus()")
                page.keyboard.press("Tab")
                assert page.evaluate("document.activeElement.id") == "open-button"
        assert errors == []


@pytest.mark.slow
def test_ability_text_without_effects_is_flagged_as_played_blank(site):
    page, errors = _open(site, "/studio/majority2/promo")
    version, _ = _preview(page)
    page.get_by_role("button", name="+ Ability").click()
    page.locator("[data-path='$.cards[0].abilities[0]']").fill("Gain 1 coin.")
    warning = page.locator("#blank-warning")
    warning.wait_for()
    page.wait_for_function("document.getElementById('preview-status').dataset.kind === 'ok'"
                           f" && Number(document.getElementById('preview').dataset.version)"
                           f" > {version}")  # the server's answer keeps the page's warning
    assert "plays this card as blank" in warning.inner_text()
    assert page.evaluate("document.activeElement.dataset.path") == "$.cards[0].abilities[0]"
    page.get_by_role("button", name="+ Effect").click()
    assert page.locator("#blank-warning").count() == 0
    page.get_by_role("button", name="Remove ability 1").click()  # ✕ at once, with undo
    assert page.locator("[data-path='$.cards[0].abilities[0]']").count() == 0
    page.get_by_role("button", name="Undo").click()
    assert page.locator("[data-path='$.cards[0].abilities[0]']").input_value() == "Gain 1 coin."
    assert errors == []


@pytest.mark.slow
def test_the_studio_follows_the_browsers_language_and_its_switch(site):
    """An Italian browser gets the promo designer in Italian — the page's own words and
    those its script draws (the form, the status, a field's error in players' words) —
    with no English furniture word left but the card names the promo prints; the switch
    under the page turns it German, and the choice is kept for the next page."""
    from pnp.web.studio.vocabulary import promo_config
    from tests.test_studio_languages import english_words

    server, launched, _ = site
    page = phone(launched, locale="it-IT")
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url("/studio/majority2/promo"))
    _preview(page)
    assert page.locator("h1").inner_text().startswith("Crea carte promo")
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.locator("#preview-status").inner_text().startswith("Aggiornata")
    page.locator("[data-path='$.cards[0].cost']").fill("25")
    note = page.locator(".field-error[data-for='$.cards[0].cost']")
    note.wait_for()
    assert "25 è troppo grande: al massimo 20." in note.inner_text()
    config = promo_config()  # the factions and ranks: card names, printed in English
    cards = {f["name"] for f in config["factions"]} | {r.title() for r in config["ranks"]}
    cards |= {"Letter", "Legal"}  # and the US papers' names
    seen = page.evaluate("""() => [document.body.innerText, ...[...document.querySelectorAll(
        '[title], [aria-label], [placeholder], img[alt]')].map((e) => e.title || e.ariaLabel
        || e.placeholder || e.alt)].join(' ')""")
    assert [w for w in english_words(seen, "it") if w not in cards] == []
    shoot(page, "studio-promo-it-390")
    page.select_option("#app-lang", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert page.locator("h1").inner_text().startswith("Promokarten-Designer")
    page.goto(server.url("/studio/build"))
    page.get_by_role("button", name="Bauen").wait_for()
    assert page.locator("legend").first.inner_text() == "Spiele"
    assert errors == []
