"""Opening a log in `/log/majority2`: a simulation's log (it carries the `round_limit` it
was played under, and may have ended there) and a log that leaves its random results to a
`seed` open, and the game the page goes on with is the log's own: the log the page writes
gets `pnp check`'s verdict of the log that was opened."""

from __future__ import annotations

import json

import pytest

from pnp.check import check_text
from pnp.games import engine as eng
from pnp.games.majority2 import engine as m2
from pnp.games.majority2 import log as m2_log
from pnp.web.app import create_app
from tests.m2tools import config
from tests.webtools import asgi_client, browser, open_page, served, shoot

NAMES = ["Ana", "Bo"]


def simulated(round_limit: int, seed: int = 1) -> dict:
    """A seeded game of two random bots under `round_limit`, as `pnp simulate --logs`
    writes it (with its note)."""
    cfg = config((), round_limit=round_limit)
    played = eng.play(m2.ENGINE, cfg, [eng.random_bot, eng.random_bot], seed)
    log = m2_log.to_record(cfg, played, NAMES)
    log["_simulation"] = {"game": 1, "seed": seed, "bots": ["random", "random"]}
    return log


SEEDED = {"game": "majority2", "players": NAMES, "seed": 3,
          "rounds": [{"player": "Ana", "draw": True}, {"player": "Bo"}]}


@pytest.fixture(scope="module")
def client():
    return asgi_client(create_app())


def _reopened(client, log: dict) -> tuple[dict, dict]:
    """The log opened, then the page's first step with what it was given and a check."""
    answer = client.post("/api/log/majority2/open", json=log)
    assert answer.status_code == 200, answer.json()
    opened = answer.json()
    setup = opened["setup"]
    game = {"players": setup["players"], "start_player": setup["start_player"],
            "promos": setup["promos"], "rules": setup["rules"], "claimed": setup["claimed"],
            "actions": opened["actions"], "finish": True}
    if setup.get("round_limit"):
        game["round_limit"] = setup["round_limit"]
    step = client.post("/api/log/majority2", json=game)
    assert step.status_code == 200, step.json()
    return opened, step.json()


def _verdict(log: dict) -> dict:
    return check_text(json.dumps(log), "log", None).to_json()


def test_a_log_that_ended_at_its_round_limit_opens_as_it_ended(client):
    log = simulated(round_limit=6)
    assert log["end"] == "round-limit" and log["round_limit"] == 6
    opened, step = _reopened(client, log)
    assert opened["setup"]["round_limit"] == 6 and opened["problems"] == []
    assert step["over"] and step["view"]["end"] == "round-limit"
    assert step["log"]["round_limit"] == 6 and step["log"]["end"] == "round-limit"
    report = step["verdict"]["report"]
    assert report == _verdict(log) and report["ok"]


def test_a_simulations_log_that_ended_by_the_rules_opens(client):
    log = simulated(round_limit=200, seed=4)
    assert log["end"] == "factions"
    _, step = _reopened(client, log)
    assert step["over"] and step["verdict"]["report"] == _verdict(log)


def test_a_seeded_log_opens_with_its_draws_written_out(client):
    opened, step = _reopened(client, SEEDED)
    assert opened["problems"] == [] and "round_limit" not in step["log"]
    assert "seed" not in step["log"] and step["log"]["setup"]["hand"]  # the deal, as cards
    assert not step["over"] and step["question"]  # the table goes on from here
    assert step["verdict"]["report"]["ok"]
    drawn = _verdict({**SEEDED})["states"][0]["players"]["Ana"]
    assert step["verdict"]["report"]["states"][0]["players"]["Ana"] == drawn


@pytest.mark.parametrize("limit", [0, -1, 100_001, 2.5, "6", True])
def test_a_wrong_round_limit_is_a_422_at_its_field(client, limit):
    answer = client.post("/api/log/majority2", json={"players": NAMES, "round_limit": limit})
    assert answer.status_code == 422
    assert [p["path"] for p in answer.json()["problems"]] == ["$.round_limit"]


@pytest.mark.slow
def test_a_round_limit_log_opened_in_the_page(tmp_path):
    log = simulated(round_limit=6)
    path = tmp_path / "game-000001.json"
    path.write_text(json.dumps(log), "utf-8")
    with served() as server, browser() as launched:
        page, errors = open_page(server, launched, "/log/majority2")
        page.set_input_files("#load", str(path))
        page.wait_for_function("document.getElementById('status').textContent.startsWith('Opened')")
        assert "round limit" in page.locator("#status").inner_text()
        assert "the log's round limit of 6 rounds" in page.locator("#end-text").inner_text()
        page.get_by_role("button", name="Check the log").click()
        page.wait_for_selector("#verdict .banner[data-ok='true']")
        shoot(page, "log-round-limit-opened", full_page=False)
        assert errors == []
