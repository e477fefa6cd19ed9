"""The studio's library side, without a server: a promo file's own cards (problems, preview,
PDF), a word list checked all at once, the effect vocabulary against the engine, the
balance verdict in words, and zips unpacked without trusting them."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from pnp.errors import DataError
from pnp.kits.promo_cards import card_preview, promo_problems, write_promo_pdf
from pnp.kits.word_lists import check_word_list
from pnp.render.decks import PrintOptions
from pnp.simulate.powerwords import approx
from pnp.web.studio.vocabulary import effect_vocabulary, promo_config
from pnp.web.studio.zips import unpack
from tests.conftest import FIXTURES
from tests.studiotools import (
    OVER_STRONG,
    climbing_zip,
    example_document,
    symlink_zip,
    zip_bomb,
    zip_bytes,
)
from tests.webtools import EXAMPLES


def _promo(tmp_path: Path, **changes) -> Path:
    document = example_document()
    document["cards"][0].update(changes)
    path = tmp_path / "promos.json"
    path.write_text(json.dumps(document, indent=2), "utf-8")
    return path


def test_a_promo_card_preview_is_the_printed_card_and_follows_its_cost(tmp_path):
    first = Image.open(io.BytesIO(card_preview(_promo(tmp_path, cost=1),
                                               "house-witches-grand-secretary")))
    second = Image.open(io.BytesIO(card_preview(_promo(tmp_path, cost=7),
                                                "house-witches-grand-secretary")))
    assert first.size == second.size == (372, 520)  # a poker card at 150 DPI
    assert first.tobytes() != second.tobytes()


def test_promo_problems_name_the_field(tmp_path):
    assert promo_problems(_promo(tmp_path)) == []
    found = promo_problems(_promo(tmp_path, colour="red", quantity=9))
    assert {(p.path, p.message) for p in found} == {
        ("$.cards[0].colour", "Witches are blue, not red"),
        ("$.cards[0].quantity", "9 copies cannot replace the 3 copies of witches-secretary")}
    long_title = promo_problems(_promo(tmp_path, title="An " + "extremely " * 8 + "long title"))
    assert long_title and "does not fit the 'title' box" in long_title[0].message


def test_the_card_pdf_holds_the_files_cards_alone(tmp_path):
    from pypdf import PdfReader

    path = tmp_path / "promos.json"
    path.write_text((EXAMPLES / "majority2-promo-cards.json").read_text("utf-8"), "utf-8")
    summary = write_promo_pdf(path, tmp_path / "cards.pdf", PrintOptions())
    document = json.loads(path.read_text("utf-8"))
    assert summary.cards == sum(c["quantity"] for c in document["cards"])
    text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "cards.pdf").pages)
    assert "Dragons Wyrm" in text and "Witches Secretary\n" not in text


def test_a_word_list_shows_every_problem_at_once(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("Apple\nBanana\nCafé\ncafe\npiĂą\n"
                    "Supercalifragilisticexpialidociousandevenlonger\nDog\n", "utf-8")
    found = check_word_list(path)
    by_line = {}
    for p in found.problems:
        by_line.setdefault(p.line, []).append(p.message)
    assert "duplicates 'Café' (line 3)" in by_line[4][0]
    assert any("garbled" in m and "più" in m for m in by_line[5])
    assert any("does not fit" in m for m in by_line[6])  # found in the same pass
    assert found.warnings and "odd number of words (7)" in found.warnings[0].message
    assert found.cleaned == ["Apple", "Banana", "Café", "più", "Dog"]
    assert [w.line for w in found.left_out] == [6]


def test_the_cleaned_word_list_builds(tmp_path, cli):
    path = tmp_path / "words.txt"
    path.write_text("Eins\nzwei\nZwei\nEi\u00ad\u00adnhorn\n", "utf-8")
    found = check_word_list(path, "de")
    assert found.cleaned == ["Eins", "zwei", "Ei\u00adnhorn"]
    (tmp_path / "clean.txt").write_text("\n".join(found.cleaned) + "\n", "utf-8")
    result = cli("validate", tmp_path / "clean.txt")
    assert result.exit_code == 0, result.output


def test_an_unreadable_word_list_is_one_clear_error(tmp_path):
    path = tmp_path / "words.csv"
    path.write_text("name\nApple\n", "utf-8")
    with pytest.raises(DataError, match="'word' column"):
        check_word_list(path)


def test_the_effect_vocabulary_is_the_engines():
    from pnp.games.majority2.effects import EFFECTS
    from pnp.games.majority2.state import STATIC

    offered = {e["do"] for e in effect_vocabulary()}
    assert offered == set(EFFECTS) | STATIC  # what the engine triggers, and its static rules
    draw = next(e for e in effect_vocabulary() if e["do"] == "draw")
    assert draw["params"] == [{"name": "count", "required": True, "kind": "number", "min": 1,
                               "max": 6},
                              {"name": "to", "required": True, "kind": "choice",
                               "choices": ["hand", "reserve"]}]
    config = promo_config()
    assert config["bounds"]["cost"] == [0, 20] and config["max_abilities"] == 3
    assert config["base"]["witches-secretary"]["vp"]["rule"] == "secretary-combo"
    # the balance test's counts: pnp simulate's default among them, and chosen unless told
    assert config["balance_default"] == 1000 and 1000 in config["balance_games"]


@pytest.mark.slow
def test_the_balance_verdict_in_words():
    from pnp.simulate.verdict import compare_promo, promo_in_words

    played = []
    summary = compare_promo(OVER_STRONG, 200, progress=played.append)
    assert sum(played) == 200
    words = promo_in_words(summary, "house-witches-grand-secretary",
                           {"witches-secretary": "Witches Secretary",
                            "house-witches-grand-secretary": "Witches Grand Secretary"})
    assert words["verdict"] == "stronger"
    assert words["headline"] == ("Witches Grand Secretary is stronger than the Witches "
                                 "Secretary it replaces.")
    vp = summary["promos"][0]["vp_per_copy"]
    assert f"95 % interval {vp['low']:.2f} VP more to {vp['high']:.2f} VP more" in \
        words["lines"][1]
    mde = vp["minimum_detectable_effect"]["effect"]
    assert words["power"].startswith(f"These 200 games show a difference of ±{mde:.2f} VP "
                                     f"per copy")


@pytest.mark.slow
def test_a_balance_verdict_of_no_clear_difference_says_what_it_could_miss():
    """A copy of a base card: "no clear difference", and how big a difference these games
    would have shown, and the games that would show the --vp-margin (0.1 VP per copy)."""
    from pnp.simulate.verdict import compare_promo, promo_in_words

    summary = compare_promo(FIXTURES / "majority2-twin-promo.json", 200)
    words = promo_in_words(summary, "bar-demons-clerk", {})
    assert words["verdict"] == "no clear difference"
    mde = summary["promos"][0]["vp_per_copy"]["minimum_detectable_effect"]
    assert words["power"].startswith(
        f"No clear difference is not no difference: these 200 games show a difference of "
        f"±{mde['effect']:.2f} VP per copy")
    assert words["power"].endswith(f"to see ±0.1 VP per copy, test ≈ "
                                   f"{approx(mde['games_for_target'])} games.")


@pytest.mark.parametrize("data, says", [
    (zip_bomb(), "refused as a zip bomb"),
    (climbing_zip(), "climbs out of the folder"),
    (symlink_zip(), "is a symbolic link"),
    (b"PK\x03\x04 not really a zip", "not a readable zip file"),
])
def test_hostile_zips_are_refused_before_anything_is_written(tmp_path, data, says):
    archive = tmp_path / "art.zip"
    archive.write_bytes(data)
    (tmp_path / "out").mkdir()
    with pytest.raises(DataError) as refused:
        unpack(archive, tmp_path / "out", "art.zip")
    assert says in str(refused.value)
    assert list((tmp_path / "out").iterdir()) == []
    assert not (tmp_path / "evil.png").exists()


def test_a_plain_zip_unpacks(tmp_path):
    archive = tmp_path / "art.zip"
    archive.write_bytes(zip_bytes([("my-art/ghost.png", b"1"), ("my-art/credits.txt", b"2")]))
    written = unpack(archive, tmp_path / "out", "art.zip")
    assert sorted(p.relative_to(tmp_path / "out").as_posix() for p in written) == \
        ["my-art/credits.txt", "my-art/ghost.png"]


def test_a_zip_twice_named_entry_is_refused(tmp_path):
    archive = tmp_path / "art.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("Ghost.png", b"1")
        zf.writestr("ghost.png", b"2")
    with pytest.raises(DataError, match="in the zip twice"):
        unpack(archive, tmp_path / "out", "art.zip")
