"""A paper too small for a piece builds the rest: the dividers become fold-to-stand walls
where those fit, anything that fits no way is left out with a warning naming it and a
paper that holds it."""

from __future__ import annotations

import pytest

from pnp.games.gamedata import load_content
from pnp.games.majority_rules import printing

from pdftools import page_sizes, text, text_edge_distance


@pytest.mark.slow
def test_a5_builds_the_majority_rules_kit_with_standing_walls(cli, tmp_path):
    result = cli("build", "majority-rules", "--paper", "a5", "--out", tmp_path,
                 "--no-gallery")
    assert result.exit_code == 0, result.stderr
    out = tmp_path / "majority-rules"
    assert page_sizes(out / "dice.pdf") and page_sizes(out / "dividers.pdf")
    assert (out / "kit.pdf").is_file()
    walls = printing.dividers(load_content("majority-rules"), "a5")
    assert len(walls.pieces) == 4 and "walls" in walls.title
    slotted = printing.dividers(load_content("majority-rules"), "a4")
    assert len(slotted.pieces) == 2


@pytest.mark.slow
def test_a5_builds_every_game_and_names_what_it_leaves_out(cli, tmp_path):
    result = cli("build", "--paper", "a5", "--out", tmp_path, "--no-gallery")
    assert result.exit_code == 0, result.stderr
    for game in ("majority", "majority2", "majority-rules", "d20-stacks"):
        assert (tmp_path / game / "kit.pdf").is_file(), game
    left_out = [x for x in result.stderr.splitlines() if "left out" in x]
    assert left_out, result.stderr
    for line in left_out:
        assert "fit a5" in line or "fit one a5 page" in line
        assert "--paper" in line and "holds it" in line


def test_a6_leaves_out_the_dividers_naming_a_paper_that_fits(cli, tmp_path):
    result = cli("build", "majority-rules", "-c", "dice", "-c", "dividers", "--paper", "a6",
                 "--out", tmp_path, "--no-gallery")
    assert result.exit_code == 0, result.stderr
    assert "warning: majority-rules: Screen dividers (dividers): left out: a 250 × 120 mm " \
           "piece does not fit a6; --paper letter holds it" in result.stderr
    assert (tmp_path / "majority-rules" / "dice.pdf").is_file()
    assert not (tmp_path / "majority-rules" / "dividers.pdf").exists()


@pytest.mark.slow
def test_each_game_says_what_it_leaves_out(cli, tmp_path):
    """Games share file and component names (every game has a quick reference and a tuck
    box): each game's left-out piece is its own warning, naming the game (one name used to
    hide the others)."""
    games = ("majority", "majority2", "majority-rules", "d20-stacks")
    result = cli("build", "--paper", "a6", "-c", "quick-reference", "--out", tmp_path,
                 "--no-gallery")
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if "left out" in line]
    for game in games:
        said = [line for line in lines if line.startswith(f"nothing to build on a6: {game}")
                or f"; {game}" in line or line.startswith(f"warning: {game}:")]
        assert said and "quick-reference.pdf" in said[0], (game, lines)
    boxed = ("majority", "majority2", "d20-stacks")  # Majority Rules! has no card deck
    result = cli("build", *boxed, "-c", "tuck-box", "--paper", "a6", "--out", tmp_path,
                 "--no-gallery")
    assert result.exit_code == 2
    for game in boxed:
        assert f"{game}: Tuck boxes (tuck-box): left out:" in result.stderr, game


def test_nothing_that_fits_is_exit_2(cli, tmp_path):
    result = cli("build", "majority-rules", "-c", "dividers", "--paper", "a6",
                 "--out", tmp_path, "--no-gallery")
    assert result.exit_code == 2
    assert "nothing to build on a6" in result.stderr and "--paper letter" in result.stderr


