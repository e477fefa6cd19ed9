"""The studio with hostile and concurrent use, against the real server: uploads that must
be refused with a clear message and leave nothing behind, the token rule, the time limit
per build, balance tests that belong to their browser, and several people at once."""

from __future__ import annotations

import json
import threading

import pytest

from tests.studiotools import (
    NOT_AN_IMAGE,
    climbing_zip,
    example_document,
    huge_png,
    leftovers,
    post,
    post_form,
    small_png,
    symlink_zip,
    zip_bomb,
    zip_bytes,
)
from tests.webtools import EXAMPLES, raw, request, served

KIT = {"games": "majority2", "paper": "a4", "output": "kit"}


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    root = tmp_path_factory.mktemp("studio")
    with served(env={"PNP_STUDIO_TMP": str(root)}) as server:
        yield server, root


def _nothing_left(root) -> None:
    """No job folder is left (a download's folder goes once it is sent: allow a moment)."""
    for _ in range(50):
        if not leftovers(root):
            return
        threading.Event().wait(0.1)
    assert leftovers(root) == []


@pytest.mark.slow
@pytest.mark.parametrize("name, data, says", [
    ("bomb.zip", zip_bomb(), "refused as a zip bomb"),
    ("climb.zip", climbing_zip(), "climbs out of the folder"),
    ("link.zip", symlink_zip(), "is a symbolic link"),
    ("huge.zip", zip_bytes([("members-back.png", huge_png())]), "100 megapixel limit"),
    ("fake.zip", zip_bytes([("ghost.png", NOT_AN_IMAGE)]), "not an image"),
    ("notes.zip", b"PK\x03\x04 a zip cut short", "not a readable zip file"),
])
def test_a_hostile_art_zip_is_refused_and_leaves_nothing(studio, name, data, says):
    server, root = studio
    status, _, body = post_form(server.url("/api/studio/build"), KIT, {"art": (name, data)})
    answer = json.loads(body)
    assert status == 422, answer
    assert any(says in p["message"] and p["field"] == "art" for p in answer["problems"]), answer
    assert str(root) not in body.decode() and "/tmp/" not in body.decode()
    _nothing_left(root)


@pytest.mark.parametrize("name, data, says", [
    ("huge.png", huge_png(), "100 megapixel limit"),
    ("fake.png", NOT_AN_IMAGE, "not an image"),
    ("picture.gif", b"GIF89a", "must be a .png"),
])
def test_a_hostile_picture_is_refused_and_not_kept(studio, name, data, says):
    server, root = studio
    status, _, body = post_form(server.url("/api/studio/art"), {}, {"image": (name, data)})
    answer = json.loads(body)
    assert status == 422 and says in answer["problems"][0]["message"], answer
    assert answer["problems"][0]["field"] == "image"
    _nothing_left(root)
    assert list((root / "art").iterdir()) == []


@pytest.mark.slow
def test_a_good_picture_is_kept_and_shows_on_the_card(studio):
    server, root = studio
    status, _, body = post_form(server.url("/api/studio/art"), {},
                                {"image": ("witch.png", small_png())})
    picture = json.loads(body)
    assert status == 200 and picture["width"] == 660 and picture["warning"] is None
    document = example_document()
    document["cards"][0]["art"] = "art/witch.png"
    plain = json.loads(post(server.url("/api/studio/promo/check"),
                            {"document": example_document(), "card": 0})[2])
    with_art = json.loads(post(server.url("/api/studio/promo/check"), {
        "document": document, "pictures": {"art/witch.png": picture["id"]}, "card": 0})[2])
    assert with_art["problems"] == [] and with_art["preview"] != plain["preview"]
    status, headers, body = post(server.url("/api/studio/promo/file"), {
        "document": document, "pictures": {"art/witch.png": picture["id"]},
        "filename": "witch.json"})
    assert status == 200 and headers["content-type"] == "application/zip"
    _nothing_left(root)


def test_a_card_cannot_name_a_server_file(studio):
    server, root = studio
    document = example_document()
    document["cards"][0]["art"] = "../../../../etc/passwd"
    answer = json.loads(post(server.url("/api/studio/promo/check"),
                             {"document": document, "card": 0})[2])
    assert answer["problems"][0]["path"] == "$.cards[0].art"
    assert "picture button" in answer["problems"][0]["message"]
    _nothing_left(root)


