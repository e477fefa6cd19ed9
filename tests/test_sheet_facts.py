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


def test_witches_veteran_discards_into_the_reserve_in_italian():
    rules = text("majority2.it.md")
    row = next(x for x in rules.splitlines() if x.startswith("| Veterano | 4 | 4 + 1 blu"))
    assert "Scarta" in row and "nella tua riserva" in row
    assert "non può scegliere una carta protetta da un Junior degli Angeli" in rules


@pytest.mark.parametrize(("name", "phrase"), [
    ("majority2.en.md", "most cash"), ("majority2.quick-reference.en.md", "most cash"),
    ("majority2.it.md", "più contanti"), ("majority2.quick-reference.it.md", "più contanti"),
])
def test_the_start_player_has_the_most_cash(name, phrase):
    body = text(name)
    assert phrase in body
    assert "any way you like" not in body and "however you like" not in body


M2_QUICK = {
    "en": ("Not allowed: ", ["Not allowed: Demons Veteran, Angels Junior, promo Demons Veteran",
                             "form only one, your choice", "goes on the Ghost instead"]),
    "it": ("Non ammessi: ", ["Non ammessi: Veterano dei Demoni, Junior degli Angeli, "
                             "Veterano dei Demoni promo", "se ne forma uno solo, a tua scelta",
                             "va invece sul Fantasma"]),
}


@pytest.mark.parametrize("lang", sorted(M2_QUICK))
def test_majority2_quick_reference_covers_free_play_factions_and_ghosts(lang):
    quick = text(f"majority2.quick-reference.{lang}.md")
    assert [p for p in M2_QUICK[lang][1] if p not in quick] == []


