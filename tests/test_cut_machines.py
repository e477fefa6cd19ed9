"""Cutting machines' own limits, measured on what is written, not with the project's
numbers: Cricut's Print Then Cut area (6.75 x 9.25 in) holds every cut sheet — cut
extents read from the SVG (by regex) and the DXF (by ezdxf), card boxes read from the
printed PDF (pdfplumber); Silhouette's registration marks found in the PDF have the
Type 1 geometry, and nothing else is printed in the squares the machine's eye searches,
the sheet label and scale bar at least 5 mm from them, at any inset; `export cut`
refuses a PDF laid out otherwise, naming both files."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest

MM = 72 / 25.4
# Cricut Design Space's largest Print Then Cut image on Letter and A4, in mm.
PRINT_THEN_CUT = (6.75 * 25.4, 9.25 * 25.4)
# Silhouette's Type 1 marks: a 5 mm square, L brackets of 20 mm arms 0.5 mm thick; the
# machine searches a 20 mm square at each mark's outer corner.
SQUARE, ARM, LINE = 5.0, 20.0, 0.5
TOL = 0.02


def _svg_boxes(svg: Path) -> list[tuple[float, float, float, float]]:
    """(left, bottom, right, top) of each cut path in PDF axes (y up), mm."""
    text = svg.read_text()
    height = float(re.search(r'height="([\d.]+)mm"', text).group(1))
    cut = text.split('<g id="cut"', 1)[1].split("</g>", 1)[0]
    boxes = []
    for d in re.findall(r'<path d="([^"]+)"', cut):
        numbers = [float(v) for v in re.findall(r"-?[\d.]+", d)]
        # M/L points and arc end points: every pair after the 5 arc parameters
        points = re.findall(r"[ML] ([\d.]+) ([\d.]+)|A [\d.]+ [\d.]+ 0 [01] [01] ([\d.]+) "
                            r"([\d.]+)", d)
        xs = [float(a or c) for a, b, c, e in points]
        ys = [height - float(b or e) for a, b, c, e in points]
        assert numbers and xs
        boxes.append((min(xs), min(ys), max(xs), max(ys)))
    return boxes


def _dxf_extent(path: Path) -> tuple[float, float, float, float]:
    import ezdxf  # here: its import is 0.6 s of every test worker's collection
    from ezdxf import bbox

    doc = ezdxf.readfile(path)
    assert doc.header.get("$INSUNITS") == 4  # mm
    box = bbox.extents(doc.modelspace().query('*[layer=="CUT"]'))
    return box.extmin.x, box.extmin.y, box.extmax.x, box.extmax.y


def _printed_cards(pdf: Path, page: int, size: tuple[float, float]) -> list[tuple]:
    """(left, bottom, right, top) of every filled rectangle of the card's size on the page:
    the cards' background panels, as printed."""
    with pdfplumber.open(pdf) as doc:
        p = doc.pages[page - 1]
        return sorted({(round(r["x0"] / MM, 2), round((p.height - r["bottom"]) / MM, 2),
                        round(r["x1"] / MM, 2), round((p.height - r["top"]) / MM, 2))
                       for r in p.rects if r["fill"]
                       and abs(r["width"] / MM - size[0]) < TOL
                       and abs(r["height"] / MM - size[1]) < TOL})


