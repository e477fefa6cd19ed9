"""Card art end to end: `--art` naming, image boxes (fit, bleed, clip), Pillow's handling of
orientation, alpha, modes and bad files, JPEG passthrough, one XObject per image, the cache
and the resolution warnings."""

from __future__ import annotations

import importlib.util
import io
import json
import math
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image

from pnp.errors import DataError
from pnp.render.fonts import font_set
from pnp.render.geometry import Box
from pnp.render.images import ImageSettings, inspect_image, pdf_image
from pnp.render.layout import LayoutSet
from pnp.render.model import Card, Deck, Face
from pnp.render.pictures import image_area, placement
from pnp.render.single import render_single_cards

from conftest import ROOT
from pdftools import image_xobjects, placed_images


def _tool():
    spec = importlib.util.spec_from_file_location("make_example_art",
                                                  ROOT / "tools" / "make_example_art.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ART = _tool()


def _solid(path: Path, size=(400, 560), colour=(200, 40, 40), **options) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path, **options)
    return path


def _pdfs(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.pdf")) if folder.exists() else []


# --- placement, measured from the PDF -----------------------------------------------------

LAYOUT = {"size": "poker", "boxes": [
    {"name": "art", "kind": "image", "src": "{art}", "x": 10, "y": 20, "width": 40,
     "height": 20, "fit": "{fit}"}]}


def _one_card_pdf(tmp_path: Path, image: Path, fit: str, extra: dict | None = None,
                  bleed: float = 0.0) -> Path:
    layouts = tmp_path / "layouts"
    layouts.mkdir(exist_ok=True)
    layout = json.loads(json.dumps(LAYOUT))
    layout["boxes"][0].update({"fit": fit, **(extra or {})})
    (layouts / "art-test.json").write_text(json.dumps(layout))
    deck = Deck("t", "T", "poker", (Card(Face("art-test", {"art": str(image)}), label="t"),),
                "t")
    out = tmp_path / f"{fit}.pdf"
    render_single_cards(out, [deck], LayoutSet(layouts), font_set(), bleed, "t")
    return out


@pytest.mark.parametrize(("fit", "extra", "expected"), [
    # a square image in a 40 × 20 mm box whose top-left is at (10, 20) from the card's top
    ("cover", {}, (10, 38, 40, 40)),                       # 40 mm wide, centred vertically
    ("cover", {"anchor": "top"}, (10, 28, 40, 40)),        # its top stays in view
    ("cover", {"anchor": "bottom"}, (10, 48, 40, 40)),
    ("contain", {}, (20, 48, 20, 20)),                     # letterboxed, centred
    ("contain", {"anchor": "left"}, (10, 48, 20, 20)),
    ("stretch", {}, (10, 48, 40, 20)),                     # exactly the box
])
def test_each_fit_mode_places_the_image_where_it_should(tmp_path, fit, extra, expected):
    image = _solid(tmp_path / "square.png", (300, 300))
    pdf = _one_card_pdf(tmp_path, image, fit, extra)
    (x, y, w, h), = placed_images(pdf)
    assert (x, y, w, h) == pytest.approx(expected, abs=0.01)


def test_contain_paints_its_background_and_cover_is_clipped_to_the_box(tmp_path):
    image = _solid(tmp_path / "square.png", (300, 300), (0, 0, 255))
    pdf = _one_card_pdf(tmp_path, image, "contain", {"background": "#00FF00"})
    page = pypdfium2.PdfDocument(str(pdf))[0].render(scale=200 / 72).to_pil().convert("RGB")
    px = 200 / 25.4

    def at(x_mm, y_from_top_mm):
        return page.getpixel((round(x_mm * px), round(y_from_top_mm * px)))

    assert at(12, 30) == (0, 255, 0)      # letterbox: background colour
    assert at(30, 30) == (0, 0, 255)      # the image
    cover = _one_card_pdf(tmp_path, image, "cover")
    page = pypdfium2.PdfDocument(str(cover))[0].render(scale=200 / 72).to_pil().convert("RGB")
    assert at(30, 30) == (0, 0, 255)
    assert at(30, 18) == (255, 255, 255)  # above the box: cropped away, not drawn


def test_placement_and_bleed_geometry():
    assert placement(Box(0, 0, 40, 20), 100, 100, "cover") == Box(0, -10, 40, 40)
    assert placement(Box(0, 0, 40, 20), 100, 100, "contain", "right") == Box(20, 0, 20, 20)
    trim = {"bleed": True, "_trim": (63, 88)}
    full = LAYOUT_BOX(0, 0, 63, 88)
    assert image_area(full, trim, 3) == Box(-3, -3, 69, 94)
    top_band = LAYOUT_BOX(0, 60, 63, 28)        # touches left, right and top only
    assert image_area(top_band, trim, 3) == Box(-3, 60, 69, 31)
    inner = LAYOUT_BOX(10, 10, 20, 20)
    assert image_area(inner, trim, 3) == Box(10, 10, 20, 20)


def LAYOUT_BOX(x, y, w, h):  # noqa: N802 - reads like the dataclass it builds
    from pnp.errors import Location
    from pnp.render.layout import LayoutBox

    return LayoutBox("b", "image", x, y, w, h, {}, Location("t.json"))


@pytest.mark.slow
def test_full_bleed_back_art_reaches_exactly_the_bleed_edge(cli, tmp_path):
    art = tmp_path / "art"
    ART.card_back().save(_parent(art / "members-back.png"))
    result = cli("export", "shop", "majority2", "-c", "ghosts", "--bleed", "3",
                 "--art", art, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    pdf = tmp_path / "out" / "majority2" / "shop" / "ghosts.pdf"
    (x, y, w, h), = placed_images(pdf, 1)              # page 2: the first back
    assert x <= 0.001 and y <= 0.001 and x + w >= 69 - 0.001 and y + h >= 94 - 0.001
    page = pypdfium2.PdfDocument(str(pdf))[1].render(scale=150 / 72).to_pil().convert("RGB")
    back = ART.card_back().convert("RGB")
    for corner in ((0, 0), (page.width - 1, page.height - 1)):
        assert page.getpixel(corner) == pytest.approx(back.getpixel((0, 0)), abs=12)
    # on the sheets the back grows by the bleed around its slot, no further
    result = cli("build", "majority2", "-c", "ghosts", "--bleed", "3", "--art", art,
                 "--out", tmp_path / "sheets", "--no-gallery")
    assert result.exit_code == 0, result.stderr
    sheet = tmp_path / "sheets" / "majority2" / "promo-members.pdf"
    backs = placed_images(sheet, 3)   # second back sheet: 13 cards at 8 a sheet leave 5
    assert len(backs) == 5
    for _x, _y, w, h in backs:
        assert w == pytest.approx(69.0, abs=0.05) and h >= 94 - 0.001


def _parent(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


# --- Pillow: orientation, alpha, modes, ICC, passthrough ----------------------------------

def test_exif_orientation_is_applied(tmp_path):
    image = Image.new("RGB", (200, 100), (0, 0, 255))
    image.paste((255, 0, 0), (0, 0, 100, 100))          # left half red as stored
    exif = Image.Exif()
    exif[0x0112] = 6                                     # shown turned 90° clockwise
    path = tmp_path / "turned.jpg"
    image.save(path, exif=exif, quality=95)
    info = inspect_image(path)
    assert (info.width, info.height) == (100, 200)
    prepared = pdf_image(info, 20, 40, ImageSettings())
    assert not prepared.passthrough and (prepared.width, prepared.height) == (100, 200)
    pdf = _one_card_pdf(tmp_path, path, "stretch")
    page = pypdfium2.PdfDocument(str(pdf))[0].render(scale=150 / 72).to_pil().convert("RGB")
    px = 150 / 25.4
    top, bottom = page.getpixel((round(30 * px), round(22 * px))), \
        page.getpixel((round(30 * px), round(38 * px)))
    assert top[0] > 200 and top[2] < 60        # the stored left side is now on top
    assert bottom[2] > 200 and bottom[0] < 60


def test_alpha_becomes_a_soft_mask(tmp_path):
    image = Image.new("RGBA", (100, 100), (255, 0, 0, 255))
    image.paste((0, 0, 0, 0), (50, 0, 100, 100))        # right half transparent
    path = tmp_path / "alpha.png"
    image.save(path)
    pdf = _one_card_pdf(tmp_path, path, "stretch")
    images = image_xobjects(pdf)
    main = [x for x in images if "/SMask" in x]
    assert len(main) == 1 and len(images) == 2
    page = pypdfium2.PdfDocument(str(pdf))[0].render(scale=150 / 72).to_pil().convert("RGB")
    px = 150 / 25.4
    assert page.getpixel((round(15 * px), round(30 * px)))[0] > 200   # opaque red
    assert page.getpixel((round(45 * px), round(30 * px))) == (255, 255, 255)  # see-through


@pytest.mark.parametrize(("mode", "make", "expect"), [
    ("P", lambda: Image.new("P", (40, 40), 3), ("RGB", False)),
    ("LA", lambda: Image.new("LA", (40, 40), (128, 100)), ("L", True)),
    ("I;16", lambda: Image.new("I;16", (40, 40), 40000), ("L", False)),
    ("RGBA opaque", lambda: Image.new("RGBA", (40, 40), (1, 2, 3, 255)), ("RGB", False)),
])
def test_modes_are_converted_for_the_pdf(tmp_path, mode, make, expect):
    path = tmp_path / "m.png"
    make().save(path)
    prepared = pdf_image(inspect_image(path), 10, 10, ImageSettings())
    assert (prepared.mode, prepared.smask is not None) == expect
    assert prepared.filter == "FlateDecode"
    if mode == "I;16":  # 40000 / 65535 of white, not clipped to 255
        import zlib

        assert zlib.decompress(prepared.data)[0] == 40000 // 256


def test_an_icc_profile_is_kept(tmp_path):
    from PIL import ImageCms

    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    path = _solid(tmp_path / "icc.jpg", (300, 300), icc_profile=profile, quality=90)
    pdf = _one_card_pdf(tmp_path, path, "cover")
    xobject, = image_xobjects(pdf)
    space = xobject["/ColorSpace"]
    assert space[0] == "/ICCBased" and space[1].get_object().get_data() == profile


def test_a_baseline_jpeg_is_embedded_byte_for_byte(tmp_path):
    path = tmp_path / "photo.jpg"
    ART.illustration("photo").save(path, quality=88)
    pdf = _one_card_pdf(tmp_path, path, "cover")
    xobject, = image_xobjects(pdf)
    assert xobject["/Filter"] == "/DCTDecode"
    assert xobject._data == path.read_bytes()


@pytest.mark.slow
def test_a_much_sharper_image_is_downsampled_once_and_cached(tmp_path):
    path = _solid(tmp_path / "huge.png", (4000, 2000))    # ~2540 DPI in a 40 × 20 mm box
    cache = tmp_path / "cache"
    info = inspect_image(path)
    first = pdf_image(info, 40, 20, ImageSettings(300, cache))
    assert (first.width, first.height) == (472, 236)      # 40 × 20 mm at 300 DPI
    assert len(list(cache.iterdir())) == 1
    again = pdf_image(info, 40, 20, ImageSettings(300, cache))
    assert again == first
    jpeg = _solid(tmp_path / "huge.jpg", (4000, 2000), quality=90)
    assert pdf_image(inspect_image(jpeg), 40, 20, ImageSettings()).filter == "DCTDecode"


# --- bad files: exit 2, the file named, nothing written -----------------------------------

def _bad_files(tmp_path: Path) -> dict[str, Path]:
    truncated = tmp_path / "bad" / "truncated.jpg"
    _solid(tmp_path / "whole.jpg", (600, 800))
    data = ART.illustration("x", (600, 800))
    buffer = io.BytesIO()
    data.save(buffer, format="JPEG", quality=90)
    truncated.parent.mkdir(parents=True, exist_ok=True)
    truncated.write_bytes(buffer.getvalue()[: len(buffer.getvalue()) // 2])
    bomb = tmp_path / "bad" / "bomb.png"
    Image.new("1", (10_001, 10_001)).save(bomb)
    text = tmp_path / "bad" / "notes.png"
    text.write_text("not a picture\n")
    return {"truncated": truncated, "bomb": bomb, "non-image": text,
            "missing": tmp_path / "bad" / "missing.png"}


def _promo_with_art(tmp_path: Path, art: Path) -> Path:
    promos = json.loads(json.dumps(ART.MY_PROMOS))
    promos["cards"][0]["art"] = str(art)
    path = tmp_path / "promos.json"
    path.write_text(json.dumps(promos))
    return path


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["truncated", "bomb", "non-image", "missing"])
def test_a_bad_image_is_exit_2_naming_it_and_nothing_is_written(cli, tmp_path, kind):
    bad = _bad_files(tmp_path)[kind]
    out = tmp_path / "out"
    result = cli("build", "majority2", "-c", "promo-members",
                 "--promos", _promo_with_art(tmp_path, bad), "--out", out)
    assert result.exit_code == 2
    assert str(bad) in result.stderr and "Traceback" not in result.stderr + result.stdout
    assert _pdfs(out) == [] and not (out / "index.html").exists()
    validated = cli("validate", tmp_path / "promos.json")
    assert validated.exit_code == 2 and str(bad) in validated.stderr


@pytest.mark.slow
def test_a_bad_image_in_the_art_folder_stops_the_build_before_writing(cli, tmp_path):
    art = tmp_path / "art"
    art.mkdir()
    (art / "ghost.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 40)
    out = tmp_path / "out"
    result = cli("build", "majority2", "--art", art, "--out", out)
    assert result.exit_code == 2 and "ghost.png" in result.stderr
    assert _pdfs(out) == []


def test_a_missing_fixed_src_is_exit_2_naming_it(cli, tmp_path):
    layouts = tmp_path / "templates" / "layouts"
    layouts.mkdir(parents=True)
    back = json.loads((ROOT / "templates" / "layouts" / "d20-back.json").read_text())
    back.pop("$schema")
    back["boxes"].append({"name": "logo", "kind": "image", "src": "logo.png", "x": 20,
                          "y": 70, "width": 23, "height": 10, "fit": "contain"})
    (layouts / "d20-back.json").write_text(json.dumps(back))
    result = cli("build", "d20-stacks", "-c", "d20-cards", "--templates",
                 tmp_path / "templates", "--out", tmp_path / "out")
    assert result.exit_code == 2 and str(layouts / "logo.png") in result.stderr
    alone = tmp_path / "alone" / "logo-card.json"
    _parent(alone).write_text(json.dumps({
        "$schema": "layout.schema.json", "size": "poker",
        "boxes": [{"name": "logo", "kind": "image", "src": "logo.png", "x": 20, "y": 70,
                   "width": 23, "height": 10}]}))
    validated = cli("validate", alone)
    assert validated.exit_code == 2 and "box 'logo'" in validated.stderr
    assert str(alone.parent / "logo.png") in validated.stderr
    _solid(layouts / "logo.png", (230, 100))
    result = cli("build", "d20-stacks", "-c", "d20-cards", "--templates",
                 tmp_path / "templates", "--out", tmp_path / "out", "--no-gallery")
    assert result.exit_code == 0, result.stderr
    assert len(image_xobjects(tmp_path / "out" / "d20-stacks" / "d20-cards.pdf")) == 1


def test_inspecting_a_missing_file_is_a_data_error(tmp_path):
    with pytest.raises(DataError, match="not found"):
        inspect_image(tmp_path / "nope.png")


# --- the kit with art: naming, one XObject each, determinism, cache, DPI ------------------

def _art_folder(tmp_path: Path) -> Path:
    art = tmp_path / "art"
    ART.illustration("witches-secretary").save(_parent(art / "witches-secretary.jpg"),
                                               quality=90)
    ART.card_back().save(art / "members-back.png")
    return art


@pytest.mark.slow
def test_a_repeated_image_is_one_xobject_and_art_free_cards_are_unchanged(cli, tmp_path):
    art = _art_folder(tmp_path)
    result = cli("build", "majority2", "-c", "members", "--art", art, "--out",
                 tmp_path / "a", "--no-gallery")
    assert result.exit_code == 0, result.stderr
    pdf = tmp_path / "a" / "majority2" / "members.pdf"
    assert len(image_xobjects(pdf)) == 2       # 3 secretaries + 60 backs: two images
    assert len(placed_images(pdf, 0)) == 3     # the three Witches Secretaries
    assert len(placed_images(pdf, 1)) == 9     # every back on the first back sheet
    plain = cli("build", "majority2", "-c", "members", "--art", tmp_path / "empty",
                "--out", tmp_path / "b", "--no-gallery")
    assert plain.exit_code == 2                # a missing --art folder is refused
    (tmp_path / "empty").mkdir()
    cli("build", "majority2", "-c", "members", "--art", tmp_path / "empty", "--out",
        tmp_path / "b", "--no-gallery")
    cli("build", "majority2", "-c", "members", "--out", tmp_path / "c", "--no-gallery")
    assert (tmp_path / "b" / "majority2" / "members.pdf").read_bytes() == \
        (tmp_path / "c" / "majority2" / "members.pdf").read_bytes()
    assert image_xobjects(tmp_path / "c" / "majority2" / "members.pdf") == []


def test_builds_with_art_are_deterministic_and_the_second_reuses_the_cache(
        cli, tmp_path, monkeypatch):
    art = _art_folder(tmp_path)
    out = tmp_path / "out"
    args = ("build", "majority2", "-c", "members", "--art", art, "--no-gallery")
    assert cli(*args, "--out", out).exit_code == 0
    first = (out / "majority2" / "members.pdf").read_bytes()
    cached = sorted((out / ".cache" / "art").iterdir())
    assert len(cached) == 1                    # the PNG back was prepared; the JPEG passed

    def no_work(*_):
        raise AssertionError("prepared again instead of read from the cache")

    monkeypatch.setattr("pnp.render.images._prepare", no_work)
    assert cli(*args, "--out", out).exit_code == 0
    assert (out / "majority2" / "members.pdf").read_bytes() == first
    assert sorted((out / ".cache" / "art").iterdir()) == cached
    monkeypatch.undo()
    assert cli(*args, "--out", tmp_path / "fresh").exit_code == 0
    assert (tmp_path / "fresh" / "majority2" / "members.pdf").read_bytes() == first


def test_ink_saver_drops_the_back_art_and_lightens_the_illustration(cli, tmp_path):
    art = _art_folder(tmp_path)
    result = cli("build", "majority2", "-c", "members", "--art", art, "--ink-saver",
                 "--out", tmp_path / "o", "--no-gallery")
    assert result.exit_code == 0, result.stderr
    pdf = tmp_path / "o" / "majority2" / "members.pdf"
    assert len(image_xobjects(pdf)) == 1       # only the illustration
    assert placed_images(pdf, 1) == []         # no art on the backs


def test_art_naming_warnings(cli, tmp_path):
    art = _art_folder(tmp_path)
    _solid(art / "witches-secretry.png")       # a typo
    _solid(art / "vote-cards-A.png")           # a card, but its layout shows no art
    (art / "readme.txt").write_text("credits\n")   # not art: no word about it
    (art / "logo.gif").write_bytes(b"GIF89a")
    result = cli("build", "majority2", "-c", "members", "--art", art, "--out",
                 tmp_path / "o", "--no-gallery")
    assert result.exit_code == 0, result.stderr
    assert f"{art / 'witches-secretry.png'}: matches no card" in result.stderr
    assert "did you mean 'witches-secretary'?" in result.stderr
    assert f"{art / 'vote-cards-A.png'}: matches no card" in result.stderr
    assert f"{art / 'logo.gif'}: not an image" in result.stderr
    assert "readme.txt" not in result.stderr
    assert "witches-secretary.jpg" not in result.stderr
    shown = cli("build", "majority", "-c", "vote-cards", "--art", art, "--out",
                tmp_path / "o", "--no-gallery")
    assert "'vote-cards-A' is a card here, but its layout has no image box" in shown.stderr
    _solid(art / "members-back.jpg")
    twice = cli("build", "majority2", "--art", art, "--out", tmp_path / "o")
    assert twice.exit_code == 2 and "two images named 'members-back'" in twice.stderr


def test_every_game_names_its_cards_for_art(tmp_path):
    from pnp.kits.build import game_printables
    from pnp.kits.request import BuildRequest
    from pnp.render.art import art_names
    from pnp.render.layout import layout_set

    names = {}
    for _, _, printables in game_printables(BuildRequest()):
        names |= art_names(printables, layout_set())
    for name in ("witches-secretary", "promo-demons-veteran", "ghost", "vote-cards-A",
                 "vote-cards-Score", "d20-cards-20", "d20-cards-0", "word-cards-1",
                 "point-cards-5", "members-back", "d20-cards-back", "vote-cards-back",
                 "preparation-cards-back", "point-cards-1-back"):
        assert name in names, name
    assert names["members-back"] and names["d20-cards-back"] and names["ghost"]
    assert not names["vote-cards-A"] and not names["word-cards-back"]


@pytest.mark.slow
def test_low_resolution_art_is_warned(cli, tmp_path):
    art = tmp_path / "art"
    _solid(art / "witches-secretary.png", (120, 40))        # ~55 DPI in its window
    ART.illustration("ghost", (620, 190)).save(art / "ghost.png")   # ~284 DPI
    result = cli("build", "majority2", "--art", art, "--out", tmp_path / "o", "--no-gallery")
    assert result.exit_code == 0, result.stderr
    assert f"{art / 'witches-secretary.png'}: 55 DPI" in result.stderr
    assert "ghost.png" not in result.stderr          # above 150: only the report warns
    report = cli("build", "majority2", "--art", art, "--out", tmp_path / "o", "--no-gallery",
                 "--report")
    assert f"{art / 'ghost.png'}: 284 DPI" in report.stderr
    assert "art resolution, lowest first" in report.stdout
    promos = _promo_with_art(tmp_path, art / "witches-secretary.png")
    validated = cli("validate", promos)
    assert validated.exit_code == 0
    assert "$.cards[0].art" in validated.stderr and "55 DPI" in validated.stderr


def test_data_art_is_relative_to_its_file_and_the_art_folder_wins(cli, tmp_path):
    ART.make(tmp_path / "example")
    promos = tmp_path / "example" / "my-promos.json"
    assert cli("validate", promos).exit_code == 0
    out = tmp_path / "o"
    result = cli("build", "majority2", "-c", "promo-members", "--promos", promos,
                 "--out", out, "--no-gallery")
    assert result.exit_code == 0, result.stderr
    pdf = out / "majority2" / "promo-members.pdf"
    own = image_xobjects(pdf)
    assert len(own) == 1 and own[0]["/Width"] == 750
    _solid(tmp_path / "art" / "my-captain.jpg", (900, 300), quality=90)
    result = cli("build", "majority2", "-c", "promo-members", "--promos", promos,
                 "--art", tmp_path / "art", "--out", out, "--no-gallery")
    assert [x["/Width"] for x in image_xobjects(pdf)] == [900]


@pytest.mark.slow
def test_png_export_shows_the_art(cli, tmp_path):
    art = _art_folder(tmp_path)
    _solid(art / "members-back.png", (815, 1110), (20, 160, 60))
    result = cli("export", "png", "majority2", "-c", "members", "--dpi", "100", "--art", art,
                 "--out", tmp_path / "o")
    assert result.exit_code == 0, result.stderr
    folder = tmp_path / "o" / "majority2" / "png"
    with Image.open(folder / "members-001-front.png") as front:  # a Witches Secretary
        assert front.convert("RGB").getpixel((round(31.5 * 100 / 25.4),
                                              round(27 * 100 / 25.4))) != (255, 255, 255)
    with Image.open(folder / "members-back.png") as back:
        assert back.convert("RGB").getpixel((2, 2)) == (20, 160, 60)


def test_tts_export_shows_the_art(cli, tmp_path):
    art = _art_folder(tmp_path)
    _solid(art / "members-back.png", (815, 1110), (20, 160, 60))
    result = cli("export", "tts", "majority2", "-c", "members", "--dpi", "100", "--art", art,
                 "--jobs", "1", "--out", tmp_path / "o")
    assert result.exit_code == 0, result.stderr
    folder = tmp_path / "o" / "majority2" / "tts"
    with Image.open(folder / "members-back.png") as back:
        assert back.convert("RGB").getpixel((back.width // 2, 3)) == (20, 160, 60)
    with Image.open(folder / "members-faces-1.png") as faces:   # card 1: a Witches Secretary
        pixel = faces.convert("RGB").getpixel((round(31.5 * 100 / 25.4),
                                               round(27 * 100 / 25.4)))
        assert pixel != (255, 255, 255)


@pytest.mark.slow
def test_relative_art_paths_are_read_from_where_they_were_given(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ART.make(Path("my-art"))
    validated = cli("validate", "my-art/my-promos.json")
    assert validated.exit_code == 0
    assert "warning" not in validated.stderr  # the example promo's ability is played too
    result = cli("build", "majority2", "--art", "my-art/", "--promos", "my-art/my-promos.json",
                 "--out", "out", "--no-gallery")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.count("warning: my-art") == 0     # every file used, no noise
    assert len(image_xobjects(Path("out/majority2/promo-members.pdf"))) == 4


def test_tiff_and_webp_are_read(tmp_path):
    tiff = _solid(tmp_path / "scan.tif", (200, 100), (10, 200, 30), compression="tiff_lzw")
    webp = tmp_path / "art.webp"
    Image.new("RGBA", (80, 80), (10, 20, 200, 128)).save(webp, lossless=True)
    tiff_image = pdf_image(inspect_image(tiff), 20, 10, ImageSettings())
    assert (tiff_image.mode, tiff_image.filter, tiff_image.width) == ("RGB", "FlateDecode", 200)
    webp_image = pdf_image(inspect_image(webp), 10, 10, ImageSettings())
    assert webp_image.mode == "RGB" and webp_image.smask is not None


def test_the_gallery_thumbnails_show_the_art(cli, tmp_path):
    art = tmp_path / "art"
    _solid(art / "d20-cards-back.png", (815, 1110), (200, 20, 160))
    result = cli("build", "d20-stacks", "-c", "d20-cards", "--art", art, "--out",
                 tmp_path / "o")
    assert result.exit_code == 0, result.stderr
    with Image.open(tmp_path / "o" / "d20-stacks" / "preview" / "d20-cards-2.png") as thumb:
        rgb = thumb.convert("RGB")
        centre = rgb.getpixel((rgb.width // 4, rgb.height // 4))
        assert centre == pytest.approx((200, 20, 160), abs=10)   # a back, in the art's colour


def test_example_back_keeps_its_title_inside_the_ring():
    """The example back of docs/print/art.md: the white title sits inside the gold ring, not
    over it."""
    back = ART.card_back().convert("RGB")
    width, height = back.size
    inner = width // 4 - width // 30
    pixels = back.load()
    white = [(x, y) for x in range(width) for y in range(height) if min(pixels[x, y]) > 200]
    assert white
    assert max(math.hypot(x - width / 2, y - height / 2) for x, y in white) < inner


@pytest.mark.parametrize(("kind", "said"), [
    ("fifo", "not a folder: it is a FIFO (named pipe)"),
    ("file", "not a folder: it is a file"),
    ("nothing", "folder not found"),
])
def test_art_that_is_not_a_folder_says_what_it_is(cli, tmp_path, kind, said):
    """A FIFO or a file given as --art was 'not found', which sent people looking for a
    missing folder; the build says what it is instead, exit 2, never opening it (a FIFO
    would block)."""
    import os

    art = tmp_path / "art"
    if kind == "fifo":
        os.mkfifo(art)
    elif kind == "file":
        art.write_text("not a folder", encoding="utf-8")
    result = cli("build", "majority2", "-c", "player-aid", "--art", art, "--out",
                 tmp_path / "out", "--no-gallery")
    assert result.exit_code == 2
    assert f"--art {art}: {said}" in result.stderr
    assert not (tmp_path / "out").exists()
