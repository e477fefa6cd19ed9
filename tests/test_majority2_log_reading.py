"""How `pnp check` reads a Majority 2 log (majority2-engine.md, "Game logs: choices that may
be left out", "An impossible draw is illegal", "When a game cannot go on"): what an entry
means when it leaves something out, and which entry is the first illegal one."""

from __future__ import annotations

import copy
import json

import pytest
from checkhelp import check, wheres
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.games import engine as eng
from pnp.games.gamedata import load_content
from pnp.games.majority2 import engine as m2
from pnp.games.majority2 import log as m2_log
from pnp.games.majority2.answers import answer_key, distinct_answers
from pnp.games.majority2.state import CHANCE, protected
from tests.m2logtools import (
    NAMES,
    find_decision,
    minimal_log,
    path_of,
    section_of,
    unplayable_data,
)
from tests.m2tools import config
from tests.test_majority2_log import hand_log


def _messages(verdict) -> list[str]:
    return [v.message for v in verdict.violations]


# --- an impossible draw ---------------------------------------------------------------

def test_a_reserve_draw_in_a_round_without_a_draw_is_illegal(tmp_path):
    log = hand_log()
    log["rounds"][1]["reserve_draw"] = "witches-senior"
    log["rounds"][1]["free_play"] = {"card": "witches-veteran", "column": 2}  # illegal too
    verdict = check(tmp_path, log)
    assert wheres(verdict) == ["rounds[1].reserve_draw"]
    assert "Bo did not draw this round" in verdict.violations[0].message
    log["rounds"][1]["draw"] = False
    assert wheres(check(tmp_path, log)) == ["rounds[1].reserve_draw"]


def _stalled(tmp_path, seed=1):
    data = unplayable_data(tmp_path)
    cfg = m2.make_config(load_content("majority2", data), round_limit=None)
    played = eng.play(m2.ENGINE, cfg, [eng.random_bot, eng.random_bot], seed)
    assert played.outcome.end == "stalled"
    return data, m2_log.to_record(cfg, played, NAMES), played


def test_a_reserve_draw_when_deck_and_discards_are_empty_is_illegal(tmp_path):
    data, log, _ = _stalled(tmp_path)
    last = len(log["rounds"]) - 1  # the first stalled round: nothing is left to draw
    log["rounds"][last].update(draw=[], reserve_draw="witches-secretary")
    verdict = check(tmp_path, log, data_dir=data)
    assert wheres(verdict) == [f"rounds[{last}].reserve_draw"]
    assert "the deck and the discard pile are empty" in verdict.violations[0].message


# --- a stalled game -------------------------------------------------------------------

def test_a_stalled_game_ends_as_the_second_stalled_round_begins(tmp_path):
    data, log, played = _stalled(tmp_path)
    verdict = check(tmp_path, log, data_dir=data)
    assert verdict.ok and verdict.finished and verdict.detail["end"] == "stalled"
    assert verdict.detail["rounds_played"] == len(log["rounds"])
    assert len(verdict.detail["states"]) == len(log["rounds"])
    extra = copy.deepcopy(log)
    extra["rounds"].append({"player": NAMES[played.final_state.active]})
    verdict = check(tmp_path, extra, data_dir=data)
    assert wheres(verdict) == [f"rounds[{len(log['rounds'])}]"]
    assert "the game ended (two stalled rounds) before this round" in _messages(verdict)[0]


def test_rounds_played_counts_the_rounds_of_an_unfinished_log(tmp_path):
    log = hand_log()
    log["rounds"] = log["rounds"][:1]
    verdict = check(tmp_path, log)
    assert verdict.detail["rounds_played"] == 1 == len(verdict.detail["states"])


def test_states_are_taken_at_the_end_of_each_round_before_the_next_income(tmp_path):
    log = hand_log()
    verdict = check(tmp_path, log)
    first = verdict.detail["states"][0]["players"]
    # Bo's 3 coins are still face down: Bo's Income belongs to round 2
    assert first["Bo"]["coins"] == {"face_up": 0, "face_down": 3}
    assert first["Ana"]["hand"] == [] and len(first["Bo"]["hand"]) == 6


# --- a choice without position --------------------------------------------------------

