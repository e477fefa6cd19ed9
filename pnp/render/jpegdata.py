"""Whether a JPEG's image data is whole: every scan decoded once, libjpeg's warnings taken
as errors.

Why: Pillow decodes a JPEG cut short but ending in its end marker (FF D9) without a word,
the missing part grey, and a JPEG that passes through is embedded byte for byte, so a cut
file would be printed as it is. libjpeg says "premature end of data segment"; this module
listens. Extraneous bytes before a marker (some cameras write them) are no fault, and data
after the end marker is never read.

Two ways to listen, with the same verdicts on every file the tests hold:
- `_jpegdata`, a small C module (jpeg_data.c) that `make` builds against the system's
  libjpeg (tools/build_jpeg_check.py), used while the build matches its source, as the
  compiled engine is (pnp/content/compiled.py); it decodes outside the GIL;
- simplejpeg (libjpeg-turbo, bundled) where that module is not built, or with
  PNP_PURE_PYTHON=1. Its import loads numpy: 60–130 ms of CPU on a first build of new art,
  a third of the check, which is why the C module exists. It stops at the first warning,
  so a file with extraneous bytes is passed from there without reading on.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

from pnp.content.compiled import current_build, sources_sha256

SOURCE = Path(__file__).with_name("jpeg_data.c")
FOLDER = Path(__file__).with_name("_compiled")
MODULE = "_jpegdata"
_LOADING = threading.Lock()


def problem(data: bytes) -> str | None:
    """libjpeg's first complaint about this JPEG's data, or None when it is whole."""
    module = compiled_module()
    if module is not None:
        try:
            return module.check(data)
        except RuntimeError:  # the system's libjpeg changed under the build
            _disable()
    return _simplejpeg_problem(data)


def check_name() -> str:
    """The check's name in the validation cache: its version and which decoder's build
    (file name, size and time), so a pass is never remembered across decoders."""
    module = compiled_module()
    if module is not None:
        return "jpeg-data 2 " + _identity(Path(module.__file__))
    from importlib.util import find_spec

    spec = find_spec("simplejpeg")
    folder = Path(spec.origin).parent if spec and spec.origin else None
    return "jpeg-data 1 " + " ".join(sorted(_identity(p) for p in (
        folder.glob("_jpeg*") if folder else ())))


def in_use() -> str:
    """Which check runs: "compiled" or "simplejpeg"."""
    return "compiled" if compiled_module() is not None else "simplejpeg"


def _identity(path: Path) -> str:
    stat = path.stat()
    return f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}"


_UNSET = object()
_module = _UNSET


def compiled_module():
    """The compiled check when its build is current and loads; None otherwise. Looked for
    once, under a lock: the build's background threads may ask at the same time."""
    global _module
    if _module is _UNSET:
        with _LOADING:
            if _module is _UNSET:
                _module = _load()
    return _module


def _load():
    found = current_build(FOLDER, {MODULE: lambda: sources_sha256([SOURCE])})
    if not found:
        return None
    import importlib.util

    try:
        spec = importlib.util.spec_from_file_location(f"pnp.render.{MODULE}", found[MODULE])
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except (ImportError, OSError):  # e.g. the libjpeg it was linked with is gone
        return None
    return module


def _disable() -> None:
    global _module
    with _LOADING:
        _module = None


def _simplejpeg_problem(data: bytes) -> str | None:
    simplejpeg = _simplejpeg()
    try:
        _, _, colours, _ = simplejpeg.decode_jpeg_header(data)
        # min_height/min_width of 1 is what lets libjpeg scale by 1/8 (min_factor alone
        # decodes at full size): every coefficient is still read and checked.
        simplejpeg.decode_jpeg(data, colorspace="CMYK" if colours in ("CMYK", "YCCK")
                               else "GRAY", min_height=1, min_width=1, min_factor=8,
                               strict=True)
    except ValueError as exc:
        return None if "extraneous bytes" in str(exc) else str(exc)
    return None


_BLAS_THREADS = "OPENBLAS_NUM_THREADS"


def _simplejpeg():
    """simplejpeg, whose import loads numpy, with OpenBLAS told to start no pool of threads
    (it starts one per core on import, and nothing here multiplies matrices): numpy's
    import then costs about 70 ms of CPU instead of 120. The setting is put back once
    imported, so commands run later see the environment they were given."""
    if "simplejpeg" not in sys.modules and "numpy" not in sys.modules:
        before = os.environ.get(_BLAS_THREADS)
        os.environ.setdefault(_BLAS_THREADS, "1")
        try:
            import simplejpeg
        finally:
            if before is None:
                os.environ.pop(_BLAS_THREADS, None)
    import simplejpeg

    return simplejpeg
