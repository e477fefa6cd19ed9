"""Sheet furniture never collides, on every paper, orientation, backs mode and bleed.

The geometry is numbers: these tests pack cards (`packing.pack`), plan each sheet
(`sheets.plan_sheet`) and check the rules directly, fast; a sample is then checked from
the PDF itself (test_sheet_pdfs.py)."""

import pytest
from sheetrules import along_fold, broken_rules

from pnp.render.fonts import font_set
from pnp.render.geometry import CARD_SIZES, PAPERS, Size, mirror_boxes, page_offset
from pnp.render.marks import merged_edges
from pnp.render.packing import PackItem, pack
from pnp.render.sheets import plan_sheet

FONT = font_set(None).name("bold")
BACKS = ("duplex-long", "duplex-short", "fold", "none")
# Poker (portrait on most papers), the landscape-shaped 88 × 63, tarot, tokens, and a
# mixed kit: poker cards, round tokens of two sizes and a tarot aid on shared sheets.
KINDS = {
    "poker": [(CARD_SIZES["poker"], "rect", 13)],
    "wide": [(Size(88, 63), "rect", 11)],
    "tarot": [(CARD_SIZES["tarot"], "rect", 5)],
    "mixed": [(CARD_SIZES["poker"], "rect", 7), (Size(20, 20), "circle", 5),
              (Size(24, 24), "circle", 40), (CARD_SIZES["tarot"], "rect", 2)],
}


def _groups(kind):
    return [[PackItem((kind, size, i), size, shape)] for size, shape, n in KINDS[kind]
            for i in range(n)]


def _sheets(paper, backs, bleed, kind, offset=(0.0, 0.0)):
    """(plan, trim boxes) of every page the cards print on."""
    fold = backs == "fold"
    sheets = []
    for page in pack(_groups(kind), paper, fold, bleed=bleed):
        shapes = [i.shape for i in page.items]
        label = [f"The Majority · Vote cards + Preparation cards · sheet {len(sheets) + 1} "
                 ", fronts and backs", f"The Majority · sheet {len(sheets) + 1}"]
        if fold:
            slots = page.boxes + page.fold_backs.boxes
            sheets.append((plan_sheet(page.paper, slots, shapes * 2, bleed, True, label, FONT,
                                      page.fold), slots))
            continue
        sheets.append((plan_sheet(page.paper, page.boxes, shapes, bleed, True, label, FONT),
                       page.boxes))
        if backs.startswith("duplex"):
            flip = "short" if backs == "duplex-short" else "long"
            dx, dy = page_offset(*offset, page.paper)
            backs_at = [b.__class__(b.x + dx, b.y + dy, b.width, b.height)
                        for b in mirror_boxes(page.paper, page.boxes, flip).boxes]
            sheets.append((plan_sheet(page.paper, backs_at, shapes, bleed, True, label,
                                      FONT), backs_at))
    return sheets


@pytest.mark.parametrize("bleed", [0.0, 3.0])
@pytest.mark.parametrize("backs", BACKS)
@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "a5", "a6", "b5", "legal", "tabloid"])
def test_furniture_keeps_clear_of_marks_cuts_and_edges(paper, backs, bleed):
    if paper == "a6" and bleed:
        pytest.skip("two poker cards with bleed fill A6: no room is left for label and bar")
    seen = set()
    for kind in KINDS:
        if paper == "a6" and kind in ("tarot", "mixed"):
            continue  # a tarot card does not fit A6 (twice) at all
        for plan, slots in _sheets(paper, backs, bleed, kind):
            seen.add(plan.paper.width > plan.paper.height)
            assert broken_rules(plan, slots, bleed) == [], (kind, plan.paper)
    assert seen, "no sheet checked"


