"""Score pads: one vector page per game on both papers, the rules they remind players of,
repeats expanded from data, and errors that name the data file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pnp.errors import DataError, FitError
from pnp.render.fonts import font_set
from pnp.render.scorepad import load_score_pad, render_score_pad

from conftest import ROOT
from pdftools import A4, LETTER, fonts, image_count, page_sizes, text

PADS = ROOT / "templates" / "score-pads"
EXPECTED = {
    "majority": ["The Majority — score pad", "Player 10", "Round", "20 points ends the game"],
    "majority-rules": ["Majority Rules! — score pad", "Gold die", "Player 4", "Total",
                       "Target 500 points"],
    "majority2": ["The Majority 2 — final score", "Score-area card", "VP",
                  "Secretary combos", "Coins, face up and face down", "Start marker?",
                  "the player WITHOUT the start marker wins"],
    "d20-stacks": ["D20 Stacks — stack tally", "Stack", "Cards", "Point", "Points",
                   "more cards than every other player"],
}


@pytest.fixture(scope="module", params=["a4", "letter"])
def pads(request, tmp_path_factory) -> tuple[str, dict[str, Path]]:
    out = tmp_path_factory.mktemp(f"pads-{request.param}")
    built = {}
    for game in EXPECTED:
        pdf = render_score_pad(load_score_pad(PADS / f"{game}.json"), request.param, font_set())
        built[game] = out / f"{game}.pdf"
        pdf.write(built[game])
    return request.param, built


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_one_vector_page_with_the_reminders(pads, game):
    paper, built = pads
    path = built[game]
    assert page_sizes(path) == [A4 if paper == "a4" else LETTER]
    extracted = re.sub(r"\s+", " ", text(path))
    assert [e for e in EXPECTED[game] if e not in extracted] == []
    used = fonts(path)
    assert used and all(used.values()) and b"Helvetica" not in path.read_bytes()
    assert image_count(path) == 0


def test_repeats_expand_into_columns_groups_and_rows():
    pad = load_score_pad(PADS / "majority-rules.json")
    table = pad.tables[0]
    assert [g.label for g in table.groups] == [f"Player {n}" for n in range(1, 5)]
    assert [c.label for c in table.columns][:4] == ["Round", "Gold die", "Round", "Total"]
    assert len(table.columns) == 2 + 4 * 2
    assert [r.label for r in table.rows] == [str(n) for n in range(1, 21)]
    majority = load_score_pad(PADS / "majority.json").tables[0]
    assert len(majority.groups) == 10


def test_same_pad_same_bytes():
    pad = load_score_pad(PADS / "majority2.json")
    assert render_score_pad(pad, "a4", font_set()).data == \
        render_score_pad(pad, "a4", font_set()).data


def _pad(tmp_path: Path, table: dict, notes: list[str] | None = None) -> Path:
    path = tmp_path / "pad.json"
    doc = {"$schema": "../../pnp/schemas/score-pad.schema.json", "title": "Test pad",
           "tables": [table], "notes": notes or []}
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return path


def test_columns_wider_than_the_page_are_an_error_naming_the_file(tmp_path):
    path = _pad(tmp_path, {"columns": [{"label": "Wide", "width": 150, "repeat": 2}],
                           "rows": [{"label": "1"}]})
    with pytest.raises(FitError) as caught:
        render_score_pad(load_score_pad(path), "a4", font_set())
    assert caught.value.problems[0].file == str(path)
    assert "columns need more than" in caught.value.problems[0].message


def test_too_many_rows_for_one_page_is_an_error(tmp_path):
    path = _pad(tmp_path, {"columns": [{"label": "A"}], "rows": [{"label": "{n}",
                                                                  "repeat": 60}],
                           "row_height": 12})
    with pytest.raises(FitError, match="does not fit on one a4 page"):
        render_score_pad(load_score_pad(path), "a4", font_set())


def test_bad_markup_in_a_note_names_its_line(tmp_path):
    path = _pad(tmp_path, {"columns": [{"label": "A"}], "rows": [{"label": "1"}]},
                notes=["fine", "**unclosed"])
    with pytest.raises(DataError) as caught:
        load_score_pad(path)
    problem = caught.value.problems[0]
    lines = path.read_text().splitlines()
    assert "**unclosed" in lines[problem.line - 1]
    assert "unclosed" in problem.message


def test_schema_rejects_unknown_keys_with_file_and_line(tmp_path):
    path = _pad(tmp_path, {"columns": [{"label": "A", "colour": "red"}], "rows": [{}]})
    with pytest.raises(DataError) as caught:
        load_score_pad(path)
    assert any(p.file == str(path) and p.line for p in caught.value.problems)


def test_a_header_never_breaks_inside_a_word(tmp_path):
    """Majority Rules!' narrow "Round" column: the word shrinks to fit, never "Roun / d"."""
    import pdfplumber

    from pnp.kits.build import run_build
    from pnp.kits.request import BuildRequest

    run_build(BuildRequest(games=("majority-rules",), components=("score-pad",),
                           out_dir=tmp_path))
    with pdfplumber.open(str(tmp_path / "majority-rules" / "score-pad.pdf")) as pdf:
        words = [w["text"] for w in pdf.pages[0].extract_words()]
    assert words.count("Round") == 5  # the round column and each player's round points
    assert "Roun" not in words and "d" not in words


TRANSLATED = sorted(PADS.glob("*.*.json"))


def _shape(value):
    """A pad with every text blanked: what must not change in translation (layout, repeats,
    widths, numbers of rows and columns)."""
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items() if k != "description"}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return "" if isinstance(value, str) else value


def _texts(value) -> list[str]:
    if isinstance(value, dict):
        return [t for k, v in value.items() if k not in ("$schema", "description")
                for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return [value] if isinstance(value, str) else []


def test_every_game_has_an_italian_score_pad():
    assert {p.name.split(".")[0] for p in PADS.glob("*.it.json")} == set(EXPECTED)


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: p.name)
def test_a_translated_pad_keeps_the_english_pads_shape_and_numbers(path):
    english = json.loads((PADS / f"{path.name.split('.')[0]}.json").read_text("utf-8"))
    translated = json.loads(path.read_text("utf-8"))
    assert _shape(translated) == _shape(english)
    numbers = [re.findall(r"\d+", " ".join(_texts(d["notes"]))) for d in (english, translated)]
    assert sorted(numbers[0]) == sorted(numbers[1])
    assert translated["title"] != english["title"]


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: p.name)
def test_a_translated_pad_is_one_page_on_both_papers(path, tmp_path):
    for paper, size in (("a4", A4), ("letter", LETTER)):
        out = tmp_path / f"{paper}.pdf"
        render_score_pad(load_score_pad(path), paper, font_set()).write(out)
        assert page_sizes(out) == [size]
