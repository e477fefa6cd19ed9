"""`pnp check` through the CLI: exit statuses, the human and --json reports, --rule, --game,
unreadable input, the example records, and `--new` entry at the table."""

import json

import pytest

from conftest import ROOT

EXAMPLES = ROOT / "data" / "examples"
EXPECTED_EXIT = {
    "majority-legal.json": 0, "majority-unfinished.json": 0, "majority-mistakes.json": 1,
    "majority2-legal.json": 0, "majority2-custom-promos.json": 0,
    "majority2-mistakes.json": 1, "majority2-impossible.json": 1,
    "majority-rules-legal.json": 0, "majority-rules-finished.json": 0,
    "majority-rules-mistakes.json": 1,
    "d20-stacks-legal.json": 0, "d20-stacks-moves.json": 0, "d20-stacks-mistakes.json": 1,
    "d20-stacks-moves-mistakes.json": 1,
    "majority2-log-legal.json": 0, "majority2-log-illegal.json": 1,
    "majority2-log-promos-ghost.json": 0,
}


def test_every_example_record_is_listed():
    """Every game record shipped in data/examples (the other files there are card data)."""
    shipped = {p.name for p in EXAMPLES.glob("*.json")
               if "game" in json.loads(p.read_text("utf-8"))}
    assert shipped == set(EXPECTED_EXIT)
    for game in ("majority", "majority2", "majority-rules", "d20-stacks"):
        assert EXPECTED_EXIT[f"{game}-legal.json"] == 0
        assert f"{game}-mistakes.json" in EXPECTED_EXIT


@pytest.mark.parametrize("name", sorted(EXPECTED_EXIT))
def test_example_records(cli, name):
    result = cli("check", EXAMPLES / name, "--json")
    assert result.exit_code == EXPECTED_EXIT[name], result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["ok"] is (EXPECTED_EXIT[name] == 0)
    assert bool(report["violations"]) is (EXPECTED_EXIT[name] == 1)


@pytest.mark.parametrize("name", sorted(EXPECTED_EXIT))
def test_example_records_human_report(cli, name):
    result = cli("check", EXAMPLES / name)
    assert result.exit_code == EXPECTED_EXIT[name]
    assert "Rules in force:" in result.stdout
    assert ("OK: the record is legal" in result.stdout) is (EXPECTED_EXIT[name] == 0)


def test_examples_validate(cli):
    result = cli("validate", EXAMPLES)
    assert result.exit_code == 0, result.stderr


def test_json_report_has_the_contract_fields(cli):
    result = cli("check", EXAMPLES / "majority2-mistakes.json", "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    contract = {k: report[k] for k in ("game", "ok", "finished", "winners", "tie_break",
                                       "violations", "rules")}
    assert contract == {
        "game": "majority2", "ok": False, "finished": True, "winners": ["Ana"],
        "tie_break": None,
        "violations": [{"where": "claimed.Bo", "message": "claimed 16, computed 14"}],
        "rules": {"free_play_ignores_requirements": False},
    }
    assert [{k: p[k] for k in ("name", "total", "claimed")} for p in report["players"]] == [
        {"name": "Ana", "total": 35, "claimed": 35}, {"name": "Bo", "total": 14, "claimed": 16}]


def test_json_claimed_is_null_where_none_was_given(cli):
    report = json.loads(cli("check", EXAMPLES / "majority-unfinished.json", "--json").stdout)
    assert [p["claimed"] for p in report["players"]] == [3, 3, None, None, None, None]
    assert report["finished"] is False and report["winners"] == []
    assert report["rules"] == {"target": 20}


def test_json_lists_every_rule_with_defaults(cli):
    report = json.loads(cli("check", EXAMPLES / "majority-rules-legal.json", "--json").stdout)
    assert report["rules"] == {"target": 500, "threshold": "gte"}


def test_json_per_game_detail(cli):
    report = json.loads(cli("check", EXAMPLES / "d20-stacks-legal.json", "--json").stdout)
    assert [s["winner"] for s in report["stacks"]] == ["G1", "G2"]
    report = json.loads(cli("check", EXAMPLES / "majority-rules-legal.json", "--json").stdout)
    assert report["rounds"][0]["scores"] == {"Steve": 57, "Susan": 23, "Rob": 12}
    report = json.loads(cli("check", EXAMPLES / "majority2-legal.json", "--json").stdout)
    assert [c["vp"] for c in report["score_areas"]["Bo"]] == [4, 2, 5]


