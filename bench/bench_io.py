"""Input hardening figures: how fast hostile inputs are refused, what the bounded text
fitting costs at an absurd size, and what remembering validated data files saves."""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _median_ms(action, runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _refused(text: str):
    from pnp.content.jsonfile import parse_json
    from pnp.errors import DataError

    def action():
        try:
            parse_json(text, "bench.json")
        except DataError:
            return
        raise AssertionError("accepted")
    return action


def run() -> None:
    import pnp.content.sources as sources
    from pnp.render.fonts import font_set
    from pnp.render.textfit import fit_text

    print("\n== input hardening (bench/bench_io.py) ==")
    deep = "[" * 1_000_000 + "]" * 1_000_000
    print(f"refuse 1,000,000-deep nesting      {_median_ms(_refused(deep)):8.2f} ms")
    print(f"refuse a 5,000-digit integer        {_median_ms(_refused('9' * 5000)):8.2f} ms")
    print(f"refuse 1e400                        {_median_ms(_refused('[1e400]')):8.2f} ms")
    fit = _median_ms(lambda: fit_text("Giraffe", font_set().regular, 100, 40, 1e20, 6, wrap=True))
    print(f"fit_text at size 1e20 (bisection)   {fit:8.2f} ms")
    members = ROOT / "data" / "majority2" / "members.json"
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "members.json"
        copy.write_bytes(members.read_bytes())

        def fresh():
            sources._PASSED.clear()
            sources.load_source(copy, "majority2-cards")
        cold = _median_ms(fresh)
        sources.load_source(copy, "majority2-cards")
        warm = _median_ms(lambda: sources.load_source(copy, "majority2-cards"))
    print(f"load members.json: validated        {cold:8.2f} ms")
    print(f"load members.json: remembered       {warm:8.2f} ms")
    _huge_log()


def _huge_log() -> None:
    """`pnp validate` of a game log with 1,000,000 empty rounds (the schema allows
    100,000): refused on the list's length, not after reading every round (was 55 s)."""
    import json

    from pnp.validate import validate_file

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "log.json"
        path.write_text(json.dumps({"game": "majority2", "players": ["Ana", "Bo"], "seed": 1,
                                    "rounds": [{}] * 1_000_000}), encoding="utf-8")
        start = time.process_time()
        report = validate_file(path)
        spent = time.process_time() - start
    assert not report.ok
    print(f"validate a 1,000,000-round log      {spent:8.2f} s CPU   (target: under 5 s)")


if __name__ == "__main__":
    run()
