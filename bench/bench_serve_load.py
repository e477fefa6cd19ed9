"""`make bench` section for `pnp serve` under load (issue 32): the phones' checker while
the studio is saturated, and the server's memory after previews of very large pictures.

1. The checker's latency: 50 clients post records to `POST /api/check` (keep-alive, as
   in bench_serve) while 10 clients keep asking the studio for kit builds (each asks
   again as soon as it is answered: a build, or 429 when the queue is full) and 100
   connections sit half-way through their headers (each reopened when the server drops
   it). Target: p95 <= 0.5 s.
2. Memory: 20 pictures of 99 megapixels (each a PNG of about 100 KB, each different) are
   added and a card previewed with each; the server's resident memory afterwards (and its
   peak) beside the target of 300 MB.

Clients run in this process on the same cores as the server: the figures are a floor.
BENCH_SERVE_SECONDS shortens the load run (default 20).
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_serve import RECORDS, _client  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SECONDS = float(os.environ.get("BENCH_SERVE_SECONDS", "20"))
PHONES, BUILDS, STALLED, PICTURES = 50, 10, 100, 20
TARGETS = {"p95": 0.5, "memory": 300}
PROMO = ROOT / "data" / "examples" / "majority2-overpowered-promo.json"


def _serve(tmp: Path) -> tuple[subprocess.Popen, int]:
    env = {**os.environ, "PNP_STUDIO_TMP": str(tmp)}
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--port", "0"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env=env)
    port = urlparse(proc.stdout.readline().split()[-1]).port
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return proc, port
        except OSError:
            time.sleep(0.02)


def _post(port: int, path: str, body: bytes, content_type: str) -> tuple[int, bytes]:
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, method="POST",
                                 headers={"Content-Type": content_type})
    try:
        with urllib.request.urlopen(req, timeout=120) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as answer:
        return answer.code, answer.read()


def _form(fields: dict[str, str], files: dict[str, tuple[str, bytes]]) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'
             .encode() for k, v in fields.items()]
    parts += [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"; filename="{n}"'
              f'\r\nContent-Type: application/octet-stream\r\n\r\n'.encode() + data + b"\r\n"
              for k, (n, data) in files.items()]
    return (b"".join(parts) + f"--{boundary}--\r\n".encode(),
            f"multipart/form-data; boundary={boundary}")


def _builder(port: int, stop: threading.Event, counts: dict[int, int]) -> None:
    body, kind = _form({"games": "majority2", "output": "kit"}, {})
    while not stop.is_set():
        status, _ = _post(port, "/api/studio/build", body, kind)
        counts[status] = counts.get(status, 0) + 1


def _staller(port: int, stop: threading.Event) -> None:
    """STALLED connections half-way through their headers, each reopened when dropped."""
    open_ = []
    while not stop.is_set():
        while len(open_) < STALLED:
            conn = socket.create_connection(("127.0.0.1", port), timeout=1)
            conn.sendall(b"GET / HTTP/1.1\r\nHost: local")
            conn.setblocking(False)
            open_.append(conn)
        for conn in list(open_):
            try:
                if conn.recv(64) is not None:
                    conn.close()
                    open_.remove(conn)
            except BlockingIOError:
                pass
            except OSError:
                conn.close()
                open_.remove(conn)
        stop.wait(0.2)
    for conn in open_:
        conn.close()


async def _phones(port: int) -> tuple[list[float], list[str]]:
    bodies = [(ROOT / "data" / "examples" / name).read_bytes() for name in RECORDS]
    latencies: list[float] = []
    errors: list[str] = []
    deadline = time.perf_counter() + SECONDS
    await asyncio.gather(*(_client(port, bodies, deadline, latencies, errors, n)
                           for n in range(PHONES)))
    return latencies, errors


def _checker_under_load(port: int) -> None:
    stop = threading.Event()
    counts: dict[int, int] = {}
    threads = [threading.Thread(target=_builder, args=(port, stop, counts))
               for _ in range(BUILDS)]
    threads.append(threading.Thread(target=_staller, args=(port, stop)))
    for thread in threads:
        thread.start()
    time.sleep(1)  # the builds and the stalled connections in place first
    try:
        latencies, errors = asyncio.run(_phones(port))
    finally:
        stop.set()
        for thread in threads:
            thread.join(180)
    latencies.sort()
    p95 = latencies[int(len(latencies) * 0.95)]
    print(f"POST /api/check, {PHONES} clients for {SECONDS:.0f} s while {BUILDS} clients "
          f"ask for kit builds and {STALLED} connections stall in their headers: "
          f"{len(latencies) / SECONDS:.0f} requests/s, p50 "
          f"{latencies[len(latencies) // 2] * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms "
          f"(target <= {TARGETS['p95'] * 1000:.0f} ms), {len(errors)} errors (target 0); "
          f"studio answers by status: {dict(sorted(counts.items()))}")
    if errors:
        print(f"  first errors: {errors[:3]}")


def _picture(n: int) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("L", (9950, 9950), 40 + n).save(out, format="PNG")
    return out.getvalue()


def _memory_mb(pid: int) -> tuple[float, float]:
    fields = dict(line.split(":", 1) for line in
                  Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def _previews(port: int, pid: int) -> None:
    document = json.loads(PROMO.read_text("utf-8"))
    document["cards"][0]["art"] = "art/big.png"
    shown = 0
    sizes = []
    for n in range(PICTURES):
        data = _picture(n)
        sizes.append(len(data))
        body, kind = _form({}, {"image": ("big.png", data)})
        status, answer = _post(port, "/api/studio/art", body, kind)
        if status != 200:
            print(f"  picture {n}: {status} {answer[:200]!r}")
            continue
        art_id = json.loads(answer)["id"]
        request = {"document": document, "pictures": {"art/big.png": art_id}, "card": 0}
        status, answer = _post(port, "/api/studio/promo/check",
                               json.dumps(request).encode(), "application/json")
        shown += status == 200 and (json.loads(answer).get("preview") or "").startswith("data:")
    rss, peak = _memory_mb(pid)
    print(f"server memory after {PICTURES} previews of 99-megapixel pictures (PNGs of "
          f"{min(sizes) // 1024}-{max(sizes) // 1024} KB; {shown} previews drawn): "
          f"{rss:.0f} MB resident, {peak:.0f} MB at its peak (target <= "
          f"{TARGETS['memory']} MB)")


def run() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-serve-load-") as tmp:
        proc, port = _serve(Path(tmp))
        try:
            _checker_under_load(port)
            _previews(port, proc.pid)
        finally:
            proc.terminate()
            proc.wait(20)
            proc.stdout.close()


if __name__ == "__main__":
    run()
