"""Every printed sheet (cards and pieces) carries a 50 mm scale bar in its margin."""

import pdfplumber
import pytest

from pnp.kits.build import run_build
from pnp.kits.request import BuildRequest

from pdftools import MM


@pytest.mark.parametrize(("game", "component", "paper"), [
    ("majority", "vote-cards", "a4"),
    ("majority-rules", "dice", "letter"),
    ("majority2", "coins", "a4"),
])
def test_sheets_have_an_exact_50_mm_bar(tmp_path, game, component, paper):
    from pnp.render.decks import PrintOptions

    summary = run_build(BuildRequest(games=(game,), components=(component,), out_dir=tmp_path,
                                     options=PrintOptions(paper=paper)))[0]
    with pdfplumber.open(str(summary.path)) as pdf:
        for page in pdf.pages[:2]:
            assert "scale check: 50 mm at 100 %" in page.extract_text()
            widths = [round((line["x1"] - line["x0"]) / MM, 2) for line in page.lines
                      if abs(line["top"] - line["bottom"]) < 0.01]
            assert 50.0 in widths
