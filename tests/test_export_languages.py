"""`pnp export png|shop|tts|cut --lang L`: the cards in that language, every file named
`-L` beside the English ones, as `pnp build --lang L` names its PDFs."""

from __future__ import annotations

import json

from kittools import pdf_text

from pnp.kits.export import export_decks
from pnp.kits.request import BuildRequest


def test_exported_decks_are_the_languages_own_and_named_for_it(tmp_path):
    (game, title, decks), = export_decks(BuildRequest(games=("d20-stacks",), lang="it",
                                                      out_dir=tmp_path))
    deck, = decks
    assert (game, deck.id, deck.title) == ("d20-stacks", "d20-cards-it", "Carte D20")
    assert {c.front.fields["note"] for c in deck.cards} >= {"il 20 chiude il mazzetto"}
    english, = export_decks(BuildRequest(games=("d20-stacks",), lang="en",
                                         out_dir=tmp_path))[0][2]
    assert english.id == "d20-cards" and english.title == "D20 cards"


def test_a_shop_pdf_in_italian_beside_the_english_one(cli, tmp_path):
    for extra in ((), ("--lang", "it")):
        result = cli("export", "shop", "majority", "-c", "variant-card", "--out", tmp_path,
                     *extra)
        assert result.exit_code == 0, result.stderr
    shop = tmp_path / "majority" / "shop"
    assert sorted(p.name for p in shop.iterdir()) == ["variant-card-it.pdf",
                                                      "variant-card.pdf"]
    italian = " ".join(pdf_text(shop / "variant-card-it.pdf").split())
    assert "La più logica" in italian and "Most logical" not in italian


def test_a_language_the_game_lacks_is_refused_naming_the_languages(cli, tmp_path):
    result = cli("export", "png", "majority2", "--lang", "fr", "--out", tmp_path)
    assert result.exit_code == 2
    assert "majority2: en, it" in result.stderr
    assert not (tmp_path / "majority2").exists()


def test_cut_files_follow_the_languages_pdfs(cli, tmp_path):
    assert cli("build", "d20-stacks", "--lang", "it", "-c", "d20-cards", "-c", "tuck-box",
               "--out", tmp_path, "--no-gallery").exit_code == 0
    result = cli("export", "cut", "d20-stacks", "--lang", "it", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    assert "d20-cards-it-p001.svg" in result.stdout
    assert "for " + str(tmp_path / "d20-stacks" / "d20-cards-it.pdf") + " page 1" in \
        result.stdout


def test_a_tts_deck_names_its_cards_in_the_language(cli, tmp_path):
    result = cli("export", "tts", "d20-stacks", "--lang", "it", "--dpi", "72", "--out",
                 tmp_path)
    assert result.exit_code == 0, result.stderr
    saved = json.loads((tmp_path / "d20-stacks" / "tts" / "d20-cards-it.json")
                       .read_text("utf-8"))
    deck = saved["ObjectStates"][0]
    names = {card["Nickname"] for card in deck["ContainedObjects"]}
    assert "Carta D20 –" in names and "Carta D20 20" in names
    assert deck["Nickname"] == "D20 Stacks: Carte D20"
