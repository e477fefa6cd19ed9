"""One `pnp simulate` run from a checked plan to its report: a fixed number of games, or
sequential looks until every comparison is decided (`--until-decided`).

Why a module of its own: the CLI and the web app call this one function, so both play and
report a plan the same way (the command line stays a thin parser).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.simulate import run as running
from pnp.simulate.plan import Plan
from pnp.simulate.report import summarise


def simulate(plan: Plan, jobs: int | None = None, dask: str | None = None,
             logs_dir: Path | None = None,
             progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play `plan` and return its report (the `--json` document)."""
    def play(at: Plan, start: int, into):
        return running.run(at, jobs=jobs, dask=dask, logs_dir=logs_dir, progress=progress,
                           start=start, into=into)

    if plan.tune is not None:
        from pnp.simulate.tune import run_tuning

        summary = run_tuning(plan, play, summarise)
    elif plan.schedule is not None:
        from pnp.simulate.sequential import run_until_decided

        summary = run_until_decided(plan, plan.schedule, play, summarise)
    else:
        summary = summarise(plan, play(plan, 0, None))
    if plan.targets is not None:
        from pnp.simulate.targets import judge

        summary["targets"] = judge(plan.targets, summary)
    return summary
