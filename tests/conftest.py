"""Shared helpers: run the CLI in-process and locate fixtures; the hypothesis profiles.

`make test` must give every person the same result, so property tests run derandomized
(the examples are a fixed function of each test) with no example database. Exploring for new
failures is `make fuzz`'s job: the `fuzz` profile draws fresh examples from the seed it is
given (`--hypothesis-seed`, printed by `make fuzz`) and prints each failure as a reproducible
example; a failure it finds becomes a fixed regression test.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest
import typer.testing
from hypothesis import settings
from typer.testing import CliRunner

from pnp.cli import app

# Remembered schema passes (pnp/content/validcache.py) go to a fresh folder per test run, so
# no test depends on, or fills, the person's own cache.
os.environ["PNP_CACHE_DIR"] = tempfile.mkdtemp(prefix="pnp-test-cache-")

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("fuzz", derandomize=False, database=None, print_blob=True)
settings.load_profile(os.environ.get("PNP_HYPOTHESIS", "ci"))


def _built_once(build):
    """typer's CliRunner turns the Typer app into a click command at every `invoke` (~12 ms
    for pnp's app, ~2,000 invokes in the suite); the same app gives the same command, which
    click runs as often as asked with a fresh context each time, so each app's is built once
    per test process. The key holds the app (so its id is not reused) and its commands'
    count (a command added later builds it again). `pnp` itself builds it once a process,
    as this does; tests/test_cli_basics.py builds it directly."""
    built: dict[int, tuple] = {}

    def get_command(app):
        shape = (len(app.registered_commands), len(app.registered_groups))
        found = built.get(id(app))
        if found is None or found[0] is not app or found[1] != shape:
            found = built[id(app)] = (app, shape, build(app))
        return found[2]
    return get_command


if hasattr(typer.testing, "_get_command"):  # typer's own helper; without it, as it was
    typer.testing._get_command = _built_once(typer.testing._get_command)

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"

# The test files that take longest, longest first (worker-seconds of `make test`, measured on
# 2 cores), start first: xdist hands out whole files (--dist loadfile), and one of these
# started last kept a worker busy while the other had nothing left. `make test` turns off
# xdist's own order (most tests first: these files have few) so this one holds. A name
# missing here only costs balance; the order changes no result.
LONGEST_FIRST = (
    "test_ismcts.py", "test_serve_pages.py", "test_languages.py", "test_tune_targets.py",
    "test_studio_safety.py", "test_studio_pages.py", "test_simulate.py",
    "test_majority2_twins.py", "test_phone_app.py", "test_art.py", "test_calibration.py",
    "test_serve_robust.py", "test_strong_bots.py", "test_kit_majority.py",
    "test_fast_paths.py", "test_restricted.py", "test_fuzz.py", "test_planted_effects.py",
    "test_until_decided.py", "test_check_properties.py",
)


def pytest_collection_modifyitems(items):
    """The longest files first, each file's tests in their own order, the rest as found."""
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


def pytest_collection_finish(session):
    """What collection made (every imported module, every test item) lives until the
    worker ends: Python's garbage collector is told to stop walking it (`gc.freeze`), as
    each of its full passes did — 40 % of its time in a test worker, ~1 % of the suite's
    CPU. Objects the tests make are collected as before."""
    import gc

    gc.freeze()


@pytest.fixture
def cli():
    """Call `pnp ARGS...` in-process; exceptions other than SystemExit surface as failures."""
    runner = CliRunner()

    def run(*args: str, input: str | None = None):
        return runner.invoke(app, [str(a) for a in args], input=input, catch_exceptions=False)

    return run



@pytest.fixture(autouse=True)
def _close_new_browser_contexts():
    """A web test's phones (browser contexts) are closed when it ends (tests/webtools.py:
    contexts_closed_after); nothing to do where no browser was started."""
    webtools = sys.modules.get("tests.webtools")
    if webtools is None or not webtools.LAUNCHED:
        yield
        return
    with webtools.contexts_closed_after():
        yield