def _disc_after_a_twin_with_a_disc(st, action):
    if st.need[1] != "disc" or action[2] == "area":
        return False
    column = st.cols[action[1] * 3 + action[2] - 1]
    kind = column[action[3]][0]
    first = next(pos for pos, entry in enumerate(column) if entry[0] == kind)
    return first != action[3] and column[first][1] is not None


def test_a_choice_without_position_means_the_first_such_card_and_is_judged(tmp_path):
    log, _, _, (r, keys, i) = find_decision(_disc_after_a_twin_with_a_disc)
    assert check(tmp_path, log).ok
    del section_of(log, r, keys)["choices"][i]["position"]
    verdict = check(tmp_path, log)
    assert wheres(verdict) == [path_of(r, keys, i)]
    assert "that card already carries a disc" in verdict.violations[0].message


def _twins_taken_first(st, action):
    if st.need[1] != "target" or st.stack[-1][0] != "take":
        return False
    keys = {(o[1], o[2], st.cols[o[1] * 3 + o[2] - 1][o[3]][:2]) for o in st.need[2]}
    return len(keys) == 1 and len(st.need[2]) > 1 and action == st.need[2][0]


def test_a_choice_between_copies_written_alike_may_be_left_out(tmp_path):
    log, _, _, (r, keys, i) = find_decision(_twins_taken_first)
    del section_of(log, r, keys)["choices"][i]
    verdict = check(tmp_path, log)
    assert verdict.ok, verdict.violations


def _area_twin(st, action):
    if st.need[1] != "target" or st.stack[-1][0] != "areadiscard":
        return False
    area = st.areas[action[1]]
    return sum(1 for entry in area if entry == area[action[3]]) > 1


def test_a_score_area_copy_named_by_its_position_is_the_same_answer(tmp_path):
    log, st, action, (r, keys, i) = find_decision(_area_twin, seeds=range(200))
    area = st.areas[action[1]]
    twin = max(pos for pos, entry in enumerate(area) if entry == area[action[3]])
    section_of(log, r, keys)["choices"][i]["position"] = twin + 1
    verdict = check(tmp_path, log)
    assert verdict.ok, verdict.violations


# --- the one legal answer and a different one given ------------------------------------

def _aristocrat_with_one_secretary(st, action):
    frame = st.stack[-1]
    if st.need[0] == CHANCE or st.need[1] != "target" or frame[0] != "areadiscard":
        return False
    area = st.areas[action[1]]
    return len(st.need[2]) == 1 and any(st.cfg.rank[k] != frame[1] for k, _ in area)


def test_the_only_legal_answer_replaced_by_another_is_named_illegal(tmp_path):
    log, st, action, (r, keys, i) = find_decision(_aristocrat_with_one_secretary)
    seat = action[1]
    area = st.areas[seat]
    pos = next(p for p, (k, _) in enumerate(area) if st.cfg.rank[k] != "secretary")
    secretary = st.cfg.ids[area[action[3]][0]]
    section_of(log, r, keys)["choices"][i] = {
        "player": NAMES[seat], "column": "score_area", "card": st.cfg.ids[area[pos][0]],
        "position": pos + 1}
    verdict = check(tmp_path, log)
    assert wheres(verdict) == [path_of(r, keys, i)]
    message = verdict.violations[0].message
    assert "cannot be chosen" in message and "not asked for" not in message
    assert f"{NAMES[seat]} must choose a Secretary while their score area holds one" in message
    assert f"the rules require {NAMES[seat]} score area #{action[3] + 1} {secretary}" in message


def _disc_beside_a_bare_ghost(st, action):
    if st.need[1] != "disc" or action[2] == "area":
        return False
    cfg = st.cfg
    column = st.cols[action[1] * 3 + action[2] - 1]
    return any(e[1] is None and cfg.magnet[e[0]] for e in column) and \
        any(e[1] is None and not cfg.magnet[e[0]] for e in column)


def test_a_disc_placed_past_a_bare_ghost_says_why(tmp_path):
    log, st, action, (r, keys, i) = find_decision(_disc_beside_a_bare_ghost)
    column = st.cols[action[1] * 3 + action[2] - 1]
    pos = next(p for p, e in enumerate(column) if e[1] is None and not st.cfg.magnet[e[0]])
    choice = section_of(log, r, keys)["choices"][i]
    choice.update(card=st.cfg.ids[column[pos][0]], position=pos + 1)
    verdict = check(tmp_path, log)
    assert wheres(verdict) == [path_of(r, keys, i)]
    assert (f"{NAMES[action[1]]}'s column {action[2]} holds a bare Ghost, which must take "
            "the disc") in verdict.violations[0].message


