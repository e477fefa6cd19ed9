"""The checker bundle: one zip holding the Python the phone runs — the subset of this
package that checks records and steps through a Majority 2 log (`pnp.web.inbrowser`), the
game data and schemas it reads, and the pure-Python libraries it imports, copied from the
very installation `pnp check` runs on (same versions, so the same messages).

jsonschema's one compiled dependency, rpds-py, has no WebAssembly build outside Pyodide's
own package server, which an offline app cannot reach: `rpds` is provided by
pyrsistent-as-rpds-py (pure Python, over pyrsistent), written here as a one-line module.

Nothing else of the package is copied: not the CLI, the server, the kit builders or the
PDF and image code. `tests/test_phone_bundle.py` runs the bundle on a bare interpreter
that has nothing else, so a new import of anything outside it fails there first.
"""

from __future__ import annotations

import importlib.util
import io
import marshal
import subprocess
import sys
import zipfile
from functools import cache
from pathlib import Path

from pnp.content.paths import data_dir, docs_dir
from pnp.games import GAMES

_PNP = Path(__file__).resolve().parents[2]
PACKAGE_FILES = ("__init__.py", "errors.py", "check.py")
PACKAGES = ("content", "games")
MODULES = {"render": ("__init__", "cutfiles", "fonts", "furniture", "geometry", "marks",
                      "model", "nets", "sheets"),
           "web": ("__init__", "answers", "inbrowser", "log_steps", "rulings", "verdict")}
"""Single modules of packages taken only in part (the rest draws PDFs or serves pages)."""
LIBRARIES = ("jsonschema", "jsonschema_specifications", "referencing", "attr", "attrs",
             "pyrsistent", "_pyrsistent_version", "pyrsistent_as_rpds", "typing_extensions")
_SKIPPED = {"__pycache__", "tests", "benchmarks", "_compiled"}
_COMPILED = {".pyc", ".so", ".pyd", ".pyi", ".dylib"}
_STAMP = (1980, 1, 1, 0, 0, 0)
ROOT = "/pnp-app"
"""Where the page's worker unpacks the bundle (`static/checker-worker.js`)."""
RPDS = b'"""rpds-py\'s API in pure Python (pyrsistent-as-rpds-py), for the phone app."""\n' \
       b"from pyrsistent_as_rpds.pure import *  # noqa: F403\n"


def bundle_files() -> dict[str, bytes]:
    """Each file of the bundle by its path inside it (the folder put on `sys.path`)."""
    files: dict[str, bytes] = {}
    for name in PACKAGE_FILES:
        files[f"pnp/{name}"] = (_PNP / name).read_bytes()
    for package in PACKAGES:
        _add_tree(files, _PNP / package, f"pnp/{package}", (".py",))
    for package, modules in MODULES.items():
        for module in modules:
            files[f"pnp/{package}/{module}.py"] = (_PNP / package / f"{module}.py").read_bytes()
    _add_tree(files, _PNP / "schemas", "pnp/schemas", (".json",))
    for game in GAMES:
        _add_tree(files, data_dir() / game, f"pnp/data/{game}", (".json", ".txt", ".csv"))
    files["pnp/docs/rulings.md"] = (docs_dir() / "rulings.md").read_bytes()
    for library in LIBRARIES:
        _add_library(files, library)
    files["rpds/__init__.py"] = RPDS
    return dict(sorted(files.items()))


def _add_tree(files: dict[str, bytes], folder: Path, prefix: str, suffixes) -> None:
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        wanted = path.suffix not in _COMPILED if suffixes is None else path.suffix in suffixes
        if path.is_file() and wanted and not _SKIPPED & set(parts):
            files[f"{prefix}/{'/'.join(parts)}"] = path.read_bytes()


def _add_library(files: dict[str, bytes], name: str) -> None:
    """An installed library's Python files and package data (not its tests or any
    compiled extension, which could not load in the browser)."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise RuntimeError(f"the phone app's checker needs {name}, which is not installed")
    origin = Path(spec.origin)
    if origin.name != "__init__.py":
        files[origin.name] = origin.read_bytes()
        return
    _add_tree(files, origin.parent, name, None)


def compiled(files: dict[str, bytes]) -> dict[str, bytes]:
    """Each module's bytecode beside its source (`__pycache__/NAME.cpython-311.pyc`,
    marked not to be checked against the source): compiling the modules at every start
    took the phone's Python over a second. The browser's Python is 3.11 like this one
    (`runtime.VERSION`), whose bytecode is the same in every 3.11 release. Compiled in a
    fresh interpreter with a fixed hash seed: marshal writes sets in hash order and marks
    shared objects by their reference counts, so the same sources give the same bytes
    only that way (and the app's version, a digest of its files, stays put)."""
    sources = {name: data for name, data in files.items() if name.endswith(".py")}
    done = subprocess.run([sys.executable, "-I", "-S", "-c", _COMPILE, ROOT],
                          input=marshal.dumps(sources), capture_output=True, check=True,
                          env={"PYTHONHASHSEED": "0"})
    return marshal.loads(done.stdout)


_COMPILE = """
import importlib.util, marshal, sys
from importlib._bootstrap_external import _code_to_hash_pyc
root, tag = sys.argv[1], sys.implementation.cache_tag
out = {}
for name, data in marshal.loads(sys.stdin.buffer.read()).items():
    folder, _, module = name.rpartition("/")
    code = compile(data, f"{root}/{name}", "exec", dont_inherit=True)
    pyc = f"{folder}/__pycache__/{module[:-3]}.{tag}.pyc".lstrip("/")
    out[pyc] = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
sys.stdout.buffer.write(marshal.dumps(out))
"""


@cache
def bundle_zip() -> bytes:
    """The bundle as a zip, byte for byte the same for the same files."""
    out = io.BytesIO()
    files = bundle_files()
    files = dict(sorted({**files, **compiled(files)}.items()))
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, _STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return out.getvalue()
