"""`make bench` is not in CI, so a moved function can break it unseen (the simulation's
memory figure imported `run` from where it no longer lives). Its child-process scripts
run here on a few games; the figures themselves stay in `make bench`."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _module(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", sorted(p.stem for p in BENCH.glob("bench_*.py")))
def test_every_bench_section_imports_and_has_run(name):
    assert callable(_module(name).run)


def test_the_simulation_memory_script_runs():
    script = _module("bench_simulate").MEMORY_SCRIPT
    done = subprocess.run([sys.executable, "-c", script, "d20-stacks", "40"],
                          capture_output=True, text=True, cwd=BENCH.parent, timeout=120)
    assert done.returncode == 0, done.stderr
    own, child = (int(v) for v in done.stdout.split())
    assert own > 0 and child >= 0  # few games may need no worker


def test_the_bots_table_plays_each_games_baseline_and_strong_player():
    bench = _module("bench_bots")
    for game_id, (_, bots) in bench.LINEUPS.items():
        anchor, strong = bench.roles(game_id)
        assert {anchor, strong} <= set(bots), game_id
    assert bench.roles("d20-stacks") == ("spread", "rollout")
    assert bench.pair_games("d20-stacks", "spread", "rollout") == 6 * bench.GAMES
    assert ("d20-stacks", "spread", "rollout") in bench.DUPLICATE


def test_a_duplicate_pair_plays_each_deal_twice_and_scores_it_once(monkeypatch):
    """The D20 headline pair's games 2k and 2k + 1 share a deal (seats swapped); the
    chunk hands back one mean share per deal, and the interval is taken from them."""
    bench = _module("bench_bots")
    monkeypatch.setattr(bench, "DUPLICATE", {("d20-stacks", "spread", "steal")})
    task, score, games, _, deals = bench._chunk(("d20-stacks", "spread", "steal", 0, 8))
    assert games == 8 and len(deals) == 4
    assert all(d in (0.0, 0.25, 0.5, 0.75, 1.0) for d in deals)
    assert sum(deals) * 2 == pytest.approx(score)
    *_, plain = bench._chunk(("d20-stacks", "steal", "spread", 0, 2))
    assert plain == []
    assert bench._duplicate_low([0.5, 1.0, 0.5, 1.0]) == pytest.approx(
        0.75 - 1.96 * 0.2886751 / 2)
