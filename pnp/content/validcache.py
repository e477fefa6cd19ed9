"""Remember, across runs, which documents passed which schema, keyed by their content.

Schema validation is the costly half of loading data (the jsonschema import alone takes
longer than drawing a deck), and nearly every run loads the same shipped files. A document
that passed leaves an empty marker file named by a hash of: the schema name, the
document's value as canonical JSON, and a fingerprint of every schema file, this package's
version and the validating code. So a changed document, schema, package or validator is
simply a new key and is validated afresh; only passes are remembered, so every failure is
still found and reported with its lines. The cache is an optimisation only: an unwritable
or missing folder just means validating again.

Where: `$PNP_CACHE_DIR`, else `$XDG_CACHE_HOME/majority-pnp`, else `~/.cache/majority-pnp`;
`PNP_CACHE_DIR=off` turns it off.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from pathlib import Path

from pnp.content.cachefolders import make_room

_HERE = Path(__file__).resolve().parent
_CODE = ("schemas.py", "fastschema.py", "validcache.py")
MAX_ENTRIES = 20_000  # past this the folder is emptied and refilled by use


def cache_dir() -> Path | None:
    """The folder of this user's pnp caches, or None when turned off."""
    chosen = os.environ.get("PNP_CACHE_DIR")
    if chosen:
        return None if chosen == "off" else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "majority-pnp"


@cache
def _fingerprint() -> bytes:
    """What a pass depends on besides the document: the schemas and the validating code."""
    from pnp import __version__

    digest = hashlib.sha256(__version__.encode())
    schemas = _HERE.parent / "schemas"
    for path in sorted(schemas.glob("*.schema.json")) + [_HERE / n for n in _CODE]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def _marker(schema: str, value: object) -> Path | None:
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=True, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        return None
    return _marker_of(schema, text.encode("utf-8", "surrogatepass"))


def _marker_of(check: str, content: bytes) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256(_fingerprint() + check.encode() + b"\0")
    digest.update(content)
    return folder / "valid" / digest.hexdigest()


def passed_before(schema: str, value: object) -> bool:
    """True when this very value passed `schema` in an earlier run."""
    return _exists(_marker(schema, value))


def remember_pass(schema: str, value: object) -> None:
    """Note that `value` passed `schema`; silently nothing if the cache cannot be written."""
    _touch(_marker(schema, value))


def check_passed_before(check: str, content: bytes) -> bool:
    """True when `content` (bytes, or a digest of them) passed the check named `check` in
    an earlier run. The name must say the checking code's version: a changed check is a
    new name, so nothing it would now refuse is let through."""
    return _exists(_marker_of(check, content))


def remember_check_pass(check: str, content: bytes) -> None:
    """Note that `content` passed `check` (see `check_passed_before`)."""
    _touch(_marker_of(check, content))


def _exists(marker: Path | None) -> bool:
    return marker is not None and marker.is_file()


def _touch(marker: Path | None) -> None:
    if marker is None:
        return
    try:
        if marker.is_file():
            return
        marker.parent.mkdir(parents=True, exist_ok=True)
        make_room(marker.parent, MAX_ENTRIES)
        marker.touch()
    except OSError:
        pass
