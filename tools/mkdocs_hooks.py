"""MkDocs hooks (mkdocs.yml `hooks:`): fill each page's generated parts (the CLI and the
JSON Schemas, tools/docs_reference.py) from the code while the site is built."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import docs_reference  # noqa: E402


def on_page_markdown(markdown, page, config, files):  # noqa: ARG001 (MkDocs' signature)
    return docs_reference.fill(markdown)
