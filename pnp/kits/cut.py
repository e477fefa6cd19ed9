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

A Cricut cuts a printed sheet only within Print Then Cut's largest image, 6.75 × 9.25 in
(171.45 × 234.95 mm) on Letter and A4 — the figure every machine and paper setting
allows; some machines take more on some settings, which `--cut-area WxH` gives. Sheets
for it are laid out inside that area, centred on the page (`pnp build --cut-area cricut`
prints them so; `export cut --device cricut` assumes it), fewer cards a sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from pnp.content.output import write_text
from pnp.errors import DataError, Problem, UsageError
from pnp.kits.build import LeftOut, game_printables, on_paper
from pnp.kits.languages import suffix
from pnp.kits.leftout import grouped
from pnp.kits.request import BuildRequest
from pnp.render.cutfiles import (
    DEFAULT_INSET,
    INSET_RANGE,
    dxf,
    registration_margin,
    registration_marks,
    svg,
)
from pnp.render.cutsheets import cut_sheets, layout_stamp, read_stamp, stamp_of
from pnp.render.decks import PrintOptions, check_print_options
from pnp.render.geometry import MIN_MARGIN, Size, area_size

DEVICES = ("silhouette", "cricut", "generic")
# Cricut Design Space's Print Then Cut limit for Letter and A4, inches.
PRINT_THEN_CUT = (6.75, 9.25)
CUT_AREAS = {"cricut": Size(round(PRINT_THEN_CUT[0] * 25.4, 3),
                            round(PRINT_THEN_CUT[1] * 25.4, 3))}


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


def with_cut_area(options: PrintOptions, spec: str | None) -> PrintOptions:
    """The print options with every trim and bleed held inside a cutting machine's area:
    `cricut` (Print Then Cut's 6.75 × 9.25 in) or `WxH` in mm or inches; None: the page."""
    if spec is None:
        return replace(options, cut_area=None)
    if options.registration:
        raise UsageError("--cut-area is for Cricut's Print Then Cut, which prints its own "
                         "registration frame; drop --registration")
    area = CUT_AREAS.get(spec.strip().lower()) or area_size(spec, "--cut-area",
                                                           tuple(CUT_AREAS))
    return replace(options, cut_area=area)


def area_note(options: PrintOptions) -> str | None:
    """What a layout inside a cut area chose, in a sentence for the user."""
    area = options.cut_area
    if area is None:
        return None
    name = next((f"{n}'s Print Then Cut area, " for n, a in CUT_AREAS.items() if a == area),
                "")
    inches = f"{area.width / 25.4:.3g} × {area.height / 25.4:.3g} in"
    return (f"sheets laid out inside {name}{inches} ({area}), centred on the page: fewer "
            "cards a sheet than the whole page holds")


def device_area(device: str, spec: str | None) -> str | None:
    """The cut area a device's cut files assume: cricut's own unless told."""
    return spec if spec is not None or device != "cricut" else "cricut"


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
    UsageError when that leaves nothing to cut. Each printed PDF must carry the same
    cut-layout stamp as the cut files would (`cutsheets`): else a DataError naming the
    PDF, the cut files and both sets of options, and nothing is written."""
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
    planned, problems = [], []
    for game_id, files in chosen:
        for name, group in files.items():
            name = f"{name}{suffix(request.lang)}"  # the build's PDF in that language
            pdf = request.out_dir / game_id / f"{name}.pdf"
            stamp = layout_stamp(group, request.options)
            folder = request.out_dir / game_id / "cut"
            problems += _mismatch(pdf, stamp, folder / f"{name}-p*.svg")
            planned.append((pdf, folder / name, stamp, cut_sheets(group, request.options)))
    if problems:
        raise DataError(problems)
    written = []
    for pdf, stem, stamp, sheets in planned:
        for page, paper, cuts in sheets:
            marks = registration_marks(paper, inset) if inset and device != "cricut" else []
            named = stem.with_name(f"{stem.name}-p{page:03d}")
            write_text(named.with_suffix(".svg"), svg(paper, cuts, marks, stamp))
            write_text(named.with_suffix(".dxf"), dxf(cuts, marks, stamp))
            written.append(CutSheet(pdf, page, named.with_suffix(".svg"),
                                    named.with_suffix(".dxf"), len(cuts)))
    return written


def _mismatch(pdf: Path, stamp: str, cuts: Path) -> list[Problem]:
    """Why cut files stamped `stamp` would not match the printed `pdf` (none if they
    would): it is missing, carries no stamp, or was laid out otherwise."""
    mine = described_stamp(stamp)
    if not pdf.is_file():
        return [Problem(str(pdf), f"not built: the cut files ({cuts}, .dxf) follow the "
                        f"sheets of a printed PDF; build it first with {mine}; nothing "
                        "written")]
    found = read_stamp(pdf)
    if found is None:
        return [Problem(str(pdf), "carries no cut-layout stamp (printed by an older pnp "
                        f"build, or not by pnp): build it again with {mine}; nothing "
                        "written")]
    printed, how = found
    if printed == stamp_of(stamp):
        return []
    built = f"built with {how}" if how != mine else \
        "built with other cards or pieces (another --words, --data, --promos or " \
        "--card-thickness)"
    return [Problem(str(pdf), f"{built}, but the cut files ({cuts}, .dxf) would be for "
                    f"{mine}: they would miss its cards; give export cut the build's "
                    "options, or build again with these; nothing written")]


def described_stamp(stamp: str) -> str:
    """The options in words a stamp carries."""
    return stamp.partition(" (")[2].rstrip(")")


def _files(printables: list, components: tuple[str, ...]) -> dict[str, list]:
    """Printables grouped by output file as the build groups them, those asked for."""
    by_file: dict[str, list] = {}
    for item in printables:
        by_file.setdefault(item.file, []).append(item)
    if not components:
        return by_file
    return {name: group for name, group in by_file.items()
            if name in components or any(item.id in components for item in group)}
