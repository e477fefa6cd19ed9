"""The Majority 2's kit: members, promos and Ghosts, tokens, player aid, custom promos."""

import json
from pathlib import Path

import pdfplumber
import pytest
from kittools import page_texts
from kittools import pdf_text as text

from pnp.games import GAMES
from pnp.games.gamedata import load_content
from pnp.games.majority2 import printing
from pnp.kits.build import run_build
from pnp.kits.request import BuildRequest
from pnp.render.decks import PrintOptions

from conftest import ROOT
from pdftools import A4, MM, fonts, page_sizes

FILES = {"members": 14, "promo-members": 4, "tokens": 2, "player-aid": 2}
COMPONENTS = ("members", "promo-members", "colour-discs", "player-aid")
EXAMPLE = ROOT / "data" / "examples" / "majority2-promo-cards.json"


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("kit2")
    run_build(BuildRequest(games=("majority2",), components=COMPONENTS, out_dir=out))
    return out / "majority2"


@pytest.fixture(scope="module")
def content():
    return load_content("majority2")


def build(out: Path, component: str, **options) -> Path:
    promos = tuple(options.pop("promos", ()))
    run_build(BuildRequest(games=("majority2",), components=(component,), out_dir=out,
                           options=PrintOptions(**options), promos=promos))
    return next((out / "majority2").glob("*.pdf"))


def test_files_and_page_counts(kit):
    assert {p.stem: len(page_sizes(p)) for p in kit.glob("*.pdf")} == FILES


@pytest.mark.parametrize("name", sorted(FILES))
def test_a4_pages_and_embedded_fonts_only(kit, name):
    path = kit / f"{name}.pdf"
    assert set(page_sizes(path)) == {A4}
    used = fonts(path)
    assert used and all(used.values()), used
    assert not any("Helvetica" in f for f in used)


def test_every_member_with_title_cost_vp_and_copies(kit, content):
    words = text(kit / "members.pdf")
    assert len(content.members) == 25 and sum(m.quantity for m in content.members) == 60
    for member in content.members:
        assert words.count(member.title) == member.quantity, member.title
        assert f"{member.vp.base} VP" in words
    assert words.count("NOT IN FREE PLAY") == sum(
        m.quantity for m in content.members if not m.free_play)
    for colour in ("blue", "green", "red", "pink", "black"):
        assert words.count(f"currently {colour}") == 3
        assert f"Needs 1 formed {colour} faction" in words
        assert f"Needs 2 formed {colour} factions" in words


def test_promos_and_ghosts_are_marked(kit, content):
    words = " ".join(text(kit / "promo-members.pdf").split())
    assert words.count("PROMO") == 11 and words.count("ADDITIONAL") == 2
    for member in content.promos:
        assert member.title in words
    assert "+1 VP for each different colour in your score area" in words


def test_member_fields_spell_out_the_rules(content):
    cards = content.cards
    secretary = printing.member_face(cards["witches-secretary"], content).fields
    assert secretary["rule_in_body"] and secretary["stars"] == 2
    assert secretary["vp_rule"] == ("+2 VP for each other Secretary in your score area that "
                                    "is currently blue")
    veteran = printing.member_face(cards["demons-veteran"], content).fields
    assert veteran["not_free_play"] and veteran["plain"] and veteran["vp"] == "6 VP"
    ghost = printing.member_face(cards["ghost"], content).fields
    assert ghost["set_mark"] == "ADDITIONAL" and ghost["colour_label"] == "no colour"
    assert ghost["ability"].count("•") == 2


def test_every_faction_has_its_own_symbol_for_grey_printouts(content):
    symbols = [f.symbol for f in content.factions.values()]
    assert len(set(symbols)) == len(symbols)


def test_player_aid_tables():
    assert printing.draw_table() == [("0", 2), ("1–2", 3), ("3–4", 4), ("5–6", 5), ("7–8", 6)]
    assert [printing.faction_coins(n) for n in range(7)] == [0, 0, 0, 1, 1, 2, 2]


def test_player_aid_texts(kit):
    words = text(kit / "player-aid.pdf")
    for phrase in ("1 Income", "6 Cleanup", "Veteran", "4 coins + 1 formed",
                   "2 coins + 2 formed", "1–2", "7–8", "FORMING A FACTION", "2 coins"):
        assert phrase in words, phrase


