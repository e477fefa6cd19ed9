"""`pnp export tts --table`: a whole save per game checked against the format's rules;
decks face down, tokens as two-sided tiles, dice textured with the nets' faces, the rules
and score pad as PDFs, a hand per seat, names in players' words; content-hashed assets,
percent-encoded --base-url, and --check-urls against a local HTTP server."""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from PIL import Image

from pnp.kits.tts_save import SEAT_COLOURS, save_problems, urls
from pnp.render.nets import CROSS


@pytest.fixture(scope="module")
def tables(tmp_path_factory) -> Path:
    from typer.testing import CliRunner

    from pnp.cli import app

    out = tmp_path_factory.mktemp("table")
    result = CliRunner().invoke(app, ["export", "tts", "majority2", "majority-rules",
                                      "--table", "--dpi", "72", "--out", str(out)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return out


def _save(out: Path, game: str) -> dict:
    return json.loads((out / game / "tts-table" / f"{game}.json").read_text("utf-8"))


def _objects(save: dict, name: str) -> list[dict]:
    return [o for o in save["ObjectStates"] if o["Name"] == name]


def _file(url: str) -> Path:
    from urllib.parse import unquote, urlparse

    return Path(unquote(urlparse(url).path))


@pytest.mark.slow
@pytest.mark.parametrize("game", ["majority2", "majority-rules"])
def test_save_keeps_the_format_rules(tables, game):
    save = _save(tables, game)
    assert save_problems(save) == []
    guids = [o["GUID"] for o in save["ObjectStates"]]
    assert len(guids) == len(set(guids))
    for _, url in urls(save):
        assert _file(url).is_file()


def test_every_deck_lies_face_down_with_players_names(tables):
    save = _save(tables, "majority2")
    decks = _objects(save, "DeckCustom")
    assert [d["Nickname"] for d in decks] == [
        "The Majority 2: Member cards", "The Majority 2: Promo member cards",
        "The Majority 2: Independent Ghosts", "The Majority 2: Player aid"]
    assert all(d["Transform"]["rotZ"] == 180 for d in decks)
    assert len({d["Transform"]["posX"] for d in decks}) == len(decks)  # side by side
    cards = {c["Nickname"]: c for d in decks for c in d["ContainedObjects"]}
    assert "Witches Secretary" in cards
    assert "Draw 2 cards from the deck" in cards["Witches Junior"]["Description"]
    assert "cost 3 coins" in cards["Witches Junior"]["Description"]


def test_tokens_are_two_sided_round_tiles(tables):
    save = _save(tables, "majority2")
    tiles = _objects(save, "Custom_Tile")
    assert len(tiles) == 5 + 40 + 1
    coin = next(t for t in tiles if t["Nickname"] == "coin 1")
    image = coin["CustomImage"]
    assert image["CustomTile"]["Type"] == 2
    assert image["ImageURL"] != image["ImageSecondaryURL"]  # up and down sides differ
    assert len({t["CustomImage"]["ImageURL"] for t in tiles
                if t["Nickname"].startswith("coin")}) == 1  # 40 coins, one image


def test_dice_are_custom_d6_textured_with_the_net_faces(tables):
    save = _save(tables, "majority-rules")
    dice = _objects(save, "Custom_Dice")
    assert len(dice) == 33
    assert all(d["CustomImage"]["CustomDice"]["Type"] == 1 for d in dice)
    textures = {d["CustomImage"]["ImageURL"] for d in dice}
    assert len(textures) == 5  # one per colour
    with Image.open(_file(dice[0]["CustomImage"]["ImageURL"])) as texture:
        texture = texture.convert("RGB")
        cell = texture.width // 4
        assert texture.height == 3 * cell
        for column in range(4):
            for row in range(3):
                corner = texture.getpixel((column * cell + 3, row * cell + 3))
                on_net = (column, 2 - row) in CROSS
                assert (corner != (255, 255, 255)) == on_net, (column, row)


def test_rules_and_score_pad_are_pdfs_and_every_seat_has_a_hand(tables):
    for game, seats in (("majority2", 2), ("majority-rules", 4)):
        save = _save(tables, game)
        pdfs = _objects(save, "Custom_PDF")
        assert sorted(p["Nickname"] for p in pdfs) == ["Rules", "Score pad"]
        for pdf in pdfs:
            assert _file(pdf["CustomPDF"]["PDFUrl"]).read_bytes().startswith(b"%PDF")
        hands = _objects(save, "HandTrigger")
        assert [h["FogColor"] for h in hands] == list(SEAT_COLOURS[:seats])


def test_asset_names_carry_their_content_hash(tables):
    folder = tables / "majority2" / "tts-table"
    assets = [p for p in folder.iterdir() if p.suffix in (".png", ".pdf")
              and p.name != "majority2.png"]
    assert assets
    for path in assets:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
        assert path.stem.endswith(f"-{digest}"), path.name


def test_base_url_is_percent_encoded(cli, tmp_path):
    result = cli("export", "tts", "d20-stacks", "--table", "--dpi", "72", "--out", tmp_path,
                 "--base-url", "https://example.org/my tables/d20")
    assert result.exit_code == 0, result.stderr
    save = _save(tmp_path, "d20-stacks")
    found = [u for _, u in urls(save)]
    assert found and all(u.startswith("https://example.org/my%20tables/d20/") for u in found)


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def server(tmp_path):
    """A local HTTP server over a folder of the test's own, stopped after the test."""
    root = tmp_path / "served"
    root.mkdir()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0),
                                functools.partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield root, f"http://127.0.0.1:{httpd.server_address[1]}/assets"
    httpd.shutdown()
    httpd.server_close()


@pytest.mark.slow
def test_check_urls_fetches_every_url_and_names_the_missing_one(cli, tmp_path, server):
    root, base = server
    args = ["export", "tts", "d20-stacks", "--table", "--dpi", "72", "--out", tmp_path,
            "--base-url", base]
    assert cli(*args).exit_code == 0
    folder = tmp_path / "d20-stacks" / "tts-table"
    shutil.copytree(folder, root / "assets")
    rules = next((root / "assets").glob("rules-*.pdf"))
    rules.unlink()
    result = cli(*args, "--check-urls")
    assert result.exit_code == 2
    assert f"{base}/{rules.name}: HTTP 404" in result.stderr
    assert result.stderr.count("HTTP 404") == 1
    shutil.copy(folder / rules.name, rules)
    result = cli(*args, "--check-urls")
    assert result.exit_code == 0, result.stderr
    assert "every URL of 1 file(s) answered" in result.stderr


def test_save_rules_catch_broken_saves(tables):
    save = _save(tables, "majority2")
    broken = copy.deepcopy(save)
    deck = _objects(broken, "DeckCustom")[0]
    sheet_id = next(iter(deck["CustomDeck"]))
    deck["CustomDeck"][sheet_id]["NumWidth"] = 11
    deck["ContainedObjects"][0]["CardID"] = int(sheet_id) * 100 + 99
    broken["ObjectStates"][1]["GUID"] = broken["ObjectStates"][0]["GUID"]
    _objects(broken, "HandTrigger")[0]["FogColor"] = "Black"
    tile = _objects(broken, "Custom_Tile")[0]
    tile["CustomImage"]["ImageURL"] = "C:\\tokens\\coin.png"
    problems = "\n".join(save_problems(broken))
    assert "NumWidth: 11 is outside 2-10" in problems
    assert "is past the last card cell" in problems
    assert "DeckIDs: must list the contained cards' CardIDs in order" in problems
    assert "is also the GUID of $.ObjectStates[0]" in problems
    assert "'Black' is not a seat colour" in problems
    assert "is not an http(s) or file URL" in problems


def test_a_table_of_a_game_without_card_decks_is_made(cli, tmp_path):
    """Majority Rules! has no card deck (nothing for the card-by-card exports), but its
    table has dice, documents and hands: `--table` of that game alone is no error."""
    result = cli("export", "tts", "majority-rules", "--table", "--dpi", "72",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    save = _save(tmp_path, "majority-rules")
    assert save_problems(save) == []
    assert _objects(save, "Custom_Dice")


def test_a_tarot_deck_is_scaled_to_its_own_proportions(tables):
    """TTS's card is a poker card (63 × 88 mm): the tarot-size player aid (70 × 120 mm)
    is scaled on each axis, so it lies on the table as a tarot card, not a big poker one."""
    save = _save(tables, "majority2")
    aid = next(d for d in _objects(save, "DeckCustom") if d["Nickname"].endswith("Player aid"))
    members = next(d for d in _objects(save, "DeckCustom")
                   if d["Nickname"].endswith("Member cards"))
    for obj in [aid, *aid["ContainedObjects"]]:
        scale = obj["Transform"]
        assert (scale["scaleX"], scale["scaleZ"]) == pytest.approx((70 / 63, 120 / 88),
                                                                   abs=1e-4)
        assert scale["scaleZ"] / scale["scaleX"] == pytest.approx((120 / 70) / (88 / 63),
                                                                  abs=1e-3)
    assert (members["Transform"]["scaleX"], members["Transform"]["scaleZ"]) == (1.0, 1.0)


class _Liar(SimpleHTTPRequestHandler):
    """Answers 200 for every path; what it answers is named by the path."""

    PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 32
    ANSWERS = {
        "/login.png": ("text/html; charset=utf-8", b"<!DOCTYPE html><html>Sign in</html>"),
        "/html-as-png.png": ("image/png", b"<html><body>not found</body></html>"),
        "/good.png": ("image/png", PNG),
        "/binary.jpg": ("application/octet-stream", b"\xff\xd8\xff\xe0" + b"\0" * 16),
        "/rules.pdf": ("application/pdf", b"%PDF-1.4\n%..."),
        "/rules-page.pdf": ("text/html", b"<!doctype html>"),
        "/empty.png": ("image/png", b""),
    }

    def do_GET(self):
        content_type, body = self.ANSWERS[self.path]
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_check_urls_wants_the_file_not_any_200(tmp_path):
    """A host answering 200 with an HTML page (a login or 'not found' page) for an image or
    a PDF does not pass: the content type and the first bytes must be the format's."""
    from pnp.kits.tts_save import missing_urls

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Liar)
    threading.Thread(target=httpd.serve_forever, args=(0.02,), daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    page = tmp_path / "page.png"
    page.write_text("<html></html>")
    save = {"ObjectStates": [
        {"CustomDeck": {"1": {"FaceURL": f"{base}/login.png", "BackURL": f"{base}/good.png"},
                        "2": {"FaceURL": f"{base}/html-as-png.png",
                              "BackURL": f"{base}/binary.jpg"},
                        "3": {"FaceURL": f"{base}/empty.png", "BackURL": page.as_uri()}}},
        {"CustomPDF": {"PDFUrl": f"{base}/rules.pdf"}},
        {"CustomPDF": {"PDFUrl": f"{base}/rules-page.pdf"}},
        {"CustomImage": {"ImageURL": f"{base}/rules.pdf"}}]}
    try:
        found = missing_urls(save, timeout=5)
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert found == [
        f"$.ObjectStates[0].CustomDeck.1.FaceURL: {base}/login.png: answers text/html, not "
        "a PNG or JPEG image (it starts '<!DOCTYPE html><')",
        f"$.ObjectStates[0].CustomDeck.2.FaceURL: {base}/html-as-png.png: is not a PNG or "
        "JPEG image (it starts '<html><body>not')",
        f"$.ObjectStates[0].CustomDeck.3.FaceURL: {base}/empty.png: is not a PNG or JPEG "
        "image (it is empty)",
        f"$.ObjectStates[0].CustomDeck.3.BackURL: {page.as_uri()}: is not a PNG or JPEG "
        "image (it starts '<html></html>')",
        f"$.ObjectStates[2].CustomPDF.PDFUrl: {base}/rules-page.pdf: answers text/html, "
        "not a PDF (it starts '<!doctype html>')",
        f"$.ObjectStates[3].CustomImage.ImageURL: {base}/rules.pdf: answers "
        "application/pdf, not a PNG or JPEG image (it starts '%PDF-1.4.%...')",
    ]
