"""`pnp check` of whole Majority 2 games (schema log-majority2): engine-written logs replay
with exit 0 and the same scores; the first illegal action is named by JSON path with the
state that makes it illegal; bad input is exit 2."""

from __future__ import annotations

import copy
import json

import pytest
from checkhelp import check, input_errors, totals, wheres
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.content.schemas import bundled_schema
from pnp.games import engine as eng
from pnp.games.majority2 import engine as m2
from pnp.games.majority2 import log as m2_log
from tests.m2tools import config

NAMES = ["Ana", "Bo"]


def _played(seed: int, promos="all", **kw):
    cfg = config(promos, **kw)
    return cfg, eng.play(m2.ENGINE, cfg, [eng.random_bot, eng.random_bot], seed)


def _log(seed: int, promos="all", **kw) -> dict:
    cfg, played = _played(seed, promos, **kw)
    return m2_log.to_record(cfg, played, NAMES)


def hand_log(**changes) -> dict:
    """Two rounds written as at the table."""
    log = {
        "game": "majority2", "players": ["Ana", "Bo"], "start_player": "Ana",
        "setup": {"reserves": {"Ana": ["reapers-junior", "reapers-junior", "angels-senior",
                                       "dragons-senior"],
                               "Bo": ["demons-junior", "demons-junior", "dragons-veteran",
                                      "angels-veteran"]},
                  "hand": ["witches-secretary", "witches-secretary", "witches-junior",
                           "witches-veteran", "demons-senior", "angels-secretary"]},
        "rounds": [
            {"player": "Ana", "exchange": False,
             "draw": ["witches-junior", "reapers-secretary"], "reserve_draw": "dragons-junior",
             "free_play": {"card": "witches-secretary", "column": 1},
             "plays": [{"card": "witches-junior", "column": 1,
                        "drawn": ["angels-junior", "demons-secretary"]}]},
            {"player": "Bo", "free_play": {"card": "witches-junior", "column": 2},
             "plays": [{"card": "witches-secretary", "column": 2}]},
        ],
    }
    log.update(changes)
    return log


@pytest.mark.parametrize("seed", range(12))
def test_engine_logs_replay_with_the_same_scores(tmp_path, seed):
    promos = "all" if seed % 2 else ()
    cfg, played = _played(seed, promos)
    log = m2_log.to_record(cfg, played, NAMES)
    verdict = check(tmp_path, log)
    assert verdict.ok, verdict.violations
    assert tuple(totals(verdict).values()) == played.outcome.scores
    assert verdict.finished and verdict.detail["end"] == played.outcome.end
    assert list(verdict.winners) == [NAMES[s] for s in played.outcome.winners]


def test_the_game_writes_its_engine_game_as_a_log_as_the_docs_say(tmp_path):
    # docs/game-night/logs.md: pnp.games.get_game("majority2").to_record(config, played,
    # names), as for every game (the engine module itself said nothing of it)
    from pnp.games import get_game

    cfg, played = _played(3, "all")
    record = get_game("majority2").to_record(cfg, played, NAMES)
    assert record == m2_log.to_record(cfg, played, NAMES)
    assert check(tmp_path, record).ok


def test_round_limit_and_free_play_option_travel_in_the_log(tmp_path):
    cfg, played = _played(5, (), round_limit=30, ignore=True)
    log = m2_log.to_record(cfg, played, NAMES)
    assert log["round_limit"] == 30 and log["rules"] == {"free_play_ignores_requirements": True}
    verdict = check(tmp_path, log)
    assert verdict.ok and verdict.detail["end"] == played.outcome.end


def test_log_end_state_agrees_with_the_end_state_checker(tmp_path):
    for seed in (1, 2, 3):
        cfg, played = _played(seed)
        log_verdict = check(tmp_path, m2_log.to_record(cfg, played, NAMES))
        final = played.final_state
        areas = {NAMES[s]: [cfg.ids[k] if d is None else {"card": cfg.ids[k], "disc": d}
                            for k, d in final.areas[s]] for s in (0, 1)}
        record = {"game": "majority2", "players": NAMES, "start_player": "Ana",
                  "score_areas": areas,
                  "coins": {NAMES[s]: final.up[s] + final.down[s] for s in (0, 1)}}
        end_verdict = check(tmp_path, record, name="end.json")
        assert totals(end_verdict) == totals(log_verdict)
        for a, b in zip(end_verdict.players, log_verdict.players, strict=True):
            assert [x.points for x in a.breakdown] == [x.points for x in b.breakdown]


