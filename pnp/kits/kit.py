"""`output/<game>/kit.pdf`: the whole game in one packed file, the one to send to a printer.

Every card deck of the game is packed together (decks of different sizes share sheets,
each back exactly behind its front), then every piece (dice, dividers), then the rule
sheet, quick reference and score pad in the primary language. The card and piece pages
are drawn by the same renderers as the per-deck files; the documents are the very bytes
the build checked; all is joined in memory. In duplex modes every sheet starts on a
front: a one-sided page (a piece sheet, the last page of a document) is followed by a
blank page.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from pnp.render.decks import FileSummary, PrintOptions
from pnp.render.model import Deck, PieceSet
from pnp.render.pdf import AUTHOR, DrawnPdf, pypdf_module

KIT_NAME = "kit"
DOCUMENTS = ("rules", "quick-reference", "score-pad")


def kit_parts(printables: Sequence) -> list[list]:
    """The printables in kit order: all card decks, then all piece sets."""
    decks = [p for p in printables if isinstance(p, Deck)]
    pieces = [p for p in printables if isinstance(p, PieceSet)]
    return [part for part in (decks, pieces) if part]


@dataclass(frozen=True)
class DrawnParts:
    """The kit's card and piece sheets drawn: each part's PDF bytes and whether its pages
    are one-sided, and the cards they hold. A build draws them in a worker process and
    hands them back for its own process to join with the documents (`join_kit`)."""

    parts: tuple[tuple[bytes, bool], ...]
    count: int


def draw_parts(path: Path, printables: Sequence,
               render: Callable[[Path, list, BinaryIO, int], FileSummary]) -> DrawnParts:
    """The packed card and piece sheets drawn with `render`, part by part, into a stream,
    numbering its sheets from the given first one, so the labels count on across the
    parts (reportlab alone: `join_kit` brings pypdf in)."""
    parts, count, sheets = [], 0, 0
    for index, part in enumerate(kit_parts(printables)):
        drawn = DrawnPdf()
        summary = render(path.with_name(f"part-{index}.pdf"), part, drawn, sheets + 1)
        count += summary.cards
        sheets += summary.sheets
        parts.append((drawn.getvalue(), isinstance(part[0], PieceSet)))
    return DrawnParts(tuple(parts), count)


def join_kit(path: Path, drawn: DrawnParts, printables: Sequence, documents: Sequence[bytes],
             options: PrintOptions, title: str) -> tuple[bytes, FileSummary]:
    """The drawn parts, then the documents, joined by pypdf into the kit's bytes."""
    pypdf = pypdf_module()
    # A kit with no card that has a back (Majority Rules!: dice nets and dividers) is
    # printed single-sided: no blank pages to start each sheet on a front.
    two_sided = options.backs != "none" and any(
        isinstance(p, Deck) and p.double_sided for p in printables)
    duplex = two_sided and options.backs in ("duplex-long", "duplex-short")
    writer = pypdf.PdfWriter()
    for data, one_sided in drawn.parts:
        for page in pypdf.PdfReader(io.BytesIO(data)).pages:
            writer.add_page(page)
            if duplex and one_sided:
                _blank_after(writer)
    for data in documents:
        reader = pypdf.PdfReader(io.BytesIO(data))
        for page in reader.pages:
            writer.add_page(page)
        if duplex and len(reader.pages) % 2:
            _blank_after(writer)
    writer.add_metadata({"/Title": f"{title} · print-and-play kit", "/Author": AUTHOR,
                         "/Creator": AUTHOR, "/Producer": AUTHOR})
    _print_at_actual_size(writer)
    out = io.BytesIO()
    writer.write(out)
    printing = options.backs if two_sided else "single-sided"
    return out.getvalue(), FileSummary(path, len(writer.pages), drawn.count, "item",
                                       printing)


def _print_at_actual_size(writer) -> None:
    """/PrintScaling /None, as every other PDF sets it (render.pdf): the pages copied in
    keep their sizes, but viewer preferences live in the catalog pypdf writes afresh; a
    viewer's "fit to page" would shrink the cards."""
    writer.create_viewer_preferences().print_scaling = "/None"


def _blank_after(writer) -> None:
    last = writer.pages[-1]
    writer.add_blank_page(float(last.mediabox.width), float(last.mediabox.height))
