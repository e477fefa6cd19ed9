"""A text from a data file that cannot fit its layout box names the data file and the JSON
path of that text first, and the layout box second (issue 17: found by the build fuzzer
with a coin label of tokens.json made twice as long; the error named only the layout)."""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import ROOT


def _data_with(tmp_path, game: str, file: str, change) -> tuple:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / game, data / game)
    path = data / game / file
    value = json.loads(path.read_text("utf-8"))
    change(value)
    path.write_text(json.dumps(value, indent=1), encoding="utf-8")
    return data, path


def _longer(value: dict, *keys: str) -> None:
    """The text at `keys` eight times over: too long for any token at any size."""
    *parents, last = keys
    for key in parents:
        value = value[key]
    value[last] = " ".join([value[last]] * 8)


@pytest.mark.parametrize("game, file, keys, component, json_path", [
    ("majority2", "tokens.json", ("coins", "up_label"), "coins", "$.coins.up_label"),
    ("majority2", "tokens.json", ("coins", "down_label"), "coins", "$.coins.down_label"),
    ("majority2", "tokens.json", ("start_marker", "label"), "start-marker",
     "$.start_marker.label"),
])
def test_a_token_text_too_long_names_tokens_json_then_the_box(cli, tmp_path, game, file, keys,
                                                              component, json_path):
    data, path = _data_with(tmp_path, game, file, lambda v: _longer(v, *keys))
    result = cli("build", game, "-c", component, "--data", data, "--out", tmp_path / "out",
                 "--no-gallery")
    assert result.exit_code == 2
    first = result.output.strip().splitlines()[0]
    assert first.startswith(f"error: {path}:")
    assert f": {json_path}: " in first
    assert first.index(str(path)) < first.index("layout ") < first.index("$.boxes[")
    assert not (tmp_path / "out" / game / "tokens.pdf").exists()


@pytest.mark.parametrize(("lang", "file"), [(None, "strings.en.json"),
                                            ("de", "strings.de.json")])
def test_a_point_card_unit_too_long_names_the_strings_file(cli, tmp_path, lang, file):
    def longer(value):
        value["point_units"]["5"] = "POINTS " * 8

    data, path = _data_with(tmp_path, "majority", file, longer)
    lang_option = ("--lang", lang) if lang else ()
    result = cli("build", "majority", "-c", "point-cards-5", "--data", data, *lang_option,
                 "--out", tmp_path / "out", "--no-gallery")
    assert result.exit_code == 2
    first = result.output.strip().splitlines()[0]
    assert first.startswith(f"error: {path}:")
    assert ': $.point_units["5"]: 5-point card: ' in first
    assert "point-card.json" in first.split('$.point_units["5"]', 1)[1]


def test_a_layout_text_that_cannot_fit_still_names_the_layout(cli, tmp_path):
    """A text written in the layout itself has no data place: the box is named first."""
    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates" / "layouts", templates / "layouts")
    layout = templates / "layouts" / "majority-back.json"
    value = json.loads(layout.read_text("utf-8"))
    for box in value["boxes"]:
        if box.get("kind") == "text" and "{" not in box.get("text", "{"):
            box["text"] = "THE MAJORITY " * 30
            box["min_size"] = box.get("size", 9)
            break
    else:
        pytest.skip("the back has no fixed text")
    layout.write_text(json.dumps(value, indent=1), encoding="utf-8")
    result = cli("build", "majority", "-c", "preparation-cards", "--templates", templates,
                 "--out", tmp_path / "out", "--no-gallery")
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[0].startswith(f"error: {layout}:")
