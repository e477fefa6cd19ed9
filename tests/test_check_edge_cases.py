"""The rulings on unusual but readable records (checker-input.md, "Edge cases of reading
records", R2-R15), through the CLI: exact exit statuses and messages."""

from __future__ import annotations

import json

import pytest

MAJORITY = {"game": "majority", "players": ["Ana", "Bo", "Cy"],
            "rounds": [{"variant": "green", "turns": [{"Ana": "A", "Bo": "A", "Cy": "B"}]}]}
MAJORITY2 = {"game": "majority2", "players": ["Ana", "Bo"],
             "score_areas": {"Ana": ["demons-secretary"], "Bo": []},
             "coins": {"Ana": 1, "Bo": 2}}
DICE = {"game": "majority-rules", "players": ["Sue", "Tom"],
        "rounds": [{"gold": 1, "dice": {"Sue": "33555442", "Tom": [1, 2, 3, 4, 5, 6, 1, 2]}}]}
D20 = {"game": "d20-stacks", "players": ["G1", "G2"], "stacks": [["G1:5", "G2:8"]]}

NAME = ("a non-empty name or label, with no spaces at either end and no control characters "
        "(newline, tab, escape)")
CARD = "PLAYER:VALUE with a value from 0 to 20 or -, no spaces, e.g. G1:12 or G2:-"


def edited(record: dict, change) -> dict:
    copy = json.loads(json.dumps(record))
    change(copy)
    return copy


@pytest.fixture
def run(cli, tmp_path):
    """Check a record given as a dict: (exit status, --json report or None, stderr)."""
    def go(record: dict, *args: str):
        path = tmp_path / "r.json"
        path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
        result = cli("check", path, "--json", *args)
        report = json.loads(result.stdout) if result.exit_code in (0, 1) else None
        return result.exit_code, report, result.stderr.replace(f"{path}:1: ", "")
    return go


def messages(report: dict) -> list[tuple[str, str]]:
    return [(v["where"], v["message"]) for v in report["violations"]]


# R2 -----------------------------------------------------------------------------------

def test_r2_negative_coins_do_not_offset_the_supply(run):
    status, report, _ = run(edited(MAJORITY2, lambda r: r["coins"].update(Ana=44, Bo=-5)))
    assert status == 1
    assert messages(report)[:2] == [("coins.Bo", "negative coins (-5); counted as given"),
                                    ("coins", "44 coins in all; the supply has 40")]


def test_r2_forty_coins_with_a_negative_count_is_one_violation(run):
    _, report, _ = run(edited(MAJORITY2, lambda r: r["coins"].update(Ana=40, Bo=-5)))
    assert [w for w, _ in messages(report) if w.startswith("coins")] == ["coins.Bo"]


# R3: nothing is trimmed -----------------------------------------------------------------

@pytest.mark.parametrize(("record", "message"), [
    (edited(MAJORITY, lambda r: r.update(players=[" Ana", "Bo", "Cy"], rounds=[])),
     f'$.players[0]: " Ana" is not valid here: {NAME}'),
    (edited(MAJORITY, lambda r: r.update(players=["Ana\n", "Bo", "Cy"], rounds=[])),
     f'$.players[0]: "Ana\\n" is not valid here: {NAME}'),
    (edited(MAJORITY, lambda r: r["rounds"][0]["turns"][0].update(Ana="A\n")),
     '$.rounds[0].turns[0].Ana: "A\\n" is not valid here: a vote: A, B, C or Score '
     '(any case, nothing before or after it)'),
    (edited(MAJORITY, lambda r: r["rounds"][0]["turns"][0].update(Ana=" score")),
     '$.rounds[0].turns[0].Ana: " score" is not valid here: a vote: A, B, C or Score '
     '(any case, nothing before or after it)'),
    (edited(DICE, lambda r: r["rounds"][0]["dice"].update(Sue="33555442\n")),
     '$.rounds[0].dice.Sue: "33555442\\n" is not valid here: a string of exactly 8 digits '
     'from 1 to 6, e.g. "33555442"'),
    (edited(D20, lambda r: r["stacks"][0].__setitem__(0, "G1 :5")),
     f'$.stacks[0][0]: "G1 :5" is not valid here: {CARD}'),
    (edited(D20, lambda r: r["stacks"][0].__setitem__(0, "G1: 5")),
     f'$.stacks[0][0]: "G1: 5" is not valid here: {CARD}'),
    (edited(D20, lambda r: r["stacks"][0].__setitem__(1, "G2:8\n")),
     f'$.stacks[0][1]: "G2:8\\n" is not valid here: {CARD}'),
    (edited(D20, lambda r: r["stacks"][0].__setitem__(0, " G1:5")),
     f'$.stacks[0][0]: " G1:5" is not valid here: {CARD}'),
    (edited(MAJORITY2, lambda r: r.update(start_player="")),  # one line, not two
     f'$.start_player: "" is not valid here: {NAME}'),
])
def test_r3_whitespace_is_an_input_error(run, record, message):
    status, _, stderr = run(record)
    assert status == 2
    assert stderr == f"error: {message}\n"


