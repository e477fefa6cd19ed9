"""The 403 a shared server gives without its access token: a page in the app's style that
says why and how to get in (its stylesheet is inside it, since /static is refused too),
and JSON for scripts."""

from __future__ import annotations

import pytest

from pnp.web.app import create_app
from pnp.web.errors import refusal_response
from tests.webtools import asgi_client, browser, phone, served, shoot

TOKEN = "s3cret-Token"
HTML = {"Accept": "text/html"}


@pytest.fixture(scope="module")
def client():
    return asgi_client(create_app(token=TOKEN))


def test_the_refusal_page_is_styled_from_within(client):
    answer = client.get("/check/majority2", headers=HTML)
    assert answer.status_code == 403 and "text/html" in answer.headers["content-type"]
    page = answer.text
    assert "<style>" in page and ".bar {" in page and 'rel="stylesheet"' not in page
    assert client.get("/static/app.css", headers=HTML).status_code == 403
    assert "Access token needed" in page and "opens only with its access token" in page
    assert '<form method="get" action="/check/majority2"' in page and 'name="token"' in page
    assert 'href="http' not in page  # no link into the app it cannot open


def test_the_refusal_says_which_token_was_wrong(client):
    wrong_address = client.get("/?token=old", headers=HTML).text
    assert "not this server&#39;s" in wrong_address
    stale = client.get("/", headers={**HTML, "Cookie": "pnp_token=old"}).text
    assert "earlier run of pnp serve" in stale


def test_the_refusal_form_stays_on_this_server():
    """A request for `//host/x` must not make the form send a typed token to that host."""
    scope = {"type": "http", "method": "GET", "path": "//evil.example/x", "query_string": b"",
             "headers": [(b"accept", b"text/html")]}
    page = refusal_response(scope, "no token").body.decode()
    assert 'action="/evil.example/x"' in page


def test_json_clients_still_get_json(client):
    for path, headers in (("/api/check", {}), ("/check/majority", {"Accept": "application/json"})):
        answer = client.post(path, headers=headers, content=b"{}") if path.startswith("/api") \
            else client.get(path, headers=headers)
        assert answer.status_code == 403
        body = answer.json()
        assert body["status"] == 403 and "access token" in body["error"]


@pytest.mark.slow
def test_the_right_token_opens(client):
    assert client.get(f"/?token={TOKEN}", headers=HTML).status_code == 200


@pytest.mark.slow
def test_the_refusal_page_in_a_phone_and_the_token_typed_in():
    with served("--host", "0.0.0.0") as shared, browser() as launched:
        page = phone(launched)
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        answer = page.goto(shared.url("/check/majority2", token=False))
        assert answer.status == 403
        bar = page.evaluate("getComputedStyle(document.querySelector('.bar')).backgroundColor")
        assert bar == "rgb(34, 48, 71)"  # the app's own bar, not an unstyled page
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shoot(page, "refused-403")
        page.get_by_label("Access token").fill(shared.token)
        page.get_by_role("button", name="Open").click()
        page.wait_for_selector("h1:has-text('The Majority 2')")
        assert page.url.startswith(shared.base + "/check-majority2.html")
        page.goto(shared.base + "/log/majority2")  # the cookie opens the rest
        page.wait_for_selector("h1")
        assert "Access token" not in page.locator("h1").inner_text()
        assert errors == []
