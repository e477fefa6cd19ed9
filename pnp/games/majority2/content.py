"""The Majority 2's cards and tokens as typed values, cross-checked between files.

The printer and the checker both read these: a card's VP rule, quantity and colour live
in one place (the data), so a printed card and the checker's arithmetic cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePath

from pnp.content.jsonfile import JsonDoc
from pnp.errors import DataError, Location, Problem
from pnp.games.base import Component
from pnp.games.majority2.strings import Strings, unsaid

RANKS = ("secretary", "junior", "senior", "veteran", "aristocrat")
INDEPENDENT = "independent"


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    colour: str | None
    symbol: str
    motto: str = ""


@dataclass(frozen=True)
class VpRule:
    """How a card scores: `fixed` (base), `secretary-combo` (base + bonus per other
    Secretary of this card's printed colour) or `distinct-colours` (base + bonus per colour)."""

    rule: str
    base: int
    bonus: int = 0

    @classmethod
    def from_data(cls, data: dict) -> VpRule:
        if data["rule"] == "fixed":
            return cls("fixed", data["points"])
        bonus = data.get("per_match", data.get("per_colour", 0))
        return cls(data["rule"], data["base"], bonus)


@dataclass(frozen=True)
class Effect:
    """One step of a card's ability as the rules engine executes it (`majority2-cards`
    schema, `$defs/effect`): the primitive's name and its parameters."""

    do: str
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def from_data(cls, data: dict) -> Effect:
        return cls(data["do"], tuple(sorted((k, v) for k, v in data.items()
                                            if k != "do" and not k.startswith("_"))))

    def get(self, key: str, default: object = None) -> object:
        for name, value in self.params:  # a few pairs: a scan beats building a dict
            if name == key:
                return value
        return default


@dataclass(frozen=True)
class Member:
    id: str
    faction: str
    colour: str | None
    rank: str
    title: str
    cost: int
    requires_formed: int
    quantity: int
    vp: VpRule
    abilities: tuple[str, ...]
    free_play: bool
    promo: bool
    note: str = ""
    # What the engine executes; None when the data gives no effects (played as blank).
    effects: tuple[Effect, ...] | None = None
    # An illustration file named by the card data (absolute, resolved from its file).
    art: str = field(default="", compare=False)
    # Where the card was written, so a text too long to print points at the user's file.
    source: Location | None = field(default=None, compare=False)
    # The data gave the card its own title (else it is made of its faction and rank, and
    # a printed card makes it in the kit's language).
    titled: bool = field(default=False, compare=False)

    @property
    def replaces(self) -> str | None:
        """The base card id a promo member stands in for (one for one), if any."""
        if not self.promo or self.faction == INDEPENDENT:
            return None
        return f"{self.faction}-{self.rank}"


@dataclass(frozen=True)
class Majority2Content:
    colours: dict[str, str]
    factions: dict[str, Faction]
    members: tuple[Member, ...]
    promos: tuple[Member, ...]
    discs: tuple[str, ...]
    coins: int
    coin_labels: tuple[str, str]
    start_marker: str
    # Where each printed token text is in tokens.json ("up_label", "down_label",
    # "start_marker"), so a text that cannot fit its token names the data file first.
    token_sources: dict[str, Location] = field(default_factory=dict, compare=False)
    # The printed words in the kit's language (strings.<lang>.json).
    strings: Strings | None = field(default=None, compare=False)
    cards: dict[str, Member] = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "cards", {c.id: c for c in self.members + self.promos})


def make_content(sources: dict) -> Majority2Content:
    """Typed content from factions, members, promos (plus custom promos) and tokens;
    DataError listing every inconsistency between the files."""
    problems: list[Problem] = []
    factions_doc = sources["factions"]
    colours = dict(factions_doc.value["colours"])
    factions = _factions(factions_doc, colours, problems)
    members = _members(sources["members"], factions, problems, expect_set="base")
    promo_files = [(doc, _members(doc, factions, problems, "promo"))
                   for doc in (sources["promos"], *sources.get("custom_promos", []))]
    promos = [card for _, cards in promo_files for card in cards]
    _check_unique_ids([(sources["members"], members), *promo_files], problems)
    _check_replacements(members, promo_files, problems)
    tokens = sources["tokens"]
    problems += [
        tokens.problem(f"$.discs[{i}]", f"unknown colour {c!r}; colours: {', '.join(colours)}")
        for i, c in enumerate(tokens.value["discs"]) if c not in colours
    ]
    cards = {m.id: m for m in members + promos}
    problems += unsaid(sources["strings"], factions_doc, cards,
                       tuple(dict.fromkeys(m.rank for m in cards.values())),
                       {m.id: len(m.abilities) for m in cards.values()})
    if problems:
        raise DataError(problems)
    coins = tokens.value["coins"]
    return Majority2Content(
        colours, factions, tuple(members), tuple(promos), tuple(tokens.value["discs"]),
        coins["count"], (coins["up_label"], coins["down_label"]),
        tokens.value["start_marker"]["label"],
        {"up_label": tokens.location("$.coins.up_label"),
         "down_label": tokens.location("$.coins.down_label"),
         "start_marker": tokens.location("$.start_marker.label")},
        Strings(sources["strings"]),
    )


