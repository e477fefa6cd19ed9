"""`pnp build` from the command line: summaries, custom words, and every refusal."""

import pytest

from pdftools import page_sizes, text


@pytest.mark.slow
def test_build_prints_one_line_per_file(cli, tmp_path):
    result = cli("build", "majority", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[0] == f"{tmp_path}/majority/word-cards.pdf  46 page(s)  206 card(s)"
    assert len(lines) >= 6
    assert "\x1b[" not in result.stdout + result.stderr  # no progress bar when not a terminal


def test_component_builds_only_the_file_holding_it(cli, tmp_path):
    result = cli("build", "majority", "--component", "point-cards-5", "--out", tmp_path)
    assert result.exit_code == 0
    assert sorted(p.name for p in (tmp_path / "majority").glob("*.pdf")) == ["point-cards.pdf"]


def test_custom_txt_word_list_end_to_end(cli, tmp_path):
    words = tmp_path / "mine.txt"
    words.write_text("# party words\nCafé\nGiraffe\n\nÜberraschung\nPiñata\nZebra\n",
                     encoding="utf-8")
    result = cli("build", "majority", "-c", "word-cards", "--words", words, "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    pdf = tmp_path / "majority" / "word-cards.pdf"
    assert len(page_sizes(pdf)) == 2
    extracted = text(pdf)
    for word in ("Café", "Giraffe", "Überraschung", "Piñata", "Zebra"):
        assert word in extracted


def test_word_too_long_exits_2_naming_the_word_and_line(cli, tmp_path):
    words = tmp_path / "long.txt"
    words.write_text("Door\nPneumonoultramicroscopicsilicovolcanoconiosis\n", encoding="utf-8")
    result = cli("build", "majority", "--words", words, "--out", tmp_path)
    assert result.exit_code == 2
    assert (f"error: {words}:2: word card 1 (Door / Pneumonoultramicroscopicsilicovolcanoconiosis):"
            f" 'Pneumonoultramicroscopicsilicovolcanoconiosis' does not fit") in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "majority").exists()


@pytest.mark.slow
def test_missing_glyph_exits_2_naming_the_word(cli, tmp_path):
    words = tmp_path / "ru.txt"
    words.write_text("Door\nДом\n", encoding="utf-8")
    result = cli("build", "majority", "--words", words, "--out", tmp_path)
    assert result.exit_code == 2
    assert f"{words}:2:" in result.stderr and "'Дом'" in result.stderr
    assert "U+0414" in result.stderr and "--font" in result.stderr


@pytest.mark.slow
def test_failed_build_keeps_the_previous_good_file(cli, tmp_path):
    assert cli("build", "majority", "-c", "word-cards", "--out", tmp_path).exit_code == 0
    pdf = tmp_path / "majority" / "word-cards.pdf"
    good = pdf.read_bytes()
    bad = tmp_path / "bad.txt"
    bad.write_text("Door\n" + "x" * 60 + "\n", encoding="utf-8")
    assert cli("build", "majority", "--words", bad, "--out", tmp_path).exit_code == 2
    assert pdf.read_bytes() == good
    assert not list((tmp_path / "majority").glob(".*partial"))


def test_bad_word_list_file_exits_2(cli, tmp_path):
    words = tmp_path / "dup.txt"
    words.write_text("Door\ndoor\n", encoding="utf-8")
    result = cli("build", "majority", "--words", words, "--out", tmp_path)
    assert result.exit_code == 2
    assert f"{words}:2: 'door' duplicates 'Door' (line 1)" in result.stderr


def test_conflicting_and_unknown_options_are_refused_before_work(cli, tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("Door\nLamp\n", encoding="utf-8")
    cases = [
        (["d20-stacks", "--words", words], "--words sets The Majority's word cards"),
        (["chess"], "unknown game 'chess'"),
        (["majority", "--component", "dice"], "unknown component(s) dice"),
        (["majority", "--paper", "b7"], "unknown paper 'b7'"),
        (["majority", "--paper", "30x40"], "each side must be 50–2000 mm"),
        (["majority", "--paper", "a6x"], "unknown paper 'a6x'"),
        (["majority", "--backs", "sideways"], "--backs must be one of"),
        (["majority", "--font", tmp_path / "none.ttf"],
         "none.ttf: --font: file or folder not found"),
        (["majority", "--templates", tmp_path / "none"], "none: folder not found"),
        (["majority", "--data", tmp_path / "none"], "none: folder not found"),
        (["majority", "--bleed", "30"], "bleed must be between 0 and 10 mm"),
    ]
    for args, message in cases:
        result = cli("build", *args, "--out", tmp_path / "o")
        assert result.exit_code == 2, args
        assert message in result.stderr, (args, result.stderr)
    assert not (tmp_path / "o").exists()


def test_not_a_font_file_is_refused(cli, tmp_path):
    fake = tmp_path / "fake.ttf"
    fake.write_bytes(b"not a font")
    result = cli("build", "majority", "-c", "variant-card", "--font", fake, "--out", tmp_path)
    assert result.exit_code == 2
    assert "not a usable TrueType font" in result.stderr


def test_report_lists_the_most_shrunk_word_first(cli, tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("Door\nExtraordinarily\nLamp\nIncomprehensibilities\n", encoding="utf-8")
    result = cli("build", "majority", "-c", "word-cards", "--words", words, "--report",
                 "--no-gallery", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    rows = result.stdout.split("most shrunk first (fitted / layout size):\n")[1].splitlines()
    assert rows[0].endswith("word  'Incomprehensibilities'")
    assert rows[1].endswith("word  'Extraordinarily'")
    size, _, template = rows[0].split()[:3]
    assert float(size) < float(template) == 24.0
    assert "legibility floor" not in result.stderr


def test_report_warns_below_the_legibility_floor(cli, tmp_path):
    import json

    from conftest import ROOT

    templates = tmp_path / "templates"  # only the changed layout: the rest are shipped
    (templates / "layouts").mkdir(parents=True)
    layout = templates / "layouts" / "word-card.json"
    data = json.loads((ROOT / "templates" / "layouts" / "word-card.json").read_text())
    for box in data["boxes"]:
        if box["name"] == "word":
            box.update(size=5.5, min_size=4)
    layout.write_text(json.dumps(data))
    result = cli("build", "majority", "-c", "variant-card", "-c", "word-cards", "--report",
                 "--templates", templates, "--no-gallery", "--out", tmp_path / "o")
    assert result.exit_code == 0
    assert "at 5.5 pt, the smallest 'Accordion', below the 6 pt legibility floor" in \
        result.stderr
    # one problem, one line: the 206 word cards' 'word' box is one warning
    warned = [line for line in result.stderr.splitlines() if "legibility floor" in line]
    assert len(warned) == 1, warned
    assert "word-card box 'word': 206 cards:" in warned[0]
    assert "and 203 more" in warned[0]


def test_the_shipped_kit_has_no_text_below_the_legibility_floor():
    """Every text of every game's cards and tokens, as `pnp build --report` fits them."""
    from pnp.kits.report import fit_report
    from pnp.kits.request import BuildRequest

    small = [(e.game, e.card, e.box, e.text, e.size)
             for e in fit_report(BuildRequest()) if e.illegible]
    assert small == []


def test_printer_profile_sets_the_back_offsets(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CONFIG_HOME", str(tmp_path / "config"))
    assert cli("printer", "save", "office", "--offset-x", "1.5", "--offset-y", "-2",
               "--backs", "duplex-short").exit_code == 0
    via_profile = tmp_path / "p"
    by_hand = tmp_path / "h"
    assert cli("build", "majority", "-c", "variant-card", "--printer", "office",
               "--no-gallery", "--out", via_profile).exit_code == 0
    assert cli("build", "majority", "-c", "variant-card", "--backs", "duplex-short",
               "--offset-x", "1.5", "--offset-y", "-2", "--no-gallery",
               "--out", by_hand).exit_code == 0
    pdf = "majority/variant-card.pdf"
    assert (via_profile / pdf).read_bytes() == (by_hand / pdf).read_bytes()


def test_printer_profile_conflicts_are_refused(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CONFIG_HOME", str(tmp_path / "config"))
    cli("printer", "save", "office", "--offset-x", "1")
    clash = cli("build", "majority", "--printer", "office", "--offset-x", "2", "--out", tmp_path)
    assert clash.exit_code == 2 and "--printer already sets the offsets" in clash.stderr
    flip = cli("build", "majority", "--printer", "office", "--backs", "duplex-short",
               "--out", tmp_path)
    assert flip.exit_code == 2 and "calibrated for --backs duplex-long" in flip.stderr
    unknown = cli("build", "majority", "--printer", "nope", "--out", tmp_path)
    assert unknown.exit_code == 2 and "no printer profile 'nope'" in unknown.stderr


def test_build_writes_the_gallery(cli, tmp_path):
    result = cli("build", "majority", "-c", "variant-card", "--out", tmp_path)
    assert result.exit_code == 0
    assert f"{tmp_path}/index.html  gallery" in result.stdout
    assert (tmp_path / "majority" / "preview" / "variant-card-1.png").is_file()


def test_custom_font_is_the_only_font_embedded(cli, tmp_path):
    from conftest import ROOT
    from pdftools import fonts

    font = tmp_path / "MyFont.ttf"
    font.write_bytes((ROOT / "pnp" / "fonts" / "VeraIt.ttf").read_bytes())
    result = cli("build", "majority", "-c", "vote-cards", "--font", font, "--no-gallery",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    used = fonts(tmp_path / "majority" / "vote-cards.pdf")
    assert used and all(name.endswith("BitstreamVeraSans-Oblique") for name in used)
    assert all(used.values())


def test_unwritable_output_is_exit_2_naming_the_file(cli, tmp_path):
    in_the_way = tmp_path / "not-a-folder"
    in_the_way.write_text("x")
    result = cli("build", "majority", "-c", "variant-card", "--out", in_the_way / "out")
    assert result.exit_code == 2
    assert (f"error: {in_the_way}/out/majority/variant-card.pdf: cannot write: "
            f"{in_the_way} is a file, not a folder") in result.stderr
    calibrate = cli("calibrate", "--out", in_the_way / "c.pdf")
    assert calibrate.exit_code == 2 and "is a file, not a folder" in calibrate.stderr


def test_backs_none_warns_when_backs_carry_content(cli, tmp_path):
    """The back-face words and the vote-card backs are content: --backs none drops them,
    so the build says so and points to --backs fold; a deck's shared design is not."""
    result = cli("build", "majority", "-c", "variant-card", "-c", "vote-cards",
                 "--backs", "none", "--out", tmp_path, "--no-gallery")
    assert result.exit_code == 0, result.stderr
    assert ("warning: --backs none leaves out the backs of vote-cards (40 cards), "
            "variant-card (1 card)") in result.stderr
    assert "--backs fold" in result.stderr
    plain = cli("build", "d20-stacks", "-c", "d20-cards", "--backs", "none",
                "--out", tmp_path, "--no-gallery")
    assert plain.exit_code == 0 and "--backs none" not in plain.stderr
    duplex = cli("build", "majority", "-c", "variant-card", "--out", tmp_path, "--no-gallery")
    assert "--backs none" not in duplex.stderr
