"""Hostile art, fonts and layouts: every one is exit 2 naming the file (or the warning the
docs/print/art.md promises), never a traceback, never a silently wrong print."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import struct
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from pnp.errors import DataError
from pnp.render.images import ImageSettings, inspect_image, pdf_image

from conftest import ROOT


def _picture(size=(600, 400)) -> Image.Image:
    """Stripes, so that every part of the image carries data (a cut shows)."""
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    for x in range(0, size[0], 12):
        draw.line((x, 0, size[0] - x, size[1]), fill=(x % 255, 60, 180), width=3)
    return image


def _jpeg(**options) -> bytes:
    buffer = io.BytesIO()
    _picture().save(buffer, format="JPEG", quality=90, **options)
    return buffer.getvalue()


def _promos(tmp_path: Path, art: str) -> Path:
    """The example promo card of docs/print/art.md, its art set to `art`."""
    spec = importlib.util.spec_from_file_location("make_example_art",
                                                  ROOT / "tools" / "make_example_art.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    promos = json.loads(json.dumps(module.MY_PROMOS))
    promos["cards"][0]["art"] = art
    path = tmp_path / "promos.json"
    path.write_text(json.dumps(promos))
    return path


def _build_promo(cli, tmp_path: Path, art: str):
    return cli("build", "majority2", "-c", "promo-members", "--promos",
               _promos(tmp_path, art), "--out", tmp_path / "out", "--no-gallery")


def _no_traceback(result) -> None:
    assert "Traceback" not in result.stdout + result.stderr


# --- images -------------------------------------------------------------------------------

def test_a_jpeg_cut_in_half_but_ending_in_its_marker_is_refused(cli, tmp_path):
    """It decodes without an error in Pillow (the missing half prints grey), so a JPEG
    that would be embedded as it is gets its data checked too."""
    whole = _jpeg()
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(whole[: len(whole) // 2] + b"\xff\xd9")
    with pytest.raises(DataError, match="truncated or corrupt"):
        inspect_image(cut)
    result = _build_promo(cli, tmp_path, str(cut))
    assert result.exit_code == 2 and str(cut) in result.stderr
    _no_traceback(result)
    fine = tmp_path / "fine.jpg"
    fine.write_bytes(whole + b"\0\0trailing junk after the marker")
    assert inspect_image(fine).width == 600


def test_pictures_checked_ahead_answer_as_if_checked_then(tmp_path):
    """A build checks its art in background threads while it fits the text: each answer,
    a bad file's error too, is what checking the file at its turn gives, and no thread
    outlives `settle` (a forked worker must not inherit one mid-work)."""
    import threading

    from pnp.render import images

    whole = _jpeg()
    good, cut = tmp_path / "good.jpg", tmp_path / "cut.jpg"
    good.write_bytes(whole)
    cut.write_bytes(whole[: len(whole) // 2] + b"\xff\xd9")
    settle = images.inspect_ahead([good, cut, good, tmp_path / "missing.jpg"])
    assert len(images._AHEAD) == 2  # each file once; a missing one is left to its turn
    assert (inspect_image(good).width, inspect_image(good).height) == (600, 400)
    with pytest.raises(DataError, match="truncated or corrupt"):
        inspect_image(cut)
    with pytest.raises(DataError, match="truncated or corrupt"):
        inspect_image(cut)  # asked again, checked again: failures are never remembered
    settle()
    assert not images._AHEAD
    assert not [t for t in threading.enumerate() if t.name.startswith("pnp-images")]


def test_a_truncated_png_is_exit_2_naming_it(cli, tmp_path):
    buffer = io.BytesIO()
    _picture().save(buffer, format="PNG")
    cut = tmp_path / "cut.png"
    cut.write_bytes(buffer.getvalue()[: len(buffer.getvalue()) // 2])
    with pytest.raises(DataError, match="cut.png"):
        inspect_image(cut)
    result = _build_promo(cli, tmp_path, str(cut))
    assert result.exit_code == 2 and str(cut) in result.stderr
    _no_traceback(result)


def _exif_orientation(kind: int, count: int, value: bytes) -> bytes:
    """A little-endian TIFF/EXIF block holding one Orientation tag of any type, as a
    hand-edited or broken camera file can carry it (Pillow writes only SHORTs)."""
    entry = struct.pack("<HHI", 0x0112, kind, count) + value.ljust(4, b"\0")
    return b"Exif\0\0II*\0" + struct.pack("<IH", 8, 1) + entry + struct.pack("<I", 0)


@pytest.mark.parametrize(("kind", "count", "value"), [
    (2, 4, b"six\0"),                       # ASCII text
    (11, 1, struct.pack("<f", 6.5)),          # a FLOAT
    (3, 1, (99).to_bytes(2, "little")),      # a SHORT out of range
    (7, 1, b"\x06"),                        # UNDEFINED bytes
    (8, 1, (-6).to_bytes(2, "little", signed=True)),   # a negative SSHORT
])
def test_an_exif_orientation_that_is_not_1_to_8_counts_as_upright(tmp_path, kind, count,
                                                                 value):
    path = tmp_path / "odd.jpg"
    _picture().save(path, format="JPEG", exif=_exif_orientation(kind, count, value))
    info = inspect_image(path)
    assert (info.width, info.height, info.orientation) == (600, 400, 1)
    assert pdf_image(info, 40, 27, ImageSettings()).width == 600


def test_an_image_over_64_mb_is_refused_once_with_advice(cli, tmp_path):
    art = tmp_path / "art"
    art.mkdir()
    big = art / "ghost.png"
    with open(big, "wb") as handle:        # sparse: 65 MB on paper, nothing on disk
        handle.truncate(65 * 1024 * 1024)
    result = cli("build", "majority2", "-c", "promo-members", "--art", art,
                 "--out", tmp_path / "out", "--no-gallery")
    assert result.exit_code == 2
    assert result.stderr.count(str(big)) == 1, result.stderr   # two Ghosts: said once
    assert "64 MB" in result.stderr and "compress" in result.stderr
    _no_traceback(result)


def test_an_art_file_changed_during_the_build_is_named(tmp_path):
    """Checked, then replaced before it is embedded: the art file is named (not the PDF
    being written), whether it would pass through or be converted."""
    jpeg = tmp_path / "changed.jpg"
    jpeg.write_bytes(_jpeg())
    png = tmp_path / "changed.png"
    _picture().save(png)
    for path in (jpeg, png):
        info = inspect_image(path)
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2])
        with pytest.raises(DataError) as caught:
            pdf_image(info, 40, 27, ImageSettings())
        (problem,) = caught.value.problems
        assert problem.file == str(path) and "changed" in problem.message


def test_a_nul_in_a_promos_art_is_exit_2(cli, tmp_path):
    result = _build_promo(cli, tmp_path, "art/my\0captain.png")
    assert result.exit_code == 2 and "NUL" in result.stderr
    _no_traceback(result)


def test_a_nul_in_a_layouts_src_is_exit_2(cli, tmp_path):
    layouts = tmp_path / "templates" / "layouts"
    layouts.mkdir(parents=True)
    back = json.loads((ROOT / "templates" / "layouts" / "d20-back.json").read_text())
    back.pop("$schema")
    back["boxes"].append({"name": "logo", "kind": "image", "src": "lo\u0000go.png", "x": 20,
                          "y": 70, "width": 23, "height": 10})
    (layouts / "d20-back.json").write_text(json.dumps(back))
    result = cli("build", "d20-stacks", "-c", "d20-cards", "--templates",
                 tmp_path / "templates", "--out", tmp_path / "out", "--no-gallery")
    assert result.exit_code == 2 and "NUL" in result.stderr
    _no_traceback(result)


def test_a_zero_size_image_box_draws_nothing_and_reports_nothing(cli, tmp_path):
    layouts = tmp_path / "templates" / "layouts"
    layouts.mkdir(parents=True)
    _picture().save(layouts / "logo.png")
    back = json.loads((ROOT / "templates" / "layouts" / "d20-back.json").read_text())
    back.pop("$schema")
    back["boxes"].append({"name": "logo", "kind": "image", "src": "logo.png", "x": 20,
                          "y": 70, "width": 0, "height": 0})
    (layouts / "d20-back.json").write_text(json.dumps(back))
    result = cli("export", "png", "d20-stacks", "--dpi", "72", "--templates",
                 tmp_path / "templates", "--out", tmp_path / "out")
    _no_traceback(result)
    assert result.exit_code == 0, result.stderr


# --- the --art folder ---------------------------------------------------------------------

def test_art_names_that_are_not_files_are_warned_about(cli, tmp_path):
    art = tmp_path / "art"
    art.mkdir()
    (art / "ghost.png").symlink_to(tmp_path / "gone.png")        # dangling
    os.mkfifo(art / "members-back.png")
    (art / "witches-secretary.jpg").mkdir()
    result = cli("build", "majority2", "-c", "promo-members", "--art", art,
                 "--out", tmp_path / "out", "--no-gallery")
    _no_traceback(result)
    assert result.exit_code == 0, result.stderr
    assert f"{art / 'ghost.png'}: " in result.stderr and "broken symlink" in result.stderr
    assert f"{art / 'members-back.png'}: " in result.stderr and "FIFO" in result.stderr
    assert f"{art / 'witches-secretary.jpg'}: " in result.stderr and "folder" in result.stderr


# --- fonts and output folders -------------------------------------------------------------

def test_a_font_with_broken_glyph_data_is_refused_before_work(cli, tmp_path):
    """It parses (names, metrics and character map are intact), but its glyph offsets
    point past the glyph data: subsetting it would fail while the PDF is saved."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    vera = ROOT / "pnp" / "fonts" / "Vera.ttf"
    data = bytearray(vera.read_bytes())
    head = TTFontFile(str(vera)).table["head"]["offset"]
    data[head + 51] = 1                   # indexToLocFormat: short offsets read as long
    broken = tmp_path / "Broken.ttf"
    broken.write_bytes(bytes(data))
    result = cli("build", "d20-stacks", "-c", "d20-cards", "--font", broken,
                 "--out", tmp_path / "out", "--no-gallery")
    assert result.exit_code == 2 and str(broken) in result.stderr
    assert "not a usable TrueType font" in result.stderr
    _no_traceback(result)
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))


def test_an_output_folder_that_is_a_symlink_to_itself_is_exit_2(cli, tmp_path):
    loop = tmp_path / "o"
    loop.symlink_to(loop)
    result = cli("export", "tts", "majority", "-c", "variant-card", "--dpi", "72",
                 "--out", loop)
    _no_traceback(result)
    assert result.exit_code == 2 and str(loop) in result.stderr
