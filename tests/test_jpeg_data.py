"""The JPEG data check (pnp/render/jpegdata.py): the compiled module and simplejpeg give the
same verdict on whole, cut, damaged and odd JPEGs; the compiled build is used only while it
matches its source, never with PNP_PURE_PYTHON=1; tools/build_jpeg_check.py builds it."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys

import pytest
from PIL import Image

from pnp.content.compiled import PURE_ENV, sources_sha256
from pnp.render import jpegdata
from tests.conftest import ROOT

COMPILED = jpegdata.compiled_module()
needs_build = pytest.mark.skipif(COMPILED is None, reason="the compiled JPEG check is not "
                                 "built here (make builds it; it needs libjpeg's headers)")


def _picture(mode: str = "RGB", size=(240, 160)) -> Image.Image:
    """A seeded photo-like picture: noise over gradients, so the data is not trivial."""
    noise = random.Random(7).randbytes(size[0] * size[1])
    grey = Image.frombytes("L", size, noise)
    ramp = Image.linear_gradient("L").resize(size)
    mixed = Image.merge("RGB", (Image.blend(grey, ramp, 0.6), ramp, grey))
    return mixed.convert(mode)


def _jpeg(mode: str = "RGB", **options) -> bytes:
    out = io.BytesIO()
    _picture(mode).save(out, format="JPEG", quality=85, **options)
    return out.getvalue()


def _end_of_headers(data: bytes) -> int:
    """Where the first scan's entropy-coded data begins (after the SOS segment)."""
    at = data.index(b"\xff\xda")
    return at + 2 + int.from_bytes(data[at + 2:at + 4], "big")


BASELINE = _jpeg()
PROGRESSIVE = _jpeg(progressive=True)
GREY = _jpeg("L")
CMYK = _jpeg("CMYK")
FULL_COLOUR = _jpeg(subsampling=0)


def _cut(data: bytes, fraction: float, marker: bytes = b"\xff\xd9") -> bytes:
    return data[: int(len(data) * fraction)] + marker


def _flipped(data: bytes, seed: int) -> bytes:
    """One byte of the entropy-coded data changed (never into or out of an FF)."""
    rng = random.Random(seed)
    start = _end_of_headers(data)
    while True:
        at = rng.randrange(start, len(data) - 2)
        if 0xFF not in (data[at], data[at - 1]):
            value = data[at] ^ rng.randrange(1, 255)
            if value != 0xFF:
                return data[:at] + bytes([value]) + data[at + 1:]


