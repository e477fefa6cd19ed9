"""Abilities as data: every shipped card has effects, the schema rejects bad effects by
JSON path, a custom promo without effects is played as blank and named so."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.games.gamedata import load_content
from pnp.games.majority2 import engine as m2

PROMO = {"id": "promo-witches-x", "faction": "witches", "colour": "blue", "rank": "junior",
         "cost": 3, "requires_formed": 0, "quantity": 1, "vp": {"rule": "fixed", "points": 3},
         "abilities": ["Something the engine cannot read."], "free_play": True}


def _promo_file(tmp_path, **changes):
    path = tmp_path / "mine.json"
    card = {**PROMO, **changes}
    path.write_text(json.dumps({"$schema": "majority2-cards.schema.json", "set": "promo",
                                "cards": [card]}), "utf-8")
    return path


def test_every_shipped_card_has_effects_data():
    content = load_content("majority2")
    assert all(m.effects is not None for m in content.members + content.promos)
    by_id = content.cards
    assert [e.do for e in by_id["angels-aristocrat"].effects] == [
        "score_self", "gain_coins", "discard_column"]
    assert by_id["witches-senior"].effects[0].get("count") == 2


def test_custom_promo_without_effects_is_blank_and_named(tmp_path):
    content = load_content("majority2", custom_promos=[_promo_file(tmp_path)])
    cfg = m2.make_config(content, promos=["promo-witches-x"])
    assert m2.blank_cards(cfg) == ("promo-witches-x",)
    assert cfg.triggered[cfg.index["promo-witches-x"]] == ()
    assert m2.blank_cards(m2.make_config(content)) == ()  # not in the deck


def test_custom_promo_with_effects_plays_them(tmp_path):
    path = _promo_file(tmp_path, effects=[{"do": "gain_coins", "count": 3}])
    content = load_content("majority2", custom_promos=[path])
    cfg = m2.make_config(content, promos=["promo-witches-x"])
    assert m2.blank_cards(cfg) == ()
    assert [e.do for e in cfg.triggered[cfg.index["promo-witches-x"]]] == ["gain_coins"]


def test_validate_rejects_bad_effects_by_json_path(tmp_path):
    path = _promo_file(tmp_path, effects=[{"do": "draw", "count": 99, "to": "hand"},
                                          {"do": "fly"}, {"do": "gain_coins"}])
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    out = result.output
    assert "$.cards[0].effects[0].count: 99 is greater than the maximum of 6" in out
    assert "$.cards[0].effects[1].do" in out and '"fly" is not one of' in out
    assert "$.cards[0].effects[2]" in out and "count" in out
    assert "Traceback" not in out


def test_validate_accepts_the_shipped_card_data():
    result = CliRunner().invoke(app, ["validate", "data/majority2/members.json",
                                      "data/majority2/promos.json"])
    assert result.exit_code == 0, result.output


def test_rule_sheet_states_the_engine_rulings():
    from conftest import ROOT
    text = (ROOT / "templates" / "rules" / "majority2.en.md").read_text("utf-8")
    box = text[text.index("## Clarifications"):text.index("## Worked examples")]
    for phrase in ("may not exchange in the very first round", "Demons Senior",
                   "then your opponent draws 1 card into their reserve", "current colour",
                   "yours first, then your opponent's", "40-coin supply", '"In play"',
                   "Angels Junior: it stops every discard", "Ghost without a disc has no colour",
                   "Cards may affect themselves", "Witches Veteran:", "X is counted",
                   "Dragons Junior: the line", "Promo Dragons Junior", "Dragons Veteran:",
                   "Dragons Aristocrat:", "Angels Senior:", "Angels Veteran:",
                   "Angels Aristocrat:", "Reapers Senior:", "Reapers Aristocrat:",
                   "Promo Reapers Aristocrat", "any of the five colours", "Ghosts: a Ghost belongs",
                   "Independent Ghost: it may be free-played", "stalled",
                   "plays as a card without ability"):
        assert phrase in box, phrase
