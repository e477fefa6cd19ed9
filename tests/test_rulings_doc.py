"""docs/rulings.md is the project's rulings document: the README and the docs link it, every
relative link of the README and of every docs page resolves, and every rule option the
checker accepts is explained there."""

from __future__ import annotations

import re

from pnp.check import rule_options
from pnp.games import GAMES

from conftest import ROOT
from docpages import DOCS, README, name, pages

RULINGS = ROOT / "docs" / "rulings.md"
LINK = re.compile(r"\]\(([^)#\s]+)[^)]*\)")


def test_every_relative_link_in_the_readme_and_the_docs_resolves():
    broken = []
    for page in pages():
        local = [link for link in LINK.findall(page.read_text("utf-8")) if ":" not in link]
        broken += [(name(page), link) for link in local if not (page.parent / link).exists()]
    assert broken == []


def test_the_readme_and_the_docs_link_the_rulings():
    assert "](docs/rulings.md)" in README.read_text("utf-8")
    assert "](../rulings.md)" in (DOCS / "game-night" / "check.md").read_text("utf-8")
    assert all("rules-decisions.md" not in page.read_text("utf-8") for page in pages())


def test_every_rule_option_is_explained():
    text = RULINGS.read_text("utf-8")
    for game in GAMES:
        assert f"(`{game}`)" in text
        for option, spec in rule_options(game).items():
            assert f"`{option}`" in text, option
            for value in spec.get("enum", []):
                assert f"`{value}`" in text, (option, value)


def test_every_record_reading_ruling_is_there():
    text = RULINGS.read_text("utf-8")
    for example in ('" Ana"', '"G1 :5"', '"G1:05"', '"rules": null', '"$schema"', "`18.0`",
                    "byte-order mark", '"disc": null', "`deck`"):
        assert example in text, example