def test_human_report_shows_breakdown_claims_and_winner(cli):
    result = cli("check", EXAMPLES / "majority2-mistakes.json")
    assert result.exit_code == 1
    out = result.stdout
    for text in ("demons-secretary: 2 + 2 × 1 other green Secretary", "claimed.Bo",
                 "claimed 16, computed 14", "Winner: Ana", "+2",
                 "free_play_ignores_requirements=false", "NOT OK: 1 problem"):
        assert text in out, text


def test_human_report_dice_and_stacks(cli):
    out = cli("check", EXAMPLES / "majority-rules-legal.json").stdout
    assert "round 1: 11 dice of 3 (Susan's 2, Rob's 4 claimed) │     33" in out
    assert "round 1: 1 die of 1 (gold: 6 each)" in out
    out = cli("check", EXAMPLES / "d20-stacks-legal.json").stdout
    assert "Winners: G1, G2 (the victory is shared)" in out


def test_rule_overrides_the_record(cli):
    path = EXAMPLES / "majority-rules-finished.json"
    report = json.loads(cli("check", path, "--json").stdout)
    assert report["finished"] and report["winners"] == ["Cy"]
    result = cli("check", path, "--json", "--rule", "target=1000")
    report = json.loads(result.stdout)
    assert result.exit_code == 0 and not report["finished"] and report["winners"] == []
    assert report["rules"] == {"target": 1000, "threshold": "gte"}


def test_several_rules(cli):
    result = cli("check", EXAMPLES / "majority-rules-finished.json", "--json",
                 "--rule", "target=151", "--rule", "threshold=gt")
    assert json.loads(result.stdout)["finished"] is False


def test_a_rule_number_reads_as_in_a_record(cli):
    """`30.0` is 30, as a record's JSON may write it; the report shows the integer."""
    result = cli("check", EXAMPLES / "majority-rules-finished.json", "--json",
                 "--rule", "target=151.0", "--rule", "threshold=gt")
    report = json.loads(result.stdout)
    assert report["finished"] is False and report["rules"]["target"] == 151


@pytest.mark.parametrize(("rule", "message"), [
    ("targett=3", "targett: not a rule option of majority-rules; options: target, threshold; "
                  "did you mean target?"),
    ("target=many", "target=many: expected a whole number"),
    ("target=\u0661\u0665\u0661", "target=\u0661\u0665\u0661: expected a whole number"),
    ("target=1_51", "target=1_51: expected a whole number"),
    ("target=151.5", "target=151.5: expected a whole number"),
    ("target=0", "target=0: expected at least 1"),
    ("threshold=over", "threshold=over: expected one of: gte, gt"),
    ("target", "'target': expected NAME=VALUE"),
])
def test_bad_rule_exits_2(cli, rule, message):
    result = cli("check", EXAMPLES / "majority-rules-legal.json", "--rule", rule)
    assert result.exit_code == 2
    assert f"error: --rule: {message}" in result.stderr


def test_bad_boolean_rule(cli):
    result = cli("check", EXAMPLES / "majority2-legal.json", "--rule",
                 "free_play_ignores_requirements=maybe")
    assert result.exit_code == 2 and "expected true or false" in result.stderr
    result = cli("check", EXAMPLES / "majority2-legal.json", "--json", "--rule",
                 "free_play_ignores_requirements=yes")
    assert json.loads(result.stdout)["rules"] == {"free_play_ignores_requirements": True}


def test_game_option_names_a_record_without_game(cli, tmp_path):
    data = json.loads((EXAMPLES / "d20-stacks-legal.json").read_text("utf-8"))
    del data["game"], data["$schema"]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli("check", "--game", "d20-stacks", path).exit_code == 0
    result = cli("check", path)
    assert result.exit_code == 2 and 'cannot tell the game' in result.stderr


def test_game_option_conflicting_with_the_record_exits_2(cli):
    result = cli("check", "--game", "majority", EXAMPLES / "d20-stacks-legal.json")
    assert result.exit_code == 2
    assert "the record is a 'd20-stacks' game, but --game says 'majority'" in result.stderr


def test_unknown_game_option_exits_2(cli):
    result = cli("check", "--game", "chess", EXAMPLES / "d20-stacks-legal.json")
    assert result.exit_code == 2 and "unknown game 'chess'" in result.stderr


def test_unknown_game_in_the_record_exits_2(cli, tmp_path):
    path = tmp_path / "r.json"
    path.write_text('{"game": "majority-rule", "players": ["A", "B"]}', encoding="utf-8")
    result = cli("check", path)
    assert result.exit_code == 2
    assert ":1: $.game: unknown game 'majority-rule'" in result.stderr
    assert "did you mean majority-rules?" in result.stderr


