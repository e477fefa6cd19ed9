"""Shared helpers: run the CLI in-process and locate fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def cli():
    """Call `pnp ARGS...` in-process; exceptions other than SystemExit surface as failures."""
    runner = CliRunner()

    def run(*args: str, input: str | None = None):
        return runner.invoke(app, [str(a) for a in args], input=input, catch_exceptions=False)

    return run
