"""The console examples of docs/designers/ run as printed (tests/docexamples.py says how)."""

from __future__ import annotations

import pytest

from docexamples import examples, params, run

EXAMPLES = examples("designers")


@pytest.mark.parametrize("example", params(EXAMPLES))
def test_the_example_prints_what_the_docs_show(example, tmp_path):
    run(example, tmp_path)
