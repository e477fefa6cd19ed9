"""Several files written together: all in place once the block succeeds, none touched
when it fails, and no private folder left behind either way."""

from __future__ import annotations

import pytest

from pnp.content.output import atomic_paths


def test_files_of_several_folders_land_together(tmp_path):
    paths = [tmp_path / "a" / "1.png", tmp_path / "a" / "2.png", tmp_path / "b" / "1.png"]
    with atomic_paths(paths) as tmps:
        for n, tmp in enumerate(tmps):
            tmp.write_bytes(bytes([n]))
            assert not paths[n].exists()  # nothing in place before the block ends
    assert [p.read_bytes() for p in paths] == [b"\x00", b"\x01", b"\x02"]
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["1.png", "1.png", "2.png", "a", "b"]


def test_a_failure_leaves_every_old_file_alone(tmp_path):
    paths = [tmp_path / "1.png", tmp_path / "2.png"]
    for path in paths:
        path.write_bytes(b"old")
    with pytest.raises(RuntimeError), atomic_paths(paths) as tmps:
        tmps[0].write_bytes(b"new")
        raise RuntimeError("drawing failed")
    assert [p.read_bytes() for p in paths] == [b"old", b"old"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["1.png", "2.png"]


def test_the_same_file_twice_is_refused(tmp_path):
    with pytest.raises(ValueError), atomic_paths([tmp_path / "x", tmp_path / "x"]):
        pass
