"""Named printer profiles: the back-page offsets measured with `pnp calibrate`, saved once
and reused with `pnp build --printer NAME`.

Profiles live in one JSON file in the user's config folder (`$PNP_CONFIG_HOME`, else
`$XDG_CONFIG_HOME/majority-pnp`, else `~/.config/majority-pnp`), written atomically.
"""

from __future__ import annotations

import difflib
import json
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from pnp.content.jsonfile import child_path, parse_json, read_text
from pnp.content.output import write_text
from pnp.content.schemas import definition_problem, schema_problems, shown
from pnp.content.sources import load_source
from pnp.errors import DataError, Problem, SchemaError, UsageError
from pnp.render.geometry import check_offsets

SCHEMA = "printers"
NAME_RULE = ("a printer's name is 1 to 100 characters, not only spaces, without '/' or "
             "control characters (tab, newline, escape, DEL)")

BACK_FLIPS = ("duplex-long", "duplex-short")


@dataclass(frozen=True)
class PrinterProfile:
    name: str
    offset_x: float
    offset_y: float
    backs: str = "duplex-long"


def calibration_path(out: Path) -> Path:
    """Where `pnp calibrate --out OUT` writes: OUT is a folder, as for every other
    command (`OUT/calibration.pdf`), unless it names a PDF (`my-printer.pdf`, kept for
    older scripts). A name with a dot but no `.pdf` (`v1.2`) is still a folder, so the
    sheet always ends in `.pdf`."""
    if out.suffix.lower() == ".pdf" and not out.is_dir():
        return out
    from pnp.kits.gallery import CALIBRATION

    return out / CALIBRATION


def write_calibration(out: Path, paper: str, backs: str) -> tuple[Path, int, Path | None]:
    """The calibration sheet at `calibration_path(out)`: (its path, its page count, the
    gallery page refreshed beside it, if that folder has one)."""
    from pnp.kits.gallery import CALIBRATION, refresh_gallery
    from pnp.render.calibrate import render_calibration
    from pnp.render.fonts import font_set
    from pnp.render.geometry import paper_size

    paper_size(paper)
    if backs not in BACK_FLIPS:
        raise UsageError(f"--backs must be {' or '.join(BACK_FLIPS)}")
    path = calibration_path(out)
    pages = render_calibration(path, paper.lower(), backs.removeprefix("duplex-"), font_set())
    index = refresh_gallery(path.parent) if path.name == CALIBRATION else None
    return path, pages, index


def config_dir() -> Path:
    if os.environ.get("PNP_CONFIG_HOME"):
        return Path(os.environ["PNP_CONFIG_HOME"])
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "majority-pnp"


def profiles_file() -> Path:
    return config_dir() / "printers.json"


@dataclass(frozen=True)
class SavedProfiles:
    """The profiles file as read: the usable profiles, and each entry that is not (a name
    or values the rules refuse, written by hand or by an older version) kept as it is
    written, with why it cannot be used. One bad entry never hides the good ones, and
    saving or deleting another profile keeps it as it was."""

    good: dict[str, PrinterProfile]
    unusable: dict[str, Any]
    why: dict[str, list[Problem]]

    @property
    def problems(self) -> list[Problem]:
        return [p for found in self.why.values() for p in found]


def read_profiles() -> SavedProfiles:
    """Every saved profile. A file that is not a profiles file at all (not JSON, no
    `printers` object, an unknown key) is a DataError naming the file and line; an entry
    the `printers` schema refuses (its name, its offsets) is set aside with a problem at
    its JSON path, and the others are usable."""
    path = profiles_file()
    if not path.exists():
        return SavedProfiles({}, {}, {})
    doc = parse_json(read_text(path, strip_bom=False), str(path))  # it drops one BOM
    value = doc.value
    entries = value.get("printers") if isinstance(value, dict) else None
    if not isinstance(entries, dict):
        load_source(path, SCHEMA)  # says what is wrong with the file as a whole
        entries = {}
    outline = replace(doc, value={**value, "printers": {}})
    problems = schema_problems(outline, SCHEMA)
    if problems:
        raise SchemaError(problems)
    good, unusable, why = {}, {}, {}
    for name, data in entries.items():
        found = _entry_problems(doc, name, data)
        if found:
            unusable[name], why[name] = data, found
        else:
            good[name] = PrinterProfile(name=name, **data)
    return SavedProfiles(good, unusable, why)


