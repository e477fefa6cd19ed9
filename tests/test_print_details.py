"""Item 23's print details: a kit with nothing double-sided has no blank pages, round
token PNGs are transparent outside the circle, and a chart's legend keeps off the bars."""

from __future__ import annotations

import pytest
from kittools import page_texts
from PIL import Image

from pnp.kits.build import run_build
from pnp.kits.request import BuildRequest


def test_a_kit_with_nothing_double_sided_has_no_blank_pages(tmp_path):
    summaries = run_build(BuildRequest(games=("majority-rules",), components=("kit",),
                                       out_dir=tmp_path))
    kit = tmp_path / "majority-rules" / "kit.pdf"
    blank = [n for n, text in enumerate(page_texts(kit), start=1) if not text.strip()]
    assert blank == []
    (summary,) = summaries
    assert summary.printing == "single-sided"


@pytest.mark.slow
def test_round_token_pngs_are_transparent_outside_the_circle(cli, tmp_path):
    result = cli("export", "png", "majority2", "-c", "coins", "--dpi", "100",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    front = sorted((tmp_path / "majority2" / "png").glob("coins-*-front.png"))[0]
    with Image.open(front) as image:
        assert image.mode == "RGBA"
        width, height = image.size
        assert image.getpixel((0, 0))[3] == 0 and image.getpixel((width - 1, 0))[3] == 0
        assert image.getpixel((width // 2, height // 2))[3] == 255
        assert image.getpixel((width // 2, 1))[3] > 0      # the circle reaches the edge
    word = cli("export", "png", "majority", "-c", "variant-card", "--dpi", "72",
               "--out", tmp_path)
    assert word.exit_code == 0
    with Image.open(sorted((tmp_path / "majority" / "png").glob("*.png"))[0]) as card:
        assert card.mode == "RGB"                           # cards keep their corners


def _summary(tallest_last: bool) -> dict:
    rates = [0.2, 0.25, 0.3, 0.62] if tallest_last else [0.62, 0.3, 0.25, 0.2]
    seats = [{"seat": n + 1, "wins": {"rate": r, "low": r - 0.03, "high": r + 0.03}}
             for n, r in enumerate(rates)]
    return {"variants": [{"seats": seats,
                          "shared_victories": {"rate": 0.01, "low": 0.0, "high": 0.02},
                          "rounds": {"histogram": [[3, 10], [4, 300], [5, 20], [9, 400]],
                                     "min": 3, "max": 9, "mean": 6.5, "low": 6.4,
                                     "high": 6.6}}]}


def _score_summary(tallest_last: bool) -> dict:
    """Two seats' final scores, most games at the highest or the lowest scores."""
    counts = [5] * 16 + [400] * 4
    histogram = [[v, n] for v, n in enumerate(counts if tallest_last else counts[::-1])]
    score = {"histogram": histogram, "min": 0, "max": 19, "mean": 9.5, "low": 9.0,
             "high": 10.0}
    return {"variants": [{"seats": [{"seat": n, "score": score} for n in (1, 2)]}]}


@pytest.mark.parametrize("tallest_last", [True, False])
@pytest.mark.parametrize("chart", ["_seats", "_rounds", "_scores"])
def test_a_chart_legend_keeps_off_the_bars(chart, tallest_last):
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from pnp.simulate import charts

    summary = _score_summary if chart == "_scores" else _summary
    figure = getattr(charts, chart)(summary(tallest_last))
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    legends = figure.legends + [ax.get_legend() for ax in figure.axes if ax.get_legend()]
    assert legends
    bars = [patch.get_window_extent(renderer) for ax in figure.axes for patch in ax.patches]
    for legend in legends:
        box = legend.get_window_extent(renderer)
        assert not [b for b in bars if b.overlaps(box) and b.height > 1], chart