# --- the promo Dragons Junior ---------------------------------------------------------

def _promo_junior_beside_protection(st, action):
    frame = st.stack[-1]
    return st.need[1] == "target" and frame[0] == "take" and frame[3] is not None and \
        any(st.cols[ci] and protected(st.cfg, st.cols[ci]) for ci in frame[1])


def test_the_promo_dragons_junior_cannot_pick_a_protected_card(tmp_path):
    log, st, _, (r, keys, i) = find_decision(_promo_junior_beside_protection)
    ci = next(ci for ci in st.stack[-1][1] if st.cols[ci] and protected(st.cfg, st.cols[ci]))
    seat, col = ci // 3, ci % 3 + 1
    section_of(log, r, keys)["choices"][i] = {
        "player": NAMES[seat], "column": col, "card": st.cfg.ids[st.cols[ci][0][0]],
        "position": 1}
    verdict = check(tmp_path, log)
    assert wheres(verdict) == [path_of(r, keys, i)]
    assert f"{NAMES[seat]}'s column {col} is protected by an Angels Junior" in \
        verdict.violations[0].message


def test_the_promo_dragons_junior_in_a_protected_line_asks_nothing(tmp_path):
    def asks_nothing(st, action):
        if action[:2] != ("play", "promo-dragons-junior"):
            return False
        after = m2.apply(st, action)
        return after.need is None or after.need[1] != "target"

    log, _, action, (r, keys, _) = find_decision(asks_nothing)
    rnd = log["rounds"][r]
    j = keys[1] + 1 if keys[:1] == ("plays",) else 0
    play = rnd["plays"][j]
    assert play["card"] == "promo-dragons-junior" and not play.get("choices")
    assert check(tmp_path, log).ok
    play["choices"] = [{"player": NAMES[0], "column": 1, "card": "promo-dragons-junior"}]
    verdict = check(tmp_path, log)
    assert wheres(verdict) == [f"rounds[{r}].plays[{j}].choices[0]"]
    assert "not asked for" in verdict.violations[0].message


def test_json_report_says_when_states_are_taken(tmp_path):
    path = tmp_path / "log.json"
    path.write_text(json.dumps(hand_log()), "utf-8")
    result = CliRunner().invoke(app, ["check", str(path), "--json"])
    report = json.loads(result.output)
    assert report["rounds_played"] == 2 == len(report["states"])


@pytest.mark.parametrize("seed", range(16))
def test_a_log_leaving_out_all_it_may_replays_the_same_game(tmp_path, seed):
    promos = "all" if seed % 2 else ()
    cfg = config(promos)
    played = eng.play(m2.ENGINE, cfg, [eng.random_bot, eng.random_bot], seed)
    full = m2_log.to_record(cfg, played, NAMES)
    log = minimal_log(cfg, played.actions)
    assert log != full
    verdict = check(tmp_path, log)
    assert verdict.ok, verdict.violations
    assert verdict.detail["end"] == played.outcome.end
    assert tuple(p.total for p in verdict.players) == played.outcome.scores


def _bare_ghosts(st, seat, col) -> list[int]:
    column = st.cols[seat * 3 + col - 1]
    return [p for p, e in enumerate(column) if e[1] is None and st.cfg.magnet[e[0]]]


def _disc_on_one_of_two_players_bare_ghosts(st, action):
    """The active player's bare Ghost takes a disc in a column holding a bare Ghost of
    each player."""
    if st.need[1] != "disc" or action[2] == "area":
        return False
    column = st.cols[action[1] * 3 + action[2] - 1]
    bare = _bare_ghosts(st, action[1], action[2])
    return len(bare) == 2 and {column[p][2] for p in bare} == {0, 1}


