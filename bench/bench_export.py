"""Export figures: `pnp export png majority` (591 images at 300 DPI) with one worker and
with every core, and `pnp export tts majority`; each a fresh process, as a user runs it.

Wall time on a shared machine says little on its own, so the CPU time of the process and
its workers is printed beside it: wall ≈ CPU / cores when the pool is doing its job.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PNP = str(Path(sys.executable).parent / "pnp")
RUNS = int(os.environ.get("BENCH_RUNS", "3"))


def _once(argv: list[str], out: Path) -> tuple[float, float]:
    """(wall s, CPU s of the process and its children) of one run."""
    shutil.rmtree(out, ignore_errors=True)
    before = os.times()
    start = time.perf_counter()
    result = subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    after = os.times()
    if result.returncode != 0:
        sys.exit(f"benchmark command failed: {' '.join(argv)}\n{result.stderr.decode()}")
    cpu = (after.children_user - before.children_user
           + after.children_system - before.children_system)
    return wall, cpu


def _median(argv: list[str], out: Path) -> tuple[float, float, int]:
    runs = [_once(argv, out) for _ in range(RUNS)]
    images = len(list(out.rglob("*.png")))
    return statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs), images


def run() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-export-"))
    try:
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
            os.cpu_count()
        rows = [
            ("png majority, 300 DPI, --jobs 1", ["png", "majority", "--jobs", "1"]),
            (f"png majority, 300 DPI, every core ({cores})", ["png", "majority"]),
            ("tts majority, every core", ["tts", "majority"]),
        ]
        print(f"{RUNS} runs each, median; CPU = process + workers\n")
        print(f"{'':40} {'wall s':>7} {'CPU s':>7} {'images':>7}")
        figures = {}
        for name, args in rows:
            out = tmp / args[0] / args[-1]
            wall, cpu, images = _median([PNP, "export", *args, "--out", str(out)], out)
            figures[name] = wall
            print(f"{name:40} {wall:7.2f} {cpu:7.2f} {images:7}")
        serial, parallel = list(figures.values())[:2]
        print(f"\npng export speed-up on {cores} core(s): × {serial / parallel:.2f}; "
              f"{parallel:.2f} s (target ≤ 5 s on 2 cores)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    run()