def test_hand_written_log_is_legal_so_far(tmp_path):
    log = hand_log()
    log["rounds"] = log["rounds"][:1]
    verdict = check(tmp_path, log)
    assert verdict.ok and not verdict.finished and verdict.winners == ()
    state = verdict.detail["states"][0]["players"]
    assert state["Ana"]["columns"][0] == ["witches-secretary", "witches-junior"]
    assert sorted(state["Ana"]["reserve"]) == sorted(
        ["reapers-junior", "reapers-junior", "angels-senior", "dragons-senior",
         "angels-junior", "demons-secretary"])
    assert state["Bo"]["hand"] and state["Ana"]["coins"] == {"face_up": 0, "face_down": 3}


def test_first_illegal_action_is_named_with_the_state(tmp_path):
    log = hand_log()
    log["rounds"][1]["free_play"] = {"card": "witches-veteran", "column": 2}
    verdict = check(tmp_path, log)
    assert [(v.where, v.message) for v in verdict.violations] == [
        ("rounds[1].free_play",
         "Witches Veteran needs 1 blue card in your score area; you have 0")]


def test_a_card_not_in_hand_and_too_few_coins(tmp_path):
    log = hand_log()
    log["rounds"][1]["plays"] = [{"card": "angels-secretary", "column": 1},
                                 {"card": "demons-senior", "column": 3}]
    verdict = check(tmp_path, log)
    assert wheres(verdict) == ["rounds[1].plays[1]"]
    assert "Demons Senior costs 4 coins; you have 1 face up" in verdict.violations[0].message
    log["rounds"][1]["plays"] = [{"card": "dragons-aristocrat", "column": 1}]
    message = check(tmp_path, log).violations[0].message
    assert message.startswith("Dragons Aristocrat is not in your hand")


def test_wrong_turn_order_and_first_round_exchange(tmp_path):
    log = hand_log()
    log["rounds"][1]["player"] = "Ana"
    assert wheres(check(tmp_path, log)) == ["rounds[1].player"]
    log = hand_log()
    log["rounds"][0]["exchange"] = True
    verdict = check(tmp_path, log)
    assert wheres(verdict) == ["rounds[0].exchange"]
    assert "first round" in verdict.violations[0].message


def test_draw_lists_must_match_the_draw_count(tmp_path):
    log = hand_log()
    log["rounds"][0]["draw"] = ["witches-junior"]
    verdict = check(tmp_path, log)
    assert wheres(verdict) == ["rounds[0].draw"]
    assert "2 cards are drawn" in verdict.violations[0].message
    log["rounds"][0]["draw"] = ["witches-junior", "reapers-secretary", "angels-junior"]
    assert wheres(check(tmp_path, log)) == ["rounds[0].draw[2]"]


def test_a_card_the_deck_no_longer_holds(tmp_path):
    log = hand_log()
    log["rounds"][0]["draw"] = ["witches-secretary", "witches-secretary"]  # 2 of 3 dealt
    verdict = check(tmp_path, log)
    assert wheres(verdict) == ["rounds[0].draw[1]"]
    assert "none is left in the deck" in verdict.violations[0].message


def test_unused_choices_are_reported(tmp_path):
    log = hand_log()
    log["rounds"][1]["plays"][0]["choices"] = ["red"]
    verdict = check(tmp_path, log)
    assert wheres(verdict) == ["rounds[1].plays[0].choices[0]"]