def test_player_aid_is_its_own_component(cli, tmp_path):
    result = cli("build", "majority2", "-c", "player-aid", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    assert [p.name for p in (tmp_path / "majority2").glob("*.pdf")] == ["player-aid.pdf"]


def test_every_listed_component_can_be_built_alone():
    for game in GAMES.values():
        if game.decks is None:
            continue
        content = load_content(game.id)
        printed = {d.id for d in game.decks(content)}
        assert {c.id for c in game.components(content)} <= printed, game.id


def _centres(path: Path, page: int) -> tuple[dict[str, tuple[float, float]], float]:
    """Centre (mm from the top-left) of each word on a page, and the page width in mm."""
    with pdfplumber.open(str(path)) as pdf:
        words = pdf.pages[page].extract_words()
        width = float(pdf.pages[page].width) / MM
    return {w["text"]: ((w["x0"] + w["x1"]) / 2 / MM, (w["top"] + w["bottom"]) / 2 / MM)
            for w in words}, width


@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_disc_backs_land_behind_their_fronts(tmp_path, backs):
    path = build(tmp_path, "colour-discs", backs=backs, offset_x=0)
    fronts, width = _centres(path, 0)
    back_page, _ = _centres(path, 1)
    height = A4[1] / MM
    for colour in ("BLUE", "GREEN", "RED", "PINK", "BLACK"):
        fx, fy = fronts[colour]
        bx, by = back_page.get(colour) or back_page[colour[::-1]]  # upside down: reversed
        if backs == "duplex-long":  # portrait sheet turned over its long edge: mirrored in x
            assert (bx, by) == (pytest.approx(width - fx, abs=0.2), pytest.approx(fy, abs=0.2))
        else:  # turned over its short edge: mirrored in y (and drawn upside down)
            assert (bx, by) == (pytest.approx(fx, abs=0.2), pytest.approx(height - fy, abs=0.6))


def test_coins_have_a_spendable_and_a_spent_side(tmp_path):
    path = build(tmp_path, "coins")
    assert len(page_sizes(path)) == 2  # discs, coins and marker share one duplex sheet
    pages = page_texts(path)[0:2]
    assert pages[0].count("Face up: can") == 40 and "Spent" not in pages[0]
    assert pages[1].count("Spent") == 40


def test_coin_faces_in_fold_mode_share_a_page(tmp_path):
    path = build(tmp_path, "coins", backs="fold")
    words = text(path)
    assert words.count("Spent") == 40 and words.count("Face up") == 40


def test_tokens_are_byte_identical_on_a_rebuild(tmp_path):
    first = build(tmp_path / "a", "coins").read_bytes()
    assert build(tmp_path / "b", "coins").read_bytes() == first


def test_disc_labels_and_start_marker(tmp_path):
    words = text(build(tmp_path, "colour-discs"))
    for colour in ("BLUE", "GREEN", "RED", "PINK", "BLACK"):
        assert words.count(colour) == 2  # front and back
    assert "Start player" in words


def test_custom_promo_file_end_to_end(cli, tmp_path):
    result = cli("build", "majority2", "--promos", EXAMPLE, "-c", "promo-members", "--out",
                 tmp_path)
    assert result.exit_code == 0, result.stderr
    words = text(tmp_path / "majority2" / "promo-members.pdf")
    for title in ("Dragons Wyrm", "Angels Herald", "Poltergeist", "Independent Ghost"):
        assert title in words
    assert words.count("PROMO") == 13 and words.count("ADDITIONAL") == 3
    assert "+3 VP for each other Secretary" in words


def test_example_promo_file_validates(cli):
    result = cli("validate", EXAMPLE)
    assert result.exit_code == 0, result.stderr


def _promo_file(tmp_path: Path, **changes) -> Path:
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    doc["cards"][0].update(changes)
    path = tmp_path / "bad-promos.json"
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return path


def test_bad_custom_promo_names_file_line_and_path(cli, tmp_path):
    path = _promo_file(tmp_path, faction="goblins")
    line = path.read_text(encoding="utf-8").splitlines().index('      "faction": "goblins",') + 1
    result = cli("build", "majority2", "--promos", path, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert f"{path}:{line}: $.cards[0].faction: unknown faction 'goblins'" in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_custom_promo_text_too_long_names_the_card_in_the_users_file(cli, tmp_path):
    path = _promo_file(tmp_path, abilities=["Discard everything. " * 30])
    result = cli("build", "majority2", "--promos", path, "--out", tmp_path / "out")
    assert result.exit_code == 2
    line = path.read_text(encoding="utf-8").splitlines().index("    {") + 1
    assert f"{path}:{line}: $.cards[0]: Dragons Wyrm (house-dragons-wyrm)" in result.stderr
    assert "does not fit the 'ability' box" in result.stderr


def test_promos_need_majority2(cli, tmp_path):
    result = cli("build", "d20-stacks", "--promos", EXAMPLE, "--out", tmp_path)
    assert result.exit_code == 2 and "add the game 'majority2'" in result.stderr
