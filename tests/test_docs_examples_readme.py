"""The console examples of the README and of the docs' other pages (home, reference,
contributing) run as printed (tests/docexamples.py says how), and the docs hold at least 40
of them."""

from __future__ import annotations

import pytest

from docexamples import examples, params, run

AREAS = ("print", "game-night", "designers")
EXAMPLES = [example for example in examples()
            if not any(example.page.startswith(f"docs/{area}/") for area in AREAS)]


@pytest.mark.parametrize("example", params(EXAMPLES))
def test_the_example_prints_what_the_docs_show(example, tmp_path):
    run(example, tmp_path)


def test_the_docs_hold_at_least_40_commands_with_their_output():
    assert sum(len(example.commands) for example in examples()) >= 40


def test_copies_match_the_block_that_runs():
    """A block written on two pages is run once; every copy says the same, so all drift
    is caught."""
    by_text: dict = {}
    for example in examples():
        by_text.setdefault(example.text, []).append(example.id)
    copies = [ids for ids in by_text.values() if len(ids) > 1]
    assert copies, "the README's tour shares a block with a guide"
    run_ids = {param.id for param in params(examples())}
    for ids in copies:
        assert sum(example_id in run_ids for example_id in ids) == 1, ids