def test_rounds_after_the_end_and_wrong_claims(tmp_path):
    cfg, played = _played(4)
    log = m2_log.to_record(cfg, played, NAMES)
    log["rounds"].append({"player": NAMES[played.final_state.active]})
    log["claimed"] = {"Ana": log["claimed"]["Ana"] + 1}
    verdict = check(tmp_path, log)
    assert wheres(verdict) == [f"rounds[{len(log['rounds']) - 1}]", "claimed.Ana"]
    assert "the game ended" in verdict.violations[0].message


def test_a_wrong_end_is_named_also_beside_rounds_after_the_end(tmp_path):
    """Rounds recorded after the end do not hide how the game ended: a log that says
    "factions" for a game its round limit ended is wrong at `end` too."""
    cfg, played = _played(4)
    log = m2_log.to_record(cfg, played, NAMES)
    assert log["end"] == "factions"
    log["round_limit"] = 3
    del log["claimed"]
    verdict = check(tmp_path, log)
    assert wheres(verdict) == ["rounds[3]", "end"]
    assert verdict.violations[1].message == (
        "the log says the game ended by 'factions'; replayed: 'round-limit'")


def test_an_illegal_choice_in_an_engine_log(tmp_path):
    for seed in range(40):
        log = _log(seed)
        spot = next(((r, j) for r, rnd in enumerate(log["rounds"])
                     for j, p in enumerate(rnd.get("plays", []))
                     if any(isinstance(c, str) and c in ("blue", "green", "red", "pink",
                                                         "black") for c in p.get("choices", []))),
                    None)
        if spot:
            break
    r, j = spot
    bad = copy.deepcopy(log)
    choices = bad["rounds"][r]["plays"][j]["choices"]
    i = next(i for i, c in enumerate(choices) if isinstance(c, str))
    choices[i] = "purple"
    verdict = check(tmp_path, bad)
    assert wheres(verdict)[0] == f"rounds[{r}].plays[{j}].choices[{i}]"
    assert "'purple' is not a colour" in verdict.violations[0].message


def test_seed_draws_what_the_log_leaves_out(tmp_path):
    log = hand_log()
    del log["setup"]
    log["seed"] = 3
    log["rounds"] = [{"player": "Ana", "draw": True}]
    verdict = check(tmp_path, log)
    assert verdict.ok and len(verdict.detail["states"][0]["players"]["Ana"]["hand"]) == 0
    assert len(verdict.detail["states"][0]["players"]["Bo"]["hand"]) == 8


def test_unknown_ids_and_names_are_input_errors(tmp_path):
    log = hand_log()
    log["rounds"][0]["plays"][0]["card"] = "witches-junoir"
    log["rounds"][1]["player"] = "Cy"
    text = input_errors(tmp_path, log)
    assert "$.rounds[0].plays[0].card: unknown card 'witches-junoir'" in text
    assert "did you mean witches-junior" in text and "'Cy' is not one of the players" in text
    text = input_errors(tmp_path, {**hand_log(), "use_promos": ["promo-witches-senior"] * 3})
    assert "$.use_promos" in text
    log = hand_log()
    log["rounds"][0]["draw"] = "yes"
    assert "$.rounds[0].draw" in input_errors(tmp_path, log)


