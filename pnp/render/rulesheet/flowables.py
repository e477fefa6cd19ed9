"""Turn parsed rule-text blocks into platypus flowables.

Tables size their columns from their content (wrapping only when the page is too narrow)
and repeat their header row across pages; boxed notes are one-column tables, one row per
paragraph or item, so a long note can break across a page instead of leaving a hole.
Headings keep with what follows, so no heading is stranded at the foot of a page.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from pnp.render.fonts import string_width
from pnp.render.rulesheet.inline import plain_text
from pnp.render.rulesheet.markdown import (
    Block,
    DiagramRef,
    Heading,
    ListBlock,
    Note,
    Para,
    TableBlock,
)
from pnp.render.rulesheet.styles import (
    HEAD_FILL,
    NOTE_EDGE,
    NOTE_FILL,
    RULE,
    STRIPE_FILL,
    StyleSet,
    table_font,
)

CELL_PAD = 3.0
MIN_CELL_SIZE = 6.0  # points: the kit's legibility floor (pnp build --report)
SHORT_TABLE_ROWS = 10
ROOM_UNDER_HEADING = 110  # points: the heading and the first rows of the box or table
# Makes the flowable for a diagram reference, given its caption paragraph.
DiagramMaker = Callable[[DiagramRef, object], object]


def block_flowables(blocks: list[Block], styles: StyleSet, width: float,
                    diagram: DiagramMaker) -> list:
    """Flowables for `blocks` in a text column `width` points wide.

    A heading keeps with what follows it, unless that is a box or a long table: those
    break across pages row by row, so the heading only asks for some room below it (a
    kept-together heading would drag the whole box to the next page and leave a hole).
    A paragraph introducing a short table or a diagram stays with it."""
    from reportlab.platypus import CondPageBreak

    out: list = []
    for block, following in zip(blocks, [*blocks[1:], None], strict=True):
        made = _flowables(block, styles, width, diagram)
        if isinstance(block, Heading) and _splits(following):
            made[0].keepWithNext = 0
            made.insert(0, CondPageBreak(styles.space(ROOM_UNDER_HEADING)))
        elif isinstance(block, Para) and isinstance(following, TableBlock | DiagramRef):
            made[0].keepWithNext = int(not _splits(following))
        out += made
    return out


def _splits(block: Block | None) -> bool:
    """Boxes and long tables may break across pages; a short table kept with its heading
    or introducing paragraph moves with it as a whole (platypus' keepWithNext group)."""
    return isinstance(block, Note) or (isinstance(block, TableBlock)
                                       and len(block.rows) > SHORT_TABLE_ROWS)


def _flowables(block: Block, styles: StyleSet, width: float, diagram: DiagramMaker) -> list:
    from reportlab.platypus import Paragraph, Spacer

    if isinstance(block, Heading):
        return [Paragraph(block.text, styles[f"h{block.level}"])]
    if isinstance(block, Para):
        return [Paragraph(block.text, _para_style(block, styles))]
    if isinstance(block, ListBlock):
        return list_items(block, styles, "item") + [Spacer(1, styles.space(3))]
    if isinstance(block, TableBlock):
        return [table(block, styles, width), Spacer(1, styles.space(7))]
    if isinstance(block, Note):
        return [note(block, styles, width), Spacer(1, styles.space(7))]
    made = diagram(block, Paragraph(block.caption, styles["caption"]))
    made.spaceBefore, made.spaceAfter = styles.space(3), styles.space(8)
    return [made]


def _para_style(block: Para, styles: StyleSet):
    """A paragraph that is bold throughout is a lead line (a tagline under the title)."""
    text = block.text
    whole_bold = text.startswith("<b>") and text.endswith("</b>") and text.count("<b>") == 1
    return styles["lead"] if whole_bold else styles["body"]


def list_items(block: ListBlock, styles: StyleSet, style: str) -> list:
    """One indented paragraph per item, with a bullet or its number hanging left."""
    from reportlab.platypus import Paragraph

    out = []
    for i, text in enumerate(block.items):
        bullet = f"{block.start + i}." if block.ordered else "\u2022"
        out.append(Paragraph(text, styles[style], bulletText=bullet))
    return out


def table(block: TableBlock, styles: StyleSet, width: float):
    """A table as wide as its content needs (at most `width`), header shaded and repeated."""
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import Paragraph, Table, TableStyle

    texts = [block.header, *block.rows]
    size = cell_size(texts, styles, width)
    cell, cell_head = (_resized(styles[name], size) for name in ("cell", "cell-head"))
    head = [Paragraph(c, cell_head) for c in block.header]
    rows = [[Paragraph(c, cell) for c in row] for row in block.rows]
    widths = column_widths(texts, styles, width, size)
    commands = [
        ("GRID", (0, 0), (-1, -1), 0.5, HexColor(RULE)),
        ("BACKGROUND", (0, 0), (-1, 0), HexColor(HEAD_FILL)),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, HexColor(STRIPE_FILL)]),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        table_font(styles),
        *_padding(styles, CELL_PAD),
    ]
    for col, align in enumerate(block.align):
        for cell in [head[col], *(r[col] for r in rows)]:
            cell.style = _aligned(cell.style, align)
    result = Table([head, *rows], colWidths=widths, repeatRows=1, hAlign="LEFT")
    result.setStyle(TableStyle(commands))
    return result


