"""Art figures: the 60-card Majority 2 member deck with 25 distinct 1,000 × 1,400 px JPEG
illustrations (one per member id) and one JPEG back, against the same deck without art.

Each build is a fresh `pnp build majority2 -c members` process, as a user runs it. The
targets (issue 12): PDF ≤ 1.05 × (the JPEG files' bytes + the art-free PDF), build time
≤ 2 × the art-free build, peak memory ≤ 300 MB, and a second build reusing the cache.
"""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
PNP = str(Path(sys.executable).parent / "pnp")
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
SIZE = (1000, 1400)


def _tool():
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_example_art",
                                                  ROOT / "tools" / "make_example_art.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _photo(name: str, size: tuple[int, int], seed: int) -> bytes:
    """A JPEG with a photo's texture: the example scene with seeded grain, so the file
    sizes are those of real illustrations, not of flat colour."""
    scene = _tool().illustration(name, size)
    grain = Image.frombytes("L", size, random.Random(seed).randbytes(size[0] * size[1]))
    mixed = Image.blend(scene, Image.merge("RGB", (grain, grain, grain)), 0.18)
    out = io.BytesIO()
    mixed.save(out, format="JPEG", quality=88)
    return out.getvalue()


def make_art(folder: Path) -> int:
    """One illustration per base member id and a back; returns the JPEG bytes written."""
    folder.mkdir(parents=True, exist_ok=True)
    members = json.loads((ROOT / "data" / "majority2" / "members.json").read_text("utf-8"))
    total = 0
    for i, card in enumerate(members["cards"]):
        data = _photo(card["id"], SIZE, i)
        (folder / f"{card['id']}.jpg").write_bytes(data)
        total += len(data)
    back = _photo("members-back", (815, 1110), 999)
    (folder / "members-back.jpg").write_bytes(back)
    return total + len(back)


def _build(out: Path, *extra: str, env: dict | None = None) -> tuple[float, int, float]:
    """(wall s, peak resident MB, CPU s) of one build into `out`."""
    argv = [PNP, "build", "majority2", "-c", "members", "--no-gallery", "--out", str(out),
            *extra]
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env={**os.environ, **(env or {})})
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"benchmark build failed: {' '.join(argv)}\n{process.stderr.read().decode()}")
    process.stderr.close()
    return wall, usage.ru_maxrss // 1024, usage.ru_utime + usage.ru_stime


def _interleaved(configs: list[tuple]) -> tuple[list[tuple[float, int, float]], bool]:
    """Each (output, extra args, fresh, environment[, prepare(turn)]) built RUNS times,
    taking turns (A B C
    ... A B C ...), so a neighbour's burst of work on a shared machine slows them alike
    and their ratios hold. Per config the median wall and CPU time and highest peak
    memory; and whether every build into a folder built before (not fresh) left the
    downsampled images cached there untouched."""
    runs: list[list] = [[] for _ in configs]
    reused = True
    for turn in range(RUNS):
        for index, (out, extra, fresh, env, *prepare) in enumerate(configs):
            if fresh:
                shutil.rmtree(out, ignore_errors=True)
            for step in prepare:
                step(turn)
            before = _cached(out)
            runs[index].append(_build(out, *extra, env=env))
            reused = reused and (fresh or before == _cached(out))
    return [(statistics.median(r[0] for r in each), max(r[1] for r in each),
             statistics.median(r[2] for r in each)) for each in runs], reused


def _renewed(art: dict[str, bytes], folder: Path) -> Callable[[int], None]:
    """A step that writes the pictures into `folder` as new art for each turn: a JPEG
    comment naming this bench run's folder and the turn after the start marker, so no
    check of them is remembered from an earlier build or bench run while the data files'
    checks are (as on a user's machine)."""
    def renew(turn: int) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        note = f"bench {folder.parent.name} turn {turn}".encode()
        for name, data in art.items():
            comment = b"\xff\xfe" + (len(note) + 2).to_bytes(2, "big") + note
            (folder / name).write_bytes(data[:2] + comment + data[2:])
    return renew


def _checker() -> str:
    """Which JPEG data check the builds ran (pnp/render/jpegdata.py): compiled, or
    simplejpeg with its numpy import where `make` could not compile it."""
    from pnp.render import jpegdata

    return jpegdata.in_use()


