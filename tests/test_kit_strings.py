"""Every game's printed words come from `data/<game>/strings.<lang>.json`: the D20 cards'
reminders, the dice colours, the dividers' instructions, the sheet labels, the tuck boxes,
and the checker's setting names in the rule sheets."""

from __future__ import annotations

import json
import shutil

import pytest

from pnp.errors import DataError
from pnp.games.d20_stacks import printing as d20
from pnp.games.gamedata import load_content
from pnp.games.majority_rules import printing as dice
from pnp.games.strings import setting_texts
from pnp.kits.languages import localized_files
from pnp.render.rulesheet import fill_settings
from pnp.render.tuckbox import tuck_boxes

from conftest import ROOT


def _content(game: str, lang: str):
    return load_content(game, overrides=localized_files(game, lang))


def test_d20_cards_carry_their_reminders_in_the_kits_language():
    deck, = d20.decks(_content("d20-stacks", "it"))
    notes = {card.front.fields["note"] for card in deck.cards}
    assert notes == {"", "trattino = 0 · apre sempre un mazzetto nuovo, mai sopra un altro",
                     "il 20 chiude il mazzetto"}
    assert deck.title == "Carte D20" and deck.cards[0].name == "Carta D20 –"
    words = d20.sheet_words(_content("d20-stacks", "it"))
    assert words.labels(["Carte D20"], 1, "fronts")[0] == \
        "D20 Stacks · Carte D20 · foglio 1, fronte"


def test_the_d20_tuck_box_speaks_italian():
    content = _content("d20-stacks", "it")
    box = tuck_boxes(d20.sheet_words(content), d20.decks(content), _room())
    texts = {t.text for piece in box.pieces for t in piece.texts}
    assert {"54 carte", "COLLA", "Carte D20"} <= texts and box.title == "Scatole"


def _room():
    """Whether a piece fits an A4 sheet (tuck_boxes asks for each net)."""
    from functools import partial

    from pnp.render.decks import PrintOptions
    from pnp.render.printables import piece_fits

    return partial(piece_fits, options=PrintOptions())


def test_dice_colours_marks_and_dividers_are_translated():
    content = _content("majority-rules", "it")
    nets = dice.dice_nets(content)
    tabs = {piece.label.split()[0]: t.text for piece in nets.pieces for t in piece.texts
            if t.text.isupper() and len(t.text) > 2}
    assert tabs == {"Blue": "BLU", "Red": "ROSSO", "Yellow": "GIALLO", "Green": "VERDE",
                    "Gold": "ORO"}
    assert dice.colour_marks(["Blu", "Rosso", "Giallo", "Verde", "Oro"]) == {
        "Blu": "B", "Rosso": "R", "Giallo": "G", "Verde": "V", "Oro": "O"}
    dividers = dice.dividers(content)
    assert dividers.title == "Divisori"
    words = {t.text for piece in dividers.pieces for t in piece.texts}
    assert "MAJORITY RULES! · A" in words and any(w.startswith("Fessura in alto") for w in words)


def test_a_dice_colour_without_words_names_both_files(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "majority-rules", data / "majority-rules")
    path = data / "majority-rules" / "strings.en.json"
    said = json.loads(path.read_text("utf-8"))
    del said["colours"]["Gold"]
    path.write_text(json.dumps(said), "utf-8")
    with pytest.raises(DataError) as caught:
        load_content("majority-rules", data)
    problem, = caught.value.problems
    assert problem.file == str(path) and problem.path == "$.colours"
    assert "'Gold'" in problem.message and "components.json $.dice[4].colour" in \
        problem.message


def test_settings_print_in_the_strings_files_words():
    said = json.loads((ROOT / "data" / "d20-stacks" / "strings.it.json").read_text("utf-8"))
    texts = setting_texts(said)
    assert texts["new_stack=only_if_blocked"] == \
        "«Mazzetto nuovo: solo se la carta non va su nessun mazzetto»"
    english = json.loads((ROOT / "data" / "d20-stacks" / "strings.en.json").read_text("utf-8"))
    assert setting_texts(english)["new_stack=only_if_blocked"] == "new_stack=only_if_blocked"
    text = "a\n(tell the checker: {setting:new_stack=only_if_blocked}.)\n"
    assert fill_settings(text, "r.md", setting_texts(english)) == \
        "a\n(tell the checker: new_stack=only_if_blocked.)\n"


def test_an_unknown_setting_is_an_error_at_its_line():
    with pytest.raises(DataError) as caught:
        fill_settings("# T\n\nsay {setting:new_stak=always}\n", "r.md",
                      {"new_stack=always": "x"})
    problem, = caught.value.problems
    assert (problem.file, problem.line) == ("r.md", 3)
    assert "unknown setting {setting:new_stak=always}; known: new_stack=always" in \
        problem.message
