"""What gets printed for The Majority 2: member cards, promos and Ghosts, round tokens and
a player aid, as decks of layout faces.

Every value on a card comes from the data (cost, requirement, VP rule, Free Play flag), so
a user's own promo file prints with the same guarantees as the shipped cards. Promos and
Ghosts share the members' back, so they shuffle in unseen; their fronts say PROMO or
ADDITIONAL so they can be sorted out again.
"""

from __future__ import annotations

import math

from pnp.games.majority2.content import INDEPENDENT, RANKS, Majority2Content, Member
from pnp.render.model import Card, Deck, Face

CARD = "poker"
AID = "tarot"
DISC = "20x20"
COIN = "24x24"
MARKER = "40x40"
NO_COLOUR_RGB = "#616161"
MEMBER_BACK = Face("m2-back", {"label": "Board member"})

PHASES = (
    ("1 Income", "Turn all your coins face up."),
    ("2 Exchange", "You may swap your whole hand with your whole reserve (not in the "
                   "start player's first round)."),
    ("3 Draw", "You may draw the number on the back (you must if your hand is empty); "
               "then your opponent draws 1 card into their reserve."),
    ("4 Free Play", "You may play 1 card without paying its coins (requirements still "
                    "apply); its abilities do not trigger."),
    ("5 Standard Play", "Play any cards you can pay for, turning face-up coins face down; "
                        "their abilities trigger."),
    ("6 Cleanup", "Give your hand to your opponent. If they have 5 or more formed "
                  "factions, the game ends."),
)
FORMING = ("Each card you play goes to the foot of one of your 3 columns. A column of 5 "
           "or more cards forms a faction when 3 or more of its cards share a faction: put "
           "one of them in your score area and take coins face down. With no such faction, "
           "discard the whole column.")
ENDING = ("The game ends at a player's Cleanup when their opponent (the player not taking "
          "the round) has 5 or more formed factions. Score: the VP of the cards in your score "
          "area plus every coin you hold. On a tie, the player without the start marker wins.")


def decks(content: Majority2Content) -> list[Deck]:
    """Every printed deck, in the order of `pnp games`, then the player aid."""
    promos = [m for m in content.promos if m.faction != INDEPENDENT]
    ghosts = [m for m in content.promos if m.faction == INDEPENDENT]
    return [
        _member_deck("members", "Member cards", content.members, content, "members"),
        _member_deck("promo-members", "Promo member cards", promos, content, "promo-members"),
        _member_deck("ghosts", "Independent Ghosts", ghosts, content, "promo-members"),
        _disc_deck(content),
        _coin_deck(content),
        _marker_deck(content),
        _aid_deck(content),
    ]


def _member_deck(deck_id: str, title: str, members, content: Majority2Content,
                 file: str) -> Deck:
    cards = tuple(
        Card(member_face(m, content), label=f"{m.title} ({m.id}) copy {i + 1}",
             source=m.source, art=m.id, name=m.title, text=member_text(m, content))
        for m in members for i in range(m.quantity)
    )
    # Promos and Ghosts shuffle into the members unseen: one back, one back art.
    return Deck(deck_id, title, CARD, cards, file=file, back=MEMBER_BACK,
                back_art="members-back")


def member_face(member: Member, content: Majority2Content) -> Face:
    """The front of a member card: every rule the card carries, spelt out."""
    faction = content.factions[member.faction]
    mark = set_mark(member)
    rule = vp_rule(member)
    art = {"art": member.art} if member.art else {}
    return Face("m2-member", {
        **art,
        "rgb": colour_rgb(member.colour, content),
        "symbol": faction.symbol,
        "faction": faction.name.upper(),
        "colour_label": f"{member.colour} faction" if member.colour else "no colour",
        "title": member.title,
        "rank": member.rank.upper(),
        "cost": member.cost,
        "requirement": requirement(member),
        "has_requirement": member.requires_formed > 0,
        "ability": ability_text(member),
        "has_ability": bool(member.abilities),
        "not_free_play": not member.free_play,
        "stars": member.vp.base,
        "vp": f"{member.vp.base} VP",
        "vp_rule": rule,
        # The VP rule takes the ability's place when there is no ability, else the foot.
        "rule_in_body": bool(rule) and not member.abilities,
        "rule_in_foot": bool(rule) and bool(member.abilities),
        "plain": not rule and not member.abilities,
        "set_mark": mark,
        "has_set_mark": bool(mark),
    }, source=member.source)


def member_text(member: Member, content: Majority2Content) -> str:
    """Everything the card says, in words: cost, requirement, abilities, VP."""
    faction = content.factions[member.faction].name
    parts = [f"{member.rank.title()} of the {faction}, cost "
             f"{member.cost} coin{'s' if member.cost != 1 else ''}."]
    if requirement(member):
        parts.append(requirement(member) + ".")
    if member.abilities:
        parts.append(ability_text(member))
    parts.append(f"{member.vp.base} VP. {vp_rule(member)}".strip())
    if not member.free_play:
        parts.append("Cannot be played in Free Play.")
    return "\n".join(parts)