def _cached(out: Path) -> dict[str, int]:
    """The downsampled images cached in a build's folder, by name: when each was written."""
    cache = out / ".cache" / "art"
    return {p.name: p.stat().st_mtime_ns for p in cache.iterdir()} if cache.is_dir() else {}


def run() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-art-"))
    try:
        jpeg_bytes = make_art(tmp / "art")
        art = ("--art", str(tmp / "art"))
        # At --image-dpi 150 the 462 DPI illustrations are downsampled: the cache's work.
        low = (*art, "--image-dpi", "150")
        # new art: pictures never checked before, with the data files' checks remembered
        # as for the build without art; and the same on a new machine (no cache at all)
        pictures = {p.name: p.read_bytes() for p in (tmp / "art").iterdir()}
        fresh = ("--art", str(tmp / "art-fresh"))
        ((plain_s, plain_mb, plain_cpu), (art_s, art_mb, art_cpu), (again_s, _, again_cpu),
         (new_s, _, new_cpu), (bare_s, _, bare_cpu), (cold_s, _, cold_cpu),
         (warm_s, _, warm_cpu)), reused = _interleaved([
                (tmp / "plain", (), True, None), (tmp / "art-out", art, True, None),
                (tmp / "art-out", art, False, None),
                (tmp / "art-new", fresh, True, None, _renewed(pictures, tmp / "art-fresh")),
                (tmp / "art-new", art, True, {"PNP_CACHE_DIR": "off"}),
                (tmp / "low", low, True, None), (tmp / "low", low, False, None)])
        plain_pdf = (tmp / "plain" / "majority2" / "members.pdf").stat().st_size
        art_pdf = (tmp / "art-out" / "majority2" / "members.pdf").stat().st_size
        after = _cached(tmp / "low")
        limit = 1.05 * (jpeg_bytes + plain_pdf)
        print(f"{RUNS} runs each, in turn, median; 60 cards, 25 illustrations of {SIZE[0]} × "
              f"{SIZE[1]} px + 1 back\n")
        print(f"{'':34} {'wall s':>7} {'CPU s':>6} {'peak MB':>8} {'PDF bytes':>11}")
        print(f"{'members, no art':34} {plain_s:7.2f} {plain_cpu:6.2f} {plain_mb:8d} "
              f"{plain_pdf:11,d}")
        print(f"{'members with art':34} {art_s:7.2f} {art_cpu:6.2f} {art_mb:8d} "
              f"{art_pdf:11,d}")
        print(f"{'members with art, second build':34} {again_s:7.2f} {again_cpu:6.2f}")
        print(f"{'members with new art':34} {new_s:7.2f} {new_cpu:6.2f}")
        print(f"{'members with art, no cache at all':34} {bare_s:7.2f} {bare_cpu:6.2f}")
        print(f"{'--image-dpi 150, downsampling':34} {cold_s:7.2f} {cold_cpu:6.2f}")
        print(f"{'--image-dpi 150, cache warm':34} {warm_s:7.2f} {warm_cpu:6.2f}")
        print(f"\nJPEG files: {jpeg_bytes:,d} bytes; PDF limit 1.05 × (JPEGs + art-free) = "
              f"{limit:,.0f}: {'ok' if art_pdf <= limit else 'OVER'} "
              f"({art_pdf / (jpeg_bytes + plain_pdf):.3f} ×)")
        print(f"time with art / without: wall {art_s / plain_s:.2f} ×, CPU "
              f"{art_cpu / plain_cpu:.2f} × (limit 2): "
              f"{'ok' if art_cpu <= 2 * plain_cpu else 'OVER'}; art never built before "
              f"(every JPEG decoded once to check it): wall {new_s / plain_s:.2f} ×, CPU "
              f"{new_cpu / plain_cpu:.2f} × (target ≤ 2, the JPEG check {_checker()}); and "
              f"with no cache at all (a new machine): wall {bare_s / plain_s:.2f} ×, CPU "
              f"{bare_cpu / plain_cpu:.2f} ×")
        print(f"peak memory with art: {art_mb} MB (limit 300): "
              f"{'ok' if art_mb <= 300 else 'OVER'}")
        print(f"cache at --image-dpi 150: {len(after)} downsampled image(s); the second "
              f"build {'reused them unchanged' if reused else 'REWROTE them'} "
              f"(at 300 DPI every JPEG passes through and needs no cache)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    run()
