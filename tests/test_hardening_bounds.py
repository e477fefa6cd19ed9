"""Numbers with sane bounds (issue 10): schemas bound every data, layout, diagram and
score-pad number, so `validate` and `build` agree; numeric options are finite and in range;
the printer profile file is validated like a data file; errors name the file at fault."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import ROOT

TEMPLATES = ROOT / "templates"


def _json(path: Path) -> dict:
    return json.loads(path.read_text("utf-8"))


def _dump(path: Path, value, raw: dict[str, str] | None = None) -> Path:
    """Write `value` as JSON; `raw` replaces quoted placeholders by literal JSON text."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(value, indent=1, ensure_ascii=False)
    for placeholder, literal in (raw or {}).items():
        text = text.replace(json.dumps(placeholder), literal)
    path.write_text(text, encoding="utf-8")
    return path


def _both_refuse(cli, path: Path, build_args: list, message: str) -> None:
    """`validate` and `build` both exit 2 naming the file (and agree on why)."""
    result = cli("validate", path)
    assert result.exit_code == 2, result.stdout
    assert f"{path}:" in result.stderr and message in result.stderr, result.stderr
    result = cli("build", *build_args)
    assert result.exit_code == 2, result.stdout
    assert "Traceback" not in result.stderr
    assert f"{path}:" in result.stderr and message in result.stderr, result.stderr


@pytest.mark.parametrize(("key", "value", "message"), [
    ("x", "1e21", "greater than the maximum of 500"),
    ("width", "-3", "less than the minimum of 0"),
    ("size", "1e20", "greater than the maximum of 200"),
    ("size", "0.01", "less than the minimum of 1"),
    ("min_size", "500", "greater than the maximum of 200"),
    ("x", "1e400", "not a finite number"),
    ("max_lines", "100000", "greater than the maximum of 100"),
])
def test_layout_numbers_are_bounded_in_validate_and_build(cli, tmp_path, key, value, message):
    layout = _json(TEMPLATES / "layouts" / "word-card.json")
    box = next(b for b in layout["boxes"] if b["name"] == "word")
    box[key] = "@NUMBER@"
    path = _dump(tmp_path / "t" / "layouts" / "word-card.json", layout, {"@NUMBER@": value})
    _both_refuse(cli, path, ["majority", "-c", "word-cards", "--templates", tmp_path / "t",
                             "--out", tmp_path / "o"], message)


@pytest.mark.parametrize(("size", "message"), [
    ("huge", "unknown card size 'huge'"),
    ("99999x1", "each side must be"),
])
def test_layout_size_errors_name_the_file(cli, tmp_path, size, message):
    layout = _json(TEMPLATES / "layouts" / "word-card.json")
    layout["size"] = size
    path = _dump(tmp_path / "t" / "layouts" / "word-card.json", layout)
    _both_refuse(cli, path, ["majority", "-c", "word-cards", "--templates", tmp_path / "t",
                             "--out", tmp_path / "o"], message)
    assert f"{path}:" in cli("validate", path).stderr  # extends a shipped layout: found


def test_a_box_far_off_the_card_is_refused(cli, tmp_path):
    layout = _json(TEMPLATES / "layouts" / "word-card.json")
    next(b for b in layout["boxes"] if b["name"] == "word")["x"] = 400
    path = _dump(tmp_path / "t" / "layouts" / "word-card.json", layout)
    _both_refuse(cli, path, ["majority", "-c", "word-cards", "--templates", tmp_path / "t",
                             "--out", tmp_path / "o"], "outside the")


