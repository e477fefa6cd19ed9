"""Issue 30's planted effects, seen by the balance lab as a designer runs it: the default
players and game count, one run with --restricted (seed 1, the default; not chosen).

What it proves, in one seed: the one worth 1 VP more is valued above its base under
restricted play with an interval excluding 0 (in VP of score margin: in wins, random bots
that play it move for move as its base see nothing), the exact copy is not flagged in the
same report, and — expected to fail (strict) while it does — the Witches Junior costing 1
less is flagged stronger. The rates over 10 seeds (≥ 9 of 10 for the cheaper card, every
seed for the +1 VP copy, at most α of reports for the copy) are `make bench`'s
(bench/bench_planted.py)."""

from __future__ import annotations

import json

import pytest

from pnp.simulate.calibration import planted_figures, write_planted
from pnp.simulate.plan import Request, plan_simulation


def _default_players() -> list[str]:
    plan = plan_simulation(Request("majority2"))
    return sorted({bot.name for bot in plan.bots})


def test_the_planted_file_changes_one_thing_per_card(tmp_path):
    from pnp.games.gamedata import load_content

    content = load_content("majority2", custom_promos=[write_planted(tmp_path)])
    base = content.cards["witches-junior"]
    found = {m.id: m for m in content.promos}
    cheaper, more, copy = (found[i] for i in ("plant-witches-junior-cost2",
                                              "plant-witches-junior-vp4",
                                              "copy-witches-junior"))
    assert all(m.replaces == "witches-junior" and m.quantity == 1
               for m in (cheaper, more, copy))
    assert (cheaper.cost, cheaper.vp) == (base.cost - 1, base.vp)
    assert (more.cost, more.effects) == (base.cost, base.effects) and more.vp != base.vp
    assert (copy.cost, copy.vp, copy.effects) == (base.cost, base.vp, base.effects)


@pytest.fixture(scope="module")
def planted_run(tmp_path_factory):
    """One --restricted run of the planted file with the default players (seed 1)."""
    from typer.testing import CliRunner

    from pnp.cli import app

    planted = write_planted(tmp_path_factory.mktemp("planted"))
    result = CliRunner().invoke(app, ["simulate", "majority2", "--promos", str(planted),
                                      "--restricted", "--json", "--jobs", "2"],
                                catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    return planted_figures(json.loads(result.stdout))


@pytest.mark.slow
def test_restricted_play_values_the_plus_one_vp_copy_above_its_base(planted_run):
    """In VP of score margin, the +1 VP copy's restricted-play value is above its base's
    with an interval excluding 0; the exact copy is flagged by nothing."""
    value, low, _ = planted_run["more_vp_margin"]
    assert value > 0 and low is not None and low > 0, planted_run
    assert not planted_run["copy_flagged"], planted_run


@pytest.mark.slow
def test_the_default_players_flag_the_cheaper_copy(planted_run, request):
    if _default_players() == ["random"]:
        request.applymarker(pytest.mark.xfail(
            strict=True, raises=AssertionError,
            reason="a card costing 1 less is not flagged at the default game count by the "
                   "default (random) players, nor by greedy (issue 30, item 2)"))
    assert planted_run["cheaper_flagged"], planted_run
