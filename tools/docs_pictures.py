"""The docs' pictures, rendered from real output by `make docs` (never drawn by hand):

- docs/images/printed-sheet.png: the first sheet of The Majority 2's members.pdf as
  `pnp build` prints it on A4 (pypdfium2; the same bytes for the same PDF and pdfium, so
  tests/test_docs_pictures.py checks the committed file is this script's current output);
- docs/images/phone-checker.png: the phone checker of `pnp serve` at 390 x 844 with the
  contract's Majority 2 record loaded, scrolled to its verdict (headless Chromium through
  Playwright);
- docs/images/balance-chart.png: the promo chart of `pnp simulate --report` for the balance
  lab's worked example (headless Chromium).

The browser pictures need Chromium and Playwright (`make docs` installs Playwright with the
docs extra and Chromium as `make test` does); where either is missing they are left as
they are, with a note. Usage: .venv/bin/python tools/docs_pictures.py [NAME ...]
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
EXAMPLES = ROOT / "data" / "examples"
SHEET_SCALE = 0.75  # pdfium's scale: 54 DPI, an A4 sheet 446 px wide
PHONE = {"width": 390, "height": 844}


def sheet(target: Path) -> Path:
    """Page 1 of members.pdf (A4, duplex long edge, the default options) as a PNG."""
    import pypdfium2

    with tempfile.TemporaryDirectory() as folder:
        _pnp("build", "majority2", "-c", "members", "--out", folder, "--no-gallery")
        pdf = pypdfium2.PdfDocument(Path(folder) / "majority2" / "members.pdf")
        image = pdf[0].render(scale=SHEET_SCALE).to_pil().convert("RGB")
        pdf.close()
    image.save(target, optimize=True)
    return target


def phone(target: Path) -> Path | None:
    """The Majority 2 check page with data/examples/majority2-mistakes.json loaded."""
    launched = _browser()
    if launched is None:
        return None
    playwright, browser = launched
    server = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              cwd=ROOT)
    try:
        address = server.stdout.readline().removeprefix("pnp serve: open ").strip()
        base = f"http://127.0.0.1:{urlparse(address).port}"
        page = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
        page.goto(base + "/check/majority2", wait_until="networkidle")
        page.set_input_files("#load", str(EXAMPLES / "majority2-mistakes.json"))
        page.wait_for_selector("#verdict .banner[data-ok]")  # the verdict follows the form
        page.wait_for_function("document.getElementById('status').textContent === ''")
        page.evaluate("window.scrollTo(0, window.scrollY - 64 +"  # below the sticky header
                      " document.querySelector('#verdict').getBoundingClientRect().top)")
        page.screenshot(path=str(target))
        return target
    finally:
        server.terminate()
        server.wait(10)
        browser.close()
        playwright.stop()


def balance_chart(target: Path) -> Path | None:
    """The promo chart of the balance lab's worked example (400 games)."""
    with tempfile.TemporaryDirectory() as folder:
        _pnp("simulate", "majority2", "--games", "400", "--promos",
             str(EXAMPLES / "majority2-overpowered-promo.json"), "--report", folder)
        launched = _browser()
        if launched is None:
            return None
        playwright, browser = launched
        try:
            page = browser.new_page(viewport={"width": 760, "height": 400})
            page.goto((Path(folder) / "promos.svg").as_uri())
            page.locator("svg").first.screenshot(path=str(target))
        finally:
            browser.close()
            playwright.stop()
    return target


def _pnp(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "pnp", *args], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)


def _browser():
    """Playwright and a headless Chromium, or None (with a note) where there is none."""
    chromium = (shutil.which("chromium-headless-shell") or shutil.which("chromium")
                or shutil.which("chromium-browser"))  # the first is what `make browser` installs
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        chromium = None
    if not chromium:
        print("note: no Chromium and Playwright here: the browser pictures are left as they "
              "are", file=sys.stderr)
        return None
    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(executable_path=chromium,
                                         args=["--no-sandbox", "--disable-gpu"])
    return playwright, browser


PICTURES = {"printed-sheet": sheet, "phone-checker": phone, "balance-chart": balance_chart}


def main(names: list[str]) -> None:
    IMAGES.mkdir(exist_ok=True)
    for name in names or PICTURES:
        made = PICTURES[name](IMAGES / f"{name}.png")
        if made:
            print(f"{made.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:])
