"""`make bench`: each figure of issue 24 beside its target — full build, the word deck
against a minimal reportlab script, `pnp --help`, `make` with nothing changed — with peak
memory and PDF size.

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


def measure(argv: list[str], out: Path | None,
            env: dict[str, str] | None = None) -> tuple[float, float, float]:
    """(seconds, CPU seconds, peak MB) of one run of `argv`, which writes into `out`. The
    CPU time counts the process and the workers it waited for (wait4), so it stays
    meaningful on a shared machine, where wall time also counts the neighbours' work."""
    if out is not None:
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**os.environ, **(env or {})})
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"benchmark command failed: {' '.join(argv)}\n{proc.stderr.read().decode()}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def paired(candidates: list[tuple]) -> list[dict]:
    """Each candidate (name, argv, output folder[, environment]) run RUNS times, taking
    turns (A B C A B C ...), so a neighbour's burst of work slows them alike; median wall
    and CPU time, peak memory, PDF output."""
    runs: dict[str, list] = {name: [] for name, *_ in candidates}
    for _ in range(RUNS):
        for name, argv, out, *extra in candidates:
            runs[name].append(measure(argv, out, extra[0] if extra else None))
    results = []
    for name, _, out, *_ in candidates:
        pdfs = list(out.rglob("*.pdf")) if out is not None else []
        results.append({"name": name, "time": statistics.median(r[0] for r in runs[name]),
                        "cpu": statistics.median(r[1] for r in runs[name]),
                        "memory": max(r[2] for r in runs[name]),
                        "bytes": sum(p.stat().st_size for p in pdfs), "files": len(pdfs)})
    return results


def make_unchanged() -> dict:
    """`make` on this checkout with nothing changed (brought up to date first, untimed)."""
    subprocess.run(["make", "-s", "all"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return paired([("make, nothing changed", ["make", "-s", "all"], None)])[0]


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
    def request():  # a new one each time: a request keeps what it loaded
        return BuildRequest(games=("majority",), components=("word-cards",), out_dir=tmp)

    run_build(request())
    minimal.main(words, str(tmp / "m.pdf"))
    ours, theirs = [], []
    for _ in range(runs):
        fresh = request()
        start = time.perf_counter()
        run_build(fresh)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        minimal.main(words, str(tmp / "m.pdf"))
        theirs.append(time.perf_counter() - start)
    shutil.rmtree(tmp, ignore_errors=True)
    return statistics.median(ours), statistics.median(theirs)


def compiled_bytecode() -> None:
    """Write the toolkit's .pyc files first, as an install does: with PYTHONDONTWRITEBYTECODE
    set (some shells and CI set it) every timed process would otherwise compile the
    modules it imports from source again, about 60 ms a build that no user pays."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "pnp")], env=env,
                   check=True, stdout=subprocess.DEVNULL)


def main() -> None:
    compiled_bytecode()
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    pnp = str(BIN / "pnp")
    words = str(ROOT / "data" / "majority" / "words.json")
    # The full build as a user's second build runs: thumbnails and validations of the
    # same inputs cached (one untimed build fills the bench's own cache first); and as a
    # first build on a new machine, with no cache at all.
    build = [pnp, "build", "--out", str(tmp / "full")]
    cached = {"PNP_CACHE_DIR": str(tmp / "cache")}
    measure(build, tmp / "full", cached)
    floor = [sys.executable, str(ROOT / "bench" / "minimal_words.py"), words,
             str(tmp / "floor" / "words.pdf")]
    full, cold, full_floor = paired([
        ("full build (all kits)", build, tmp / "full", cached),
        ("full build, no cache", build, tmp / "full", {"PNP_CACHE_DIR": "off"}),
        ("floor (minimal reportlab)", floor, tmp / "floor")])
    deck, minimal = paired([
        ("word deck (pnp)", [pnp, "build", "majority", "-c", "word-cards", "--words", words,
                             "--no-gallery", "--out", str(tmp / "deck")], tmp / "deck"),
        ("word deck (minimal reportlab)",
         [sys.executable, str(ROOT / "bench" / "minimal_words.py"), words,
          str(tmp / "minimal" / "words.pdf")], tmp / "minimal"),
    ])
    helped, = paired([("pnp --help", [pnp, "--help"], None)])
    unchanged = make_unchanged()
    results = [full, cold, full_floor, deck, minimal, helped, unchanged]
    print(f"{RUNS} runs each (paired where compared), median wall and CPU time (CPU: the "
          "process and its workers); peak RSS of the process; total PDF bytes\n")
    print(f"{'':32} {'time s':>8} {'CPU s':>7} {'peak MB':>8} {'bytes':>10} {'files':>6}")
    for r in results:
        print(f"{r['name']:32} {r['time']:8.2f} {r['cpu']:7.2f} {r['memory']:8.1f} "
              f"{r['bytes']:10,} {r['files']:6}")
    print(f"\nfull build: {full['time']:.2f} s (target ≤ 1.5 s), "
          f"{full['memory']:.0f} MB peak (target ≤ 200 MB); the first build, with no "
          f"cached thumbnails or validations: {cold['time']:.2f} s")
    print(f"full build vs the floor (the minimal script, paired in the same runs): time × "
          f"{full['time'] / full_floor['time']:.1f} (target ≤ 11), CPU × "
          f"{full['cpu'] / full_floor['cpu']:.1f}")
    print(f"word deck vs minimal script: time × {deck['time'] / minimal['time']:.2f} "
          f"(target ≤ 3), CPU × {deck['cpu'] / minimal['cpu']:.2f}, "
          f"bytes × {deck['bytes'] / minimal['bytes']:.2f} (target ≤ 1.5)")
    print(f"make with nothing changed: {unchanged['time']:.2f} s (target ≤ 3 s)")
    print(f"pnp --help: {helped['time']:.3f} s (target ≤ 0.15 s)")
    ours, theirs = warm(RUNS)
    print(f"in-process, after imports: pnp word deck {ours * 1000:.0f} ms (load, validate, "
          f"fit-check, draw) vs minimal script {theirs * 1000:.0f} ms (draw only): "
          f"× {ours / theirs:.1f}")
    shutil.rmtree(tmp, ignore_errors=True)
    run_sections()


def run_sections() -> None:
    """Each `bench_*.py` beside this file, imported and run in name order. Each is
    registered under its name before it runs, as an import would: a section that hands its
    own functions to worker processes has them pickled by name, which must find this very
    module (an earlier section may have imported another copy under that name)."""
    import importlib.util

    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module
        spec.loader.exec_module(module)
        print(f"\n== {path.stem.removeprefix('bench_')} ==")
        module.run()


if __name__ == "__main__":
    main()
