"""Helpers for the checker tests: check a record given as a dict, or expect an input error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.check import check_file
from pnp.errors import PnpError
from pnp.games.verdict import Verdict


def check(tmp_path: Path, record: dict, *rules: str, name: str = "record.json",
          data_dir: Path | None = None) -> Verdict:
    """Write `record` to a file and check it, with `--rule` strings `rules`."""
    path = tmp_path / name
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    return check_file(path, rule_args=rules, data_dir=data_dir)


def input_errors(tmp_path: Path, record: dict, *rules: str) -> str:
    """The messages of the input error (exit status 2) that checking `record` raises."""
    with pytest.raises(PnpError) as exc:
        check(tmp_path, record, *rules)
    return "\n".join(str(p) for p in exc.value.problems)


def totals(verdict: Verdict) -> dict[str, int]:
    return {p.name: p.total for p in verdict.players}


def wheres(verdict: Verdict) -> list[str]:
    return [v.where for v in verdict.violations]
