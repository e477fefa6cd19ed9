"""`pnp export cut --device silhouette|cricut|generic`: SVG and DXF cut files for the
sheets `pnp build` prints with the same options.

The cuts come from the build's own imposition (`decks.printed_pages`,
`pieces.piece_pages`), never a second layout: one file pair per sheet a machine cuts —
each fronts page in duplex (the sheet goes in face up), each fold sheet (folded, glued,
then cut through both layers: the backs sit exactly behind the fronts), each one-sided
page — named after its page in the PDF (`<file>-p003.svg`).

Devices differ in the marks: `silhouette` sheets carry the registration marks (the sheets
must be printed with `pnp build --registration` at the same inset) and the cut files
show them on their own layer; `cricut` files hold the cuts only (Design Space adds its own
Print Then Cut frame); `generic` includes the marks when `--registration` is given.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from pnp.content.output import write_text
from pnp.errors import Problem, UsageError
from pnp.kits.build import LeftOut, game_printables, on_paper
from pnp.kits.languages import suffix
from pnp.kits.leftout import grouped
from pnp.kits.request import BuildRequest
from pnp.render.cutfiles import (
    DEFAULT_INSET,
    INSET_RANGE,
    CutPath,
    card_cut,
    dxf,
    registration_margin,
    registration_marks,
    svg,
)
from pnp.render.decks import PrintOptions, check_print_options, printed_pages
from pnp.render.geometry import MIN_MARGIN, Box
from pnp.render.model import Deck, PieceSet
from pnp.render.pieces import piece_pages

DEVICES = ("silhouette", "cricut", "generic")


@dataclass(frozen=True)
class CutSheet:
    """One sheet's cut files: the PDF and page they match, and how many cuts."""

    pdf: Path
    page: int
    svg: Path
    dxf: Path
    cuts: int


def with_registration(options: PrintOptions, inset: float | None) -> PrintOptions:
    """The print options with registration marks at `inset` mm (None: none) and a margin
    wide enough to keep every card clear of them."""
    if inset is None:
        return replace(options, registration=0.0)
    low, high = INSET_RANGE
    if not low <= inset <= high:  # written so that NaN fails too
        raise UsageError(f"--registration-inset must be {low:g}-{high:g} mm, not {inset:g}")
    return replace(options, registration=inset,
                   margin=max(options.margin, MIN_MARGIN, registration_margin(inset)))


def device_registration(device: str, registration: bool | None,
                        inset: float | None) -> float | None:
    """The registration inset a device's cut files assume (None: no marks)."""
    if device not in DEVICES:
        raise UsageError(f"--device must be one of {', '.join(DEVICES)}, not {device!r}")
    wanted = registration if registration is not None else device == "silhouette"
    if device == "cricut" and wanted:
        raise UsageError("--device cricut: Design Space prints its own registration frame; "
                         "drop --registration")
    return (DEFAULT_INSET if inset is None else inset) if wanted else None


def export_cut(request: BuildRequest, device: str,
               notes: list[Problem] | None = None) -> list[CutSheet]:
    """Write an SVG and a DXF per cut sheet of every chosen game's printed files. A piece
    the paper cannot hold is left out as `pnp build` leaves it out, said in `notes`;
    UsageError when that leaves nothing to cut."""
    check_print_options(request.options)
    inset = request.options.registration or None
    left_out: LeftOut = {}
    chosen = [(game_id, _files(on_paper(game_id, printables, request, left_out),
                               request.components))
              for game_id, _title, printables in game_printables(request)]
    said = [note for (_, name), (_, note) in left_out.items()
            if not request.components or name in request.components]
    if not any(files for _, files in chosen) and said:
        raise UsageError(f"nothing to cut on {request.options.paper}: "
                         + "; ".join(note.message for note in said))
    if notes is not None:
        notes += grouped(said)
    written = []
    for game_id, files in chosen:
        for name, group in files.items():
            folder = request.out_dir / game_id / "cut"
            name = f"{name}{suffix(request.lang)}"  # the build's PDF in that language
            pdf = request.out_dir / game_id / f"{name}.pdf"
            for page, paper, cuts in sheet_cuts(group, request.options):
                marks = registration_marks(paper, inset) if inset and device != "cricut" \
                    else []
                stem = folder / f"{name}-p{page:03d}"
                write_text(stem.with_suffix(".svg"), svg(paper, cuts, marks))
                write_text(stem.with_suffix(".dxf"), dxf(cuts, marks))
                written.append(CutSheet(pdf, page, stem.with_suffix(".svg"),
                                        stem.with_suffix(".dxf"), len(cuts)))
    return written


def _files(printables: list, components: tuple[str, ...]) -> dict[str, list]:
    """Printables grouped by output file as the build groups them, those asked for."""
    by_file: dict[str, list] = {}
    for item in printables:
        by_file.setdefault(item.file, []).append(item)
    if not components:
        return by_file
    return {name: group for name, group in by_file.items()
            if name in components or any(item.id in components for item in group)}


def sheet_cuts(group: list, options: PrintOptions) -> list[tuple[int, object, list[CutPath]]]:
    """(PDF page number, paper, cuts) for each sheet of one output file that is cut."""
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