def ability_text(member: Member) -> str:
    """The abilities, one paragraph each; bulleted when there are several."""
    if len(member.abilities) < 2:
        return "".join(member.abilities)
    return "\n".join(f"• {a}" for a in member.abilities)


def colour_rgb(colour: str | None, content: Majority2Content) -> str:
    return content.colours[colour] if colour else NO_COLOUR_RGB


def requirement(member: Member) -> str:
    """What must be in your score area before the card can be played."""
    n = member.requires_formed
    if n == 0:
        return ""
    colour = f" {member.colour}" if member.colour else ""
    return f"Needs {n} formed{colour} faction{'s' if n > 1 else ''}"


def vp_rule(member: Member) -> str:
    """The bonus part of a card's VP, in words (the base VP is shown as stars)."""
    vp = member.vp
    if vp.rule == "secretary-combo":
        return (f"+{vp.bonus} VP for each other Secretary in your score area that is "
                f"currently {member.colour}")
    if vp.rule == "distinct-colours":
        return (f"+{vp.bonus} VP for each different colour in your score area, "
                "this card's own included")
    return ""


def set_mark(member: Member) -> str:
    if not member.promo:
        return ""
    return "ADDITIONAL" if member.faction == INDEPENDENT else "PROMO"


def _disc_deck(content: Majority2Content) -> Deck:
    """One disc per colour, the same on both sides, with the symbol of that colour's
    faction so grey printouts still tell them apart."""
    symbols = {f.colour: f.symbol for f in content.factions.values() if f.colour}
    cards = []
    for colour in content.discs:
        face = Face("m2-disc", {"rgb": content.colours[colour], "colour": colour.upper(),
                                "symbol": symbols.get(colour, "circle")})
        cards.append(Card(face, face, label=f"{colour} disc", art=f"colour-discs-{colour}"))
    return Deck("colour-discs", "Colour discs", DISC, tuple(cards), file="tokens",
                shape="circle")


def _coin_deck(content: Majority2Content) -> Deck:
    up_label, down_label = content.coin_labels
    where = content.token_sources
    up = Face("m2-coin-up", {"label": up_label}, source=where.get("up_label"))
    down = Face("m2-coin-down", {"label": down_label}, source=where.get("down_label"))
    cards = tuple(Card(up, down, label=f"coin {i + 1}", art="coins")
                  for i in range(content.coins))
    return Deck("coins", "Coins", COIN, cards, file="tokens", shape="circle")


def _marker_deck(content: Majority2Content) -> Deck:
    face = Face("m2-start", {"label": content.start_marker,
                             "hint": "Kept all game. Ties go to the other player."},
                source=content.token_sources.get("start_marker"))
    return Deck("start-marker", "Start-player marker", MARKER,
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


def cost_rows(members: tuple[Member, ...],
              ghosts: tuple[Member, ...] = ()) -> list[tuple[str, str]]:
    """(rank, cost and requirement) for each rank, read from the base cards, then the
    Independent Ghost's row when the promos hold Ghosts."""
    rows = []
    ranks = [(rank.title(), [m for m in members if m.rank == rank]) for rank in RANKS]
    for title, cards in ranks + ([("Ghost", list(ghosts))] if ghosts else []):
        kinds = {(m.cost, m.requires_formed) for m in cards}
        if len(kinds) != 1:
            rows.append((title, "see card"))
            continue
        cost, formed = kinds.pop()
        needs = f" + {formed} formed" if formed else ""
        rows.append((title, f"{cost} coin{'s' if cost != 1 else ''}{needs}"))
    return rows


def _aid_deck(content: Majority2Content) -> Deck:
    """Two identical double-sided aids, one per player."""
    front = {f"phase_{i + 1}": name for i, (name, _) in enumerate(PHASES)}
    front |= {f"phase_{i + 1}_text": text for i, (_, text) in enumerate(PHASES)}
    costs = cost_rows(content.members,
                      tuple(m for m in content.promos if m.faction == INDEPENDENT))
    front |= {"ranks": "\n".join(r for r, _ in costs), "costs": "\n".join(c for _, c in costs)}
    table = draw_table()
    coins = [("0–2 (none formed)", faction_coins(2)), ("3–4", faction_coins(3)),
             ("5 or more", faction_coins(5))]
    back = {
        "formed": "\n".join(n for n, _ in table),
        "draws": "\n".join(str(c) for _, c in table),
        "forming": FORMING,
        "faction_cards": "\n".join(n for n, _ in coins),
        "coins": "\n".join(f"{c} coin{'s' if c != 1 else ''}" for _, c in coins),
        "ending": ENDING,
    }
    card = Card(Face("m2-aid-front", front), Face("m2-aid-back", back), label="player aid")
    return Deck("player-aid", "Player aid", AID, (card, card), file="player-aid")
