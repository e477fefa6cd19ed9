"""`pnp build --report`: the size every text was fitted at, smallest first.

Shrinking long words to fit is what keeps cards from overflowing, but a word shrunk too
far is unreadable across a table. The report shows where that happens, before printing.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.build import BuildRequest, game_printables
from pnp.errors import FitError
from pnp.render.draw import FaceContext, fitted_texts
from pnp.render.fonts import font_set
from pnp.render.layout import layout_set
from pnp.render.model import Deck

LEGIBILITY_FLOOR = 6.0


@dataclass(frozen=True)
class FitEntry:
    game: str
    card: str
    box: str
    text: str
    size: float
    max_size: float

    @property
    def illegible(self) -> bool:
        return self.size < LEGIBILITY_FLOOR


def fit_report(request: BuildRequest) -> list[FitEntry]:
    """Every fitted text of every card deck in the request, most shrunk first (size
    against the layout's size, then absolute size, then longest text); texts that did not
    fit at all raise FitError, as in a build."""
    layouts = layout_set(request.templates_dir)
    fonts = font_set(request.font)
    entries: set[FitEntry] = set()
    problems = []
    for game_id, _, printables in game_printables(request):
        for deck in (p for p in printables if isinstance(p, Deck)):
            if request.components and deck.id not in request.components:
                continue
            for card in deck.cards:
                for face in (f for f in (card.front, card.back) if f is not None):
                    ctx = FaceContext(fonts, request.options.ink_saver, request.options.bleed,
                                      card.label, face.source or card.source)
                    try:
                        entries.update(
                            FitEntry(game_id, card.label, box.name, text, fitted.size, size)
                            for box, text, fitted, size in
                            fitted_texts(layouts.get(face.layout), dict(face.fields), ctx))
                    except FitError as exc:
                        problems += exc.problems
    if problems:
        raise FitError(problems)
    return sorted(entries, key=lambda e: (e.size / e.max_size, e.size, -len(e.text), e.card,
                                          e.box))
