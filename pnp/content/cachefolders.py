"""Keeping a cache folder bounded without listing it at every write.

The validation cache and the blob cache each empty their folder once it holds more than
their limit of entries, so a cache never grows without end. Listing the folder before
every write made each write cost a walk over thousands of entries (a first build of 25 new
pictures spent 0.09 s of CPU counting the validation cache 25 times); the folder is now
listed once per process and the writes are counted from there. Another process's writes
are seen at this process's next start: the bound holds to within one run's writes.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

_counts: dict[str, int] = {}
_lock = threading.Lock()  # the picture checks run in threads and write passes


def make_room(folder: Path, limit: int) -> None:
    """Called before one new entry is written into `folder` (which exists): empties the
    folder first when it holds more than `limit` entries. OSError when it cannot be
    listed or emptied (the callers treat the cache as optional)."""
    key = os.fspath(folder)
    with _lock:
        count = _counts.get(key)
        if count is None:
            count = _entries(folder)
        if count > limit:
            for old in folder.iterdir():
                old.unlink(missing_ok=True)
            count = 0
        _counts[key] = count + 1


def forget_counts() -> None:
    """Count every folder afresh at its next write (for a process that emptied a cache
    folder behind this module's back: the tests)."""
    with _lock:
        _counts.clear()


def _entries(folder: Path) -> int:
    with os.scandir(folder) as it:
        return sum(1 for _ in it)
