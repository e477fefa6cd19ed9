"""What gets printed for Majority Rules!: 33 paper dice (cube nets, or stickers for blank
dice) and the two slotted screen dividers.

A die's pips are given per side of the finished cube, so opposite faces sum to 7 and
1-2-3 run counter-clockwise around their corner (the Western die) whatever net the
renderer unfolds it into. Each net's glue tabs carry the colour name: grey printouts
still say which set a die belongs to. Colour names and the dividers' words are the kit's
language's (`strings.<lang>.json`).
"""

from __future__ import annotations

from pnp.errors import DataError, Problem, UsageError
from pnp.games.majority_rules.content import DiceSet, Dividers, MajorityRulesContent
from pnp.render.geometry import MIN_MARGIN, Size, paper_size
from pnp.render.model import Card, Deck, Face, Piece, PieceSet, PieceText
from pnp.render.nets import die_piece
from pnp.render.sheets import SheetWords

DICE_MODES = ("nets", "stickers")
NET_FACE_MM = 18.0
STICKER = "14x14"
# Pips per side of the cube: opposite sides sum to 7; top, south, east (1, 2, 3) run
# counter-clockwise seen from outside their shared corner.
PIPS = {"top": 1, "south": 2, "east": 3, "west": 4, "north": 5, "bottom": 6}
SLIT_LABELS = {"top": "A", "bottom": "B"}
FOOT_MM = 30.0


def decks(content: MajorityRulesContent, dice: str = "nets", paper: str | None = None) -> list:
    """The dice (nets or stickers) and the dividers, in the order of `pnp games`; the
    dividers as the `paper` (default: A4 and Letter) can hold them."""
    if dice not in DICE_MODES:
        raise UsageError(f"--dice must be one of {', '.join(DICE_MODES)}, not {dice!r}")
    printed_dice = dice_nets(content) if dice == "nets" else dice_stickers(content)
    return [printed_dice, dividers(content, paper)]


def sheet_words(content: MajorityRulesContent) -> SheetWords:
    """The sheet labels' and scale bar's words in the strings file's language."""
    return content.strings.sheet_words()


