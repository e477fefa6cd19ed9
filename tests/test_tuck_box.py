"""Tuck boxes: panels sized from the card and the deck's thickness (--card-thickness,
0.30 mm a card unless told), flaps and glue tabs proportioned to the depth, a minimum
depth; one net per deck (several for a thick one), built with `-c tuck-box` and in
kit.pdf, with the game's name and the deck's back design on them. Panels are measured
from the net's folds and cut outline, and from the dashed folds of the printed PDF."""

from __future__ import annotations

import math

import pypdf
import pytest

from pnp.kits.build import game_printables
from pnp.kits.request import BuildRequest
from pnp.render.geometry import Size, card_size
from pnp.render.model import Deck, PieceSet
from pnp.render.tuckbox import CARD_THICKNESS, boxes_needed, tuck_box, tuck_boxes


def _boxes(game: str) -> tuple[list[Deck], PieceSet]:
    (_, _, printables), = game_printables(BuildRequest(games=(game,)))
    boxes = [p for p in printables if isinstance(p, PieceSet) and p.id == "tuck-box"]
    assert len(boxes) == 1
    return [p for p in printables if isinstance(p, Deck)], boxes[0]


def _fits_a4(size: Size) -> bool:
    from pnp.render.decks import PrintOptions
    from pnp.render.printables import piece_fits

    return piece_fits(size, PrintOptions())


def _panels(piece) -> tuple[list[float], list[float]]:
    """Panel widths along the body (from the vertical folds) and the rows' heights (from
    the horizontal folds over the back panel)."""
    xs = sorted({round(a[0], 3) for a, b in piece.folds if a[0] == b[0]})
    ys = sorted({round(a[1], 3) for a, b in piece.folds if a[1] == b[1]})
    return [b - a for a, b in zip(xs, xs[1:], strict=False)], ys


def _measured(piece) -> dict[str, float]:
    """Every panel and flap of a net, mm, from its folds and its cut outline alone."""
    outline = piece.cut[0]
    xs = sorted({round(a[0], 3) for a, b in piece.folds if a[0] == b[0]})
    assert len(xs) == 4
    x0, x5 = min(x for x, _ in outline), max(x for x, _ in outline)
    x1, x2, x3, x4 = xs
    ys = sorted({round(a[1], 3) for a, b in piece.folds
                 if a[1] == b[1] and x3 - 1e-6 <= a[0] and b[0] <= x4 + 1e-6})
    assert len(ys) == 4
    y0, y5 = min(y for _, y in outline), max(y for _, y in outline)
    y1, y2, y3, y4 = ys
    flap = [(x, y) for x, y in outline if x2 < x < x3 and y < y2]  # under the first side
    tip = min(y for _, y in flap)
    return {"glue": x1 - x0, "front": x2 - x1, "side": x3 - x2, "back": x4 - x3,
            "other side": x5 - x4, "strip": y1 - y0, "bottom": y2 - y1, "body": y3 - y2,
            "lid": y4 - y3, "tuck": y5 - y4, "dust flap": y2 - tip,
            "dust flap tip": max(x for x, y in flap if y == tip)
            - min(x for x, y in flap if y == tip)}


@pytest.mark.parametrize("thickness", [0.30, 0.35])
@pytest.mark.parametrize("count", [1, 5, 29, 60, 206])
def test_every_panel_holds_the_deck_and_every_flap_can_be_folded_and_glued(count,
                                                                           thickness):
    """A 1-11 card box had a 10 mm glue flap for a 1.8-4.8 mm side and dust flaps of
    0.35-1.25 mm; 60 cards of 0.35 mm stock did not fit their box."""
    card = card_size("poker")
    panels = _measured(tuck_box("Game", "Deck", card, count, None, "box", thickness))
    stack = count * thickness
    depth = panels["side"]
    assert (panels["front"], panels["back"]) == pytest.approx((card.width + 2,) * 2, abs=0.01)
    assert panels["body"] == pytest.approx(card.height + 2, abs=0.01)
    assert (panels["other side"], panels["lid"], panels["bottom"]) == \
        pytest.approx((depth,) * 3, abs=0.01)
    assert depth >= stack + 1.5  # the cards go in with room
    assert depth >= 8  # a box can be folded
    assert depth <= max(8, stack * 1.1 + 3)  # and does not rattle
    assert 5 <= panels["glue"] <= depth - 0.5  # glued inside the far side panel
    assert 4 <= panels["dust flap"] <= min(15, panels["front"] / 2)
    assert panels["dust flap tip"] >= max(3, 0.4 * depth)
    assert 6 <= panels["strip"] <= 12
    assert 10 <= panels["tuck"] <= panels["body"] / 2


