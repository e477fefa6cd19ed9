"""Transparent art under the dtc profile (PDF/X-1a: no transparency): flattened onto what
the card draws beneath it, read back from the files — the composite's pixels, no soft
mask or alpha left anywhere, CMYK only, total ink at most 240 % measured here from the
images' own pixels and the colour operators; and a failing deck leaves the output folder
as it was."""

from __future__ import annotations

from pathlib import Path

import numpy
import pypdf
import pytest
from PIL import Image
from pypdf.generic import ContentStream

from pnp.render.cmyk import decode_image
from pnp.render.flatten import flatten_pdf, has_transparency

RED = (200, 30, 30)
GREEN = (0, 128, 0)


def _transparent_png(path: Path, alpha: int) -> Path:
    image = Image.new("RGBA", (40, 20), (*RED, alpha))
    image.paste((20, 20, 200, 255), (30, 0, 40, 20))  # an opaque blue stripe on the right
    image.save(path)
    return path


def _mixed(front, back, alpha: float) -> tuple[int, ...]:
    return tuple(round(f * alpha + b * (1 - alpha)) for f, b in zip(front, back, strict=True))


def test_flattening_composites_onto_what_lies_beneath(tmp_path):
    """A half-transparent PNG over a green panel and an opaque image drawn at 50 %
    opacity over white: each becomes an opaque image of the composite, the text drawn
    after them stays text."""
    from reportlab.pdfgen.canvas import Canvas

    png = _transparent_png(tmp_path / "art.png", 128)
    opaque = tmp_path / "opaque.png"
    Image.new("RGB", (10, 10), RED).save(opaque)
    source = tmp_path / "in.pdf"
    c = Canvas(str(source), pagesize=(200, 100), invariant=1)
    c.setFillColorRGB(*(v / 255 for v in GREEN))
    c.rect(0, 0, 100, 100, stroke=0, fill=1)
    c.drawImage(str(png), 10, 10, 80, 40, mask="auto")
    c.saveState()
    c.setFillAlpha(0.5)
    c.drawImage(str(opaque), 120, 10, 40, 40)
    c.restoreState()
    c.setFillColorRGB(0, 0, 0)
    c.drawString(10, 70, "on top")
    c.save()
    assert has_transparency(source)
    flat = tmp_path / "flat.pdf"
    assert flatten_pdf(source, flat) == 2
    assert not has_transparency(flat)
    page = pypdf.PdfReader(str(flat)).pages[0]
    images = [x.get_object() for x in page["/Resources"]["/XObject"].values()]
    assert len(images) == 2 and not any("/SMask" in x for x in images)
    pictures = sorted((decode_image(x)[0].convert("RGB") for x in images),
                      key=lambda im: im.width)
    half = _mixed(RED, GREEN, 128 / 255)
    art = pictures[1]
    assert art.getpixel((5, 10)) == pytest.approx(half, abs=3)
    assert art.getpixel((35, 10)) == pytest.approx((20, 20, 200), abs=3)
    assert pictures[0].getpixel((5, 5)) == pytest.approx(_mixed(RED, (255,) * 3, 0.5), abs=3)
    assert "on top" in page.extract_text()


def _ink(path: Path) -> float:
    """The largest C + M + Y + K (percent) any colour operator or image pixel asks for,
    read from the content streams and image data."""
    reader = pypdf.PdfReader(str(path))
    most = 0.0
    for page in reader.pages:
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op in (b"k", b"K"):
                most = max(most, 100 * sum(float(v) for v in operands))
            assert op not in (b"rg", b"RG", b"g", b"G")
        for ref in page["/Resources"].get("/XObject", {}).values():
            xobject = ref.get_object()
            assert "/SMask" not in xobject
            if xobject.get("/Subtype") == "/Image":
                assert xobject["/ColorSpace"] == "/DeviceCMYK"
                image = decode_image(xobject)[0]
                assert image.mode == "CMYK"
                total = int(numpy.asarray(image, dtype=numpy.int32).sum(axis=2).max())
                most = max(most, 100 * total / 255)
        for state in page["/Resources"].get("/ExtGState", {}).values():
            state = state.get_object()
            assert float(state.get("/ca", 1)) == 1 and float(state.get("/CA", 1)) == 1
    return most


@pytest.mark.slow
def test_dtc_flattens_transparent_art_to_cmyk_under_the_ink_limit(cli, tmp_path):
    """A transparent back illustration was refused, exit 2; now it is flattened onto the
    card's dark back and the file passes as PDF/X-1a."""
    art = tmp_path / "art"
    art.mkdir()
    _transparent_png(art / "preparation-cards-back.png", 160)
    result = cli("export", "shop", "majority", "-c", "preparation-cards", "--profile", "dtc",
                 "--art", art, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    pdf = tmp_path / "out" / "majority" / "shop-dtc" / "preparation-cards.pdf"
    raw = pdf.read_bytes()
    assert b"/SMask" not in raw
    assert _ink(pdf) <= 240.5
    assert "PDF/X-1a" in result.stdout


def test_a_failing_deck_leaves_the_folder_as_it_was(tmp_path, monkeypatch):
    """The refusal left the decks already written and never wrote the later ones: now
    every deck is made and checked aside, and nothing moves unless all pass."""
    from pnp.errors import DataError, Problem
    from pnp.kits import shops
    from pnp.kits.request import BuildRequest

    request = BuildRequest(games=("majority",), components=("preparation-cards",
                                                            "variant-card"),
                           out_dir=tmp_path)
    shops.export_shop_profile(request, "dtc")
    folder = tmp_path / "majority" / "shop-dtc"
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert sorted(before) == ["preparation-cards.pdf", "variant-card.pdf"]
    for path in folder.iterdir():
        path.write_bytes(b"an older export")
    drawn = shops._flat_rgb

    def fail_on_the_variant(request, shop, scratch, game_id, title, deck, trim):
        if deck.id == "variant-card":
            raise DataError([Problem("art.png", "cannot be flattened")])
        return drawn(request, shop, scratch, game_id, title, deck, trim)

    monkeypatch.setattr(shops, "_flat_rgb", fail_on_the_variant)
    with pytest.raises(DataError):
        shops.export_shop_profile(request, "dtc")
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == {
        name: b"an older export" for name in before}
    monkeypatch.setattr(shops, "_flat_rgb", drawn)
    shops.export_shop_profile(request, "dtc")
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
