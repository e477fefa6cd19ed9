"""Issue 32's server findings, each against the real `pnp serve` this file starts: a name
no file can have is a 4xx naming the field (W01)."""

from __future__ import annotations

import io
import json
import os
import signal
import socket
import subprocess
import threading
from pathlib import Path

import pytest

from pnp.games import GAMES
from tests.studiotools import example_document, post_form, small_png, zip_bytes
from tests.webtools import EXAMPLES, request, served

LONG_ART = "art/" + "a" * 300 + ".png"
"""A picture name the promo schema allows (up to 4,096 characters) but no file system
takes: one part of 304 characters ("File name too long")."""


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    root = tmp_path_factory.mktemp("studio")
    with served(env={"PNP_STUDIO_TMP": str(root)}) as server:
        yield server


def _long_art_promo() -> bytes:
    document = example_document()
    document["cards"][0]["art"] = LONG_ART
    return json.dumps(document).encode()


@pytest.mark.slow
@pytest.mark.parametrize("path, fields, files, field", [
    ("/api/studio/build", {"games": "majority2"},
     {"promos": ("p.json", _long_art_promo()),
      "art": ("art.zip", zip_bytes([("art/x.png", small_png())]))}, "art"),
    ("/api/studio/build", {"games": "majority2"},
     {"promos": ("p.zip", zip_bytes([("p.json", _long_art_promo())]))}, "promos"),
    ("/api/studio/build", {"games": "majority2"},
     {"promos": ("p.json", _long_art_promo())}, "promos"),
])
def test_a_picture_name_too_long_for_a_file_is_a_422_naming_the_field(studio, path, fields,
                                                                       files, field):
    status, _, body = post_form(studio.url(path), fields, files)
    answer = json.loads(body)
    assert status == 422, answer
    assert {p["field"] for p in answer["problems"]} == {field}, answer
    assert any("not found" in p["message"] for p in answer["problems"]), answer


@pytest.mark.slow
def test_opening_a_promo_whose_picture_name_is_too_long_says_so_in_a_note(studio):
    upload = zip_bytes([("p.json", _long_art_promo())])
    status, _, body = post_form(studio.url("/api/studio/promo/open"), {},
                                {"file": ("p.zip", upload)})
    answer = json.loads(body)
    assert status == 200, answer
    assert answer["pictures"] == []
    assert answer["notes"][0].startswith("card 1: its picture 'art/aaaa"), answer


# --- W05: the Host and Origin a request comes with ------------------------------------------

CHECK = "/api/check"


@pytest.mark.parametrize("headers", [
    {"Origin": "http://evil.example", "Content-Type": "text/plain"},
    {"Origin": "null", "Content-Type": "text/plain"},
    {"Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain"},
    {"Host": "evil.example:8000"},
])
def test_a_post_from_another_site_or_under_another_name_is_403(studio, headers):
    status, _, body = request(studio.url(CHECK), b"{}", "POST", headers)
    assert status == 403, body
    assert json.loads(body)["error"].startswith(("A page of another site",
                                                 "This server answers only"))


def test_a_rebound_name_cannot_read_a_page(studio):
    status, _, body = request(studio.url("/"), headers={"Host": "evil.example"})
    assert status == 403
    assert b"evil.example" in body


@pytest.mark.parametrize("headers", [
    {},  # a script: no Origin
    {"Origin": "{base}"},  # the app's own page
    {"Host": "localhost:{port}", "Origin": "http://localhost:{port}"},
    {"Host": "[::1]:{port}"},
])
def test_the_apps_own_pages_and_scripts_still_post(studio, headers):
    port = studio.base.rsplit(":", 1)[1]
    sent = {k: v.format(base=studio.base, port=port) for k, v in headers.items()}
    record = (EXAMPLES / "majority-legal.json").read_bytes()
    status, _, body = request(studio.url(CHECK), record, "POST",
                              {"Content-Type": "application/json", **sent})
    assert status == 200, body


# --- W08: a crowd of studio jobs is queued with a bound -------------------------------------

@pytest.mark.slow
def test_builds_past_the_queue_are_429_at_once_and_the_checker_still_answers():
    """One worker, one place in the queue, builds stopped after 2 s: of four builds sent
    together two get 429 (with Retry-After) at once; the checker answers meanwhile."""
    env = {"PNP_STUDIO_WORKERS": "1", "PNP_STUDIO_QUEUE": "1", "PNP_STUDIO_TIME_LIMIT": "2"}
    with served(env=env) as server:
        answers: list[tuple[int, dict]] = []

        def build() -> None:
            status, headers, _ = post_form(server.url("/api/studio/build"),
                                           {"games": list(GAMES), "lang": "all",
                                            "output": "zip"}, {})
            answers.append((status, headers))

        threads = [threading.Thread(target=build) for _ in range(4)]
        for thread in threads:
            thread.start()
        record = (EXAMPLES / "majority-legal.json").read_bytes()
        checked = [request(server.url(CHECK), record, "POST",
                           {"Content-Type": "application/json"})[0] for _ in range(5)]
        for thread in threads:
            thread.join(60)
        assert checked == [200] * 5
        busy = [headers for status, headers in answers if status == 429]
        assert len(answers) == 4 and len(busy) == 2, answers
        assert all({k.lower(): v for k, v in h.items()}["retry-after"] == "10" for h in busy)


# --- W06: the server's temporary folder goes however it stops -------------------------------

