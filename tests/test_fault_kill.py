"""Fault test (issue 10): a build killed with SIGKILL at random moments never leaves a
half-written PDF: each file is the old one or the new one, byte for byte; and the next
build leaves no `.partial` file behind (it sweeps the ones of the killed process)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT

GAME = "d20-stacks"  # several files: cards, rule sheets in two languages, score pad
OLD = ("--paper", "a4")
NEW = ("--paper", "letter")


def _build(out: Path, options: tuple[str, ...]) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "pnp", "build", GAME, *options,
                             "--out", str(out)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _pdfs(out: Path) -> dict[str, bytes]:
    """The finished PDFs: a killed build's work in progress (a `.partial` file or anything
    inside a `.partial` folder) is not an output and is left to the sweep."""
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*.pdf"))
            if not any(part.endswith(".partial") for part in p.relative_to(out).parts)}


def _complete(out: Path, options: tuple[str, ...]) -> float:
    started = time.monotonic()
    process = _build(out, options)
    _, err = process.communicate(timeout=300)
    assert process.returncode == 0, err.decode()
    return time.monotonic() - started


@pytest.mark.slow
def test_sigkill_at_random_moments_leaves_old_or_new_pdfs(tmp_path):
    versions = {}
    for name, options in (("old", OLD), ("new", NEW)):
        _complete(tmp_path / name, options)
        versions[name] = _pdfs(tmp_path / name)
    assert versions["old"].keys() == versions["new"].keys()
    assert all(versions["old"][k] != versions["new"][k] for k in versions["old"])

    out = tmp_path / "out"
    duration = _complete(out, OLD)
    rnd = random.Random(17)  # seeded: the same kill schedule on every run
    killed_while_writing = 0
    for attempt in range(6):
        process = _build(out, NEW if attempt % 2 == 0 else OLD)
        time.sleep(rnd.uniform(0.05, duration))
        process.send_signal(signal.SIGKILL)
        process.communicate(timeout=60)
        for name, data in _pdfs(out).items():
            assert data in (versions["old"][name], versions["new"][name]), \
                f"{name} is neither the old nor the new file after a kill"
        killed_while_writing += bool(list(out.rglob("*.partial")))
    _complete(out, NEW)
    assert _pdfs(out) == versions["new"]
    assert not list(out.rglob("*.partial")), "a .partial file or folder survived the next build"
