"""`pnp export cut`: every cut path lies on its card's trim as `pnp build` printed it
(within 0.05 mm) on every paper and backs mode, with and without bleed; registration marks
printed on the sheets and drawn in the cut files; the devices' differences."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest

from pnp.render.cutfiles import DEFAULT_INSET, registration_marks
from pnp.render.geometry import Size

MM = 72 / 25.4
TOLERANCE = 0.05
DECKS = ["-c", "preparation-cards", "-c", "variant-card"]


def _paths(svg: Path) -> list[tuple[float, float, float, float, float]]:
    """(left, bottom, right, top, corner radius) of each cut path, PDF axes (y up), mm."""
    text = svg.read_text()
    height = float(re.search(r'height="([\d.]+)mm"', text).group(1))
    boxes = []
    for d in re.findall(r'<path d="([^"]+)"', text):
        points = [(float(x), float(y)) for x, y in re.findall(r"[ML] ([\d.]+) ([\d.]+)", d)]
        radius = float(re.search(r"A ([\d.]+)", d).group(1))
        xs = [x for x, _ in points]
        ys = [height - y for _, y in points]
        boxes.append((min(xs), min(ys), max(xs), max(ys), radius))
    return boxes


def _lines(pdf: Path, page: int) -> list[tuple[float, float, float, float]]:
    """Every straight stroke on the page (x0, y0, x1, y1), PDF axes, mm."""
    with pdfplumber.open(pdf) as doc:
        p = doc.pages[page - 1]
        return [(line["x0"] / MM, (p.height - line["bottom"]) / MM, line["x1"] / MM,
                 (p.height - line["top"]) / MM) for line in p.lines]


def _edge_printed(lines, x0, y0, x1, y1, whole: bool) -> bool:
    """A printed line along the trim edge (x0, y0)-(x1, y1): covering it (cut lines, fold)
    or, for crop marks (`whole` False), in line with it outside the card."""
    for a0, b0, a1, b1 in lines:
        vertical = x0 == x1 and abs(a0 - x0) <= TOLERANCE and abs(a1 - x0) <= TOLERANCE
        horizontal = y0 == y1 and abs(b0 - y0) <= TOLERANCE and abs(b1 - y0) <= TOLERANCE
        if vertical and (not whole or (b0 <= y0 + TOLERANCE and b1 >= y1 - TOLERANCE)):
            return True
        if horizontal and (not whole or (a0 <= x0 + TOLERANCE and a1 >= x1 - TOLERANCE)):
            return True
    return False


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short", "fold", "none"])
@pytest.mark.parametrize("bleed", ["0", "3"])
def test_every_cut_path_lies_on_its_printed_trim(cli, tmp_path, paper, backs, bleed):
    options = ["--paper", paper, "--backs", backs, "--bleed", bleed, "--registration"]
    assert cli("build", "majority", *DECKS, *options, "--out", tmp_path,
               "--no-gallery").exit_code == 0
    result = cli("export", "cut", "majority", *DECKS, *options, "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    svgs = sorted((tmp_path / "majority" / "cut").glob("*.svg"))
    assert svgs
    checked = 0
    for svg in svgs:
        name, page = re.match(r"(.+)-p(\d+)\.svg", svg.name).groups()
        lines = _lines(tmp_path / "majority" / f"{name}.pdf", int(page))
        for left, bottom, right, top, radius in _paths(svg):
            assert (right - left, top - bottom) == pytest.approx((63, 88), abs=TOLERANCE)
            assert radius == 3
            edges = [(left, bottom, left, top), (right, bottom, right, top),
                     (left, bottom, right, bottom), (left, top, right, top)]
            for edge in edges:
                assert _edge_printed(lines, *edge, whole=bleed == "0"), (svg.name, edge)
            checked += 1
    assert checked >= 5  # 4 preparation cards and the variant card, fronts once each


def test_registration_marks_are_printed_and_in_the_cut_files(cli, tmp_path):
    assert cli("build", "majority", "-c", "variant-card", "--registration",
               "--out", tmp_path, "--no-gallery").exit_code == 0
    assert cli("export", "cut", "majority", "-c", "variant-card", "--device", "silhouette",
               "--out", tmp_path).exit_code == 0
    marks = registration_marks(Size(210, 297), DEFAULT_INSET)
    with pdfplumber.open(tmp_path / "majority" / "variant-card.pdf") as doc:
        page = doc.pages[0]
        rects = [(r["x0"] / MM, (page.height - r["bottom"]) / MM) for r in page.rects]
        backs = [(r["x0"] / MM, (page.height - r["bottom"]) / MM) for r in doc.pages[1].rects]
    for mark in marks:
        assert any(abs(x - mark.x) < TOLERANCE and abs(y - mark.y) < TOLERANCE
                   for x, y in rects), mark
        assert not any(abs(x - mark.x) < TOLERANCE and abs(y - mark.y) < TOLERANCE
                       for x, y in backs)  # the backs page carries none
    svg = (tmp_path / "majority" / "cut" / "variant-card-p001.svg").read_text()
    assert svg.count("<rect") == len(marks)
    dxf = (tmp_path / "majority" / "cut" / "variant-card-p001.dxf").read_text()
    assert "REGISTRATION" in dxf and dxf.count("\nARC\n") == 4


def test_cricut_files_hold_cuts_only_and_refuse_marks(cli, tmp_path):
    assert cli("build", "majority", "-c", "variant-card", "--cut-area", "cricut",
               "--out", tmp_path, "--no-gallery").exit_code == 0
    assert cli("export", "cut", "majority", "-c", "variant-card", "--device", "cricut",
               "--out", tmp_path).exit_code == 0
    svg = (tmp_path / "majority" / "cut" / "variant-card-p001.svg").read_text()
    assert "<rect" not in svg and svg.count("<path") == 1
    result = cli("export", "cut", "majority", "--device", "cricut", "--registration",
                 "--out", tmp_path)
    assert result.exit_code == 2
    assert "Design Space prints its own registration frame" in result.stderr


@pytest.mark.parametrize(("args", "message"), [
    (["--device", "laser"], "--device must be one of silhouette, cricut, generic"),
    (["--registration", "--registration-inset", "3"], "--registration-inset must be 10-40"),
    (["--backs", "twice"], "--backs must be one of"),
])
def test_cut_refusals(cli, tmp_path, args, message):
    result = cli("export", "cut", "majority", "-c", "variant-card", *args, "--out", tmp_path)
    assert result.exit_code == 2
    assert message in result.stderr


def test_dice_nets_cut_along_their_outlines(cli, tmp_path):
    assert cli("build", "majority-rules", "-c", "dice", "--out", tmp_path,
               "--no-gallery").exit_code == 0
    result = cli("export", "cut", "majority-rules", "-c", "dice", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    files = sorted((tmp_path / "majority-rules" / "cut").glob("dice-p*.svg"))
    assert sum(f.read_text().count("<path") for f in files) == 33
