"""Where the in-browser Python (Pyodide, from the npm registry) is on this machine.

`make web-runtime` installs the version package-lock.json pins into `node_modules/`; a
folder of one's own can be named by `PNP_WEB_RUNTIME`. The version is checked: the app's
reports must be `pnp check`'s word for word, and Pyodide 0.25 is the one that runs Python
3.11, the project's Python (messages of the standard library differ between versions).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from pnp.errors import Problem, UsageError

VERSION = "0.25.1"
"""The Pyodide release the app ships (package.json pins the same)."""
FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
         "pyodide-lock.json")
"""What the browser loads of it: the loader, the interpreter and the standard library."""
_CHECKOUT = Path(__file__).resolve().parents[3]


def runtime_folder() -> Path:
    named = os.environ.get("PNP_WEB_RUNTIME")
    return Path(named) if named else _CHECKOUT / "node_modules" / "pyodide"


def runtime_files() -> dict[str, Path]:
    """Each runtime file by name; UsageError saying how to get them when they are missing
    or of another version."""
    folder = runtime_folder()
    missing = [name for name in FILES if not (folder / name).is_file()]
    if missing:
        raise UsageError(Problem(str(folder), f"the phone app's Python runtime (Pyodide "
                                 f"{VERSION}, from the npm registry) is missing "
                                 f"({', '.join(missing)}): run `make web-runtime` in the "
                                 "project's folder (it runs npm ci), or set PNP_WEB_RUNTIME "
                                 "to a folder holding " + ", ".join(FILES)))
    found = _version(folder)
    if found != VERSION:
        raise UsageError(Problem(str(folder), f"Pyodide {found or 'of an unknown version'} "
                                 f"found; the app needs {VERSION} (its Python is the "
                                 "project's, 3.11): run `make web-runtime`"))
    return {name: folder / name for name in FILES}


def available() -> bool:
    try:
        runtime_files()
    except UsageError:
        return False
    return True


def _version(folder: Path) -> str | None:
    try:
        return json.loads((folder / "package.json").read_text("utf-8")).get("version")
    except (OSError, ValueError, AttributeError):
        return None
