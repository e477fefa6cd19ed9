"""Remember, across runs, what a slow pure function made of some bytes, keyed by them.

A build makes the gallery's thumbnails by rasterising every PDF it writes: a fifth of a full
build's work, and since the PDFs are deterministic, nearly always the same pictures as the
last build's. So what was made is kept under a hash of everything it depends on (the
input's bytes and the caller's recipe: sizes, library versions); a changed input is simply
a new key. Entries are written atomically and checked when read, so a damaged or foreign
file is a miss, never a wrong answer. Like the validation cache (same folder,
`PNP_CACHE_DIR`, `off` turns both off), it is an optimisation only: an unwritable folder
just means making the thing again.
"""

from __future__ import annotations

import hashlib
import os
import struct
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from pnp.content.cachefolders import make_room
from pnp.content.validcache import cache_dir

MAX_ENTRIES = 2_000
"""Entries kept per kind; past this the kind's folder is emptied and refilled by use."""
MAX_ENTRY_BYTES = 64 * 1024 * 1024
"""Largest entry read back (a bigger file there is not ours)."""
_LENGTH = struct.Struct(">Q")
_MAGIC = b"pnp-blobs 1\n"  # an empty or foreign file is not an entry


def cached_blobs(kind: str, recipe: bytes, source: bytes, make: Callable[[], list[bytes]],
                 valid: Callable[[bytes], bool] = lambda blob: True) -> list[bytes]:
    """`make()` — a list of byte strings that depends only on `source` and `recipe` — or
    what an earlier call with the same kind, recipe and source made (if every blob of it
    is `valid`)."""
    path = _entry(kind, recipe, source)
    found = _read(path) if path is not None else None
    if found is not None and all(valid(blob) for blob in found):
        return found
    made = make()
    if path is not None:
        _write(path, made)
    return made


def _entry(kind: str, recipe: bytes, source: bytes) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256(kind.encode() + b"\0" + recipe + b"\0" + source)
    return folder / kind / digest.hexdigest()


def _read(path: Path) -> list[bytes] | None:
    """The blobs stored at `path`: after the magic line, each as its length (8 bytes) then
    its bytes; None for a missing, oversized or malformed file."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_ENTRY_BYTES + 1)
    except OSError:
        return None
    if len(data) > MAX_ENTRY_BYTES or not data.startswith(_MAGIC):
        return None
    blobs, offset = [], len(_MAGIC)
    while offset < len(data):
        if offset + _LENGTH.size > len(data):
            return None
        (length,) = _LENGTH.unpack_from(data, offset)
        offset += _LENGTH.size
        if offset + length > len(data):
            return None
        blobs.append(data[offset:offset + length])
        offset += length
    return blobs


def _write(path: Path, blobs: list[bytes]) -> None:
    """Store `blobs` at `path` atomically (a temporary file renamed into place); silently
    nothing when the folder cannot be written."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            make_room(path.parent, MAX_ENTRIES)
        with open(tmp, "wb") as handle:
            handle.write(_MAGIC)
            for blob in blobs:
                handle.write(_LENGTH.pack(len(blob)))
                handle.write(blob)
        os.replace(tmp, path)
    except OSError:
        with suppress(OSError):
            tmp.unlink(missing_ok=True)

