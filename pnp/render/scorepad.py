"""Score pads: write-in tables described as data (`templates/score-pads/<game>.json`).

The renderer knows columns, column groups, rows and notes — not what a game scores. A
pad is one page: if its rows do not fit the paper the whole pad is scaled down a little,
and if even that is not enough the build stops with an error naming the data file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.content.jsonfile import JsonDoc, child_path
from pnp.content.sources import load_source
from pnp.errors import FitError, Location
from pnp.render.fonts import FontSet, string_width
from pnp.render.geometry import pt
from pnp.render.rulesheet.document import Margins, PageSetup, RenderedPdf, render_one_page
from pnp.render.rulesheet.inline import inline_markup, plain_text
from pnp.render.rulesheet.styles import (
    HEAD_FILL,
    MUTED,
    RULE,
    STRIPE_FILL,
    StyleSet,
    table_font,
)

KIND = "score-pad"
ROW_HEIGHT = 7.5
GROUP_HEIGHT = 9.0
MIN_COLUMN = 6.0
CELL_PAD = 2.5
MIN_HEAD_SIZE = 5.0
PAD_MARGINS = Margins(side=14.0, top=14.0, bottom=14.0)
QR_CAPTION = "Scan to check the scores:"  # for a pad of your own without `qr_caption`


@dataclass(frozen=True)
class Column:
    label: str
    width: float | None
    shade: bool


@dataclass(frozen=True)
class Group:
    label: str
    first: int
    last: int


@dataclass(frozen=True)
class Row:
    label: str
    height: float
    shade: bool = False
    bold: bool = False
    span: bool = False


@dataclass(frozen=True)
class PadTable:
    heading: str
    fields: tuple[str, ...]
    columns: tuple[Column, ...]
    groups: tuple[Group, ...]
    rows: tuple[Row, ...]
    where: Location


@dataclass(frozen=True)
class ScorePad:
    file: str
    title: str
    title_markup: str
    fields: tuple[str, ...]
    tables: tuple[PadTable, ...]
    side_by_side: bool
    notes: tuple[str, ...]
    qr_caption: str = ""


def load_score_pad(path: Path) -> ScorePad:
    """The pad in `path`, schema-checked, repeats expanded, every label converted to
    paragraph markup (bold/italic, escaped); DataError with file and line."""
    doc = load_source(path, KIND)
    value = doc.value
    text = _Marker(doc)
    tables = tuple(_table(text, t, child_path("$.tables", i))
                   for i, t in enumerate(value["tables"]))
    notes = tuple(text(n, child_path("$.notes", i)) for i, n in enumerate(value.get("notes", [])))
    fields = tuple(text(f, "$.fields") for f in value.get("fields", []))
    caption = text(value.get("qr_caption", QR_CAPTION), "$.qr_caption")
    return ScorePad(str(path), value["title"], text(value["title"], "$.title"), fields, tables,
                    bool(value.get("side_by_side")), notes, caption)


class _Marker:
    """Converts a label found at a JSON path to markup, errors naming the file and line."""

    def __init__(self, doc: JsonDoc):
        self.doc = doc

    def __call__(self, label: str, json_path: str) -> str:
        return inline_markup(label, self.doc.location(json_path))

    def line(self, json_path: str) -> int | None:
        return self.doc.line_of(json_path)


def _numbered(label: str, n: int) -> str:
    return label.replace("{n}", str(n))


def _table(text: _Marker, value: dict, json_path: str) -> PadTable:
    columns: list[Column] = []
    groups: list[Group] = []
    for i, entry in enumerate(value["columns"]):
        where = child_path(f"{json_path}.columns", i)
        for n in range(1, entry.get("repeat", 1) + 1):
            if "group" in entry:
                first = len(columns)
                columns += [_column(text, e, m, where) for e in entry["columns"]
                            for m in range(1, e.get("repeat", 1) + 1)]
                groups.append(Group(text(_numbered(entry["group"], n), where), first,
                                    len(columns) - 1))
            else:
                columns.append(_column(text, entry, n, where))
    height = float(value.get("row_height", ROW_HEIGHT))
    rows = [Row(text(_numbered(r.get("label", ""), n), child_path(f"{json_path}.rows", i)),
                float(r.get("height", height)), bool(r.get("shade")), bool(r.get("bold")),
                bool(r.get("span")))
            for i, r in enumerate(value["rows"]) for n in range(1, r.get("repeat", 1) + 1)]
    heading = text(value.get("heading", ""), f"{json_path}.heading")
    fields = tuple(text(f, f"{json_path}.fields") for f in value.get("fields", []))
    return PadTable(heading, fields, tuple(columns), tuple(groups), tuple(rows),
                    text.doc.location(json_path))


def _column(text: _Marker, entry: dict, n: int, where: str) -> Column:
    width = entry.get("width")
    return Column(text(_numbered(entry["label"], n), where), float(width) if width else None,
                  bool(entry.get("shade")))


def column_widths(table: PadTable, width: float) -> list[float]:
    """Column widths in points: fixed ones as given (mm), the rest sharing what is left."""
    narrow = [c.label for c in table.columns if c.width and c.width < MIN_COLUMN]
    if narrow:
        raise FitError(table.where.problem(f"column {narrow[0]!r} is narrower than "
                                           f"{MIN_COLUMN:g} mm: no room to write in it"))
    fixed = sum(c.width for c in table.columns if c.width)
    free = [c for c in table.columns if not c.width]
    share = (width / pt(1) - fixed) / len(free) if free else 0.0
    if pt(fixed) > width + 0.5 or (free and share < MIN_COLUMN):
        raise FitError(table.where.problem(f"the columns need more than the "
                                           f"{width / pt(1):.0f} mm the page leaves"))
    return [pt(c.width) if c.width else pt(share) for c in table.columns]


def _styles(styles: StyleSet) -> dict:
    from reportlab.lib.colors import HexColor
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle

    cell = styles["cell"]
    small = round(cell.fontSize * 0.85, 2)
    return {
        "head": ParagraphStyle("pad-head", parent=styles["cell-head"], alignment=TA_CENTER,
                               fontSize=small, leading=small * 1.2),
        "group": ParagraphStyle("pad-group", parent=cell, fontSize=small, leading=small * 1.2,
                                textColor=HexColor(MUTED)),
        "label": ParagraphStyle("pad-label", parent=cell, fontSize=small, leading=small * 1.2),
        "bold": ParagraphStyle("pad-bold", parent=styles["cell-head"], fontSize=small,
                               leading=small * 1.2),
    }


def _fitting(style, label: str, room: float):
    """`style`, smaller if need be so the longest word of `label` fits `room` points: a
    header may wrap between words ("Gold / die"), never inside one ("Roun / d")."""
    from reportlab.lib.styles import ParagraphStyle

    words = plain_text(label).split() or [""]
    longest = max(string_width(w, style.fontName, style.fontSize) for w in words)
    if longest <= room:
        return style
    size = max(MIN_HEAD_SIZE, style.fontSize * room / longest)
    size = int(size * 10) / 10
    return ParagraphStyle(f"{style.name}-{size:g}", parent=style, fontSize=size,
                          leading=size * 1.2)


def grid(table: PadTable, styles: StyleSet, width: float):
    """The table of write-in cells, its header rows shaded."""
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import Paragraph, Table, TableStyle

    st = _styles(styles)
    ncols = len(table.columns)
    data, heights, commands = [], [], []
    if table.groups:
        cells = [""] * ncols
        for g in table.groups:
            cells[g.first] = Paragraph(g.label, st["group"])
            commands.append(("SPAN", (g.first, 0), (g.last, 0)))
        data.append(cells)
        heights.append(pt(GROUP_HEIGHT) * styles.scale)
    head = len(data)
    widths = column_widths(table, width)
    data.append([Paragraph(c.label, _fitting(st["head"], c.label, w - 2 * CELL_PAD))
                 for c, w in zip(table.columns, widths, strict=True)])
    heights.append(None)
    commands.append(("BACKGROUND", (0, head), (-1, head), HexColor(HEAD_FILL)))
    for c, column in enumerate(table.columns):
        if column.shade:
            commands.append(("BACKGROUND", (c, head + 1), (c, -1), HexColor(STRIPE_FILL)))
    for row in table.rows:
        r = len(data)
        data.append([Paragraph(row.label, st["bold" if row.bold else "label"])]
                    + [""] * (ncols - 1))
        heights.append(pt(row.height) * styles.scale)
        if row.shade:
            commands.append(("BACKGROUND", (0, r), (-1, r), HexColor(HEAD_FILL)))
        if row.span and ncols > 2:
            commands.append(("SPAN", (0, r), (-2, r)))
    commands += [("GRID", (0, 0), (-1, -1), 0.6, HexColor(RULE)),
                 ("BOX", (0, 0), (-1, -1), 1.0, HexColor("#5F6B7A")),
                 ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), table_font(styles),
                 ("VALIGN", (0, 0), (-1, 0), "TOP" if table.groups else "MIDDLE"),
                 ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD),
                 ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
                 ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]
    result = Table(data, colWidths=widths, rowHeights=heights, hAlign="LEFT")
    result.setStyle(TableStyle(commands))
    return result


def write_in_fields(labels: tuple[str, ...], styles: StyleSet, width: float):
    """Labels followed by ruled blanks of equal length, side by side across `width`."""
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import Paragraph, Table, TableStyle

    style = styles["cell-head"]
    natural = [string_width(plain_text(label), style.fontName, style.fontSize) + 6
               for label in labels]
    squeeze = min(1.0, width * 0.6 / sum(natural))
    label_widths = [w * squeeze + (10 if i else 0) for i, w in enumerate(natural)]
    blank = (width - sum(label_widths)) / len(labels)
    cells, widths = [], []
    for label, label_width in zip(labels, label_widths, strict=True):
        cells += [Paragraph(label, style), ""]
        widths += [label_width, blank]
    result = Table([cells], colWidths=widths, hAlign="LEFT")
    style = [("VALIGN", (0, 0), (-1, -1), "BOTTOM"), table_font(styles),
             ("LEFTPADDING", (0, 0), (-1, -1), 0),
             ("RIGHTPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]
    style += [("LINEBELOW", (i, 0), (i, 0), 0.6, HexColor(RULE))
              for i in range(1, len(cells), 2)]
    style += [("LEFTPADDING", (i, 0), (i, 0), 10) for i in range(2, len(cells), 2)]
    result.setStyle(TableStyle(style))
    return result


def _table_flowables(table: PadTable, styles: StyleSet, width: float) -> list:
    from reportlab.platypus import Paragraph, Spacer

    out: list = []
    if table.heading:
        out.append(Paragraph(table.heading, styles["h3"]))
    if table.fields:
        out += [write_in_fields(table.fields, styles, width), Spacer(1, styles.space(6))]
    out += [grid(table, styles, width), Spacer(1, styles.space(8))]
    return out


QR_SIZE = 22.0  # mm: a phone reads it from arm's length on a printed sheet


def score_pad_flowables(pad: ScorePad, styles: StyleSet, width: float,
                        link: str | None = None) -> list:
    """Title (beside a QR code of `link`, when given), pad-wide fields, the tables
    (stacked or side by side) and the notes."""
    from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

    title = Paragraph(pad.title_markup, styles["h1"])
    out: list = [_with_qr(title, pad.qr_caption, link, styles, width) if link else title]
    if pad.fields:
        out += [write_in_fields(pad.fields, styles, width), Spacer(1, styles.space(8))]
    if pad.side_by_side and len(pad.tables) > 1:
        gap = pt(6)
        each = (width - gap * (len(pad.tables) - 1)) / len(pad.tables)
        cells = [_table_flowables(t, styles, each) for t in pad.tables]
        row = Table([cells], colWidths=[each + (gap if i < len(cells) - 1 else 0)
                                        for i in range(len(cells))], hAlign="LEFT")
        row.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), table_font(styles),
                                 ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                 ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
        out.append(row)
    else:
        for table in pad.tables:
            out += _table_flowables(table, styles, width)
    out += [Paragraph(note, styles["item"], bulletText="\u2022") for note in pad.notes]
    return out


def _with_qr(title, caption_markup: str, link: str, styles: StyleSet, width: float):
    """The title on the left, the QR code and its caption (in the pad's language, then
    the address) on the right."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, Table, TableStyle

    from pnp.render.qrcode import qr_drawing
    from pnp.render.rulesheet.inline import escape

    size = pt(QR_SIZE)
    small = ParagraphStyle("pad-qr", parent=styles["cell"], fontSize=6.5, leading=7.5)
    lines = url_lines(link, small.fontName, small.fontSize, size + pt(4))
    caption = Paragraph(caption_markup + "<br/>" + "<br/>".join(map(escape, lines)), small)
    block = Table([[qr_drawing(link, size)], [caption]], colWidths=[size + pt(4)])
    block.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                               ("TOPPADDING", (0, 0), (-1, -1), 0),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]))
    row = Table([[title, block]], colWidths=[width - size - pt(4), size + pt(4)])
    row.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                             ("LEFTPADDING", (0, 0), (-1, -1), 0),
                             ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
    return row


