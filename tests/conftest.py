"""Shared helpers: run the CLI in-process and locate fixtures; the hypothesis profiles.

`make test` must give every person the same result, so property tests run derandomized
(the examples are a fixed function of each test) with no example database. Exploring for new
failures is `make fuzz`'s job: the `fuzz` profile draws fresh examples from the seed it is
given (`--hypothesis-seed`, printed by `make fuzz`) and prints each failure as a reproducible
example; a failure it finds becomes a fixed regression test.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from typer.testing import CliRunner

from pnp.cli import app

# Remembered schema passes (pnp/content/validcache.py) go to a fresh folder per test run, so
# no test depends on, or fills, the person's own cache.
os.environ["PNP_CACHE_DIR"] = tempfile.mkdtemp(prefix="pnp-test-cache-")

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("fuzz", derandomize=False, database=None, print_blob=True)
settings.load_profile(os.environ.get("PNP_HYPOTHESIS", "ci"))

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def cli():
    """Call `pnp ARGS...` in-process; exceptions other than SystemExit surface as failures."""
    runner = CliRunner()

    def run(*args: str, input: str | None = None):
        return runner.invoke(app, [str(a) for a in args], input=input, catch_exceptions=False)

    return run
