"""A tuck box for a deck of cards, as one flat piece to cut, fold and glue.

The box is sized from the card and the number of cards: inside, each card has
`SIDE_SLACK` mm on every side, and the box is as deep as the stack (the cards' thickness,
0.30 mm unless told, with `LOFT` for cards that do not lie perfectly flat) plus
`DEPTH_SLACK` mm, and never less than `MIN_DEPTH`: below that its glue flap and dust flaps
would be too narrow to fold and glue. Left to right the net is: a glue flap, the front, a
side, the back, the other side; above the back the lid and its tuck flap, below it the
bottom and its glue strip; dust flaps above and below both sides. Every flap is
proportioned to the depth: the glue flap glues inside the far side panel, so it is
`GLUE_GAP` narrower than the side (10 mm at most); dust flaps are nine tenths of the depth
(4-15 mm) and a glue strip as tall as the depth (6-12 mm). Solid lines are cut, dashed
lines folded, grey areas glued. The back panel carries the deck's back design, the front
the game's name and the deck's, each side the game's name.

A deck too thick for one box on the paper is split over several equal boxes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from pnp.render.geometry import Size, card_size
from pnp.render.model import Deck, Face, Piece, PieceFace, PieceSet, PieceText
from pnp.render.sheets import SheetWords, sheet_words

CARD_THICKNESS = 0.30
THICKNESS_RANGE = (0.1, 1.5)
SIDE_SLACK = 1.0
DEPTH_SLACK = 2.0
LOFT = 1.05
MIN_DEPTH = 8.0
GLUE_FLAP = 10.0
GLUE_GAP = 1.0
TUCK_FLAP = 15.0
RELIEF = 1.0
GLUE_FILL = "#D9D9D9"
MAX_BOXES = 12
TUCK_BOX = "tuck-box"


@dataclass(frozen=True)
class BoxSize:
    """Inside measures of a box, mm: card width and height with slack, deck depth."""

    width: float
    height: float
    depth: float

    @classmethod
    def for_deck(cls, card: Size, count: int, thickness: float = CARD_THICKNESS) -> BoxSize:
        depth = max(MIN_DEPTH, count * thickness * LOFT + DEPTH_SLACK)
        return cls(card.width + 2 * SIDE_SLACK, card.height + 2 * SIDE_SLACK,
                   round(depth, 2))


@dataclass(frozen=True)
class Net:
    """The panel edges of a net, mm from its bottom-left: column x's and row y's."""

    xs: tuple[float, ...]   # glue | front | side | back | side, six edges
    ys: tuple[float, ...]   # glue strip, bottom, body, lid, tuck flap: six edges
    flap: float             # dust flap height
    taper: float

    @property
    def size(self) -> Size:
        return Size(self.xs[-1], self.ys[-1])


def net_for(box: BoxSize) -> Net:
    w, h, d = box.width, box.height, box.depth
    strip = min(12.0, max(6.0, d))
    g = min(GLUE_FLAP, d - GLUE_GAP)  # glued inside the far side panel, d wide
    xs = (0.0, g, g + w, g + w + d, g + 2 * w + d, g + 2 * w + 2 * d)
    ys = (0.0, strip, strip + d, strip + d + h, strip + 2 * d + h, strip + 2 * d + h + TUCK_FLAP)
    return Net(xs, ys, min(15.0, max(4.0, 0.9 * d)), min(3.0, d / 4))


def outline(net: Net) -> tuple[tuple[float, float], ...]:
    """The cut line, counter-clockwise from the glue flap's bottom corner."""
    x0, x1, x2, x3, x4, x5 = net.xs
    y0, y1, y2, y3, y4, y5 = net.ys
    f, e, r = net.flap, net.taper, RELIEF
    tuck = min(8.0, TUCK_FLAP / 2)
    return (
        (x0, y2 + e), (x1, y2), (x2, y2),
        (x2 + e, y2 - f), (x3 - r, y2 - f), (x3 - r, y2), (x3, y2),
        (x3, y1), (x3 + e, y0), (x4 - e, y0), (x4, y1),
        (x4, y2), (x4 + r, y2), (x4 + r, y2 - f), (x5 - e, y2 - f), (x5, y2),
        (x5, y3), (x5 - e, y3 + f), (x4 + r, y3 + f), (x4 + r, y3), (x4, y3),
        (x4, y4), (x4 - tuck, y5), (x3 + tuck, y5), (x3, y4),
        (x3, y3), (x3 - r, y3), (x3 - r, y3 + f), (x2 + e, y3 + f), (x2, y3),
        (x1, y3), (x0, y3 - e),
    )


def folds(net: Net) -> tuple[tuple[tuple[float, float], tuple[float, float]], ...]:
    """Every fold: the four vertical panel edges and the hinges of lid, tuck flap,
    bottom, glue strip and dust flaps."""
    x0, x1, x2, x3, x4, x5 = net.xs
    y0, y1, y2, y3, y4, y5 = net.ys
    vertical = tuple(((x, y2), (x, y3)) for x in (x1, x2, x3, x4))
    horizontal = tuple(((a, y), (b, y)) for y in (y2, y3)
                       for a, b in ((x2, x3 - RELIEF), (x3, x4), (x4 + RELIEF, x5)))
    return vertical + horizontal + (((x3, y1), (x4, y1)), ((x3, y4), (x4, y4)))


