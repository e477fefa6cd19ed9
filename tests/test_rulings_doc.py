"""docs/rulings.md is the project's rulings document: the README links it, every link in the
README resolves, and every rule option the checker accepts is explained there."""

from __future__ import annotations

import re

from pnp.check import rule_options
from pnp.games import GAMES

from conftest import ROOT

RULINGS = ROOT / "docs" / "rulings.md"


def test_every_relative_link_in_the_readme_resolves():
    readme = (ROOT / "README.md").read_text("utf-8")
    links = re.findall(r"\]\(([^)#]+)[^)]*\)", readme)
    local = [link for link in links if ":" not in link]
    assert "docs/rulings.md" in local
    assert [link for link in local if not (ROOT / link).exists()] == []
    assert "rules-decisions.md" not in readme


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