def test_r3_card_object_player_is_not_trimmed_either(run):
    record = edited(D20, lambda r: r["stacks"][0].__setitem__(0, {"player": "G1 ",
                                                                  "value": 5}))
    status, _, stderr = run(record)
    assert (status, stderr) == (2, f'error: $.stacks[0][0].player: "G1 " is not valid here: '
                                   f'{NAME}\n')


# R4 -----------------------------------------------------------------------------------

def test_r4_player_count_outside_the_range_is_one_violation_and_the_rest_is_judged(run):
    record = {"game": "d20-stacks", "players": ["A", "B", "C", "D", "E"],
              "stacks": [["A:1", "B:2", "C:3", "D:4", "E:5", "A:6"]], "claimed": {"A": 0}}
    status, report, _ = run(record)
    assert status == 1
    assert messages(report)[0] == ("players", "D20 Stacks is played by 2 to 4 players; "
                                              "this record has 5")
    assert [p["total"] for p in report["players"]] == [1, 0, 0, 0, 0]
    assert ("claimed.A", "claimed 0, computed 1") in messages(report)


def test_r4_majority_with_two_players_is_a_violation(run):
    record = {"game": "majority", "players": ["Ana", "Bo"], "final": {
        "Ana": {"ones": 1, "fives": 0}, "Bo": {"ones": 0, "fives": 0}}}
    status, report, _ = run(record)
    assert status == 1
    assert messages(report) == [("players", "The Majority is played by 3 to 10 players; "
                                            "this record has 2")]


@pytest.mark.parametrize(("players", "message"), [
    (["Ana", "Bo", "Cy"], "$.players: 3 entries; at most 2 allowed"),
    (["Ana"], "$.players: 1 entries; at least 2 allowed"),
])
def test_r4_majority2_needs_exactly_two_players(run, players, message):
    status, _, stderr = run(edited(MAJORITY2, lambda r: r.update(players=players)))
    assert status == 2
    assert message in stderr


@pytest.mark.parametrize("record", [MAJORITY, MAJORITY2, DICE, D20])
def test_r4_an_empty_player_list_is_an_input_error(run, record):
    status, _, stderr = run(edited(record, lambda r: r.update(players=[])))
    assert status == 2
    assert "error: $.players: an empty list is not allowed here" in stderr


# R5 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("record", [
    edited(MAJORITY2, lambda r: r["coins"].update(Ana=1.0)),
    edited(MAJORITY, lambda r: r.update(claimed={"Ana": 2.0}, rules={"target": 20.0})),
    edited(DICE, lambda r: r["rounds"][0].update(gold=1.0)),
    edited(DICE, lambda r: r["rounds"][0]["dice"].update(Tom=[1.0, 2, 3, 4, 5, 6, 1, 2])),
    edited(D20, lambda r: r["stacks"][0].__setitem__(0, {"player": "G1", "value": 5.0})),
    edited(D20, lambda r: r.update(deck=[5.0, 8])),
    {"game": "d20-stacks", "players": ["G1", "G2"], "moves": [
        {"player": "G1", "value": 5, "stack": "new"}, {"player": "G2", "value": 8.0,
                                                       "stack": 1.0}]},
])
def test_r5_whole_number_floats_are_integers(run, record):
    plain = json.loads(json.dumps(record).replace(".0", ""))
    assert run(record)[:2] == run(plain)[:2]


