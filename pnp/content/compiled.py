"""Compiled builds of modules whose source lives here (the Majority 2 engine's hot modules,
the JPEG data check): each build folder holds the compiled files and a manifest of the
sha256 of the sources each was built from.

Why one place: a build is used only while every source is as it was compiled, so an edited
source is never shadowed by an old build; and `PNP_PURE_PYTHON=1` in the environment
switches every compiled part off alike (the tests and benchmarks compare the two ways).
Nothing here imports the rest of the package: the build tools load it while pip is still
installing the package's dependencies.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import shutil
from collections.abc import Iterable, Mapping
from pathlib import Path

PURE_ENV = "PNP_PURE_PYTHON"
MANIFEST_NAME = "manifest.json"


def sources_sha256(paths: Iterable[Path]) -> str:
    """One sha256 over these source files as they are now (a missing one counts as empty,
    so adding it later changes the digest)."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.read_bytes() if path.is_file() else b"")
    return digest.hexdigest()


def current_build(folder: Path, digests: Mapping[str, object]) -> dict[str, Path] | None:
    """The compiled file of each module named in `digests` (name → a callable giving its
    sources' sha256 now) when all of them are in `folder`'s manifest, exist for this Python
    and were built from those sources; None otherwise, or when pure Python is asked for."""
    if os.environ.get(PURE_ENV):
        return None
    try:
        manifest = json.loads((folder / MANIFEST_NAME).read_text("utf-8"))
        files = {}
        for name, digest in digests.items():
            entry = manifest[name]
            path = folder / entry["file"]
            suffix = path.name[len(name):]
            if (not path.name.startswith(name) or not path.is_file()
                    or suffix not in importlib.machinery.EXTENSION_SUFFIXES
                    or entry["sha256"] != digest()):
                return None
            files[name] = path
        return files
    except (OSError, ValueError, KeyError, TypeError):
        return None


def record_build(folder: Path, built: Mapping[str, Path], digests: Mapping[str, str]) -> None:
    """Put freshly compiled files (module name → file) into `folder`, replacing any older
    build, with the manifest written last: a build cut short has no manifest and is never
    used. `digests` are the sources' sha256 taken before compiling them."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for path in built.values():
        shutil.copy2(path, folder / path.name)
    manifest = {name: {"file": path.name, "sha256": digests[name]}
                for name, path in built.items()}
    (folder / MANIFEST_NAME).write_text(json.dumps(manifest, indent=1) + "\n", "utf-8")
