"""`/log/majority2` in a real browser: a game of more than five rounds taken down through
the buttons (only legal choices are offered), with one undo and one reload in the middle;
the downloaded log passes `pnp check` with the verdict the page showed."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from tests.webtools import ROOT, browser, open_page, served, shoot

ROUNDS = 6


def _settled(page):
    page.wait_for_function("document.getElementById('status').textContent === ''")


def _stored(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('pnp.log.majority2')"))


def _round(page) -> int:
    if not page.locator("#history details[open]").count():
        return 0
    text = page.locator("#history details[open] summary").inner_text()
    return 0 if text.startswith("Setup") else int(text.split()[-1])


@pytest.fixture(scope="module")
def site():
    with served() as server, browser() as launched:
        yield server, launched


@pytest.mark.slow
def test_a_game_taken_down_with_an_undo_and_a_reload(site, tmp_path):
    page, errors = open_page(*site, "/log/majority2")
    page.fill("#p1", "Ana")
    page.fill("#p2", "Bo")
    page.click("#start")
    _settled(page)
    rng = random.Random(21)
    undone = reloaded = False
    while _round(page) <= ROUNDS:
        _settled(page)
        buttons = page.locator("#choices button")
        count = buttons.count()
        assert count, "the game ended before the test's rounds"
        labels = buttons.all_inner_texts()
        passing = [i for i, label in enumerate(labels) if label == "pass"]
        pick = passing[0] if passing and rng.random() < 0.4 else rng.randrange(count)
        before = _stored(page)["actions"]
        buttons.nth(pick).click()
        _settled(page)
        if not undone and _round(page) == 3:
            page.click("#undo")
            _settled(page)
            assert _stored(page)["actions"] == before  # back to the same question
            assert page.locator("#choices button").all_inner_texts() == labels
            undone = True
        elif not reloaded and _round(page) == 4:
            steps = page.locator("#history li").count()
            question = page.locator("#question").inner_text()
            page.reload()
            _settled(page)
            assert page.locator("#history li").count() == steps
            assert page.locator("#question").inner_text() == question
            reloaded = True
    assert undone and reloaded
    shoot(page, "log-majority2-playing", full_page=False)
    page.click("#stop")
    page.locator("[data-claim='Ana']").fill("7")
    page.click("#check")
    page.wait_for_selector("#verdict .banner")
    shown = json.loads(page.locator("#verdict .report-json").text_content())
    shoot(page, "log-majority2-checked")
    with page.expect_download() as download:
        page.click("#download")
    path = tmp_path / "log.json"
    download.value.save_as(path)
    log = json.loads(path.read_text("utf-8"))
    assert len(log["rounds"]) >= 5 and log["claimed"] == {"Ana": 7}
    done = subprocess.run([sys.executable, "-m", "pnp", "check", str(path), "--json"],
                          capture_output=True, text=True, cwd=ROOT)
    report = json.loads(done.stdout)
    assert report == shown
    # The only possible problem: Ana's claim (the replay itself is legal).
    assert [v["where"] for v in report["violations"]] in ([], ["claimed.Ana"])
    assert done.returncode == (0 if report["ok"] else 1)
    assert errors == []
