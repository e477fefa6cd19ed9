"""The rule sheets, quick references, score pad, player aid and promo texts state the
rulebooks' facts (issue 10's corrections), checked in the texts and in the built PDFs."""

from __future__ import annotations

import json
import re

import pytest
from kittools import pdf_text

from conftest import ROOT

RULES = ROOT / "templates" / "rules"


def text(name: str) -> str:
    return (RULES / name).read_text("utf-8")


def flat(s: str) -> str:
    return re.sub(r"\s+", " ", s)


def test_witches_veteran_discards_into_the_reserve():
    rules = text("majority2.en.md")
    row = next(x for x in rules.splitlines() if x.startswith("| Veteran | 4 | 4 + 1 blue"))
    assert "Discard" in row and "reserve" in row
    assert "Move any card in play" not in rules
    assert "cannot pick a card protected by an Angels Junior" in rules


def test_the_start_player_has_the_most_cash():
    for name in ("majority2.en.md", "majority2.quick-reference.en.md"):
        body = text(name)
        assert "most cash" in body, name
        assert "any way you like" not in body and "however you like" not in body, name


def test_majority2_quick_reference_covers_free_play_factions_and_ghosts():
    quick = text("majority2.quick-reference.en.md")
    assert "Not allowed: Demons Veteran, Angels Junior, promo Demons Veteran" in quick
    assert "form only one, your choice" in quick
    assert "goes on the Ghost instead" in quick


def test_the_not_in_free_play_list_matches_the_card_data():
    cards = [c for f in ("members", "promos")
             for c in json.loads((ROOT / "data" / "majority2" / f"{f}.json")
                                 .read_text("utf-8"))["cards"]]
    barred = [c["id"] for c in cards if c.get("free_play") is False]
    line = next(x for x in text("majority2.quick-reference.en.md").splitlines()
                if "Not allowed:" in x)
    named = line.split("Not allowed: ")[1].rstrip(".").split(", ")
    assert len(named) == len(barred)


def test_secretary_line_speaks_of_the_other_secretarys_current_colour():
    pad = (ROOT / "templates" / "score-pads" / "majority2.json").read_text("utf-8")
    assert "now of this one's printed colour" in pad
    assert "Secretary of its printed colour" not in pad


@pytest.mark.parametrize(("name", "phrase"), [
    ("d20-stacks.en.md", "scored at once"), ("d20-stacks.it.md", "si assegna subito"),
    ("d20-stacks.quick-reference.en.md", "scored at once"),
    ("d20-stacks.quick-reference.it.md", "si assegna subito"),
])
def test_a_closed_d20_stack_scores_at_once(name, phrase):
    body = text(name)
    assert phrase in body
    assert "right away or with the others" not in body


@pytest.mark.parametrize("name", ["d20-stacks.quick-reference.en.md",
                                  "d20-stacks.quick-reference.it.md",
                                  "majority-rules.quick-reference.en.md",
                                  "majority2.quick-reference.en.md",
                                  "majority.quick-reference.en.md"])
def test_quick_references_carry_no_checker_options(name):
    body = text(name)
    for option in ("threshold=", "new_stack=", "free_play_ignores", "target=", "checker"):
        assert option not in body, (name, option)


def test_jackie_is_not_named_before_she_is_introduced():
    rules = text("majority-rules.en.md")
    diagram = (ROOT / "templates" / "diagrams" / "majority-rules-claiming.json").read_text()
    quick = text("majority-rules.quick-reference.en.md")
    assert "Jackie" not in diagram and "Jackie" not in quick
    first = rules.index("Jackie")
    assert "a fourth player, Jackie" in rules[first - 20:first + 6]


def test_promo_witches_senior_is_in_the_projects_own_words():
    promos = json.loads((ROOT / "data" / "majority2" / "promos.json").read_text("utf-8"))
    senior = next(c for c in promos["cards"] if c["id"] == "promo-witches-senior")
    ability = senior["abilities"][0]
    assert "at random" in ability and "one for each card in your score area" in ability
    assert "Randomly discard X cards" not in ability and "where X is" not in ability


def test_player_aid_has_a_ghost_cost_row_and_the_end_condition(cli, tmp_path):
    result = cli("build", "majority2", "-c", "player-aid", "--out", tmp_path, "--no-gallery")
    assert result.exit_code == 0, result.stderr
    body = flat(pdf_text(tmp_path / "majority2" / "player-aid.pdf"))
    assert re.search(r"Ghost\b", body) and "3 coins" in body
    assert "5 or more formed factions" in body
    assert "player not taking the round" in body