def test_cli_exit_codes_and_json_states(tmp_path):
    path = tmp_path / "log.json"
    path.write_text(json.dumps(_log(2)), "utf-8")
    runner = CliRunner()
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["ok"] and len(report["states"]) == report["rounds_played"]
    assert set(report["states"][0]["players"]["Ana"]) == {
        "hand", "reserve", "columns", "score_area", "coins"}
    bad = hand_log()
    bad["rounds"][1]["free_play"] = {"card": "witches-veteran", "column": 2}
    path.write_text(json.dumps(bad), "utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and "rounds[1].free_play" in result.output
    path.write_text("{not json", "utf-8")
    assert runner.invoke(app, ["check", str(path)]).exit_code == 2


def test_validate_knows_a_log(tmp_path):
    path = tmp_path / "log.json"
    path.write_text(json.dumps(hand_log()), "utf-8")
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 0 and "log-majority2" in result.output


def test_log_schema_is_self_contained():
    text = json.dumps(bundled_schema("log-majority2"))
    assert "common.schema.json" not in text
    result = CliRunner().invoke(app, ["schema", "log-majority2"])
    assert result.exit_code == 0 and json.loads(result.output)["properties"]["rounds"]


def test_example_logs(tmp_path):
    from pnp.check import check_file

    from conftest import ROOT
    examples = ROOT / "data" / "examples"
    legal = check_file(examples / "majority2-log-legal.json")
    assert legal.ok and legal.finished and legal.detail["end"] == "factions"
    ghost = check_file(examples / "majority2-log-promos-ghost.json")
    log = json.loads((examples / "majority2-log-promos-ghost.json").read_text("utf-8"))
    assert ghost.ok and "ghost" in log["use_promos"]
    assert any(p["card"] == "ghost" and p.get("choices") for r in log["rounds"]
               for p in r.get("plays", []))
    illegal = check_file(examples / "majority2-log-illegal.json")
    assert [(v.where, v.message) for v in illegal.violations] == [
        ("rounds[1].free_play",
         "Witches Veteran needs 1 blue card in your score area; you have 0"),
        ("claimed.Ana", "claimed 6, computed 3")]


def test_a_promo_drawn_in_a_game_without_it_is_not_in_this_games_deck(tmp_path):
    """A log that draws a promo its use_promos does not list says so, not "none is
    left" (as if the deck had run out of it)."""
    from conftest import ROOT
    path = ROOT / "data" / "examples" / "majority2-log-promos-ghost.json"
    log = json.loads(path.read_text("utf-8"))
    del log["use_promos"]
    first = check(tmp_path, log).violations[0]
    assert first.where == "rounds[0].draw[0]"
    assert "it is not in this game's deck (a promo card is only when use_promos lists it)" \
        in first.message


def _as_floats(log: dict) -> dict:
    """Every integer a log's rounds and claims hold written as a whole-number float."""
    for rnd in log["rounds"]:
        for sec in [rnd.get("free_play") or {}, *rnd.get("plays", [])]:
            if "column" in sec:
                sec["column"] = float(sec["column"])
            sec["choices"] = [
                float(c) if type(c) is int else
                {k: float(v) if type(v) is int else v for k, v in c.items()}
                if isinstance(c, dict) else c for c in sec.get("choices", [])]
    log["claimed"] = {n: float(v) for n, v in log["claimed"].items()}
    return log


def test_whole_number_floats_in_a_log_are_its_integers(tmp_path):
    """Checker contract R5: a column 2.0 (a play's, a choice's, a Ghost's destination), a
    position 3.0 or a claim 25.0 is the integer (a free play's 1.0 was a traceback)."""
    from conftest import ROOT
    log = json.loads((ROOT / "data/examples/majority2-log-promos-ghost.json").read_text("utf-8"))
    plain = check(tmp_path, log, name="plain.json")
    floats = _as_floats(copy.deepcopy(log))
    assert json.dumps(floats) != json.dumps(log)
    assert any(isinstance(c, float) for r in floats["rounds"] for p in r.get("plays", [])
               for c in p.get("choices", []))  # a Ghost's destination column
    verdict = check(tmp_path, floats)
    assert verdict.ok, verdict.violations
    assert totals(verdict) == totals(plain) and verdict.detail["end"] == "factions"


def test_an_illegal_ability_choice_says_why_in_players_words():
    from pnp.games.majority2.answers import refusal
    from tests.m2tools import build, run

    st = build(hands=(("witches-veteran", "reapers-junior"), ()), up=(7, 0),
               areas=(("witches-junior",), ()),
               cols={(1, 2): ["angels-junior", "reapers-secretary"],
                     (1, 3): [("demons-junior", "red")]})
    asked = run(st, ("play", "witches-veteran", 1))
    message = refusal(asked, ("target", 1, 2, 1), NAMES)
    assert message.startswith("Bo column 2 #2 reapers-secretary cannot be chosen: Bo's "
                              "column 2 is protected by an Angels Junior (choose a card; "
                              "legal: ")
    asked = run(st, ("play", "reapers-junior", 1))
    message = refusal(asked, ("disc", 1, 3, 0, "blue"), NAMES)
    assert "that card already carries a disc" in message