def _dead_pid() -> int:
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_every_way_to_stop_removes_the_studios_folder(tmp_path, sig):
    killed = tmp_path / f"pnp-studio-{_dead_pid()}-left1234"
    alive = tmp_path / f"pnp-studio-{os.getpid()}-mine5678"
    other = tmp_path / "pnp-studio-notes"
    for folder in (killed, alive, other):
        (folder / "art").mkdir(parents=True)
    with served(env={"TMPDIR": str(tmp_path)}) as server:
        assert not killed.exists() and alive.exists() and other.exists()
        post_form(server.url("/api/studio/art"), {}, {"image": ("a.png", small_png())})
        mine = list(tmp_path.glob(f"pnp-studio-{server.process.pid}-*"))
        assert len(mine) == 1 and (mine[0] / "art").is_dir()
        server.process.send_signal(sig)
        server.process.wait(20)
        assert not mine[0].exists()
    assert alive.exists() and other.exists()


# --- W02: a picture of many pixels is previewed from a small copy ---------------------------

def _peak_rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines()
                    if line.startswith("VmHWM:"))) / 1024


@pytest.mark.slow
def test_a_picture_of_81_megapixels_is_previewed_without_decoding_it_in_the_server(tmp_path):
    """A 9,000 x 9,000 picture packed to a few kilobytes: the worker checks it and makes a
    1,600-pixel copy; the card preview draws the copy, so the server's peak memory stays
    far below the 81 MB a single decode of the picture would take."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("L", (9000, 9000), 90).save(out, format="PNG")
    with served(env={"PNP_STUDIO_TMP": str(tmp_path)}) as server:
        status, _, body = post_form(server.url("/api/studio/art"), {},
                                    {"image": ("big.png", out.getvalue())})
        assert status == 200, body
        art_id = json.loads(body)["id"]
        with Image.open(tmp_path / "previews" / art_id) as copy:
            assert max(copy.size) == 1600
        document = example_document()
        document["cards"][0]["art"] = "art/big.png"
        status, _, body = request(server.url("/api/studio/promo/check"), json.dumps(
            {"document": document, "pictures": {"art/big.png": art_id}, "card": 0}).encode(),
            "POST", {"Content-Type": "application/json"})
        answer = json.loads(body)
        assert status == 200 and answer["preview"].startswith("data:image/png"), answer
        peak = _peak_rss_mb(server.process.pid)
        assert peak < 200, peak


# --- W07: connections that never finish a request ------------------------------------------

@pytest.mark.slow
def test_600_unfinished_requests_neither_fill_the_server_nor_stay_open():
    """600 connections that stop in the middle of their headers, one that stops in its
    body: the server still answers everyone else, and closes each unfinished one with a
    408 once its clock (1 s here, 10 s by default) runs out."""
    port_env = {"PNP_SERVE_HEADER_SECONDS": "1", "PNP_SERVE_BODY_IDLE_SECONDS": "1"}
    with served(env=port_env) as server:
        port = int(server.base.rsplit(":", 1)[1])
        stalled = []
        for _ in range(600):
            conn = socket.create_connection(("127.0.0.1", port), timeout=10)
            conn.sendall(b"GET / HTTP/1.1\r\nHost: localh")
            stalled.append(conn)
        body = socket.create_connection(("127.0.0.1", port), timeout=10)
        body.sendall(b"POST /api/check HTTP/1.1\r\nHost: localhost\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        stalled.append(body)
        record = (EXAMPLES / "majority-legal.json").read_bytes()
        status, _, _ = request(server.url(CHECK), record, "POST",
                               {"Content-Type": "application/json"})
        assert status == 200
        try:
            answers = {conn.recv(200).split(b"\r\n", 1)[0] for conn in stalled}
        finally:
            for conn in stalled:
                conn.close()
        assert answers == {b"HTTP/1.1 408 Request Timeout"}


# --- found by the web audit ----------------------------------------------------------------

STUDIO_JSON = ("/api/studio/promo/check", "/api/studio/promo/file", "/api/studio/promo/pdf",
               "/api/studio/balance", "/api/studio/words/check", "/api/studio/words/card",
               "/api/studio/words/pdf")


@pytest.mark.parametrize("path", STUDIO_JSON)
@pytest.mark.parametrize("body, said", [
    (b'{"text": "\\ud800", "format": "txt"}', "half of a surrogate pair"),
    (b'{"games": 1e400}', "1e400"),
    (b'{"games": NaN}', "NaN"),
    (b'[' * 100_000 + b']' * 100_000, "nested more than 64 levels"),
])
def test_a_studio_call_refuses_json_the_toolkit_refuses_with_a_422_at_its_line(path, body,
                                                                               said):
    """A lone surrogate in a studio call's JSON was a 500 (the word list could not be
    written as UTF-8): the studio reads its requests as the toolkit reads files."""
    from pnp.web.app import create_app
    from tests.webtools import asgi_client

    answer = asgi_client(create_app()).post(path, content=body,
                                            headers={"Content-Type": "application/json"})
    assert answer.status_code == 422, answer.text
    found = answer.json()
    assert found["error"].startswith("The request is not JSON: ") and said in found["error"]
    assert found["problems"][0]["line"] == 1


def test_a_client_gone_while_its_body_is_read_is_no_error_in_the_servers_log(caplog):
    """A body that stalls is answered 408 and its connection closed; the handler still
    reading it then met the disconnect, and the server's log showed it as an error with a
    traceback. Nothing went wrong: nothing is logged."""
    import asyncio

    from pnp.web.app import create_app

    scope = {"type": "http", "method": "POST", "path": "/api/check", "raw_path": b"/api/check",
             "query_string": b"", "root_path": "", "scheme": "http", "http_version": "1.1",
             "headers": [(b"host", b"localhost"), (b"content-length", b"100")],
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
    sent = []

    async def receive():
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    with caplog.at_level("ERROR"):
        asyncio.run(create_app()(scope, receive, send))
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
