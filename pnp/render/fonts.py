"""Fonts: the bundled Bitstream Vera family (Latin-1 and more), or the user's TTF.

Only TrueType fonts are registered, so every font in every PDF is embedded and subset;
print shops reject PDFs that merely name a font (reportlab's default Helvetica).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pnp.content import paths
from pnp.errors import FitError, Location, Problem, UsageError

STYLES = ("regular", "bold", "italic", "bold-italic")
_VERA = {"regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf",
         "bold-italic": "VeraBI.ttf"}


@dataclass(frozen=True)
class FontSet:
    """Registered reportlab font names for each style."""

    names: dict[str, str]

    def name(self, style: str) -> str:
        return self.names.get(style, self.names["regular"])

    @property
    def regular(self) -> str:
        return self.names["regular"]


@cache
def font_set(custom: Path | None = None) -> FontSet:
    """The bundled family, or every style mapped to one user-supplied TTF."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if custom is None:
        names = {}
        for style, filename in _VERA.items():
            name = "Vera" if style == "regular" else f"Vera-{style.title().replace('-', '')}"
            pdfmetrics.registerFont(TTFont(name, str(paths.fonts_dir() / filename)))
            names[style] = name
        return FontSet(names)
    name = f"User-{custom.stem}"
    try:
        pdfmetrics.registerFont(TTFont(name, str(custom)))
    except Exception as exc:  # reportlab raises assorted errors for non-TTF files
        raise UsageError(Problem(str(custom), f"not a usable TrueType font ({exc})")) from None
    return FontSet(dict.fromkeys(STYLES, name))


@cache
def _glyphs(font_name: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    return frozenset(pdfmetrics.getFont(font_name).face.charToGlyph)


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
