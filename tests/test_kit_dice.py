"""Majority Rules!' kit: paper dice that fold into true dice, stickers, slotted dividers."""

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from pnp.errors import DataError
from pnp.games.gamedata import load_content
from pnp.games.majority_rules import printing
from pnp.kits.build import run_build
from pnp.kits.request import BuildRequest
from pnp.render.decks import PrintOptions
from pnp.render.nets import fold

from conftest import ROOT
from pdftools import A4, LETTER, fonts, page_sizes, text

COLOURS = {"BLUE": 8, "RED": 8, "YELLOW": 8, "GREEN": 8, "GOLD": 1}


def build(out: Path, component: str, dice: str = "nets", **options) -> Path:
    run_build(BuildRequest(games=("majority-rules",), components=(component,), out_dir=out,
                           options=PrintOptions(**options), dice=dice))
    return out / "majority-rules" / f"{component}.pdf"


@pytest.fixture(scope="module")
def dice_pdf(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("dice"), "dice")


def _folded_values(piece):
    """Fold a printed net from its face boxes alone: outward normal -> pips."""
    size = piece.faces[0].width
    cells = {(round(f.x / size), round(f.y / size)): f.face.fields["value"] for f in piece.faces}
    frames = fold(tuple(cells))
    return {frames[cell].normal: value for cell, value in cells.items()}


