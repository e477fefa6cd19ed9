"""The null calibration (issue 19): each of the 25 base cards copied under a new id and
compared with its original must not be flagged after the family correction, while an
over-strong card in the same report still is. Fixed seed, so the outcome is fixed; the
seed was not chosen to pass (it is the first one tried)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.simulate.calibration import COPY_PREFIX, null_figures, write_copies
from pnp.simulate.plan import Request, plan_simulation
from pnp.simulate.report import summarise
from pnp.simulate.run import run

STRONG = Path(__file__).resolve().parent.parent / "data" / "examples" / \
    "majority2-overpowered-promo.json"


def test_the_copies_file_copies_every_base_card(tmp_path):
    from pnp.games.gamedata import load_content

    path = write_copies(tmp_path)
    content = load_content("majority2", custom_promos=[path])
    copies = [m for m in content.promos if m.id.startswith(COPY_PREFIX)]
    assert len(copies) == 25
    for copy in copies:
        original = content.cards[copy.replaces]
        assert copy.id == COPY_PREFIX + original.id and copy.quantity == 1
        assert (copy.cost, copy.vp, copy.effects, copy.free_play, copy.requires_formed) == \
            (original.cost, original.vp, original.effects, original.free_play,
             original.requires_formed)


@pytest.mark.slow
def test_no_copy_is_flagged_and_an_over_strong_card_still_is(tmp_path):
    plan = plan_simulation(Request("majority2", games=400, seed=19,
                                   promos=[write_copies(tmp_path), STRONG]))
    summary = summarise(plan, run(plan, jobs=2))
    assert summary["correction"]["method"] == "holm"
    for metric in ("vp_per_copy", "scorer_win_rate"):
        found = null_figures(summary, metric)
        assert found["copies"] == 25 and found["flagged"] == 0, found
        assert abs(found["z_mean"]) < 0.6 and 0.6 < found["z_sd"] < 1.5, found
    strong = next(p for p in summary["promos"] if p["promo"] == "house-witches-grand-secretary")
    assert strong["significant"] and strong["verdict"] == "stronger"
    assert strong["vp_per_copy"]["p_adjusted"] < 0.05
