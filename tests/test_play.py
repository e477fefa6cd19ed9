"""`pnp play`: a person against bots in the terminal, to the end of the game.

Driven through a pseudo-terminal (as a person at a keyboard: prompt_toolkit reads the
keys) and through a pipe: only legal answers are accepted, the bot's face-down cards (and
dice behind the divider, and secret votes) stay hidden, the record written at the end
passes `pnp check`, and a game stopped half way goes on with `--resume` to the very same
end.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest

from pnp.check import check_file
from tests.ptytools import CTRL_C, finish, shown_next, spawn

PROMPT = re.compile(rb"\(1-\d+\):\s*$")  # a question waiting, nothing typed yet
ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|[\r\x08]")
FAST = ["--bot", "ismcts", "--bot-option", "ismcts.iterations=8"]


def drive(args: list[str], cwd: Path, answers: int | None = None,
          timeout: float = 120) -> tuple[int, str]:
    """Run `pnp ARGS` on a pseudo-terminal and answer `1` (Enter) to every numbered
    question — after `answers` of them, press Ctrl-C instead. Returns the exit status and
    everything shown."""
    pid, fd = spawn(args, cwd, rows=40, columns=160)
    shown, unread, asked = b"", b"", 0
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            chunk = shown_next(fd, 0.08)
            if chunk is None:
                break
            if not chunk and PROMPT.search(ESCAPES.sub(b"", unread)):
                # quiet, and a question waits with nothing typed after it
                unread = b""
                asked += 1
                os.write(fd, CTRL_C if answers is not None and asked > answers else b"1\r")
            shown += chunk
            unread += chunk
    finally:
        status = finish(pid, fd)
    return status, shown.decode("utf-8", "replace")


@pytest.mark.slow
def test_a_whole_game_at_a_terminal_ends_with_a_log_that_checks(tmp_path):
    status, shown = drive(["play", "majority2", "--seed", "3", "--out", "game.json",
                           *FAST], tmp_path)
    assert status == 0, shown[-2000:]
    assert "Final scores: Player" in shown and "check it with: pnp check game.json" in shown
    verdict = check_file(tmp_path / "game.json")
    assert verdict.ok
    record = json.loads((tmp_path / "game.json").read_text("utf-8"))
    assert record["players"] == ["Player", "ismcts"]
    assert record["_play"] == {"bot": "ismcts", "bot_options": {"iterations": "8"},
                               "seat": 1, "seed": 3}
    assert set(record["claimed"]) == {"Player", "ismcts"}


@pytest.mark.slow
def test_ctrl_c_keeps_the_game_and_resume_finishes_it_as_it_would_have(tmp_path, cli):
    status, shown = drive(["play", "majority2", "--seed", "3", "--seat", "2",
                           "--out", "game.json", *FAST], tmp_path, answers=5)
    assert status == 130
    assert ("Interrupted: the game so far is in game.json; go on with: "
            "pnp play --resume game.json") in shown
    stopped = json.loads((tmp_path / "game.json").read_text("utf-8"))
    assert "claimed" not in stopped and check_file(tmp_path / "game.json").ok
    result = cli("play", "majority2", "--resume", str(tmp_path / "game.json"),
                 input="1\n" * 3000)
    assert result.exit_code == 0, result.stderr[-2000:]
    whole = cli("play", "majority2", "--seed", "3", "--seat", "2", "--out",
                str(tmp_path / "whole.json"), *FAST, input="1\n" * 3000)
    assert whole.exit_code == 0, whole.stderr[-2000:]
    assert (tmp_path / "game.json").read_text("utf-8") == \
        (tmp_path / "whole.json").read_text("utf-8")


def test_piped_answers_play_to_the_end_and_the_bot_cards_stay_face_down(cli, tmp_path):
    out = tmp_path / "game.json"
    result = cli("play", "majority2", "--seed", "11", "--seat", "2", "--out", str(out),
                 *FAST, input="1\n" * 3000)
    assert result.exit_code == 0, result.stderr[-2000:]
    shown = result.stderr
    assert "Card dealt into ismcts's reserve: a card you do not see" in shown
    assert not re.search(r"Card dealt into ismcts's (reserve|hand): (?!a card you do not)",
                         shown)
    assert not re.search(r"Card ismcts drew: (?!a card you do not)", shown)
    assert "ismcts (start player): coins" in shown and "(face down)" in shown
    assert check_file(out).ok


def test_the_input_ending_early_keeps_the_game(cli, tmp_path):
    out = tmp_path / "game.json"
    result = cli("play", "majority2", "--seed", "4", "--out", str(out), *FAST,
                 input="1\n1\n")
    assert result.exit_code == 2
    assert f"The input ended: the game so far is in {out}" in result.stderr
    assert check_file(out).ok  # an unfinished game, every entry legal


def test_only_legal_answers_are_accepted(cli, tmp_path):
    result = cli("play", "majority2", "--seed", "4", "--out", str(tmp_path / "g.json"),
                 *FAST, input="0\n99\nfly\n")
    assert result.exit_code == 2
    assert result.stderr.count("Error: type a number from 1 to") == 3


@pytest.mark.parametrize("args, message", [
    (["chess"], "unknown game 'chess'"),
    ([], "GAME: name the game to play, or --resume FILE"),
    (["majority2", "--seat", "3"], "--seat: expected 1 to 2, not 3"),
    (["majority2", "--players", "3"], "--players: The Majority 2 is played by exactly 2"),
    (["d20-stacks", "--players", "3", "--seat", "4"], "--seat: expected 1 to 3, not 4"),
    (["majority2", "--bot", "nobody"], "--bot: 'nobody' is not a bot of majority2"),
    (["majority2", "--bot-option", "ismcts.iterations=0"],
     "--bot-option: ismcts.iterations=0: expected 1 to 1000000"),
    (["majority2", "--bot-option", "greedy.x=1"], "expected ismcts.KEY=VALUE for --bot"),
    (["majority2", "--name", "ismcts"], "--name: ismcts is a bot's name"),
    (["majority2", "--seed", "-1"], "--seed: expected 0 to"),
    (["majority-rules", "--rule", "target=x"], "target"),
])
def test_bad_options_exit_2(cli, args, message, tmp_path):
    result = cli("play", *args, "--out", str(tmp_path / "game.json"))
    assert result.exit_code == 2
    assert message in result.stderr
    assert not (tmp_path / "game.json").exists()


@pytest.mark.parametrize("game, answer", [("d20-stacks", "1"), ("majority-rules", ""),
                                          ("majority", "4")])
def test_the_other_games_play_to_the_end_with_a_record_that_checks(cli, tmp_path, game,
                                                                   answer):
    out = tmp_path / "game.json"
    players = ["--players", "3"] if game != "majority-rules" else []
    result = cli("play", game, "--seed", "6", "--seat", "2", *players, "--out", str(out),
                 *FAST, input=f"{answer}\n" * 600)
    assert result.exit_code == 0, result.stderr[-2000:]
    assert "Final " in result.stderr
    title = {"d20-stacks": "D20 Stacks", "majority-rules": "Majority Rules!",
             "majority": "The Majority"}[game]
    assert f"Player plays {title} against " in result.stderr  # the game's name, not its id
    verdict = check_file(out)
    assert verdict.ok
    record = json.loads(out.read_text("utf-8"))
    assert record["_play"]["seat"] == 2 and record["players"][1] == "Player"


@pytest.mark.slow  # a whole game against the strongest bot: seconds
@pytest.mark.parametrize("game, answer, strong", [("d20-stacks", "1", "rollout"),
                                                  ("majority-rules", "", "expectimax")])
def test_the_default_opponent_is_the_games_strongest_bot(cli, tmp_path, game, answer,
                                                         strong):
    out = tmp_path / "game.json"
    result = cli("play", game, "--seed", "3", "--out", str(out), input=f"{answer}\n" * 600)
    assert result.exit_code == 0, result.stderr[-2000:]
    assert f" against {strong}; seed 3" in result.stderr
    assert json.loads(out.read_text("utf-8"))["_play"]["bot"] == strong
    assert check_file(out).ok


def test_dice_behind_the_divider_and_secret_votes_stay_hidden(cli, tmp_path):
    dice = cli("play", "majority-rules", "--seed", "6", "--out", str(tmp_path / "d.json"),
               *FAST, input="\n" * 600).stderr
    rounds = dice.split("Gold die:")
    assert "ismcts: " not in rounds[0]  # no bot die before the first reveal
    assert "Revealed: Player: " in dice and "After claiming: " in dice
    votes = cli("play", "majority", "--seed", "6", "--seat", "3", "--out",
                str(tmp_path / "v.json"), *FAST, input="1\n" * 600).stderr
    first_turn = votes.split("Votes: ")[0]
    assert "ismcts 1 votes (face down)" in first_turn
    assert not re.search(r"ismcts \d: (A|B|C|Score)", first_turn)


def test_a_stopped_dice_game_goes_on_from_its_session_file(cli, tmp_path):
    out = tmp_path / "game.json"
    stopped = cli("play", "d20-stacks", "--seed", "8", "--players", "3", "--out", str(out),
                  *FAST, input="1\n1\n")
    assert stopped.exit_code == 2
    session = tmp_path / "game.session.json"
    assert f"the game so far is in {session}" in stopped.stderr and not out.exists()
    resumed = cli("play", "--resume", str(session), input="1\n" * 600)
    assert resumed.exit_code == 0, resumed.stderr[-2000:]
    assert check_file(out).ok and not session.exists()
    whole = cli("play", "d20-stacks", "--seed", "8", "--players", "3", "--out",
                str(tmp_path / "whole.json"), *FAST, input="1\n" * 600)
    assert whole.exit_code == 0
    assert out.read_text("utf-8") == (tmp_path / "whole.json").read_text("utf-8")


@pytest.mark.parametrize("change, message", [
    (lambda s: s.update(actions=s["actions"][:16] + [[9, 9]]),
     "game.session.json: this game holds an action that is not legal"),
    (lambda s: s.update(actions=s["actions"][:3] + [99]),
     "game.session.json: this game does not go on from its seed and bot: action 4"),
    (lambda s: s["_play"].update(seed=9), "does not go on from its seed and bot"),
    (lambda s: s.update(players=["Player"]), "not a session file of pnp play"),
    (lambda s: s["_play"].update(bot="nobody"), "--bot: 'nobody' is not a bot"),
    (lambda s: s.update(rules={"target": "x"}), "$.rules"),
])
def test_a_bad_session_file_is_refused(cli, tmp_path, change, message):
    out = tmp_path / "game.json"
    cli("play", "majority-rules", "--seed", "8", "--out", str(out), *FAST, input="\n" * 3)
    session = tmp_path / "game.session.json"
    saved = json.loads(session.read_text("utf-8"))
    change(saved)
    session.write_text(json.dumps(saved), "utf-8")
    result = cli("play", "--resume", str(session))
    assert result.exit_code == 2
    assert message in result.stderr


def test_an_existing_log_is_not_overwritten(cli, tmp_path):
    out = tmp_path / "game.json"
    out.write_text("{}", "utf-8")
    result = cli("play", "majority2", "--out", str(out))
    assert result.exit_code == 2 and "exists" in result.stderr
    assert out.read_text("utf-8") == "{}"


def test_resume_refuses_a_log_not_written_by_play(cli, tmp_path):
    log = Path(__file__).resolve().parent.parent / "data" / "examples" / \
        "majority2-log-legal.json"
    result = cli("play", "majority2", "--resume", str(log), "--out", str(tmp_path / "x.json"))
    assert result.exit_code == 2
    assert "$._play: no _play note of a game written by pnp play" in result.stderr
