"""What gets printed for The Majority 2: member cards, promos and Ghosts, round tokens and
a player aid, as decks of layout faces.

Every value on a card comes from the data (cost, requirement, VP rule, Free Play flag), so
a user's own promo file prints with the same guarantees as the shipped cards. Promos and
Ghosts share the members' back, so they shuffle in unseen; their fronts say PROMO or
ADDITIONAL so they can be sorted out again. Every word around those values is in the
kit's language (`strings.<lang>.json`, see strings.py).
"""

from __future__ import annotations

import math

from pnp.games.majority2.content import INDEPENDENT, RANKS, Majority2Content, Member
from pnp.games.majority2.strings import Strings
from pnp.render.model import Card, Deck, Face
from pnp.render.sheets import SheetWords

CARD = "poker"
AID = "tarot"
DISC = "20x20"
COIN = "24x24"
MARKER = "40x40"
NO_COLOUR_RGB = "#616161"


def decks(content: Majority2Content) -> list[Deck]:
    """Every printed deck, in the order of `pnp games`, then the player aid."""
    promos = [m for m in content.promos if m.faction != INDEPENDENT]
    ghosts = [m for m in content.promos if m.faction == INDEPENDENT]
    return [
        _member_deck("members", content.members, content, "members"),
        _member_deck("promo-members", promos, content, "promo-members"),
        _member_deck("ghosts", ghosts, content, "promo-members"),
        _disc_deck(content),
        _coin_deck(content),
        _marker_deck(content),
        _aid_deck(content),
    ]


def sheet_words(content: Majority2Content) -> SheetWords:
    """The sheet labels' and scale bar's words in the strings file's language."""
    return content.strings.sheet_words()


def _member_deck(deck_id: str, members, content: Majority2Content, file: str) -> Deck:
    cards = tuple(
        Card(member_face(m, content), label=f"{m.title} ({m.id}) copy {i + 1}",
             source=m.source, art=m.id, name=title(m, content.strings),
             text=member_text(m, content))
        for m in members for i in range(m.quantity)
    )
    # Promos and Ghosts shuffle into the members unseen: one back, one back art.
    said = content.strings.said
    back = Face("m2-back", {"label": said["member_card"]["back"]})
    return Deck(deck_id, said["decks"][deck_id], CARD, cards, file=file, back=back,
                back_art="members-back")


# The kit's own words on a card, the same on every card in the kit's language: shared
# fields (render.model), drawn once per PDF like fixed text.
_MEMBER_WORDS = frozenset({"cost_unit", "no_ability", "not_free_play_text"})
_AID_FRONT_WORDS = frozenset({"title", "subtitle", "costs_title", "formed_note"})
_AID_BACK_WORDS = frozenset({"draw_title", "formed_head", "draws_head", "forming_title",
                             "faction_cards_head", "coins_head", "ending_title"})


def member_face(member: Member, content: Majority2Content) -> Face:
    """The front of a member card: every rule the card carries, spelt out."""
    strings = content.strings
    words = strings.said["member_card"]
    faction = content.factions[member.faction]
    mark = set_mark(member, strings)
    rule = vp_rule(member, strings)
    abilities = _abilities(member, strings)
    art = {"art": member.art} if member.art else {}
    return Face("m2-member", {
        **art,
        "rgb": colour_rgb(member.colour, content),
        "symbol": faction.symbol,
        "faction": strings.faction(member.faction)["name"].upper(),
        "colour_label": (strings.colour(member.colour)["faction"] if member.colour
                         else words["no_colour"]),
        "title": title(member, strings),
        "rank": strings.rank(member.rank).upper(),
        "cost": member.cost,
        "cost_unit": words["cost_unit"],
        "requirement": requirement(member, strings),
        "has_requirement": member.requires_formed > 0,
        "ability": ability_text(abilities),
        "has_ability": bool(abilities),
        "no_ability": words["no_ability"],
        "not_free_play": not member.free_play,
        "not_free_play_text": words["not_free_play"],
        "stars": member.vp.base,
        "vp": words["vp"].format(n=member.vp.base),
        "vp_rule": rule,
        # The VP rule takes the ability's place when there is no ability, else the foot.
        "rule_in_body": bool(rule) and not abilities,
        "rule_in_foot": bool(rule) and bool(abilities),
        "plain": not rule and not abilities,
        "set_mark": mark,
        "has_set_mark": bool(mark),
    }, source=_source(member, strings), shared=_MEMBER_WORDS)