def test_the_other_players_bare_ghost_is_not_read_as_the_active_players(tmp_path):
    log, st, action, (r, keys, i) = find_decision(_disc_on_one_of_two_players_bare_ghosts)
    _, seat, col, mine, colour = action
    other = next(p for p in _bare_ghosts(st, seat, col) if p != mine)
    assert {o[3] for o in st.need[2] if o[1:3] == (seat, col)} == {mine}  # engine's ruling
    assert check(tmp_path, log).ok
    choice = section_of(log, r, keys)["choices"][i]
    assert choice == {"player": NAMES[seat], "column": col, "card": "ghost",
                      "position": mine + 1, "disc": colour}
    choice["position"] = other + 1
    verdict = check(tmp_path, log)
    assert wheres(verdict) == [path_of(r, keys, i)]
    assert (f"{NAMES[seat]}'s column {col} holds two bare Ghosts: the disc must go to "
            f"{NAMES[st.active]}'s own (the active player's)") in verdict.violations[0].message
    del choice["position"]  # the first Ghost of the column is meant, and judged
    verdict = check(tmp_path, log)
    assert verdict.ok is (mine < other)
    assert wheres(verdict) == ([] if mine < other else [path_of(r, keys, i)])


def _twin_of_a_listed_option(st, action):
    """An option standing for several copies (weight > 1) of a card in a column or score
    area, chosen: a log may name any of the copies."""
    if st.need[1] not in ("target", "disc") or st.weights is None:
        return False
    k = st.need[2].index(action)
    return st.weights[k] > 1 and action[0] == "target"


def test_a_copy_the_engine_lists_once_may_be_named_by_its_own_position(tmp_path):
    log, st, action, (r, keys, i) = find_decision(_twin_of_a_listed_option, seeds=range(200))
    _, seat, place, pos = action
    cards = st.areas[seat] if place == "area" else st.cols[seat * 3 + place - 1]
    twin = max(p for p, entry in enumerate(cards) if entry[:2] == cards[pos][:2])
    assert twin != pos and ("target", seat, place, twin) not in st.need[2]
    section_of(log, r, keys)["choices"][i]["position"] = twin + 1
    verdict = check(tmp_path, log)
    assert verdict.ok, verdict.violations


def _same_card_with_and_without_a_disc(st, action):
    if st.need[1] != "target":
        return False
    keys = [answer_key(st, a) for a in distinct_answers(st, st.need[2])]
    return len(keys) == 2 and keys[0][:4] == keys[1][:4]


@pytest.mark.slow
def test_the_same_card_with_and_without_a_disc_are_two_answers(tmp_path):
    """A choice may be left out only when one answer is legal: a card and its copy under a
    disc are two, so leaving it out is the violation, and the message tells them apart."""
    log, st, action, (r, keys, i) = find_decision(_same_card_with_and_without_a_disc,
                                                  seeds=range(300))
    del section_of(log, r, keys)["choices"][i]
    verdict = check(tmp_path, log)
    assert wheres(verdict) == [f"{path_of(r, keys, i).rsplit('[', 1)[0]}"]
    disc = next(answer_key(st, a)[4] for a in st.need[2] if answer_key(st, a)[4])
    message = verdict.violations[0].message
    assert "the log gives none" in message and f"({disc} disc)" in message


def _own_columns_disc_beside_an_opponent_card(st, action):
    frame = st.stack[-1]
    return st.need[1] == "disc" and frame[0] == "discs" and frame[2] == "own_columns" and \
        any(e[1] is None for ci in range(3) for e in st.cols[(1 - st.active) * 3 + ci])


def test_a_disc_outside_the_abilitys_columns_says_so(tmp_path):
    log, st, action, (r, keys, i) = find_decision(_own_columns_disc_beside_an_opponent_card)
    o = 1 - st.active
    col, pos = next((ci + 1, p) for ci in range(3)
                    for p, e in enumerate(st.cols[o * 3 + ci]) if e[1] is None)
    section_of(log, r, keys)["choices"][i] = {
        "player": NAMES[o], "column": col, "card": st.cfg.ids[st.cols[o * 3 + col - 1][pos][0]],
        "position": pos + 1, "disc": action[4]}
    verdict = check(tmp_path, log)
    assert wheres(verdict) == [path_of(r, keys, i)]
    assert f": this ability cannot put a disc in {NAMES[o]}'s column {col}" in \
        verdict.violations[0].message
