"""Compile the Majority 2 engine's hot modules with Cython (`make` runs this).

The source files are compiled as they are — no Cython-only syntax, no second copy of the
rules — into pnp/games/majority2/_compiled/, with a manifest of each source's sha256, so
pnp/games/majority2/compiled.py uses the build only while it matches the sources. The C
files and objects go to a temporary folder; the old build is removed before the new one is
copied in, and the manifest is written last.

Exit status 0 when built; 1 with a one-line reason when Cython, setuptools or a C compiler
is missing or the compile fails (then Python runs the .py modules, as on any machine).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _compiled_module():
    """pnp/games/majority2/compiled.py loaded from its file alone: importing it as part of
    the package would run the package's `__init__`, which needs reportlab and the rest,
    and `make test` builds the engine while pip is still installing those (the checkout
    is put on the path for pnp/content/compiled.py, which imports nothing else of the package)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    path = ROOT / "pnp" / "games" / "majority2" / "compiled.py"
    spec = importlib.util.spec_from_file_location("_pnp_engine_compiled", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_compiled = _compiled_module()
FOLDER, MODULES = _compiled.FOLDER, _compiled.MODULES
PACKAGE, source_sha256 = _compiled.PACKAGE, _compiled.source_sha256
from compiling import build_main  # noqa: E402  (tools/, this script's folder)

from pnp.content.compiled import record_build  # noqa: E402  (the path is set by _compiled_module)


def build(folder: Path) -> None:
    from Cython.Build import cythonize
    from setuptools import Distribution

    digests = {name: source_sha256(name) for name in MODULES}  # before compiling
    sources = [str(Path(*PACKAGE.split("."), f"{name}.py")) for name in MODULES]
    cores = str(min(len(MODULES), os.cpu_count() or 1))  # the modules compile side by side
    with tempfile.TemporaryDirectory() as tmp:
        extensions = cythonize(sources, build_dir=str(Path(tmp, "c")), quiet=True,
                               nthreads=int(cores), compiler_directives={"language_level": 3})
        if os.name == "posix":  # no debug information: a fifth of gcc's time, same code;
            # -O2, not Python's -O3: 22 s to build instead of 29 s on 2 cores (the longest
            # step of a fresh clone's set-up), 1.3 % more instructions a random game
            for extension in extensions:
                extension.extra_compile_args.extend(["-g0", "-O2"])
        dist = Distribution({"ext_modules": extensions, "script_name": "build_engine.py",
                             "script_args": ["build_ext", "--parallel", cores,
                                             "--build-lib", str(Path(tmp, "lib")),
                                             "--build-temp", str(Path(tmp, "obj"))]})
        dist.parse_command_line()
        dist.run_commands()
        built = Path(tmp, "lib", *PACKAGE.split("."))
        record_build(folder, {name: next(built.glob(f"{name}.*")) for name in MODULES},
                     digests)


def main(argv: list[str]) -> int:
    """`build_engine.py [FOLDER]`: FOLDER defaults to where the engine looks for it."""
    return build_main(argv, build, FOLDER,
                      "note: the Majority 2 engine runs as pure Python (compiled build "
                      "failed: {reason})",
                      f"built the compiled Majority 2 engine ({', '.join(MODULES)}) "
                      "in {folder}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
