"""`pnp serve` figures: start-up time (command to first answered page) and 50 concurrent
clients posting records to `POST /api/check` for 30 s on localhost (throughput, p50/p95
latency, errors). The clients run in this process on the same 2 cores as the server, so
the figures are a floor, not a ceiling. BENCH_SERVE_SECONDS shortens the load run."""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
CLIENTS = 50
SECONDS = float(os.environ.get("BENCH_SERVE_SECONDS", "30"))
RECORDS = ["majority2-mistakes.json", "majority-legal.json", "majority-rules-mistakes.json",
           "d20-stacks-mistakes.json", "majority2-log-legal.json"]
TARGETS = {"startup": 3.0, "p95": 0.5}


def _start() -> tuple[subprocess.Popen, int, float]:
    """`pnp serve --port 0`: the process, its port and the seconds until / answered."""
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--port", "0"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = urlparse(proc.stdout.readline().split()[-1]).port
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                break
        except OSError:
            time.sleep(0.01)
    return proc, port, time.perf_counter() - started


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    proc.wait(10)
    proc.stdout.close()


async def _client(port: int, bodies: list[bytes], deadline: float, latencies: list[float],
                  errors: list[str], offset: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    i = offset
    try:
        while time.perf_counter() < deadline:
            body = bodies[i % len(bodies)]
            i += 1
            head = (f"POST /api/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json"
                    f"\r\nContent-Length: {len(body)}\r\n\r\n").encode()
            sent = time.perf_counter()
            writer.write(head + body)
            await writer.drain()
            status_line = await reader.readline()
            length = 0
            while (line := await reader.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            await reader.readexactly(length)
            latencies.append(time.perf_counter() - sent)
            if b" 200 " not in status_line:
                errors.append(status_line.decode(errors="replace").strip())
    except (OSError, asyncio.IncompleteReadError) as exc:
        errors.append(repr(exc))
    finally:
        writer.close()


async def _load(port: int) -> tuple[list[float], list[str], float]:
    bodies = [(ROOT / "data" / "examples" / name).read_bytes() for name in RECORDS]
    latencies: list[float] = []
    errors: list[str] = []
    started = time.perf_counter()
    deadline = started + SECONDS
    await asyncio.gather(*(_client(port, bodies, deadline, latencies, errors, n)
                           for n in range(CLIENTS)))
    return latencies, errors, time.perf_counter() - started


def run() -> None:
    startups = []
    for _ in range(3):
        proc, _, seconds = _start()
        startups.append(seconds)
        _stop(proc)
    startup = statistics.median(startups)
    print(f"pnp serve start-up (command to first page answered, median of 3): "
          f"{startup:.2f} s (target <= {TARGETS['startup']:.1f} s)")
    proc, port, _ = _start()
    try:
        latencies, errors, elapsed = asyncio.run(_load(port))
    finally:
        _stop(proc)
    latencies.sort()
    p50 = latencies[len(latencies) // 2]
    p95 = latencies[int(len(latencies) * 0.95)]
    print(f"POST /api/check, {CLIENTS} concurrent clients for {elapsed:.0f} s "
          f"({len(RECORDS)} example records in turn, keep-alive, clients on the same cores): "
          f"{len(latencies) / elapsed:.0f} requests/s, p50 {p50 * 1000:.0f} ms, "
          f"p95 {p95 * 1000:.0f} ms (target <= {TARGETS['p95'] * 1000:.0f} ms), "
          f"{len(errors)} errors (target 0)")
    if errors:
        print(f"  first errors: {errors[:3]}")


if __name__ == "__main__":
    run()
