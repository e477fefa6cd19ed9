import pytest

from pnp.render.fonts import font_set, missing_glyphs, string_width
from pnp.render.textfit import fit_text

FONT = font_set().name("bold")


def test_short_text_keeps_the_largest_size():
    fitted = fit_text("Door", FONT, 150, 80, 24, 11, wrap=False)
    assert fitted.size == 24 and fitted.lines == ("Door",)


def test_long_word_shrinks_until_it_fits():
    fitted = fit_text("Watermelonpatch", FONT, 150, 80, 24, 11, wrap=False)
    assert 11 <= fitted.size < 24
    assert string_width("Watermelonpatch", FONT, fitted.size) <= 150
    assert string_width("Watermelonpatch", FONT, fitted.size + 0.5) > 150


def test_wrapping_prefers_two_lines_over_tiny_text():
    fitted = fit_text("Ice cream truck", FONT, 100, 80, 24, 11, wrap=True, max_lines=2)
    assert len(fitted.lines) == 2


def test_nothing_fits_returns_none():
    assert fit_text("Supercalifragilistic", FONT, 40, 20, 24, 11, wrap=True) is None


def test_explicit_line_breaks_are_kept():
    fitted = fit_text("one\ntwo", FONT, 200, 100, 12, 6, wrap=False)
    assert fitted.lines == ("one", "two")


@pytest.mark.parametrize(("text", "missing"), [("Café", []), ("Дом", ["Д", "м", "о"]),
                                               ("日本", ["日", "本"])])
def test_missing_glyphs(text, missing):
    assert missing_glyphs(text, FONT) == missing


SHY = "\u00ad"


def test_a_soft_hyphen_is_invisible_when_the_word_fits_whole():
    fitted = fit_text(f"Feuer{SHY}wehr{SHY}mann", FONT, 156, 79, 24, 11, wrap=True,
                      max_lines=2)
    assert fitted.lines == ("Feuerwehrmann",)
    plain = fit_text("Feuerwehrmann", FONT, 156, 79, 24, 11, wrap=True, max_lines=2)
    assert fitted == plain


def test_a_word_too_long_to_fit_whole_breaks_at_a_soft_hyphen_with_a_hyphen():
    word = f"Donau{SHY}dampf{SHY}schiff{SHY}fahrts{SHY}gesellschaft"
    assert fit_text(word.replace(SHY, ""), FONT, 156, 79, 24, 11, wrap=True,
                    max_lines=2) is None
    fitted = fit_text(word, FONT, 156, 79, 24, 11, wrap=True, max_lines=2)
    assert len(fitted.lines) == 2 and fitted.lines[0].endswith("-")
    assert "".join(fitted.lines).replace("-", "") == word.replace(SHY, "")
    assert all(SHY not in line and string_width(line, FONT, fitted.size) <= 156
               for line in fitted.lines)


def test_breaking_takes_as_much_of_the_word_as_the_line_holds():
    fitted = fit_text(f"ab{SHY}cd{SHY}ef{SHY}gh", FONT, string_width("abcdef-", FONT, 10),
                      40, 10, 10, wrap=True)
    assert fitted.lines == ("abcdef-", "gh")


def test_pieces_between_soft_hyphens_must_each_fit():
    assert fit_text(f"Super{SHY}califragilistic", FONT, 40, 40, 12, 11, wrap=True) is None


def test_a_text_that_does_not_wrap_never_shows_its_soft_hyphens():
    fitted = fit_text(f"Feuer{SHY}wehr", FONT, 300, 30, 12, 6, wrap=False)
    assert fitted.lines == ("Feuerwehr",)
