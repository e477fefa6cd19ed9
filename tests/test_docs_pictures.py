"""The pictures the README and the docs show are the output of tools/docs_pictures.py, as
`make docs` renders them: the printed sheet is deterministic (the same PDF, the same
pdfium), so the committed file must be what the script draws now; the browser pictures
depend on the Chromium that drew them, so only their presence and size are checked."""

from __future__ import annotations

import importlib.util

import pytest
from PIL import Image, ImageChops

from docpages import DOCS, README, ROOT


def _tool():
    spec = importlib.util.spec_from_file_location("docs_pictures",
                                                  ROOT / "tools" / "docs_pictures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_printed_sheet_is_the_scripts_current_output(tmp_path):
    drawn = Image.open(_tool().sheet(tmp_path / "sheet.png")).convert("RGB")
    committed = Image.open(DOCS / "images" / "printed-sheet.png").convert("RGB")
    assert drawn.size == committed.size
    difference = ImageChops.difference(drawn, committed).convert("L")
    changed = difference.point(lambda value: 255 if value > 32 else 0).histogram()[255]
    assert changed <= drawn.size[0] * drawn.size[1] // 1000, (
        "docs/images/printed-sheet.png is out of date: run `make docs` and commit it")


def test_the_pictures_are_there_and_shown():
    sizes = {name: Image.open(DOCS / "images" / f"{name}.png").size
             for name in ("printed-sheet", "phone-checker", "balance-chart")}
    assert sizes["phone-checker"] == (390, 844)
    assert sizes["printed-sheet"][0] < sizes["printed-sheet"][1]
    readme = README.read_text("utf-8")
    assert 'src="docs/images/printed-sheet.png"' in readme
    assert 'src="docs/images/phone-checker.png"' in readme
    assert "images/balance-chart.png" in (DOCS / "designers" / "balance.md").read_text("utf-8")
