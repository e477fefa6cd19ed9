"""Font families: `--font` with `--font-bold/-italic/-bold-italic` or a folder, used by
every bold and italic text, the same options for `build`, `validate` and `export`."""

from __future__ import annotations

import re
import shutil

import pytest

from pnp.errors import UsageError
from pnp.render.fonts import FontFamily, family_in_folder, font_family, font_set, string_width

from conftest import ROOT
from fontfactory import WIDTHS, make_face, make_family
from pdftools import fonts

VERA = ROOT / "pnp" / "fonts"
STYLE_OF = {"regular": "Regular", "bold": "Bold", "italic": "Italic",
            "bold-italic": "Bold Italic"}


@pytest.fixture(scope="module")
def family(tmp_path_factory):
    return make_family(tmp_path_factory.mktemp("fonts") / "PnPTestSans")


def _base_names(pdf) -> set[str]:
    """The embedded faces' PostScript names, without the subset tag (`ABCDEF+`) and the
    content hash a face gets when another font of the same name was registered first."""
    return {re.sub(r"-[0-9a-f]{8}$", "", name.split("+")[-1]) for name in fonts(pdf)}


def test_a_folder_is_read_by_the_styles_the_fonts_declare(tmp_path):
    # file names that say nothing: the name table inside each font decides
    folder = tmp_path / "fam"
    folder.mkdir()
    for n, style in enumerate(WIDTHS):
        make_face(folder / f"face{n}.ttf", "Odd Names", style)
    (folder / "README.txt").write_text("not a font")
    faces = family_in_folder(folder)
    assert {s: p.name for s, p in faces.items()} == {
        "regular": "face0.ttf", "bold": "face1.ttf", "italic": "face2.ttf",
        "bold-italic": "face3.ttf"}
    fonts_ = font_set(FontFamily(folder))
    for style, name in STYLE_OF.items():  # each style measures with its own face's widths
        assert string_width("Д", fonts_.name(style), 10) == pytest.approx(WIDTHS[name] / 100)


def test_vera_family_under_other_names_and_oblique_styles(tmp_path):
    folder = tmp_path / "vera"
    folder.mkdir()
    for source, target in (("Vera.ttf", "a.ttf"), ("VeraBd.ttf", "b.ttf"),
                           ("VeraIt.ttf", "c.TTF"), ("VeraBI.ttf", "d.ttf")):
        shutil.copy(VERA / source, folder / target)
    faces = family_in_folder(folder)  # Vera calls its italics "Oblique"
    assert {s: p.name for s, p in faces.items()} == {
        "regular": "a.ttf", "bold": "b.ttf", "italic": "c.TTF", "bold-italic": "d.ttf"}


def test_missing_faces_fall_back_like_a_word_processor(tmp_path):
    faces = make_family(tmp_path / "f", styles=("Regular", "Bold"))
    fonts_ = font_set(FontFamily(faces["Regular"], bold=faces["Bold"]))
    assert fonts_.files["italic"] == faces["Regular"]
    assert fonts_.files["bold-italic"] == faces["Bold"]


