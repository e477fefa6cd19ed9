"""`make bench` section for the studio (`pnp serve`'s /studio pages): how long a promo
card's preview takes to come back after an edit (p50 and p95 over a run of edits, each a
different card), the same seen by a designer in headless Chromium (a key pressed in the
title field to the new image loaded, target p95 ≤ 250 ms), and the kit builder's time
against `pnp build` with the same options (paired runs, alternating, so a busy machine
slows both alike).

The server runs as a user runs it (`pnp serve` under uvicorn, in its own process); the
HTTP figures are wall times seen by the client; the Chromium figure includes the page's
own scheduling (it sends an edit at once, no pause after typing). Environment:
BENCH_STUDIO_EDITS (default 60), BENCH_RUNS (default 5) for the kit builder's pairs.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PNP = str(Path(sys.executable).parent / "pnp")
EDITS = int(os.environ.get("BENCH_STUDIO_EDITS", "60"))
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
PROMO = ROOT / "data" / "examples" / "majority2-overpowered-promo.json"
PREVIEW_TARGET = (150, 400)  # ms, p50 and p95
KEYSTROKE_TARGET = 250  # ms, p95: a key pressed in Chromium to the new preview shown
KIT_TARGET = 1.25  # the kit builder within this factor of `pnp build`


def _serve(tmp: Path) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PNP_STUDIO_TMP": str(tmp / "studio")}
    process = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               cwd=ROOT, env=env)
    first = process.stdout.readline()
    base = first.removeprefix("pnp serve: open ").strip().rstrip("/")
    for _ in range(200):
        try:
            urllib.request.urlopen(base + "/static/app.css", timeout=2).read()
            break
        except OSError:
            time.sleep(0.05)
    return process, base


def _post(url: str, body: bytes, content_type: str) -> bytes:
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": content_type})
    with urllib.request.urlopen(req, timeout=600) as answer:
        return answer.read()


def preview_latency(base: str) -> list[float]:
    """Milliseconds per edit: the cost and title change each time, so every preview is
    a card the server has not drawn yet."""
    document = json.loads(PROMO.read_text("utf-8"))
    card = document["cards"][0]
    times = []
    for i in range(EDITS + 3):
        card["cost"] = i % 21
        card["title"] = f"Witches Secretary {i}"
        body = json.dumps({"document": document, "card": 0}).encode()
        start = time.perf_counter()
        answer = json.loads(_post(base + "/api/studio/promo/check", body, "application/json"))
        elapsed = (time.perf_counter() - start) * 1000
        assert answer["preview"], answer["problems"]
        if i >= 3:  # the first edits warm the server (imports, fonts)
            times.append(elapsed)
    return times


_WATCH = """() => {
    const title = document.querySelector("[data-path='$.cards[0].title']");
    const preview = document.getElementById("preview");
    window.keystrokes = [];
    let pressed = null;
    title.addEventListener("keydown", () => { pressed = performance.now(); }, true);
    preview.addEventListener("load", () => {
      if (pressed !== null) { window.keystrokes.push(performance.now() - pressed); pressed = null; }
    });
}"""


def _version(page) -> int:
    return int(page.evaluate("Number(document.getElementById('preview').dataset.version "
                             "|| 0)"))


def keystroke_latency(base: str) -> list[float] | None:
    """Milliseconds from a key pressed in the promo designer's title field, in headless
    Chromium, to the new preview image loaded in the page: what a designer sees, the
    page's scheduling, the request, the drawing and the image's decoding included. Before
    each keystroke the title is set to a new value and its preview awaited, so every
    keystroke asks for a card not drawn before. None without Chromium or Playwright."""
    sys.path.insert(0, str(ROOT))
    try:  # pytest and Playwright: the test tools (make bench and make test install them)
        import pytest

        from tests.webtools import browser, phone
    except ImportError:
        return None
    try:
        with browser() as launched:
            page = phone(launched)
            page.goto(base + "/studio/majority2/promo")
            page.wait_for_function("Number(document.getElementById('preview').dataset"
                                   ".version || 0) > 0", timeout=60_000)
            page.evaluate(_WATCH)
            title = page.locator("[data-path='$.cards[0].title']")
            for i in range(EDITS + 3):
                before = _version(page)
                title.fill(f"Witches Secretary {i:03d}")
                page.wait_for_function(f"Number(document.getElementById('preview').dataset"
                                       f".version || 0) > {before}", timeout=60_000)
                page.wait_for_function("document.getElementById('preview').complete")
                done = page.evaluate("window.keystrokes.length")
                title.press("abcdefghij"[i % 10])
                page.wait_for_function(f"window.keystrokes.length > {done}", timeout=60_000)
            return page.evaluate("window.keystrokes")[3:]  # the first warm the server
    except pytest.skip.Exception:
        return None


def _form(fields: dict[str, str]) -> tuple[bytes, str]:
    boundary = uuid.UUID(int=11).hex
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'
             for k, values in fields.items() for v in values.split(",")]
    body = ("".join(parts) + f"--{boundary}--\r\n").encode()
    return body, f"multipart/form-data; boundary={boundary}"


def kit_times(base: str, tmp: Path, games: str, output: str) -> tuple[float, float]:
    """Median seconds (studio, pnp build) over paired runs of the same build."""
    body, content_type = _form({"games": games, "paper": "a4", "output": output,
                                "crop_marks": "on"})
    cli = [PNP, "build", *games.split(","), "--out", str(tmp / "cli"), "--no-gallery"]
    if output == "kit":
        cli += ["-c", "kit"]
    studio, command = [], []
    for _ in range(RUNS):
        start = time.perf_counter()
        _post(base + "/api/studio/build", body, content_type)
        studio.append(time.perf_counter() - start)
        shutil.rmtree(tmp / "cli", ignore_errors=True)
        start = time.perf_counter()
        subprocess.run(cli, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        command.append(time.perf_counter() - start)
    return statistics.median(studio), statistics.median(command)


def _p50_p95(times: list[float]) -> tuple[float, float]:
    return (statistics.median(times),
            times[min(len(times) - 1, round(0.95 * (len(times) - 1)))])


def run() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-studio-"))
    process, base = _serve(tmp)
    try:
        times = sorted(preview_latency(base))
        p50, p95 = _p50_p95(times)
        print(f"promo preview after an edit ({len(times)} edits, each a new card): "
              f"p50 {p50:.0f} ms, p95 {p95:.0f} ms (targets ≤ {PREVIEW_TARGET[0]} ms, "
              f"≤ {PREVIEW_TARGET[1]} ms)")
        typed = keystroke_latency(base)
        if typed is None:
            print("keystroke to new preview in Chromium: no Chromium or Playwright; skipped")
        else:
            p50, p95 = _p50_p95(sorted(typed))
            print(f"keystroke to new preview image in Chromium ({len(typed)} keystrokes, "
                  f"each a new card): p50 {p50:.0f} ms, p95 {p95:.0f} ms (target p95 ≤ "
                  f"{KEYSTROKE_TARGET} ms)")
        print(f"\nkit builder against pnp build, same options, {RUNS} paired runs, median:")
        print(f"{'':44} {'studio s':>9} {'pnp build s':>12} {'ratio':>6}")
        for label, games, output in (
                ("majority2 kit.pdf", "majority2", "kit"),
                ("every game, every file (zip)", "majority,majority2,majority-rules,d20-stacks",
                 "zip")):
            studio, command = kit_times(base, tmp, games, output)
            print(f"{label:44} {studio:9.2f} {command:12.2f} {studio / command:6.2f}")
        print(f"(target: the kit builder within × {KIT_TARGET} of pnp build, which pays its "
              "own start-up; the studio's worker starts forked, with the toolkit imported)")
    finally:
        process.terminate()
        process.wait(10)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    run()