@pytest.mark.parametrize(("content", "message"), [
    (b"", "unexpected end of file"),
    (b"\xff\xfe\x00binary\x00", "not UTF-8 text"),
    (b"[1, 2, 3]", "cannot tell the game"),
    (b'{"game": "majority", "players": ["A", "B", "C"], "game": "majority"}',
     ":1: $.game: duplicate key 'game'"),
    (b'{"game": "majority",\n "players": "Ana"}', ':2: $.players: expected a list, not "Ana"'),
    (b'{"game": "majority2", "players": ["A", "B"], "score_areas": {}, "coins": {},\n'
     b' "colour": 1}', ":2: $: unknown key(s) 'colour'"),
    (b"[" * 5000 + b"]" * 5000, "nested more than 64 levels deep"),
    (b'{"game": "majority", "players": ["A", "B", "C"], "rounds": [{"turns": [{"A": 1}]}]}',
     "$.rounds[0].turns[0].A: expected a string, not 1"),
    # the value in JSON (not Python's None or 'New') and what would do instead
    (b'{"game": "majority2", "players": ["A", "B"], "score_areas": {"A": [null], "B": []},'
     b' "coins": {"A": 0, "B": 0}}',
     '$.score_areas.A[0]: null is not valid here: a card id such as demons-secretary, '
     'or {"card": ID, "disc": COLOUR}'),
    (b'{"game": "d20-stacks", "players": ["A", "B"],'
     b' "moves": [{"player": "A", "value": 1, "stack": "New"}]}',
     '$.moves[0].stack: "New" is not valid here: expected "new" or a whole number from 1'),
    # a too-long name is measured, not echoed back whole
    (b'{"game": "majority", "players": ["A", "B", "' + b"C" * 5000 + b'"]}',
     "$.players[2]: 5,000 characters; at most 200 allowed\n"),
])
def test_unreadable_or_invalid_input_exits_2_without_traceback(cli, tmp_path, content, message):
    path = tmp_path / "r.json"
    path.write_bytes(content)
    result = cli("check", path)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_a_game_field_other_than_the_game_option_is_shown_as_json(cli, tmp_path):
    path = tmp_path / "r.json"
    path.write_text('{"game": null, "players": ["A", "B"], "rounds": []}')
    result = cli("check", path, "--game", "majority-rules")
    assert (result.exit_code, result.stderr) == (
        2, f'error: {path}:1: $.game: expected "majority-rules", not null\n')


def test_underscore_keys_are_notes(cli, tmp_path):
    data = json.loads((EXAMPLES / "d20-stacks-legal.json").read_text("utf-8"))
    data["_played_on"] = {"date": "2026-11-29", "where": ["kitchen"]}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli("check", path).exit_code == 0


def test_missing_file_and_folder_exit_2(cli, tmp_path):
    result = cli("check", tmp_path / "nope.json")
    assert result.exit_code == 2 and "file not found" in result.stderr
    result = cli("check", tmp_path)
    assert result.exit_code == 2 and "is a folder" in result.stderr


@pytest.mark.parametrize(("args", "message"), [
    ((), "give a record FILE to check, or --new GAME"),
    (("--out", "x.json", "data/examples/majority2-legal.json"), "--out only goes with --new"),
    (("--new", "majority", "data/examples/majority2-legal.json"), "not both"),
    (("--new", "majority", "--game", "majority2"), "name different games"),
])
def test_conflicting_options_exit_2(cli, args, message):
    result = cli("check", *args)
    assert result.exit_code == 2 and message in result.stderr


def test_validate_names_a_bad_card_in_a_record(cli, tmp_path):
    data = json.loads((EXAMPLES / "majority2-legal.json").read_text("utf-8"))
    data["score_areas"]["Bo"][0] = "witches-secretery"
    del data["$schema"]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    result = cli("validate", path)
    assert result.exit_code == 2
    assert "$.score_areas.Bo[0]: unknown card 'witches-secretery'; did you mean " \
           "witches-secretary?" in result.stderr


# --new: entry at the table ------------------------------------------------------------

def lines(*answers):
    return "\n".join(answers) + "\n"


def report_of(result) -> dict:
    """The --json report: stdout holds nothing else (prompts and answers go to stderr)."""
    return json.loads(result.stdout[result.stdout.index("{\n"):])


