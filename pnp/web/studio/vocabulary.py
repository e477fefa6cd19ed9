"""What the promo designer's form offers, read from where the toolkit defines it: every
field's bounds and choices from the `majority2-cards` schema, the effect primitives and
their parameters from the schema's `$defs/effect` (the engine executes exactly those),
the factions and the base cards from the game's data.

So a new effect or a widened bound in the schema appears in the form without touching
the page, and the form never offers what the checks would refuse.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pnp.content.schemas import bundled_schema
from pnp.games.gamedata import load_content
from pnp.games.majority2.content import INDEPENDENT
from pnp.web.studio.limits import BALANCE_DEFAULT_GAMES, BALANCE_GAMES

SCHEMA = "majority2-cards"


@cache
def promo_config() -> dict[str, Any]:
    """The designer page's setup (embedded in the page as JSON)."""
    schema = bundled_schema(SCHEMA)
    card = schema["$defs"]["card"]["properties"]
    content = load_content("majority2")
    factions = [{"id": f.id, "name": f.name, "colour": f.colour,
                 "rgb": content.colours.get(f.colour, "#616161") if f.colour else "#616161"}
                for f in content.factions.values()]
    return {
        "factions": factions,
        "ranks": card["rank"]["enum"],
        "independent": INDEPENDENT,
        "bounds": {name: [card[name]["minimum"], card[name]["maximum"]]
                   for name in ("cost", "requires_formed", "quantity")},
        "max_abilities": card["abilities"]["maxItems"],
        "max_effects": card["effects"]["maxItems"],
        "max_text": schema["$defs"]["text"]["maxLength"],
        "vp_rules": [_vp_rule(option) for option in schema["$defs"]["vp"]["oneOf"]],
        "effects": effect_vocabulary(schema),
        "base": {m.id: _card_json(m) for m in content.members},
        "balance_games": list(BALANCE_GAMES),
        "balance_default": BALANCE_DEFAULT_GAMES,
    }


def effect_vocabulary(schema: dict | None = None) -> list[dict[str, Any]]:
    """Each effect primitive: its name, what it does, and its parameters with their
    kinds (a whole number in a range, a choice, a word, or a number or a word)."""
    schema = schema or bundled_schema(SCHEMA)
    found = []
    for option in schema["$defs"]["effect"]["oneOf"]:
        props = option["properties"]
        required = set(option.get("required", ()))
        params = [{"name": name, "required": name in required, **_parameter(spec)}
                  for name, spec in props.items() if name not in ("do", "_")]
        found.append({"do": props["do"]["const"], "description": option.get("description", ""),
                      "params": params})
    return found


def _parameter(spec: dict) -> dict[str, Any]:
    if "enum" in spec:
        return {"kind": "choice", "choices": spec["enum"]}
    if "const" in spec:
        return {"kind": "word", "word": spec["const"]}
    if "oneOf" in spec:
        number = next(s for s in spec["oneOf"] if s.get("type") == "integer")
        word = next(s["const"] for s in spec["oneOf"] if "const" in s)
        return {"kind": "number-or-word", "min": number["minimum"],
                "max": number["maximum"], "word": word}
    return {"kind": "number", "min": spec["minimum"], "max": spec["maximum"]}


def _vp_rule(option: dict) -> dict[str, Any]:
    props = option["properties"]
    return {"rule": props["rule"]["const"], "description": option.get("description", ""),
            "params": [{"name": name, "min": spec["minimum"], "max": spec["maximum"]}
                       for name, spec in props.items() if name != "rule"]}


def _card_json(member) -> dict[str, Any]:
    """A base card as a promo file writes a card (the form starts from it)."""
    vp = member.vp
    vp_json = {"rule": "fixed", "points": vp.base} if vp.rule == "fixed" else \
        {"rule": vp.rule, "base": vp.base,
         ("per_match" if vp.rule == "secretary-combo" else "per_colour"): vp.bonus}
    card = {"faction": member.faction, "colour": member.colour, "rank": member.rank,
            "title": member.title, "cost": member.cost,
            "requires_formed": member.requires_formed, "quantity": member.quantity,
            "vp": vp_json, "abilities": list(member.abilities), "free_play": member.free_play}
    if member.effects is not None:
        card["effects"] = [{"do": e.do, **dict(e.params)} for e in member.effects]
    return card
