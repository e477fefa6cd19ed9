"""Work a build no longer does (issue 24), each shortcut held to the careful path's answer:
a one-page sheet's failed sizes stop at page 2, and no file is parsed a second time for
line numbers unless an error needs one."""

from __future__ import annotations

import pytest

from pnp.content import jsonfile
from pnp.errors import DataError, FitError
from pnp.render import rulesheet
from pnp.render.fonts import font_set
from pnp.render.layout import layout_set
from pnp.render.rulesheet import document
from pnp.render.rulesheet.document import ONE_PAGE_SCALES, PageSetup, render_one_page

from conftest import ROOT


def _paragraphs(count: int, drawn: list[int]):
    """A content maker of `count` paragraphs, each noting in `drawn` when it is drawn."""
    from reportlab.platypus import Paragraph

    class Counted(Paragraph):
        def draw(self):
            drawn.append(1)
            super().draw()

    def content(styles, width):
        return [Counted(f"Line {n} of a long text.", styles["body"]) for n in range(count)]

    return content


def _setup() -> PageSetup:
    return PageSetup("a6", "Test", "Quick reference", font_set(), header=False)


def test_a_size_that_spills_onto_page_two_stops_there():
    drawn: list[int] = []
    with pytest.raises(document._PastLimit):
        document.render_pdf(_setup(), _paragraphs(200, drawn), 1.0, page_limit=1)
    whole: list[int] = []
    assert document.render_pdf(_setup(), _paragraphs(200, whole), 1.0).pages > 2
    assert 0 < len(drawn) < len(whole) / 2


def test_the_limit_changes_nothing_in_a_document_within_it():
    limited = document.render_pdf(_setup(), _paragraphs(5, []), 1.0, page_limit=1)
    assert limited == document.render_pdf(_setup(), _paragraphs(5, []), 1.0)


def test_one_page_picks_the_largest_size_that_fits_as_before(monkeypatch):
    """Without the limit every size is laid out whole; the chosen size and bytes agree."""
    content = _paragraphs(20, [])
    fast = render_one_page(_setup(), content, "t.md")
    unlimited = document._doc_class(None)
    monkeypatch.setattr(document, "_doc_class", lambda limit: unlimited)
    assert render_one_page(_setup(), content, "t.md") == fast
    assert fast.pages == 1 and ONE_PAGE_SCALES[-1] < fast.scale < ONE_PAGE_SCALES[0]


def test_too_long_still_says_how_many_pages_it_needs():
    with pytest.raises(FitError, match=r"72% size \(\d pages\)"):
        render_one_page(_setup(), _paragraphs(120, []), "t.md")


@pytest.fixture
def parses(monkeypatch) -> list[int]:
    """Counts the position-keeping parser's runs (the second, slow parse for lines)."""
    calls: list[int] = []
    real = jsonfile._Parser.value
    monkeypatch.setattr(jsonfile._Parser, "value",
                        lambda self, i, path, depth=0: (calls.append(1) if depth == 0 else None)
                        or real(self, i, path, depth))
    return calls


def test_shipped_layouts_and_score_pads_are_read_without_line_maps(parses):
    from pnp.render.scorepad import load_score_pad

    layouts = layout_set()
    for path in sorted((ROOT / "templates" / "layouts").glob("*.json")):
        layouts.get(path.stem)
    for path in sorted((ROOT / "templates" / "score-pads").glob("*.json")):
        load_score_pad(path)
    assert parses == []


def test_a_location_finds_its_line_when_an_error_needs_it(tmp_path, parses):
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "odd.json").write_text(
        '{"extends": "word-card",\n "boxes": [\n  {"name": "note", "x": 2, "y": 2,\n'
        '   "width": 400, "height": 5}]}\n', encoding="utf-8")
    with pytest.raises(DataError) as caught:
        layout_set(tmp_path).get("odd")
    problem, = caught.value.problems
    assert (problem.line, problem.path) == (3, "$.boxes[0]") and parses


def test_inline_markup_errors_keep_their_line(tmp_path):
    source = tmp_path / "t.md"
    source.write_text("# Title\n\nFine text.\n\nA *dangling star.\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        rulesheet.load_rule_text(source, font_set(), None)
    assert caught.value.problems[0].line == 5
