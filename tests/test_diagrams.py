"""Diagrams: shipped data agrees with the rulebooks' examples, drawing is vector only, and a
bad diagram file is an error at its line."""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from pathlib import Path

import pypdf
import pytest

from pnp.errors import DataError, FitError
from pnp.render.diagram import DiagramLibrary, diagram_problems, draw_diagram, load_diagram
from pnp.render.fonts import font_set
from pnp.render.geometry import pt

from conftest import ROOT

DIAGRAMS = ROOT / "templates" / "diagrams"
NAMES = ["d20-stacks-example", "majority-rules-claiming", "majority-vote-resolution",
         "majority2-play-area"]


def labels(name: str) -> list[str]:
    return [s.props.get("text", "") for s in load_diagram(DIAGRAMS / f"{name}.json").shapes]


def test_the_four_diagrams_ship_and_are_clean():
    library = DiagramLibrary([DIAGRAMS])
    assert library.names() == NAMES
    for path in sorted(DIAGRAMS.glob("*.json")):
        assert diagram_problems(load_diagram(path), font_set()) == [], path.name


def test_translated_diagram_is_preferred_for_its_language(tmp_path):
    library = DiagramLibrary([tmp_path, DIAGRAMS])
    assert library.path("d20-stacks-example", "it").name == "d20-stacks-example.it.json"
    assert library.path("d20-stacks-example", "fr").name == "d20-stacks-example.json"
    (tmp_path / "d20-stacks-example.json").write_text("{}", encoding="utf-8")
    assert library.path("d20-stacks-example", None) == tmp_path / "d20-stacks-example.json"


@pytest.mark.parametrize("file", ["d20-stacks-example.json", "d20-stacks-example.it.json"])
def test_d20_stacks_match_the_rulebook_example(file):
    """Cards are 'Gn value' boxes stacked per column: the counts are the rulebook's, and the
    values rise strictly up each stack (a legal game)."""
    shapes = load_diagram(DIAGRAMS / file).shapes
    stacks: dict[float, list[tuple[float, str, int]]] = {}
    for s in shapes:
        match = re.fullmatch(r"(G\d)\s+(\d+)", s.props.get("text", ""))
        if s.kind == "box" and match:
            stacks.setdefault(s.props["x"], []).append(
                (s.props["y"], match[1], int(match[2])))
    counts, rising = [], []
    for x in sorted(stacks):
        cards = sorted(stacks[x], reverse=True)  # bottom of the stack first
        counts.append(dict(Counter(player for _, player, _ in cards)))
        values = [value for _, _, value in cards]
        rising.append(all(a < b for a, b in zip(values, values[1:], strict=False)))
    assert counts == [{"G1": 2}, {"G2": 4, "G3": 4, "G1": 2}, {"G3": 4, "G2": 2, "G4": 2},
                      {"G3": 6, "G1": 3, "G2": 2, "G4": 1}]
    assert all(rising)


def test_claiming_diagram_shows_five_two_four_then_eleven():
    shapes = load_diagram(DIAGRAMS / "majority-rules-claiming.json").shapes
    dice = [s.props for s in shapes if s.kind == "die"]
    assert {d["value"] for d in dice} == {3}
    before = [d for d in dice if d["x"] < 100]
    after = [d for d in dice if d["x"] >= 100]
    by_colour = Counter(d["fill"] for d in before)
    assert sorted(by_colour.values()) == [2, 4, 5]
    assert len(after) == 11 and Counter(d["fill"] for d in after) == by_colour


def test_vote_diagram_words_and_votes():
    texts = labels("majority-vote-resolution")
    for word in ("Firefighter", "Door", "Woman", "Stool"):
        assert word in texts
    assert Counter(t for t in texts if t in ("A", "B", "C")) == {"A": 5, "B": 3, "C": 1}


