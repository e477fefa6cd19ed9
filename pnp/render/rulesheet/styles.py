"""Paragraph styles for rule sheets, quick references and score pads.

Every style names a registered TrueType font (bullets included: reportlab's default bullet
font is Helvetica, which would not be embedded). The family is registered so `<b>`/`<i>`
resolve to the embedded bold and italic faces. `scale` shrinks the whole set together, which
is how a quick reference is squeezed onto one page without changing its proportions.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.render.fonts import FontSet

INK = "#1A1A1A"
ACCENT = "#1F3A5F"
MUTED = "#5F6B7A"
RULE = "#9AA5B1"
HEAD_FILL = "#DDE4EC"
STRIPE_FILL = "#F4F6F9"
NOTE_FILL = "#FFF6DA"
NOTE_EDGE = "#C9A227"


@dataclass(frozen=True)
class StyleSet:
    """The styles of one document, and the numbers flowables need beside them."""

    styles: dict
    fonts: FontSet
    scale: float

    def __getitem__(self, name: str):
        return self.styles[name]

    def space(self, points: float) -> float:
        return points * self.scale


def table_font(styles: StyleSet) -> tuple:
    """A TableStyle command giving every cell an embedded font: reportlab sets the cell
    font (Helvetica by default) even where a cell holds only a Paragraph or nothing."""
    return ("FONT", (0, 0), (-1, -1), styles.fonts.regular, styles["cell"].fontSize)


def register_family(fonts: FontSet) -> None:
    """Map `<b>`, `<i>` and `<b><i>` in paragraphs to the embedded faces of `fonts`.

    reportlab resolves `<i>` inside a bold run from the bold face's own mapping, so each
    face is registered as a member of the regular face's family."""
    from reportlab.lib.fonts import addMapping

    faces = ((0, 0, "regular"), (1, 0, "bold"), (0, 1, "italic"), (1, 1, "bold-italic"))
    for bold, italic, style in faces:
        addMapping(fonts.regular, bold, italic, fonts.name(style))


def make_styles(fonts: FontSet, scale: float = 1.0) -> StyleSet:
    """Body, headings, tables, notes and captions at `scale` × the rule sheet's sizes."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle

    register_family(fonts)
    regular, bold, italic = fonts.regular, fonts.name("bold"), fonts.name("italic")

    def size(points: float) -> float:
        return round(points * scale, 2)

    base = ParagraphStyle("body", fontName=regular, fontSize=size(10), leading=size(13.2),
                          textColor=HexColor(INK), spaceAfter=size(5), bulletFontName=regular,
                          bulletFontSize=size(10))

    def derive(name: str, **kw) -> ParagraphStyle:
        return ParagraphStyle(name, parent=base, **kw)

    styles = {
        "body": base,
        "lead": derive("lead", fontName=bold, fontSize=size(10.5), leading=size(14)),
        "h1": derive("h1", fontName=bold, fontSize=size(20), leading=size(24),
                     textColor=HexColor(ACCENT), spaceAfter=size(8), keepWithNext=1),
        "h2": derive("h2", fontName=bold, fontSize=size(14), leading=size(17),
                     textColor=HexColor(ACCENT), spaceBefore=size(10), spaceAfter=size(4),
                     keepWithNext=1),
        "h3": derive("h3", fontName=bold, fontSize=size(11), leading=size(14),
                     textColor=HexColor(ACCENT), spaceBefore=size(7), spaceAfter=size(3),
                     keepWithNext=1),
        "item": derive("item", leftIndent=size(14), bulletIndent=size(3), spaceAfter=size(2.5)),
        "cell": derive("cell", fontSize=size(9), leading=size(11.2), spaceAfter=0),
        "cell-head": derive("cell-head", fontName=bold, fontSize=size(9), leading=size(11.2),
                            spaceAfter=0),
        "note-title": derive("note-title", fontName=bold, fontSize=size(10.5),
                             leading=size(13.5), textColor=HexColor(ACCENT), spaceAfter=0),
        "note": derive("note", fontSize=size(9.5), leading=size(12.2), spaceAfter=0),
        "note-item": derive("note-item", fontSize=size(9.5), leading=size(12.2), spaceAfter=0,
                            leftIndent=size(12), bulletIndent=size(2)),
        "caption": derive("caption", fontName=italic, fontSize=size(8.5), leading=size(10.5),
                          textColor=HexColor(MUTED), alignment=TA_CENTER, spaceBefore=size(2),
                          spaceAfter=size(8)),
    }
    return StyleSet(styles, fonts, scale)
