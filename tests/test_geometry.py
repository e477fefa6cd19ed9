"""Imposition numbers: where every card, back and fold line goes, in mm."""

import pytest

from pnp.errors import UsageError
from pnp.render.geometry import (
    CARD_SIZES,
    Box,
    Size,
    card_size,
    impose,
    impose_fold,
    mirror_for_duplex,
    paper_size,
)

POKER = CARD_SIZES["poker"]


def test_a4_poker_is_3_by_3_portrait_centred():
    sheet = impose(POKER, "a4")
    assert (sheet.columns, sheet.rows, sheet.landscape) == (3, 3, False)
    assert sheet.slots[0] == Box(10.5, 192.5, 63, 88)
    assert sheet.slots[8] == Box(136.5, 16.5, 63, 88)
    # reading order: left to right, then top to bottom
    assert [round(s.x, 1) for s in sheet.slots[:3]] == [10.5, 73.5, 136.5]


def test_letter_poker_is_3_by_3():
    sheet = impose(POKER, "letter")
    assert (sheet.columns, sheet.rows) == (3, 3)
    assert sheet.slots[0].x == pytest.approx((215.9 - 189) / 2)


def test_bleed_spaces_cards_and_may_turn_the_page():
    sheet = impose(POKER, "a4", bleed=3)
    assert sheet.landscape and (sheet.columns, sheet.rows) == (4, 2)
    assert sheet.slots[1].x - sheet.slots[0].right == pytest.approx(6)


def test_orientation_with_more_cards_wins():
    sheet = impose(Size(88, 63), "a4")
    # portrait fits 2 × 4 = 8, landscape 3 × 3 = 9
    assert sheet.landscape is True and len(sheet.slots) == 9


def test_margin_below_5mm_is_refused():
    with pytest.raises(UsageError, match="at least 5 mm"):
        impose(POKER, "a4", margin=3)


def test_card_too_big_for_the_paper_is_explained():
    with pytest.raises(UsageError, match="does not fit on a4 with 5 mm margins"):
        impose(Size(300, 300), "a4")


def test_long_edge_duplex_on_portrait_mirrors_left_right():
    sheet = impose(POKER, "a4")
    backs = mirror_for_duplex(sheet, "long")
    assert backs.rotation == 0
    assert backs.boxes[0] == Box(210 - 73.5, 192.5, 63, 88)
    for front, back in zip(sheet.slots, backs.boxes, strict=True):
        assert front.x + back.right == pytest.approx(210)
        assert front.y == back.y


def test_short_edge_duplex_on_portrait_mirrors_top_bottom_and_turns():
    sheet = impose(POKER, "a4")
    backs = mirror_for_duplex(sheet, "short")
    assert backs.rotation == 180
    for front, back in zip(sheet.slots, backs.boxes, strict=True):
        assert front.x == back.x and front.y + back.top == pytest.approx(297)


def test_long_edge_on_landscape_mirrors_top_bottom():
    sheet = impose(POKER, "a4", bleed=3)
    backs = mirror_for_duplex(sheet, "long")
    for front, back in zip(sheet.slots, backs.boxes, strict=True):
        assert front.y + back.top == pytest.approx(210) and front.x == back.x


def test_fold_mirrors_backs_across_the_fold_line():
    fold = impose_fold(POKER, "a4")
    x1, y1, x2, y2 = fold.fold
    assert (x1, x2) == (148.5, 148.5) and len(fold.fronts) == 4
    for front, back in zip(fold.fronts, fold.backs.boxes, strict=True):
        assert front.right <= 148.5 <= back.x
        assert 148.5 - front.right == pytest.approx(back.x - 148.5)
        assert front.y == back.y
    # without bleed the fold is the edge of the cards next to it
    assert max(f.right for f in fold.fronts) == pytest.approx(148.5)


def test_fold_with_bleed_keeps_the_trim_clear_of_the_fold():
    fold = impose_fold(POKER, "a4", bleed=2)
    assert max(f.right for f in fold.fronts) == pytest.approx(148.5 - 2)


@pytest.mark.parametrize(("spec", "size"), [("poker", Size(63, 88)), ("mini", Size(44, 63)),
                                            ("25x25", Size(25, 25)), ("70 × 120 mm",
                                                                      Size(70, 120)),
                                            ("2.5x3.5in", Size(63.5, 88.9))])
def test_card_sizes(spec, size):
    assert card_size(spec) == size


def test_paper_in_inches_is_the_named_paper_to_the_last_digit():
    assert paper_size("8.5x11in") == paper_size("letter")
    assert paper_size("8.5inx11in") == paper_size("11 x 8.5 in") == paper_size("letter")
    assert paper_size("A6") == Size(105, 148) and paper_size("b5") == Size(176, 250)
    with pytest.raises(UsageError, match=r"inches \(e\.g\. 8\.5x11in\)"):
        paper_size("8.5inx11mm")


def test_unknown_card_size():
    with pytest.raises(UsageError, match="unknown card size"):
        card_size("jumbo")