def test_both_orientations_are_covered():
    orientations = {plan.paper.width > plan.paper.height
                    for paper in PAPERS for backs in BACKS for kind in ("poker", "wide")
                    for plan, _ in _sheets(paper, backs, 3.0, kind)}
    assert orientations == {True, False}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_offset_backs_keep_the_rules(paper):
    for plan, slots in _sheets(paper, "duplex-long", 0.0, "poker", offset=(2.0, -1.5)):
        assert broken_rules(plan, slots, 0.0) == []


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_fold_is_never_a_cut(paper, bleed):
    plans = [plan for plan, _ in _sheets(paper, "fold", bleed, "poker")]
    for plan in plans:
        assert plan.fold is not None
        assert not [m for m in plan.marks if along_fold(m, plan.fold)]
    # Without bleed a full sheet's cards meet the fold: that edge is left to the fold
    # line when cut lines are drawn (marks.cut_lines), never stroked solid.
    edges = [e for e in merged_edges(plans[0].cut_rects) if along_fold(e, plans[0].fold)]
    assert bool(edges) == (bleed == 0)


def test_crop_marks_stay_5_mm_from_the_letter_edge():
    plans = _sheets("letter", "duplex-long", 0.0, "poker")
    ends = [v for plan, _ in plans for m in plan.marks for v in m]
    assert min(ends) >= 5.0 - 1e-6
    assert max(m[3] for plan, _ in plans for m in plan.marks) <= 279.4 - 5.0 + 1e-6
    assert plans[0][0].marks, "Letter still has crop marks"


def test_letter_label_and_bar_move_off_the_bottom_margin():
    plan, slots = _sheets("letter", "duplex-long", 0.0, "poker")[0]
    assert min(s.y for s in slots) < 5 + 3 + 3  # the bottom margin cannot hold them
    assert plan.label.rotation == 90 and plan.bar.rotation == 90


def test_a4_portrait_keeps_label_and_bar_in_the_bottom_margin():
    plan, _ = _sheets("a4", "duplex-long", 0.0, "poker")[0]
    assert plan.label.rotation == plan.bar.rotation == 0
    assert plan.label.box.y == plan.bar.box.y == 5.0
    assert plan.label.box.right < plan.bar.box.x


def test_the_rules_catch_the_old_letter_sheet():
    """Yesterday's Letter sheet (label at 8 mm, 5.5 mm up; marks 1–5 mm past the trim)
    breaks the rules the checker enforces: it is not a checker that always passes."""
    from dataclasses import replace

    from pnp.render.furniture import Placement
    from pnp.render.geometry import Box

    plan, slots = _sheets("letter", "duplex-long", 0.0, "poker")[0]
    low = min(s.y for s in slots)
    old = replace(plan, label=Placement(Box(8, 5.5 - 0.6, 60, 2.7), 0, 0),
                  marks=plan.marks + ((slots[-1].x, low - 1, slots[-1].x, low - 5),))
    broken = broken_rules(old, slots, 0.0)
    assert any("within 3 mm of the cut line" in b for b in broken)
    assert any("crop mark" in b and "page edge" in b for b in broken)
    assert any("label" in b and "within 1 mm of crop mark" in b for b in broken)


@pytest.mark.parametrize("bleed", [0.0, 3.0])
@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "legal", "tabloid"])
def test_piece_sheets_keep_the_label_and_bar_clear_of_every_cut(paper, bleed):
    """Dice nets and dividers (and, packed with them, pieces of other sizes): the label
    used to sit 0.26 mm under the lowest net's cut line."""
    from pnp.kits.build import game_printables
    from pnp.kits.request import BuildRequest
    from pnp.render.decks import PrintOptions
    from pnp.render.pieces import piece_pages

    (_, _, sets), = game_printables(BuildRequest(games=("majority-rules",)))
    pages = piece_pages(sets, PrintOptions(paper=paper, bleed=bleed))
    assert len({(i.size.width, i.size.height) for p in pages for i in p.items}) == 2
    for number, page in enumerate(pages, start=1):
        plan = plan_sheet(page.paper, page.boxes, ["rect"] * len(page.boxes), bleed, False,
                          [f"Majority Rules! · Dice nets · sheet {number}"], FONT, pieces=True)
        assert broken_rules(plan, page.boxes, bleed) == [], (paper, number)