def test_new_majority2(cli, tmp_path):
    out = tmp_path / "game.json"
    answers = lines(
        "Ana, Bo", "", "",
        "demon-secretary",  # unknown: asked again with a suggestion
        "demons-veteran, demons-secretary demons-secretary, angels-junior, angels-junior, "
        "angels-aristocrat",
        "witches-secretary, demons-secretary@blue, ghost",
        "eleven", "11", "3", "35", "16")
    result = cli("check", "--new", "majority2", "--out", out, "--json", input=answers)
    assert result.exit_code == 1, result.stderr
    assert "did you mean demons-secretary?" in result.stderr
    report = report_of(result)
    assert [p["total"] for p in report["players"]] == [35, 14]
    saved = json.loads(out.read_text("utf-8"))
    assert saved["score_areas"]["Bo"][1] == {"card": "demons-secretary", "disc": "blue"}
    assert saved["claimed"] == {"Ana": 35, "Bo": 16}
    assert cli("check", out).exit_code == 1


def test_new_majority_rules(cli, tmp_path):
    out = tmp_path / "dice.json"
    answers = lines("Steve, Susan, Rob", "7", "1", "33333661", "3355544", "33555442",
                    "33336221", "n", "57", "", "")
    result = cli("check", "--new", "majority-rules", "--out", out, input=answers)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "Steve 57, Susan 23, Rob 12" in result.stderr
    saved = json.loads(out.read_text("utf-8"))
    assert saved["rounds"] == [{"gold": 1, "dice": {"Steve": "33333661", "Susan": "33555442",
                                                    "Rob": "33336221"}}]
    assert saved["claimed"] == {"Steve": 57}


def test_new_majority_rules_stops_when_the_game_ends(cli, tmp_path):
    out = tmp_path / "dice.json"
    answers = lines("A, B", "1", "66666666", "55555555", "", "")
    result = cli("check", "--new", "majority-rules", "--out", out, "--rule", "target=40",
                 "--json", input=answers)
    assert result.exit_code == 0, result.stderr
    report = report_of(result)
    assert report["finished"] and report["winners"] == ["A"]
    assert json.loads(out.read_text("utf-8"))["rules"] == {"target": 40}


def test_new_majority_asks_only_players_still_in_the_round(cli, tmp_path):
    out = tmp_path / "votes.json"
    answers = lines("Ana, Bo, Cy, Di", "y", "purple", "green",
                    "A", "a", "B", "C",      # A majority: Cy and Di out, Ana and Bo score 2
                    "n", "n", "2", "2", "", "")
    result = cli("check", "--new", "majority", "--out", out, "--json", input=answers)
    assert result.exit_code == 0, result.stderr
    assert "Cy's vote" not in result.stderr.split("turn 1: Di's vote")[1]
    report = report_of(result)
    assert [p["total"] for p in report["players"]] == [2, 2, 0, 0]
    saved = json.loads(out.read_text("utf-8"))
    assert saved["rounds"] == [{"variant": "green", "turns": [
        {"Ana": "A", "Bo": "A", "Cy": "B", "Di": "C"}]}]


def test_new_majority_final_cards_only(cli, tmp_path):
    out = tmp_path / "cards.json"
    answers = lines("Ana, Bo, Cy", "n", "1", "4", "3", "0", "0", "1", "", "", "")
    result = cli("check", "--new", "majority", "--out", out, "--json", input=answers)
    assert result.exit_code == 0, result.stderr
    report = report_of(result)
    assert [p["total"] for p in report["players"]] == [21, 3, 5]
    assert report["winners"] == ["Ana"]


def test_new_d20_stacks(cli, tmp_path):
    out = tmp_path / "stacks.json"
    answers = lines("G1, G2", "G1:5, G2:8, G1:12, G2:15, G1:20", "G2:-, G3:7",
                    "G2:-, G1:7, G2:9", "", "1", "1")
    result = cli("check", "--new", "d20-stacks", "--out", out, input=answers)
    assert result.exit_code == 0, result.stderr
    assert "not a player: G3" in result.stderr
    assert json.loads(out.read_text("utf-8"))["stacks"][1] == ["G2:-", "G1:7", "G2:9"]


def test_new_d20_stacks_takes_spaces_and_keeps_the_dash_as_typed(cli, tmp_path):
    out = tmp_path / "stacks.json"
    answers = lines("G1, G2", "G1 : - ,G2: 5", "G1:x", "G2 :-, G1: 07", "", "", "")
    result = cli("check", "--new", "d20-stacks", "--out", out, input=answers)
    assert result.exit_code == 0, result.stderr
    assert "Error: 'G1:x' is not PLAYER:VALUE with a value 0-20 or - for the dash" in \
        result.stderr
    assert "no spaces" not in result.stderr
    assert json.loads(out.read_text("utf-8"))["stacks"] == [["G1:-", "G2:5"],
                                                            ["G2:-", "G1:07"]]


