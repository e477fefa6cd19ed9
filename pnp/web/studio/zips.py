"""Unpacking an uploaded zip without trusting it.

A zip names its own files and states its own sizes, and both can lie: `../../x` or `/etc/x`
names, symbolic links, a 40 KB file that unpacks to gigabytes (a zip bomb), a header that
claims one size and a stream that yields more. Every entry is checked before anything is
written — its name (relative, no `..`, no backslash or control character, not twice),
its type (a plain file or folder), its stated size, its packing ratio, the count and the
total — and while it is written, the bytes are counted against the stated size. Any
problem refuses the whole zip with a sentence naming the entry, and the caller removes the
folder, so a refused zip leaves nothing behind.
"""

from __future__ import annotations

import stat
import zipfile
from pathlib import Path, PurePosixPath

from pnp.errors import DataError, Problem
from pnp.web.studio.limits import (
    MB,
    UNZIPPED_BYTES,
    UNZIPPED_FILE_BYTES,
    ZIP_ENTRIES,
    ZIP_RATIO,
)

_CHUNK = 64 * 1024


def unpack(archive: Path, into: Path, shown: str) -> list[Path]:
    """The files of `archive` written under `into` (which must be empty); DataError naming
    `shown` (the upload's name) and the entry for anything unsafe or unreadable."""
    try:
        with zipfile.ZipFile(archive) as zf:
            entries = zf.infolist()
            _check_entries(entries, shown)
            return [_write(zf, info, into, shown) for info in entries if not info.is_dir()]
    except zipfile.BadZipFile as exc:
        raise DataError(Problem(shown, f"not a readable zip file ({exc})")) from None
    except (NotImplementedError, RuntimeError, EOFError, OSError) as exc:
        raise DataError(Problem(shown, f"cannot be unpacked: {exc}")) from None


def _check_entries(entries: list[zipfile.ZipInfo], shown: str) -> None:
    if len(entries) > ZIP_ENTRIES:
        raise DataError(Problem(shown, f"{len(entries)} entries: at most {ZIP_ENTRIES}"))
    problems, seen, total = [], set(), 0
    for info in entries:
        name = info.filename
        reason = _bad_name(name) or _bad_kind(info) or _bad_size(info)
        if reason is None and name.rstrip("/").casefold() in seen:
            reason = "is in the zip twice"
        if reason:
            problems.append(Problem(shown, f"{_quoted(name)} {reason}"))
            continue
        seen.add(name.rstrip("/").casefold())
        total += info.file_size
    if total > UNZIPPED_BYTES:
        problems.append(Problem(shown, f"unpacks to {total // MB} MB: at most "
                                       f"{UNZIPPED_BYTES // MB} MB"))
    if problems:  # nothing is unpacked from a zip with any of these
        raise DataError(problems)


def _bad_name(name: str) -> str | None:
    if not name or len(name) > 400:
        return "has no usable name"
    if any(ord(c) < 32 or c == "\x7f" for c in name):
        return "has a control character in its name"
    if "\\" in name or name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return "is an absolute path or uses backslashes; only relative names are unpacked"
    if any(part in ("..", ".") for part in PurePosixPath(name).parts) or "//" in name:
        return "climbs out of the folder (..); only plain relative names are unpacked"
    return None


def _bad_kind(info: zipfile.ZipInfo) -> str | None:
    if info.flag_bits & 0x1:
        return "is encrypted"
    kind = stat.S_IFMT(info.external_attr >> 16) if info.create_system == 3 else 0
    if kind and kind not in (stat.S_IFREG, stat.S_IFDIR):
        what = "a symbolic link" if kind == stat.S_IFLNK else "not a plain file"
        return f"is {what}; only files and folders are unpacked"
    return None


def _bad_size(info: zipfile.ZipInfo) -> str | None:
    if info.file_size > UNZIPPED_FILE_BYTES:
        return f"unpacks to {info.file_size // MB} MB: at most {UNZIPPED_FILE_BYTES // MB} MB"
    if info.file_size > MB and info.file_size > ZIP_RATIO * max(info.compress_size, 1):
        return (f"unpacks to {info.file_size // info.compress_size if info.compress_size else 0}"
                f" times its packed size: refused as a zip bomb")
    return None


def _write(zf: zipfile.ZipFile, info: zipfile.ZipInfo, into: Path, shown: str) -> Path:
    """One entry, its bytes counted against its stated size as they are written."""
    target = into.joinpath(*PurePosixPath(info.filename).parts)
    if not target.resolve().is_relative_to(into.resolve()):
        raise DataError(Problem(shown, f"{_quoted(info.filename)} climbs out of the folder"))
    target.parent.mkdir(parents=True, exist_ok=True)
    written = 0
    with zf.open(info) as source, open(target, "xb") as out:
        while chunk := source.read(_CHUNK):
            written += len(chunk)
            if written > info.file_size:
                raise DataError(Problem(shown, f"{_quoted(info.filename)} unpacks to more "
                                               "than its stated size: refused as a zip bomb"))
            out.write(chunk)
    return target


def _quoted(name: str) -> str:
    return repr(name[:120])