def _within_area(extent) -> bool:
    """The extent fits Print Then Cut's area, either way round."""
    width, height = extent[2] - extent[0], extent[3] - extent[1]
    w, h = PRINT_THEN_CUT
    return (width <= w + TOL and height <= h + TOL) or (width <= h + TOL and height <= w + TOL)


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cricut_sheets_fit_print_then_cut_and_match_the_printed_cards(cli, tmp_path, paper):
    """A 9-card sheet cut 189 x 264 mm: past the 171.45 x 234.95 mm Cricut cuts. Laid out
    for it, every sheet's cuts (SVG and DXF alike) fit, and land on the printed cards."""
    common = ["--paper", paper, "--out", tmp_path]
    decks = ["-c", "preparation-cards", "-c", "variant-card", "-c", "tuck-box"]
    assert cli("build", "majority", *decks, "--cut-area", "cricut", *common,
               "--no-gallery").exit_code == 0
    result = cli("export", "cut", "majority", *decks, "--device", "cricut", *common)
    assert result.exit_code == 0, result.stderr
    assert "Print Then Cut area, 6.75 × 9.25 in (171.45 × 234.95 mm)" in result.stderr
    cut = tmp_path / "majority" / "cut"
    svgs = sorted(cut.glob("*.svg"))
    assert [s.name for s in svgs if "card" in s.name] == [
        "preparation-cards-p001.svg", "variant-card-p001.svg"]
    assert len([s for s in svgs if s.name.startswith("tuck-box")]) >= 8
    for svg in svgs:
        boxes = _svg_boxes(svg)
        extent = (min(b[0] for b in boxes), min(b[1] for b in boxes),
                  max(b[2] for b in boxes), max(b[3] for b in boxes))
        assert _within_area(extent), (svg.name, extent)
        assert _dxf_extent(svg.with_suffix(".dxf")) == pytest.approx(extent, abs=TOL)
        name, page = re.match(r"(.+)-p(\d+)\.svg", svg.name).groups()
        if name == "preparation-cards":
            printed = _printed_cards(tmp_path / "majority" / f"{name}.pdf", int(page),
                                     (63, 88))
            assert len(printed) == len(boxes), svg.name
            for card, cut in zip(printed, sorted(boxes), strict=True):
                assert card == pytest.approx(cut, abs=TOL), svg.name


def _marks(page) -> list[tuple[float, float, float, float]]:
    """Black filled rectangles shaped like registration marks: (x0, y0, x1, y1), mm."""
    found = []
    for r in page.rects:
        w, h = r["width"] / MM, r["height"] / MM
        colour = r.get("non_stroking_color")
        black = colour in ((0,), 0, (0, 0, 0), [0], (0.0,), (0.0, 0.0, 0.0))
        if r["fill"] and black and ({round(w, 2), round(h, 2)} in ({SQUARE}, {ARM, LINE})):
            found.append((r["x0"] / MM, (page.height - r["bottom"]) / MM, r["x1"] / MM,
                          (page.height - r["top"]) / MM))
    return found


def _zones(marks, paper_w, paper_h) -> list[tuple[float, float, float, float]]:
    """The 20 mm squares at the three marks' outer corners, from the marks as found."""
    square = next(m for m in marks if abs(m[2] - m[0] - SQUARE) < TOL
                  and abs(m[3] - m[1] - SQUARE) < TOL)
    left, top = square[0], square[3]
    bars = [m for m in marks if m is not square]
    right = max(m[2] for m in bars)
    bottom = min(m[1] for m in bars)
    return [(left, top - ARM, left + ARM, top), (right - ARM, top - ARM, right, top),
            (left, bottom, left + ARM, bottom + ARM)]


def _gap(a, b) -> float:
    """Distance between two boxes (0 when they overlap)."""
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return (dx * dx + dy * dy) ** 0.5


def _printed(page) -> list[tuple[str, tuple]]:
    """Everything printed on the page but the marks: (kind, box mm)."""
    def box(o):
        return (o["x0"] / MM, (page.height - o["bottom"]) / MM, o["x1"] / MM,
                (page.height - o["top"]) / MM)

    marks = set(_marks(page))
    objects = [("char", box(c)) for c in page.chars]
    objects += [(kind, box(o)) for kind in ("rects", "lines", "curves", "images")
                for o in getattr(page, kind) if box(o) not in marks]
    return objects