def test_play_area_carries_the_rulebook_labels():
    joined = " ".join(labels("majority2-play-area")).replace("\n", " ")
    for label in ("Play area (green dotted line)", "Your columns (red line)",
                  "Opponent's columns (blue line)", "(dotted line)",
                  "Opponent's score area (formed factions)",
                  "Your score area (formed factions)", "Deck", "Discard"):
        assert label in joined


def test_every_kind_draws_as_vector(tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    path = _diagram(tmp_path, [
        {"kind": "box", "x": 1, "y": 1, "width": 20, "height": 10, "text": "Card", "dash": [2, 1]},
        {"kind": "text", "x": 25, "y": 1, "width": 20, "height": 5, "text": "Label"},
        {"kind": "line", "points": [[1, 15], [40, 15], [40, 18]], "arrow": "both"},
        {"kind": "circle", "x": 50, "y": 8, "r": 5, "fill": "#C62828", "text": "7"},
        {"kind": "die", "x": 60, "y": 2, "size": 8, "value": 5},
    ])
    buffer = io.BytesIO()
    c = Canvas(buffer, invariant=1, initialFontName=font_set().regular)
    draw_diagram(c, load_diagram(path), font_set())
    c.save()
    reader = pypdf.PdfReader(buffer)
    page = reader.pages[0]
    assert "/XObject" not in page["/Resources"]
    assert all(w in page.extract_text() for w in ("Card", "Label", "7"))
    assert page.get_contents().get_data().count(b" re") >= 1


def _diagram(tmp_path: Path, elements: list[dict], width: float = 80) -> Path:
    path = tmp_path / "test-diagram.json"
    doc = {"$schema": "../../pnp/schemas/diagram.schema.json", "width": width, "height": 20}
    lines = json.dumps(doc, indent=2)[:-2] + ',\n  "elements": [\n'
    lines += ",\n".join("    " + json.dumps(e) for e in elements) + "\n  ]\n}\n"
    path.write_text(lines, encoding="utf-8")
    return path


def test_shape_outside_the_diagram_is_an_error_at_its_line(tmp_path):
    path = _diagram(tmp_path, [{"kind": "text", "x": 1, "y": 1, "width": 5, "height": 5,
                                "text": "ok"},
                               {"kind": "box", "x": 70, "y": 1, "width": 20, "height": 5}])
    with pytest.raises(DataError) as caught:
        load_diagram(path)
    assert str(caught.value) == f"{path}:7: $.elements[1]: box reaches outside the 80 × 20 " \
                                "mm diagram"


def test_unknown_kind_is_a_schema_error_at_its_line(tmp_path):
    path = _diagram(tmp_path, [{"kind": "star", "x": 1, "y": 1}])
    with pytest.raises(DataError) as caught:
        load_diagram(path)
    assert any(p.line == 6 and '"star" is not one of' in p.message
               for p in caught.value.problems)


def test_label_too_long_or_missing_glyph_is_reported(tmp_path):
    path = _diagram(tmp_path, [
        {"kind": "box", "x": 1, "y": 1, "width": 8, "height": 4, "text": "Far too long a label"},
        {"kind": "text", "x": 20, "y": 1, "width": 20, "height": 5, "text": "→"},
    ])
    problems = diagram_problems(load_diagram(path), font_set())
    assert [(p.line, p.path) for p in problems] == [(6, "$.elements[0]"), (7, "$.elements[1]")]
    assert "does not fit" in problems[0].message and "U+2192" in problems[1].message
    with pytest.raises(FitError):
        from pnp.render.diagram import _fitted_label

        _fitted_label(load_diagram(path).shapes[1], font_set())


def test_diagram_scales_to_a_narrow_column():
    from pnp.render.diagram import diagram_flowable

    diagram = load_diagram(DIAGRAMS / "majority2-play-area.json")
    flowable = diagram_flowable(diagram, font_set())
    width, height = flowable.wrap(pt(100), 10_000)
    assert width == pt(100)
    assert height == pytest.approx(pt(diagram.height) * 100 / diagram.width, rel=1e-3)
