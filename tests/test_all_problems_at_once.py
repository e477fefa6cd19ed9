"""A file's problems are reported in one go: an unknown key (a typo) does not hide the other
schema errors, nor the checks that need a schema-valid file (names, card ids, one data
file against another), and a failed `oneOf` is explained by the alternative meant."""

from __future__ import annotations

import json

from conftest import ROOT


def write(tmp_path, name: str, value) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(value, indent=1), encoding="utf-8")
    return str(path)


RECORD = {"game": "majority2", "players": ["Ana", "Bo"], "colour": 3,
          "score_areas": {"Ana": ["demons-secretry", {"card": "demons-junior", "disc": "blu",
                                                      "note": 1}],
                          "Bo": []},
          "coins": {"Ana": 3, "Bo": 2}, "claimed": {"Cy": 3}}


def _lines(stderr: str, path: str) -> list[str]:
    return [line.replace(f"error: {path}:", "") for line in stderr.splitlines()
            if line.startswith("error:")]


def test_check_reports_unknown_keys_names_and_card_ids_together(cli, tmp_path):
    path = write(tmp_path, "r.json", RECORD)
    result = cli("check", path)
    assert result.exit_code == 2
    assert _lines(result.stderr, path) == [
        "7: $: unknown key(s) 'colour'; allowed: $schema, claimed, coins, game, players, "
        "promos, rules, score_areas, start_player",
        "10: $.score_areas.Ana[0]: unknown card 'demons-secretry'; did you mean "
        "demons-secretary?",
        "13: $.score_areas.Ana[1].disc: unknown disc colour 'blu' (discs: blue, green, red, "
        "pink, black); did you mean blue?",
        "14: $.score_areas.Ana[1]: unknown key(s) 'note'; allowed: card, disc",
        "24: $.claimed.Cy: 'Cy' is not a player (players: Ana, Bo)",
    ]


def test_validate_reports_the_same_problems(cli, tmp_path):
    path = write(tmp_path, "r.json", RECORD)
    result = cli("validate", path)
    assert result.exit_code == 2
    assert len(_lines(result.stderr, path)) == 5


def test_unknown_keys_and_wrong_types_are_all_listed(cli, tmp_path):
    record = {"game": "d20-stacks", "players": ["G1", "G2"], "stack": [],
              "moves": [{"player": "G1", "value": 25, "stack": "new", "x": 1}]}
    path = write(tmp_path, "r.json", record)
    result = cli("check", path)
    assert result.exit_code == 2
    assert [line.split(": ", 1)[1] for line in _lines(result.stderr, path)] == [
        "$: unknown key(s) 'stack'; allowed: $schema, claimed, deck, game, moves, players, "
        "rules, stacks",
        "$.moves[0].value: 25 is greater than the maximum of 20",
        "$.moves[0]: unknown key(s) 'x'; allowed: player, stack, value",
    ]


def test_a_data_file_typo_does_not_hide_its_inconsistencies(cli, tmp_path):
    members = json.loads((ROOT / "data" / "majority2" / "members.json").read_text("utf-8"))
    members["cards"][0]["colour"] = "red"
    members["cards"][1]["bogus"] = True
    path = write(tmp_path, "members.json", members)
    result = cli("validate", path)
    assert result.exit_code == 2
    lines = _lines(result.stderr, path)
    assert len(lines) == 2
    assert lines[0].endswith("$.cards[0].colour: Witches are blue, not red")
    assert "$.cards[1]: unknown key(s) 'bogus'" in lines[1]


def test_a_build_with_a_data_typo_lists_every_problem(cli, tmp_path):
    data = tmp_path / "data"
    (data / "majority2").mkdir(parents=True)
    for f in (ROOT / "data" / "majority2").glob("*.json"):
        (data / "majority2" / f.name).write_bytes(f.read_bytes())
    members = json.loads((data / "majority2" / "members.json").read_text("utf-8"))
    members["cards"][0]["colour"] = "red"
    members["bogus"] = 1
    (data / "majority2" / "members.json").write_text(json.dumps(members), "utf-8")
    result = cli("build", "majority2", "--data", data, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "unknown key(s) 'bogus'" in result.stderr
    assert "$.cards[0].colour: Witches are blue, not red" in result.stderr
    assert not (tmp_path / "out" / "majority2").exists()


def test_a_failed_alternative_is_explained_by_the_one_meant(cli, tmp_path):
    promos = json.loads((ROOT / "data" / "majority2" / "promos.json").read_text("utf-8"))
    promos["cards"][0]["vp"] = {"rule": "fixed", "points": "y", "zzz": 2}
    path = write(tmp_path, "promos.json", promos)
    result = cli("validate", path)
    assert result.exit_code == 2
    lines = [line.split(": ", 1)[1] for line in _lines(result.stderr, path)]
    assert lines == ['$.cards[0].vp.points: expected a whole number, not "y"',
                     "$.cards[0].vp: unknown key(s) 'zzz'; allowed: points, rule"]


def test_validate_reports_every_word_problem_at_once(cli, tmp_path):
    """Duplicates and mojibake do not hide a word too long for its card, nor the other
    way round."""
    path = tmp_path / "words.txt"
    path.write_text("Apple\napple\nSupercalifragilisticexpialidociousnessandmore\npiĂą\n",
                    encoding="utf-8")
    result = cli("validate", path)
    assert result.exit_code == 2
    lines = _lines(result.stderr, str(path))
    assert [line.split(":", 1)[0] for line in lines] == ["2", "3", "4", "4"]
    assert "'apple' duplicates 'Apple' (line 1)" in lines[0]
    assert "'Supercalifragilisticexpialidociousnessandmore' does not fit" in lines[1]
    assert "looks garbled by a wrong text encoding; did you mean 'più'?" in lines[2]
    assert "'piĂą' has character(s) the bold face (VeraBd.ttf) lacks" in lines[3]
