"""The README's commands work as a new user types them: a Python script runs with the
virtual environment's interpreter (`.venv/bin/python`: Pillow and the toolkit are only
installed there), and every Python example runs as printed."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _code_lines() -> list[str]:
    """Every line of a shell or console block, and every inline code span."""
    lines = []
    for language, body in FENCE.findall(README):
        if language in ("", "sh", "console", "shell", "bash"):
            lines += [line.removeprefix("$ ").strip() for line in body.splitlines()]
    outside = FENCE.sub("", README)
    lines += [span.strip() for span in re.findall(r"`([^`\n]+)`", outside)]
    return lines


def test_every_python_command_uses_the_virtual_environment():
    bare = [line for line in _code_lines() if re.match(r"python3?\s", line)]
    assert bare == []
    assert any(line.startswith(".venv/bin/python tools/") for line in _code_lines())


@pytest.mark.parametrize("block", [body for language, body in FENCE.findall(README)
                                   if language == "python"])
def test_every_python_example_runs(block):
    exec(compile(block, "README.md", "exec"), {})
