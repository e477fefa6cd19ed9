"""`--tune CARD.FIELD=LOW..HIGH` finds the value of a changed base card that puts it back in
line; `--targets FILE` prints a pass/fail row per band and exits 1 when one fails."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.errors import UsageError
from pnp.games.gamedata import load_content
from pnp.games.majority2.variants import tune_problem
from pnp.simulate.tuneplan import parse

DATA = Path(__file__).resolve().parent.parent / "data"
STRONG = DATA / "examples" / "majority2-overpowered-promo.json"


def _changed_copy(tmp_path: Path, card_id: str, **changes) -> Path:
    """A promo file: base card `card_id` under the id `house-<id>`, one field changed."""
    members = json.loads((DATA / "majority2" / "members.json").read_text())
    card = next(c for c in members["cards"] if c["id"] == card_id)
    card = {**card, "id": f"house-{card_id}", "quantity": 1, **changes}
    path = tmp_path / "house.json"
    path.write_text(json.dumps({"$schema": "x", "set": "promo", "name": "house",
                                "cards": [card]}))
    return path


def test_parse_ranges_and_lists():
    assert parse("my-card.cost=1..6") == ("my-card", "cost", [1, 2, 3, 4, 5, 6])
    assert parse("my-card.vp.points=2,4,2") == ("my-card", "vp.points", [2, 4])
    assert parse("my-card.quantity=2") == ("my-card", "quantity", [2])


@pytest.mark.parametrize("text", ["my-card", "my-card.price=1..3", "my-card.cost=a..b",
                                  "my-card.cost=6..1", "my-card.cost=0..40"])
def test_bad_tune_options_name_the_option(text):
    with pytest.raises(UsageError) as exc:
        parse(text)
    assert exc.value.problems[0].file == "--tune"


def test_a_field_must_fit_the_card(tmp_path):
    path = _changed_copy(tmp_path, "witches-junior", cost=6)
    content = load_content("majority2", custom_promos=[path])
    card = "house-witches-junior"
    assert tune_problem(content, card, "cost", [1, 6]) is None
    assert "'fixed' rule, which has no vp.per_colour" in tune_problem(content, card,
                                                                      "vp.per_colour", [1])
    assert "cost runs from 0 to 20" in tune_problem(content, card, "cost", [25])
    assert "quantity runs from 1 to 3" in tune_problem(content, card, "quantity", [4])
    assert "is not a card of --promos" in tune_problem(content, "witches-junior", "cost", [1])


@pytest.mark.slow
def test_tuning_finds_the_points_of_a_changed_base_card(cli, tmp_path):
    """A Witches Junior worth 9 VP instead of 3: tried at 1, 3 and 9 VP, the values 1 and 9
    are surely different and 3 — the base card's own — is the one in line."""
    path = _changed_copy(tmp_path, "witches-junior", vp={"rule": "fixed", "points": 9})
    result = cli("simulate", "majority2", "--promos", path, "--tune",
                 "house-witches-junior.vp.points=1,3,9", "--games", "200", "--max-games",
                 "1600", "--json", "--jobs", "2")
    assert result.exit_code == 0, result.stderr
    tune = json.loads(result.stdout)["tune"]
    decisions = {v["value"]: v["decision"] for v in tune["values"]}
    assert decisions[1] == decisions[9] == "different"
    assert tune["in_line"] == [3] and tune["best"] == 3
    assert tune["sentence"].startswith("At VP 3, house-witches-junior is in line with "
                                       "witches-junior")
    games = {v["value"]: v["games"] for v in tune["values"]}
    assert games[1] < games[3] and games[9] < games[3]  # decided values left the run


@pytest.mark.slow
def test_tuning_finds_the_cost_of_a_changed_base_card(cli, tmp_path):
    """A Witches Junior costing 6 instead of 3, tried at 2, 3 and 4: one coin of cost
    moves it by about 0.06 VP per copy, inside the 0.1 margin, so 3 is in line and is
    named alone only if 2 and 4 were both shown to differ; every value in line is told
    with its interval."""
    path = _changed_copy(tmp_path, "witches-junior", cost=6)
    result = cli("simulate", "majority2", "--promos", path, "--tune",
                 "house-witches-junior.cost=2..4", "--games", "500", "--max-games", "2000",
                 "--json", "--jobs", "2")
    assert result.exit_code == 0, result.stderr
    tune = json.loads(result.stdout)["tune"]
    decisions = {v["value"]: v["decision"] for v in tune["values"]}
    assert 3 in tune["in_line"] and tune["headline"] == sorted(tune["in_line"])
    assert tune["best"] == (3 if tune["in_line"] == [3] else None)
    if tune["best"] == 3:
        assert decisions[2] == decisions[4] == "different"
    for v in tune["values"]:
        if v["value"] in tune["in_line"]:
            c = v["comparison"]
            assert f"at {v['value']} {c['difference']:+.2f} [{c['low']:+.2f}, " \
                   f"{c['high']:+.2f}]" in tune["sentence"]
            assert v["comparison"]["minimum_detectable_effect"]["design"] == "sequential"


@pytest.mark.parametrize(("args", "message"), [
    (["--tune", "witches-junior.cost=1..3"], "--tune: 'witches-junior' is not a card of"),
    (["--promos", STRONG, "--tune", "house-witches-grand-secretary.vp.base=1..3"],
     "which has no vp.base"),
    (["--promos", STRONG, "--tune", "house-witches-grand-secretary.cost=1..3", "--logs",
      "x"], "--logs: not with --tune"),
    (["--promos", STRONG, "--tune", "house-witches-grand-secretary.quantity=1",
      "--restricted"], "--tune: quantity with --restricted"),
])
def test_bad_tuning_exits_2(cli, args, message):
    result = cli("simulate", "majority2", *args)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr


