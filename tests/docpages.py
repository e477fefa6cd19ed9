"""The documentation as the tests read it: README.md and every page of the site in docs/."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"


def pages() -> list[Path]:
    """README.md, then every Markdown page under docs/, in a stable order."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def name(page: Path) -> str:
    """A page's path from the repository's root, as messages and test ids show it."""
    return page.relative_to(ROOT).as_posix()


def all_text() -> str:
    """Every page's text, one after the other."""
    return "\n".join(page.read_text("utf-8") for page in pages())
