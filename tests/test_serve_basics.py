"""`pnp serve` as a server: pages, the token rule, error pages and `POST /api/check`,
against the real uvicorn process."""

from __future__ import annotations

import json
from urllib.parse import urlparse

import pytest

from tests.webtools import EXAMPLES, cli_report, post_json, raw, request, served

EXAMPLE_RECORDS = sorted(p.name for p in EXAMPLES.glob("*.json")
                         if "game" in json.loads(p.read_text("utf-8"))  # records, not cards
                         and "custom-promos" not in p.name)


@pytest.fixture(scope="module")
def local():
    with served() as server:
        yield server


@pytest.mark.slow
def test_serve_prints_its_address_and_a_qr_code(local):
    assert local.printed.startswith("http://127.0.0.1:") and local.token is None
    status, headers, body = request(local.url("/"), headers={"Accept": "text/html"})
    assert status == 200 and "text/html" in headers["content-type"]
    assert b"The Majority 2" in body and b"check-majority-rules.html" in body


@pytest.mark.slow
def test_every_asset_is_served_by_the_app_itself(local):
    _, _, body = request(local.url("/"), headers={"Accept": "text/html"})
    page = body.decode()
    assert "http://" not in page.replace(local.base, "") and "https://" not in page
    assert request(local.url("/static/app.css"))[0] == 200


@pytest.mark.slow
@pytest.mark.parametrize("name", EXAMPLE_RECORDS)
def test_api_check_gives_the_cli_report(local, name):
    record = json.loads((EXAMPLES / name).read_text("utf-8"))
    status, report = post_json(local.url("/api/check"), record)
    assert status == 200
    assert report == cli_report(EXAMPLES / name)


def test_a_promo_file_named_in_a_posted_record_is_refused(local):
    record = json.loads((EXAMPLES / "majority2-custom-promos.json").read_text("utf-8"))
    status, answer = post_json(local.url("/api/check"), record)
    assert status == 422
    assert answer["problems"][0]["path"] == "$.promos"
    assert "cannot be named here" in answer["problems"][0]["message"]


def test_an_unknown_page_is_a_404_page(local):
    status, headers, body = request(local.url("/check/chess"), headers={"Accept": "text/html"})
    assert status == 404 and "text/html" in headers["content-type"]
    assert b"no game called" in body and b"Traceback" not in body


def test_a_body_over_the_cap_is_413(local):
    declared = (b"POST /api/check HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5000000\r\n\r\n"
                + b"[" * 10_000)
    status, answer = raw(local, declared)
    assert status == 413 and b"larger than" in answer
    chunk = b"[" * 65536
    chunked = (b"POST /api/check HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
               + (b"10000\r\n" + chunk + b"\r\n") * 20 + b"0\r\n\r\n")
    status, answer = raw(local, chunked)
    assert status == 413 and b"larger than" in answer


@pytest.mark.slow
def test_a_shared_server_needs_its_token():
    with served("--host", "0.0.0.0") as shared:
        assert shared.token and f"?token={shared.token}" in shared.printed
        host = urlparse(shared.printed).hostname
        assert host not in ("0.0.0.0", "127.0.0.1")  # an address the phones can open
        html = {"Accept": "text/html"}
        status, _, body = request(shared.url("/", token=False), headers=html)
        assert status == 403 and b"access token" in body
        assert request(shared.url("/api/check", token=False), b"{}", "POST")[0] == 403
        assert request(shared.base + "/?token=wrong", headers=html)[0] == 403
        status, headers, _ = request(shared.url("/"), headers=html)
        assert status == 200 and "pnp_token=" in headers.get("set-cookie", "")
        cookie = {"Cookie": f"pnp_token={shared.token}", **html}
        assert request(shared.url("/check/majority", token=False), headers=cookie)[0] == 200


def test_a_loopback_address_gets_no_qr_code_but_how_to_reach_phones():
    """A phone's camera opening http://127.0.0.1:8000/ reaches the phone itself: pnp serve
    on localhost says how to serve phones instead of drawing a QR code of it."""
    from pnp.cli.serve import for_phones

    said = for_phones("127.0.0.1", "http://127.0.0.1:8000/")
    assert "--host 0.0.0.0" in said and "pnp export web" in said and "█" not in said
    assert for_phones("0.0.0.0", "http://192.0.2.2:8000/?token=x").strip()  # a QR code
