"""The commands of the README and the docs work as a new user types them: a Python script
runs with the virtual environment's interpreter (`.venv/bin/python`: Pillow and the toolkit
are only installed there), and every Python example runs as printed."""

from __future__ import annotations

import re

import pytest

from docpages import name, pages

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
TEXTS = {name(page): page.read_text(encoding="utf-8") for page in pages()}


def _code_lines() -> list[str]:
    """Every line of a shell or console block, and every inline code span, of every page."""
    lines = []
    for text in TEXTS.values():
        for language, body in FENCE.findall(text):
            if language in ("", "sh", "console", "shell", "bash"):
                lines += [line.removeprefix("$ ").strip() for line in body.splitlines()]
        outside = FENCE.sub("", text)
        lines += [span.strip() for span in re.findall(r"`([^`\n]+)`", outside)]
    return lines


def test_every_python_command_uses_the_virtual_environment():
    bare = [line for line in _code_lines() if re.match(r"python3?\s", line)]
    assert bare == []
    assert any(line.startswith(".venv/bin/python tools/") for line in _code_lines())


PYTHON = [pytest.param(body, id=f"{page}-{n}") for page, text in TEXTS.items()
          for n, (language, body) in enumerate(FENCE.findall(text)) if language == "python"]


def test_the_docs_have_python_examples():
    assert len(PYTHON) >= 2


@pytest.mark.parametrize("block", PYTHON)
def test_every_python_example_runs(block):
    exec(compile(block, "docs", "exec"), {})