def url_lines(url: str, font: str, size: float, width: float) -> list[str]:
    """`url` in lines no wider than `width`, broken only after `/`, `?`, `&` or `=`:
    a person typing the address from paper must not mistake a break inside the host
    (192.168 / .1.20) for part of it. A piece wider than a line is cut by characters."""
    import re

    def fits(text: str) -> bool:
        return string_width(text, font, size) <= width

    lines: list[str] = []
    for piece in re.findall(r"[^/?&=]*[/?&=]?", url):
        if lines and fits(lines[-1] + piece):
            lines[-1] += piece
            continue
        while piece and not fits(piece):
            cut = max(n for n in range(1, len(piece) + 1) if n == 1 or fits(piece[:n]))
            lines.append(piece[:cut])
            piece = piece[cut:]
        if piece:
            lines.append(piece)
    return lines


def render_score_pad(pad: ScorePad, paper: str, fonts: FontSet,
                     link: str | None = None) -> RenderedPdf:
    """The pad on one page of `paper` (with a QR code of `link`, the checker's address,
    when given); FitError naming the data file if it cannot fit."""
    setup = PageSetup(paper, pad.title, "Score pad", fonts, PAD_MARGINS, header=False)

    def content(styles: StyleSet, width: float) -> list:
        return score_pad_flowables(pad, styles, width, link)

    return render_one_page(setup, content, pad.file)
