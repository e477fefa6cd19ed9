"""One printed sheet's furniture, planned then drawn: crop marks, cut lines, the fold
line, the sheet label and the 50 mm scale bar. Card sheets and piece sheets share it.

The plan is plain numbers (`SheetPlan`), so tests check the rules of `furniture` on any
paper without drawing. Drawing puts everything but the label into one form XObject per
distinct plan, so identical sheets share it; the label (its sheet number) is drawn per
page in the place the plan reserved for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from pnp.render.cutfiles import FURNITURE_CLEARANCE, registration_zones
from pnp.render.furniture import (
    Placement,
    Segment,
    clear_of,
    crop_mark_segments,
    keep_out,
    place,
)
from pnp.render.geometry import Box, Size
from pnp.render.marks import (
    CAPTION,
    bar_forms,
    crop_marks,
    cut_lines,
    fold_line,
    fold_segment,
    label_forms,
    scale_bar,
    sheet_label,
)


@dataclass(frozen=True)
class SheetWords:
    """The words printed around the pieces, in the kit's language: the game's title (also
    the PDF's title), the sheet label's and scale bar's words, and the tuck boxes' words."""

    title: str
    sheet: str = "sheet {number}"
    fronts: str = "fronts"
    backs: str = "backs"
    both: str = "fronts and backs"
    scale: str = CAPTION
    tuck_boxes: str = "Tuck boxes"
    box_cards: str = "{count} cards"
    glue: str = "GLUE"

    def labels(self, names: Sequence[str], number: int, side: str) -> list[str]:
        """The sheet label, longest first: with the decks on the sheet, then without.
        `number` counts pieces of paper (a duplex sheet's fronts and backs pages share
        it); `side` is "fronts", "backs", "both" (a fold sheet) or "" (one-sided), as in
        "sheet 2, backs"."""
        sides = {"fronts": self.fronts, "backs": self.backs, "both": self.both}
        tail = self.sheet.format(number=number) + (f", {sides[side]}" if side else "")
        full = f"{self.title} · {' + '.join(dict.fromkeys(names))} · {tail}"
        return [full, f"{self.title} · {tail}"]


def sheet_words(title: str | SheetWords) -> SheetWords:
    """A bare title stands for the English words."""
    return title if isinstance(title, SheetWords) else SheetWords(title)


@dataclass(frozen=True)
class SheetPlan:
    """Everything drawn on a sheet besides the pieces themselves, in mm."""

    paper: Size
    marks: tuple[Segment, ...]
    cut_rects: tuple[Box, ...]
    cut_circles: tuple[Box, ...]
    fold: Segment | None
    bar: Placement | None
    label: Placement | None
    label_text: str = ""
    label_size: float = 6.5
    caption: str = CAPTION

    def furniture(self) -> list[Box]:
        return [p.box for p in (self.label, self.bar) if p is not None]


def plan_sheet(paper: Size, slots: Sequence[Box], shapes: Sequence[str], bleed: float,
               marks_on: bool, labels: Sequence[str], font: str,
               fold: Segment | None = None, pieces: bool = False,
               caption: str = CAPTION, registration: float = 0.0) -> SheetPlan:
    """Marks and cut lines for card `slots` (or none for `pieces`, which carry their own
    outlines), then the bar and the label placed clear of them and of every cut. With
    registration marks at that inset, no crop mark enters the squares a cutting machine
    searches, and the bar and label keep `FURNITURE_CLEARANCE` mm from them."""
    rects = [b for b, s in zip(slots, shapes, strict=True) if s != "circle"]
    circles = [b for b, s in zip(slots, shapes, strict=True) if s == "circle"]
    marks, drawn_fold, kept_from, obstacles, bar = _unlabelled(
        paper, tuple(slots), tuple(shapes), bleed, marks_on, font, fold, pieces, caption,
        registration)
    label, texts = _label(paper, list(obstacles), bar, labels, font)
    if bar is None or label is None:
        # Last resort: give up the crop marks that crowd the furniture, never the rules.
        bar, label, texts = _place(paper, keep_out(slots, bleed, [], drawn_fold) +
                                   list(kept_from), labels, font, caption)
        marks = clear_of(marks, [p.box for p in (bar, label) if p is not None])
    cut_rects = tuple(rects) if marks_on and bleed == 0 and not pieces else ()
    cut_circles = tuple(circles) if marks_on and not pieces else ()
    text, size = texts if texts else ("", 6.5)
    return SheetPlan(paper, tuple(marks), cut_rects, cut_circles, drawn_fold, bar, label,
                     text, size, caption)


@lru_cache(maxsize=256)
def _unlabelled(paper: Size, slots: tuple[Box, ...], shapes: tuple[str, ...], bleed: float,
                marks_on: bool, font: str, fold: Segment | None, pieces: bool, caption: str,
                registration: float) -> tuple:
    """What of a sheet's plan its label does not change: (crop marks, the fold as drawn,
    the registration squares kept clear, every obstacle of the furniture, the bar).
    Worked out once per sheet layout: the sheets of a deck mostly share one, and a full
    build plans 250 sheets (the kit's again), most of their planning this part."""
    rects = [b for b, s in zip(slots, shapes, strict=True) if s != "circle"]
    zones = registration_zones(paper, registration) if registration else []
    marks: list[Segment] = []
    if marks_on and not pieces:
        marks = clear_of(crop_mark_segments(rects, slots, paper, bleed, fold), zones)
    drawn_fold = fold_segment(fold, paper) if fold else None
    kept_from = tuple(z.grown(FURNITURE_CLEARANCE) for z in zones)
    obstacles = tuple(keep_out(slots, bleed, marks, drawn_fold)) + kept_from
    bar = place(paper, obstacles, bar_forms(font, caption), "end",
                ("bottom", "top", "right", "left"))
    return tuple(marks), drawn_fold, kept_from, obstacles, bar


def _place(paper: Size, obstacles: list[Box], labels: Sequence[str], font: str,
           caption: str):
    """The bar (bottom right first), then the label (bottom left first) clear of it."""
    bar = place(paper, obstacles, bar_forms(font, caption), "end",
                ("bottom", "top", "right", "left"))
    return (bar, *_label(paper, obstacles, bar, labels, font))


def _label(paper: Size, obstacles: list[Box], bar, labels: Sequence[str], font: str):
    """The label (bottom left first) clear of the obstacles and the bar, and its text and
    size."""
    around = obstacles + ([bar.box.grown(2.0)] if bar else [])
    forms = label_forms(labels, font)
    label = place(paper, around, [f[0] for f in forms], "start")
    texts = (forms[label.form][1], forms[label.form][2]) if label else None
    return label, texts


def draw_sheet(c, plan: SheetPlan, forms, font: str) -> None:
    """The plan on the current page: the shared part as a form, then the label."""

    def shared():
        if plan.bar is not None:
            scale_bar(c, plan.bar, font, plan.caption)
        if plan.cut_rects:
            cut_lines(c, plan.cut_rects, "rect", plan.fold)
        if plan.cut_circles:
            cut_lines(c, plan.cut_circles, "circle")
        crop_marks(c, plan.marks)
        if plan.fold is not None:
            fold_line(c, plan.fold)

    key = ("sheet", plan.paper, plan.marks, plan.cut_rects, plan.cut_circles, plan.fold,
           plan.bar, plan.caption)
    forms.place(key, plan.paper.width, plan.paper.height, shared, grow=0.0)
    if plan.label is not None:
        sheet_label(c, plan.label, plan.label_text, font, plan.label_size)
