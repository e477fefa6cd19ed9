"""The optional compiled build of the Majority 2 engine: the same source files, compiled.

Why: random play is the floor under every bot and balance run, and the engine's hot
modules (`MODULES`) run about twice as fast when Cython compiles them unchanged. The
`.pxd` files beside them are for the compiler alone: `state.pxd` makes `State` a C-level
class (its fields read and written directly), and each `.pxd` declares `cpdef` the helpers
the random movers call (the rules' handlers and movers that call one another, and the
requirements and random-draw helpers), so the compiled modules call them in C; Cython drops
a decorator on a `cpdef` function, so those are registered with a call after their def.
`make` builds them into `_compiled/` (tools/build_engine.py) when Cython and a C compiler
are at hand; the games are the same either way (tests/test_majority2_golden.py plays the
golden seeds both ways).

The compiled modules are used only when every one of them was built from the source file
as it is now (the manifest records each file's sha256), so an edited `.py` is never
shadowed by an old build; otherwise — and with `PNP_PURE_PYTHON=1` in the environment, or
without a build at all (a fresh machine without a compiler, an installed wheel) — Python
imports the `.py` modules as usual.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from pnp.content.compiled import (
    MANIFEST_NAME,
    PURE_ENV,  # noqa: F401  (the switch's name, for the tests and bench)
    sources_sha256,
)
from pnp.content.compiled import current_build as _current_build

PACKAGE = "pnp.games.majority2"
MODULES = ("state", "phases", "effects", "engine")
FOLDER = Path(__file__).with_name("_compiled")
MANIFEST = FOLDER / MANIFEST_NAME


def source_sha256(name: str) -> str:
    """The sha256 of module `name`'s source as it is now: its `.py` file, and the `.pxd`
    file of declarations the compiler reads beside it."""
    here = Path(__file__)
    return sources_sha256(here.with_name(name + suffix) for suffix in (".py", ".pxd"))


def current_build() -> dict[str, Path] | None:
    """The compiled file of each module in `MODULES` when all of them exist for this
    Python and match their sources; None otherwise (or when pure Python is asked for)."""
    return _current_build(FOLDER, {name: lambda name=name: source_sha256(name)
                                   for name in MODULES})


class _CompiledFinder:
    """Finds the compiled file of each module in `MODULES` when the build is current.
    The build is looked at once, when the first of them is imported: a command that never
    loads the engine (a kit build) pays nothing."""

    names = frozenset(f"{PACKAGE}.{name}" for name in MODULES)

    def __init__(self):
        self.files: dict[str, Path] | None = None

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.names:
            return None
        if self.files is None:
            build = current_build() or {}
            self.files = {f"{PACKAGE}.{name}": file for name, file in build.items()}
        found = self.files.get(fullname)
        return None if found is None else importlib.util.spec_from_file_location(fullname,
                                                                                 found)


def install() -> None:
    """Put the finder first on `sys.meta_path` (once). Must run before any module of
    `MODULES` is imported: the package's `__init__` imports this module first."""
    if not any(isinstance(f, _CompiledFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _CompiledFinder())


def in_use() -> str:
    """Which build of the engine is running: "compiled" or "pure Python"."""
    engine = sys.modules.get(f"{PACKAGE}.engine")
    compiled = engine is not None and not str(getattr(engine, "__file__", "")).endswith(".py")
    return "compiled" if compiled else "pure Python"


install()  # the package's __init__ imports this module before any other of its modules
