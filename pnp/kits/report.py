"""`pnp build --report`: the size every text was fitted at, smallest first.

Shrinking long words to fit is what keeps cards from overflowing, but a word shrunk too
far is unreadable across a table. The report shows where that happens, before printing.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import FitError, Problem
from pnp.kits.build import game_printables
from pnp.kits.request import BuildRequest
from pnp.render.art import art_folder, art_names, unused_art
from pnp.render.decks import image_uses
from pnp.render.draw import FaceContext, fitted_texts
from pnp.render.fonts import font_set
from pnp.render.model import Deck

LEGIBILITY_FLOOR = 6.0
# Effective resolution of placed art: below GOOD_DPI `--report` and `validate` warn, below
# POOR_DPI every build does (it will print visibly soft).
GOOD_DPI = 300
POOR_DPI = 150


@dataclass(frozen=True)
class FitEntry:
    game: str
    card: str
    box: str
    text: str
    size: float
    max_size: float
    layout: str = ""

    @property
    def illegible(self) -> bool:
        return self.size < LEGIBILITY_FLOOR


def fit_report(request: BuildRequest) -> list[FitEntry]:
    """Every fitted text of every card deck in the request, most shrunk first (size
    against the layout's size, then absolute size, then longest text); texts that did not
    fit at all raise FitError, as in a build."""
    layouts = request.layouts
    fonts = font_set(request.font)
    entries: set[FitEntry] = set()
    problems = []
    for game_id, _, printables in game_printables(request, every=True):
        for deck in (p for p in printables if isinstance(p, Deck)):
            if request.components and deck.id not in request.components:
                continue
            for card in deck.cards:
                for face in (f for f in (card.front, card.back) if f is not None):
                    ctx = FaceContext(fonts, request.options.ink_saver, request.options.bleed,
                                      card.label, face.source or card.source)
                    try:
                        entries.update(
                            FitEntry(game_id, card.label, box.name, text, fitted.size, size,
                                     face.layout)
                            for box, text, fitted, size in
                            fitted_texts(layouts.get(face.layout), dict(face.fields), ctx))
                    except FitError as exc:
                        problems += exc.problems
    if problems:
        raise FitError(problems)
    return sorted(entries, key=lambda e: (e.size / e.max_size, e.size, -len(e.text), e.card,
                                          e.box))


def legibility_warnings(entries: list[FitEntry]) -> list[Problem]:
    """One warning per layout box with text below LEGIBILITY_FLOOR, however many cards
    share it ("m2-member box 'cost-unit': 73 cards: 'coins' is 5.5 pt ..."): the fix is
    one change to the box, so one line says it."""
    boxes: dict[tuple[str, str, str], list[FitEntry]] = {}
    for entry in entries:
        if entry.illegible:
            boxes.setdefault((entry.game, entry.layout, entry.box), []).append(entry)
    return [Problem("", _box_warning(layout, box, found))
            for (_, layout, box), found in boxes.items()]


def _box_warning(layout: str, box: str, found: list[FitEntry]) -> str:
    cards = list(dict.fromkeys(e.card for e in found))
    sizes = {}
    for entry in sorted(found, key=lambda e: (e.size, e.text)):
        sizes.setdefault(entry.text, entry.size)
    smallest, size = next(iter(sizes.items()))
    if len(sizes) == 1:
        said = f"{smallest!r} is {size:g} pt"
    else:
        largest = max(sizes.values())
        span = f"{size:g} pt" if largest == size else f"{size:g}–{largest:g} pt"
        said = f"{len(sizes)} texts at {span}, the smallest {smallest!r}"
    shown = ", ".join(cards[:3]) + (f" and {len(cards) - 3} more" if len(cards) > 3 else "")
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    return (f"{layout} box {box!r}: {count}: {said}, below the {LEGIBILITY_FLOOR:g} pt "
            f"legibility floor ({shown})")


@dataclass(frozen=True)
class ArtUse:
    """One image file at one printed size: its resolution there and the cards using it."""

    game: str
    path: str
    dpi: float
    cards: tuple[str, ...]


def art_report(request: BuildRequest,
               printables: list[tuple[str, list]]) -> tuple[list[ArtUse], list[Problem]]:
    """For the (game id, printables) being made: every placed image at its effective DPI,
    lowest first, and a warning for each `--art` file that none of them shows."""
    layouts = request.layouts
    fonts = font_set(request.font)
    options = request.print_options
    grouped: dict[tuple, list[str]] = {}
    names: dict[str, bool] = {}
    folder = art_folder(request.art_dir)
    for game_id, group in printables:
        if folder is not None:  # the names only say which art files no card shows
            for name, shown in art_names(group, layouts).items():
                names[name] = names.get(name, False) or shown
        decks = [p for p in group if isinstance(p, Deck)]
        for use in image_uses(decks, layouts, fonts, options):
            grouped.setdefault((game_id, str(use.path), round(use.dpi)), []).append(use.card)
    uses = [ArtUse(g, path, dpi, tuple(dict.fromkeys(cards)))
            for (g, path, dpi), cards in grouped.items()]
    uses.sort(key=lambda u: (u.dpi, u.path))
    return uses, unused_art(folder, names, {u.path for u in uses})


def dpi_warnings(uses: list[ArtUse], below: float) -> list[Problem]:
    """A warning per image printed below `below` DPI, naming the file and its cards."""
    return [Problem(u.path, f"{u.dpi:.0f} DPI as printed on {_cards(u.cards)}: below "
                    f"{below:.0f} DPI it prints soft; aim for {GOOD_DPI} DPI at print size")
            for u in uses if u.dpi < below]


def _cards(cards: tuple[str, ...]) -> str:
    more = f" (and {len(cards) - 1} more)" if len(cards) > 1 else ""
    return f"{cards[0]}{more}"
