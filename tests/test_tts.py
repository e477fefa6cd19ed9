"""`pnp export tts`: sheet grids and sizes, the saved-object JSON, and sheets whose
cells are exactly the cards `pnp export png` draws."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image, ImageChops

from pnp.kits.tts import CARDS_PER_SHEET, MAX_SIDE, grid_for, hosted_url, sheet_dpi
from pnp.render.geometry import card_size
from pnp.render.model import Deck
from pnp.render.raster import Grid

POKER = card_size("poker")


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    """TTS decks and per-card PNGs of a few Majority decks, both at 100 DPI."""
    from typer.testing import CliRunner

    from pnp.cli import app

    out = tmp_path_factory.mktemp("tts")
    decks = ["-c", "vote-cards", "-c", "point-cards-1", "-c", "variant-card",
             "-c", "preparation-cards"]
    for command in (["tts", "--dpi", "100"], ["png", "--dpi", "100"]):
        result = CliRunner().invoke(app, ["export", *command, "majority", *decks,
                                          "--out", str(out)], catch_exceptions=False)
        assert result.exit_code == 0, result.stderr
    return out


def _saved(out: Path, deck: str) -> dict:
    return json.loads((out / "majority" / "tts" / f"{deck}.json").read_text("utf-8"))


def _file(url: str) -> Path:
    assert url.startswith("file://")
    return Path(unquote(urlparse(url).path))


def _cell(sheet: Image.Image, grid: tuple[int, int], slot: int) -> Image.Image:
    columns, rows = grid
    width, height = sheet.width // columns, sheet.height // rows
    row, column = divmod(slot, columns)
    return sheet.crop((column * width, row * height, (column + 1) * width,
                       (row + 1) * height))


def _same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a.convert("RGB"),
                                                      b.convert("RGB")).getbbox() is None


@pytest.mark.parametrize(("cards", "grid"), [(1, (2, 2)), (3, (2, 2)), (4, (3, 2)),
                                             (40, (7, 6)), (69, (10, 7))])
def test_grid_holds_the_cards_and_the_hidden_card(cards, grid):
    chosen = grid_for(cards, POKER)
    assert (chosen.columns, chosen.rows) == grid
    assert chosen.slots >= cards + 1


def test_a_sheet_holds_at_most_69_cards():
    assert CARDS_PER_SHEET == 69
    with pytest.raises(ValueError):
        grid_for(70, POKER)


def test_dpi_is_lowered_to_keep_a_full_sheet_within_4096_px():
    deck = Deck("d", "D", "poker", (), "d")
    dpi = sheet_dpi(deck, [Grid(10, 7, (0, 0))], 300)
    width, height = round(63 / 25.4 * dpi), round(88 / 25.4 * dpi)
    assert 10 * width <= MAX_SIDE and 7 * height <= MAX_SIDE
    assert 10 * round(63 / 25.4 * (dpi + 1)) > MAX_SIDE or \
        7 * round(88 / 25.4 * (dpi + 1)) > MAX_SIDE
    assert sheet_dpi(deck, [Grid(2, 2, (0, 0))], 300) == 300


@pytest.mark.slow
def test_saved_object_fields_and_ids(exported):
    state = _saved(exported, "vote-cards")["ObjectStates"]
    assert len(state) == 1 and state[0]["Name"] == "DeckCustom"
    deck = state[0]
    assert deck["Nickname"] == "The Majority: Vote cards"
    custom = deck["CustomDeck"]
    assert list(custom) == ["1"]
    entry = custom["1"]
    assert (entry["NumWidth"], entry["NumHeight"]) == (7, 6)
    assert entry["UniqueBack"] is True and entry["BackIsHidden"] is True
    cards = deck["ContainedObjects"]
    assert len(cards) == 40
    assert deck["DeckIDs"] == [c["CardID"] for c in cards]
    assert [c["CardID"] for c in cards] == [100 + i for i in range(40)]
    assert [c["Nickname"] for c in cards[:5]] == ["Red vote A", "Red vote B", "Red vote C",
                                                  "Red vote Score", "Blue vote A"]
    for card in cards:
        assert card["Name"] == "Card"
        assert card["CustomDeck"] == {"1": entry}
        assert card["CardID"] % 100 < 7 * 6 - 1  # never the hidden card's cell
    assert len({c["GUID"] for c in cards} | {deck["GUID"]}) == 41


def test_deck_ids_count_across_a_games_decks(exported):
    ids = []
    for deck in ("vote-cards", "preparation-cards", "point-cards-1", "variant-card"):
        state = _saved(exported, deck)["ObjectStates"][0]
        ids += [int(k) for k in state["CustomDeck"]]
        assert all(c // 100 in map(int, state["CustomDeck"])
                   for c in state.get("DeckIDs", [state.get("CardID")]))
    assert sorted(ids) == list(range(1, len(ids) + 1))


def test_sheet_is_the_grid_of_cards_png_export_draws(exported):
    entry = _saved(exported, "vote-cards")["ObjectStates"][0]["CustomDeck"]["1"]
    faces, backs = _file(entry["FaceURL"]), _file(entry["BackURL"])
    assert faces.name == "vote-cards-faces-1.png" and backs.name == "vote-cards-backs-1.png"
    png = exported / "majority" / "png"
    with Image.open(faces) as sheet, Image.open(backs) as back_sheet:
        with Image.open(png / "vote-cards-001-front.png") as first:
            cell = first.size
        assert sheet.size == (7 * cell[0], 6 * cell[1]) == back_sheet.size
        assert sheet.info["dpi"] == pytest.approx((100, 100), abs=0.02)
        for slot in (0, 1, 17, 39):
            with Image.open(png / f"vote-cards-{slot + 1:03d}-front.png") as front:
                assert _same(_cell(sheet, (7, 6), slot), front)
            with Image.open(png / f"vote-cards-{slot + 1:03d}-back.png") as back:
                assert _same(_cell(back_sheet, (7, 6), slot), back)
        blank = Image.new("RGB", cell, (255, 255, 255))
        assert _same(_cell(sheet, (7, 6), 41), blank)  # the hidden card's cell


def test_cards_printed_alike_share_one_cell_and_the_shared_back(exported):
    deck = _saved(exported, "point-cards-1")["ObjectStates"][0]
    assert len(deck["ContainedObjects"]) == 50
    assert set(deck["DeckIDs"]) == {deck["DeckIDs"][0]}  # 50 equal cards, one cell
    entry = next(iter(deck["CustomDeck"].values()))
    assert (entry["NumWidth"], entry["NumHeight"]) == (2, 2)
    assert entry["UniqueBack"] is False
    back = _file(entry["BackURL"])
    assert back.name == "point-cards-1-back.png"
    png = exported / "majority" / "png"
    with Image.open(back) as image, Image.open(png / "point-cards-1-back.png") as card:
        assert _same(image, card)
        with Image.open(_file(entry["FaceURL"])) as sheet:
            assert _same(_cell(sheet, (2, 2), 3), card)  # hidden card shows the back


def test_one_card_deck_is_a_card_object(exported):
    saved = _saved(exported, "variant-card")
    (card,) = saved["ObjectStates"]
    assert card["Name"] == "Card" and card["Nickname"] == "The Majority: Variant card"
    assert card["CardID"] // 100 == int(next(iter(card["CustomDeck"])))
    assert (exported / "majority" / "tts" / "variant-card.png").is_file()  # thumbnail


@pytest.mark.slow
def test_word_deck_needs_three_full_sheets(cli, tmp_path):
    result = cli("export", "tts", "majority", "-c", "word-cards", "--dpi", "72",
                 "--base-url", "https://example.org/kit/", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    assert "206 card(s)  7 image(s)" in result.stdout
    deck = _saved(tmp_path, "word-cards")["ObjectStates"][0]
    assert list(deck["CustomDeck"]) == ["1", "2", "3"]
    assert deck["CustomDeck"]["2"]["FaceURL"] == \
        "https://example.org/kit/word-cards-faces-2.png"
    assert deck["CustomDeck"]["2"]["BackURL"] == \
        "https://example.org/kit/word-cards-backs-2.png"
    ids = deck["DeckIDs"]
    assert ids[:2] == [100, 101] and ids[69] == 200
    assert ids[-1] == 367  # 69 + 69 + 68 cards: the 68th cell of sheet 3
    for number in (1, 2, 3):
        entry = deck["CustomDeck"][str(number)]
        assert (entry["NumWidth"], entry["NumHeight"]) == (10, 7)
        with Image.open(tmp_path / "majority" / "tts" / f"word-cards-faces-{number}.png") as im:
            assert im.width <= MAX_SIDE and im.height <= MAX_SIDE
            assert im.size == (10 * round(63 / 25.4 * 72), 7 * round(88 / 25.4 * 72))


def test_export_is_deterministic(cli, tmp_path):
    for name in ("a", "b"):
        assert cli("export", "tts", "majority", "-c", "preparation-cards", "--dpi", "72",
                   "--base-url", "https://h/x", "--out", tmp_path / name).exit_code == 0
    a = sorted((tmp_path / "a").rglob("*.*"))
    b = sorted((tmp_path / "b").rglob("*.*"))
    assert [p.name for p in a] == [p.name for p in b]
    assert all(x.read_bytes() == y.read_bytes() for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize(("base", "url"), [
    ("https://example.org/kit/", "https://example.org/kit/a-faces-1.png"),
    ("https://example.org/my kit", "https://example.org/my%20kit/a-faces-1.png"),
    ("https://example.org/Spielkästen/#1", "https://example.org/Spielk%C3%A4sten/%231/"
     "a-faces-1.png"),
    ("https://example.org/already%20encoded", "https://example.org/already%20encoded/"
     "a-faces-1.png"),
    ("https://example.org/100%", "https://example.org/100%25/a-faces-1.png"),
    ("file:///C:/My Games/kit", "file:///C:/My%20Games/kit/a-faces-1.png"),
    ("https://bücher.example/x", "https://xn--bcher-kva.example/x/a-faces-1.png"),
])
def test_base_url_is_percent_encoded_like_local_urls(base, url):
    assert hosted_url(base, "a-faces-1.png") == url


def test_exported_base_urls_are_percent_encoded(cli, tmp_path):
    assert cli("export", "tts", "majority", "-c", "preparation-cards", "--dpi", "72",
               "--base-url", "https://h/my kit", "--out", tmp_path).exit_code == 0
    deck = _saved(tmp_path, "preparation-cards")["ObjectStates"][0]
    assert deck["CustomDeck"]["1"]["FaceURL"] == "https://h/my%20kit/preparation-cards-faces-1.png"


@pytest.mark.parametrize(("args", "message"), [
    (["--base-url", "ftp://host/x"], "--base-url must start with http://, https:// or file:"),
    (["--dpi", "10"], "--dpi must be between 72 and 1200"),
    (["-c", "dice"], "unknown card component(s) dice"),
])
def test_tts_refusals(cli, tmp_path, args, message):
    result = cli("export", "tts", "majority", *args, "--out", tmp_path)
    assert result.exit_code == 2
    assert message in result.stderr
    assert not any(tmp_path.iterdir())
