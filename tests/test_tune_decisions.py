"""`--tune` decides on intervals: a value leaves the run as equivalent only once its
neighbours are shown to differ (one coin of cost moves a card by less than the margin),
the headline names one value only when it is set apart, and every value in line is told
with its interval. Synthetic comparisons, no games played."""

from __future__ import annotations

from pnp.simulate.compare import comparison
from pnp.simulate.joint import Estimate
from pnp.simulate.tune import _decide, _named, _sentence, value_rows
from pnp.simulate.tuneplan import Tuning

TUNING = Tuning("house-witches-junior", "witches-junior", "cost",
                tuple((v, f"cost={v}") for v in range(1, 7)), "vp_per_copy")


def _rows(differences: dict[int, float], se: float, games: int = 4000):
    return [(v, f"cost={v}", comparison(Estimate(d, se, games)))
            for v, d in sorted(differences.items())]


# VP per copy against the base card, one coin of cost ≈ 0.06 (the measure)
TRUE = {1: 0.12, 2: 0.06, 3: 0.0, 4: -0.06, 5: -0.12, 6: -0.18}


def test_neighbours_inside_the_margin_keep_playing_until_one_differs():
    """se 0.02: 3 and 4 are both surely within ±0.1 — but 4 (−0.06, z = 3) is not yet
    surely different at this look's level, so neither is called equivalent: both keep
    playing. With se 0.012 the look shows 2 and 4 different, and 3 is set apart."""
    decided: dict = {}
    _decide(_rows(TRUE, 0.02), 0.0005, "holm", 0.1, 4000, decided)
    assert {v for v, (verdict, _) in _by_value(decided).items() if verdict == "different"} \
        == {1, 5, 6}
    assert 3 not in _by_value(decided) and 4 not in _by_value(decided)
    _decide(_rows(TRUE, 0.012, 9000), 0.0005, "holm", 0.1, 9000, decided)
    assert _by_value(decided) == {1: ("different", 4000), 5: ("different", 4000),
                                  6: ("different", 4000), 2: ("different", 9000),
                                  4: ("different", 9000), 3: ("equivalent", 9000)}


def _by_value(decided: dict) -> dict:
    return {int(name.split("=")[1]): found for name, found in decided.items()}


def _values(differences: dict[int, float], se: float, verdicts: dict[int, str]) -> list:
    return [{"value": v, "variant": name, "games": 4000, "comparison": test,
             "decision": verdicts.get(v, "undecided"), "decided_at": None}
            for v, name, test in _rows(differences, se)]


def test_two_values_in_line_are_both_named_with_their_intervals():
    """The run ended with 3 and 4 both in line: "Cost 3 or 4", each with its interval, no
    single best — not the one whose estimate happens to be nearer 0."""
    values = _values({1: 0.12, 2: 0.07, 3: 0.02, 4: -0.01, 5: -0.09},
                     0.02, {1: "different", 2: "different", 5: "different"})
    in_line = [v for v in values if v["decision"] != "different"]
    named = _named(values, in_line)
    said = _sentence(TUNING, values, in_line, named)
    assert [v["value"] for v in named] == [3, 4]
    assert said == ("Cost 3 or 4 puts house-witches-junior in line with witches-junior "
                    "(at 3 +0.02 [-0.02, +0.06]; at 4 -0.01 [-0.05, +0.03] VP per copy): none "
                    "of them was shown to differ at the level the looks and the correction "
                    "leave, so the run could not tell them apart; more games (--max-games) "
                    "may.")


def test_one_value_set_apart_is_the_headline():
    values = _values(TRUE, 0.012, {1: "different", 2: "different", 3: "equivalent",
                                   4: "different", 5: "different", 6: "different"})
    in_line = [v for v in values if v["decision"] != "different"]
    said = _sentence(TUNING, values, in_line, _named(values, in_line))
    assert said == ("At cost 3, house-witches-junior is in line with witches-junior: at 3 "
                    "+0.00 [-0.02, +0.02] VP per copy (equivalent); 2 and 4 differ.")


def test_every_value_differs_the_fair_value_lies_between_two():
    values = _values({2: 0.05, 3: 0.03, 4: -0.03, 5: -0.06}, 0.005,
                     dict.fromkeys(range(2, 6), "different"))
    named = _named(values, [])
    assert [v["value"] for v in named] == [3, 4]
    assert _sentence(TUNING, values, [], named).startswith(
        "No whole cost puts house-witches-junior in line with witches-junior: it is "
        "stronger at 3 and weaker at 4")


def test_every_value_in_line_is_marked_in_the_table():
    values = _values({3: 0.02, 4: -0.01}, 0.02, {})
    section = {"field": "cost", "metric": "vp_per_copy", "values": values, "in_line": [3, 4],
               "best": None}
    _, rows = value_rows(section)
    assert all(row[-1].endswith("← in line") for row in rows)