def test_coin_count_of_a_trillion_fails_validate_and_build(cli, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    tokens = data / "majority2" / "tokens.json"
    value = _json(tokens)
    value["coins"]["count"] = 10**12
    _dump(tokens, value)
    _both_refuse(cli, tokens, ["majority2", "--data", data, "--out", tmp_path / "o"],
                 "greater than the maximum of 500")


def test_score_pad_and_diagram_numbers_are_bounded(cli, tmp_path):
    pad = _json(TEMPLATES / "score-pads" / "majority.json")
    pad["tables"][0]["columns"][0]["width"] = 1
    path = _dump(tmp_path / "pad.json", pad)
    result = cli("validate", path)
    assert result.exit_code == 2 and "less than the minimum of 6" in result.stderr
    diagram = _json(TEMPLATES / "diagrams" / "majority-vote-resolution.json")
    diagram["elements"][0]["x"] = 1e30
    path = _dump(tmp_path / "diagram.json", diagram)
    result = cli("validate", path)
    assert result.exit_code == 2 and f"{path}:" in result.stderr


def test_control_character_in_a_faction_name_is_blamed_on_factions(cli, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    factions = data / "majority2" / "factions.json"
    value = _json(factions)
    value["factions"][0]["name"] += "\u0007"
    _dump(factions, value)
    result = cli("validate", factions)
    assert result.exit_code == 2 and f"{factions}:" in result.stderr
    result = cli("build", "majority2", "--data", data, "--out", tmp_path / "o")
    assert result.exit_code == 2
    assert f"{factions}:" in result.stderr and "members.json" not in result.stderr


def test_a_copy_missing_a_card_is_blamed_first(cli, tmp_path):
    members = _json(ROOT / "data" / "majority2" / "members.json")
    members["cards"] = [c for c in members["cards"] if c["id"] != "witches-senior"]
    copy = _dump(tmp_path / "members.json", members)
    result = cli("validate", copy)
    assert result.exit_code == 2
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"error: {copy}: used as majority2's members.json")
    assert "promos.json" in result.stderr


# --- Numeric options -----------------------------------------------------------------

@pytest.mark.parametrize(("args", "message"), [
    (["--bleed", "nan"], "bleed must be between 0 and 10 mm"),
    (["--bleed", "inf"], "bleed must be between 0 and 10 mm"),
    (["--offset-x", "inf"], "--offset-x inf mm: must be a number from -20 to 20 mm"),
    (["--offset-x", "1e30"], "--offset-x 1e+30 mm: must be a number"),
    (["--offset-x", "nan"], "--offset-x nan mm: must be a number"),
    (["--offset-y", "-nan"], "--offset-y nan mm: must be a number"),
])
def test_numeric_build_options_must_be_finite_and_in_range(cli, tmp_path, args, message):
    result = cli("build", "majority", "-c", "point-cards-5", *args, "--out", tmp_path)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "majority").exists()


@pytest.mark.parametrize("command", [["export", "png"], ["export", "shop"]])
def test_export_bleed_nan_is_refused(cli, tmp_path, command):
    result = cli(*command, "majority", "-c", "point-cards-5", "--bleed", "nan",
                 "--out", tmp_path)
    assert result.exit_code == 2 and "bleed must be between" in result.stderr


# --- Printer profiles --------------------------------------------------------------------

@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path / "config" / "printers.json"


@pytest.mark.parametrize("value", ["nan", "inf", "-1e30"])
def test_printer_save_refuses_non_finite_offsets(cli, config, value):
    result = cli("printer", "save", "office", "--offset-x", value)
    assert result.exit_code == 2 and "must be a number from -20 to 20" in result.stderr
    assert not config.exists()
    assert cli("printer", "list").exit_code == 0


@pytest.mark.parametrize(("text", "where"), [
    ('{"printers": {"office": {"offset_x": "0.8", "offset_y": 0}}}',
     "$.printers.office.offset_x"),
    ('{"printers": {"office": {"offset_x": 0.5, "offset_y": 99}}}',
     "$.printers.office.offset_y"),
    ('{"printers": {"office": {"offset_x": 0, "offset_y": 0, "colour": 1}}}',
     "$.printers.office"),
])
def test_a_hand_edited_profile_is_named_and_set_aside(cli, config, text, where):
    """A bad entry is named (file, line, path) wherever it is read; only a build that asks
    for it fails, and `pnp printer delete` removes it (issue 32: one bad entry made every
    printer command exit 2 and could not be deleted)."""
    config.parent.mkdir(parents=True)
    config.write_text(text, encoding="utf-8")
    listed = cli("printer", "list")
    assert listed.exit_code == 0 and f"warning: {config}:" in listed.stderr
    assert where in listed.stderr and "pnp printer delete removes it" in listed.stderr
    build = cli("build", "majority", "-c", "point-cards-5", "--printer", "office")
    assert build.exit_code == 2 and f"{config}:" in build.stderr and where in build.stderr
    assert "Traceback" not in listed.stderr + build.stderr
    assert cli("validate", config).exit_code == 2
    assert cli("printer", "delete", "office").exit_code == 0
    assert json.loads(config.read_text("utf-8")) == {"printers": {}}


@pytest.mark.parametrize("text", ['{"printers": {"office": {"offset_x": NaN, "offset_y": 0}}}',
                                  '{"printers": [], "office": 1}'])
def test_a_damaged_profile_file_is_an_error_for_every_command(cli, config, text):
    config.parent.mkdir(parents=True)
    config.write_text(text, encoding="utf-8")
    for args in (["printer", "list"], ["printer", "delete", "office"],
                 ["build", "majority", "-c", "point-cards-5", "--printer", "office"]):
        result = cli(*args)
        assert result.exit_code == 2 and f"{config}:1:" in result.stderr, args
    assert config.read_text("utf-8") == text
