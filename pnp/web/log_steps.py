"""The Majority 2 log page's steps: a whole game taken down at the table, move by move.

The browser keeps the game (the setup and the list of actions so far) and sends all of it
with every step; the server (or the checker in the browser) replays it through the engine
(`games/majority2/table.py`, which refuses any action the engine would not offer), takes
the steps that have a single answer, and answers with the legal choices in words, both
tables and the round history.
So the server holds nothing between requests, a reload resumes from the browser's copy,
and undo is the browser dropping its last action. Finishing writes the log with the
engine's own writer and checks it as `pnp check` does.
"""

from __future__ import annotations

import json
from typing import Any

from pnp.check import check_text, load_document, rules_in_force
from pnp.content.jsonfile import parse_json
from pnp.errors import PnpError, Problem
from pnp.games.gamedata import load_content
from pnp.games.majority2 import engine as m2
from pnp.games.majority2 import table
from pnp.web.answers import Refused
from pnp.web.verdict import verdict_view

SOURCE = "game"
_KEYS = {"players", "start_player", "promos", "rules", "actions", "claimed", "finish",
         "round_limit"}
ROUND_LIMIT = 100_000
"""The largest `round_limit` a log may give (its schema's maximum)."""


def _problem(path: str, message: str) -> Problem:
    return Problem(SOURCE, message, path=path)


def _setup(value: Any) -> dict:
    """The request's game, checked field by field (422 listing every problem)."""
    if not isinstance(value, dict):
        raise Refused("The game must be a JSON object.", [_problem("$", "expected an object")])
    problems = [_problem(f"$.{k}"[:80], "unknown field") for k in value if k not in _KEYS]
    players = value.get("players")
    if not (isinstance(players, list) and len(players) == 2
            and all(isinstance(n, str) and 0 < len(n) <= 60 and n.isprintable()
                    and n == n.strip() for n in players) and players[0] != players[1]):
        problems.append(_problem("$.players", "two different names (1-60 characters, no "
                                              "spaces at either end)"))
        players = ["", ""]
    start = value.get("start_player", players[0])
    if start not in players:
        problems.append(_problem("$.start_player", "one of the two players"))
    promos = value.get("promos", [])
    if not (promos == "all" or (isinstance(promos, list) and len(promos) <= 40
                                and all(isinstance(p, str) for p in promos))):
        problems.append(_problem("$.promos", '"all" or a list of promo card ids'))
    rules = value.get("rules", {})
    if not (isinstance(rules, dict) and set(rules) <= {"free_play_ignores_requirements"}
            and all(isinstance(v, bool) for v in rules.values())):
        problems.append(_problem("$.rules", 'only {"free_play_ignores_requirements": '
                                            'true or false}'))
    actions = value.get("actions", [])
    if not (isinstance(actions, list) and len(actions) <= table.MAX_ACTIONS):
        problems.append(_problem("$.actions", f"a list of at most {table.MAX_ACTIONS} actions"))
    claimed = value.get("claimed", {})
    if not (isinstance(claimed, dict) and set(claimed) <= set(players)
            and all(type(v) is int and abs(v) <= 10**6 for v in claimed.values())):
        problems.append(_problem("$.claimed", "each player's written total, a whole number"))
    if not isinstance(value.get("finish", False), bool):
        problems.append(_problem("$.finish", "true or false"))
    limit = value.get("round_limit")
    if limit is not None and not (type(limit) is int and 1 <= limit <= ROUND_LIMIT):
        problems.append(_problem("$.round_limit", f"a whole number of rounds, 1 to "
                                                  f"{ROUND_LIMIT:,}, or none"))
    if problems:
        raise Refused("The game cannot be read.", problems)
    return {"players": players, "start": start, "promos": promos, "rules": rules,
            "actions": actions, "claimed": claimed, "finish": value.get("finish", False),
            "round_limit": limit}


def step(value: Any) -> dict:
    """The game after the browser's actions (plus the steps with one answer)."""
    game = _setup(value)
    names = game["players"]
    content = load_content("majority2")
    rules = rules_in_force("majority2", game["rules"], {})
    try:
        cfg = table.make_game(content, names, game["start"], game["promos"], rules,
                              game["round_limit"])
    except ValueError as exc:
        raise Refused("The game cannot be set up.", [_problem("$.promos", str(exc))]) from None
    try:
        walk = table.replay(cfg, game["actions"], names)
    except ValueError as exc:
        raise Refused("The game cannot be replayed.", [_problem("$.actions", str(exc))]) \
            from None
    given = len(walk.actions)
    while not m2.ENGINE.is_terminal(walk.state) and not table.asks(walk.state):
        only = (m2.legal_actions(walk.state) if table.is_chance(walk.state)
                else table.choices(walk.state))[0]
        table.advance(walk, only, names)
    log = table.finished_log(cfg, walk.actions, names, game["claimed"], game["rules"])
    answer = {"actions": [table.as_json(a) for a in walk.actions],
              "auto": len(walk.actions) - given, "asked": walk.asked,
              "view": table.table_view(walk.state, names),
              "steps": walk.steps, "over": m2.ENGINE.is_terminal(walk.state), "log": log}
    answer.update(_asked(walk.state, names))
    if game["finish"]:
        verdict = check_text(json.dumps(log, ensure_ascii=False), "log")
        answer["verdict"] = verdict_view(verdict)
    return answer


def _asked(st, names: list[str]) -> dict:
    if m2.ENGINE.is_terminal(st):
        return {"question": None, "chance": False, "options": []}
    cfg = st.cfg
    if table.is_chance(st):
        options = [{"label": table.card_title(cfg, card), "action": ["card", card]}
                   for card in table.possible_cards(st)]
        return {"question": table.question(st, names), "chance": True, "options": options}
    options = [{"label": table.label(st, a, names), "action": table.as_json(a),
                "pass": a[0] == "pass"} for a in table.choices(st)]
    return {"question": table.question(st, names), "chance": False, "options": options}


def opened(text: str) -> dict:
    """A log file read back: its setup and actions (up to its first illegal entry, which is
    reported), to go on with in the browser. A simulation's log keeps its `round_limit`
    (the game ends there, as it did); the random results a `seed` drew come back as the
    cards they were, so the browser's copy of the game needs no seed."""
    try:
        loaded = load_document(parse_json(text, "log"), "majority2", base=None)
    except PnpError as exc:
        raise Refused("The log cannot be opened.", exc.problems) from None
    value = loaded.doc.value
    if "rounds" not in value:
        raise Refused("This is an end-of-game record, not a play-by-play log: check it "
                         "at /check/majority2.")
    rules = rules_in_force("majority2", value.get("rules", {}), {})
    _, actions, violations = table.log_actions(loaded.doc, loaded.content, rules)
    setup = {"players": list(value["players"]),
             "start_player": value.get("start_player", value["players"][0]),
             "promos": list(value.get("use_promos", [])),
             "rules": dict(value.get("rules", {})), "claimed": dict(value.get("claimed", {})),
             "round_limit": value.get("round_limit")}
    return {"setup": setup, "actions": [table.as_json(a) for a in actions],
            "problems": [{"path": v.where, "message": v.message} for v in violations]}


def read_json(text: str) -> Any:
    try:
        return parse_json(text, SOURCE).value
    except PnpError as exc:
        raise Refused("The request is not valid JSON.", exc.problems) from None
    except RecursionError:
        raise Refused("The request is nested too deeply.") from None


