"""Each violation the checkers report carries a kind (a stable id, `FINDINGS`), and the web
app links it to its ruling in docs/rulings.md by that kind, never by the message's words.

Records below make every kind at least once, so a kind that no checker can produce, or one
that a checker produces without a ruling, fails here."""

from __future__ import annotations

import copy
import json

import pytest

from pnp.check import check_text
from pnp.games.verdict import FINDINGS, Violation
from pnp.web import rulings
from pnp.web.app import create_app
from tests.webtools import EXAMPLES, asgi_client


def _example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text("utf-8"))


def _m2(**changes) -> dict:
    record = _example("majority2-legal.json")
    record.pop("claimed", None)
    record.update(changes)
    return record


def _log_with(change) -> dict:
    log = _example("majority2-log-legal.json")
    log.pop("claimed", None)
    change(log)
    return log


def _d20_moves(*moves, **more) -> dict:
    return {"game": "d20-stacks", "players": ["G1", "G2"], **more,
            "moves": [{"player": p, "value": v, "stack": s} for p, v, s in moves]}


MAJORITY_EARLY_STOP = {
    "game": "majority", "players": ["A", "B", "C", "D", "E"],
    "rounds": [{"turns": [{"A": "A", "B": "A", "C": "A", "D": "B", "E": "C"}]},
               {"turns": [{"A": "Score", "B": "Score", "C": "A", "D": "B", "E": "C"}]}]}

RECORDS = {
    "examples": [_example(name) for name in (
        "majority-mistakes.json", "majority-rules-mistakes.json", "majority2-impossible.json",
        "majority2-log-illegal.json", "d20-stacks-mistakes.json",
        "d20-stacks-moves-mistakes.json")],
    "player-count": [{"game": "majority", "players": ["A", "B"],
                      "final": {"A": {"ones": 1, "fives": 0}, "B": {"ones": 0, "fives": 0}}}],
    "round-stops-early": [MAJORITY_EARLY_STOP],
    "card-supply": [{"game": "majority", "players": ["A", "B", "C"],
                     "final": {n: {"ones": 20, "fives": 0} for n in "ABC"}}],
    "not-ended": [_m2(score_areas={"Ana": ["witches-secretary"], "Bo": ["ghost"]})],
    "card-over-deck": [_m2(score_areas={**_m2()["score_areas"],
                                        "Bo": ["witches-secretary"] * 4 + ["ghost"]})],
    "negative-coins": [_m2(coins={"Ana": -1, "Bo": 3})],
    "end-mismatch": [_log_with(lambda log: log.update(end="stalled"))],
    "after-end": [_log_with(lambda log: log["rounds"].append(copy.deepcopy(log["rounds"][-1])))],
    "new-stack-not-allowed": [_d20_moves(("G1", 5, "new"), ("G2", 8, "new"),
                                         rules={"new_stack": "only_if_blocked"})],
    "value-over-deck": [_d20_moves(("G1", 5, "new"), ("G2", 5, "new"), ("G1", 5, "new"),
                                   ("G2", 6, "new"))],
}


def _violations():
    for label, records in RECORDS.items():
        for record in records:
            for violation in check_text(json.dumps(record), label, None).violations:
                yield label, violation


def test_every_kind_of_violation_is_made_by_some_record():
    made = {}
    for label, violation in _violations():
        made.setdefault(violation.kind, label)
    for label in RECORDS:
        assert label == "examples" or label in made, f"{label} was not made"
    assert set(made) == set(FINDINGS)


def test_every_kind_of_violation_links_to_its_ruling():
    """A phrase finds a block of its own section (none falls back to the section); a
    kind without a phrase links to its section on purpose."""
    anchors = {block.anchor: block for block in rulings.blocks()}
    assert set(rulings.RULINGS) == set(FINDINGS)
    for kind, (section, phrase) in rulings.RULINGS.items():
        target = rulings.violation_link(kind).removeprefix("rulings.html#")
        assert target in anchors, kind
        if phrase is None:
            assert target == section, kind
        else:
            assert target != section and phrase.lower() in anchors[target].text.lower(), kind


def test_a_violation_needs_a_known_kind():
    with pytest.raises(ValueError, match="unknown kind"):
        Violation("players", "something", "no-such-kind")


@pytest.mark.parametrize("names, kind, phrase", [
    (["closed", "B"], "out-of-turn", "out of turn"),  # the name is no closed stack
    (["turnip", "disc"], "not-higher", "strictly higher"),
])
def test_the_link_does_not_read_the_message(names, kind, phrase):
    """Player names are part of a message; a name that reads like another rule's words
    does not move the link."""
    first, second = (names[1], names[0]) if kind == "out-of-turn" else names
    record = {"game": "d20-stacks", "players": names,
              "moves": [{"player": first, "value": 9, "stack": "new"},
                        {"player": second, "value": 4, "stack": 1}]}
    client = asgi_client(create_app())
    view = client.post("/api/verdict?game=d20-stacks", json=record).json()
    found = [v for v in view["violations"] if v["kind"] == kind]
    assert found, view["violations"]
    target = found[0]["ruling"].removeprefix("rulings.html#")
    block = next(b for b in rulings.blocks() if b.anchor == target)
    assert phrase in block.text
    assert client.get(found[0]["ruling"].split("#")[0]).status_code == 200


def test_the_json_report_keeps_the_contract_fields_of_a_violation():
    """The kind is for the app: `pnp check --json` (and POST /api/check) still give each
    violation as the checker contract writes it, `where` and `message`."""
    client = asgi_client(create_app())
    report = client.post("/api/check", json=_example("d20-stacks-mistakes.json")).json()
    assert report["violations"] and all(set(v) == {"where", "message"}
                                        for v in report["violations"])
