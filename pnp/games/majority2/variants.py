"""The Majority 2's decks for a balance run: the base deck, and one variant per promo card
of the given promo files, each replacing one copy of the base card it names (a Ghost is
added on top, replacing nothing).

Plain data: `pnp simulate` wraps each `DeckVariant` in its own plan, so every variant plays
the same game seeds as the base deck and a promo is judged against the base card it
replaces under common random numbers.

Same deck position: the deck is drawn as "the r-th card in kind order" (`state.pile`), so
where a card's kind sits in the config's member list is where it sits in the deck. A
promo's kind is placed right after the base card it replaces: the promo then takes the
deck position of the copy it replaces and every other card keeps its own, so a variant's
game with seed s deals exactly the base game's cards but that one, and the two games stay
alike until the promo makes a difference (the pairing the comparison relies on).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pnp.content.jsonfile import load_json
from pnp.errors import Problem, UsageError
from pnp.games.majority2 import engine
from pnp.games.majority2.content import Majority2Content


@dataclass(frozen=True)
class DeckVariant:
    """One deck to play: its name (`base` or the promo's id), the engine config, how many
    copies of each card id it holds, the cards played blank (no effects given), and for a
    promo the base card it replaces and the file it came from."""

    name: str
    config: Any
    copies: tuple[tuple[str, int], ...]
    blank: tuple[str, ...]
    promo: str | None = None
    replaces: str | None = None
    promo_file: str | None = None


SHIPPED = "shipped"  # the game's own promo cards (data/majority2/promos.json)


def deck_variants(content: Majority2Content, players: int, rules: Mapping[str, Any],
                  promo_sources: Sequence[Path | str]) -> tuple[DeckVariant, ...]:
    """The base deck first, then one variant per card of each promo source, in order: a
    promo file (loaded into `content` as a custom file), or `SHIPPED` for the game's own
    promo cards (always in `content`; their records need no promo file)."""
    base = _config(content, players, rules, {}, None)
    result = [_variant("base", base)]
    custom = {card_id for source in promo_sources if source != SHIPPED
              for card_id in _card_ids(source)}
    for source in promo_sources:
        if source == SHIPPED:
            cards = [(m.id, None) for m in content.promos if m.id not in custom]
        else:
            cards = [(card_id, str(Path(source).resolve())) for card_id in _card_ids(source)]
        for card_id, promo_file in cards:
            config = _config(content, players, rules, {card_id: 1}, source)
            promo = content.cards[card_id]
            result.append(_variant(card_id, config, promo=card_id, replaces=promo.replaces,
                                   promo_file=promo_file))
    return tuple(result)


def _config(content, players, rules, promos, path):
    try:
        config = engine.make_config(content, players=players, rules=rules, promos=promos)
    except ValueError as exc:
        where = str(path) if path else "--promos"
        raise UsageError(Problem(where, str(exc))) from None
    return in_deck_position(config)


def in_deck_position(config):
    """The same setup with each promo's kind moved to just after the base card it replaces
    (added cards, the Ghosts, stay last): the promo then sits in the deck position of the
    copy it replaces (see the module docstring)."""
    members = list(config.members)
    order = [i for i, m in enumerate(members) if not m.promo]
    for i, member in enumerate(members):
        if member.promo and member.replaces is not None:
            order.insert(order.index(config.index[member.replaces]) + 1, i)
    order += [i for i, m in enumerate(members) if m.promo and m.replaces is None]
    if order == list(range(len(members))):
        return config
    return replace(config, members=tuple(members[i] for i in order),
                   deck=tuple(config.deck[i] for i in order))


def _variant(name: str, config, **fields) -> DeckVariant:
    copies = tuple((m.id, n) for m, n in zip(config.members, config.deck, strict=True) if n)
    return DeckVariant(name, config, copies, tuple(engine.blank_cards(config)), **fields)


def _card_ids(path: Path) -> list[str]:
    """The ids of the cards in a promo file (already validated by loading the content)."""
    return [card["id"] for card in load_json(Path(path)).value["cards"]]


def scored_copies(st, card_id: str, won: Sequence[int]) -> tuple[int, int]:
    """(copies of `card_id` in the sole winner's score area, copies in any score area) at
    the end of a game (`won`: the winning seats): the per-copy counts behind "how often
    the card's scorer won"."""
    kind = st.cfg.index.get(card_id)
    if kind is None:
        return (0, 0)
    counts = [sum(1 for k, _ in area if k == kind) for area in st.areas]
    winner = counts[won[0]] if len(won) == 1 else 0
    return (winner, sum(counts))


# --- restricted play: a seat barred from a card --------------------------------------------

MARK = "~marked"  # the id suffix of a base card's marked copy


def marked_copy(config, card_id: str):
    """The same deck with one copy of base card `card_id` given an id of its own
    (`card_id~marked`), in the kind right after it: the deck position a promo replacing it
    takes (`in_deck_position`). The rules never look at ids, so the deck plays as before;
    but that one copy can now be barred alone, so the value of *one copy* of a base card
    can be measured beside a promo's value, each game alike until the two cards differ."""
    kind = config.index[card_id]
    members, deck = list(config.members), list(config.deck)
    members.insert(kind + 1, replace(members[kind], id=card_id + MARK))
    deck[kind] -= 1
    deck.insert(kind + 1, 1)
    return replace(config, members=tuple(members), deck=tuple(deck))


def barring(config, card_id: str) -> tuple:
    """Two setups: seat 0 barred from `card_id`, and seat 1 barred from it."""
    return tuple(replace(config, barred=tuple((card_id,) if s == seat else () for s in (0, 1)))
                 for seat in (0, 1))


# --- tuning: one field of a promo card tried at several values -----------------------------

# field -> (the vp rules it applies to (None: any card), lowest, highest) as the card schema
# allows them; quantity's highest is also the copies of the base card it replaces
TUNABLE = {"cost": (None, 0, 20), "vp.points": (("fixed",), 0, 20),
           "vp.base": (("secretary-combo", "distinct-colours"), 0, 20),
           "vp.per_match": (("secretary-combo",), 0, 10),
           "vp.per_colour": (("distinct-colours",), 0, 10), "quantity": (None, 1, 12)}


def tune_problem(content: Majority2Content, card_id: str, field: str,
                 values: Sequence[int]) -> str | None:
    """Why `card_id`'s `field` cannot take `values` (None: it can)."""
    card = content.cards.get(card_id)
    if card is None or not card.promo:
        return f"{card_id!r} is not a card of --promos"
    if card.replaces is None:
        return f"{card_id} is added to the deck, not compared with a base card"
    rules, low, high = TUNABLE[field]
    if rules is not None and card.vp.rule not in rules:
        return f"{card_id} scores by the {card.vp.rule!r} rule, which has no {field}"
    if field == "quantity":
        high = min(high, content.cards[card.replaces].quantity)
    bad = [v for v in values if not low <= v <= high]
    if bad:
        return f"{field} runs from {low} to {high} for {card_id}, not {bad[0]}"
    return None


def tuned_variants(content: Majority2Content, players: int, rules: Mapping[str, Any],
                   card_id: str, field: str, values: Sequence[int],
                   promo_file: str | None) -> tuple[DeckVariant, ...]:
    """One variant per value of `field` (named `CARD field=value`), each the promo card
    so changed in its own deck, in the deck position of the copy it replaces."""
    card = content.cards[card_id]
    found = []
    for value in values:
        changed = _with(card, field, value)
        tried = replace(content, promos=tuple(changed if m.id == card_id else m
                                              for m in content.promos))
        copies = changed.quantity if field == "quantity" else 1
        config = _config(tried, players, rules, {card_id: copies}, promo_file)
        found.append(_variant(f"{card_id} {field}={value}", config, promo=card_id,
                              replaces=card.replaces, promo_file=promo_file))
    return tuple(found)


def _with(card, field: str, value: int):
    """The card with one field set (`vp.points` is a fixed card's base)."""
    if field in ("cost", "quantity"):
        return replace(card, **{field: value})
    if field in ("vp.points", "vp.base"):
        return replace(card, vp=replace(card.vp, base=value))
    return replace(card, vp=replace(card.vp, bonus=value))
