"""The optional compiled engine (pnp/games/majority2/compiled.py): used only when every
compiled module matches its source as it is now, never with PNP_PURE_PYTHON=1, and a
machine without a C compiler gets a note and the .py modules. (That both builds play the
same games is tests/test_majority2_golden.py's.)"""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys

import pytest

from pnp.games.majority2 import compiled
from tests.conftest import ROOT

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.fixture
def build_dir(tmp_path, monkeypatch):
    """A fake build in a temporary folder: a file per module and a manifest of the real
    sources' digests (what tools/build_engine.py writes)."""
    monkeypatch.setattr(compiled, "FOLDER", tmp_path)
    monkeypatch.setattr(compiled, "MANIFEST", tmp_path / "manifest.json")
    monkeypatch.delenv(compiled.PURE_ENV, raising=False)
    manifest = {}
    for name in compiled.MODULES:
        (tmp_path / f"{name}{SUFFIX}").write_bytes(b"")
        manifest[name] = {"file": f"{name}{SUFFIX}", "sha256": compiled.source_sha256(name)}
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    return tmp_path


def test_a_build_matching_every_source_is_used(build_dir):
    files = compiled.current_build()
    assert files == {name: build_dir / f"{name}{SUFFIX}" for name in compiled.MODULES}


def test_a_build_of_an_older_source_is_never_used(build_dir):
    manifest = json.loads((build_dir / "manifest.json").read_text())
    manifest["phases"]["sha256"] = "0" * 64  # phases.py changed since the build
    (build_dir / "manifest.json").write_text(json.dumps(manifest))
    assert compiled.current_build() is None


@pytest.mark.parametrize("fault", ["no manifest", "missing file", "other python", "junk"])
def test_an_incomplete_or_foreign_build_is_not_used(build_dir, fault):
    manifest = json.loads((build_dir / "manifest.json").read_text())
    if fault == "no manifest":
        (build_dir / "manifest.json").unlink()
    elif fault == "missing file":
        (build_dir / f"engine{SUFFIX}").unlink()
    elif fault == "other python":
        manifest["state"]["file"] = "state.cpython-399-x86_64-linux-gnu.so"
        (build_dir / manifest["state"]["file"]).write_bytes(b"")
    else:
        manifest = ["not", "a", "manifest"]
    if fault != "no manifest":
        (build_dir / "manifest.json").write_text(json.dumps(manifest))
    assert compiled.current_build() is None


def test_pure_python_can_be_asked_for(build_dir, monkeypatch):
    monkeypatch.setenv(compiled.PURE_ENV, "1")
    assert compiled.current_build() is None


def test_the_pure_switch_reaches_a_new_process():
    code = ("from pnp.games.majority2 import compiled, engine; print(compiled.in_use(), "
            "engine.__file__.endswith('.py'))")
    env = {**os.environ, compiled.PURE_ENV: "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    assert out.split() == ["pure", "Python", "True"]


@pytest.mark.slow  # Cython translates the four modules before the C compiler is called
def test_without_a_c_compiler_the_build_says_so_and_leaves_nothing(tmp_path):
    pytest.importorskip("Cython")
    out = tmp_path / "build"
    env = {**os.environ, "CC": str(tmp_path / "no-such-compiler")}
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "build_engine.py"), str(out)],
                            env=env, capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 1
    assert result.stdout.startswith("note: the Majority 2 engine runs as pure Python")
    assert not out.exists()


def test_the_compiled_state_declares_every_field_of_state():
    """state.pxd makes State a C-level class for the compiler: a field added to
    State.__slots__ but not declared there would be missing from the compiled engine."""
    import re

    from pnp.games.majority2.state import State
    text = (ROOT / "pnp" / "games" / "majority2" / "state.pxd").read_text()
    declared = [name for line in re.findall(r"cdef public object (.*)", text)
                for name in re.split(r",\s*", line.strip())]
    assert declared == list(State.__slots__)
