"""The reference the docs site generates from the code (tools/docs_reference.py) names
every command and option `pnp --help` lists and every schema `pnp schema` lists, and the
site's pages ask for it."""

from __future__ import annotations

import importlib.util
import re

import pytest

from docpages import DOCS, ROOT


def _tool():
    spec = importlib.util.spec_from_file_location("docs_reference",
                                                  ROOT / "tools" / "docs_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REFERENCE = _tool()


@pytest.fixture(scope="module")
def cli_page():
    return REFERENCE.cli_reference()


def _listed_commands(cli, *path):
    """The commands a group's `--help` lists under "Commands:" (none for a command)."""
    text = cli(*path, "--help").stdout
    if "COMMAND [ARGS]" not in text.split("\n", 2)[0]:
        return []
    section = text.split("\nCommands:\n", 1)[1]
    return re.findall(r"^  ([a-z][a-z0-9-]*)(?:\s{2,}|$)", section, re.MULTILINE)


def _every_command(cli, path=()):
    found = []
    for name in _listed_commands(cli, *path):
        found.append((*path, name))
        found += _every_command(cli, (*path, name))
    return found


@pytest.mark.slow
def test_the_reference_names_every_command_and_option_the_help_lists(cli, cli_page):
    commands = _every_command(cli)
    assert ("build",) in commands and ("export", "png") in commands
    assert ("printer", "save") in commands
    for command in commands:
        assert f"## `pnp {' '.join(command)}`" in cli_page, command
        section = cli_page.split(f"## `pnp {' '.join(command)}`", 1)[1].split("\n## ", 1)[0]
        shown = cli(*command, "--help").stdout
        options = set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", shown.split("Options:")[-1]))
        missing = [option for option in options if f"{option}" not in section]
        assert missing == [], (command, missing)


def test_the_reference_gives_each_option_its_help_and_default(cli_page):
    build = cli_page.split("## `pnp build`", 1)[1].split("\n## ", 1)[0]
    assert "| `--paper TEXT` | a3, a4, a5, a6, b5, letter, legal, tabloid," in build
    assert "| `a4` |" in build and "pnp build majority --paper letter" in build


@pytest.mark.slow
def test_the_reference_holds_every_schema_pnp_schema_lists(cli):
    names = cli("schema").stdout.split()
    page = REFERENCE.schema_reference()
    assert len(names) > 15
    for name in names:
        assert f"## `{name}`" in page and f"`pnp schema {name}` prints it." in page, name
    assert '"$schema": "https://json-schema.org/draft/2020-12/schema"' in page


def test_the_pages_ask_for_the_generated_parts_and_mkdocs_runs_the_hook():
    assert "<!-- generated: cli -->" in (DOCS / "reference" / "cli.md").read_text("utf-8")
    assert "<!-- generated: schemas -->" in (DOCS / "reference" / "schemas.md").read_text(
        "utf-8")
    assert "  - tools/mkdocs_hooks.py" in (ROOT / "mkdocs.yml").read_text("utf-8")
    assert REFERENCE.fill("a\n<!-- generated: cli -->\nb").startswith("a\n## `pnp build`")
    with pytest.raises(ValueError, match="unknown generated part 'nope'"):
        REFERENCE.fill("<!-- generated: nope -->")