@pytest.mark.parametrize(("record", "message"), [
    (edited(MAJORITY2, lambda r: r["coins"].update(Ana=18.5)),
     "$.coins.Ana: expected a whole number, not 18.5"),
    (edited(MAJORITY, lambda r: r.update(claimed={"Ana": 2.5})),
     "$.claimed.Ana: expected a whole number, not 2.5"),
    (edited(D20, lambda r: r.update(deck=[5.5, 8])),
     '$.deck[0]: 5.5 is not valid here: a D20 value from 0 to 20, or "-" for the dash (0)'),
])
def test_r5_fractions_are_input_errors(run, record, message):
    status, _, stderr = run(record)
    assert (status, stderr) == (2, f"error: {message}\n")


# R6 -----------------------------------------------------------------------------------

def test_r6_a_byte_order_mark_is_ignored(cli, tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(D20).encode())
    assert cli("check", path).exit_code == 0


def test_r6_only_one_byte_order_mark_is_ignored(cli, tmp_path):
    """The mark at the start of the file is dropped once: a second one is text, not JSON."""
    path = tmp_path / "two-boms.json"
    path.write_bytes(b"\xef\xbb\xbf" * 2 + json.dumps(D20).encode())
    result = cli("check", path)
    assert (result.exit_code, result.stderr) == (
        2, f"error: {path}:1: unexpected character '\\ufeff': not valid JSON\n")


# R7 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("with_rounds", [True, False])
def test_r7_final_must_list_every_player(run, with_rounds):
    record = edited(MAJORITY, lambda r: r.update(final={"Ana": {"ones": 2, "fives": 0}}))
    if not with_rounds:
        del record["rounds"]
    status, _, stderr = run(record)
    assert (status, stderr) == (2, 'error: $.final: "final" must list every player; '
                                   'missing: Bo, Cy\n')


# R8 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["Green", "RED", "gReEn"])
def test_r8_variant_is_case_insensitive(run, variant):
    status, report, _ = run(edited(MAJORITY, lambda r: r["rounds"][0].update(variant=variant)))
    assert status == 0
    assert report["rounds"][0]["variant"] == variant.lower()


def test_r8_an_unknown_variant_is_still_an_input_error(run):
    status, _, stderr = run(edited(MAJORITY, lambda r: r["rounds"][0].update(variant="Blue")))
    assert (status, stderr) == (2, 'error: $.rounds[0].variant: "Blue" is not valid here: '
                                   "the variant card's face: green or red (any case)\n")


# R9, R10 ------------------------------------------------------------------------------

@pytest.mark.parametrize("card", [{"card": "demons-secretary"},
                                  {"card": "demons-secretary", "disc": None}])
def test_r9_a_card_object_without_a_disc(run, card):
    status, report, _ = run(edited(MAJORITY2, lambda r: r["score_areas"].update(Ana=[card])))
    plain = run(MAJORITY2)
    assert status == plain[0] == 1
    assert report["players"] == plain[1]["players"]
    assert report["score_areas"]["Ana"][0]["disc"] is None


def test_r10_the_first_player_is_the_start_player_by_default(run):
    record = edited(MAJORITY2, lambda r: r.update(score_areas={"Ana": [], "Bo": []},
                                                  coins={"Ana": 3, "Bo": 3}))
    _, report, _ = run(record)
    assert report["start_player"] == "Ana"


# R11-R13: D20 values ------------------------------------------------------------------

