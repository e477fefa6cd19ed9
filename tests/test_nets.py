"""Cube nets as numbers: folding, folds and glue pairs, tabs, outline; pieces on sheets."""

import pytest

from pnp.errors import UsageError
from pnp.render.decks import PrintOptions
from pnp.render.fonts import font_set
from pnp.render.layout import LayoutSet
from pnp.render.model import Face, Piece, PieceSet, PieceText
from pnp.render.nets import (
    CROSS,
    SIDES,
    cube_edge,
    cube_net,
    die_piece,
    fold,
    glue_pairs,
    side_name,
    tab_polygon,
)
from pnp.render.pieces import _bleed_clip, preflight_pieces
from pnp.render.printables import check_file

from conftest import ROOT

# Six of the eleven cube nets (the cross first), as (column, row) cells with rows going up.
NETS = {
    "cross": CROSS,
    "t-shape": ((0, 1), (1, 1), (2, 1), (3, 1), (0, 2), (0, 0)),
    "l-arms": ((0, 1), (1, 1), (2, 1), (3, 1), (0, 2), (3, 0)),
    "stairs": ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 2)),
    "three-three": ((0, 0), (1, 0), (2, 0), (2, 1), (3, 1), (4, 1)),
    "two-three-one": ((0, 0), (1, 0), (1, 1), (2, 1), (3, 1), (3, 2)),
}


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b, strict=True))


def _area(polygon):
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                   in zip(polygon, polygon[1:] + polygon[:1], strict=True))) / 2


@pytest.mark.parametrize("name", sorted(NETS))
def test_every_net_folds_onto_six_different_sides(name):
    frames = fold(NETS[name])
    assert {f.normal for f in frames.values()} == set(SIDES.values())


@pytest.mark.parametrize("name", sorted(NETS))
def test_neighbouring_cells_become_neighbouring_sides(name):
    cells = NETS[name]
    frames = fold(cells)
    for (c, r) in cells:
        for nxt in ((c + 1, r), (c, r + 1)):
            if nxt in frames:
                assert _dot(frames[(c, r)].normal, frames[nxt].normal) == 0


@pytest.mark.parametrize("name", sorted(NETS))
def test_folds_and_glued_pairs_make_the_twelve_cube_edges_once_each(name):
    net = cube_net(NETS[name])
    pairs = glue_pairs(net.cells, net.frames)
    assert len(pairs) == 7 and len(net.folds) == 5
    edges = [cube_edge(net.frames, e) for e in net.folds]
    for a, b in pairs:
        assert cube_edge(net.frames, a) == cube_edge(net.frames, b)
        assert _dot(net.frames[a.cell].normal, net.frames[b.cell].normal) == 0
        edges.append(cube_edge(net.frames, a))
    assert len(edges) == len(set(edges)) == 12


