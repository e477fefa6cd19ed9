"""`pnp simulate` options that used to cost time, run with the wrong settings or end in a
traceback: each is exit 2 naming the option before any game is played (or, for Ctrl-C,
exit 130 with one line), never a traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

PNP = Path(sys.executable).with_name("pnp")


@pytest.fixture
def no_games(monkeypatch):
    """Fail the test if any game is played."""
    from pnp.simulate import run

    def played(*args, **kwargs):
        raise AssertionError("a game was played before the options were all checked")
    monkeypatch.setattr(run, "run", played)


def test_a_report_place_that_cannot_be_written_is_refused_before_playing(cli, no_games):
    result = cli("simulate", "majority2", "--games", "50", "--report", "/proc/pnp-report")
    assert result.exit_code == 2
    assert "error: /proc/pnp-report: cannot write here:" in result.stderr
    result = cli("simulate", "majority2", "--games", "50", "--logs", "/proc/pnp-logs")
    assert result.exit_code == 2 and "/proc/pnp-logs: cannot write here:" in result.stderr


def test_a_descending_player_range_is_refused(cli, no_games):
    result = cli("simulate", "majority", "--players", "10-3")
    assert result.exit_code == 2
    assert "--players: '10-3': a range goes from fewer to more players (3-10)" in result.stderr


@pytest.mark.parametrize(("game", "option", "message"), [
    ("majority2", "mc.rollouts=1000000000", "mc.rollouts=1000000000: expected 1 to 1000"),
    ("majority2", "mc.horizon=0", "mc.horizon=0: expected 1 to 200"),
    ("majority2", "mc.rolouts=50", "mc.rolouts: not an option of the mc bot (options: "
                                   "rollouts, horizon)"),
    ("majority2", "greedy.depth=2", "greedy.depth: not an option of the greedy bot"),
    ("majority2", "random.p=1", "random.p: not an option of the random bot"),
    ("majority", "vote.p=2", "vote.p=2: expected a number from 0 to 1"),
    ("majority", "vote.score=100000", "vote.score=100000: expected 1 to 100"),
    ("d20-stacks", "steal.x=1", "steal.x: not an option of the steal bot (options: none)"),
])
def test_every_bot_option_is_known_and_bounded(cli, no_games, game, option, message):
    bot = option.split(".")[0]
    result = cli("simulate", game, "--games", "2", "--bots", bot, "--bot-option", option)
    assert result.exit_code == 2
    assert f"error: --bot-option: {message}" in result.stderr


@pytest.mark.parametrize(("address", "message"), [
    ("nonsense", "'nonsense' is not a Dask scheduler address"),
    ("tls://127.0.0.1:1", "a tls:// scheduler needs TLS certificates in Dask's "
                          "configuration"),
])
def test_a_bad_dask_address_is_refused_at_once(address, message):
    pytest.importorskip("distributed")
    done = subprocess.run([str(PNP), "simulate", "d20-stacks", "--games", "2", "--dask",
                           address], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


def test_ctrl_c_during_a_simulation_with_workers_is_one_line(tmp_path):
    child = subprocess.Popen([str(PNP), "simulate", "majority2", "--games", "200000",
                              "--jobs", "2"], cwd=tmp_path, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    time.sleep(4)  # the workers are playing
    os.killpg(child.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.strip().splitlines()[-1] == "Interrupted: no report (the games played so far " \
                                           "are not kept)."