# --- targets -----------------------------------------------------------------------------

def _targets(tmp_path: Path, *bands) -> Path:
    path = tmp_path / "targets.json"
    path.write_text(json.dumps({"$schema": "simulate-targets.schema.json",
                                "bands": list(bands)}, indent=1))
    return path


@pytest.mark.slow
def test_targets_pass_and_fail_rows_and_exit_status(cli, tmp_path):
    fair = {"name": "fair seats", "figure": "seat_win_rate", "target": 50, "tolerance": 15}
    length = {"figure": "rounds_median", "min": 60, "max": 100}
    strong = {"figure": "promo_restricted_difference", "min": -2, "max": 2}
    passing = cli("simulate", "majority2", "--games", "100", "--json", "--targets",
                  _targets(tmp_path, fair, length))
    assert passing.exit_code == 0, passing.stderr
    section = json.loads(passing.stdout)["targets"]
    assert section["passed"] and [r["name"] for r in section["bands"]] == \
        ["fair seats (seat 1)", "fair seats (seat 2)", "rounds median"]
    failing = cli("simulate", "majority2", "--games", "100", "--promos", STRONG,
                  "--restricted", "--targets", _targets(tmp_path, fair, strong))
    assert failing.exit_code == 1
    assert "Targets (" in failing.stdout and "FAILED" in failing.stdout
    assert "FAIL (interval outside the band)" in failing.stdout
    assert "targets: 1 band(s) failed" in failing.stderr


def test_a_band_is_judged_on_its_interval_unless_asked_for_the_estimate(cli, tmp_path):
    """100 games: seat 1's estimate is inside 50 ± 8, but its interval crosses the band's
    edge — the default gate fails and says so (and about how many games would tell); a
    band judged on the estimate passes, its row saying the interval crosses."""
    band = {"figure": "seat_win_rate", "seat": 1, "target": 50, "tolerance": 8}
    result = cli("simulate", "majority2", "--games", "100", "--json", "--targets",
                 _targets(tmp_path, band, {**band, "judge": "estimate"}))
    assert result.exit_code == 1
    interval, estimate = json.loads(result.stdout)["targets"]["bands"]
    assert interval["judge"] == "interval" and not interval["pass"] and 42 <= \
        interval["value"] <= 58
    assert interval["reason"].startswith("interval crosses the band's edge: the estimate is "
                                         "inside, ≈ ")
    assert interval["games_to_decide"] > 100
    assert estimate["pass"] and estimate["reason"] == \
        "estimate inside the band, its interval crosses the band's edge"


@pytest.mark.parametrize(("band", "message"), [
    ({"figure": "restricted_drop", "max": 5}, "$.bands[0]: restricted_drop needs --restricted"),
    ({"figure": "promo_vp_difference", "max": 1}, "$.bands[0]: promo_vp_difference needs "
                                                 "--promos"),
    ({"figure": "rounds_mean", "min": 90, "max": 60}, "$.bands[0]: min 90 is above max 60"),
    ({"figure": "rounds_mean", "target": 9, "tolerance": 1, "min": 2},
     "give target and tolerance, or min"),
    ({"figure": "seat_win_rate", "seat": 3, "min": 40}, "seat 3: the game has 2 seats"),
    ({"figure": "rounds_mean", "target": 9, "max": 20}, "target and tolerance go together"),
    ({"figure": "rounds_mean"}, "$.bands[0]"),
    ({"figure": "fun", "min": 1}, "$.bands[0].figure"),
])
def test_bad_targets_exit_2_naming_the_band(cli, tmp_path, band, message):
    path = _targets(tmp_path, band)
    result = cli("simulate", "majority2", "--games", "5", "--targets", path)
    assert result.exit_code == 2
    assert str(path) in result.stderr and message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("figure", "judge", "passed", "reason", "games"), [
    # a card known to break its ±2-point band, caught inside it by chance at 500 games:
    # the estimate passed it; the interval, well outside, fails it
    # (1.5 points [-2, +5]: 49 times the games would bring +5 down to +2)
    ((0.015, -0.02, 0.05, 500), "interval", False,
     "interval crosses the band's edge: the estimate is inside, ≈ 25,000 games would tell",
     24500),
    ((0.015, -0.02, 0.05, 500), "estimate", True,
     "estimate inside the band, its interval crosses the band's edge", 24500),
    ((0.005, -0.01, 0.015, 500), "interval", True, "interval inside the band", None),
    ((0.05, 0.03, 0.07, 500), "interval", False, "interval outside the band", None),
    ((0.03, 0.01, 0.05, 500), "interval", False,
     "interval crosses the band's edge: the estimate is outside, ≈ 2,000 games would tell",
     2000),
])
def test_a_band_gates_on_the_interval_and_says_why(figure, judge, passed, reason, games):
    from pnp.simulate.targets import Band, _row

    band = Band("$.bands[0]", "promo_restricted_difference", None, "each", "each", None,
                -2, 2, judge)
    row = _row(band, "promo", figure)
    assert (row["pass"], row["reason"], row["games_to_decide"]) == (passed, reason, games)


def test_the_default_judge_is_the_interval(tmp_path):
    from pnp.simulate.targets import load_targets

    path = _targets(tmp_path, {"figure": "rounds_mean", "min": 1})
    assert load_targets(path).bands[0].judge == "interval"
