"""`make bench`: build time (median of several runs), peak memory and PDF size.

Each candidate runs in a fresh process, so interpreter start-up and imports count, as
they do for a user. Peak memory is the child's maximum resident set size (wait4).
After the build figures, every `bench/bench_*.py` module's `run()` prints its own section
(exports, engines, simulation, ...), in file-name order, so an area adds a file here
instead of editing this one.
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
BIN = Path(sys.executable).parent
RUNS = int(os.environ.get("BENCH_RUNS", "5"))


def measure(argv: list[str], out: Path) -> tuple[float, float]:
    """(seconds, peak MB) of one run of `argv`, which writes into `out`."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"benchmark command failed: {' '.join(argv)}\n{proc.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss / 1024


def bench(name: str, argv: list[str], out: Path) -> dict:
    runs = [measure(argv, out) for _ in range(RUNS)]
    size = sum(p.stat().st_size for p in out.rglob("*.pdf"))
    pages = len(list(out.rglob("*.pdf")))
    return {"name": name, "time": statistics.median(t for t, _ in runs),
            "memory": max(m for _, m in runs), "bytes": size, "files": pages}


def warm(runs: int) -> tuple[float, float]:
    """In-process seconds (median) to load, check and draw the word deck, and for the
    minimal script's drawing alone: start-up and imports excluded on both sides."""
    import importlib.util

    from pnp.kits.build import run_build
    from pnp.kits.request import BuildRequest

    spec = importlib.util.spec_from_file_location("minimal", ROOT / "bench" / "minimal_words.py")
    minimal = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(minimal)
    tmp = Path(tempfile.mkdtemp(prefix="pnp-warm-"))
    words = str(ROOT / "data" / "majority" / "words.json")
    request = BuildRequest(games=("majority",), components=("word-cards",), out_dir=tmp)
    run_build(request)
    minimal.main(words, str(tmp / "m.pdf"))
    ours, theirs = [], []
    for _ in range(runs):
        start = time.perf_counter()
        run_build(request)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        minimal.main(words, str(tmp / "m.pdf"))
        theirs.append(time.perf_counter() - start)
    shutil.rmtree(tmp, ignore_errors=True)
    return statistics.median(ours), statistics.median(theirs)


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    pnp = str(BIN / "pnp")
    words = str(ROOT / "data" / "majority" / "words.json")
    results = [
        bench("full build (all kits)", [pnp, "build", "--out", str(tmp / "full")], tmp / "full"),
        bench("word deck (pnp)", [pnp, "build", "majority", "-c", "word-cards", "--no-gallery",
                                  "--out", str(tmp / "deck")], tmp / "deck"),
        bench("word deck (minimal reportlab)",
              [sys.executable, str(ROOT / "bench" / "minimal_words.py"), words,
               str(tmp / "minimal" / "words.pdf")], tmp / "minimal"),
    ]
    print(f"{RUNS} runs each, median time; peak RSS of the process; total PDF bytes\n")
    print(f"{'':32} {'time s':>8} {'peak MB':>8} {'bytes':>10} {'files':>6}")
    for r in results:
        print(f"{r['name']:32} {r['time']:8.2f} {r['memory']:8.1f} {r['bytes']:10,} "
              f"{r['files']:6}")
    full, deck, minimal = results
    print(f"\nword deck vs minimal script: time × {deck['time'] / minimal['time']:.2f} "
          f"(target ≤ 1.5), bytes × {deck['bytes'] / minimal['bytes']:.2f} (target ≤ 1.5)")
    ours, theirs = warm(RUNS)
    print(f"in-process, after imports: pnp word deck {ours * 1000:.0f} ms (load, validate, "
          f"fit-check, draw) vs minimal script {theirs * 1000:.0f} ms (draw only): "
          f"× {ours / theirs:.1f}")
    print(f"full build: {full['time']:.2f} s (target ≤ 3 s), "
          f"{full['memory']:.0f} MB peak (target ≤ 200 MB)")
    shutil.rmtree(tmp, ignore_errors=True)
    run_sections()


def run_sections() -> None:
    """Each `bench_*.py` beside this file, imported and run in name order."""
    import importlib.util

    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"\n== {path.stem.removeprefix('bench_')} ==")
        module.run()


if __name__ == "__main__":
    main()