@pytest.mark.parametrize("path, body", [
    ("/api/studio/promo/check", b"{not json"),
    ("/api/studio/promo/check", b"[1, 2]"),
    ("/api/studio/promo/check", json.dumps({"document": "x"}).encode()),
    ("/api/studio/promo/check", json.dumps({"document": {}, "card": -1}).encode()),
    ("/api/studio/promo/check", b'{"document": {"cards": NaN}}'),
    ("/api/studio/promo/check", b"[" * 5000 + b"]" * 5000),
    ("/api/studio/words/check", json.dumps({"text": 5}).encode()),
    ("/api/studio/words/check", json.dumps({"text": "a\nb", "format": "exe"}).encode()),
    ("/api/studio/words/check", json.dumps({"text": "", "format": "txt"}).encode()),
    ("/api/studio/balance", json.dumps({"document": {}, "games": 10**9}).encode()),
    ("/api/studio/build", b"games=majority2"),
])
def test_malformed_calls_get_a_4xx_with_a_message(studio, path, body):
    server, root = studio
    status, _, answer = request(server.url(path), body, "POST",
                                {"Content-Type": "application/json"})
    assert 400 <= status < 500, (status, answer[:300])
    assert json.loads(answer)["error"]
    _nothing_left(root)


def test_uploads_over_their_size_are_413(studio):
    server, root = studio
    status, _, body = post_form(server.url("/api/studio/build"), KIT,
                                {"promos": ("big.json", b" " * (1024 * 1024 + 1))})
    assert status == 413
    assert "larger than the 1 MB allowed" in json.loads(body)["problems"][0]["message"]
    declared = (b"POST /api/studio/art HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/"
                b"form-data; boundary=x\r\nContent-Length: 40000000\r\n\r\n" + b"x" * 1000)
    status, answer = raw(server, declared)
    assert status == 413 and b"larger than" in answer
    _nothing_left(root)


@pytest.mark.slow
def test_balance_tests_belong_to_their_browser(studio):
    server, root = studio
    status, headers, body = post(server.url("/api/studio/balance"),
                                 {"document": example_document(), "card": 0, "games": 100})
    assert status == 202
    job = json.loads(body)["job"]
    mine = {"Cookie": headers["set-cookie"].split(";")[0]}
    assert request(server.url(f"/api/studio/balance/{job}"))[0] == 404  # another browser
    seen = []
    for _ in range(600):
        view = json.loads(request(server.url(f"/api/studio/balance/{job}"), headers=mine)[2])
        seen.append((view["state"], view["played"]))
        if view["state"] in ("done", "failed"):
            break
        threading.Event().wait(0.1)
    assert view["state"] == "done", view
    assert view["answer"]["words"]["verdict"] in ("stronger", "no clear difference")
    assert seen[-1] == ("done", 100)
    _nothing_left(root)


