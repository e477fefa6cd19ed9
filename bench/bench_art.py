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


def _median(out: Path, *extra: str, fresh: bool = True,
            env: dict | None = None) -> tuple[float, int, float]:
    """Median wall and CPU time, highest peak memory: CPU time is the steadier figure on
    a shared machine."""
    runs = []
    for _ in range(RUNS):
        if fresh:
            shutil.rmtree(out, ignore_errors=True)
        runs.append(_build(out, *extra, env=env))
    return (statistics.median(r[0] for r in runs), max(r[1] for r in runs),
            statistics.median(r[2] for r in runs))


def run() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-art-"))
    try:
        jpeg_bytes = make_art(tmp / "art")
        plain_s, plain_mb, plain_cpu = _median(tmp / "plain")
        plain_pdf = (tmp / "plain" / "majority2" / "members.pdf").stat().st_size
        art_s, art_mb, art_cpu = _median(tmp / "art-out", "--art", str(tmp / "art"))
        art_pdf = (tmp / "art-out" / "majority2" / "members.pdf").stat().st_size
        # new art: no JPEG's full decode remembered from an earlier build
        new_s, _, new_cpu = _median(tmp / "art-out", "--art", str(tmp / "art"),
                                    env={"PNP_CACHE_DIR": "off"})
        again_s, _, again_cpu = _median(tmp / "art-out", "--art", str(tmp / "art"), fresh=False)
        # At --image-dpi 150 the 462 DPI illustrations are downsampled: the cache's work.
        low = ("--art", str(tmp / "art"), "--image-dpi", "150")
        cold_s, _, cold_cpu = _median(tmp / "low", *low)
        cache = tmp / "low" / ".cache" / "art"
        before = {p.name: p.stat().st_mtime_ns for p in cache.iterdir()}
        warm_s, _, warm_cpu = _median(tmp / "low", *low, fresh=False)
        after = {p.name: p.stat().st_mtime_ns for p in cache.iterdir()}
        limit = 1.05 * (jpeg_bytes + plain_pdf)
        print(f"{RUNS} runs each, median; 60 cards, 25 illustrations of {SIZE[0]} × "
              f"{SIZE[1]} px + 1 back\n")
        print(f"{'':34} {'wall s':>7} {'CPU s':>6} {'peak MB':>8} {'PDF bytes':>11}")
        print(f"{'members, no art':34} {plain_s:7.2f} {plain_cpu:6.2f} {plain_mb:8d} "
              f"{plain_pdf:11,d}")
        print(f"{'members with art':34} {art_s:7.2f} {art_cpu:6.2f} {art_mb:8d} "
              f"{art_pdf:11,d}")
        print(f"{'members with art, second build':34} {again_s:7.2f} {again_cpu:6.2f}")
        print(f"{'members with new art (no cache)':34} {new_s:7.2f} {new_cpu:6.2f}")
        print(f"{'--image-dpi 150, downsampling':34} {cold_s:7.2f} {cold_cpu:6.2f}")
        print(f"{'--image-dpi 150, cache warm':34} {warm_s:7.2f} {warm_cpu:6.2f}")
        print(f"\nJPEG files: {jpeg_bytes:,d} bytes; PDF limit 1.05 × (JPEGs + art-free) = "
              f"{limit:,.0f}: {'ok' if art_pdf <= limit else 'OVER'} "
              f"({art_pdf / (jpeg_bytes + plain_pdf):.3f} ×)")
        print(f"time with art / without: wall {art_s / plain_s:.2f} ×, CPU "
              f"{art_cpu / plain_cpu:.2f} × (limit 2): "
              f"{'ok' if art_cpu <= 2 * plain_cpu else 'OVER'}; art never built before "
              f"(every JPEG decoded once to check it): wall {new_s / plain_s:.2f} ×, CPU "
              f"{new_cpu / plain_cpu:.2f} ×")
        print(f"peak memory with art: {art_mb} MB (limit 300): "
              f"{'ok' if art_mb <= 300 else 'OVER'}")
        reused = before == after
        print(f"cache at --image-dpi 150: {len(after)} downsampled image(s); the second "
              f"build {'reused them unchanged' if reused else 'REWROTE them'} "
              f"(at 300 DPI every JPEG passes through and needs no cache)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    run()
