"""The furniture rules every printed sheet keeps, checked on a `SheetPlan` (numbers)."""

from __future__ import annotations

from pnp.render.furniture import segment_box
from pnp.render.geometry import Box

EDGE = 5.0


def gap(a: Box, b: Box) -> float:
    """The distance between two rectangles (0 when they touch or overlap)."""
    dx = max(0.0, max(a.x, b.x) - min(a.right, b.right))
    dy = max(0.0, max(a.y, b.y) - min(a.top, b.top))
    return (dx * dx + dy * dy) ** 0.5


def inside_edges(box: Box, paper, edge: float = EDGE) -> bool:
    return (box.x >= edge - 1e-6 and box.y >= edge - 1e-6
            and box.right <= paper.width - edge + 1e-6 and box.top <= paper.height - edge + 1e-6)


def along_fold(segment, fold) -> bool:
    """Whether a segment runs along the fold line."""
    if fold is None:
        return False
    x1, y1, x2, y2 = segment
    if fold[0] == fold[2]:
        return abs(x1 - fold[0]) < 1e-6 and abs(x2 - fold[0]) < 1e-6
    return abs(y1 - fold[1]) < 1e-6 and abs(y2 - fold[1]) < 1e-6


def broken_rules(plan, slots, bleed: float) -> list[str]:
    """Every rule the plan breaks, in words (empty when the sheet is clean)."""
    broken = []
    furniture = {"label": plan.label, "bar": plan.bar}
    for name, placed in furniture.items():
        if placed is None:
            broken.append(f"no {name}")
            continue
        box = placed.box
        if not inside_edges(box, plan.paper):
            broken.append(f"{name} {box} within 5 mm of the page edge")
        for mark in plan.marks:
            if gap(box, segment_box(mark)) < 1.0 - 1e-6:
                broken.append(f"{name} {box} within 1 mm of crop mark {mark}")
        for slot in slots:
            if gap(box, slot) < max(3.0, bleed) - 1e-6:
                broken.append(f"{name} {box} within 3 mm of the cut line of {slot}")
        if plan.fold is not None and gap(box, segment_box(plan.fold)) < 1.0:
            broken.append(f"{name} {box} on the fold")
    if plan.label and plan.bar and gap(plan.label.box, plan.bar.box) < 1.0:
        broken.append("label and bar touch")
    for mark in plan.marks:
        if not inside_edges(segment_box(mark), plan.paper):
            broken.append(f"crop mark {mark} within 5 mm of the page edge")
        for slot in slots:
            if gap(segment_box(mark), slot.grown(bleed)) < 1.0 - 1e-6:
                broken.append(f"crop mark {mark} within 1 mm of {slot} (bleed {bleed})")
        if along_fold(mark, plan.fold):
            broken.append(f"crop mark {mark} on the fold")
    return broken
