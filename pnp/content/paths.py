"""Where the shipped data, layouts and fonts are.

In a source checkout (and an editable install) `data/` and `templates/` sit beside the
`pnp/` package; a wheel carries copies inside the package (`pnp/data`, `pnp/templates`).
Every command also takes `--data DIR` / `--templates DIR` so users can point at their own.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def _shipped(name: str) -> Path:
    inside = _PACKAGE / name
    return inside if inside.is_dir() else _PACKAGE.parent / name


def data_dir() -> Path:
    """The shipped game data: `<dir>/<game>/*.json`."""
    return _shipped("data")


def templates_dir() -> Path:
    """The shipped card layouts and rule-sheet texts."""
    return _shipped("templates")


def docs_dir() -> Path:
    """The documents the apps link to (`rulings.md`)."""
    return _shipped("docs")


def fonts_dir() -> Path:
    """The fonts that ship with the package (Bitstream Vera)."""
    return _PACKAGE / "fonts"
