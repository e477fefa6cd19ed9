"""Tuck boxes: panels sized from the card and the deck's thickness (0.30 mm a card plus
slack), one net per deck (several for a thick one), built with `-c tuck-box` and in
kit.pdf, with the game's name and the deck's back design on them."""

from __future__ import annotations

import math

import pypdf
import pytest

from pnp.kits.build import game_printables
from pnp.kits.request import BuildRequest
from pnp.render.geometry import Size, card_size
from pnp.render.model import Deck, PieceSet
from pnp.render.tuckbox import CARD_THICKNESS, DEPTH_SLACK, SIDE_SLACK, boxes_needed


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


@pytest.mark.parametrize("game", ["majority", "majority2", "d20-stacks"])
def test_panels_match_the_card_and_the_deck_thickness(game):
    decks, boxes = _boxes(game)
    pieces = iter(boxes.pieces)
    for deck in (d for d in decks if d.shape != "circle"):
        card = card_size(deck.size)
        count = len(deck.cards)
        n = boxes_needed(card, count, _fits_a4)
        for number in range(n):
            piece = next(pieces)
            held = min(math.ceil(count / n), count - number * math.ceil(count / n))
            depth = held * CARD_THICKNESS + DEPTH_SLACK
            widths, ys = _panels(piece)
            # front | side | back between the four vertical folds
            assert widths == pytest.approx([card.width + 2 * SIDE_SLACK, depth,
                                            card.width + 2 * SIDE_SLACK], abs=0.01)
            assert depth >= held * CARD_THICKNESS + 1  # room for the cards, with slack
            body = [b - a for a, b in zip(ys, ys[1:], strict=False)]
            assert card.height + 2 * SIDE_SLACK in [pytest.approx(v, abs=0.01) for v in body]
            assert depth in [pytest.approx(v, abs=0.01) for v in body]  # lid and bottom
            assert piece.width <= 287 and piece.height <= 287
    assert next(pieces, None) is None


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
