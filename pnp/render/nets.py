"""Cube nets as plain numbers: which square of a flat net becomes which side of a die,
which edges are folds, which are glued, and where the glue tabs go.

A net is a set of grid cells (column, row; rows go up). Folding is computed by "rolling"
a cube across the net, the printed side outwards: the first cell is the top, and stepping
east turns the cell's right-hand direction into the new outward normal. Because the
result is numbers, tests can fold a net and check the cube it makes, and the drawing
code (`pieces.py`) never needs to know what a cube is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from pnp.render.model import Face, Piece, PieceFace, PieceText, Point

Vec = tuple[int, int, int]
Cell = tuple[int, int]

SIDES: dict[str, Vec] = {
    "top": (0, 0, 1), "bottom": (0, 0, -1),
    "east": (1, 0, 0), "west": (-1, 0, 0),
    "north": (0, 1, 0), "south": (0, -1, 0),
}
# The 1-4-1 cross: a strip of four sides with one side above and one below the second.
CROSS: tuple[Cell, ...] = ((1, 1), (0, 1), (2, 1), (3, 1), (1, 2), (1, 0))

_STEPS: dict[str, Cell] = {"east": (1, 0), "north": (0, 1), "west": (-1, 0), "south": (0, -1)}
TAB_DEPTH = 0.28
TAB_INSET = 0.6


def _neg(v: Vec) -> Vec:
    return (-v[0], -v[1], -v[2])


@dataclass(frozen=True)
class Frame:
    """Where a net cell ends up: its outward normal, and the cube directions its own
    right-hand and upward edges point to."""

    normal: Vec
    right: Vec
    up: Vec

    def toward(self, edge: str) -> Vec:
        """The outward normal of the cube side that meets this cell along `edge`."""
        return {"east": self.right, "west": _neg(self.right), "north": self.up,
                "south": _neg(self.up)}[edge]

    def step(self, edge: str) -> Frame:
        """The frame of the neighbouring cell across `edge`, after folding along it."""
        n, r, u = self.normal, self.right, self.up
        return {"east": Frame(r, _neg(n), u), "west": Frame(_neg(r), n, u),
                "north": Frame(u, r, _neg(n)), "south": Frame(_neg(u), r, n)}[edge]


def side_name(normal: Vec) -> str:
    return next(name for name, v in SIDES.items() if v == normal)


def fold(cells: tuple[Cell, ...]) -> dict[Cell, Frame]:
    """Each cell's frame on the folded cube; ValueError unless the cells are a cube net
    (six connected cells landing on six different sides)."""
    if len(cells) != 6 or len(set(cells)) != 6:
        raise ValueError("a cube net has six different cells")
    frames = {cells[0]: Frame(SIDES["top"], SIDES["east"], SIDES["north"])}
    queue = [cells[0]]
    while queue:
        cell = queue.pop(0)
        for edge, (dc, dr) in _STEPS.items():
            nxt = (cell[0] + dc, cell[1] + dr)
            if nxt in cells and nxt not in frames:
                frames[nxt] = frames[cell].step(edge)
                queue.append(nxt)
    if len(frames) != 6:
        raise ValueError("the cells of a cube net must be connected edge to edge")
    if len({f.normal for f in frames.values()}) != 6:
        raise ValueError("these cells fold with two squares on one side: not a cube net")
    return frames


@dataclass(frozen=True)
class NetEdge:
    """One edge of one cell of the net, in grid units, walked with the cell on its left."""

    cell: Cell
    edge: str

    @property
    def segment(self) -> tuple[Point, Point]:
        c, r = self.cell
        return {"south": ((c, r), (c + 1, r)), "east": ((c + 1, r), (c + 1, r + 1)),
                "north": ((c + 1, r + 1), (c, r + 1)), "west": ((c, r + 1), (c, r))}[self.edge]

    @property
    def outward(self) -> Cell:
        return _STEPS[self.edge]


def cube_edge(frames: Mapping[Cell, Frame], edge: NetEdge) -> frozenset[Vec]:
    """The cube edge a net edge becomes: the pair of sides it lies between."""
    frame = frames[edge.cell]
    return frozenset((frame.normal, frame.toward(edge.edge)))


def boundary(cells: tuple[Cell, ...]) -> list[NetEdge]:
    """The outline edges of the net, in one counter-clockwise walk from the lowest-left
    edge, so the cut path and the tab choice are the same on every run."""
    cellset = set(cells)
    edges = [NetEdge(c, e) for c in cells for e, (dc, dr) in _STEPS.items()
             if (c[0] + dc, c[1] + dr) not in cellset]
    by_start: dict[Point, list[NetEdge]] = {}
    for e in edges:
        by_start.setdefault(e.segment[0], []).append(e)
    if any(len(v) > 1 for v in by_start.values()):
        raise ValueError("nets whose cells touch only at a corner are not supported")
    current = min(edges, key=lambda e: (e.segment[0][1], e.segment[0][0]))
    walk = [current]
    while len(walk) < len(edges):
        current = by_start[current.segment[1]][0]
        walk.append(current)
    return walk


def inner_folds(cells: tuple[Cell, ...]) -> list[NetEdge]:
    """Edges shared by two cells: the fold lines (each listed once)."""
    cellset = set(cells)
    return [NetEdge(c, e) for c in cells for e in ("east", "north")
            if (c[0] + _STEPS[e][0], c[1] + _STEPS[e][1]) in cellset]


def glue_pairs(cells: tuple[Cell, ...],
               frames: Mapping[Cell, Frame]) -> list[tuple[NetEdge, NetEdge]]:
    """Outline edges that meet on the cube, in pairs (a cube net has seven)."""
    walk = boundary(cells)
    groups: dict[frozenset, list[NetEdge]] = {}
    for e in walk:
        groups.setdefault(cube_edge(frames, e), []).append(e)
    if any(len(g) != 2 for g in groups.values()):
        raise ValueError("outline edges do not pair up: not a cube net")
    return [tuple(g) for g in groups.values()]


def tab_polygon(edge: NetEdge, depth: float = TAB_DEPTH,
                inset: float = TAB_INSET) -> tuple[Point, ...]:
    """A trapezoid glue tab outside `edge`, in grid units (its short side is the outer one)."""
    (x0, y0), (x1, y1) = edge.segment
    nx, ny = edge.outward
    tx, ty = x1 - x0, y1 - y0
    d, i = depth, inset * depth
    return ((x0, y0), (x1, y1), (x1 + d * nx - i * tx, y1 + d * ny - i * ty),
            (x0 + d * nx + i * tx, y0 + d * ny + i * ty))


def choose_tabs(cells: tuple[Cell, ...], frames: Mapping[Cell, Frame]) -> list[NetEdge]:
    """One tab per glued pair, on the edge whose tab stays inside the net's bounding box
    where possible (a smaller piece to cut, more dice per sheet)."""
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    order = {e: i for i, e in enumerate(boundary(cells))}

    def outside(edge: NetEdge) -> bool:
        xs = [p[0] for p in tab_polygon(edge)]
        ys = [p[1] for p in tab_polygon(edge)]
        return (min(xs) < min(cols) or max(xs) > max(cols) + 1 or min(ys) < min(rows)
                or max(ys) > max(rows) + 1)

    pairs = glue_pairs(cells, frames)
    return sorted((min(pair, key=lambda e: (outside(e), order[e])) for pair in pairs),
                  key=order.get)


@dataclass(frozen=True)
class CubeNet:
    """A folded-and-checked net in grid units: frames, folds, tabs and the cut outline."""

    cells: tuple[Cell, ...]
    frames: Mapping[Cell, Frame]
    folds: tuple[NetEdge, ...]
    tabs: tuple[NetEdge, ...]
    outline: tuple[Point, ...]


@cache
def cube_net(cells: tuple[Cell, ...] = CROSS) -> CubeNet:
    """Fold `cells`, pick the tabs, and trace the outline (cells plus tabs) to cut. Worked
    out once per net: a kit's dice are all the same net, and folding it for each of the
    33 dice of Majority Rules! was 28 ms of planning every build, before any worker
    starts. The net is read-only (a frozen dataclass, its frames a read-only mapping),
    so sharing it is safe."""
    frames = MappingProxyType(fold(cells))
    tabs = choose_tabs(cells, frames)
    outline: list[Point] = []
    for edge in boundary(cells):
        outline.append(edge.segment[0])
        if edge in tabs:
            tab = tab_polygon(edge)
            outline += [tab[3], tab[2]]
    return CubeNet(cells, frames, tuple(inner_folds(cells)), tuple(tabs), tuple(outline))


def _tab_text(edge: NetEdge, text: str, face: float, at: tuple[float, float]) -> PieceText:
    """The tab's label, along the tab, readable from outside the net."""
    poly = [((x - at[0]) * face, (y - at[1]) * face) for x, y in tab_polygon(edge)]
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    left, bottom, right, top = min(xs), min(ys), max(xs), max(ys)
    inset = TAB_INSET * TAB_DEPTH * face
    if edge.edge in ("north", "south"):
        box = (left + inset, bottom + 0.4, right - left - 2 * inset, top - bottom - 0.8)
        rotate = 0
    else:
        box = (left + 0.4, bottom + inset, right - left - 0.8, top - bottom - 2 * inset)
        rotate = 90 if edge.edge == "east" else 270
    return PieceText(*box, text=text, size=6.0, min_size=4.0, font="bold",
                     colour="#424242", rotate=rotate)