def _entry_problems(doc, name: str, data: Any) -> list[Problem]:
    """Why a saved entry is not a usable profile, at its JSON path: the one rule for a
    printer's name and values, the `printers` schema's, which `pnp printer save` checks
    before writing."""
    if definition_problem(SCHEMA, "printerName", name) is not None:
        found = [doc.problem(child_path("$.printers", name), NAME_RULE)]
    else:
        found = schema_problems(replace(doc, value={"printers": {name: data}}), SCHEMA)
    return [Problem(p.file, f"printer {shown(name)} cannot be used: {p.message}; pnp printer "
                            "delete removes it", p.line, p.path) for p in found]


def load_profiles() -> dict[str, PrinterProfile]:
    """The usable saved profiles (an unusable entry is left out: `read_profiles` says
    why)."""
    return read_profiles().good


def save_profile(profile: PrinterProfile) -> Path:
    """Add or replace a profile; UsageError for a name or values the loader would refuse
    (so a saved profile is always one that can be used)."""
    check_profile(profile)
    saved = read_profiles()
    saved.good[profile.name] = profile
    saved.unusable.pop(profile.name, None)
    _write(saved)
    return profiles_file()


def delete_profile(name: str) -> None:
    """Remove a profile, also one that cannot be used (the way to get rid of it)."""
    saved = read_profiles()
    if name in saved.unusable:
        del saved.unusable[name]
    else:
        get_profile(name, saved.good)
        del saved.good[name]
    _write(saved)


def get_profile(name: str, profiles: dict[str, PrinterProfile] | None = None) -> PrinterProfile:
    """The profile saved as `name`; UsageError suggesting the nearest name, or DataError
    saying why the entry of that name cannot be used."""
    if profiles is None:
        saved = read_profiles()
        if name in saved.why:
            raise DataError(saved.why[name])
        profiles = saved.good
    if name in profiles:
        return profiles[name]
    near = difflib.get_close_matches(name, list(profiles), n=1)
    hint = f"; did you mean {near[0]!r}?" if near else \
        f"; saved: {', '.join(sorted(profiles)) or 'none (pnp printer save NAME ...)'}"
    raise UsageError(f"no printer profile {name!r}{hint}")


def printer_settings(printer: str | None, backs: str | None, offset_x: float | None,
                     offset_y: float | None) -> tuple[str, float, float]:
    """`pnp build`'s backs and back offsets: as given (duplex-long and no shift when not
    given), or a saved profile's, never both, so a build and the studio's kit builder
    read the same options the same way."""
    if printer is None:
        return backs or "duplex-long", offset_x or 0.0, offset_y or 0.0
    if offset_x is not None or offset_y is not None:
        raise UsageError("--printer already sets the offsets; drop --offset-x/--offset-y "
                         "or --printer")
    profile = get_profile(printer)
    if backs not in (None, profile.backs):
        raise UsageError(f"printer {printer!r} was calibrated for --backs {profile.backs}, "
                         f"not {backs}")
    return profile.backs, profile.offset_x, profile.offset_y


def check_profile(profile: PrinterProfile) -> None:
    if definition_problem(SCHEMA, "printerName", profile.name) is not None:
        raise UsageError(Problem("NAME", f"{shown(profile.name)}: {NAME_RULE}"))
    if profile.backs not in BACK_FLIPS:
        raise UsageError(f"--backs must be {' or '.join(BACK_FLIPS)} for a printer profile")
    check_offsets(profile.offset_x, profile.offset_y)


def _write(saved: SavedProfiles) -> None:
    entries = {n: {k: v for k, v in asdict(p).items() if k != "name"}
               for n, p in saved.good.items()}
    entries.update(saved.unusable)
    data = {"printers": dict(sorted(entries.items()))}
    write_text(profiles_file(), json.dumps(data, indent=2) + "\n")