CASES = {
    "baseline": BASELINE, "progressive": PROGRESSIVE, "grey": GREY, "cmyk": CMYK,
    "4:4:4": FULL_COLOUR,
    "trailing data after the end marker": BASELINE + b"\0\0 camera notes",
    "extraneous bytes before the end marker": BASELINE[:-2] + b"\x12\x34\xff\xd9",
    **{f"{name} cut at {f:.0%} + end marker": _cut(data, f)
       for name, data in (("baseline", BASELINE), ("progressive", PROGRESSIVE),
                          ("cmyk", CMYK)) for f in (0.3, 0.6, 0.97)},
    "cut, no end marker": BASELINE[: len(BASELINE) // 2],
    "headers only": BASELINE[:_end_of_headers(BASELINE)] + b"\xff\xd9",
    "not a JPEG": b"GIF89a and then nothing",
    "empty": b"",
    **{f"baseline, byte changed ({seed})": _flipped(BASELINE, seed) for seed in range(12)},
    **{f"progressive, byte changed ({seed})": _flipped(PROGRESSIVE, seed) for seed in range(6)},
}
WHOLE = {"baseline", "progressive", "grey", "cmyk", "4:4:4",
         "trailing data after the end marker", "extraneous bytes before the end marker"}


@pytest.fixture
def simplejpeg_only(monkeypatch):
    monkeypatch.setattr(jpegdata, "_module", None)


def test_whole_pictures_pass_and_cut_ones_do_not(simplejpeg_only):
    for name, data in CASES.items():
        verdict = jpegdata.problem(data)
        if name in WHOLE:
            assert verdict is None, name
        elif "cut" in name or name in ("headers only", "not a JPEG", "empty"):
            assert verdict, name
    assert "premature end" in jpegdata.problem(CASES["baseline cut at 60% + end marker"])


@needs_build
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_compiled_check_agrees_with_simplejpeg(name):
    """The same words too, where libjpeg reads the data (simplejpeg words a file that is
    no JPEG at all its own way; Pillow refuses those before either is asked)."""
    data = CASES[name]
    compiled, other = COMPILED.check(data), jpegdata._simplejpeg_problem(data)
    assert (compiled is None) == (other is None)
    if not (other or "").startswith("tjDecompressHeader3()"):
        assert compiled == other


@needs_build
def test_the_compiled_check_reads_on_past_extraneous_bytes():
    """simplejpeg stops at the first warning, so after extraneous bytes (passed) the rest
    of the file goes unread; the compiled check reads on and finds a cut further on."""
    start = _end_of_headers(BASELINE)
    damaged = BASELINE[:start] + b"\x00\x00\xff\xd0" + _cut(BASELINE[start:], 0.5)
    assert "premature end" in COMPILED.check(damaged)
    assert COMPILED.check(BASELINE[:-2] + b"\x12\x34\xff\xd9") is None


@needs_build
def test_the_compiled_check_takes_any_buffer_and_refuses_other_things():
    assert COMPILED.check(bytearray(BASELINE)) is None
    assert COMPILED.check(memoryview(BASELINE)) is None
    with pytest.raises(TypeError):
        COMPILED.check("not bytes")
    assert COMPILED.library() in (62, 70, 80)


def test_a_build_is_used_only_while_it_matches_its_source(tmp_path, monkeypatch):
    monkeypatch.setattr(jpegdata, "FOLDER", tmp_path)
    monkeypatch.delenv(PURE_ENV, raising=False)
    name = jpegdata.MODULE + ".cpython-311-x86_64-linux-gnu.so"
    (tmp_path / name).write_bytes(b"not a real module")
    manifest = {jpegdata.MODULE: {"file": name, "sha256": sources_sha256([jpegdata.SOURCE])}}
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    assert jpegdata._load() is None  # current, but it does not load: simplejpeg checks
    manifest[jpegdata.MODULE]["sha256"] = "0" * 64
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    from pnp.content.compiled import current_build

    assert current_build(tmp_path, {jpegdata.MODULE: lambda: sources_sha256(
        [jpegdata.SOURCE])}) is None


def test_pure_python_reaches_a_new_process():
    code = "from pnp.render import jpegdata; print(jpegdata.in_use())"
    env = {**os.environ, PURE_ENV: "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    assert out.strip() == "simplejpeg"


@pytest.mark.slow  # setuptools and the C compiler: ~3 s
def test_the_build_tool_builds_a_check_that_works(tmp_path):
    """tools/build_jpeg_check.py into a temporary folder; where the C compiler or
    libjpeg's headers are missing it says so in one line and exits 1."""
    result = subprocess.run([sys.executable, "tools/build_jpeg_check.py", str(tmp_path)],
                            capture_output=True, text=True, cwd=ROOT)
    if result.returncode == 1:
        assert result.stdout.startswith("note: JPEG data is checked through simplejpeg")
        pytest.skip(result.stdout.strip())
    assert result.returncode == 0, result.stdout + result.stderr
    built = json.loads((tmp_path / "manifest.json").read_text())[jpegdata.MODULE]
    assert built["sha256"] == sources_sha256([jpegdata.SOURCE])
    code = ("import importlib.util, sys; spec = importlib.util.spec_from_file_location("
            f"'pnp.render._jpegdata', {str(tmp_path / built['file'])!r}); "
            "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); "
            "data = sys.stdin.buffer.read(); print(m.check(data), m.check(data[:900] + "
            "b'\\xff\\xd9'))")
    out = subprocess.run([sys.executable, "-c", code], input=BASELINE, capture_output=True,
                         check=True, cwd=ROOT).stdout.decode()
    assert out.startswith("None Corrupt JPEG data: premature end of data segment")


def _mutants(data: bytes, count: int) -> list[bytes]:
    """Seeded damage anywhere in the file, headers too: bytes changed, cut out, doubled,
    the file cut short (with and without an end marker) or junk put in."""
    rng = random.Random(2026)
    mutants = []
    for _ in range(count):
        at = rng.randrange(2, len(data))
        kind = rng.randrange(5)
        if kind == 0:
            mutant = data[:at] + bytes([rng.randrange(256)]) + data[at + 1:]
        elif kind == 1:
            mutant = data[:at] + data[at + rng.randrange(1, 64):]
        elif kind == 2:
            mutant = data[:at] + data[at - rng.randrange(1, at):at] + data[at:]
        elif kind == 3:
            mutant = data[:at] + (b"\xff\xd9" if rng.random() < 0.5 else b"")
        else:
            mutant = data[:at] + rng.randbytes(rng.randrange(1, 32)) + data[at:]
        mutants.append(mutant)
    return mutants


@needs_build
def test_damaged_files_never_crash_the_compiled_check(tmp_path):
    """A crash in C would end the build with no message at all, so 400 damaged files
    (headers as well as data) go through it in a child process: each gets None or
    libjpeg's words, and the process ends normally."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for index, mutant in enumerate(_mutants(BASELINE, 300) + _mutants(PROGRESSIVE, 100)):
        (corpus / f"{index:03d}.jpg").write_bytes(mutant)
    code = ("import pathlib, sys; from pnp.render import jpegdata; "
            "m = jpegdata.compiled_module(); "
            "verdicts = [m.check(p.read_bytes()) for p in sorted(pathlib.Path(sys.argv[1])"
            ".iterdir())]; "
            "assert all(v is None or (isinstance(v, str) and v) for v in verdicts); "
            "print(len(verdicts), sum(v is not None for v in verdicts))")
    done = subprocess.run([sys.executable, "-c", code, str(corpus)], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    checked, refused = map(int, done.stdout.split())
    assert checked == 400 and 100 < refused < 400


@needs_build
def test_on_damaged_files_the_checks_differ_only_past_extraneous_bytes():
    """Where simplejpeg passes a damaged file the compiled check refuses, simplejpeg
    stopped at extraneous bytes before a marker and read no further; nowhere does the
    compiled check pass what simplejpeg refuses."""
    import simplejpeg

    for mutant in _mutants(BASELINE, 300) + _mutants(PROGRESSIVE, 100):
        compiled, other = COMPILED.check(mutant), jpegdata._simplejpeg_problem(mutant)
        if (compiled is None) == (other is None):
            continue
        assert compiled is not None
        with pytest.raises(ValueError, match="extraneous bytes"):
            simplejpeg.decode_jpeg(mutant, colorspace="GRAY", min_height=1, min_width=1,
                                   min_factor=8, strict=True)
