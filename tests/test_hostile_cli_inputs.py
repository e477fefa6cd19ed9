"""Hostile files given to the build and export commands (found by the CLI input audit):
each is exit 2 naming the file, never a traceback, and never megabytes of echoed input."""

from __future__ import annotations

import io
import os

import pytest
from PIL import Image, ImageCms

from pnp.render.cmyk import SHIPPED_PROFILE, Converter, output_profile


def _dtc(cli, tmp_path, icc):
    return cli("export", "shop", "majority", "--profile", "dtc", "-c", "variant-card",
               "--icc", icc, "--out", tmp_path / "out", "-j", "1")


def test_an_icc_profile_cut_short_is_exit_2_naming_it(cli, tmp_path):
    """LittleCMS opens a truncated profile (it reads tags lazily); it failed only when the
    export built its transform, with a PyCMSError traceback."""
    cut = tmp_path / "cut.icc"
    data = SHIPPED_PROFILE.read_bytes()
    cut.write_bytes(data[: len(data) // 2])
    result = _dtc(cli, tmp_path, cut)
    assert result.exit_code == 2
    assert f"--icc {cut}: not a usable ICC profile" in result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert not (tmp_path / "out" / "majority").exists()


@pytest.mark.parametrize("kind, said", [("fifo", "not a regular file"),
                                        ("folder", "is a folder, expected a file")])
def test_an_icc_that_is_no_file_is_named_for_what_it_is(cli, tmp_path, kind, said):
    """It was 'file not found', which sends the user looking for a typo."""
    path = tmp_path / "shop.icc"
    os.mkfifo(path) if kind == "fifo" else path.mkdir()
    result = _dtc(cli, tmp_path, path)
    assert result.exit_code == 2 and f"--icc {path}: {said}" in result.stderr


def test_art_whose_own_profile_is_cut_short_converts_as_srgb():
    """An art file's embedded profile that opens but builds no transform is treated as
    absent, as an unreadable one already was (it was a traceback in `--profile dtc`)."""
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    with pytest.raises(ImageCms.PyCMSError):
        ImageCms.buildTransform(ImageCms.ImageCmsProfile(io.BytesIO(srgb[:-40])),
                                ImageCms.ImageCmsProfile(str(SHIPPED_PROFILE)), "RGB", "CMYK")
    converter = Converter(output_profile())
    image = Image.new("RGB", (4, 4), (200, 30, 30))
    converted = converter.image(image, icc=srgb[:-40])
    assert converted.mode == "CMYK"
    assert converted.tobytes() == converter.image(image).tobytes()


def test_a_huge_word_is_not_echoed_whole(cli, tmp_path):
    """A one-line 300 KB .txt list is one word: its odd-count warning and its fit errors
    quoted it whole (a 5 MB word printed 25 MB); each line is now clipped in the middle,
    keeping where (file:line) and what to do."""
    words = tmp_path / "words.txt"
    words.write_text("A" * 300_000)
    result = cli("build", "majority", "-c", "word-cards", "--words", words,
                 "--out", tmp_path / "out", "--no-gallery")
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert lines and all(len(line) < 2_200 for line in lines)
    assert lines[0].startswith(f"warning: {words}:1: odd number of words (1)")
    assert lines[0].endswith("gets a blank back")
    assert "characters left out" in lines[0]


def test_a_json_value_in_an_error_is_clipped(cli, tmp_path):
    """A word list that is a bare JSON list of 20,000 words: 'expected an object, not
    [...]' echoed the whole list."""
    words = tmp_path / "words.json"
    words.write_text("[" + ", ".join(f'"w{i}"' for i in range(20_000)) + "]")
    result = cli("build", "majority", "-c", "word-cards", "--words", words,
                 "--out", tmp_path / "out", "--no-gallery")
    assert result.exit_code == 2
    assert f'{words}:1: $: expected an object, not ["w0", "w1"' in result.stderr
    assert "characters)" in result.stderr and len(result.stderr) < 1_000


@pytest.mark.parametrize("command", ["build", "validate"])
def test_a_json_word_list_with_two_byte_order_marks_is_refused(cli, tmp_path, command):
    """The word list reader dropped one mark and the JSON parser another, so `pnp build`
    read what `pnp validate` (and every other JSON file) refuses."""
    words = tmp_path / "words.json"
    words.write_text('\ufeff\ufeff{"cards": [{"front": "Ant", "back": "Bee"}]}',
                     encoding="utf-8")
    args = (["build", "majority", "-c", "word-cards", "--words", words, "--out",
             tmp_path / "out", "--no-gallery"] if command == "build" else ["validate", words])
    result = cli(*args)
    assert result.exit_code == 2
    assert f"{words}:1: unexpected character '\\ufeff'" in result.stderr


def test_a_utf32_word_list_is_named_as_such(cli, tmp_path):
    """UTF-32-LE's byte-order mark begins with UTF-16-LE's: the list was read as UTF-16
    and every word reported as holding control characters (NULs)."""
    words = tmp_path / "words.txt"
    words.write_bytes("\ufeffAnt\nBee\n".encode("utf-32"))
    result = cli("validate", words)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[0] == (
        f"error: {words}:1: UTF-32 text (it starts with its byte-order mark): save it as UTF-8")


_TERMINATED_MID_POOL = """
import os, signal, sys, time
from pnp.content.processes import worker_pool

def slow(n):
    time.sleep(0.3)
    return n

with worker_pool(2) as pool:
    results = pool.imap_unordered(slow, range(8))
    time.sleep(0.1)
    os.kill(os.getpid(), getattr(signal, sys.argv[1]))
    list(results)
print("not reached")
"""


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_command_told_to_end_stops_its_workers_quietly(tmp_path, name):
    """`kill` during a parallel build: the main process died at once and its workers ran
    on, each printing a BrokenPipeError traceback when it had a result to send. Now the
    pool is stopped first and the process still dies of the signal (status -15)."""
    import subprocess
    import sys

    from conftest import ROOT

    done = subprocess.run([sys.executable, "-c", _TERMINATED_MID_POOL, name], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == -getattr(__import__("signal"), name)
    assert "Traceback" not in done.stderr and "not reached" not in done.stdout


def _without_root_powers() -> list[str]:
    """A command prefix under which file permissions hold: none for a user, and for root
    `setpriv` dropping the capabilities that override them."""
    import shutil

    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("root without setpriv: permissions cannot be made to hold")
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]


@pytest.mark.parametrize("args", [
    ["build", "majority", "-c", "variant-card", "--no-gallery", "--data"],
    ["build", "majority", "-c", "variant-card", "--no-gallery", "--templates"],
    ["build", "majority2", "-c", "ghosts", "--no-gallery", "--art"],
    ["validate", "--data"],
    ["validate"],
])
def test_a_folder_that_cannot_be_read_is_named(tmp_path, args):
    """A --data, --templates or --art folder without read permission was a PermissionError
    traceback; `pnp validate FOLDER` said 'no data files here'."""
    import subprocess
    import sys

    from conftest import ROOT

    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        out = ["--out", str(tmp_path / "out")] if args[0] == "build" else []
        done = subprocess.run([*_without_root_powers(), sys.executable, "-m", "pnp", *args,
                               str(locked), *out],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
    finally:
        locked.chmod(0o700)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    option = f"{args[-1]} " if args[-1].startswith("--") else ""
    assert f"{option}{locked}: cannot read this folder: Permission denied" in done.stderr


def test_a_layout_that_is_a_broken_symlink_is_named_not_replaced(cli, tmp_path):
    """A --templates layout whose name leads nowhere was skipped for the shipped layout of
    that name, so the build printed the stock design without a word."""
    layouts = tmp_path / "templates" / "layouts"
    layouts.mkdir(parents=True)
    (layouts / "variant-card.json").symlink_to(tmp_path / "moved-away.json")
    result = cli("build", "majority", "-c", "variant-card", "--templates",
                 tmp_path / "templates", "--out", tmp_path / "out", "--no-gallery")
    assert result.exit_code == 2
    assert f"{layouts / 'variant-card.json'}: file not found" in result.stderr


@pytest.mark.parametrize(("folder", "name", "game", "message"), [
    ("diagrams", "d20-stacks-example.json", "d20-stacks", "file not found"),
    ("diagrams", "d20-stacks-example.json", "d20-stacks", "Too many levels of symbolic links"),
    ("rules", "majority.en.md", "majority", "file not found"),
    ("score-pads", "majority.json", "majority", "file not found"),
])
def test_a_template_that_leads_nowhere_is_named_not_replaced(cli, tmp_path, folder, name,
                                                             game, message):
    """A --templates diagram, rule text or score pad whose name is a broken or looping
    symlink is refused naming it; the diagram was skipped for the shipped one."""
    where = tmp_path / "templates" / folder
    where.mkdir(parents=True)
    link = where / name
    link.symlink_to(link if "symbolic" in message else tmp_path / "moved-away")
    component = "score-pad" if folder == "score-pads" else "rules"
    result = cli("build", game, "-c", component, "--templates", tmp_path / "templates",
                 "--out", tmp_path / "out", "--no-gallery")
    assert result.exit_code == 2
    assert f"{link}: " in result.stderr and message in result.stderr
    assert not (tmp_path / "out" / game).exists()
