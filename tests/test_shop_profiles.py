"""`pnp export shop --profile dtc|tgc|mpc`: PDF/X-1a output inspected for its output
intent, CMYK colour, boxes and ink; an over-inking profile refused by card and page; the
shops' pixel sizes and file names."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest
from PIL import Image
from pypdf.generic import ContentStream

from pnp.render.cmyk import SHIPPED_PROFILE
from pnp.render.pdfx import check_pdfx

from pdftools import MM

FIXTURES = Path(__file__).parent / "fixtures" / "icc"
BLEED_PT = 25.4 / 8 * MM


@pytest.fixture(scope="module")
def dtc(tmp_path_factory) -> Path:
    from typer.testing import CliRunner

    from pnp.cli import app

    out = tmp_path_factory.mktemp("dtc")
    result = CliRunner().invoke(app, ["export", "shop", "majority", "--profile", "dtc",
                                      "-c", "preparation-cards", "-c", "variant-card",
                                      "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return out / "majority" / "shop-dtc"


def _operators(page, reader) -> set[bytes]:
    ops = {op for _, op in ContentStream(page.get_contents(), reader).operations}
    xobjects = page["/Resources"].get("/XObject", {})
    for ref in xobjects.values():
        xobject = ref.get_object()
        if xobject.get("/Subtype") == "/Form":
            ops |= {op for _, op in ContentStream(xobject, reader).operations}
    return ops


def test_dtc_pdf_declares_pdfx1a_with_the_shipped_cmyk_profile(dtc):
    reader = pypdf.PdfReader(str(dtc / "preparation-cards.pdf"))
    assert reader.pdf_header == "%PDF-1.4"
    info = reader.metadata
    assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    assert info["/Trapped"] == "/False"
    intents = reader.trailer["/Root"]["/OutputIntents"]
    assert len(intents) == 1
    intent = intents[0].get_object()
    assert intent["/S"] == "/GTS_PDFX"
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 003"
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4
    assert profile.get_data() == SHIPPED_PROFILE.read_bytes()


def test_dtc_pages_are_cmyk_only_with_trim_and_eighth_inch_bleed(dtc):
    reader = pypdf.PdfReader(str(dtc / "preparation-cards.pdf"))
    assert len(reader.pages) == 8  # 4 cards, front and back each
    for page in reader.pages:
        ops = _operators(page, reader)
        assert not ops & {b"rg", b"RG", b"g", b"G"}, "an RGB or grey colour is left"
        assert b"k" in ops
        trim = [float(v) for v in page.trimbox]
        assert trim == pytest.approx([BLEED_PT, BLEED_PT, BLEED_PT + 2.5 * 72,
                                      BLEED_PT + 3.5 * 72], abs=0.02)
        assert float(page.mediabox.width) == pytest.approx(2.75 * 72, abs=0.02)
        assert float(page.mediabox.height) == pytest.approx(3.75 * 72, abs=0.02)


def test_dtc_check_passes_and_measures_ink_under_240(dtc):
    document, pages = check_pdfx(dtc / "preparation-cards.pdf", 240, 25.4 / 8)
    assert document == []
    assert all(p.problems == [] for p in pages)
    assert max(p.ink for p in pages) > 150  # dark text is measured, not zero
    assert max(p.ink for p in pages) <= 240.5


def test_dtc_pages_go_front_back_card_by_card(dtc):
    reader = pypdf.PdfReader(str(dtc / "preparation-cards.pdf"))
    texts = [page.extract_text() for page in reader.pages]
    # the fourth preparation card is the question card
    assert [t.splitlines()[0] for t in texts[0::2]] == ["A", "B", "C", "?"]
    assert all("Preparation" in t for t in texts[1::2])  # the shared back after each


def test_dtc_export_is_deterministic(cli, dtc, tmp_path):
    assert cli("export", "shop", "majority", "--profile", "dtc", "-c", "variant-card",
               "--out", tmp_path).exit_code == 0
    assert (tmp_path / "majority" / "shop-dtc" / "variant-card.pdf").read_bytes() == \
        (dtc / "variant-card.pdf").read_bytes()


def test_over_inking_profile_is_refused_naming_card_and_page(cli, tmp_path):
    result = cli("export", "shop", "majority", "--profile", "dtc", "-c",
                 "preparation-cards", "--icc", FIXTURES / "swop-tr003-400.icc",
                 "--out", tmp_path)
    assert result.exit_code == 2
    assert re.search(r"preparation-cards\.pdf: page 1 \(preparation card A, front\): total "
                     r"ink coverage \d+ % is above the shop's 240 % limit", result.stderr)
    assert not (tmp_path / "majority" / "shop-dtc" / "preparation-cards.pdf").exists()


def test_check_reports_rgb_transparency_and_unembedded_fonts(tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "bad.pdf"
    c = Canvas(str(path), pagesize=(200, 200))
    c.setTrimBox((9, 9, 191, 191))
    c.setBleedBox((0, 0, 200, 200))
    c.setFillColorRGB(1, 0, 0)
    c.setFillAlpha(0.5)
    c.rect(10, 10, 50, 50, fill=1)
    c.setFillColorCMYK(1, 1, 1, 1)
    c.drawString(20, 100, "Helvetica is not embedded")
    c.save()
    document, pages = check_pdfx(path, 240, 25.4 / 8)
    assert any("GTS_PDFXVersion" in p for p in document)
    assert any("output intent" in p for p in document)
    problems = " | ".join(pages[0].problems)
    assert "colour in DeviceRGB" in problems
    assert "constant alpha (transparency)" in problems
    assert "font Helvetica is not embedded" in problems
    assert "total ink coverage 400 %" in problems


# The shops' own templates, in pixels at 300 DPI with their bleed (not worked out from
# this project's sizes): MakePlayingCards' poker 822 x 1122, bridge 747 x 1122, tarot
# 897 x 1497 (36 px = 0.12 in a side); The Game Crafter's PokerDeck 825 x 1125,
# BridgeDeck 750 x 1125, TarotDeck 900 x 1500 (thegamecrafter.com/api/tgc/products).
PUBLISHED = {("mpc", "poker"): (822, 1122), ("mpc", "bridge"): (747, 1122),
             ("mpc", "tarot"): (897, 1497), ("tgc", "poker"): (825, 1125),
             ("tgc", "bridge"): (750, 1125), ("tgc", "tarot"): (900, 1500)}


@pytest.mark.parametrize(("shop", "product"), sorted(PUBLISHED))
def test_products_are_the_shops_published_template_sizes(shop, product):
    from pnp.kits.export import pixel_size
    from pnp.kits.shops import SHOPS

    profile = SHOPS[shop]
    assert pixel_size(profile.products[product], profile.dpi, profile.bleed) == \
        PUBLISHED[shop, product]


@pytest.mark.slow
@pytest.mark.parametrize("profile", ["tgc", "mpc"])
def test_image_shops_write_each_face_at_the_shops_pixel_size(cli, tmp_path, profile):
    """The images read back: a poker deck (63 x 88 mm, centred on the shop's 2.5 x 3.5 in
    card) and the tarot player aid, at the published pixel sizes and 300 DPI."""
    for args in (["majority", "-c", "preparation-cards"], ["majority2", "-c", "player-aid"]):
        result = cli("export", "shop", *args, "--profile", profile, "--out", tmp_path,
                     "--jobs", "1")
        assert result.exit_code == 0, result.stderr
    prep = tmp_path / "majority" / f"shop-{profile}"
    aid = tmp_path / "majority2" / f"shop-{profile}"
    if profile == "tgc":
        fronts = sorted(prep.glob("preparation-cards-*-front.png"))
        backs = sorted(p.name for p in prep.glob("preparation-cards*back*"))
        assert backs == ["preparation-cards-back.png"]
        tarot = sorted(aid.glob("player-aid-*.png"))
    else:
        fronts = sorted((prep / "preparation-cards" / "front").iterdir())
        assert sorted(p.name for p in (prep / "preparation-cards" / "back").iterdir()) == \
            ["all.png"]
        tarot = sorted((aid / "player-aid").glob("*/*.png"))
    assert len(fronts) == 4 and tarot
    for path, product in [(p, "poker") for p in fronts] + [(p, "tarot") for p in tarot]:
        with Image.open(path) as image:
            assert image.size == PUBLISHED[profile, product], path
            assert round(image.info["dpi"][0]) == 300


@pytest.mark.parametrize(("args", "message"), [
    (["--profile", "lulu"], "--profile must be one of dtc, tgc, mpc, generic"),
    (["--profile", "dtc", "--bleed", "2"], "--bleed and --order are for --profile generic"),
    (["--profile", "tgc", "--icc", "x.icc"], "--icc sets the CMYK profile of --profile dtc"),
    (["--profile", "dtc", "--icc", "missing.icc"], "--icc missing.icc: file not found"),
])
def test_shop_profile_refusals(cli, tmp_path, args, message):
    result = cli("export", "shop", "majority", "-c", "variant-card", *args, "--out", tmp_path)
    assert result.exit_code == 2
    assert message in result.stderr


@pytest.mark.parametrize(("args", "message"), [
    (["majority-rules"], "nothing to export: Majority Rules! has no card decks"),
    (["majority2", "-c", "coins"], "nothing to export (majority2/coins: 24 × 24 mm round"),
])
def test_a_profile_with_nothing_to_export_exits_2(cli, tmp_path, args, message):
    result = cli("export", "shop", *args, "--profile", "dtc", "--out", tmp_path)
    assert result.exit_code == 2
    assert message in result.stderr


def test_round_tokens_are_left_out_and_named(cli, tmp_path):
    result = cli("export", "shop", "majority2", "--profile", "dtc", "-c", "coins", "-c",
                 "player-aid", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    assert "left out majority2/coins: 24 × 24 mm round pieces" in result.stderr