def _source(member: Member, strings: Strings):
    """Where a text too long for the card was written: the strings file when it gives
    the card's words, else the card's data."""
    if strings.card(member.id):
        return strings.where("cards", member.id)
    return member.source


def title(member: Member, strings: Strings) -> str:
    """The card's title in the kit's language: the strings file's, else the data's own
    title, else made of the faction and the rank ("Witches Secretary")."""
    given = strings.card(member.id).get("title")
    if given or member.titled:
        return given or member.title
    return strings.faction(member.faction)["title"].format(rank=strings.rank(member.rank))


def _abilities(member: Member, strings: Strings) -> tuple[str, ...]:
    return tuple(strings.card(member.id).get("abilities", member.abilities))


def member_text(member: Member, content: Majority2Content) -> str:
    """Everything the card says, in words: cost, requirement, abilities, VP."""
    strings = content.strings
    words = strings.said["member_card"]
    who = strings.faction(member.faction)["member"].format(rank=strings.rank(member.rank))
    parts = [words["summary"].format(member=who, coins=strings.coins(member.cost))]
    needs = requirement(member, strings)
    if needs:
        parts.append(needs + ".")
    abilities = _abilities(member, strings)
    if abilities:
        parts.append(ability_text(abilities))
    vp = words["vp"].format(n=member.vp.base)
    parts.append(f"{vp}. {vp_rule(member, strings)}".strip())
    if not member.free_play:
        parts.append(words["summary_not_free_play"])
    return "\n".join(parts)


def ability_text(abilities: tuple[str, ...]) -> str:
    """The abilities, one paragraph each; bulleted when there are several."""
    if len(abilities) < 2:
        return "".join(abilities)
    return "\n".join(f"• {a}" for a in abilities)


def colour_rgb(colour: str | None, content: Majority2Content) -> str:
    return content.colours[colour] if colour else NO_COLOUR_RGB


def requirement(member: Member, strings: Strings) -> str:
    """What must be in your score area before the card can be played."""
    n = member.requires_formed
    if n == 0:
        return ""
    words = strings.said["member_card"]
    factions = strings.colour(member.colour) if member.colour else words["any_colour"]
    return strings.count(words["requirement"], n, faction=factions["faction"],
                         factions=factions["factions"])


def vp_rule(member: Member, strings: Strings) -> str:
    """The bonus part of a card's VP, in words (the base VP is shown as stars)."""
    vp, words = member.vp, strings.said["member_card"]
    if vp.rule == "secretary-combo":
        colour = strings.colour(member.colour)["name"] if member.colour else ""
        return words["secretary_combo"].format(bonus=vp.bonus, colour=colour)
    if vp.rule == "distinct-colours":
        return words["distinct_colours"].format(bonus=vp.bonus)
    return ""


def set_mark(member: Member, strings: Strings) -> str:
    if not member.promo:
        return ""
    words = strings.said["member_card"]
    return words["additional"] if member.faction == INDEPENDENT else words["promo"]


def _disc_deck(content: Majority2Content) -> Deck:
    """One disc per colour, the same on both sides, with the symbol of that colour's
    faction so grey printouts still tell them apart."""
    symbols = {f.colour: f.symbol for f in content.factions.values() if f.colour}
    strings = content.strings
    cards = []
    for colour in content.discs:
        face = Face("m2-disc", {"rgb": content.colours[colour],
                                "colour": strings.colour(colour)["name"].upper(),
                                "symbol": symbols.get(colour, "circle")})
        cards.append(Card(face, face, label=f"{colour} disc", art=f"colour-discs-{colour}"))
    return Deck("colour-discs", strings.said["decks"]["colour-discs"], DISC, tuple(cards),
                file="tokens", shape="circle")


def _token_text(content: Majority2Content, key: str, data_key: str,
                data_text: str) -> tuple[str, object]:
    """A token's words: the strings file's when it gives them, else tokens.json's; with
    the place they were written."""
    strings = content.strings
    if key in strings.said["tokens"]:
        return strings.said["tokens"][key], strings.where("tokens", key)
    return data_text, content.token_sources.get(data_key)


