"""The atomic writer (issue 10, escapes): temp files are private and unpredictable, a
symlink in the output folder is replaced, never written through, and the leftovers of a
killed build are swept by the next one."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from pnp.content.output import atomic_path, remove_stale_partials, write_text
from pnp.errors import OutputError


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_planted_partial_symlink_is_not_followed(cli, tmp_path):
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me", encoding="utf-8")
    folder = tmp_path / "out" / "majority"
    folder.mkdir(parents=True)
    planted = folder / f".point-cards.pdf.pnp-{_dead_pid()}-abcdefgh.partial"
    planted.symlink_to(tmp_path)
    result = cli("build", "majority", "-c", "point-cards-5", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert outside.read_text(encoding="utf-8") == "keep me"
    assert planted.is_symlink()  # not pnp's: neither followed nor removed
    assert (folder / "point-cards.pdf").read_bytes().startswith(b"%PDF")


def test_a_users_partial_files_and_folders_are_never_swept(cli, tmp_path, monkeypatch):
    """Another program's `.NAME.partial` (a download in progress) in a folder pnp writes
    into, the current folder included, is not pnp's to delete."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".dl.iso.partial").write_text("half a download", encoding="utf-8")
    (tmp_path / ".sync.partial").mkdir()
    (tmp_path / ".sync.partial" / "f").write_text("x", encoding="utf-8")
    unmarked = f".x.{_dead_pid()}-abc.partial"  # no pnp marker: not pnp's
    (tmp_path / unmarked).mkdir()
    result = cli("check", "--new", "d20-stacks", "--out", "rec.json",
                 input="G1, G2\nG1:1, G2:2\n\n\n\n")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / ".dl.iso.partial").read_text(encoding="utf-8") == "half a download"
    assert (tmp_path / ".sync.partial" / "f").exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".partial")) == \
        sorted([".dl.iso.partial", ".sync.partial", unmarked])


def test_a_symlinked_output_file_is_replaced_not_written_through(cli, tmp_path):
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me", encoding="utf-8")
    folder = tmp_path / "out" / "majority"
    folder.mkdir(parents=True)
    (folder / "point-cards.pdf").symlink_to(outside)
    result = cli("build", "majority", "-c", "point-cards-5", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert outside.read_text(encoding="utf-8") == "keep me"
    assert not (folder / "point-cards.pdf").is_symlink()


def test_temp_files_are_private_and_unpredictable(tmp_path):
    seen = []
    for _ in range(2):
        with atomic_path(tmp_path / "a.txt") as tmp:
            seen.append(tmp)
            assert tmp.parent.parent == tmp_path
            assert (tmp.parent.stat().st_mode & 0o777) == 0o700
            tmp.write_text("x", encoding="utf-8")
    assert seen[0] != seen[1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]
    assert (tmp_path / "a.txt").stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_failed_write_keeps_the_old_file_and_leaves_nothing(tmp_path):
    target = write_text(tmp_path / "a.txt", "old")
    with pytest.raises(RuntimeError), atomic_path(target) as tmp:
        tmp.write_text("half", encoding="utf-8")
        raise RuntimeError("boom")
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


def test_a_write_whose_temp_file_was_swapped_fails(tmp_path):
    with pytest.raises(OutputError), atomic_path(tmp_path / "a.txt") as tmp:
        tmp.symlink_to(tmp_path)
    assert not (tmp_path / "a.txt").exists()


def test_stale_partials_of_dead_writers_are_swept(tmp_path):
    dead, alive = _dead_pid(), os.getppid()
    stale = tmp_path / f".a.pdf.pnp-{dead}-x1y2.partial"
    stale.mkdir()
    (stale / "a.pdf").write_bytes(b"half")
    legacy = tmp_path / ".b.pdf.partial"
    legacy.write_bytes(b"someone else's")
    unmarked = tmp_path / f".d.pdf.{dead}-x1y2.partial"
    unmarked.mkdir()
    busy = tmp_path / f".c.pdf.pnp-{alive}-q9.partial"
    busy.mkdir()
    a_file = tmp_path / f".e.pdf.pnp-{dead}-q9.partial"
    a_file.write_bytes(b"not a folder: not ours")
    keep = tmp_path / "notes.partial.txt"
    keep.write_text("mine", encoding="utf-8")
    remove_stale_partials(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [legacy.name, unmarked.name, busy.name, a_file.name, keep.name])


def test_a_build_sweeps_its_output_folder(cli, tmp_path):
    folder = tmp_path / "majority"
    stale = folder / f".point-cards.pdf.pnp-{_dead_pid()}-abc.partial"
    stale.mkdir(parents=True)
    result = cli("build", "majority", "-c", "point-cards-5", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    assert not list(tmp_path.rglob("*.partial"))


@pytest.mark.parametrize("target", ["self", "nowhere"])
@pytest.mark.parametrize("command", [("calibrate",), ("simulate", "majority", "--games", "2"),
                                     ("build", "majority", "-c", "variant-card",
                                      "--no-gallery")])
def test_an_output_folder_that_is_a_symlink_leading_nowhere_is_named(cli, tmp_path,
                                                                     command, target):
    """A symlink to itself or to nothing where the output folder goes: the system's words
    ('File exists', 'Too many levels of symbolic links') named neither the link nor why."""
    link = tmp_path / "out"
    link.symlink_to(link if target == "self" else tmp_path / "gone" / "away")
    option = "--report" if command[0] == "simulate" else "--out"
    result = cli(*command, option, link)
    assert result.exit_code == 2
    assert f"{link} is a symlink that leads nowhere (to itself or to nothing)" in \
        result.stderr