def _triple(a, b, c):
    cross = (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
    return sum(x * y for x, y in zip(cross, c, strict=True))


def test_every_printed_net_folds_into_a_standard_die():
    nets = printing.decks(load_content("majority-rules"))[0]
    assert len(nets.pieces) == 33
    for piece in nets.pieces:
        assert all(f.width >= 16 and f.width == f.height for f in piece.faces)
        by_normal = _folded_values(piece)
        assert sorted(by_normal.values()) == [1, 2, 3, 4, 5, 6]
        for normal, value in by_normal.items():
            assert by_normal[tuple(-v for v in normal)] == 7 - value
        one, two, three = ({v: n for n, v in by_normal.items()}[k] for k in (1, 2, 3))
        assert _triple(one, two, three) > 0, "1-2-3 must run counter-clockwise"


def test_nets_carry_colour_true_fills_and_colour_names_on_tabs():
    content = load_content("majority-rules")
    nets = printing.decks(content)[0]
    rgb = {d.colour.upper(): d.rgb for d in content.dice}
    tabs = Counter()
    for piece in nets.pieces:
        (name,) = {t.text for t in piece.texts}
        tabs[name] += 1
        assert {f.face.fields["rgb"] for f in piece.faces} == {rgb[name]}
    assert tabs == COLOURS


def test_colour_marks_tell_every_set_apart():
    marks = printing.colour_marks(["Blue", "Red", "Yellow", "Green", "Gold"])
    assert marks == {"Blue": "B", "Red": "R", "Yellow": "Y", "Green": "GR", "Gold": "GO"}


def test_dice_pdf_pages_fonts_and_tab_names(dice_pdf):
    assert page_sizes(dice_pdf) == [A4] * 4
    used = fonts(dice_pdf)
    assert used and all(used.values()) and not any("Helvetica" in f for f in used)
    words = text(dice_pdf)
    assert {name: words.count(name) for name in COLOURS} == {
        name: count * 7 for name, count in COLOURS.items()}


def test_dice_pdf_is_byte_identical_on_a_rebuild(dice_pdf, tmp_path):
    assert build(tmp_path, "dice").read_bytes() == dice_pdf.read_bytes()


def test_letter_and_ink_saver_nets(tmp_path):
    path = build(tmp_path, "dice", paper="letter", ink_saver=True, bleed=2)
    assert set(page_sizes(path)) <= {LETTER, LETTER[::-1]}


@pytest.mark.slow
def test_stickers_six_per_die_for_blank_16_mm_dice(tmp_path):
    stickers = printing.decks(load_content("majority-rules"), dice="stickers")[0]
    assert len(stickers.cards) == 33 * 6
    assert stickers.size == printing.STICKER and int(stickers.size.split("x")[0]) < 16
    faces = Counter((c.front.fields["rgb"], c.front.fields["value"]) for c in stickers.cards)
    assert set(Counter(v for _, v in faces).values()) == {5}
    assert set(faces.values()) == {8, 1}
    path = build(tmp_path, "dice", dice="stickers")
    assert page_sizes(path) == [A4]
    assert Counter(text(path).split())["B"] == 48


def test_unknown_dice_mode_is_a_usage_error(cli, tmp_path):
    result = cli("build", "majority-rules", "--dice", "cubes", "--out", tmp_path)
    assert result.exit_code == 2
    assert "--dice must be one of nets, stickers, not 'cubes'" in result.stderr


def test_dice_option_needs_majority_rules(cli, tmp_path):
    result = cli("build", "d20-stacks", "--dice", "stickers", "--out", tmp_path)
    assert result.exit_code == 2 and "add the game 'majority-rules'" in result.stderr


def test_cli_builds_stickers(cli, tmp_path):
    result = cli("build", "majority-rules", "-c", "dice", "--dice", "stickers", "--out",
                 tmp_path)
    assert result.exit_code == 0, result.stderr
    assert "198 card(s)" in result.stdout


@pytest.mark.parametrize("paper, size", [("a4", A4[::-1]), ("letter", LETTER[::-1])])
def test_two_slotted_dividers_one_per_landscape_sheet(tmp_path, paper, size):
    path = build(tmp_path, "dividers", paper=paper)
    assert page_sizes(path) == [size, size]
    words = text(path)
    assert "Slit from the top" in words and "Slit from the bottom" in words


def test_slits_are_half_height_from_opposite_edges():
    content = load_content("majority-rules")
    spec = content.dividers
    a, b = printing.dividers(content).pieces
    for piece, from_top in ((a, True), (b, False)):
        (slot, _), = piece.areas
        xs, ys = {p[0] for p in slot}, {p[1] for p in slot}
        assert max(xs) - min(xs) == pytest.approx(spec.slit_mm)
        assert (min(xs) + max(xs)) / 2 == pytest.approx(spec.length_mm / 2)
        expected = {spec.height_mm / 2, spec.height_mm} if from_top else {0, spec.height_mm / 2}
        assert ys == expected
        assert (piece.width, piece.height) == (spec.length_mm, spec.height_mm)


def _data_with_dividers(tmp_path: Path, length: float, height: float) -> Path:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    path = data / "majority-rules" / "components.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["dividers"].update(length_mm=length, height_mm=height)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return data


def test_too_long_dividers_become_four_fold_to_stand_walls(tmp_path):
    data = _data_with_dividers(tmp_path, 320, 120)
    walls = printing.dividers(load_content("majority-rules", data))
    assert len(walls.pieces) == 4
    wall = walls.pieces[0]
    assert wall.width == 160 and wall.height == 120 + printing.FOOT_MM
    assert wall.folds == (((0, printing.FOOT_MM), (160, printing.FOOT_MM)),)
    run_build(BuildRequest(games=("majority-rules",), components=("dividers",),
                           out_dir=tmp_path / "out", data_dir=data))
    assert len(page_sizes(tmp_path / "out" / "majority-rules" / "dividers.pdf")) == 4


def test_dividers_too_big_even_as_walls_are_a_data_error(tmp_path):
    data = _data_with_dividers(tmp_path, 400, 250)
    with pytest.raises(DataError, match="even as four fold-to-stand walls"):
        printing.dividers(load_content("majority-rules", data))


def test_a_whole_sticker_build_has_no_tuck_box_for_the_stickers(cli, tmp_path):
    """Stickers are used up once applied: no tuck box for them, and the whole game builds
    (a box for 198 tiny stickers once stopped the build: its words could not fit)."""
    result = cli("build", "majority-rules", "--dice", "stickers", "--out", tmp_path,
                 "--no-gallery")
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "majority-rules" / "tuck-box.pdf").exists()
    assert (tmp_path / "majority-rules" / "kit.pdf").exists()