def glue_areas(net: Net) -> tuple[tuple[tuple[float, float], ...], ...]:
    x0, x1, x2, x3, x4, x5 = net.xs
    y0, y1, y2, y3, y4, y5 = net.ys
    e = net.taper
    return (((x0, y2 + e), (x1, y2), (x1, y3), (x0, y3 - e)),
            ((x3, y1), (x3 + e, y0), (x4 - e, y0), (x4, y1)))


def tuck_box(game: str | SheetWords, deck: str, card: Size, count: int, back: Face | None,
             label: str, thickness: float = CARD_THICKNESS) -> Piece:
    """The net of a box for `count` cards of `card` size, each `thickness` mm, its words
    in `game`'s language (a bare title: English)."""
    words = sheet_words(game)
    game = words.title
    box = BoxSize.for_deck(card, count, thickness)
    net = net_for(box)
    x0, x1, x2, x3, x4, x5 = net.xs
    y0, y1, y2, y3, y4, y5 = net.ys
    faces = ()
    if back is not None:
        faces = (PieceFace(x3 + SIDE_SLACK, y2 + SIDE_SLACK, card.width, card.height, back),)
    pad = 4.0
    texts = [
        PieceText(x1 + pad, y2 + box.height * 0.55, box.width - 2 * pad, 16, game, size=16,
                  min_size=7, font="bold"),
        PieceText(x1 + pad, y2 + box.height * 0.35, box.width - 2 * pad, 12, deck, size=12,
                  min_size=6),
        PieceText(x1 + pad, y2 + box.height * 0.22, box.width - 2 * pad, 8,
                  words.box_cards.format(count=count), size=9, min_size=6, colour="#616161"),
        PieceText(x3 + pad, y3 + 1, box.width - 2 * pad, max(3.0, box.depth - 2), deck,
                  size=min(10.0, max(3.0, box.depth - 2) * 2.2), min_size=3),
    ]
    if box.depth >= 6:
        for left in (x2, x4):
            texts.append(PieceText(left + 1, y2 + pad, box.depth - 2, box.height - 2 * pad,
                                   game, size=min(12.0, (box.depth - 2) * 2), min_size=4,
                                   font="bold", rotate=90))
    texts += [PieceText(x0 + 1, y2 + 20, x1 - x0 - 2, 30, words.glue, size=7, min_size=4,
                        colour="#616161", rotate=90),
              PieceText(x3 + pad, y0 + 0.5, box.width - 2 * pad, max(3.0, y1 - y0 - 1),
                        words.glue, size=7, min_size=3, colour="#616161")]
    return Piece(net.size.width, net.size.height, cut=(outline(net),), folds=folds(net),
                 faces=faces, texts=tuple(texts),
                 areas=tuple((area, GLUE_FILL) for area in glue_areas(net)), label=label)


def _back_design(deck: Deck) -> Face | None:
    """The back every card of the deck shows, printed on the box's back panel; none when
    the backs differ (double-sided word cards: one card's word would label the box)."""
    if deck.back is not None:
        return deck.back
    first = deck.cards[0].back
    return first if first is not None and all(c.back == first for c in deck.cards) else None


def boxes_needed(card: Size, count: int, fits: Callable[[Size], bool],
                 thickness: float = CARD_THICKNESS) -> int:
    """How many equal boxes the deck needs so each net `fits` the sheet."""
    for boxes in range(1, MAX_BOXES + 1):
        if fits(net_for(BoxSize.for_deck(card, math.ceil(count / boxes), thickness)).size):
            return boxes
    return MAX_BOXES


def tuck_boxes(game: str | SheetWords, decks: list, fits: Callable[[Size], bool],
               thickness: float = CARD_THICKNESS) -> PieceSet | None:
    """A box (or several, for a thick deck: as many as it takes for each net to `fit` the
    sheet) per card deck of a game; round tokens and decks not `boxed` (stickers) get
    none. None when the game has no card deck. `game`: its title, or its words in the
    kit's language."""
    pieces = []
    for deck in decks:
        if not isinstance(deck, Deck) or not deck.boxed or deck.shape == "circle" \
                or not deck.cards:
            continue
        card = card_size(deck.size)
        count = len(deck.cards)
        boxes = boxes_needed(card, count, fits, thickness)
        design = _back_design(deck)
        per_box = math.ceil(count / boxes)
        for number in range(boxes):
            held = min(per_box, count - number * per_box)
            name = deck.title if boxes == 1 else f"{deck.title} {number + 1}/{boxes}"
            pieces.append(tuck_box(game, name, card, held, design, f"tuck box: {name}",
                                   thickness))
    if not pieces:
        return None
    return PieceSet(TUCK_BOX, sheet_words(game).tuck_boxes, TUCK_BOX, tuple(pieces))
