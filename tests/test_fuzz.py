"""Property-based fuzzing of every input (issue 10): mutations of the shipped data files,
records, layouts, rule texts, score pads, diagrams and word lists go through `validate`,
`build` (`--words`, `--promos`, `--data`, `--templates`) and `check`, in-process.

Whatever the input: the exit status is 0, 1 or 2, never a traceback (the CLI runner lets
exceptions through, so one fails the example) nor a hang (an alarm fails it); exit 2 comes
with an `error:` line naming the file; a failed build leaves the PDF that was there byte
for byte and no `.partial` file. The slow tests run about 1,100 inputs in CI (`make test`);
the unmarked quick test runs a few of each kind in the fast loop.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from fuzzing import mutate_json, mutate_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.cli import app

from conftest import ROOT

RUNNER = CliRunner()
EXAMPLES = ROOT / "data" / "examples"
HANG_SECONDS = 60
VALIDATE_N, CHECK_N, BUILD_N = (int(n) for n in
                                os.environ.get("PNP_FUZZ", "150,120,100").split(","))


def _settings(examples: int):
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


@contextmanager
def _no_hang(seconds: int = HANG_SECONDS):
    def alarm(signum, frame):
        raise TimeoutError(f"no answer within {seconds} s: a hang")
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def run(*args) -> object:
    """`pnp ARGS` in-process; an exception escapes and fails the example."""
    with _no_hang():
        result = RUNNER.invoke(app, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.output)
    both = result.stdout + result.stderr
    assert "Traceback" not in both, both
    return result


def assert_located(result, *blamed: Path) -> None:
    """Exit 2 names the file: some `error:` line starts with one of `blamed` (a file or
    the folder of the inputs), or names it as the layout of a data text that cannot fit
    (`data.json:12: $.path: ... (… mm; layout my-layout.json:8 $.boxes[2])`: the text's
    place comes first, the box's second, and either file may be the one to change)."""
    if result.exit_code != 2:
        return
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert errors, result.stderr
    assert any(line.startswith(f"error: {b}") or f"; layout {b}:" in line
               for line in errors for b in blamed), (blamed, result.stderr)


def _case(name: str):
    """A shipped file, by a short name: its path and text."""
    return name, (ROOT / name).read_text("utf-8")


VALIDATE_FILES = [
    "data/majority/words.json", "data/majority/components.json",
    "data/majority/strings.de.json",
    "data/majority2/members.json", "data/majority2/promos.json",
    "data/majority2/factions.json", "data/majority2/tokens.json",
    "data/majority-rules/components.json", "data/d20-stacks/deck.json",
    "templates/layouts/word-card.json", "templates/layouts/card-base.json",
    "templates/layouts/m2-member.json", "templates/diagrams/majority-rules-claiming.json",
    "templates/score-pads/majority2.json",
    *sorted(str(p.relative_to(ROOT)) for p in EXAMPLES.glob("*.json")),
]
RECORDS = sorted(str(p.relative_to(ROOT)) for p in EXAMPLES.glob("*.json")
                 if "promos" not in p.name and "promo-cards" not in p.name)


def _words_excerpt() -> list[str]:
    cards = json.loads((ROOT / "data/majority/words.json").read_text("utf-8"))["cards"]
    return [w for c in cards[:6] for w in (c["front"], c.get("back")) if w]


WORD_FORMATS = {
    "txt": "# words\n" + "\n".join(_words_excerpt()) + "\n",
    "csv": "word,back\n" + "\n".join(f"{a},{b}" for a, b in
                                     zip(_words_excerpt()[::2], _words_excerpt()[1::2],
                                         strict=True)) + "\n",
    "json": json.dumps({"$schema": "majority-words.schema.json", "language": "en",
                        "cards": [{"front": a, "back": b} for a, b in
                                  zip(_words_excerpt()[::2], _words_excerpt()[1::2],
                                      strict=True)]}, indent=1),
}


def _mutated(name: str, text: str, rnd, junk: bytes) -> bytes:
    if name.endswith(".json"):
        return mutate_json(text, rnd, junk)
    return mutate_text(text, rnd, junk)


# --- validate and check -------------------------------------------------------------------

def _validate_once(folder: Path, name: str, rnd, junk: bytes) -> None:
    text = (ROOT / name).read_text("utf-8")
    path = folder / Path(name).name
    path.write_bytes(_mutated(name, text, rnd, junk))
    result = run("validate", path)
    assert result.exit_code in (0, 2)
    assert_located(result, path, ROOT / "data")


def _check_once(folder: Path, name: str, rnd, junk: bytes) -> None:
    text = (ROOT / name).read_text("utf-8")
    path = folder / Path(name).name
    path.write_bytes(_mutated(name, text, rnd, junk))
    for promo in EXAMPLES.glob("majority2-my-promos.json"):  # records may name it
        shutil.copy(promo, folder / promo.name)
    assert_located(run("check", path), path, folder)


# --- builds, each over a good PDF that a failed build must leave alone ----------------------

@dataclass
class BuildTarget:
    """One build command over one input file; `out` holds the PDF it last wrote."""

    args: tuple
    input: Path
    text: str
    out: Path

    def pdfs(self) -> dict[Path, bytes]:
        return {p: p.read_bytes() for p in sorted(self.out.rglob("*.pdf"))}

    def once(self, rnd, junk: bytes) -> int:
        before = self.pdfs()
        self.input.write_bytes(_mutated(self.input.name, self.text, rnd, junk))
        try:
            result = run("build", *self.args, "--out", self.out, "--no-gallery")
        finally:
            self.input.write_text(self.text, encoding="utf-8")
        if result.exit_code != 0:
            assert self.pdfs() == before, "a failed build changed a PDF"
            assert_located(result, self.input, self.input.parent.parent,
                           self.input.parent.parent.parent)
        assert not list(self.out.rglob("*.partial")), "a .partial file was left behind"
        return result.exit_code


def _target(root: Path, key: str) -> BuildTarget:
    """Set up a build target under `root` and build its good PDF once."""
    out = root / "out"
    if key.startswith("words-"):
        fmt = key.removeprefix("words-")
        path = root / f"words.{fmt}"
        path.write_text(WORD_FORMATS[fmt], encoding="utf-8")
        args = ("majority", "-c", "word-cards", "--words", path)
    elif key == "promos":
        path = root / "my-promos.json"
        shutil.copy(EXAMPLES / "majority2-my-promos.json", path)
        args = ("majority2", "-c", "promo-members", "--promos", path)
    elif key.startswith("data:"):
        game, file, component = key.removeprefix("data:").split("/")
        shutil.copytree(ROOT / "data" / game, root / "data" / game)
        path = root / "data" / game / file
        args = (game, "-c", component, "--data", root / "data")
    else:
        game, relative, component = key.removeprefix("templates:").split("|")
        path = root / "templates" / relative
        path.parent.mkdir(parents=True)
        shutil.copy(ROOT / "templates" / relative, path)
        args = (game, "-c", component, "--templates", root / "templates")
    target = BuildTarget(args, path, path.read_text("utf-8"), out)
    result = run("build", *args, "--out", out, "--no-gallery")
    assert result.exit_code == 0, result.stderr
    return target


BUILD_KEYS = [
    "words-txt", "words-csv", "words-json", "promos",
    "data:majority2/members.json/promo-members", "data:majority2/factions.json/coins",
    "data:majority2/tokens.json/coins", "data:majority/components.json/point-cards-5",
    "data:majority-rules/components.json/dividers", "data:d20-stacks/deck.json/d20-cards",
    "templates:majority|layouts/point-card.json|point-cards-5",
    "templates:majority|rules/majority.quick-reference.en.md|quick-reference",
    "templates:majority-rules|score-pads/majority-rules.json|score-pad",
    "templates:majority-rules|diagrams/majority-rules-claiming.json|rules",
]


@pytest.fixture(scope="module")
def targets(tmp_path_factory) -> dict[str, BuildTarget]:
    root = tmp_path_factory.mktemp("fuzz")
    made = {}
    for n, key in enumerate(BUILD_KEYS):
        folder = root / str(n)
        folder.mkdir()
        made[key] = _target(folder, key)
    return made


FILES = st.sampled_from(VALIDATE_FILES)
JUNK = st.binary(max_size=24)
RANDOMS = st.randoms(use_true_random=False)


@pytest.mark.slow
@_settings(VALIDATE_N)
@given(name=FILES, rnd=RANDOMS, junk=JUNK)
def test_fuzz_validate(tmp_path_factory, name, rnd, junk):
    _validate_once(tmp_path_factory.mktemp("v", numbered=True), name, rnd, junk)


@pytest.mark.slow
@_settings(CHECK_N)
@given(name=st.sampled_from(RECORDS), rnd=RANDOMS, junk=JUNK)
def test_fuzz_check(tmp_path_factory, name, rnd, junk):
    _check_once(tmp_path_factory.mktemp("c", numbered=True), name, rnd, junk)


@pytest.mark.slow
@_settings(BUILD_N)
@given(key=st.sampled_from(BUILD_KEYS), rnd=RANDOMS, junk=JUNK)
def test_fuzz_build(targets, key, rnd, junk):
    targets[key].once(rnd, junk)


@pytest.mark.slow
@_settings(12)
@given(name=FILES, record=st.sampled_from(RECORDS), key=st.sampled_from(BUILD_KEYS),
       rnd=RANDOMS, junk=JUNK)
def test_fuzz_quick(tmp_path_factory, targets, name, record, key, rnd, junk):
    """A few inputs of each kind, for the fast loop (`make test-fast`)."""
    folder = tmp_path_factory.mktemp("q", numbered=True)
    _validate_once(folder, name, rnd, junk)
    _check_once(folder, record, rnd, junk)
    targets[key].once(rnd, junk)
