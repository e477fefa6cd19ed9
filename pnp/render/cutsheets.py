"""The cut paths of a printed file's sheets, and the fingerprint that ties a PDF to them.

A cutting machine cuts a sheet where the cut file says, not where the PDF printed it:
the two must come from one imposition. `cut_sheets` reads the cuts from the very pages a
PDF prints (`decks.printed_pages`, `pieces.piece_pages`); `layout_stamp` condenses them —
every cut sheet's page number, paper, cut paths and registration marks — into a
fingerprint written into the PDF (its Keywords) and into each cut file, with the options
that made them in words. `pnp export cut` compares its own with the PDF's before it
writes anything, so a PDF built with other options (another paper, bleed, marks, cut
area, word list or card thickness) is named, never cut off its cards.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from pnp.render.cutfiles import CutPath, card_cut
from pnp.render.decks import PrintOptions, printed_pages
from pnp.render.geometry import Box, Size
from pnp.render.model import Deck, PieceSet
from pnp.render.pieces import piece_pages
from pnp.render.tuckbox import CARD_THICKNESS

STAMP = "pnp-cut-layout"
_STAMP = re.compile(rf"{STAMP}:([0-9a-f]{{16}})(?: \((.*)\))?")

Sheet = tuple[int, Size, list[CutPath]]


def cut_sheets(group: list, options: PrintOptions) -> list[Sheet]:
    """(PDF page number, paper, cuts) for each sheet of one output file that is cut: the
    fronts pages in duplex (the sheet goes in face up), fold sheets, one-sided pages."""
    if all(isinstance(item, PieceSet) for item in group):
        return [(number, page.paper, [_piece_cut(item.ref[1], box)
                                      for item, box in zip(page.items, page.boxes,
                                                           strict=True)] + _piece_extra(page))
                for number, page in enumerate(piece_pages(group, options), start=1)]
    decks = [d for d in group if isinstance(d, Deck)]
    return [(number, page.paper, [card_cut(box, item.shape)
                                  for item, box in zip(page.items, page.boxes, strict=True)])
            for number, page, side in printed_pages(decks, options) if side != "back"]


def _piece_cut(piece, slot: Box) -> CutPath:
    """A piece's outer outline, placed where the sheet puts the piece."""
    outline = piece.cut[0]
    return CutPath("polygon", slot, points=tuple((slot.x + x, slot.y + y) for x, y in outline))


def _piece_extra(page) -> list[CutPath]:
    """Inner cuts of pieces (slits) beyond their outline."""
    return [CutPath("polygon", box, points=tuple((box.x + x, box.y + y) for x, y in outline))
            for item, box in zip(page.items, page.boxes, strict=True)
            for outline in item.ref[1].cut[1:]]


def fingerprint(sheets: list[Sheet], registration: float) -> str:
    """16 hex digits naming the cut geometry exactly (to 0.001 mm): the same sheets, cuts
    and marks give the same fingerprint, any change another one."""
    def mm(value: float) -> float:
        return round(value, 3) + 0.0

    record: list = [mm(registration or 0.0)]
    for number, paper, cuts in sheets:
        record.append([number, mm(paper.width), mm(paper.height),
                       [[c.kind, mm(c.box.x), mm(c.box.y), mm(c.box.width), mm(c.box.height),
                         mm(c.radius), [[mm(x), mm(y)] for x, y in c.points]]
                        for c in cuts]])
    text = json.dumps(record, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def described(options: PrintOptions) -> str:
    """The options that shape a cut layout, as `pnp build` takes them."""
    words = f"--paper {options.paper} --backs {options.backs} --bleed {options.bleed:g}"
    if options.registration:
        words += f" --registration --registration-inset {options.registration:g}"
    if options.cut_area is not None:
        area = options.cut_area
        words += f" --cut-area {area.width:g}x{area.height:g}"
    if options.card_thickness != CARD_THICKNESS:
        words += f" --card-thickness {options.card_thickness:g}"
    return words


def layout_stamp(group: list, options: PrintOptions) -> str:
    """The stamp written into a PDF and its cut files: fingerprint and options."""
    return (f"{STAMP}:{fingerprint(cut_sheets(group, options), options.registration)} "
            f"({described(options)})")


def read_stamp(pdf: Path) -> tuple[str, str] | None:
    """(fingerprint, options in words) from a PDF this toolkit printed, None when it
    carries none (not a PDF of pnp's, or one from before fingerprints)."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        keywords = str((PdfReader(str(pdf)).metadata or {}).get("/Keywords") or "")
    except (PyPdfError, OSError, ValueError):
        return None
    found = _STAMP.search(keywords)
    return (found.group(1), found.group(2) or "") if found else None


def stamp_of(text: str) -> str | None:
    """The fingerprint in a stamp's text, None when there is none."""
    found = _STAMP.search(text)
    return found.group(1) if found else None
