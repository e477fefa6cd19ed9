"""A promo file's own cards, for a designer: their problems, a preview of one, and a PDF of
them alone.

Everything goes through the build's own path — the game's data loaded with the file as
`--promos`, its decks made and given their art as `pnp build` does — and then keeps only
the cards written in that file, so a card looks, fits and fails exactly as it will in a
kit. The checks here are the fast part of `pnp validate` (the file against the schema and
the game, and every text and image of its cards against the card); `pnp validate` itself
also plans the whole game's build around the file.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pnp.errors import PnpError, Problem, UsageError
from pnp.games import get_game
from pnp.kits.export import export_decks
from pnp.kits.preview import SCREEN_DPI, face_png, single_card
from pnp.kits.request import BuildRequest
from pnp.render.decks import FileSummary, PrintOptions, check_print_options, preflight
from pnp.render.fonts import font_set
from pnp.render.images import ImageSettings
from pnp.render.layout import layout_set
from pnp.render.model import Deck
from pnp.render.printables import render_file

GAME = "majority2"
PROMO_DECKS = ("promo-members", "ghosts")
"""Where a promo file's cards print: replacements in one deck, Independents in the other."""


def promo_request(path: Path, art_dir: Path | None = None,
                  options: PrintOptions | None = None,
                  out_dir: Path = Path("output")) -> BuildRequest:
    """The build of The Majority 2 with `path` as its `--promos` file (and `--art`)."""
    return BuildRequest(games=(GAME,), components=PROMO_DECKS, promos=(path,),
                        art_dir=art_dir, options=options or PrintOptions(), out_dir=out_dir)


def promo_decks(path: Path, art_dir: Path | None = None) -> list[Deck]:
    """The promo decks holding only the cards written in `path` (every copy), with their
    art; DataError for a file the game cannot load."""
    request = promo_request(path, art_dir)
    decks = [deck for _, _, found in export_decks(request) for deck in found]
    own = str(path)
    kept = [replace(deck, cards=tuple(c for c in deck.cards
                                      if c.source is not None and c.source.file == own))
            for deck in decks]
    return [deck for deck in kept if deck.cards]


def promo_problems(path: Path, art_dir: Path | None = None) -> list[Problem]:
    """Everything that stops the file's cards from printing: the schema, the game's rules
    for promos (faction and colour, the card replaced, new ids), each text that cannot fit
    its card and each image that cannot be used."""
    try:
        decks = promo_decks(path, art_dir)
    except PnpError as exc:
        return exc.problems
    return preflight(decks, layout_set(None), font_set(None), PrintOptions())


def card_preview(path: Path, card_id: str, art_dir: Path | None = None,
                 dpi: int = SCREEN_DPI, art_cache: Path | None = None) -> bytes:
    """The front of card `card_id` of the file as a PNG; the file is assumed checked
    (`promo_problems` found nothing for this card). `art_cache`: where prepared images
    are kept between previews (as a build keeps them under its output folder)."""
    images = ImageSettings(cache_dir=art_cache)
    for deck in promo_decks(path, art_dir):
        for card in deck.cards:
            if card.art == card_id:
                return face_png(single_card(deck, card), get_game(GAME).title, dpi=dpi,
                                images=images)
    raise UsageError(Problem(str(path), f"no card {card_id!r} in this file"))


def write_promo_pdf(path: Path, out: Path, options: PrintOptions,
                    art_dir: Path | None = None) -> FileSummary:
    """A PDF of the file's cards alone (every copy, with the members' back), on sheets as
    `pnp build` prints them with `options`; FitError naming each text that cannot fit."""
    check_print_options(options)
    decks = promo_decks(path, art_dir)
    if not decks:
        raise UsageError(Problem(str(path), "the file has no cards to print"))
    request = promo_request(path, art_dir, options, out.parent)
    return render_file(out, decks, layout_set(None), font_set(None), request.print_options,
                       get_game(GAME).title)
