"""Small vector icons: player symbols, faction marks, the d20, orientation arrows.

Each icon is a list of closed polygons in a unit square centred on (0, 0) with y up,
filled with the even-odd rule so inner polygons cut holes. Keeping icons as plain
coordinates keeps them vector (sharp at any size, tiny in the PDF) and testable.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

Point = tuple[float, float]
Polygon = list[Point]


def _regular(n: int, r: float = 1.0, phase: float = 90.0) -> Polygon:
    return [(r * math.cos(math.radians(phase + 360 * i / n)),
             r * math.sin(math.radians(phase + 360 * i / n))) for i in range(n)]


def _arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float,
         steps: int = 32) -> Polygon:
    return [(cx + rx * math.cos(math.radians(start + (end - start) * i / steps)),
             cy + ry * math.sin(math.radians(start + (end - start) * i / steps)))
            for i in range(steps + 1)]


def _star() -> list[Polygon]:
    points = []
    for i in range(10):
        r = 1.0 if i % 2 == 0 else 0.42
        a = math.radians(90 + 36 * i)
        points.append((r * math.cos(a), r * math.sin(a)))
    return [points]


def _heart() -> list[Polygon]:
    pts = []
    for i in range(64):
        t = 2 * math.pi * i / 64
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x / 17, (y + 2) / 17))
    return [pts]


def _cross() -> list[Polygon]:
    a, b = 0.32, 0.95
    return [[(-a, b), (a, b), (a, a), (b, a), (b, -a), (a, -a), (a, -b), (-a, -b), (-a, -a),
             (-b, -a), (-b, a), (-a, a)]]


def _moon() -> list[Polygon]:
    outer = _arc(0, 0, 0.95, 0.95, 60, 300)
    inner = _arc(0.42, 0, 0.78, 0.78, 240, 120, 32)
    return [outer + inner]


def _horns() -> list[Polygon]:
    left = _arc(-0.15, -0.55, 0.75, 1.45, 180, 95, 20) + _arc(-0.15, -0.55, 0.42, 1.2, 98, 180, 20)
    right = [(-x, y) for x, y in left]
    return [left, right]


def _flame() -> list[Polygon]:
    pts = []
    for i in range(48):
        t = 2 * math.pi * i / 48
        r = 0.55 + 0.45 * (1 - math.sin(t)) ** 1.6 / 2.2
        x = 0.62 * math.cos(t) * (1 - 0.35 * max(0.0, math.sin(t)))
        y = -0.35 + r * math.sin(t) * 1.45 if math.sin(t) > 0 else -0.35 + 0.62 * math.sin(t)
        pts.append((x, y))
    tip = [(0.0, 0.98), (0.22, 0.45), (-0.22, 0.45)]
    return [pts, tip]


def _halo() -> list[Polygon]:
    return [_arc(0, 0.1, 0.95, 0.42, 0, 360, 48), _arc(0, 0.1, 0.68, 0.24, 0, 360, 48)]


def _scythe() -> list[Polygon]:
    handle = [(0.05, -0.95), (0.2, -0.95), (0.02, 0.8), (-0.13, 0.8)]
    blade = _arc(0.35, 0.55, 0.75, 0.4, 180, 20, 24) + _arc(0.45, 0.5, 0.62, 0.22, 20, 180, 24)
    return [handle, blade]


def _mask() -> list[Polygon]:
    body = _arc(0, 0.15, 0.7, 0.8, 0, 180, 24)
    for i in range(7):
        x = -0.7 + 1.4 * i / 6
        body.append((x, -0.85 if i % 2 == 0 else -0.6))
    body = body[:25] + sorted(body[25:], key=lambda p: -p[0]) + [(0.7, 0.15)]
    left_eye = _arc(-0.25, 0.2, 0.13, 0.2, 0, 360, 16)
    right_eye = _arc(0.25, 0.2, 0.13, 0.2, 0, 360, 16)
    return [body, left_eye, right_eye]


def _d20() -> list[Polygon]:
    outer = _regular(6, 1.0, 90)
    inner = _regular(3, 0.55, 90)
    return [outer, inner]


def _arrow() -> list[Polygon]:
    return [[(0, 1), (0.8, 0.05), (0.3, 0.05), (0.3, -0.95), (-0.3, -0.95), (-0.3, 0.05),
             (-0.8, 0.05)]]


def _coin_hat() -> list[Polygon]:
    """A witch's hat: the face-up coin side."""
    brim = _arc(0, -0.55, 0.95, 0.22, 0, 360, 40)
    cone = [(-0.5, -0.45), (0.5, -0.45), (0.15, 0.35), (0.55, 0.95), (-0.05, 0.5)]
    return [brim, cone]


_SHAPES: dict[str, Callable[[], list[Polygon]]] = {
    "circle": lambda: [_arc(0, 0, 1, 1, 0, 360, 48)],
    "ring": lambda: [_arc(0, 0, 1, 1, 0, 360, 48), _arc(0, 0, 0.6, 0.6, 0, 360, 48)],
    "square": lambda: [[(-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)]],
    "triangle": lambda: [_regular(3, 1.0, 90)],
    "diamond": lambda: [_regular(4, 1.0, 90)],
    "pentagon": lambda: [_regular(5, 1.0, 90)],
    "hexagon": lambda: [_regular(6, 1.0, 90)],
    "star": _star,
    "heart": _heart,
    "cross": _cross,
    "moon": _moon,
    "horns": _horns,
    "flame": _flame,
    "halo": _halo,
    "scythe": _scythe,
    "mask": _mask,
    "d20": _d20,
    "arrow": _arrow,
    "hat": _coin_hat,
}


def symbol_names() -> list[str]:
    return sorted(_SHAPES)


@cache
def polygons(name: str) -> tuple[tuple[Point, ...], ...]:
    """The icon's polygons in the unit square; KeyError for an unknown name."""
    return tuple(tuple(p) for p in _SHAPES[name]())
