"""The checker forms in a real browser (headless Chromium at a phone's 390 x 844): each
game's shipped example typed in field by field gives the report `pnp check --json` gives,
and a wrong claim is shown as wrong."""

from __future__ import annotations

import json

import pytest

from tests.webtools import EXAMPLES, browser, cli_report, phone, served, shoot


@pytest.fixture(scope="module")
def site():
    with served() as server, browser() as launched:
        yield server, launched


def _page(site, path):
    server, launched = site
    page = phone(launched)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url(path))
    return page, errors


def _report(page) -> dict:
    """The report behind the verdict the page shows, once the page has settled."""
    page.wait_for_selector("#verdict .banner[data-ok='true'], #verdict .banner[data-ok='false']")
    page.wait_for_function("document.getElementById('status').textContent === ''")
    return json.loads(page.locator("#verdict .report-json").text_content())


def _players(page, names):
    for i, name in enumerate(names):
        page.locator(f"[data-path='$.players[{i}]']").fill(name)
        page.locator(f"[data-path='$.players[{i}]']").dispatch_event("change")


def test_majority2_example_typed_in(site):
    page, errors = _page(site, "/check/majority2")
    record = json.loads((EXAMPLES / "majority2-mistakes.json").read_text("utf-8"))
    _players(page, record["players"])
    page.locator("[data-path='$.start_player']").select_option(label=record["start_player"])
    for name, cards in record["score_areas"].items():
        area = page.locator(f"[data-area='{name}']")
        for i, card in enumerate(cards):
            area.get_by_role("button", name="+ card").click()
            item = card if isinstance(card, dict) else {"card": card}
            page.locator(f"[data-path='$.score_areas.{name}[{i}]']").select_option(item["card"])
            if item.get("disc"):
                page.locator(f"[data-path='$.score_areas.{name}[{i}].disc']").select_option(
                    item["disc"])
        page.locator(f"[data-path='$.coins.{name}']").fill(str(record["coins"][name]))
    for name, total in record["claimed"].items():
        page.locator(f"[data-path='$.claimed.{name}']").fill(str(total))
    report = _report(page)
    assert report == cli_report(EXAMPLES / "majority2-mistakes.json")
    assert page.locator("[data-wrong-claim='Bo']").is_visible()
    assert "Witches Secretary: 2 + 2 × 1 other blue Secretary = 4" in page.locator(
        "[data-player='Bo']").inner_text()
    shoot(page, "check-majority2")
    assert errors == []
