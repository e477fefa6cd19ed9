"""Fonts: the bundled Bitstream Vera family (Latin-1 and more), or the user's TTF.

Only TrueType fonts are registered, so every font in every PDF is embedded and subset;
print shops reject PDFs that merely name a font (reportlab's default Helvetica).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pnp.content import paths
from pnp.errors import FitError, Location, Problem, UsageError

STYLES = ("regular", "bold", "italic", "bold-italic")
_VERA = {"regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf",
         "bold-italic": "VeraBI.ttf"}


class FontSet:
    """The font to use for each style; a TTF is parsed and registered with reportlab only
    when a style is first used (each parse costs milliseconds a small build notices)."""

    def __init__(self, files: dict[str, Path], prefix: str):
        self.files = files
        self.prefix = prefix
        self._registered: dict[str, str] = {}

    def name(self, style: str) -> str:
        """The registered reportlab font name for `style` (regular if unknown)."""
        style = style if style in self.files else "regular"
        if style not in self._registered:
            self._registered[style] = _register(self.files[style], self._font_name(style))
        return self._registered[style]

    @property
    def regular(self) -> str:
        return self.name("regular")

    def _font_name(self, style: str) -> str:
        if len(set(self.files.values())) == 1:
            return self.prefix
        return self.prefix if style == "regular" else f"{self.prefix}-{style}"


def _register(path: Path, name: str) -> str:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if name not in pdfmetrics.getRegisteredFontNames():
        try:
            pdfmetrics.registerFont(TTFont(name, str(path)))
        except Exception as exc:  # reportlab raises assorted errors for non-TTF files
            raise UsageError(Problem(str(path), f"not a usable TrueType font ({exc})")) from None
    return name


@cache
def font_set(custom: Path | None = None) -> FontSet:
    """The bundled Vera family, or every style mapped to one user-supplied TTF (checked
    now, so a bad --font fails before any work)."""
    if custom is None:
        return FontSet({s: paths.fonts_dir() / f for s, f in _VERA.items()}, "Vera")
    fonts = FontSet(dict.fromkeys(STYLES, custom), f"User-{custom.stem}")
    fonts.regular  # noqa: B018  (register now: a bad file is a usage error up front)
    return fonts


@cache
def _glyphs(font_name: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    return frozenset(pdfmetrics.getFont(font_name).face.charToGlyph)


@cache
def missing_glyphs(text: str, font_name: str) -> list[str]:
    """Characters of `text` the font cannot draw (spaces and line breaks excepted)."""
    have = _glyphs(font_name)
    return sorted({c for c in text if c not in "\n\t" and ord(c) not in have})


def require_glyphs(text: str, font_name: str, where: Location, label: str) -> None:
    """FitError naming the word when the font lacks one of its characters."""
    missing = missing_glyphs(text, font_name)
    if missing:
        shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing)
        raise FitError(where.problem(
            f"{label}: {text!r} has character(s) the font {font_name} lacks: {shown}; "
            "use --font with a TTF that covers them"))


def string_width(text: str, font_name: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, font_name, size)
