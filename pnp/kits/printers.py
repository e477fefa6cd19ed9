"""Named printer profiles: the back-page offsets measured with `pnp calibrate`, saved once
and reused with `pnp build --printer NAME`.

Profiles live in one JSON file in the user's config folder (`$PNP_CONFIG_HOME`, else
`$XDG_CONFIG_HOME/majority-pnp`, else `~/.config/majority-pnp`), written atomically.
"""

from __future__ import annotations

import difflib
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from pnp.content.output import write_text
from pnp.content.sources import load_source
from pnp.errors import UsageError
from pnp.render.geometry import check_offsets

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


def load_profiles() -> dict[str, PrinterProfile]:
    """All saved profiles. The file is validated like any data file (its schema is
    `printers`), so a hand-edited profile is an error naming the file, line and path."""
    path = profiles_file()
    if not path.exists():
        return {}
    doc = load_source(path, "printers")
    return {name: PrinterProfile(name=name, **data)
            for name, data in doc.value["printers"].items()}


def save_profile(profile: PrinterProfile) -> Path:
    """Add or replace a profile; UsageError for implausible values."""
    check_profile(profile)
    profiles = load_profiles()
    profiles[profile.name] = profile
    _write(profiles)
    return profiles_file()


def delete_profile(name: str) -> None:
    profiles = load_profiles()
    get_profile(name, profiles)
    del profiles[name]
    _write(profiles)


def get_profile(name: str, profiles: dict[str, PrinterProfile] | None = None) -> PrinterProfile:
    profiles = load_profiles() if profiles is None else profiles
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
    if not profile.name.strip() or "/" in profile.name:
        raise UsageError(f"a printer name must be non-empty and without '/': {profile.name!r}")
    if profile.backs not in BACK_FLIPS:
        raise UsageError(f"--backs must be {' or '.join(BACK_FLIPS)} for a printer profile")
    check_offsets(profile.offset_x, profile.offset_y)


def _write(profiles: dict[str, PrinterProfile]) -> None:
    data = {"printers": {n: {k: v for k, v in asdict(p).items() if k != "name"}
                         for n, p in sorted(profiles.items())}}
    write_text(profiles_file(), json.dumps(data, indent=2) + "\n")