def _coin_deck(content: Majority2Content) -> Deck:
    up_label, up_source = _token_text(content, "coin_up", "up_label", content.coin_labels[0])
    down_label, down_source = _token_text(content, "coin_down", "down_label",
                                          content.coin_labels[1])
    up = Face("m2-coin-up", {"label": up_label}, source=up_source)
    down = Face("m2-coin-down", {"label": down_label}, source=down_source)
    cards = tuple(Card(up, down, label=f"coin {i + 1}", art="coins")
                  for i in range(content.coins))
    return Deck("coins", content.strings.said["decks"]["coins"], COIN, cards, file="tokens",
                shape="circle")


def _marker_deck(content: Majority2Content) -> Deck:
    label, source = _token_text(content, "start_marker", "start_marker",
                                content.start_marker)
    face = Face("m2-start", {"label": label,
                             "hint": content.strings.said["tokens"]["start_hint"]},
                source=source)
    return Deck("start-marker", content.strings.said["decks"]["start-marker"], MARKER,
                (Card(face, face, label="start-player marker", art="start-marker"),),
                file="tokens",
                shape="circle")


def draw_count(formed: int) -> int:
    """Cards drawn in the Draw phase against an opponent with `formed` factions."""
    return math.ceil(formed / 2) + 2


def faction_coins(cards_of_faction: int) -> int:
    """Coins taken when forming a faction from this many cards of it."""
    return 0 if cards_of_faction <= 2 else 1 if cards_of_faction <= 4 else 2


def draw_table(max_formed: int = 8) -> list[tuple[str, int]]:
    """(opponent's formed factions, cards to draw) rows: 0 → 2, 1–2 → 3, … 7–8 → 6."""
    rows: dict[int, list[int]] = {}
    for n in range(max_formed + 1):
        rows.setdefault(draw_count(n), []).append(n)
    return [(f"{ns[0]}" if len(ns) == 1 else f"{ns[0]}–{ns[-1]}", count)
            for count, ns in rows.items()]


def cost_rows(members: tuple[Member, ...], ghosts: tuple[Member, ...] = (),
              strings: Strings | None = None) -> list[tuple[str, str]]:
    """(rank, cost and requirement) for each rank, read from the base cards, then the
    Independent Ghost's row when the promos hold Ghosts."""
    aid = strings.said["player_aid"]
    rows = []
    ranks = [(rank, [m for m in members if m.rank == rank]) for rank in RANKS]
    for rank, cards in ranks + ([("ghost", list(ghosts))] if ghosts else []):
        kinds = {(m.cost, m.requires_formed) for m in cards}
        if len(kinds) != 1:
            rows.append((strings.rank(rank), aid["see_card"]))
            continue
        cost, formed = kinds.pop()
        coins = strings.coins(cost)
        rows.append((strings.rank(rank), strings.count(aid["cost_with_requirement"], formed,
                                                       coins=coins) if formed else coins))
    return rows


def _aid_deck(content: Majority2Content) -> Deck:
    """Two identical double-sided aids, one per player."""
    strings = content.strings
    aid = strings.said["player_aid"]
    front = {key: aid[key] for key in ("title", "subtitle", "costs_title", "formed_note")}
    front |= {f"phase_{i + 1}": phase["name"] for i, phase in enumerate(aid["phases"])}
    front |= {f"phase_{i + 1}_text": phase["text"] for i, phase in enumerate(aid["phases"])}
    costs = cost_rows(content.members,
                      tuple(m for m in content.promos if m.faction == INDEPENDENT), strings)
    front |= {"ranks": "\n".join(r for r, _ in costs), "costs": "\n".join(c for _, c in costs)}
    table = draw_table()
    rows = aid["faction_cards"]
    coins = [(rows["none"], faction_coins(2)), (rows["few"], faction_coins(3)),
             (rows["many"], faction_coins(5))]
    back = {key: aid[key] for key in ("draw_title", "formed_head", "draws_head",
                                      "forming_title", "forming", "faction_cards_head",
                                      "coins_head", "ending_title", "ending")}
    back |= {
        "formed": "\n".join(n for n, _ in table),
        "draws": "\n".join(str(c) for _, c in table),
        "faction_cards": "\n".join(n for n, _ in coins),
        "coins": "\n".join(strings.coins(c) for _, c in coins),
    }
    card = Card(Face("m2-aid-front", front, source=strings.where("player_aid"),
                     shared=_AID_FRONT_WORDS),
                Face("m2-aid-back", back, source=strings.where("player_aid"),
                     shared=_AID_BACK_WORDS),
                label="player aid")
    return Deck("player-aid", strings.said["decks"]["player-aid"], AID, (card, card),
                file="player-aid")
