"""The Jinja2 templates shipped with the package (autoescaped: every value from a record
or a request is shown as text, never as markup)."""

from __future__ import annotations

from pathlib import Path

from starlette.templating import Jinja2Templates

TEMPLATES = Jinja2Templates(directory=Path(__file__).resolve().parent / "templates")
