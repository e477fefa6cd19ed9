"""The Majority 2 in another language: every fixed word on its cards, tokens and player aid
comes from `data/majority2/strings.<lang>.json`, so the Italian kit prints no English."""

from __future__ import annotations

import json
import re

import pytest
from kittools import pdf_text as text

from pnp.errors import DataError
from pnp.games.gamedata import load_content
from pnp.games.majority2 import printing
from pnp.kits.build import run_build
from pnp.kits.languages import languages, localized_files
from pnp.kits.request import BuildRequest

from conftest import ROOT

DATA = ROOT / "data" / "majority2"
LAYOUTS = ROOT / "templates" / "layouts"
# Words that read the same in both languages (ranks, the title, ranges of numbers).
SHARED = {"Junior", "Senior", "PROMO", "The Majority 2", "3–4"}


def _texts(value) -> list[str]:
    if isinstance(value, dict):
        return [t for k, v in value.items() if k not in ("$schema", "language", "name")
                for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return [value] if isinstance(value, str) else []


def _english() -> set[str]:
    """Every English text the Italian kit must not print: the English strings file (its
    placeholders cut away) and the cards' English titles and abilities."""
    said = json.loads((DATA / "strings.en.json").read_text("utf-8"))
    pieces = {p.strip(" .,:;") for t in _texts(said) for p in re.split(r"\{\w+\}", t)}
    content = load_content("majority2")
    pieces |= {a for m in content.cards.values() for a in m.abilities} | \
              {m.title for m in content.cards.values()}
    return {p for p in pieces if len(p) > 3 and p not in SHARED}


@pytest.fixture(scope="module")
def italian():
    return load_content("majority2", overrides=localized_files("majority2", "it"))


def test_majority2_speaks_italian_because_its_strings_file_exists():
    assert languages("majority2") == ["en", "it"]


def test_no_english_word_is_left_on_an_italian_face(italian):
    english = _english()
    printed = [str(value) for deck in printing.decks(italian)
               for card in deck.cards for face in (card.front, card.back, deck.back) if face
               for value in face.fields.values() if isinstance(value, str)]
    printed += [deck.title for deck in printing.decks(italian)]
    whole = " | ".join(printed)
    left = sorted(e for e in english if re.search(rf"(?<!\w){re.escape(e)}(?!\w)", whole))
    assert left == []


def test_italian_cards_read_in_italian(italian):
    cards = italian.cards
    veteran = printing.member_face(cards["dragons-veteran"], italian).fields
    assert veteran["title"] == "Veterano dei Draghi" and veteran["rank"] == "VETERANO"
    assert veteran["requirement"] == "Serve 1 fazione rossa formata"
    assert veteran["colour_label"] == "fazione rossa" and veteran["vp"] == "4 PV"
    aristocrat = printing.member_face(cards["reapers-aristocrat"], italian).fields
    assert aristocrat["requirement"] == "Servono 2 fazioni nere formate"
    ghost = printing.member_face(cards["ghost"], italian).fields
    assert ghost["title"] == "Fantasma Indipendente" and ghost["set_mark"] == "AGGIUNTIVA"
    assert ghost["colour_label"] == "nessun colore" and ghost["ability"].count("•") == 2
    secretary = printing.member_face(cards["witches-secretary"], italian).fields
    assert secretary["vp_rule"].endswith("che ora è blu")
    assert printing.member_text(cards["demons-veteran"], italian).endswith(
        "Non si può giocare nel Gioco gratuito.")


def test_the_english_texts_are_unchanged():
    content = load_content("majority2")
    cards = content.cards
    assert [c.title for c in content.members[:2]] == ["Witches Secretary", "Witches Junior"]
    face = printing.member_face(cards["demons-aristocrat"], content).fields
    assert face["requirement"] == "Needs 2 formed green factions"
    assert printing.member_text(cards["witches-junior"], content).startswith(
        "Junior of the Witches, cost 3 coins.")


def test_the_layouts_print_no_fixed_words_but_the_games_name():
    """Every word on a Majority 2 piece is a {field} filled from the strings file."""
    fixed = set()
    for path in LAYOUTS.glob("m2-*.json"):
        boxes = json.loads(path.read_text("utf-8"))["boxes"]
        fixed |= {b["text"] for b in boxes if b.get("kind") == "text"
                  and not re.fullmatch(r"\{\w+\}", b["text"])}
    assert fixed == {"2", "THE MAJORITY 2"}


def test_a_strings_file_missing_a_faction_names_both_files(tmp_path):
    folder = tmp_path / "majority2"
    folder.mkdir()
    for path in DATA.glob("*.json"):
        (folder / path.name).write_text(path.read_text("utf-8"), encoding="utf-8")
    said = json.loads((folder / "strings.en.json").read_text("utf-8"))
    del said["factions"]["reapers"]
    said["cards"] = {"witches-junior": {"abilities": ["One.", "Two."]}, "nobody": {}}
    (folder / "strings.en.json").write_text(json.dumps(said), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_content("majority2", tmp_path)
    message = str(caught.value)
    assert "no words for the faction 'reapers'" in message and "factions.json" in message
    assert "2 abilities for a card that has 1" in message
    assert "no card has the id 'nobody'" in message


def test_the_italian_kit_pdfs_print_italian(tmp_path):
    run_build(BuildRequest(games=("majority2",), lang="it", out_dir=tmp_path,
                           components=("members", "promo-members", "coins", "start-marker",
                                       "colour-discs", "player-aid")))
    folder = tmp_path / "majority2"
    aid = " ".join(text(folder / "player-aid-it.pdf").split())
    for phrase in ("PROMEMORIA", "1 Rendita", "6 Chiusura", "Aristocratico",
                   "4 monete + 1 formata", "2 monete + 2 formate", "FASE DI PESCA",
                   "FORMARE UNA FAZIONE", "FINE DELLA PARTITA", "Promemoria · foglio 1"):
        assert phrase in aid, phrase
    tokens = " ".join(text(folder / "tokens-it.pdf").split())
    members = " ".join(text(folder / "members-it.pdf").split())
    assert "Primo giocatore" in tokens and "ROSSO" in tokens and "Spesa" in tokens
    assert "Segretario delle Streghe" in members and "Carte membro" in members
    for english in ("coins", "VP", "Needs", "PLAYER AID", "Witches", "Start player",
                    "Spent", "DRAW PHASE", "Board member", "sheet 1"):
        assert english not in aid + tokens + members, english


def test_the_italian_quick_reference_names_no_english_card_words():
    """It glossed the ranks in English ("Segretario (Secretary)") while the cards were
    printed in English; they are printed in Italian now."""
    said = json.loads((DATA / "strings.en.json").read_text("utf-8"))
    english = [*said["ranks"].values(), *(f["name"] for f in said["factions"].values())]
    quick = (ROOT / "templates" / "rules" / "majority2.quick-reference.it.md").read_text("utf-8")
    assert [w for w in english if w not in SHARED and re.search(rf"\b{w}\b", quick)] == []