def _factions(doc: JsonDoc, colours: dict, problems: list) -> dict[str, Faction]:
    factions = {}
    for i, f in enumerate(doc.value["factions"]):
        if f["colour"] is not None and f["colour"] not in colours:
            problems.append(doc.problem(f"$.factions[{i}].colour",
                                        f"unknown colour {f['colour']!r}"))
        if f["id"] in factions:
            problems.append(doc.problem(f"$.factions[{i}].id", f"faction {f['id']!r} twice"))
        factions[f["id"]] = Faction(**f)
    return factions


def _members(doc: JsonDoc, factions: dict, problems: list, expect_set: str) -> list[Member]:
    if doc.value["set"] != expect_set:
        problems.append(doc.problem("$.set", f"expected a {expect_set!r} card file"))
    members = []
    for i, card in enumerate(doc.value["cards"]):
        where = f"$.cards[{i}]"
        faction = factions.get(card["faction"])
        if faction is None:
            problems.append(doc.problem(f"{where}.faction",
                                        f"unknown faction {card['faction']!r}; "
                                        f"factions: {', '.join(factions)}"))
        elif card["colour"] != faction.colour:
            problems.append(doc.problem(f"{where}.colour",
                                        f"{faction.name} are {faction.colour}, "
                                        f"not {card['colour']}"))
        if (card["rank"] == "ghost") != (card["faction"] == INDEPENDENT):
            problems.append(doc.problem(f"{where}.rank",
                                        "only independent cards have the rank 'ghost'"))
        if expect_set == "base" and card["id"] != f"{card['faction']}-{card['rank']}":
            problems.append(doc.problem(f"{where}.id", f"a base card's id is <faction>-<rank>: "
                                                     f"{card['faction']}-{card['rank']}"))
        source = doc.location(where)
        art = str(PurePath(doc.file).parent / card["art"]) if card.get("art") else ""
        members.append(_member(card, faction, expect_set == "promo", source, art))
    return members


def _member(card: dict, faction: Faction | None, promo: bool,
            source: Location | None = None, art: str = "") -> Member:
    name = faction.name if faction else card["faction"].title()
    title = card.get("title") or f"{name} {card['rank'].title()}"
    return Member(
        id=card["id"], faction=card["faction"], colour=card["colour"], rank=card["rank"],
        title=title, cost=card["cost"], requires_formed=card["requires_formed"],
        quantity=card["quantity"], vp=VpRule.from_data(card["vp"]),
        abilities=tuple(card["abilities"]), free_play=card["free_play"], promo=promo,
        note=card.get("note", ""), source=source, art=art, titled=bool(card.get("title")),
        effects=(tuple(Effect.from_data(e) for e in card["effects"])
                 if "effects" in card else None),
    )


def plays_blank(member: Member) -> bool:
    """Ability text printed but no `effects` data: the engine (simulations, game logs)
    plays the card as if its ability were blank."""
    return member.effects is None and bool(member.abilities)


def blank_card_warnings(content: Majority2Content, file: str) -> list[Problem]:
    """One warning per card of `file` that the engine plays as blank, at the card."""
    return [m.source.problem(f"{m.id} has ability text but no \"effects\": pnp simulate and "
                             "pnp check of a game log play it as blank (the primitives: "
                             "pnp schema majority2-cards)")
            for m in (*content.members, *content.promos)
            if m.source is not None and m.source.file == file and plays_blank(m)]


def _check_unique_ids(files: list[tuple[JsonDoc, list[Member]]], problems: list) -> None:
    """An id names one card across the base deck, the promos and the user's promos."""
    seen: set[str] = set()
    for doc, cards in files:
        for i, card in enumerate(cards):
            if card.id in seen:
                problems.append(doc.problem(f"$.cards[{i}].id",
                                            f"id {card.id!r} is already used"))
            seen.add(card.id)


def _check_replacements(members: list[Member], promo_files: list[tuple[JsonDoc, list[Member]]],
                        problems: list) -> None:
    """A promo member stands in for a base card of its faction and rank, one for one, so it
    can never have more copies than that card."""
    base = {m.id: m for m in members}
    for doc, cards in promo_files:
        for i, card in enumerate(cards):
            if card.replaces is None:
                continue
            target = base.get(card.replaces)
            if target is None:
                problems.append(doc.problem(f"$.cards[{i}]", "a promo replaces a base card of "
                                            f"the same faction and rank; there is no "
                                            f"{card.replaces}"))
            elif card.quantity > target.quantity:
                problems.append(doc.problem(f"$.cards[{i}].quantity",
                                            f"{card.quantity} copies cannot replace the "
                                            f"{target.quantity} copies of {target.id}"))


def components(content: Majority2Content) -> list[Component]:
    promo_members = [m for m in content.promos if m.faction != INDEPENDENT]
    ghosts = [m for m in content.promos if m.faction == INDEPENDENT]
    return [
        Component("members", sum(m.quantity for m in content.members), "Member cards"),
        Component("promo-members", sum(m.quantity for m in promo_members),
                  "Promo member cards"),
        Component("ghosts", sum(m.quantity for m in ghosts), "Independent Ghosts"),
        Component("colour-discs", len(content.discs), "Colour discs"),
        Component("coins", content.coins, "Coins"),
        Component("start-marker", 1, "Start-player marker"),
    ]
