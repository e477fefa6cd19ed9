"""The console examples of the README and the docs, run as a reader would type them.

A ```console block is an example: each line starting with `$ pnp` is a command, and the
lines after it, up to the next `$ `, are what it prints (standard output and standard
error as a terminal shows them, in an 80-column terminal or piped). Every block runs in a
fresh folder of its own, holding `data/`, `templates/` and `tests/` of the repository
(symbolic links, read only) and the files of `tests/fixtures/docs/` (copied); its
commands run in order in that folder, in this process (typer's CliRunner), so a later
command sees what an earlier one wrote. The printer profiles live in the folder too.

What the docs may write instead of an exact line (docs/contributing/index.md says so too):

- a line `...` stands for any number of lines, none included;
- `<ANY>` inside a line stands for any text on that line;
- `<TMP>` is the block's folder, `<ROOT>` the repository, `<VERSION>` pnp's version;
- `$ pnp ...; echo "exit status $?"` prints the exit status after the output, as a shell
  does; without it, the exit status must be what the output implies: 0 unless a line says
  `exit status N` (pnp check's last line does), 1 for a `FAILED` targets report, 2 when
  an `error:` line is shown.

Trailing spaces are ignored. A command that is not `pnp` is not an example: show it in a
```sh block.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

import pnp
from pnp.cli import app

from docpages import DOCS, ROOT, name, pages

FENCE = re.compile(r"^```console\n(.*?)^```", re.MULTILINE | re.DOTALL)
FIXTURES = ROOT / "tests" / "fixtures" / "docs"
EXIT_ECHO = '; echo "exit status $?"'
ELLIPSIS = "..."


@dataclass(frozen=True)
class Command:
    line: str            # as written after `$ `
    expected: list[str]  # the lines it prints, as written


@dataclass(frozen=True)
class Example:
    page: str
    line: int            # of the block's first command, 1-based
    commands: tuple[Command, ...]

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"

    @property
    def slow(self) -> bool:
        """Games played, files drawn, or all the shipped data validated: about a second or
        more (`make test-fast` skips these)."""
        return any(_slow(command) for command in self.commands)

    @property
    def text(self) -> tuple:
        return tuple((command.line, tuple(command.expected)) for command in self.commands)


def _slow(command: Command) -> bool:
    words = command.line.split()
    refused = command.expected[:1] and command.expected[0].startswith("error: ")
    if words[1:2] in (["simulate"], ["build"], ["export"]):
        return not refused
    return words[1:] == ["validate"]


def params(found: list[Example]) -> list:
    """`found` as pytest parameters, the slow ones marked, each block run once: a block
    written twice (the README's tour repeats one of a guide's) is run where it first
    appears in `examples()` order, and its copies are compared as text by
    `test_copies_match_the_block_that_runs`."""
    import pytest

    first: dict = {}
    for example in examples():
        first.setdefault(example.text, example)
    return [pytest.param(example, id=example.id,
                         marks=[pytest.mark.slow] if example.slow else [])
            for example in found if first[example.text].id == example.id]


def examples(under: str | None = None) -> list[Example]:
    """Every console block of the README (`under` None or "README") or of docs/<under>/."""
    found = []
    for page in pages():
        if under == "README" and page.parent != ROOT:
            continue
        if under not in (None, "README") and not page.is_relative_to(DOCS / under):
            continue
        text = page.read_text("utf-8")
        for match in FENCE.finditer(text):
            first = text.count("\n", 0, match.start()) + 2
            found.append(Example(name(page), first, tuple(_commands(match.group(1)))))
    return found


def _commands(body: str) -> list[Command]:
    commands: list[Command] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            commands.append(Command(line[2:], []))
        elif commands:
            commands[-1].expected.append(line)
        else:
            raise AssertionError(f"a console block starts with output, not `$ `: {line!r}")
    return commands


def run(example: Example, folder: Path) -> None:
    """Run every command of `example` in `folder`; fail naming the first that differs."""
    _prepare(folder)
    runner = CliRunner()
    env = {"COLUMNS": "80", "PNP_CONFIG_HOME": str(folder / ".config"), "NO_COLOR": "1"}
    here = Path.cwd()
    os.chdir(folder)
    try:
        for command in example.commands:
            words, echo = _words(command.line)
            result = runner.invoke(app, words[1:], env=env)
            if result.exception and not isinstance(result.exception, SystemExit):
                raise result.exception
            actual = result.output.splitlines()
            if echo:
                actual.append(f"exit status {result.exit_code}")
            else:
                assert result.exit_code == _implied_status(command.expected), (
                    f"{example.id}: `{command.line}` exited {result.exit_code}\n"
                    + result.output)
            _compare(example, command, actual, folder)
    finally:
        os.chdir(here)


def _prepare(folder: Path) -> None:
    for part in ("data", "templates", "tests"):
        (folder / part).symlink_to(ROOT / part, target_is_directory=True)
    if FIXTURES.is_dir():
        for item in FIXTURES.iterdir():
            copy = shutil.copytree if item.is_dir() else shutil.copy
            copy(item, folder / item.name)


def _words(line: str) -> tuple[list[str], bool]:
    echo = line.endswith(EXIT_ECHO)
    if echo:
        line = line[: -len(EXIT_ECHO)]
    words = shlex.split(line, comments=True)
    assert words[:1] == ["pnp"], f"not a pnp command (show it in a ```sh block): {line}"
    return words, echo


def _implied_status(expected: list[str]) -> int:
    for line in reversed(expected):
        said = re.search(r"exit status (\d+)", line)
        if said:
            return int(said.group(1))
    if any(line.startswith("Targets (") and line.endswith(": FAILED") for line in expected):
        return 1
    if any(line.startswith("error: ") for line in expected):
        return 2
    return 0


def _pattern(line: str, folder: Path) -> re.Pattern:
    """One expected line as a regular expression: placeholders stand for what varies."""
    values = {"<TMP>": re.escape(str(folder)), "<ROOT>": re.escape(str(ROOT)),
              "<VERSION>": re.escape(pnp.__version__), "<ANY>": ".*"}
    parts = re.split(r"(<TMP>|<ROOT>|<VERSION>|<ANY>)", line.rstrip())
    return re.compile("".join(values.get(part, re.escape(part)) for part in parts) + r"\Z")


def _compare(example: Example, command: Command, actual: list[str], folder: Path) -> None:
    actual = [line.rstrip() for line in actual]
    if not _matches(command.expected, actual, folder):
        shown = "\n".join(actual)
        raise AssertionError(f"{example.id}: `{command.line}` printed something else than "
                             f"the docs show. It printed:\n{shown}")


def _matches(expected: list[str], actual: list[str], folder: Path) -> bool:
    """Line by line; `...` takes any number of lines (the shortest run that lets the rest
    match)."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head.strip() == ELLIPSIS:
        return any(_matches(rest, actual[skip:], folder) for skip in range(len(actual) + 1))
    return bool(actual) and bool(_pattern(head, folder).match(actual[0])) and \
        _matches(rest, actual[1:], folder)
