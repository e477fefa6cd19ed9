"""`pnp export png|shop`: pixel sizes, page boxes, order, and refusals."""

import pypdf
import pytest
from PIL import Image

from pnp.kits.export import pixel_size
from pnp.render.model import Deck

from pdftools import MM


@pytest.mark.parametrize(("size", "dpi", "bleed", "pixels"), [
    ("poker", 300, 0.0, (744, 1039)),
    ("poker", 300, 3.175, (819, 1114)),
    ("63.5x88.9", 300, 3.175, (825, 1125)),   # 2.5 × 3.5 in, the US poker size
    ("mini", 150, 0.0, (260, 372)),
    ("square", 600, 3.0, (1795, 1795)),
])
def test_pixel_size_is_trim_plus_bleed_times_dpi(size, dpi, bleed, pixels):
    assert pixel_size(Deck("d", "D", size, (), "d"), dpi, bleed) == pixels


@pytest.mark.slow
def test_png_export_writes_one_image_per_face_at_the_exact_size(cli, tmp_path):
    result = cli("export", "png", "majority", "-c", "vote-cards", "-c", "preparation-cards",
                 "--dpi", "150", "--bleed", "3.175", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    folder = tmp_path / "majority" / "png"
    names = sorted(p.name for p in folder.iterdir())
    assert len([n for n in names if n.startswith("vote-cards-")]) == 80  # own back per card
    assert "preparation-cards-back.png" in names  # a shared back once
    assert "preparation-cards-004-front.png" in names
    with Image.open(folder / "vote-cards-001-front.png") as image:
        assert image.size == pixel_size(Deck("v", "V", "poker", (), "v"), 150, 3.175)
        # the red background reaches into the bleed: the corner pixel is not white
        assert image.convert("RGB").getpixel((1, 1)) != (255, 255, 255)
    assert "410 × 557 px" in result.stdout


def test_png_export_is_deterministic(cli, tmp_path):
    for out in ("a", "b"):
        assert cli("export", "png", "majority", "-c", "variant-card", "--dpi", "100", "--out",
                   tmp_path / out).exit_code == 0
    first = (tmp_path / "a" / "majority" / "png" / "variant-card-001-front.png").read_bytes()
    second = (tmp_path / "b" / "majority" / "png" / "variant-card-001-front.png").read_bytes()
    assert first == second


def test_shop_pdf_has_trim_and_bleed_boxes_and_exact_page_size(cli, tmp_path):
    result = cli("export", "shop", "majority", "-c", "variant-card", "--bleed", "3",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    reader = pypdf.PdfReader(str(tmp_path / "majority" / "shop" / "variant-card.pdf"))
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(69 * MM, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(94 * MM, abs=0.01)
        trim = [float(v) for v in page.trimbox]
        assert trim == pytest.approx([3 * MM, 3 * MM, 66 * MM, 91 * MM], abs=0.01)
        assert [float(v) for v in page.bleedbox] == [float(v) for v in page.mediabox]


@pytest.mark.parametrize(("order", "first"), [("front-back", "Most"), ("back-front", "Least")])
def test_shop_order(cli, tmp_path, order, first):
    assert cli("export", "shop", "majority", "-c", "variant-card", "--order", order,
               "--out", tmp_path).exit_code == 0
    reader = pypdf.PdfReader(str(tmp_path / "majority" / "shop" / "variant-card.pdf"))
    assert first in reader.pages[0].extract_text()


@pytest.mark.parametrize(("args", "message"), [
    (["png", "majority", "--dpi", "5000"], "--dpi must be between 72 and 1200"),
    (["png", "majority", "-c", "dividers"], "unknown card component(s) dividers"),
    (["shop", "majority", "--order", "sideways"], "--order must be one of"),
    (["shop", "majority", "--bleed", "-1"], "bleed must be between 0 and 10 mm"),
])
def test_export_refusals(cli, tmp_path, args, message):
    result = cli("export", *args, "--out", tmp_path)
    assert result.exit_code == 2
    assert message in result.stderr
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("kind", ["png", "shop", "tts"])
def test_an_export_that_would_write_nothing_says_why_and_exits_2(cli, tmp_path, kind):
    result = cli("export", kind, "majority-rules", "--out", tmp_path)
    assert result.exit_code == 2
    assert "nothing to export: Majority Rules! has no card decks" in result.stderr
    assert "dice, dividers are not cards" in result.stderr and "pnp build" in result.stderr
    assert not any(tmp_path.iterdir())


def test_asking_for_dice_says_they_are_not_cards(cli, tmp_path):
    result = cli("export", "tts", "majority-rules", "-c", "dice", "--out", tmp_path)
    assert result.exit_code == 2
    assert "dice: not a card deck" in result.stderr
    assert "card decks of majority-rules: none" in result.stderr
    assert "known: \n" not in result.stderr + "\n"


def test_what_is_left_out_is_named(cli, tmp_path):
    result = cli("export", "png", "majority-rules", "d20-stacks", "--dpi", "72",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    assert "d20-cards" in result.stdout
    assert "not exported: majority-rules dice, dividers are not cards" in result.stderr
    assert "not exported: d20-stacks tuck-box are not cards (dice nets, dividers and tuck " \
        "boxes have no single-card form" in result.stderr


# --- PNGs carry their DPI; parallel export ------------------------------------------------

def _phys(path) -> tuple[int, int, int]:
    """(x, y pixels per unit, unit) from the PNG's pHYs chunk, read from the bytes."""
    import struct

    data = path.read_bytes()
    at = data.index(b"pHYs")
    return struct.unpack(">IIB", data[at + 4:at + 13])


def test_png_records_its_dpi_in_phys(cli, tmp_path):
    assert cli("export", "png", "majority", "-c", "variant-card", "--dpi", "150",
               "--out", tmp_path).exit_code == 0
    image = tmp_path / "majority" / "png" / "variant-card-001-front.png"
    assert _phys(image) == (5906, 5906, 1)  # 150 DPI = 5905.5 px/m, unit metre
    with Image.open(image) as opened:
        assert opened.info["dpi"] == pytest.approx((150, 150), abs=0.02)


@pytest.mark.slow
def test_parallel_png_export_writes_the_same_bytes_as_one_worker(cli, tmp_path):
    for jobs in ("1", "3"):
        result = cli("export", "png", "majority", "-c", "vote-cards", "-c", "preparation-cards",
                     "--dpi", "72", "--jobs", jobs, "--out", tmp_path / jobs)
        assert result.exit_code == 0, result.stderr
    one = sorted((tmp_path / "1").rglob("*.png"))
    three = sorted((tmp_path / "3").rglob("*.png"))
    assert len(one) == 85 and [p.name for p in one] == [p.name for p in three]
    assert all(a.read_bytes() == b.read_bytes() for a, b in zip(one, three, strict=True))


@pytest.mark.parametrize("jobs", ["-1", "1000"])
def test_bad_jobs_is_refused(cli, tmp_path, jobs):
    result = cli("export", "png", "majority", "--jobs", jobs, "--out", tmp_path)
    assert result.exit_code == 2
    assert "--jobs must be between 1 and 256 (0: every core)" in result.stderr


@pytest.mark.parametrize(("kind", "module", "folder"), [
    ("png", "pnp.kits.export", "png"), ("tts", "pnp.kits.tts", "tts")])
def test_an_export_failing_midway_leaves_the_previous_images_whole(
        cli, tmp_path, monkeypatch, kind, module, folder):
    """The disk fills up at the third image of a second export (other DPI, so other
    bytes): exit 2 naming the cause, every file of the first export as it was — none
    replaced by the second's, none half written — and no staging folder left behind."""
    first = cli("export", kind, "majority", "-c", "variant-card", "-c", "preparation-cards",
                "--dpi", "72", "--jobs", "1", "--out", tmp_path)
    assert first.exit_code == 0, first.stderr
    out = tmp_path / "majority" / folder
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    import importlib

    target = importlib.import_module(module)
    real, calls = target.write_png, []

    def fill_disk(image, path, dpi):
        calls.append(path)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        real(image, path, dpi)

    monkeypatch.setattr(target, "write_png", fill_disk)
    second = cli("export", kind, "majority", "-c", "variant-card", "-c", "preparation-cards",
                 "--dpi", "96", "--jobs", "1", "--out", tmp_path)
    assert second.exit_code == 2
    assert "No space left on device" in second.stderr
    assert "Traceback" not in second.stderr
    assert len(calls) == 3
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