@pytest.mark.parametrize("name", sorted(NETS))
def test_one_tab_per_glued_pair_outside_the_cells(name):
    net = cube_net(NETS[name])
    pairs = glue_pairs(net.cells, net.frames)
    assert [sum(e in net.tabs for e in pair) for pair in pairs] == [1] * 7
    for tab in net.tabs:
        xs = [p[0] for p in tab_polygon(tab)[2:]]
        ys = [p[1] for p in tab_polygon(tab)[2:]]
        centre = (sum(xs) / 2, sum(ys) / 2)
        assert (int(centre[0] // 1), int(centre[1] // 1)) not in net.cells


def _inside(point, polygon):
    """Even-odd rule: is `point` strictly inside `polygon`?"""
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


@pytest.mark.parametrize("name", sorted(NETS))
def test_tabs_never_overlap_each_other(name):
    tabs = [list(tab_polygon(t)) for t in cube_net(NETS[name]).tabs]
    for i, a in enumerate(tabs):
        for b in tabs[i + 1:]:
            left = max(min(p[0] for p in a), min(p[0] for p in b))
            right = min(max(p[0] for p in a), max(p[0] for p in b))
            bottom = max(min(p[1] for p in a), min(p[1] for p in b))
            top = min(max(p[1] for p in a), max(p[1] for p in b))
            if left >= right or bottom >= top:
                continue
            grid = [(left + (right - left) * u / 20, bottom + (top - bottom) * v / 20)
                    for u in range(21) for v in range(21)]
            assert not any(_inside(p, a) and _inside(p, b) for p in grid)


@pytest.mark.parametrize("name", sorted(NETS))
def test_outline_encloses_the_cells_and_the_tabs(name):
    net = cube_net(NETS[name])
    tab_area = sum(_area(list(tab_polygon(t))) for t in net.tabs)
    assert _area(list(net.outline)) == pytest.approx(6 + tab_area)


@pytest.mark.parametrize("cells, message", [
    (((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)), "two squares on one side"),
    (((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)), "two squares on one side"),
    (((0, 0), (1, 0), (2, 0), (3, 0), (5, 0), (6, 0)), "connected"),
    (((0, 0), (1, 0)), "six different cells"),
])
def test_not_a_cube_net(cells, message):
    with pytest.raises(ValueError, match=message):
        fold(cells)


def test_die_piece_puts_each_side_on_the_cell_that_folds_onto_it():
    faces = {side: Face("any-layout", {"side": side}) for side in SIDES}
    piece = die_piece(faces, 18.0, tab_text="BLUE")
    net = cube_net()
    for placed in piece.faces:
        assert (placed.width, placed.height) == (18.0, 18.0)
        cell = (round(placed.x / 18), round(placed.y / 18))
        assert side_name(net.frames[cell].normal) == placed.face.fields["side"]
    assert len(piece.texts) == 7 and {t.text for t in piece.texts} == {"BLUE"}
    assert piece.width == pytest.approx(18 * (4 + 0.28)) and piece.height == 54


def test_die_piece_needs_all_six_faces():
    with pytest.raises(ValueError, match="missing bottom"):
        die_piece({s: Face("x") for s in SIDES if s != "bottom"}, 18.0)


def test_bleed_reaches_out_only_on_free_edges():
    left = _bleed_clip(_box(0, 0), [_box(0, 0), _box(18, 0)], 2.0)
    assert (left.x, left.y, left.width, left.height) == (-2.0, -2.0, 20.0, 22.0)


def _box(x, y):
    from pnp.render.geometry import Box

    return Box(x, y, 18, 18)


def _layouts():
    return LayoutSet(ROOT / "templates" / "layouts")


def test_a_text_that_cannot_fit_a_piece_is_an_error_naming_the_piece():
    piece = Piece(50, 20, cut=(((0, 0), (50, 0), (50, 20), (0, 20)),),
                  texts=(PieceText(2, 2, 10, 5, "far too long for ten millimetres"),),
                  label="test strip")
    problems = preflight_pieces([PieceSet("strip", "Strip", "strip", (piece,))], _layouts(),
                                font_set(), PrintOptions())
    assert len(problems) == 1 and "test strip" in problems[0].message
    assert "does not fit" in problems[0].message


def test_a_piece_larger_than_the_paper_is_reported():
    piece = Piece(400, 300, cut=(((0, 0), (400, 0), (400, 300), (0, 300)),))
    problems = preflight_pieces([PieceSet("big", "Big piece", "big", (piece,))], _layouts(),
                                font_set(), PrintOptions())
    assert problems and "Big piece" in problems[0].message


def test_a_face_layout_of_another_size_is_reported():
    piece = die_piece({side: Face("card-base") for side in SIDES}, 18.0, label="odd die")
    problems = preflight_pieces([PieceSet("dice", "Dice", "dice", (piece,))], _layouts(),
                                font_set(), PrintOptions())
    assert problems and "is 63 × 88 mm, but odd die has 18 × 18 mm faces" in problems[0].message


def test_one_file_holds_one_kind_of_printable():
    from pnp.render.model import Deck

    with pytest.raises(UsageError, match="one kind of printable"):
        check_file([Deck("d", "D", "poker", (), "f"), PieceSet("p", "P", "f", ())], _layouts(),
                   font_set(), PrintOptions())
