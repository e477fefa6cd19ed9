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

import contextlib
import importlib.util
import io
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _compiled_module():
    """pnp/games/majority2/compiled.py loaded from its file alone: importing it as part of
    the package would run the package's `__init__`, which needs reportlab and the rest,
    and `make test` builds the engine while pip is still installing those."""
    path = ROOT / "pnp" / "games" / "majority2" / "compiled.py"
    spec = importlib.util.spec_from_file_location("_pnp_engine_compiled", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_compiled = _compiled_module()
FOLDER, MANIFEST, MODULES = _compiled.FOLDER, _compiled.MANIFEST, _compiled.MODULES
PACKAGE, source_sha256 = _compiled.PACKAGE, _compiled.source_sha256


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
        files = {name: next(built.glob(f"{name}.*")) for name in MODULES}
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        for path in files.values():
            shutil.copy2(path, folder / path.name)
    manifest = {name: {"file": files[name].name, "sha256": digests[name]} for name in MODULES}
    (folder / MANIFEST.name).write_text(json.dumps(manifest, indent=1) + "\n", "utf-8")


def main(argv: list[str]) -> int:
    """`build_engine.py [FOLDER]`: FOLDER defaults to where the engine looks for it."""
    folder = Path(argv[0]).resolve() if argv else FOLDER
    log = io.StringIO()
    try:
        with contextlib.chdir(ROOT), contextlib.redirect_stdout(log), \
                contextlib.redirect_stderr(log):
            build(folder)
    except (Exception, SystemExit) as exc:  # any failure: the .py modules run
        shutil.rmtree(folder, ignore_errors=True)
        reason = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
        print(f"note: the Majority 2 engine runs as pure Python (compiled build failed: "
              f"{reason})")
        return 1
    print(f"built the compiled Majority 2 engine ({', '.join(MODULES)}) in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
