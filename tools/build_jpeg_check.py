"""Compile the JPEG data check (pnp/render/jpeg_data.c) against the system's libjpeg
(`make` runs this; Debian's package with the headers is libjpeg-dev).

Into pnp/render/_compiled/ with a manifest of the source's sha256, so
pnp/render/jpegdata.py uses the build only while it matches the source; objects go to a
temporary folder and the manifest is written last. Without it, the check runs through
simplejpeg (the same verdicts; its import loads numpy, the larger part of the check's time
on a first build of new art).

Exit status 0 when built; 1 with a one-line reason when setuptools, a C compiler or
libjpeg's headers are missing or the compile fails.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from compiling import build_main

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "pnp" / "render" / "jpeg_data.c"
FOLDER = ROOT / "pnp" / "render" / "_compiled"
MODULE = "_jpegdata"


def build(folder: Path) -> None:
    sys.path.insert(0, str(ROOT))  # pnp/content/compiled.py imports nothing else of the package
    from setuptools import Distribution, Extension

    from pnp.content.compiled import record_build, sources_sha256

    digest = sources_sha256([SOURCE])  # before compiling
    extension = Extension(f"pnp.render.{MODULE}", [str(SOURCE.relative_to(ROOT))],
                          libraries=["jpeg"], extra_compile_args=["-g0", "-O2"])
    with tempfile.TemporaryDirectory() as tmp:
        dist = Distribution({"ext_modules": [extension], "script_name": "build_jpeg_check.py",
                             "script_args": ["build_ext", "--build-lib", str(Path(tmp, "lib")),
                                             "--build-temp", str(Path(tmp, "obj"))]})
        dist.parse_command_line()
        dist.run_commands()
        built = next(Path(tmp, "lib", "pnp", "render").glob(f"{MODULE}.*"))
        record_build(folder, {MODULE: built}, {MODULE: digest})


def main(argv: list[str]) -> int:
    """`build_jpeg_check.py [FOLDER]`: FOLDER defaults to where the check looks for it."""
    return build_main(argv, build, FOLDER,
                      "note: JPEG data is checked through simplejpeg (the compiled check "
                      "was not built: {reason})",
                      "built the compiled JPEG data check in {folder}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
