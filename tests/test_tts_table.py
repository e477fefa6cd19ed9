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
