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


def what_is_at(path: Path) -> str:
    """What `path` is, in words a person can act on, found without opening it (a FIFO
    would block a reader): "a folder", "a file", "a FIFO (named pipe)", "a device or
    socket", each "a symlink to …" when reached through a link; "nothing" when there is
    nothing there, "a broken symlink" for a link that leads nowhere."""
    import stat

    try:
        linked = "a symlink to " if path.is_symlink() else ""
    except (OSError, ValueError):
        return "unreadable"
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return "a broken symlink" if linked else "nothing"
    except (OSError, RuntimeError, ValueError):  # a link loop, a name the system refuses
        return "a broken symlink" if linked else "unreadable"
    if stat.S_ISDIR(mode):
        return f"{linked}a folder"
    if stat.S_ISREG(mode):
        return f"{linked}a file"
    if stat.S_ISFIFO(mode):
        return f"{linked}a FIFO (named pipe)"
    return f"{linked}a device or socket"


def folder_problem(path: Path) -> str | None:
    """Why `path` cannot be read as a folder ("folder not found", "not a folder: it is a
    FIFO (named pipe)", "cannot read this folder: Permission denied"), or None when it is
    one that can be listed."""
    what = what_is_at(path)
    if not what.endswith("a folder"):
        return "folder not found" if what == "nothing" else f"not a folder: it is {what}"
    import os

    try:  # a folder without read or search permission was a PermissionError traceback
        with os.scandir(path) as entries:
            next(entries, None)
    except OSError as exc:
        return f"cannot read this folder: {exc.strerror}"
    return None