def _luminance(rgb: str) -> float:
    r, g, b = (int(rgb[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def colour_marks(colours: list[str]) -> dict[str, str]:
    """Each colour's shortest leading letters that no other colour starts with (B, R, Y,
    GR, GO): printed small on every face, so blue and red dice, nearly the same grey,
    are still told apart on a grey printout."""
    marks = {}
    for colour in colours:
        others = [c.upper() for c in colours if c != colour]
        word = colour.upper()
        n = next((n for n in range(1, len(word) + 1)
                  if not any(o.startswith(word[:n]) for o in others)), len(word))
        marks[colour] = word[:n]
    return marks


def _face(dice_set: DiceSet, value: int, mark: str, layout: str) -> Face:
    """A die face: white pips on dark colours, near-black pips on light ones (yellow,
    gold); with the ink saver the face is white, so pips take the colour unless pale."""
    light = _luminance(dice_set.rgb) > 0.6
    pip = "#212121" if light else "#FFFFFF"
    return Face(layout, {"rgb": dice_set.rgb, "value": value, "mark": mark, "pip": pip,
                         "mark_colour": _blend(dice_set.rgb, pip, 0.65),
                         "pip_ink": "#212121" if light else dice_set.rgb})


def _blend(rgb: str, other: str, share: float) -> str:
    """`share` of `other` mixed into `rgb`: the colour mark reads as a tint, not a pip."""
    mixed = (round(int(rgb[i:i + 2], 16) * (1 - share) + int(other[i:i + 2], 16) * share)
             for i in (1, 3, 5))
    return "#" + "".join(f"{v:02X}" for v in mixed)


def _labelled_dice(content: MajorityRulesContent):
    """(set, its colour's printed name, colour mark, label) for every die, set by set."""
    names = content.strings.said["colours"]
    marks = colour_marks([names[d.colour] for d in content.dice])
    for dice_set in content.dice:
        name = names[dice_set.colour]
        for i in range(dice_set.count):
            yield dice_set, name, marks[name], f"{dice_set.colour} die {i + 1}"


def dice_nets(content: MajorityRulesContent) -> PieceSet:
    pieces = tuple(
        die_piece({side: _face(d, value, mark, "mr-die-net") for side, value in PIPS.items()},
                  NET_FACE_MM, tab_text=name.upper(), label=label)
        for d, name, mark, label in _labelled_dice(content)
    )
    return PieceSet("dice", content.strings.deck("dice-nets"), "dice", pieces)


def dice_stickers(content: MajorityRulesContent) -> Deck:
    """Six square stickers per die, in die order, for blank 16 mm dice."""
    cards = tuple(
        Card(_face(d, value, mark, "mr-die-sticker"), label=f"{label}, face {value}")
        for d, _, mark, label in _labelled_dice(content) for value in sorted(PIPS.values())
    )
    return Deck("dice", content.strings.deck("dice-stickers"), STICKER, cards, file="dice",
                boxed=False)


def _fits_every_paper(width: float, height: float, papers=("a4", "letter")) -> bool:
    """Whether a piece fits every one of `papers` (either way round) inside the printer
    margins."""
    size = Size(width, height)
    return all(
        any(s.width <= p.width - 2 * MIN_MARGIN and s.height <= p.height - 2 * MIN_MARGIN
            for s in (size, size.rotated()))
        for p in (paper_size(name) for name in papers)
    )


def dividers(content: MajorityRulesContent, paper: str | None = None) -> PieceSet:
    """The two slotted pieces, or, if one would not fit a sheet (of `paper`, else of A4
    and Letter), four fold-to-stand walls. On a paper too small for either, the slotted
    pieces: the build leaves them out, naming a paper that holds them."""
    spec, words = content.dividers, content.strings.said["dividers"]
    papers = (paper,) if paper else ("a4", "letter")
    slotted = tuple(slotted_divider(spec, side, words) for side in SLIT_LABELS)
    title = content.strings.deck("dividers")
    if _fits_every_paper(spec.length_mm, spec.height_mm, papers):
        return PieceSet("dividers", title, "dividers", slotted)
    wall = standing_wall(spec, words)
    if paper and not _fits_every_paper(wall.width, wall.height, papers):
        return PieceSet("dividers", title, "dividers", slotted)
    if not _fits_every_paper(wall.width, wall.height, papers):
        raise DataError(Problem("", f"dividers of {spec.length_mm:g} × {spec.height_mm:g} mm "
                                    "do not fit A4 or Letter, even as four fold-to-stand "
                                    "walls; make them lower"))
    return PieceSet("dividers", content.strings.deck("walls"), "dividers",
                    (wall,) * (2 * spec.count))


def slotted_divider(spec: Dividers, slit_from: str, words: dict) -> Piece:
    """A screen piece with a half-height slit at its middle, cut from the top (A) or
    the bottom (B): A slides down over B and the two stand as a plus sign. `words`: the
    strings file's `dividers`."""
    length, height, slit = spec.length_mm, spec.height_mm, spec.slit_mm
    left, right = (length - slit) / 2, (length + slit) / 2
    half = height / 2
    if slit_from == "top":
        outline = ((0, 0), (length, 0), (length, height), (right, height), (right, half),
                   (left, half), (left, height), (0, height))
        slot = ((left, half), (right, half), (right, height), (left, height))
    else:
        outline = ((0, 0), (left, 0), (left, half), (right, half), (right, 0), (length, 0),
                   (length, height), (0, height))
        slot = ((left, 0), (right, 0), (right, half), (left, half))
    label = SLIT_LABELS[slit_from]
    title = words["title"].format(label=label)
    texts = tuple(
        text for x in (0.0, length / 2 + slit / 2)
        for text in _divider_texts(x, length / 2 - slit / 2, height, title,
                                   words[f"slit_{slit_from}"])
    )
    return Piece(length, height, cut=(outline,), areas=((slot, "#616161"),), texts=texts,
                 label=f"divider {label}", source=spec.source)


def _divider_texts(x: float, width: float, height: float, title: str,
                   how: str) -> tuple[PieceText, ...]:
    """The same words on each half of a divider, kept clear of the slit and the edges."""
    pad = 12.0
    return (
        PieceText(x + pad, height * 0.6, width - 2 * pad, 14, title,
                  size=16, min_size=8, font="bold", colour="#9E9E9E"),
        PieceText(x + pad, height * 0.2, width - 2 * pad, height * 0.34, how, size=10,
                  min_size=6, colour="#757575", wrap=True),
    )


def standing_wall(spec: Dividers, words: dict) -> Piece:
    """Half a divider that stands on its own: a wall with a foot folded back along the
    dashed line; four of them, back to back at the centre, make the plus sign. `words`:
    the strings file's `dividers`."""
    width = spec.length_mm / 2
    foot = min(FOOT_MM, spec.height_mm / 3)
    height = spec.height_mm + foot
    outline = ((0, 0), (width, 0), (width, height), (0, height))
    texts = (
        PieceText(10, foot + spec.height_mm * 0.6, width - 20, 12, words["wall_title"],
                  size=14, min_size=8, font="bold", colour="#9E9E9E"),
        PieceText(10, foot + spec.height_mm * 0.2, width - 20, spec.height_mm * 0.35,
                  words["wall"], size=9, min_size=6, colour="#9E9E9E", wrap=True),
        PieceText(10, 2, width - 20, foot - 4, words["foot"], size=9, min_size=6,
                  colour="#BDBDBD"),
    )
    return Piece(width, height, cut=(outline,), folds=(((0, foot), (width, foot)),),
                 texts=texts, label="fold-to-stand wall", source=spec.source)
