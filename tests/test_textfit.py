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
