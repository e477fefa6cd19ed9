"""Write output files so that a failure never costs the user anything.

Every file the toolkit writes goes to a temporary sibling first and is renamed over the
target only when complete: an interrupted or failed build leaves the previous good file in
place, never a truncated one. A folder that cannot be created or written (a file in the
way, no permission, a full disk) is reported with its path, not as a traceback.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pnp.errors import OutputError, Problem


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """A temporary sibling of `path` to write to; renamed over `path` only on success."""
    tmp = path.with_name(f".{path.name}.partial")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        yield tmp
        os.replace(tmp, path)
    except OSError as exc:
        blocker = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
        reason = f"{blocker} is a file, not a folder" if blocker else exc.strerror or str(exc)
        raise OutputError(Problem(str(path), f"cannot write: {reason}")) from None
    finally:
        if tmp.exists():
            tmp.unlink()


def write_text(path: Path, text: str) -> Path:
    """Write a UTF-8 text file atomically."""
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return path