@pytest.mark.parametrize("lang", sorted(M2_QUICK))
def test_the_not_in_free_play_list_matches_the_card_data(lang):
    cards = [c for f in ("members", "promos")
             for c in json.loads((ROOT / "data" / "majority2" / f"{f}.json")
                                 .read_text("utf-8"))["cards"]]
    barred = [c["id"] for c in cards if c.get("free_play") is False]
    lead = M2_QUICK[lang][0]
    line = next(x for x in text(f"majority2.quick-reference.{lang}.md").splitlines()
                if lead in x)
    named = line.split(lead)[1].rstrip(".").split(", ")
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
        "players": {"en": "for 3 to 10 players", "it": "per 3–10 giocatori",
                    "fr": "pour 3 à 10 joueurs", "de": "für 3 bis 10 Personen",
                    "es": "para 3 a 10 jugadores"},
        "word cards": {"en": "206 word cards", "it": "206 carte parola", "fr": "206 cartes mot",
                       "de": "206 Wortkarten", "es": "206 cartas de palabra"},
        "vote cards": {"en": "40 vote cards", "it": "40 carte voto", "fr": "40 cartes vote",
                       "de": "40 Abstimmungskarten", "es": "40 cartas de voto"},
        "majority": {"en": "at least 2 votes and no other option has more",
                     "it": "almeno 2 voti e nessun'altra opzione ne ha di più",
                     "fr": "au moins 2 votes et qu'aucune autre option n'en a davantage",
                     "de": "mindestens 2 Stimmen hat und keine andere Option mehr hat",
                     "es": "al menos 2 votos y ninguna otra opción tiene más"},
        "score before": {"en": "counting P before this turn adds any card to the pile",
                         "it": "contando P prima che questo turno aggiunga carte alla pila",
                         "fr": "P étant compté avant que ce tour n'ajoute une carte à la pile",
                         "de": "bevor dieser Zug Karten auf den Stapel legt",
                         "es": "contando P antes de que este turno añada ninguna carta"},
        "last two": {"en": "Exactly two players left:", "it": "Ne restano esattamente due:",
                     "fr": "Il en reste exactement deux\u00a0:", "de": "Genau zwei sind übrig:",
                     "es": "Quedan exactamente dos:"},
        "no majority": {"en": "the round ends at once and nobody scores",
                        "it": "il round finisce subito e nessuno segna punti",
                        "fr": "la manche s'arrête aussitôt et personne ne marque",
                        "de": "endet die Runde sofort und niemand bekommt Punkte",
                        "es": "la ronda termina en el acto y nadie puntúa"},
        "first P": {"en": "P = 1", "it": "P = 1", "fr": "P = 1", "de": "P = 1", "es": "P = 1"},
        "end": {"en": "20 points or more", "it": "20 punti o più", "fr": "20 points ou plus",
                "de": "20 Punkte oder mehr", "es": "20 puntos o más"},
        "bank": {"en": "50 ones and 30 fives (200 points)",
                 "it": "50 carte da uno e 30 da cinque (200 punti)",
                 "fr": "50 cartes d'un point et 30 de cinq (200 points)",
                 "de": "50 Einer und 30 Fünfer (200 Punkte)",
                 "es": "50 cartas de uno y 30 de cinco (200 puntos)"},
        "variant": {"en": "The colour never changes how points are scored",
                    "it": "Il colore non cambia mai il modo di segnare i punti",
                    "fr": "La couleur ne change jamais la façon de marquer des points",
                    "de": "Die Farbe ändert nie etwas an der Punktewertung",
                    "es": "El color nunca cambia la forma de puntuar"},
        "shared win": {"en": "share the victory", "it": "si dividono la vittoria",
                       "fr": "se partagent la victoire", "de": "teilen sie sich den Sieg",
                       "es": "comparten la victoria"},
    },
    "majority.quick-reference": {
        "end": {"en": "**20 or more**", "it": "**20 o più**", "fr": "**20 ou plus**",
                "de": "**20 oder mehr**", "es": "**20 o más**"},
        "first P": {"en": "**P = 1**", "it": "**P = 1**", "fr": "**P = 1**", "de": "**P = 1**",
                    "es": "**P = 1**"},
        "score before": {"en": "(pile size *before* this turn's cards)",
                         "it": "(la pila *prima* delle carte di questo turno)",
                         "fr": "(la pile *avant* les cartes de ce tour)",
                         "de": "(der Stapel *vor* den Karten dieses Zuges)",
                         "es": "(la pila *antes* de las cartas de este turno)"},
        "bank": {"en": "50 × 1 and 30 × 5", "it": "50 da 1 e 30 da 5", "fr": "50 × 1 et 30 × 5",
                 "de": "50 × 1 und 30 × 5", "es": "50 × 1 y 30 × 5"},
    },
    "majority2": {
        "players": {"en": "exactly 2 players", "it": "per 2 giocatori esatti"},
        "deck": {"en": "60 member cards", "it": "60 carte membro"},
        "draw": {"en": "half of n, rounded up, plus 2",
                 "it": "metà di n, arrotondata per eccesso, più 2"},
        "misprint": {"en": "1 formed faction means 3 cards",
                     "it": "1 fazione formata significa 3 carte"},
        "end": {"en": "if the opponent (not the active player) has 5 or more formed factions",
                "it": "se l'avversario (non il giocatore di turno) ha 5 o più fazioni formate"},
        "tie": {"en": "the player without the start marker wins",
                "it": "vince il giocatore senza il segnalino del primo giocatore"},
        "ghost cost": {"en": "this kit prints 3 coins and no requirement",
                       "it": "questo kit stampa 3 monete e nessun requisito"},
        "coins": {"en": "The coin supply is 40", "it": "La riserva generale ha 40 monete"},
        "final 35": {"en": "| **Total** | **35** |", "it": "| **Totale** | **35** |"},
        "disc example": {"en": "for 14", "it": "più 3 monete: 14"},
        "free play option": {"en": "free_play_ignores_requirements",
                             "it": "free_play_ignores_requirements"},
    },
    "majority2.quick-reference": {
        "draw": {"en": "(0: 2; 1–2: 3; 3–4: 4; 5–6: 5; 7–8: 6)",
                 "it": "(0: 2; 1–2: 3; 3–4: 4; 5–6: 5; 7–8: 6)"},
        "coins": {"en": "3–4 of that colour give 1, 5+ give 2",
                  "it": "3–4 di quel colore danno 1, 5+ ne danno 2"},
        "tie": {"en": "the player without the start marker wins",
                "it": "vince il giocatore senza il segnalino del primo giocatore"},
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
