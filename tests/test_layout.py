"""Layout templates: extends, placeholders, safe zone, and their errors."""

import json

import pytest

from pnp.errors import DataError
from pnp.render.layout import LayoutSet

from conftest import ROOT

LAYOUTS = ROOT / "templates" / "layouts"


def write(folder, name, data):
    (folder / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")


def test_extends_inherits_and_overrides_by_box_name():
    layout = LayoutSet(LAYOUTS).get("vote-card")
    names = [b.name for b in layout.boxes]
    assert names[:2] == ["background", "frame"]
    background = layout.boxes[0]
    assert background.props["fill"] == "{rgb}" and background.props["bleed"] is True


def test_coordinates_flip_to_bottom_left_once():
    layout = LayoutSet(LAYOUTS).get("word-card")
    band = next(b for b in layout.boxes if b.name == "band-top")
    assert band.y == pytest.approx(88 - 2.5 - 9)


def test_every_shipped_layout_loads():
    layouts = LayoutSet(LAYOUTS)
    for path in sorted(LAYOUTS.glob("*.json")):
        assert layouts.get(path.stem).boxes


def test_circular_extends_is_an_error(tmp_path):
    write(tmp_path, "a", {"extends": "b", "boxes": []})
    write(tmp_path, "b", {"extends": "a", "size": "poker", "boxes": []})
    with pytest.raises(DataError, match="circular extends: a extends b extends a"):
        LayoutSet(tmp_path).get("a")


def test_missing_parent_is_named_in_the_file_that_extends_it(tmp_path):
    """The fault is in a.json's `extends` (its line), not in the nope.json that does not
    exist (`make fuzz` found the error blaming a file nobody wrote)."""
    write(tmp_path, "a", {"extends": "nope", "boxes": []})
    with pytest.raises(DataError, match="layout 'nope' not found \\(no nope.json in ") as exc:
        LayoutSet(tmp_path).get("a")
    problem = exc.value.problems[0]
    assert (problem.file, problem.path, problem.line) == (str(tmp_path / "a.json"),
                                                          "$.extends", 1)


def test_text_outside_the_safe_zone_is_an_error(tmp_path):
    write(tmp_path, "a", {"size": "poker", "safe": 3, "boxes": [
        {"name": "t", "kind": "text", "x": 1, "y": 10, "width": 20, "height": 10, "text": "x"}]})
    with pytest.raises(DataError, match="text box 't' crosses the 3 mm safe zone") as exc:
        LayoutSet(tmp_path).get("a")
    assert exc.value.problems[0].path == "$.boxes[0]"


def test_schema_errors_name_the_box(tmp_path):
    write(tmp_path, "a", {"size": "poker", "boxes": [{"name": "t", "kind": "sparkle"}]})
    with pytest.raises(DataError, match=r"\$.boxes\[0\].kind"):
        LayoutSet(tmp_path).get("a")


def test_box_without_position_is_an_error(tmp_path):
    write(tmp_path, "a", {"size": "poker", "boxes": [{"name": "t", "kind": "rect"}]})
    with pytest.raises(DataError, match="box 't' needs x, y, width, height"):
        LayoutSet(tmp_path).get("a")