def _aligned(style, align: str):
    from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle

    wanted = {"LEFT": TA_LEFT, "CENTER": TA_CENTER, "RIGHT": TA_RIGHT}[align]
    if style.alignment == wanted:
        return style
    return ParagraphStyle(f"{style.name}-{align.lower()}", parent=style, alignment=wanted)


def _padding(styles: StyleSet, points: float) -> list:
    pad = styles.space(points)
    return [("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("TOPPADDING", (0, 0), (-1, -1), pad * 0.7),
            ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 0.9)]


def cell_size(rows: list, styles: StyleSet, width: float) -> float:
    """The table's font size: the style's, or smaller (down to MIN_CELL_SIZE) when the
    columns' longest words need more than `width` at it — a table of a small paper (A6)
    or a language with long words shrinks instead of running off the page."""
    size = styles["cell"].fontSize
    pad = len(rows[0]) * (2 * styles.space(CELL_PAD) + 1)
    words = sum(_widths(rows, styles, size)[1]) - pad
    if words + pad <= width or words <= 0:
        return size
    return max(MIN_CELL_SIZE, math.floor(size * (width - pad) / words * 10) / 10)


def _resized(style, size: float):
    """`style` at font `size` (leading in proportion); itself when the size is its own."""
    from reportlab.lib.styles import ParagraphStyle

    if size == style.fontSize:
        return style
    return ParagraphStyle(f"{style.name}-{size:g}", parent=style, fontSize=size,
                          leading=style.leading * size / style.fontSize)


def _widths(rows: list, styles: StyleSet, size: float) -> tuple[list[float], list[float]]:
    """Each column's natural width (its longest cell on one line) and least width (its
    longest word), padding included, at font `size`."""
    pad = 2 * styles.space(CELL_PAD) + 1
    natural, minimum = [], []
    for col in range(len(rows[0])):
        cells = [(plain_text(row[col]), _font_of(row[col], styles, row is rows[0]))
                 for row in rows]
        natural.append(max(string_width(text, font, size) for text, font in cells) + pad)
        words = [(word, font) for text, font in cells for word in text.split()]
        minimum.append(max((string_width(w, f, size) for w, f in words), default=0) + pad)
    return natural, minimum


def column_widths(rows: list, styles: StyleSet, width: float,
                  size: float | None = None) -> list[float]:
    """Natural widths when they fit; otherwise every column keeps its longest word and the
    rest of `width` goes to the columns with the most text to wrap. Longest words that do
    not fit even so share `width` in proportion (the cells then break those words)."""
    natural, minimum = _widths(rows, styles, size or styles["cell"].fontSize)
    if sum(natural) <= width:
        return natural
    if sum(minimum) > width:
        return _squeezed(minimum, width)
    spare = max(0.0, width - sum(minimum))
    wrap = [n - m for n, m in zip(natural, minimum, strict=True)]
    total = sum(wrap) or 1
    return [m + spare * w / total for m, w in zip(minimum, wrap, strict=True)]


def _squeezed(minimum: list[float], width: float) -> list[float]:
    """Widths summing to `width` when the longest words do not fit: the narrow columns
    keep their least width and the widest share what is left in proportion (their cells
    break those words), so one endless word does not squeeze a short column to a letter."""
    widths, left = list(minimum), width
    order = sorted(range(len(minimum)), key=lambda i: minimum[i])
    for k, i in enumerate(order):
        if minimum[i] > left / (len(order) - k):
            rest = order[k:]
            total = sum(minimum[j] for j in rest)
            for j in rest:
                widths[j] = minimum[j] * left / total
            break
        left -= minimum[i]
    return widths


def _font_of(markup: str, styles: StyleSet, header: bool) -> str:
    bold = header or "<b>" in markup
    return styles.fonts.name("bold") if bold else styles.fonts.regular


def note(block: Note, styles: StyleSet, width: float):
    """A shaded, framed box: its title, then each paragraph or item in a row of its own."""
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import Paragraph, Table, TableStyle

    rows = [[Paragraph(block.title, styles["note-title"])]]
    for part in block.body:
        if isinstance(part, ListBlock):
            rows += [[item] for item in list_items(part, styles, "note-item")]
        else:
            rows.append([Paragraph(part.text, styles["note"])])
    commands = [
        ("BOX", (0, 0), (-1, -1), 1.0, HexColor(NOTE_EDGE)),
        ("BACKGROUND", (0, 0), (-1, -1), HexColor(NOTE_FILL)),
        table_font(styles),
        *_padding(styles, 7),
        ("TOPPADDING", (0, 1), (-1, -1), styles.space(1.2)),
        ("BOTTOMPADDING", (0, 0), (-1, -1), styles.space(1.8)),
        ("TOPPADDING", (0, 0), (-1, 0), styles.space(6)),
        ("BOTTOMPADDING", (0, -1), (-1, -1), styles.space(7)),
    ]
    result = Table(rows, colWidths=[width], hAlign="LEFT")
    result.setStyle(TableStyle(commands))
    return result
