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


@pytest.mark.parametrize("name", sorted(p.name for p in RULES.glob("*.quick-reference.*.md")))
def test_quick_references_carry_no_checker_options(name):
    body = text(name)
    for option in ("threshold=", "new_stack=", "free_play_ignores", "target=", "checker"):
        assert option not in body, (name, option)


@pytest.mark.parametrize(("lang", "name", "introduced"), [
    ("en", "Jackie", "a fourth player, Jackie"), ("it", "Giulia", "un quarto giocatore, Giulia"),
])
def test_the_fourth_player_is_not_named_before_she_is_introduced(lang, name, introduced):
    rules = text(f"majority-rules.{lang}.md")
    suffix = "" if lang == "en" else f".{lang}"
    diagram = (ROOT / "templates" / "diagrams" / f"majority-rules-claiming{suffix}.json")
    quick = text(f"majority-rules.quick-reference.{lang}.md")
    assert name not in diagram.read_text("utf-8") and name not in quick
    first = rules.index(name)
    assert introduced in rules[first - len(introduced):first + len(name)]


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


# Every language states the same facts. Each fact is one phrase per language: a sheet in a
# language must carry all of them, and a new language's sheet needs its phrases here.
SHEET_FACTS = {
    "majority": {
        "players": {"en": "for 3 to 10 players", "it": "per 3–10 giocatori"},
        "word cards": {"en": "206 word cards", "it": "206 carte parola"},
        "vote cards": {"en": "40 vote cards", "it": "40 carte voto"},
        "majority": {"en": "at least 2 votes and no other option has more",
                     "it": "almeno 2 voti e nessun'altra opzione ne ha di più"},
        "score before": {"en": "counting P before this turn adds any card to the pile",
                         "it": "contando P prima che questo turno aggiunga carte alla pila"},
        "last two": {"en": "Exactly two players left:", "it": "Ne restano esattamente due:"},
        "no majority": {"en": "the round ends at once and nobody scores",
                        "it": "il round finisce subito e nessuno segna punti"},
        "first P": {"en": "P = 1", "it": "P = 1"},
        "end": {"en": "20 points or more", "it": "20 punti o più"},
        "bank": {"en": "50 ones and 30 fives (200 points)",
                 "it": "50 carte da uno e 30 da cinque (200 punti)"},
        "variant": {"en": "The colour never changes how points are scored",
                    "it": "Il colore non cambia mai il modo di segnare i punti"},
        "shared win": {"en": "share the victory", "it": "si dividono la vittoria"},
    },
    "majority.quick-reference": {
        "end": {"en": "**20 or more**", "it": "**20 o più**"},
        "first P": {"en": "**P = 1**", "it": "**P = 1**"},
        "score before": {"en": "(pile size *before* this turn's cards)",
                         "it": "(la pila *prima* delle carte di questo turno)"},
        "bank": {"en": "50 × 1 and 30 × 5", "it": "50 da 1 e 30 da 5"},
    },
    "majority-rules": {
        "target": {"en": "500 points or more", "it": "500 punti o più"},
        "gold": {"en": "47 points instead of 41", "it": "47 punti invece di 41"},
        "claim": {"en": "all eleven 3s", "it": "tutti e undici i 3"},
        "tie": {"en": "scored more in the final round", "it": "più punti nell'ultimo round"},
        "strict end": {"en": "threshold=gt", "it": "threshold=gt"},
        "round sum": {"en": "Together 92", "it": "In tutto 92"},
    },
    "majority-rules.quick-reference": {
        "target": {"en": "any total is 500 or more", "it": "un totale arriva a 500 o più"},
        "gold": {"en": "score 47, not 41", "it": "valgono 47, non 41"},
    },
}


def _sheet_languages(stem: str) -> list[str]:
    return sorted(p.name.removeprefix(f"{stem}.").removesuffix(".md")
                  for p in RULES.glob(f"{stem}.*.md") if p.name.count(".") == stem.count(".") + 2)


@pytest.mark.parametrize("stem", sorted(SHEET_FACTS))
def test_every_language_states_the_sheets_facts(stem):
    languages = _sheet_languages(stem)
    assert "en" in languages and len(languages) > 1
    missing = {(lang, fact) for lang in languages
               for fact, phrase in SHEET_FACTS[stem].items()
               if lang not in phrase or phrase[lang] not in text(f"{stem}.{lang}.md")}
    assert missing == set()
