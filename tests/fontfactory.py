"""Real TrueType families made for the tests with fontTools: every character the bundled
Vera has plus Cyrillic and Greek (scripts Vera lacks), one box-shaped glyph each.

Each style has its own advance width, so a test can tell from a measured string (or
from the face a PDF embeds) which face drew it."""

from __future__ import annotations

from pathlib import Path

WIDTHS = {"Regular": 520, "Bold": 640, "Italic": 560, "Bold Italic": 700}


def _vera_chars() -> list[int]:
    from reportlab.pdfbase.ttfonts import TTFontFile

    vera = Path(__file__).resolve().parent.parent / "pnp" / "fonts" / "Vera.ttf"
    return sorted(c for c in TTFontFile(str(vera)).charToGlyph if 0x20 <= c < 0xFFFF)


CHARS = sorted({*_vera_chars(), *range(0x391, 0x3CA), *range(0x400, 0x460)} - {0x3A2})


def make_face(path: Path, family: str, style: str, chars=CHARS, width: int | None = None
              ) -> Path:
    """Write one face of `family` in `style` (a WIDTHS key) to `path`."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    advance = width or WIDTHS[style]
    names = [".notdef", "space", *(f"uni{c:04X}" for c in chars if c != 0x20)]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({c: ("space" if c == 0x20 else f"uni{c:04X}") for c in chars})
    glyphs = {}
    for name in names:
        pen = TTGlyphPen(None)
        if name != "space":
            pen.moveTo((50, 0))
            pen.lineTo((50, 700))
            pen.lineTo((advance - 50, 700))
            pen.lineTo((advance - 50, 0))
            pen.closePath()
        glyphs[name] = pen.glyph()
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({n: (advance, 50) for n in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    postscript = f"{family.replace(' ', '')}-{style.replace(' ', '')}"
    builder.setupNameTable({"familyName": family, "styleName": style,
                            "psName": postscript, "fullName": f"{family} {style}"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800,
                     usWinDescent=200, sCapHeight=700, sxHeight=500)
    builder.setupPost(italicAngle=-10 if "Italic" in style else 0)
    builder.updateHead(created=0, modified=0)  # same bytes on every run, not today's date
    builder.save(str(path))
    return path


def make_family(folder: Path, family: str = "PnP Test Sans", styles=tuple(WIDTHS),
                stem: str | None = None) -> dict[str, Path]:
    """Every face of `family` in `folder`, named like a font vendor would; style -> path."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = stem or family.replace(" ", "")
    return {style: make_face(folder / f"{stem}-{style.replace(' ', '')}.ttf", family, style)
            for style in styles}
