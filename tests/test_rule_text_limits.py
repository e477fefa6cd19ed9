"""Hostile rule texts and quick references end at once with exit 2 naming the file, instead
of hours of layout: a 100,000-line text, one endless paragraph, a 4,000-row table in a
one-page quick reference. (Run in a subprocess with a time-out, so a regression fails
instead of hanging the suite; the bound is generous, not a speed measurement.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

GUARD_SECONDS = 120


def _templates(tmp_path: Path, name: str, text: str) -> Path:
    rules = tmp_path / "templates" / "rules"
    rules.mkdir(parents=True)
    (rules / name).write_text(text, encoding="utf-8")
    return tmp_path / "templates"


def _build(tmp_path: Path, templates: Path, component: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pnp", "build", "d20-stacks", "-c", component, "--templates",
         str(templates), "--out", str(tmp_path / "out"), "--no-gallery"],
        capture_output=True, text=True, timeout=GUARD_SECONDS, check=False)


@pytest.mark.slow
@pytest.mark.parametrize(("text", "message"), [
    ("# Rules\n\n" + "A line.\n\n" * 50_000, "lines; a rule text may have at most"),
    ("# Rules\n\n" + "word " * 110_000 + "\n", "KB is more than the"),
    ("# Rules\n\n" + "The players take turns in order.\n" * 3_000,
     "d20-stacks.en.md:3: a paragraph of 98,999 characters"),
])
def test_an_oversized_rule_text_is_refused_before_layout(tmp_path, text, message):
    templates = _templates(tmp_path, "d20-stacks.en.md", text)
    result = _build(tmp_path, templates, "rules")
    assert result.returncode == 2, result.stderr
    assert "d20-stacks.en.md" in result.stderr and message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_a_quick_reference_that_cannot_fit_one_page_gives_up_at_once(tmp_path):
    rows = "".join(f"| {n} | row {n} |\n" for n in range(4_000))
    text = "# Quick reference\n\n| A | B |\n|---|---|\n" + rows
    templates = _templates(tmp_path, "d20-stacks.quick-reference.en.md", text)
    result = _build(tmp_path, templates, "quick-reference")
    assert result.returncode == 2, result.stderr
    assert "d20-stacks.quick-reference.en.md" in result.stderr
    assert "does not fit on one a4 page" in result.stderr
    assert "4,002 lines need at least" in result.stderr