def test_new_reasks_invalid_player_lists(cli, tmp_path):
    answers = lines("Ana", "Ana, Ana", "Ana, Bo", "1", "11111111", "22222222", "n", "", "")
    result = cli("check", "--new", "majority-rules", "--out", tmp_path / "r.json",
                 input=answers)
    assert "this game is for 2-4 players, not 1" in result.stderr
    assert "each player needs a different name" in result.stderr
    assert result.exit_code == 0, result.stderr


def test_new_input_ending_early_exits_2_and_keeps_the_answers(cli, tmp_path):
    out = tmp_path / "r.json"
    result = cli("check", "--new", "d20-stacks", "--out", out, input="G1, G2\n")
    assert result.exit_code == 2
    saved = tmp_path / "r.answers.json"
    assert (f"error: the input ended before the record was complete; 1 answer(s) saved in "
            f"{saved}; go on with: pnp check --resume {saved}") in result.stderr
    assert not out.exists() and list(tmp_path.iterdir()) == [saved]
    assert json.loads(saved.read_text("utf-8"))["answers"] == ["G1, G2"]
    result = cli("check", "--new", "d20-stacks", "--out", out, input="")
    assert result.exit_code == 2 and "before the first answer; nothing was written" in \
        result.stderr


def test_new_asks_before_replacing_a_file(cli, tmp_path):
    out = tmp_path / "r.json"
    out.write_text("keep me", encoding="utf-8")
    result = cli("check", "--new", "d20-stacks", "--out", out, input="n\n")
    assert result.exit_code == 2 and out.read_text("utf-8") == "keep me"


def test_new_refuses_a_missing_folder_before_asking(cli, tmp_path):
    result = cli("check", "--new", "majority", "--out", tmp_path / "no" / "r.json", input="")
    assert result.exit_code == 2 and "does not exist" in result.stderr
    assert "Players" not in result.stderr


def test_a_long_record_shows_200_rows_a_table_and_counts_the_rest(cli, tmp_path):
    """A terminal table of thousands of rows took minutes to lay out (a generated or
    hostile record); the verdict and --json keep every round."""
    record = json.loads((EXAMPLES / "majority-rules-legal.json").read_text("utf-8"))
    record.pop("claimed")
    record["rounds"] = [{"gold": 1, "dice": {"Steve": "33333661", "Susan": "33555442",
                                             "Rob": "33336221"}}] * 300
    record["rules"] = {"target": 10**6}
    path = tmp_path / "long.json"
    path.write_text(json.dumps(record), "utf-8")
    shown = cli("check", path)
    assert shown.exit_code == 0, shown.stderr
    assert "│ 200 " in shown.stdout and "│ 201 " not in shown.stdout
    assert "… 100 more (pnp check --json lists them all)" in shown.stdout
    assert "Steve: 17100" in shown.stdout
    report = json.loads(cli("check", path, "--json").stdout)
    assert len(report["rounds"]) == 300 and report["players"][0]["total"] == 17100


@pytest.mark.parametrize("text, where", [
    ('{"game": "majority2", "players": ["Ana", "Bo"], "score_areas": {"Ana": [], "Bo": []},'
     '\n "coins": {"Ana": "2", "Bo": 0}}', (2, "$.coins.Ana")),
    ('{"game": "majority", "players": ["A", "B", "C"],\n', (2, None)),
    ('\x00\x01binary', (1, None)),
])
def test_json_report_of_a_record_that_cannot_be_checked(cli, tmp_path, text, where):
    """--json still prints one JSON document at exit 2 (a script parsing standard output
    learns why), and the messages on standard error stay as they are."""
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    result = cli("check", path, "--json")
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    assert report["ok"] is False and report["error"] == "the record cannot be checked"
    first = report["problems"][0]
    assert first["file"] == str(path) and (first["line"], first["path"]) == where
    assert f"error: {path}:{where[0]}: " in result.stderr
    assert first["message"] in result.stderr


def test_json_report_of_a_missing_file_and_a_bad_option(cli, tmp_path):
    result = cli("check", tmp_path / "none.json", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["problems"][0]["message"] == "file not found"
    result = cli("check", EXAMPLES / "majority-legal.json", "--json", "--rule", "nope=1")
    assert result.exit_code == 2 and json.loads(result.stdout)["ok"] is False
    assert cli("check", tmp_path / "none.json").stdout == ""  # the tables say nothing