@pytest.mark.parametrize("make", ["files", "folder"])
def test_build_draws_bold_text_with_the_bold_face(cli, tmp_path, family, make):
    if make == "files":
        args = ["--font", family["Regular"], "--font-bold", family["Bold"],
                "--font-italic", family["Italic"], "--font-bold-italic", family["Bold Italic"]]
    else:
        args = ["--font", family["Regular"].parent]
    words = tmp_path / "ru.txt"
    words.write_text("Дом\nЛампа\n", encoding="utf-8")
    result = cli("build", "majority", "-c", "word-cards", "--words", words, *args,
                 "--no-gallery", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    used = fonts(tmp_path / "majority" / "word-cards.pdf")
    assert all(used.values())  # embedded
    # the words and the title are bold in the layout: the bold face draws them
    assert "PnPTestSans-Bold" in _base_names(tmp_path / "majority" / "word-cards.pdf")


def test_rule_sheet_bold_and_italic_use_their_faces(cli, tmp_path, family):
    result = cli("build", "d20-stacks", "-c", "rules", "--font", family["Regular"].parent,
                 "--no-gallery", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    names = _base_names(tmp_path / "d20-stacks" / "rules.pdf")
    assert {"PnPTestSans-Regular", "PnPTestSans-Bold"} <= names


def test_one_file_still_draws_everything(cli, tmp_path, family):
    result = cli("build", "majority", "-c", "vote-cards", "--font", family["Italic"],
                 "--no-gallery", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    assert _base_names(tmp_path / "majority" / "vote-cards.pdf") == {"PnPTestSans-Italic"}


def test_validate_agrees_with_build_about_a_word_list_for_another_script(cli, tmp_path,
                                                                         family):
    words = tmp_path / "ru.txt"
    words.write_text("Дом\nЛампа\n", encoding="utf-8")
    plain = cli("validate", words)
    assert plain.exit_code == 2
    assert f"{words}:1:" in plain.stderr and "'Дом'" in plain.stderr
    assert "the bold face (VeraBd.ttf) lacks" in plain.stderr
    assert cli("build", "majority", "-c", "word-cards", "--words", words,
               "--out", tmp_path / "o").exit_code == 2
    folder = family["Regular"].parent
    accepted = cli("validate", words, "--font", folder)
    assert accepted.exit_code == 0, accepted.stderr
    assert f"ok  {words}" in accepted.stdout
    assert cli("build", "majority", "-c", "word-cards", "--words", words, "--font", folder,
               "--no-gallery", "--out", tmp_path / "o").exit_code == 0


def test_a_glyph_missing_from_the_bold_face_names_the_word_and_that_face(cli, tmp_path,
                                                                         family):
    latin_bold = make_face(tmp_path / "LatinBold.ttf", "PnP Test Sans", "Bold",
                           chars=list(range(0x20, 0x7F)))
    words = tmp_path / "ru.txt"
    words.write_text("Door\nДом\n", encoding="utf-8")
    for command in (["validate", words], ["build", "majority", "--words", words,
                                          "--out", tmp_path / "o"]):
        result = cli(*command, "--font", family["Regular"], "--font-bold", latin_bold)
        assert result.exit_code == 2, command
        assert f"{words}:2:" in result.stderr and "'Дом'" in result.stderr
        assert "the bold face (LatinBold.ttf) lacks: 'Д' (U+0414)" in result.stderr
        assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", [
    ["build", "majority", "-c", "variant-card"],
    ["validate"],
    ["export", "png", "majority", "-c", "variant-card"],
    ["export", "shop", "majority", "-c", "variant-card"],
])
def test_bad_font_options_exit_2_naming_the_file(cli, tmp_path, family, command):
    fake = tmp_path / "Broken-Bold.ttf"
    fake.write_bytes(b"\x00\x01\x00\x00 truncated")
    two = tmp_path / "two"
    two.mkdir()
    make_face(two / "a.ttf", "Alpha Sans", "Regular")
    make_face(two / "b.ttf", "Beta Serif", "Regular")
    empty = tmp_path / "empty"
    empty.mkdir()
    cases = [
        (["--font", family["Regular"], "--font-bold", fake],
         f"{fake}: not a usable TrueType font"),
        (["--font", tmp_path / "none.ttf"], "none.ttf: --font: file or folder not found"),
        (["--font", family["Regular"], "--font-italic", tmp_path / "no-it.ttf"],
         "no-it.ttf: --font-italic: file not found"),
        (["--font-bold", family["Bold"]], "--font-bold needs --font"),
        (["--font", two], "the folder holds several families (Alpha Sans, Beta Serif)"),
        (["--font", empty], f"{empty}: --font: no regular TrueType face"),
    ]
    for args, message in cases:
        result = cli(*command, *args, "--out", tmp_path / "o") if command[0] != "validate" \
            else cli(*command, *args)
        assert result.exit_code == 2, (args, result.stdout)
        assert message in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.stderr
    assert not (tmp_path / "o").exists()


def test_font_family_needs_a_regular_face():
    assert font_family(None) is None
    with pytest.raises(UsageError, match="--font-italic, --font-bold-italic needs --font"):
        font_family(None, italic=VERA / "VeraIt.ttf", bold_italic=VERA / "VeraBI.ttf")


@pytest.mark.parametrize("kind", ["png", "tts"])
def test_exports_draw_with_the_family_in_their_workers(cli, tmp_path, family, kind):
    words = tmp_path / "ru.txt"
    words.write_text("Дом\nЛампа\nКот\nМост\n", encoding="utf-8")
    args = ["export", kind, "majority", "-c", "word-cards", "--words", words, "--dpi", "72",
            "--jobs", "2", "--out", tmp_path]
    assert cli(*args).exit_code == 2  # Vera has no Cyrillic
    result = cli(*args, "--font", family["Regular"].parent)
    assert result.exit_code == 0, result.stderr
    assert list((tmp_path / "majority" / kind).glob("*.png"))


def test_card_text_is_drawn_into_the_page_as_reportlab_draws_it(family):
    """draw_string, the card texts' lean drawString, writes the very operators reportlab's
    drawString writes, also once the text runs past a font's first subset of 256 glyphs
    (Greek and Cyrillic after the Latin) and for text that needs escaping."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.draw import draw_string

    fonts = font_set(FontFamily(family["Regular"]))
    codes = [*range(0x21, 0x7F), *range(0xA1, 0x100), *range(0x391, 0x3CA), *range(0x400, 0x460)]
    many = "".join(chr(c) for c in codes if c != 0x3A2)  # 340 glyphs: two subsets
    lines = [many, "ΑΒΓΔ Ωμέγα (Привет) \\ back-slash", "", "plain words", many[::-1]]
    drawn = []
    for draw in (Canvas.drawString, draw_string):
        c = Canvas(io.BytesIO(), invariant=1)
        c.setFont(fonts.regular, 9.5)
        for i, line in enumerate(lines):
            draw(c, 10.25, 700 - 12 * i, line)
        drawn.append(list(c._code))
    assert drawn[0] == drawn[1]
    assert max(op.count(" Tf ") for op in drawn[1]) >= 2  # a line changed subsets
