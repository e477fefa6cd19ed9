"""What the build tools of the compiled parts share (tools/build_engine.py,
tools/build_jpeg_check.py): a compile run quietly, its failure told in one line."""

from __future__ import annotations

import contextlib
import io
import shutil
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def compile_quietly(build: Callable[[Path], None], folder: Path) -> str | None:
    """Run `build(folder)` from the checkout with its output kept back; None when it
    worked, else the last line of what went wrong (a missing compiler, header or module),
    with `folder` removed so no half-made build is left."""
    log = io.StringIO()
    try:
        with contextlib.chdir(ROOT), contextlib.redirect_stdout(log), \
                contextlib.redirect_stderr(log):
            build(folder)
    except (Exception, SystemExit) as exc:  # any failure: the Python path runs instead
        shutil.rmtree(folder, ignore_errors=True)
        text = str(exc).strip()
        return text.splitlines()[-1] if text else type(exc).__name__
    return None


def build_main(argv: list[str], build: Callable[[Path], None], default: Path,
               failed: str, built: str) -> int:
    """A build tool's command line, `tool.py [FOLDER]` (FOLDER defaults to where the
    package looks for the build): 0 and `built` when it compiled, else 1 and `failed`
    with the reason (both said with `{folder}` and `{reason}` filled in)."""
    folder = Path(argv[0]).resolve() if argv else default
    reason = compile_quietly(build, folder)
    if reason is not None:
        print(failed.format(reason=reason))
        return 1
    print(built.format(folder=folder))
    return 0
