"""The phone app (`pnp export web`) in headless Chromium at a phone's size, served by a
plain local static server:

- first load, cold: a fresh browser opens index.html and its service worker keeps every
  file of the app (the time until it has; and the bytes it kept: what the phone stores);
- checker start-up on a warm cache: the page loaded again from the phone's cache until
  `window.pnpCheck` has answered a first record (target <= 2 s);
- check latency in the browser: `window.pnpCheck` of a 200-round Majority 2 log, p95
  (target <= 150 ms), beside `pnp check`'s own time for it in this Python.

Timings are medians of BENCH_PHONE_RUNS (default 5) page loads; the machine is shared, so
they are noisy: read them with the load in mind.
"""

from __future__ import annotations

import importlib.util
import json
import os
import statistics
import tempfile
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = int(os.environ.get("BENCH_PHONE_RUNS", "5"))
CHECKS = 40
TARGETS = {"startup": 2.0, "p95": 0.150}


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _long_log() -> tuple[str, float]:
    """The 200-round log (as text) and `pnp check`'s median time for it here."""
    from pnp.check import check_text
    from pnp.games.gamedata import load_content
    from pnp.games.majority2 import log as m2log

    spec = importlib.util.spec_from_file_location(
        "bench_engine_majority2", Path(__file__).parent / "bench_engine_majority2.py")
    engine_bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(engine_bench)
    record, _ = engine_bench.long_log(load_content("majority2"), m2log)
    text = json.dumps(record)
    times = []
    for _ in range(5):
        start = time.perf_counter()
        check_text(text, "long")
        times.append(time.perf_counter() - start)
    return text, statistics.median(times)


def run() -> None:
    import sys

    sys.path.insert(0, str(ROOT))
    from pnp.web.phone import runtime, site

    try:  # pytest and Playwright: the test tools, which `make bench` installs
        from tests.webtools import browser, phone
    except ImportError as exc:
        print(f"the phone app: {exc} (make bench installs the test tools); skipped")
        return
    if not runtime.available():
        print("the phone app: no Pyodide in node_modules (make web-runtime); skipped")
        return
    text, native = _long_log()
    runtime_bytes = sum(p.stat().st_size for p in runtime.runtime_files().values())
    with tempfile.TemporaryDirectory() as folder:
        site.export_web(Path(folder))
        server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=folder))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        try:
            with browser() as launched:
                figures = _measure(launched, phone, base, text)
        finally:
            server.shutdown()
            server.server_close()
    cold, kept, startups, latencies = figures
    p95 = statistics.quantiles(latencies, n=20)[-1]
    print(f"first load, cold (local static server): {cold:.2f} s until every file of the "
          "app is kept on the phone")
    print(f"checker start-up on a warm cache: {statistics.median(startups):.2f} s median of "
          f"{len(startups)} page loads to a first answer (target <= {TARGETS['startup']} s)")
    print(f"check of a 200-round Majority 2 log in the browser: p95 {p95 * 1000:.0f} ms, "
          f"median {statistics.median(latencies) * 1000:.0f} ms over {len(latencies)} checks "
          f"(target <= {TARGETS['p95'] * 1000:.0f} ms); pnp check here: "
          f"{native * 1000:.0f} ms")
    print(f"bytes kept on the phone: {kept:,} ({kept / 1e6:.1f} MB; Pyodide's runtime is "
          f"{runtime_bytes / 1e6:.1f} MB of it)")


def _measure(launched, phone, base: str, text: str):
    page = phone(launched, offline_app=True)  # the service worker keeps the app: measured
    start = time.perf_counter()
    page.goto(base + "index.html")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    cold = time.perf_counter() - start
    kept = page.evaluate("""async () => {
        let total = 0;
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            total += (await (await cache.match(request)).arrayBuffer()).byteLength;
          }
        }
        return total; }""")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.evaluate("(t) => window.pnpCheck(t)", text)  # the wasm compiled once, as a phone does
    startups = []
    for _ in range(RUNS):
        page.reload()
        startups.append(page.evaluate(
            "async () => { await window.pnpCheck('{\"game\": \"d20-stacks\", \"players\": "
            "[\"A\", \"B\"], \"stacks\": [[\"A:1\"]]}'); return performance.now() / 1000; }"))
    latencies = page.evaluate("""async ([text, count]) => {
        const out = [];
        for (let i = 0; i < count; i++) {
          const t0 = performance.now();
          await window.pnpCheck(text);
          out.push((performance.now() - t0) / 1000);
        }
        return out; }""", [text, CHECKS])
    return cold, kept, startups, latencies


if __name__ == "__main__":
    run()