def test_a_thick_deck_splits_into_boxes_that_each_hold_their_share():
    from pnp.render.model import Card, Deck, Face

    deck = Deck("cards", "Cards", "poker", tuple(Card(Face("blank-card")) for _ in range(206)),
                "cards")
    boxes = tuck_boxes("Game", [deck], _fits_a4, 0.35)
    assert len(boxes.pieces) > 1
    shares = [206 // len(boxes.pieces) + (i < 206 % len(boxes.pieces))
              for i in range(len(boxes.pieces))]
    for piece, share in zip(boxes.pieces, sorted(shares, reverse=True), strict=True):
        assert _measured(piece)["side"] >= share * 0.35 + 1.5
        assert _fits_a4(Size(piece.width, piece.height))


@pytest.mark.parametrize("game", ["majority", "majority2", "d20-stacks"])
def test_each_games_boxes_match_its_decks(game):
    decks, boxes = _boxes(game)
    pieces = iter(boxes.pieces)
    for deck in (d for d in decks if d.shape != "circle"):
        card = card_size(deck.size)
        count = len(deck.cards)
        n = boxes_needed(card, count, _fits_a4)
        for number in range(n):
            piece = next(pieces)
            held = min(math.ceil(count / n), count - number * math.ceil(count / n))
            panels = _measured(piece)
            assert panels["front"] == pytest.approx(card.width + 2, abs=0.01)
            assert panels["body"] == pytest.approx(card.height + 2, abs=0.01)
            assert panels["side"] >= held * CARD_THICKNESS + 1.5
            assert _fits_a4(Size(piece.width, piece.height))
    assert next(pieces, None) is None


def test_the_printed_box_is_as_deep_as_the_stock_says(cli, tmp_path):
    """--card-thickness 0.35: the printed net's side panels, measured between its dashed
    folds in the PDF, hold 54 D20 cards of 0.35 mm."""
    import pdfplumber

    result = cli("build", "d20-stacks", "-c", "tuck-box", "--card-thickness", "0.35",
                 "--out", tmp_path, "--no-gallery")
    assert result.exit_code == 0, result.stderr
    with pdfplumber.open(tmp_path / "d20-stacks" / "tuck-box.pdf") as doc:
        folds = sorted({round(line["x0"] * 25.4 / 72, 2) for line in doc.pages[0].lines
                        if line["x0"] == line["x1"] and (line.get("dash") or ([], 0))[0]})
    assert len(folds) == 4
    front, side, back = (b - a for a, b in zip(folds, folds[1:], strict=False))
    assert (front, back) == pytest.approx((63 + 2, 63 + 2), abs=0.02)
    assert side >= 54 * 0.35 + 1.5
    result = cli("build", "d20-stacks", "-c", "tuck-box", "--card-thickness", "nan",
                 "--out", tmp_path, "--no-gallery")
    assert result.exit_code == 2
    assert "--card-thickness must be 0.1-1.5 mm (one card), not nan" in result.stderr


def test_a_thick_deck_is_split_over_equal_boxes():
    decks, boxes = _boxes("majority")
    words = [p for p in boxes.pieces if "Word cards" in p.label]
    assert len(words) == boxes_needed(card_size("poker"), 206, _fits_a4) > 1
    assert all(p.label.endswith(f"/{len(words)}") for p in words)


def test_back_design_and_game_name_are_on_the_box():
    _, boxes = _boxes("majority2")
    members = boxes.pieces[0]
    assert members.faces[0].face.layout == "m2-back"
    assert any(t.text == "The Majority 2" for t in members.texts)
    assert sum(t.text == "GLUE" for t in members.texts) == 2
    assert len(members.areas) == 2  # both glue flaps shaded


def test_a_deck_whose_backs_differ_gets_no_back_design():
    """Double-sided word cards have no common back: the box shows no card, not one word."""
    _, boxes = _boxes("majority")
    words = [p for p in boxes.pieces if "Word cards" in p.label]
    assert words and all(p.faces == () for p in words)
    points = [p for p in boxes.pieces if "point" in p.label.lower()]
    assert points and all(p.faces[0].face.layout == "majority-back" for p in points)


def test_build_tuck_box_component_and_kit(cli, tmp_path):
    result = cli("build", "d20-stacks", "-c", "tuck-box", "-c", "kit", "--out", tmp_path,
                 "--no-gallery")
    assert result.exit_code == 0, result.stderr
    box = pypdf.PdfReader(str(tmp_path / "d20-stacks" / "tuck-box.pdf"))
    assert len(box.pages) == 1
    assert "D20 Stacks" in box.pages[0].extract_text()
    kit = " ".join(p.extract_text() for p in
                   pypdf.PdfReader(str(tmp_path / "d20-stacks" / "kit.pdf")).pages)
    assert "Tuck boxes" in kit and "GLUE" in kit
