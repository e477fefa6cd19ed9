"""Write output files so that a failure never costs the user anything.

Every file the toolkit writes goes to a temporary sibling first and is renamed over the
target only when complete: an interrupted or failed build leaves the previous good file in
place, never a truncated one. A folder that cannot be created or written (a file in the
way, no permission, a full disk) is reported with its path, not as a traceback.

The temporary file lives in a private folder created with `mkdtemp` inside the target
folder (`.NAME.pnp-PID-XXXXXXXX.partial/`, mode 0700): its name cannot be predicted or
planted beforehand as a symlink, and nobody else can swap it while it is written. The
rename replaces a symlinked target by the new file instead of writing through the link. A
killed process leaves its `.partial` folder behind; the next write into that folder
removes the ones whose process is gone — and only those: a folder of pnp's own naming
(the `pnp` marker and a process id), a real folder owned by this user. pnp writes into
folders people keep other things in (the current folder, a config folder), and a
download's `.NAME.partial` is theirs.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from pnp.errors import OutputError, Problem

_MARK = "pnp"
_PARTIAL = re.compile(rf"^\..+\.{_MARK}-(\d+)-[a-z0-9_]+\.partial$")
_swept: set[Path] = set()


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """A temporary sibling of `path` to write to; renamed over `path` only on success."""
    with atomic_paths([path]) as (tmp,):
        yield tmp


@contextmanager
def atomic_paths(paths: Sequence[Path]) -> Iterator[list[Path]]:
    """Temporary siblings of `paths` (distinct files) to write to, each renamed over its
    path only when the whole block succeeds. One private folder serves all the files of
    a folder: a worker writing dozens of images makes and removes one, not one each."""
    if len(set(paths)) < len(paths):
        raise ValueError("atomic_paths takes distinct files")
    for path in paths:
        if "\0" in str(path):
            raise OutputError(Problem(str(path), "cannot write: the path holds a NUL character"))
    privates: dict[Path, Path] = {}
    current = paths[0]
    try:
        for current in paths:
            if current.parent not in privates:
                current.parent.mkdir(parents=True, exist_ok=True)
                remove_stale_partials(current.parent)
                privates[current.parent] = Path(tempfile.mkdtemp(
                    prefix=f".{current.name}.{_MARK}-{os.getpid()}-", suffix=".partial",
                    dir=current.parent))
        tmps = [privates[p.parent] / p.name for p in paths]
        yield tmps
        for current, tmp in zip(paths, tmps, strict=True):
            if not tmp.is_file() or tmp.is_symlink():
                raise OSError(0, "the temporary file vanished while it was written")
            os.chmod(tmp, 0o666 & ~_UMASK)
            os.replace(tmp, current)
    except OSError as exc:
        reason = _in_the_way(current.parents) or exc.strerror or str(exc)
        raise OutputError(Problem(str(current), f"cannot write: {reason}")) from None
    finally:
        for private in privates.values():
            shutil.rmtree(private, ignore_errors=True)


def write_files(files: Sequence[tuple[Path, bytes]]) -> None:
    """Every file written atomically, in one go: one private folder per output folder
    (made and removed once, not once a file: a full build writes 136 files), and each file
    renamed into place only once all are written, so a disk filling up midway leaves the
    old files whole."""
    if files:
        with atomic_paths([path for path, _ in files]) as tmps:
            for tmp, (_, data) in zip(tmps, files, strict=True):
                tmp.write_bytes(data)


def writable_folder(folder: Path) -> Path:
    """Make `folder` (if needed) and prove a file can be written in it now: a command that
    works for minutes checks where its output goes before it starts. OutputError saying
    why not (a file in the way, no permission, a read-only or virtual file system)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=f".probe.{_MARK}-{os.getpid()}-",
                                     suffix=".partial", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except (OSError, ValueError) as exc:
        reason = _in_the_way((folder, *folder.parents)) or \
            getattr(exc, "strerror", None) or str(exc)
        raise OutputError(Problem(str(folder), f"cannot write here: {reason}")) from None
    return folder


def _in_the_way(folders) -> str | None:
    """Why one of `folders` (nearest first) cannot be a folder, in words a person can act
    on: a file in the way, or a symlink that leads nowhere (the system's own words for
    that, 'File exists' or 'Too many levels of symbolic links', name neither)."""
    for folder in folders:
        if _is_file(folder):
            return f"{folder} is a file, not a folder"
        if _leads_nowhere(folder):
            return f"{folder} is a symlink that leads nowhere (to itself or to nothing)"
    return None


def _leads_nowhere(path: Path) -> bool:
    try:
        return path.is_symlink() and not path.exists()
    except (OSError, ValueError):
        return False


def _is_file(path: Path) -> bool:
    """Whether `path` is something other than a folder (False when it cannot even be
    looked at: a name too long, a NUL)."""
    try:
        return path.exists() and not path.is_dir()
    except (OSError, ValueError):
        return False


def write_text(path: Path, text: str) -> Path:
    """Write a UTF-8 text file atomically."""
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return path


def remove_stale_partials(folder: Path) -> None:
    """Delete the `.partial` leftovers of killed pnp writers in `folder` (once per
    process): folders named by `atomic_path` (marker and process id), owned by this user,
    whose process is gone. Anything else — another program's `.NAME.partial`, a symlink,
    a file — is left alone."""
    if folder in _swept:
        return
    _swept.add(folder)
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        match = _PARTIAL.match(entry.name)
        if match and _ours(entry) and not _alive(int(match.group(1))):
            shutil.rmtree(entry.path, ignore_errors=True)


def _ours(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False) and \
            entry.stat(follow_symlinks=False).st_uid == os.getuid()
    except OSError:
        return False


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True  # another user's process: not ours to judge
    return True


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _umask()  # read once, at import: changing it later would race with threads
