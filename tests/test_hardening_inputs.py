"""Hostile and broken inputs (issue 10): each is exit 2 with a located message, never a
traceback or a hang, and nothing already built is lost."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from pnp.render.fonts import font_set
from pnp.render.textfit import fit_text

from conftest import ROOT

DATA = ROOT / "data"
EXAMPLES = DATA / "examples"


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _located(stderr: str, file: Path, line: int | None = None) -> None:
    """Every error line names the file (and the line when one is given); no traceback."""
    assert "Traceback" not in stderr
    errors = [x for x in stderr.splitlines() if x.startswith("error:")]
    assert errors, stderr
    where = f"{file}:{line}:" if line else f"{file}"
    assert any(where in x for x in errors), stderr


# --- JSON the parser must refuse cleanly -------------------------------------------------

@pytest.mark.parametrize(("text", "message"), [
    ('{"cards": ' + "[" * 600 + "]" * 600 + "}", "nested more than 64 levels deep"),
    ('{"cards": [' + "7" * 5000 + "]}", "number literal of 5000 characters"),
    ('{"cards": [1e400]}', "not a finite number"),
    ('{"cards": [NaN]}', "NaN is not a JSON number"),
    ('{"cards": [-Infinity]}', "-Infinity is not a JSON number"),
    ('{"cards": [Infinity]}', "Infinity is not a JSON number"),
])
def test_validate_refuses_unparseable_numbers_and_nesting(cli, tmp_path, text, message):
    bad = _write(tmp_path / "words.json", '{"$schema": "majority-words.schema.json",\n'
                 + text[1:])
    result = cli("validate", bad)
    assert result.exit_code == 2
    _located(result.stderr, bad, 2)
    assert message in result.stderr


def test_build_words_nested_too_deep_is_exit_2(cli, tmp_path):
    bad = _write(tmp_path / "w.json", "[" * 2000 + "]" * 2000)
    result = cli("build", "majority", "-c", "word-cards", "--words", bad, "--out", tmp_path)
    assert result.exit_code == 2
    _located(result.stderr, bad, 1)


@pytest.mark.parametrize("junk", ["[" * 3000, "7" * 4400, "1e400", '"G\\ud800"'])
def test_check_refuses_broken_players(cli, tmp_path, junk):
    record = _write(tmp_path / "r.json", '{"game": "majority",\n "players": [' + junk + "]}")
    result = cli("check", record)
    assert result.exit_code == 2
    _located(result.stderr, record, 2)


def test_lone_surrogate_in_a_player_name_is_exit_2_not_an_encoding_crash(cli, tmp_path):
    record = json.loads((EXAMPLES / "majority-legal.json").read_text("utf-8"))
    text = json.dumps(record, indent=1).replace('"Ana"', '"Ana\\ud800"')
    path = _write(tmp_path / "r.json", text)
    result = cli("check", path)
    assert result.exit_code == 2
    assert "surrogate" in result.stderr
    _located(result.stderr, path)


# --- Files that are not regular files, or too big -------------------------------------

@pytest.fixture
def specials(tmp_path):
    """A FIFO, a symlink to /dev/zero, and a sparse file over the 16 MB cap."""
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(17 * 1024 * 1024)
    return {"fifo": fifo, "zero": zero, "big": big}


@pytest.mark.parametrize("kind", ["fifo", "zero", "big"])
def test_validate_refuses_special_and_huge_files_without_hanging(cli, specials, kind):
    started = time.monotonic()
    result = cli("validate", specials[kind])
    assert time.monotonic() - started < 10
    assert result.exit_code == 2
    _located(result.stderr, specials[kind])
    assert ("not a regular file" in result.stderr) == (kind != "big")


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_build_words_and_font_refuse_special_files(cli, specials, tmp_path, kind):
    words = specials[kind].with_suffix(".txt")
    specials[kind].rename(words)
    result = cli("build", "majority", "-c", "word-cards", "--words", words, "--out", tmp_path)
    assert result.exit_code == 2
    _located(result.stderr, words)
    result = cli("build", "majority", "-c", "word-cards", "--font", words, "--out", tmp_path)
    assert result.exit_code == 2
    assert "not a regular file" in result.stderr


@pytest.mark.parametrize("kind", ["fifo", "zero", "big"])
def test_check_record_naming_a_special_promo_file(cli, specials, tmp_path, kind):
    record = json.loads((EXAMPLES / "majority2-custom-promos.json").read_text("utf-8"))
    record["promos"] = str(specials[kind])
    path = _write(tmp_path / "r.json", json.dumps(record, indent=1))
    result = cli("check", path)
    assert result.exit_code == 2
    _located(result.stderr, specials[kind])


def test_errors_about_a_referenced_file_never_show_its_content(cli, tmp_path):
    secret = _write(tmp_path / "secret.json", '{"set": "promo", "api_token": "hunter2",\n'
                    ' "cards": [{"password": "swordfish"}]}')
    record = json.loads((EXAMPLES / "majority2-custom-promos.json").read_text("utf-8"))
    record["promos"] = str(secret)
    path = _write(tmp_path / "r.json", json.dumps(record, indent=1))
    result = cli("check", path)
    assert result.exit_code == 2
    _located(result.stderr, secret, 1)
    for leaked in ("hunter2", "api_token", "password", "swordfish"):
        assert leaked not in result.stderr
    garbled = _write(tmp_path / "secret.json", "top secret words\n")
    result = cli("check", path)
    assert result.exit_code == 2
    _located(result.stderr, garbled, 1)
    assert "secret words" not in result.stderr and "'t'" not in result.stderr


# --- Rule texts, word lists, diagrams, score pads, text fitting ------------------------

@pytest.mark.parametrize("text", ["", "   \n\n\t\n"])
def test_empty_rule_text_is_exit_2(cli, tmp_path, text):
    rules = _write(tmp_path / "t" / "rules" / "majority.en.md", text)
    result = cli("build", "majority", "-c", "rules", "--templates", tmp_path / "t",
                 "--out", tmp_path / "o")
    assert result.exit_code == 2
    _located(result.stderr, rules, 1)
    assert "empty" in result.stderr


def test_csv_cell_over_the_csv_module_limit_is_exit_2(cli, tmp_path):
    words = _write(tmp_path / "w.csv", "word\nDoor\n" + "x" * 140_000 + "\nZebra\n")
    result = cli("validate", words)
    assert result.exit_code == 2
    _located(result.stderr, words, 3)
    result = cli("build", "majority", "-c", "word-cards", "--words", words, "--out", tmp_path)
    assert result.exit_code == 2
    _located(result.stderr, words, 3)


def test_diagram_name_longer_than_a_file_name_is_an_unknown_diagram(cli, tmp_path):
    rules = _write(tmp_path / "t" / "rules" / "majority.en.md",
                   "# Title\n\n![Big](diagram:" + "a" * 300 + ")\n")
    result = cli("build", "majority", "-c", "rules", "--templates", tmp_path / "t",
                 "--out", tmp_path / "o")
    assert result.exit_code == 2
    _located(result.stderr, rules, 3)
    assert "unknown diagram" in result.stderr


def test_score_pad_column_too_narrow_is_exit_2(cli, tmp_path):
    pad = json.loads((ROOT / "templates" / "score-pads" / "majority.json").read_text("utf-8"))
    pad["tables"][0]["columns"][0]["width"] = 1
    path = _write(tmp_path / "t" / "score-pads" / "majority.json", json.dumps(pad, indent=1))
    result = cli("build", "majority", "-c", "score-pad", "--templates", tmp_path / "t",
                 "--out", tmp_path / "o")
    assert result.exit_code == 2
    _located(result.stderr, path)


@pytest.mark.parametrize("size", [1e20, 1e300, float("inf")])
def test_fit_text_is_bounded_for_absurd_sizes(size):
    started = time.monotonic()
    fitted = fit_text("Giraffe", font_set().regular, 100, 40, size, 6, wrap=True)
    assert time.monotonic() - started < 1
    assert fitted is not None and 6 <= fitted.size <= 200


def test_fit_text_bisection_matches_a_step_by_step_scan():
    vera = font_set().regular
    for text in ("A", "Hello there world", "Pneumonoultramicroscopic word list", "x " * 40):
        for width, height in ((40, 20), (120, 60), (300, 30)):
            expected = None
            size = 24.0
            while size >= 4:
                fitted = fit_text(text, vera, width, height, size, size, wrap=True)
                if fitted:
                    expected = fitted
                    break
                size -= 0.5
            assert fit_text(text, vera, width, height, 24, 4, wrap=True) == expected


def test_a_validated_file_is_remembered_by_its_text_not_its_name(tmp_path):
    from pnp.content.sources import load_source
    from pnp.errors import DataError

    path = tmp_path / "deck.json"
    good = (DATA / "d20-stacks" / "deck.json").read_text("utf-8")
    path.write_text(good, encoding="utf-8")
    first, second = load_source(path, "d20-deck"), load_source(path, "d20-deck")
    assert first.value == second.value and first.value is not second.value
    first.value["cards"].clear()  # a caller's change never reaches the next caller
    assert load_source(path, "d20-deck").value["cards"]
    path.write_text(good.replace('"count": ', '"count": -', 1), encoding="utf-8")
    with pytest.raises(DataError):
        load_source(path, "d20-deck")


def test_a_word_list_of_too_many_cards_is_refused(cli, tmp_path):
    words = _write(tmp_path / "w.txt", "".join(f"word{n}\n" for n in range(10_002)))
    result = cli("validate", words)
    assert result.exit_code == 2
    assert f"{words}: 5001 word cards: at most 5000" in result.stderr
