"""The duplex calibration sheet and printer profiles."""

import json
from pathlib import Path

import pdfplumber
import pytest

from pnp.render.calibrate import Line, back_marks, cross_centres, front_marks, mirror_point
from pnp.render.geometry import paper_size

from pdftools import A4, LETTER, MM, page_sizes


def test_ruler_ticks_are_at_exact_millimetres(cli, tmp_path):
    pdf = tmp_path / "cal.pdf"
    assert cli("calibrate", "--out", pdf).exit_code == 0
    assert page_sizes(pdf) == [A4, A4]
    with pdfplumber.open(str(pdf)) as doc:
        page = doc.pages[0]
        height = float(page.height)
        # bottom ruler: vertical ticks starting 7 mm above the bottom edge
        xs = sorted({round(line["x0"] / MM, 2) for line in page.lines
                     if abs(line["x0"] - line["x1"]) < 0.01
                     and abs((height - line["bottom"]) / MM - 7.0) < 0.05})
    assert xs[:3] == [15.0, 16.0, 17.0]  # clear of the left ruler's ticks
    assert all(b - a == pytest.approx(1.0, abs=0.01) for a, b in zip(xs, xs[1:], strict=False))
    assert xs[-1] == 200.0


def test_back_crosses_sit_where_the_front_crosses_land():
    paper = paper_size("a4")
    centres = cross_centres(paper)
    back = [m for m in back_marks(paper, "long") if isinstance(m, Line)]
    for fx, fy in centres:
        bx, by = mirror_point(paper, fx, fy, "long")
        # the graduated cross's zero ticks pass through the mirrored centre
        assert any(m.x1 == m.x2 == pytest.approx(bx) and m.y1 < by < m.y2 for m in back)
        assert any(m.y1 == m.y2 == pytest.approx(by) and m.x1 < bx < m.x2 for m in back)


def test_vernier_has_ten_steps_over_nine_millimetres():
    paper = paper_size("letter")
    front = [m for m in front_marks(paper, "short") if isinstance(m, Line)]
    back = [m for m in back_marks(paper, "short") if isinstance(m, Line)]
    assert len(front) > 100 and len(back) > 100
    cx, cy = mirror_point(paper, *cross_centres(paper)[0], "short")
    vernier = sorted(m.x1 for m in back if m.x1 == m.x2 and abs(m.y1 - (cy - 14)) < 0.01
                     and cx - 10 <= m.x1 <= cx + 1e-6)
    steps = [round(b - a, 3) for a, b in zip(vernier, vernier[1:], strict=False)]
    assert steps[:10] == [0.9] * 10


def test_calibrate_letter_and_short_edge(cli, tmp_path):
    pdf = tmp_path / "cal.pdf"
    result = cli("calibrate", "--paper", "letter", "--backs", "duplex-short", "--out", pdf)
    assert result.exit_code == 0
    assert page_sizes(pdf) == [LETTER, LETTER]


@pytest.mark.parametrize(("out", "written"), [
    ("sheets", "sheets/calibration.pdf"),             # a folder, made if need be
    ("v1.2", "v1.2/calibration.pdf"),                 # a dot does not make a file name
    ("existing", "existing/calibration.pdf"),         # an existing folder
    ("mine.pdf", "mine.pdf"),                         # a file name still works
    ("MINE.PDF", "MINE.PDF"),
])
def test_calibrate_out_is_a_folder_like_every_other_out(cli, tmp_path, out, written):
    (tmp_path / "existing").mkdir()
    result = cli("calibrate", "--out", tmp_path / out)
    assert result.exit_code == 0, result.output
    assert page_sizes(tmp_path / written) == [A4, A4]
    assert str(tmp_path / written) in result.stdout
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == [Path(written).name]


def test_calibrate_writes_into_the_output_folder_by_default(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli("calibrate").exit_code == 0
    assert page_sizes(tmp_path / "output" / "calibration.pdf") == [A4, A4]


def test_calibrate_refuses_fold(cli, tmp_path):
    result = cli("calibrate", "--backs", "fold", "--out", tmp_path / "c.pdf")
    assert result.exit_code == 2 and "duplex-long or duplex-short" in result.stderr


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path / "config" / "printers.json"


def test_printer_profile_round_trip(cli, config):
    assert cli("printer", "save", "office", "--offset-x", "0.8", "--offset-y",
               "-0.4").exit_code == 0
    assert json.loads(config.read_text())["printers"]["office"] == {
        "offset_x": 0.8, "offset_y": -0.4, "backs": "duplex-long"}
    shown = cli("printer", "show", "office")
    assert shown.stdout.strip() == "office  offset-x +0.8 mm  offset-y -0.4 mm  duplex-long"
    assert "office" in cli("printer", "list").stdout
    assert cli("printer", "delete", "office").exit_code == 0
    assert "no printer profiles yet" in cli("printer", "list").stdout


def test_unknown_printer_suggests_the_nearest(cli, config):
    cli("printer", "save", "office")
    result = cli("printer", "show", "ofice")
    assert result.exit_code == 2 and "did you mean 'office'?" in result.stderr


@pytest.mark.parametrize(("args", "message"), [
    (["--offset-x", "25"], "must be a number from -20 to 20 mm"),
    (["--backs", "fold"], "duplex-long or duplex-short"),
])
def test_implausible_profiles_are_refused(cli, config, args, message):
    result = cli("printer", "save", "office", *args)
    assert result.exit_code == 2 and message in result.stderr
    assert not config.exists()


def test_damaged_profile_file_is_named(cli, config):
    config.parent.mkdir(parents=True)
    config.write_text('{"printers": [1, 2]}')
    result = cli("printer", "list")
    assert result.exit_code == 2 and f"{config}:1: $.printers: expected an object" in result.stderr


def _label_box(label, font):
    """A calibration label's box in mm (its text width from the font, cap height)."""
    from pnp.render.fonts import string_width

    width = string_width(label.text, font, label.size) / MM
    height = label.size * 0.75 / MM
    left = {"right": label.x - width, "left": label.x}.get(label.align, label.x - width / 2)
    return (left, label.y, left + width, label.y + height)


def _apart(a, b, gap):
    return a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or b[3] + gap <= a[1]


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_no_two_calibration_numbers_crowd_each_other(paper, flip):
    from pnp.render.calibrate import Label
    from pnp.render.fonts import font_set

    font = font_set(None).regular
    size = paper_size(paper)
    for marks in (front_marks(size, flip), back_marks(size, flip)):
        boxes = [_label_box(m, font) for m in marks if isinstance(m, Label)]
        assert boxes
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert _apart(a, b, 0.8), (a, b)


def test_rulers_do_not_cross_at_their_corner():
    size = paper_size("a4")
    lines = [m for m in front_marks(size) if isinstance(m, Line)]
    bottom = [m for m in lines if m.x1 == m.x2 and m.y1 == 7.0]
    left = [m for m in lines if m.y1 == m.y2 and m.x1 == 7.0]
    assert min(m.x1 for m in bottom) > max(m.x2 for m in left)
    assert min(m.y1 for m in left) > max(m.y2 for m in bottom)
