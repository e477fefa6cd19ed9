"""Finding a moment of a seeded random Majority 2 game and the place in its log where that
moment's decision is written, so a test can change exactly that entry."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

from pnp.content import paths
from pnp.games import engine as eng
from pnp.games.majority2 import engine as m2
from pnp.games.majority2 import log as m2_log
from tests.m2tools import config

NAMES = ["Ana", "Bo"]


def find_decision(wanted: Callable, seeds=range(60), promos="all"):
    """The first (log, state, action, choice path) where `wanted(state, action)` holds, over
    seeded random games; the path is (round, section keys, choices index)."""
    for seed in seeds:
        cfg = config(promos)
        played = eng.play(m2.ENGINE, cfg, [eng.random_bot, eng.random_bot], seed)
        st = m2.initial_state(cfg)
        for i, action in enumerate(played.actions):
            if wanted(st, action):
                log = m2_log.to_record(cfg, played, NAMES)
                del log["claimed"]  # a replay stopped early would also miss the claims
                return log, st, action, choice_spot(cfg, played.actions[:i])
            st = m2.apply(st, action)
    raise AssertionError("no game shows the moment")


def choice_spot(cfg, actions) -> tuple[int, tuple, int]:
    """Where the next ability choice after `actions` goes in the log."""
    prefix = m2_log.write_log(cfg, actions, NAMES)
    r = len(prefix["rounds"]) - 1
    rnd = prefix["rounds"][r]
    if rnd.get("plays"):
        keys: tuple = ("plays", len(rnd["plays"]) - 1)
    elif rnd.get("free_play"):
        keys = ("free_play",)
    else:
        return r, (), 0
    return r, keys, len(section_of(prefix, r, keys).get("choices", []))


def section_of(log: dict, r: int, keys: tuple) -> dict:
    section = log["rounds"][r]
    for key in keys:
        section = section[key]
    return section


def path_of(r: int, keys: tuple, i: int) -> str:
    inner = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in keys)
    return f"rounds[{r}]{inner}.choices[{i}]"


def unplayable_data(tmp_path: Path) -> Path:
    """A data folder whose Majority 2 cards nobody can play (cost 20, no Free Play): the
    players only draw until the deck is empty, and the game stalls."""
    data = tmp_path / "data"
    shutil.copytree(paths.data_dir() / "majority2", data / "majority2")
    members = data / "majority2" / "members.json"
    doc = json.loads(members.read_text("utf-8"))
    for card in doc["cards"]:
        card["cost"], card["free_play"] = 20, False
    members.write_text(json.dumps(doc), "utf-8")
    return data


def minimal_log(cfg, actions) -> dict:
    """The engine's log of a game with everything left out that the rulings let a log leave
    out: each choice and representative with one answer (copies written alike count once),
    `position` where the first such card is meant, and `exchange`/`draw` when false."""
    from pnp.games.majority2.answers import CHOICE_KINDS, distinct_answers
    from pnp.games.majority2.state import CHANCE

    log = m2_log.write_log(cfg, actions, NAMES)
    drop, unposition = [], []
    st = m2.initial_state(cfg)
    r, keys, used = -1, (), {}
    for action in actions:
        player, kind, options = st.need
        if kind == "exchange":
            r, keys, used = r + 1, (), {}
        elif kind in ("free", "play") and action[0] != "pass":
            plays = used.get("plays", 0)
            keys = ("free_play",) if kind == "free" else ("plays", plays)
            used = {"plays": plays + (kind == "play")}
        elif player != CHANCE and kind in CHOICE_KINDS:
            name = "representatives" if kind == "form" else "choices"
            i = used.get(name, 0)
            used[name] = i + 1
            spot = (r, keys, name, i)
            if len(distinct_answers(st, options)) == 1:
                drop.append(spot)
            elif kind in ("target", "disc") and _first_such(st, action):
                unposition.append(spot)
        st = m2.apply(st, action)
    for r, keys, name, i in unposition:
        del section_of(log, r, keys)[name][i]["position"]
    for r, keys, name, i in reversed(drop):
        del section_of(log, r, keys)[name][i]
    for rnd in log["rounds"]:
        for key in ("exchange", "draw"):
            if rnd.get(key) is False:
                del rnd[key]
    return log


def _first_such(st, action) -> bool:
    seat, place, pos = action[1:4]
    kinds = [k for k, _ in st.areas[seat]] if place == "area" else \
        [e[0] for e in st.cols[seat * 3 + place - 1]]
    return kinds.index(kinds[pos]) == pos