def test_r11_the_dash_in_every_place_a_value_appears(run):
    stacks = edited(D20, lambda r: r.update(stacks=[["G1:-"], [{"player": "G2", "value": "-"}]],
                                            deck=["-", "-", 5]))
    status, report, _ = run(stacks)
    assert status == 0
    assert [s["cards"] for s in report["stacks"]] == [["G1:0"], ["G2:0"]]
    moves = {"game": "d20-stacks", "players": ["G1", "G2"], "deck": ["-", 3, "-"],
             "moves": [{"player": "G1", "value": "-", "stack": "new"},
                       {"player": "G2", "value": 3, "stack": "new"}]}
    assert run(moves)[0] == 0


def test_r11_the_dash_in_the_deck_counts_as_a_zero(run):
    record = edited(D20, lambda r: r.update(stacks=[["G1:-"], ["G2:-"]], deck=["-", 5]))
    status, report, _ = run(record)
    assert status == 1
    assert any("0" in m and "deck" in m for _, m in messages(report)), messages(report)


def test_r12_an_empty_deck_is_an_input_error(run):
    status, _, stderr = run(edited(D20, lambda r: r.update(deck=[])))
    assert status == 2
    assert stderr == ('error: $.deck: an empty list is not allowed here (the values of your '
                      'own deck, 0-20 or "-" for the dash; leave "deck" out for the default '
                      'deck)\n')


@pytest.mark.parametrize(("text", "card"), [("G1:05", "G1:5"), ("G1:00", "G1:0"),
                                            ("G1:020", "G1:20"), ("G:1:07", "G:1:7")])
def test_r13_leading_zeros_are_accepted(run, text, card):
    players = ["G:1", "G2"] if text.startswith("G:1") else ["G1", "G2"]
    record = {"game": "d20-stacks", "players": players, "stacks": [[text], ["G2:3"]]}
    status, report, _ = run(record)
    assert status == 0
    assert report["stacks"][0]["cards"] == [card]


@pytest.mark.parametrize("text", ["G1:\uff15", "G1:\u0665", "G1:\u00b2", "G1:+5", "G1:5.0"])
def test_r13_only_ascii_digits_are_digits(run, text):
    status, _, stderr = run(edited(D20, lambda r: r["stacks"][0].__setitem__(0, text)))
    assert status == 2
    assert stderr == f"error: $.stacks[0][0]: {json.dumps(text, ensure_ascii=False)} is not " \
                     f"valid here: {CARD}\n"


def test_r13_non_ascii_digits_in_dice_are_input_errors(run):
    record = edited(DICE, lambda r: r["rounds"][0]["dice"].update(Sue="3355544\uff12"))
    assert run(record)[0] == 2


# R14, R15 -----------------------------------------------------------------------------

@pytest.mark.parametrize("record", [MAJORITY, MAJORITY2, DICE, D20])
def test_r14_rules_null_is_an_input_error(run, record):
    status, _, stderr = run(edited(record, lambda r: r.update(rules=None)))
    assert (status, stderr) == (2, "error: $.rules: expected an object, not null\n")


@pytest.mark.parametrize("record", [MAJORITY, MAJORITY2, DICE, D20])
def test_r15_a_schema_key_is_allowed(run, record):
    game = record["game"]
    with_schema = edited(record, lambda r: r.update({"$schema":
                                                     f"../result-{game}.schema.json"}))
    assert run(with_schema)[:2] == run(record)[:2]


@pytest.mark.parametrize(("name", "shown"), [("A\tna", "A\\tna"), ("A\nna", "A\\nna"),
                                             ("A\x1bna", "A\\u001bna"),
                                             ("A\x7fna", "A\\u007fna"),
                                             ("A\x85na", "A\\u0085na")])
def test_r15_control_characters_in_names_are_input_errors(run, name, shown):
    record = edited(D20, lambda r: r.update(players=[name, "G2"], stacks=[["G2:1"]]))
    status, _, stderr = run(record)
    assert (status, stderr) == (2, f'error: $.players[0]: "{shown}" is not valid here: '
                                   f"{NAME}\n")


def test_r15_control_characters_in_a_start_player_or_card_player(run):
    record = edited(MAJORITY2, lambda r: r.update(start_player="Ana\t"))
    status, _, stderr = run(record)
    assert (status, stderr) == (2, f'error: $.start_player: "Ana\\t" is not valid here: '
                                   f"{NAME}\n")