@pytest.mark.slow
def test_several_people_build_at_once(studio):
    server, root = studio
    answers = {}

    def build(paper):
        answers[paper] = post_form(server.url("/api/studio/build"),
                                   {**KIT, "games": "majority-rules", "paper": paper}, {})

    threads = [threading.Thread(target=build, args=(p,)) for p in ("a4", "letter", "a3")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    from io import BytesIO

    from pypdf import PdfReader

    widths = {}
    for paper, (status, _, body) in answers.items():
        assert status == 200, body[:300]
        box = PdfReader(BytesIO(body)).pages[0].mediabox
        widths[paper] = round(min(box.width, box.height) / 72 * 25.4)
    assert widths == {"a4": 210, "letter": 216, "a3": 297}
    _nothing_left(root)


@pytest.mark.slow
def test_the_studio_needs_the_token_when_one_is_set():
    with served("--token", "s3cret") as server:
        assert request(server.url("/studio", token=False),
                       headers={"Accept": "text/html"})[0] == 403
        assert post(server.url("/api/studio/promo/check", token=False),
                    {"document": {}})[0] == 403
        assert request(server.url("/studio/build"), headers={"Accept": "text/html"})[0] == 200


@pytest.mark.slow
def test_a_build_over_the_time_limit_is_stopped_and_cleaned_up(tmp_path):
    with served(env={"PNP_STUDIO_TMP": str(tmp_path), "PNP_STUDIO_TIME_LIMIT": "0.5"}) as server:
        status, _, body = post_form(server.url("/api/studio/build"),
                                    {**KIT, "games": ["majority", "majority2"],
                                     "output": "zip"}, {})
        answer = json.loads(body)
        assert status == 422 and "took longer than 0.5 s and was stopped" in answer["error"]
        assert leftovers(tmp_path) == []


def test_a_promo_file_with_its_pictures_opens(studio):
    server, root = studio
    document = example_document()
    document["cards"][0]["art"] = "art/witch.png"
    upload = zip_bytes([("witch.json", json.dumps(document).encode()),
                        ("art/witch.png", small_png())])
    status, _, body = post_form(server.url("/api/studio/promo/open"), {},
                                {"file": ("witch.zip", upload)})
    opened = json.loads(body)
    assert status == 200 and opened["problems"] == [] and opened["notes"] == []
    assert opened["pictures"][0]["card"] == 0 and opened["pictures"][0]["width"] == 660
    alone = json.loads(post_form(server.url("/api/studio/promo/open"), {},
                                 {"file": ("witch.json", json.dumps(document).encode())})[2])
    assert alone["pictures"] == [] and "was not in the upload" in alone["notes"][0]
    _nothing_left(root)


@pytest.mark.slow
def test_a_kit_with_words_promos_and_art_is_a_zip_of_every_file(studio, tmp_path):
    server, root = studio
    art = zip_bytes([("my-art/ghost.png", small_png((20, 20, 20), (300, 300)))])
    status, headers, body = post_form(
        server.url("/api/studio/build"),
        {"games": ["majority", "majority2"], "paper": "a4", "output": "zip"},
        {"words": ("words.txt", "\n".join(f"Word{i}" for i in range(8)).encode()),
         "promos": ("promos.json", (EXAMPLES / "majority2-promo-cards.json").read_bytes()),
         "art": ("art.zip", art)})
    assert status == 200, body[:400]
    import io
    import zipfile

    names = zipfile.ZipFile(io.BytesIO(body)).namelist()
    assert "majority/word-cards.pdf" in names and "majority2/kit.pdf" in names
    assert int(headers["x-pnp-files"]) == len(names)
    _nothing_left(root)


@pytest.mark.slow
def test_the_kit_builder_takes_a_printer_profile_and_a_language(tmp_path):
    """With a saved printer profile and --lang de: the same bytes as the command."""
    import os
    import subprocess
    import sys

    from tests.webtools import ROOT

    env = {"PNP_CONFIG_HOME": str(tmp_path / "config")}

    def pnp(*args):
        done = subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True,
                              text=True, cwd=ROOT, env={**os.environ, **env})
        assert done.returncode == 0, done.stderr
        return done

    pnp("printer", "save", "office", "--offset-x", "0.8", "--offset-y", "-0.4",
        "--backs", "duplex-short")
    pnp("build", "majority", "-c", "kit", "--lang", "de", "--printer", "office",
        "--out", str(tmp_path / "cli"), "--no-gallery")
    with served(env={**env, "PNP_STUDIO_TMP": str(tmp_path / "studio")}) as server:
        page = request(server.url("/studio/build"), headers={"Accept": "text/html"})[2]
        assert b'"name": "office"' in page
        status, headers, body = post_form(server.url("/api/studio/build"), {
            "games": "majority", "paper": "a4", "printer": "office", "lang": "de",
            "crop_marks": "on", "output": "kit"}, {})
        assert status == 200, body[:300]
        assert headers["content-disposition"] == 'attachment; filename="majority-kit-de.pdf"'
        assert body == (tmp_path / "cli" / "majority" / "kit-de.pdf").read_bytes()
        status, _, body = post_form(server.url("/api/studio/build"), {
            "games": "majority", "paper": "a4", "printer": "home", "output": "kit"}, {})
        answer = json.loads(body)
        assert status == 422 and answer["problems"][0]["field"] == "printer"
        assert "no printer profile 'home'" in answer["problems"][0]["message"]


def test_word_list_problems_keep_their_lines_in_csv_and_json(studio):
    server, root = studio
    csv = "word;back\nApfel;Birne\nKirsche;apfel\n"
    answer = json.loads(post(server.url("/api/studio/words/check"),
                             {"text": csv, "format": "csv", "lang": "de"})[2])
    assert [(p["line"], p["message"]) for p in answer["problems"]] == \
        [(3, "'apfel' duplicates 'Apfel' (line 2)")]
    assert answer["cleaned"] == ["Apfel", "Birne", "Kirsche"]
    document = {"cards": [{"front": "Sun", "back": "Moon"}, {"front": "sun"}]}
    answer = json.loads(post(server.url("/api/studio/words/check"), {
        "text": json.dumps(document, indent=2), "format": "json"})[2])
    assert answer["problems"][0]["path"] == "$.cards[1].front"
    assert answer["problems"][0]["line"] == 8
    _nothing_left(root)
