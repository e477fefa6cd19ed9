"""`pnp simulate --until-decided`: batches until every comparison is decided, with α spent
over the looks; the same decisions whatever --jobs; a copy is never called different."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.simulate.compare import comparison
from pnp.simulate.joint import Estimate
from pnp.simulate.plan import Margins, Schedule
from pnp.simulate.sequential import _decide
from tests.conftest import FIXTURES

STRONG = Path(__file__).resolve().parent.parent / "data" / "examples" / \
    "majority2-overpowered-promo.json"
TWIN = FIXTURES / "majority2-twin-promo.json"
MARGINS = Margins(0.02, 0.1)


def _test(difference, half):
    return comparison(Estimate(difference, half / 1.959964, 1000))


def test_a_look_decides_different_then_equivalent_at_its_level():
    """At a look spending 0.001: z = 4 is different; a difference of 0 ± 0.005 (se 0.00255,
    10 standard errors inside ±2 points) is equivalent; 0.01 ± 0.02 is neither."""
    decided = {}
    tests = [("big", "rate", _test(0.08, 0.0392)), ("same", "rate", _test(0.0, 0.005)),
             ("open", "rate", _test(0.01, 0.02))]
    _decide(tests, "holm", 0.001, MARGINS, 300, decided)
    assert decided == {"big": ("different", 300), "same": ("equivalent", 300)}


def test_vp_comparisons_use_the_vp_margin():
    decided = {}
    _decide([("vp", "vp", _test(0.01, 0.02))], "holm", 0.01, MARGINS, 500, decided)
    assert decided == {"vp": ("equivalent", 500)}  # within ±0.1 VP, not ±0.02


def test_the_looks_fall_every_batch_and_end_at_the_most():
    assert Schedule(300, 1000).looks == [300, 600, 900, 1000]
    assert Schedule(500, 1000).looks == [500, 1000]


def _until(cli, *args):
    result = cli("simulate", "majority2", "--until-decided", "--json", *args)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.slow
def test_stops_once_everything_is_decided_and_says_when(cli):
    """The over-strong promo's VP per copy is soon different; with a wide win-rate margin
    the start player's advantage is soon shown equivalent: the run stops early."""
    summary = _until(cli, "--games", "200", "--max-games", "6000", "--margin", "30",
                     "--vp-margin", "0.05", "--promos", STRONG, "--jobs", "2")
    seq = summary["sequential"]
    assert seq["all_decided"] and seq["games"] < 6000 and seq["looks"][-1] == seq["games"]
    assert summary["games"] == seq["games"] == summary["variants"][0]["games"]
    verdicts = {d["comparison"]: (d["verdict"], d["games"]) for d in seq["decisions"]}
    assert verdicts["house-witches-grand-secretary: VP per copy"][0] == "different"
    assert verdicts["start player's advantage (base)"][0] == "equivalent"
    promo = summary["promos"][0]
    assert promo["verdict"] == "stronger" and promo["vp_per_copy"]["decision"]["games"] <= \
        seq["games"]


@pytest.mark.slow
def test_decisions_do_not_depend_on_jobs(cli):
    args = ("--games", "100", "--max-games", "300", "--promos", TWIN)
    assert _until(cli, *args, "--jobs", "1") == _until(cli, *args, "--jobs", "2")


@pytest.mark.slow
def test_a_copy_is_never_called_different(cli):
    summary = _until(cli, "--games", "300", "--max-games", "1500", "--promos", TWIN)
    assert summary["promos"][0]["verdict"] in ("no clear difference", "equivalent")
    assert all(d["verdict"] != "different" for d in summary["sequential"]["decisions"])


@pytest.mark.parametrize(("args", "message"), [
    (["--max-games", "500"], "--max-games: only with --until-decided or --tune"),
    (["--margin", "nan"], "--margin: expected percentage points"),
    (["--until-decided", "--games", "100", "--max-games", "200000"],
     "--max-games: at most 500 looks, not 2,000"),
    (["--until-decided", "--games", "500", "--max-games", "200"],
     "--max-games: expected 500 (one look of --games"),
    (["--until-decided", "--margin", "nan"], "--margin: expected percentage points"),
    (["--until-decided", "--margin", "0"], "--margin: expected percentage points"),
    (["--until-decided", "--vp-margin", "-1"], "--vp-margin: expected VP per copy"),
])
def test_bad_sequential_options_exit_2(cli, args, message):
    result = cli("simulate", "majority2", *args)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_a_strong_promos_untestable_scorer_wins_keeps_the_run_going(cli):
    """The over-strong promo's scored copies have not lost 5 times by 200 games, so its
    scorer wins cannot be tested yet: the row stays in the decisions, undecided, and the run
    does not claim that every comparison was decided (it used to drop the row and stop)."""
    summary = _until(cli, "--games", "100", "--max-games", "200", "--margin", "50",
                     "--promos", STRONG, "--jobs", "1")
    seq = summary["sequential"]
    rows = {row["comparison"]: row for row in seq["decisions"]}
    wins = rows["house-witches-grand-secretary: scorer wins"]
    assert (wins["verdict"], wins["method"]) == ("undecided", "too few outcomes")
    assert rows["house-witches-grand-secretary: VP per copy"]["verdict"] == "different"
    assert seq["all_decided"] is False and seq["games"] == 200
    assert summary["promos"][0]["scorer_win_rate"]["p"] is None
