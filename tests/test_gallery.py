"""`output/index.html`: the gallery, checked in a real headless browser."""

from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from pnp.kits.gallery import MANIFEST, render_html
from tests.webtools import CHROMIUM_FLAGS, chromium


@pytest.fixture(scope="module")
def gallery(tmp_path_factory) -> Path:
    from typer.testing import CliRunner

    from pnp.cli import app

    out = tmp_path_factory.mktemp("gallery")
    runner = CliRunner()
    for components in (["word-cards"], ["vote-cards", "variant-card"]):
        args = ["build", "majority", "--out", str(out)]
        args += [a for c in components for a in ("-c", c)]
        result = runner.invoke(app, args, catch_exceptions=False)
        assert result.exit_code == 0, result.stderr
    return out


def test_index_lists_every_built_pdf_with_thumbnails(gallery):
    page = (gallery / "index.html").read_text(encoding="utf-8")
    pdfs = sorted(p.relative_to(gallery).as_posix() for p in gallery.rglob("*.pdf"))
    assert pdfs and all(f'href="{pdf}"' in page for pdf in pdfs)
    assert '<section id="majority">' in page
    assert "206 cards · 46 pages" in page and "40 cards · 10 pages" in page
    for src in page.split('src="')[1:]:
        assert (gallery / src.split('"')[0]).is_file()


def test_a_partial_build_keeps_earlier_files_listed_in_build_order(gallery):
    import json

    entries = json.loads((gallery / MANIFEST).read_text())
    assert [e["pdf"] for e in entries] == ["majority/vote-cards.pdf",
                                           "majority/variant-card.pdf",
                                           "majority/word-cards.pdf"]


def test_empty_gallery_says_what_to_do():
    assert "run <code>pnp build</code>" in render_html([])


@pytest.mark.slow
def test_gallery_in_a_real_browser(gallery):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto((gallery / "index.html").as_uri())
            page.wait_for_load_state("load")
            for img in page.query_selector_all("img"):
                img.scroll_into_view_if_needed()
            page.wait_for_function("Array.from(document.images).every(i => i.complete)")
            images = page.evaluate(
                "Array.from(document.images).map(i => [i.currentSrc, i.naturalWidth])")
            links = page.evaluate("Array.from(document.links).map(a => a.href)")
            shot = gallery / "gallery.png"
            page.screenshot(path=str(shot), full_page=True)
        finally:
            browser.close()
    assert images and all(width > 0 for _, width in images), images
    assert links and all(Path(unquote(urlparse(href).path)).is_file() for href in links)
    assert shot.stat().st_size > 10_000


@pytest.fixture(scope="module")
def languages_gallery(tmp_path_factory) -> Path:
    """The Majority's variant card and quick reference in every language, then the
    German variant card again (a build of one language keeps the others' entries)."""
    from typer.testing import CliRunner

    from pnp.cli import app

    out = tmp_path_factory.mktemp("languages")
    runner = CliRunner()
    for extra in (["-c", "variant-card", "-c", "quick-reference", "--lang", "all"],
                  ["-c", "variant-card", "--lang", "de"]):
        result = runner.invoke(app, ["build", "majority", "--out", str(out), *extra],
                               catch_exceptions=False)
        assert result.exit_code == 0, result.stderr
    return out


@pytest.mark.slow
def test_a_game_in_several_languages_gets_a_language_picker(languages_gallery):
    page = (languages_gallery / "index.html").read_text(encoding="utf-8")
    labels = [x.split("</label>")[0].split(">")[-1] for x in page.split('<label')[1:]]
    # the page speaks the last build's language (German), each file's caption its own
    assert labels == ["Alle Sprachen", "English", "Deutsch", "Español", "Français",
                      "Italiano"]
    assert "<html lang=\"de\">" in page
    assert "<h1>majority-pnp — Spiele zum Ausdrucken</h1>" in page
    assert '<figure class="lang-de">' in page and '<figure class="lang-en">' in page
    german = page.split('href="majority/variant-card-de.pdf">')[2].split("</figure>")[0]
    english = page.split('href="majority/variant-card.pdf">')[2].split("</figure>")[0]
    assert "1 Karte · 2 Seiten" in german and "Papier A4. Beidseitig drucken" in german
    assert "1 card · 2 pages" in english and "A4 paper. Print double-sided" in english


@pytest.mark.slow
def test_the_language_picker_shows_one_languages_files_in_a_browser(languages_gallery):
    from playwright.sync_api import sync_playwright

    def visible(page) -> list[str]:
        return page.evaluate("Array.from(document.querySelectorAll('figure'))"
                             ".filter(f => f.offsetParent !== null)"
                             ".map(f => f.querySelector('figcaption a').textContent)")

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto((languages_gallery / "index.html").as_uri())
            everything = visible(page)
            page.click("label[for=lang-majority-de]")
            german = visible(page)
            page.screenshot(path=str(languages_gallery / "picker-de.png"), full_page=True)
            page.click("label[for=lang-majority-en]")
            english = visible(page)
            page.click("label[for=lang-majority-all]")
            again = visible(page)
        finally:
            browser.close()
    assert "variant-card-de.pdf" in everything and "quick-reference-it.pdf" in everything
    assert sorted(german) == ["quick-reference-de.pdf", "variant-card-de.pdf"]
    assert sorted(english) == ["quick-reference.pdf", "variant-card.pdf"]
    assert again == everything


def test_a_refreshed_page_keeps_its_language(tmp_path):
    from pnp.kits.gallery import refresh_gallery, render_html
    from pnp.kits.pages import page_words

    (tmp_path / "gallery.json").write_text("[]", encoding="utf-8")
    (tmp_path / "index.html").write_text(render_html([], tmp_path, page_words("it")),
                                         encoding="utf-8")
    page = refresh_gallery(tmp_path).read_text(encoding="utf-8")  # as pnp calibrate does
    assert '<html lang="it">' in page
    assert "<p>Non c&#x27;è ancora niente: esegui <code>pnp build</code>.</p>" in page
    page = refresh_gallery(tmp_path, words=page_words("es")).read_text(encoding="utf-8")
    assert '<html lang="es">' in page and "Aún no hay nada" in page


def test_a_language_without_page_words_gets_the_english_ones_and_is_told():
    from pnp.kits.pages import page_words

    words = page_words("pt")
    assert words.language == "en" and words["gallery"]["exports"] == "Exports"
    assert "no words for the pages in 'pt'" in words.missing.message
    assert words.missing.file.endswith("pages/strings.pt.json")
