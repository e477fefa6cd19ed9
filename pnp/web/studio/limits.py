"""How much the studio accepts and how long it works for one request.

Every number a person could run into is here, so the docs (docs/designers/studio.md) and
the tests read the same values. The time limit and the number of workers may be set by the
environment of `pnp serve` (`PNP_STUDIO_TIME_LIMIT` seconds, `PNP_STUDIO_WORKERS`), for a
slow machine or a test; the sizes are fixed.
"""

from __future__ import annotations

import os

MB = 1024 * 1024

IMAGE_BYTES = 32 * MB
"""One picture uploaded on a promo card."""
WORDS_BYTES = 2 * MB
"""One word list (a kit's 412 words are 5 KB)."""
PROMO_BYTES = 1 * MB
"""One promo file (JSON); a promo file with its art comes as a zip (ZIP_BYTES)."""
ZIP_BYTES = 64 * MB
"""One zip file: an art folder, or a promo file with its pictures."""
UNZIPPED_BYTES = 256 * MB
"""Everything one zip unpacks to."""
UNZIPPED_FILE_BYTES = 64 * MB
"""One file in a zip (the toolkit reads no larger image)."""
ZIP_ENTRIES = 400
"""Files and folders in one zip."""
ZIP_RATIO = 100
"""A file that unpacks to more than this many times its packed size (and over 1 MB) is
taken for a zip bomb."""
BUILD_BYTES = WORDS_BYTES + PROMO_BYTES + ZIP_BYTES + MB
"""A whole kit-builder request: its three uploads and the form."""
ART_STORE_BYTES = 512 * MB
"""Pictures kept for the promo designer's previews; the least recently used go first."""

BALANCE_GAMES = (100, 200, 500, 1000, 2000, 5000, 10000)
"""The game counts "Test its balance" offers (on one core: 1,000 games ~2.6 s, 10,000
~26 s for one promo card and its base)."""
BALANCE_DEFAULT_GAMES = 1000
"""What the test plays unless told: `pnp simulate`'s default, so the studio and the command
answer alike (200 games detected ±0.34 VP per copy; 1,000 games ±0.15)."""
BALANCE_JOBS = 6
"""Balance tests queued or running at once, everyone's together (one per browser)."""
FINISHED_JOB_SECONDS = 600
"""How long a finished balance test's answer is kept for its page to read."""


def _number(name: str, default: float, low: float, high: float) -> float:
    try:
        value = float(os.environ.get(name, default))
    except ValueError:
        return default
    return min(max(value, low), high) if value == value else default


TIME_LIMIT = _number("PNP_STUDIO_TIME_LIMIT", 180, 0.1, 3600)
"""Seconds one build, PDF, file check or balance test may take before it is stopped."""
WORKERS = int(_number("PNP_STUDIO_WORKERS", 2, 1, 16))
"""Builds and balance tests that run at once (each in its own process); others wait."""
QUEUE_SECONDS = 60
"""How long a build waits for a free worker before the page is told to try again."""
QUEUE_JOBS = int(_number("PNP_STUDIO_QUEUE", 8, 0, 64))
"""Jobs that may wait for a worker at once; one more is answered 429 at once, so a crowd
of builds never piles up in the server (each waiting job holds a thread of the studio's
own, never one the phones' checker needs)."""