def die_piece(faces: Mapping[str, Face], face: float, tab_text: str = "", label: str = "",
              cells: tuple[Cell, ...] = CROSS) -> Piece:
    """A die as a piece to cut and fold: each side's Face on the net cell that folds onto
    that side, dashed folds between cells, glue tabs labelled `tab_text`."""
    missing = sorted(set(SIDES) - set(faces))
    if missing:
        raise ValueError(f"a die needs a face for every side; missing {', '.join(missing)}")
    net = cube_net(cells)
    xs, ys = [p[0] for p in net.outline], [p[1] for p in net.outline]
    at = (min(xs), min(ys))

    def mm(p: Point) -> Point:
        return ((p[0] - at[0]) * face, (p[1] - at[1]) * face)

    placed = tuple(
        PieceFace((c - at[0]) * face, (r - at[1]) * face, face, face,
                  faces[side_name(net.frames[(c, r)].normal)])
        for c, r in net.cells
    )
    texts = tuple(_tab_text(e, tab_text, face, at) for e in net.tabs) if tab_text else ()
    return Piece(
        width=(max(xs) - at[0]) * face, height=(max(ys) - at[1]) * face,
        cut=(tuple(mm(p) for p in net.outline),),
        folds=tuple(tuple(mm(p) for p in e.segment) for e in net.folds)
        + tuple(tuple(mm(p) for p in e.segment) for e in net.tabs),
        faces=placed, texts=texts, label=label,
        # White tabs: a face's bleed never shows through the glue tab or its label.
        areas=tuple((tuple(mm(p) for p in tab_polygon(e)), "#FFFFFF") for e in net.tabs),
    )
