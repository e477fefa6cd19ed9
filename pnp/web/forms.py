"""What each game's checker form offers, taken from the same places the checker reads:
the rule options from the record schema, the vote options from the rules module, the
Majority 2 cards and discs from the card data."""

from __future__ import annotations

from functools import cache

from pnp.check import rule_options
from pnp.games import Game
from pnp.games.gamedata import load_content
from pnp.games.majority.scoring import VOTE_OPTIONS


def form_config(game: Game) -> dict:
    config = {"game": game.id, "title": game.title, "players": list(game.players),
              "rules": {name: {k: spec[k] for k in ("type", "enum", "default", "description",
                                                    "minimum") if k in spec}
                        for name, spec in rule_options(game.id).items()}}
    if game.id == "majority":
        config["votes"] = list(VOTE_OPTIONS)
    if game.id == "majority2":
        config.update(majority2_cards())
    return config


@cache
def majority2_cards() -> dict:
    """Every card a Majority 2 score area can hold (base, promo, Ghost) and the discs."""
    content = load_content("majority2")
    cards = [{"id": card.id, "title": card.title + (" (promo)" if card.promo else ""),
              "colour": card.colour} for card in content.cards.values()]
    return {"cards": cards, "discs": list(content.discs)}


@cache
def log_config() -> dict:
    """The Majority 2 log page's setup: the promo cards that can be shuffled in."""
    content = load_content("majority2")
    return {"promos": [{"id": m.id, "title": m.title + (" (promo)" if m.promo else ""),
                        "quantity": m.quantity} for m in content.promos]}