@pytest.mark.slow
@pytest.mark.parametrize(("paper", "inset"), [("letter", 10), ("a4", 40)])
def test_nothing_is_printed_where_the_silhouette_looks_for_its_marks(cli, tmp_path, paper,
                                                                     inset):
    """Letter with --registration-inset 10 printed the sheet label 2.7 mm from the
    bottom-left mark, and round tokens and dice nets inside the marks' squares."""
    out = tmp_path / "out"
    for game, component in (("majority", "variant-card"), ("majority2", ("coins", "tokens")),
                            ("majority-rules", "dice")):
        component, file = component if isinstance(component, tuple) else (component,
                                                                            component)
        result = cli("build", game, "-c", component, "--paper", paper, "--registration",
                     "--registration-inset", inset, "--out", out, "--no-gallery")
        assert result.exit_code == 0, result.stderr
        pdf = out / game / f"{file}.pdf"
        with pdfplumber.open(pdf) as doc:
            for number, page in enumerate(doc.pages, start=1):
                marks = _marks(page)
                if not marks:
                    assert number % 2 == 0 and component != "dice"  # a duplex backs page
                    continue
                width, height = page.width / MM, page.height / MM
                assert len(marks) == 5
                square = [m for m in marks if abs(m[2] - m[0] - SQUARE) < TOL]
                assert square[0][:1] == pytest.approx((inset,), abs=TOL)
                assert square[0][3] == pytest.approx(height - inset, abs=TOL)
                assert max(m[2] for m in marks) == pytest.approx(width - inset, abs=TOL)
                assert min(m[1] for m in marks) == pytest.approx(inset, abs=TOL)
                zones = _zones(marks, width, height)
                for kind, box in _printed(page):
                    nearest = min(_gap(box, z) for z in zones)
                    assert nearest > 0, (pdf.name, number, kind, box)
                    if kind == "char":  # the sheet label and the scale bar's caption
                        assert nearest >= 5 - TOL, (pdf.name, number, box)
                assert re.search(r"sheet \d", page.extract_text())
    cut = cli("export", "cut", "majority-rules", "-c", "dice", "--paper", paper,
              "--device", "silhouette", "--registration-inset", inset, "--out", out)
    assert cut.exit_code == 0, cut.stderr


def test_export_cut_refuses_a_pdf_laid_out_otherwise(cli, tmp_path):
    """word-cards.pdf built with --registration (fewer cards a sheet), then export cut
    without it: it wrote 'for word-cards.pdf page N' and cut up to 44 mm off the cards.
    Now both files are named with both sets of options, exit 2, nothing written; the
    same options pass, and the cut files carry the PDF's fingerprint."""
    from pnp.render.cutsheets import read_stamp

    assert cli("build", "majority", "-c", "variant-card", "--registration", "--out",
               tmp_path, "--no-gallery").exit_code == 0
    pdf = tmp_path / "majority" / "variant-card.pdf"
    result = cli("export", "cut", "majority", "-c", "variant-card", "--device", "generic",
                 "--out", tmp_path)
    assert result.exit_code == 2
    assert f"{pdf}: built with --paper a4 --backs duplex-long --bleed 0 --registration " \
           "--registration-inset 15.875, but the cut files " \
           f"({tmp_path / 'majority' / 'cut' / 'variant-card-p*.svg'}, .dxf) would be for " \
           "--paper a4 --backs duplex-long --bleed 0: they would miss its cards" \
           in " ".join(result.stderr.split())
    assert not (tmp_path / "majority" / "cut").exists()
    result = cli("export", "cut", "majority", "-c", "variant-card", "--device", "silhouette",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    fingerprint, _ = read_stamp(pdf)
    svg = (tmp_path / "majority" / "cut" / "variant-card-p001.svg").read_text()
    dxf = (tmp_path / "majority" / "cut" / "variant-card-p001.dxf").read_text()
    assert f"pnp-cut-layout:{fingerprint}" in svg and f"pnp-cut-layout:{fingerprint}" in dxf
    missing = cli("export", "cut", "majority", "-c", "point-cards", "--out", tmp_path)
    assert missing.exit_code == 2
    assert f"{tmp_path / 'majority' / 'point-cards.pdf'}: not built" in missing.stderr


def test_the_fingerprint_follows_the_geometry_not_the_words():
    """Same sheets, same fingerprint; a card moved by 0.01 mm or marks at another inset,
    another one."""
    from pnp.render.cutfiles import CutPath
    from pnp.render.cutsheets import fingerprint
    from pnp.render.geometry import Box, Size

    a4 = Size(210, 297)
    sheet = [(1, a4, [CutPath("rect", Box(10, 10, 63, 88), 3.0)])]
    moved = [(1, a4, [CutPath("rect", Box(10.01, 10, 63, 88), 3.0)])]
    assert fingerprint(sheet, 0) == fingerprint(list(sheet), 0.0)
    assert len({fingerprint(sheet, 0), fingerprint(moved, 0), fingerprint(sheet, 15.875),
                fingerprint([(2, a4, sheet[0][2])], 0)}) == 4
