"""Where the studio keeps files: a private folder per server (mode 0700) holding a folder
per request (`jobs/`), removed when the request is answered, and the pictures uploaded
for previews (`art/`, by content hash), their small copies the previews draw
(`previews/`, made in a worker) and the images prepared from those (`cache/`).

Nothing a request sends ever names a path here: uploads get fixed names inside their own
job folder, pictures are found by their hash. The folder is `PNP_STUDIO_TMP` when set
(a test looks into it; job folders left there by a server that was killed are removed at
start), else a new temporary folder `$TMPDIR/pnp-studio-PID-XXXXXXXX`, removed when the
server stops however it stops (Ctrl-C, SIGTERM, SIGHUP, a crash: `clean_up`). A server
killed outright (SIGKILL) cannot; the next one to start removes such folders (`sweep`):
only those of this user whose server process is gone.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import re
import shutil
import stat
import tempfile
import threading
from pathlib import Path

from pnp.web.studio.limits import ART_STORE_BYTES

_ROOT: list[Path] = []
_LOCK = threading.RLock()
ART_ID = re.compile(r"^[0-9a-f]{64}\.(png|jpg|jpeg|webp|tif|tiff)$")


def root() -> Path:
    """The studio's folder, made on first use."""
    with _LOCK:
        if not _ROOT:
            given = os.environ.get("PNP_STUDIO_TMP")
            if given:
                folder = Path(given)
                folder.mkdir(mode=0o700, parents=True, exist_ok=True)
                # Job folders of a server that was killed mid-request: nobody's now.
                shutil.rmtree(folder / "jobs", ignore_errors=True)
            else:
                folder = Path(tempfile.mkdtemp(prefix=f"pnp-studio-{os.getpid()}-"))
                atexit.register(clean_up)
            for part in ("jobs", "art", "previews", "cache"):
                (folder / part).mkdir(mode=0o700, exist_ok=True)
            _ROOT.append(folder)
        return _ROOT[0]


def clean_up() -> None:
    """Remove what this server keeps: its own folder, or the job folders of the one
    PNP_STUDIO_TMP names."""
    with _LOCK:
        if not _ROOT:
            return
        given = os.environ.get("PNP_STUDIO_TMP")
        shutil.rmtree(_ROOT[0] / "jobs" if given else _ROOT[0], ignore_errors=True)
        _ROOT.clear()


_LEFT = re.compile(r"^pnp-studio-(\d+)-[A-Za-z0-9_]+$")


def sweep(folder: Path | None = None) -> list[Path]:
    """Remove the studio folders a killed server left in `folder` ($TMPDIR): named
    pnp-studio-PID-..., owned by this user, whose process PID is not running. What was
    removed."""
    removed = []
    base = Path(folder or tempfile.gettempdir())
    try:
        entries = list(base.iterdir())
    except OSError:
        return removed
    for path in entries:
        found = _LEFT.match(path.name)
        if found is None or _alive(int(found.group(1))):
            continue
        try:
            info = path.lstat()
        except OSError:
            continue
        if stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid():
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process, or no way to tell: leave it
    return True


def new_job() -> Path:
    """A fresh private folder for one request."""
    return Path(tempfile.mkdtemp(prefix="job-", dir=root() / "jobs"))


def remove(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


def art_cache() -> Path:
    return root() / "cache"


def store_art(path: Path, preview: Path) -> str:
    """Keep a checked picture for later previews, with its small `preview` copy (made in
    a worker); its id is its content hash and suffix."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    art_id = f"{digest}{path.suffix.lower()}"
    target = root() / "art" / art_id
    shutil.copyfile(preview, root() / "previews" / art_id)
    if target.exists():
        target.touch()
    else:
        shutil.copyfile(path, target)
    _trim_store()
    return art_id


def stored_preview(art_id: str) -> Path | None:
    """The small copy of the picture with this id, drawn in card previews instead of the
    picture itself, if it is (still) kept."""
    if stored_art(art_id) is None:
        return None
    path = root() / "previews" / art_id
    return path if path.is_file() else None


def stored_art(art_id: str) -> Path | None:
    """The picture with this id, if it is (still) kept."""
    if not isinstance(art_id, str) or not ART_ID.match(art_id):
        return None
    path = root() / "art" / art_id
    if not path.is_file():
        return None
    path.touch()
    return path


def _trim_store() -> None:
    """Forget the least recently used pictures while the store is over its size."""
    with _LOCK:
        files = sorted((p.stat().st_mtime, p.stat().st_size, p)
                       for p in (root() / "art").iterdir())
        total = sum(size for _, size, _ in files)
        for _, size, path in files:
            if total <= ART_STORE_BYTES:
                break
            path.unlink(missing_ok=True)
            (root() / "previews" / path.name).unlink(missing_ok=True)
            total -= size
