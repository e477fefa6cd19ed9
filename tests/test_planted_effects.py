"""Issue 30's planted effects, seen by the balance lab as a designer runs it: the default
players and game count, one run with --restricted (seed 1, the default; not chosen).

What it proves, in one seed: the Witches Junior costing 1 less is flagged stronger, the one
worth 1 VP more is valued above its base under restricted play with an interval excluding
0, and the exact copy is not flagged — the players see what a card is worth and the copy
control holds in the same report. The rates over 10 seeds (≥ 9 of 10 for the cheaper card,
at most α of reports for the copy) are `make bench`'s (bench/bench_planted.py).

While the default players are `random` this is expected to fail (strict): random bots play
the +1 VP card move for move as its base, so the lab is blind to it; the test turns into a
plain requirement the day the defaults change."""

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


@pytest.mark.slow
def test_the_default_players_see_the_planted_effects(cli, tmp_path, request):
    if _default_players() == ["random"]:
        request.applymarker(pytest.mark.xfail(
            strict=True, raises=AssertionError,
            reason="the default players are random, which do not value cards "
                   "(issue 30, item 2)"))
    result = cli("simulate", "majority2", "--promos", write_planted(tmp_path),
                 "--restricted", "--json", "--jobs", "2")
    assert result.exit_code in (0, 1), result.stderr
    found = planted_figures(json.loads(result.stdout))
    assert found["cheaper_flagged"], found
    value, low, _ = found["more_vp_value"]
    assert value > 0 and low is not None and low > 0, found
    assert not found["copy_flagged"], found