@pytest.mark.slow
def test_a_table_too_wide_for_the_paper_shrinks_instead_of_running_off_it(cli, tmp_path):
    """The Italian Majority 2 rules' member table ran 5.65 mm off an A6 page (its columns'
    longest words were wider than the page): its type shrinks (not below 6 pt), and a word
    too long even then is broken inside its cell."""
    result = cli("build", "majority2", "-c", "rules-it", "--paper", "a6", "--out", tmp_path,
                 "--no-gallery")
    assert result.exit_code == 0, result.stderr
    assert text_edge_distance(tmp_path / "majority2" / "rules-it.pdf") >= 5.0 - 0.005
    rules = tmp_path / "templates" / "rules"
    rules.mkdir(parents=True)
    wide = "| Rank | Costs | Needs |\n|---|---|---|\n| " + "Aristocratic" * 12 + " | 2 | 1 |\n"
    (rules / "d20-stacks.en.md").write_text(f"# Rules\n\n{wide}", encoding="utf-8")
    result = cli("build", "d20-stacks", "-c", "rules", "--paper", "a6", "--templates",
                 tmp_path / "templates", "--out", tmp_path / "own", "--no-gallery")
    assert result.exit_code == 0, result.stderr
    own = tmp_path / "own" / "d20-stacks" / "rules.pdf"
    assert text_edge_distance(own) >= 5.0 - 0.005
    words = text(own).split()
    assert "Costs" in words and "Needs" in words  # short columns keep their words whole


@pytest.mark.slow
def test_cut_files_leave_out_what_the_build_leaves_out(cli, tmp_path):
    """`export cut` follows the build's sheets on a small paper too: it stopped at the
    first piece too big ('a 250 × 120 mm piece … does not fit on a6') and cut nothing."""
    assert cli("build", "majority-rules", "-c", "dice", "--paper", "a6", "--out", tmp_path,
               "--no-gallery").exit_code == 0
    result = cli("export", "cut", "majority-rules", "--paper", "a6", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    assert "warning: majority-rules: Screen dividers (dividers): left out: a 250 × 120 mm " \
           "piece does not fit a6; --paper letter holds it" in result.stderr
    cut = tmp_path / "majority-rules" / "cut"
    assert list(cut.glob("dice-p*.svg")) and not list(cut.glob("dividers-*"))
    assert cli("build", "majority-rules", "-c", "dividers", "--paper", "a5", "--out",
               tmp_path / "a5", "--no-gallery").exit_code == 0
    walls = cli("export", "cut", "majority-rules", "-c", "dividers", "--paper", "a5",
                "--out", tmp_path / "a5")
    assert walls.exit_code == 0, walls.stderr
    assert list((tmp_path / "a5" / "majority-rules" / "cut").glob("dividers-p*.svg"))
    nothing = cli("export", "cut", "majority-rules", "-c", "dividers", "--paper", "a6",
                  "--out", tmp_path / "a6")
    assert nothing.exit_code == 2
    assert "nothing to cut on a6: majority-rules: Screen dividers" in nothing.stderr


def test_a_game_says_in_one_line_all_it_leaves_out(cli, tmp_path):
    """On A6 the quick reference and score pad are left out (and the tuck box, for
    another reason): one line per game names them all, grouped by reason, instead of a
    line per file."""
    result = cli("build", "majority2", "-c", "player-aid", "-c", "quick-reference", "-c",
                 "score-pad", "-c", "tuck-box", "--paper", "a6", "--out", tmp_path,
                 "--no-gallery")
    assert result.exit_code == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if "left out" in line]
    assert lines == [
        "warning: majority2: left out — Tuck boxes (tuck-box): a 167 × 161 mm piece does "
        "not fit a6; --paper b5 holds it — quick-reference.pdf, score-pad.pdf: each does "
        "not fit one a6 page even with text at 72 % size; --paper a4 holds them"]
    assert (tmp_path / "majority2" / "player-aid.pdf").is_file()


def test_grouping_keeps_other_notes_and_a_single_note_as_they_were():
    from pnp.errors import Problem
    from pnp.kits.leftout import grouped

    why = "it does not fit one a6 page even with text at 72 % size; --paper a4 holds it"
    notes = [Problem("", f"d20-stacks/score-pad.pdf: left out: {why}"),
             Problem("words.txt", "an odd number of words"),
             Problem("", f"majority/rules-de.pdf: left out: {why}"),
             Problem("", "majority: Tuck boxes (tuck-box): left out: a 1 × 2 mm piece "
                         "does not fit a6; --paper a5 holds it"),
             Problem("", f"majority/score-pad.pdf: left out: {why}")]
    assert [p.message for p in grouped(notes)] == [
        f"d20-stacks/score-pad.pdf: left out: {why}",
        "an odd number of words",
        "majority: left out — rules-de.pdf, score-pad.pdf: each does not fit one a6 page "
        "even with text at 72 % size; --paper a4 holds them — Tuck boxes (tuck-box): a 1 × "
        "2 mm piece does not fit a6; --paper a5 holds it"]
