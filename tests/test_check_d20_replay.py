"""D20 Stacks replays: closed stacks stay closed (checker-input R1), and checking a record
is linear in its moves — 100,000 moves onto one stack in the normal suite, and a count of
the work done per move that a quadratic replay cannot pass (no timing)."""

from __future__ import annotations

import sys

import pytest
from checkhelp import check, totals, wheres

from pnp.games.d20_stacks.judge import judge
from pnp.games.d20_stacks.record import D20Record
from pnp.games.d20_stacks.scoring import Card, Move, Table
from pnp.games.gamedata import load_content


def moves_record(players, moves, **extra):
    return {"game": "d20-stacks", "players": players,
            "moves": [{"player": p, "value": v, "stack": s} for p, v, s in moves], **extra}


# R1: a stack closed by a 20 stays closed ------------------------------------------------

CLOSED_THEN_COVERED = [("A", 5, "new"), ("B", 20, 1), ("A", 3, 1), ("B", 2, 1)]


def test_cards_after_an_illegal_card_on_a_20_are_each_one_closed_violation(tmp_path):
    verdict = check(tmp_path, moves_record(["A", "B"], CLOSED_THEN_COVERED))
    assert [(v.where, v.message) for v in verdict.violations] == [
        ("moves[2]", "A:3: the stack is closed by a 20"),
        ("moves[3]", "B:2: the stack is closed by a 20")]
    assert verdict.detail["stacks"][0]["cards"] == ["A:5", "B:20", "A:3", "B:2"]
    assert totals(verdict) == {"A": 0, "B": 0}  # 2 cards each: a tie, but they all count


def test_under_only_if_blocked_a_closed_stack_is_never_a_target(tmp_path):
    """After A:3 on the 20, a 10 is higher than the top card (3) of stack 1 only; as the
    stack is closed, starting a new stack is legal."""
    moves = [*CLOSED_THEN_COVERED, ("A", 10, "new"), ("B", 12, 2)]
    verdict = check(tmp_path, moves_record(["A", "B"], moves), "new_stack=only_if_blocked")
    assert wheres(verdict) == ["moves[2]", "moves[3]"]
    moves = [*CLOSED_THEN_COVERED, ("A", 10, "new"), ("B", 12, "new")]
    verdict = check(tmp_path, moves_record(["A", "B"], moves), "new_stack=only_if_blocked")
    assert wheres(verdict) == ["moves[2]", "moves[3]", "moves[5]"]
    assert verdict.violations[2].message == (
        "B:12: a new stack was started although 12 could go on stack 2 "
        "(new_stack=only_if_blocked)")


def test_table_keeps_a_covered_20_closed():
    table = Table.of([(Card("A", 5), Card("B", 20), Card("A", 3))])
    assert table.closed == [True] and table.tops == [3]
    assert table.fits(10) == [] and not table.can_add(10)
    assert table.add(0, Card("B", 19)) == "the stack is closed by a 20"


def test_table_can_add_agrees_with_fits():
    table = Table()
    for value in (7, 3, 20, 0, 12):
        table.start(Card("A", value))
    table.add(1, Card("B", 9))
    for value in range(21):
        assert table.can_add(value) == bool(table.fits(value)), value


# Linear replays -------------------------------------------------------------------------

def one_stack(count: int) -> D20Record:
    """`count` moves of two players onto stack 1: 1, 2, ..., 20 closes it, then every
    later card is on the closed stack."""
    moves = [Move("G1" if i % 2 == 0 else "G2", i % 20 + 1, "new" if i == 0 else 1)
             for i in range(count)]
    return D20Record(("G1", "G2"), None, tuple(moves), None, {})


@pytest.mark.slow
def test_100000_moves_onto_one_stack():
    verdict = judge(one_stack(100_000), load_content("d20-stacks"), {"new_stack": "always"})
    closed = [v for v in verdict.violations if v.message.endswith("closed by a 20")]
    assert len(closed) == 100_000 - 20
    assert closed[0].where == "moves[20]" and closed[-1].where == "moves[99999]"
    assert len(verdict.detail["stacks"]) == 1
    assert len(verdict.detail["stacks"][0]["cards"]) == 100_000
    assert verdict.detail["stacks"][0]["counts"] == {"G1": 50_000, "G2": 50_000}


def calls_to_judge(record: D20Record, new_stack: str = "always") -> int:
    """Python function calls (generator steps included) made while judging `record`."""
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        calls += event == "call"

    content = load_content("d20-stacks")
    sys.setprofile(count)
    try:
        judge(record, content, {"new_stack": new_stack})
    finally:
        sys.setprofile(None)
    return calls


def open_stack(count: int) -> D20Record:
    """`count` moves onto one stack that no 20 ever closes (1, 2, ..., 19, 1, 2, ...)."""
    moves = [Move("G1" if i % 2 == 0 else "G2", i % 19 + 1, "new" if i == 0 else 1)
             for i in range(count)]
    return D20Record(("G1", "G2"), None, tuple(moves), None, {})


def test_work_per_move_does_not_grow_with_the_stack():
    """Four times the moves onto one stack is four times the calls; the old replay, which
    looked through the whole stack for a 20 at every move, made 15.9 times as many."""
    small, large = calls_to_judge(open_stack(2_000)), calls_to_judge(open_stack(8_000))
    assert large <= 4.2 * small, (small, large)


def new_stacks(count: int) -> D20Record:
    """`count` dashes, each starting a new stack (a dash never fits on one)."""
    moves = tuple(Move("G1" if i % 2 == 0 else "G2", 0, "new") for i in range(count))
    return D20Record(("G1", "G2"), None, moves, None, {})


def test_work_per_new_stack_does_not_grow_with_the_stacks():
    """Under only_if_blocked every new stack asks whether the card fits anywhere: that
    costs the same with 8,000 stacks on the table as with 2,000."""
    small = calls_to_judge(new_stacks(2_000), "only_if_blocked")
    large = calls_to_judge(new_stacks(8_000), "only_if_blocked")
    assert large <= 4.2 * small, (small, large)
