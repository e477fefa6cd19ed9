"""The Makefile's stamps: `make` right after `make test` does nothing, and `KIT_LANG`
builds the kits in another language under stamps of their own.

Each test runs the real Makefile in a scratch folder whose `.venv` commands only log
their arguments, so the make logic is checked in milliseconds, without pip or a build."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT

GAMES = ("majority", "majority2", "majority-rules", "d20-stacks")
LOGGING = "#!/bin/sh\necho \"$(basename \"$0\") $*\" >> \"$(dirname \"$0\")/../../calls\"\n"

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def _made(tmp_path: Path) -> Path:
    """A folder with the Makefile, its inputs, and every stamp up to date, oldest first."""
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "pnp").mkdir()
    (tmp_path / "pnp" / "__init__.py").write_text("")
    bin_ = tmp_path / ".venv" / "bin"
    bin_.mkdir(parents=True)
    for name in ("python", "pnp", "ruff"):
        (bin_ / name).write_text(LOGGING)
        (bin_ / name).chmod(0o755)
    stamps = [tmp_path / "pyproject.toml", tmp_path / "pnp" / "__init__.py",
              bin_ / "python", tmp_path / ".venv" / ".cython", tmp_path / ".venv" / ".installed",
              tmp_path / ".venv" / ".compiled", tmp_path / "output" / ".validated"]
    stamps += [tmp_path / "output" / game / ".built" for game in GAMES]
    for age, stamp in enumerate(reversed(stamps), start=1):
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.touch()
        os.utime(stamp, (1_700_000_000 - 60 * age,) * 2)
    return tmp_path


def _make(folder: Path, *args: str) -> list[str]:
    """The commands `make ARGS` ran (the logged ones), in order."""
    calls = folder / "calls"
    calls.unlink(missing_ok=True)
    subprocess.run(["make", "-s", *args], cwd=folder, check=True, capture_output=True)
    return calls.read_text().splitlines() if calls.exists() else []


@pytest.mark.slow
def test_make_after_installing_the_test_extras_does_nothing(tmp_path):
    folder = _made(tmp_path)
    assert _make(folder, "kits") == []
    assert _make(folder, ".venv/.installed-test") == [
        "python -m pip install --quiet --no-compile -e .[test]"]
    assert _make(folder, "kits") == []  # every kit was rebuilt here (16.7 s) before


@pytest.mark.slow
def test_kit_lang_builds_every_language_under_its_own_stamps(tmp_path):
    folder = _made(tmp_path)
    built = [f"pnp build {game} --out output --lang all" for game in GAMES]
    assert _make(folder, "kits", "KIT_LANG=all") == built
    assert _make(folder, "kits", "KIT_LANG=all") == []
    assert _make(folder, "kits") == []  # the English kits' stamps are untouched
    assert all((folder / "output" / game / ".built-all").is_file() for game in GAMES)
