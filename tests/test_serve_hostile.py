"""500 malformed or hostile requests against the real server, generated from a fixed seed:
bad JSON, bodies over the cap, deep nesting, wrong types, unknown games, path tricks, odd
methods and broken HTTP. Every answer is a 4xx with a message, never a 5xx or a
traceback."""

from __future__ import annotations

import json
import random
from urllib.parse import quote

import pytest

from tests.webtools import EXAMPLES, raw, request, served

COUNT = 500
SEED = 20261201
RECORDS = [record for record in (json.loads(p.read_text("utf-8"))
                                 for p in sorted(EXAMPLES.glob("*.json")))
           if "game" in record]  # game records, not the card or target files
JUNK = [None, True, -1, 1.5, 10**30, "", "x" * 300, [], {}, [[[]]], {"a": {"b": {}}},
        "\u0000", "\ud7ff\ue000", "../../etc/passwd", "<script>alert(1)</script>"]
ENDPOINTS = ["/api/check", "/api/verdict?game=majority2", "/api/check?game=d20-stacks",
             "/api/log/majority2", "/api/log/majority2/open"]


def _mutated(rng: random.Random):
    """An example record with one value somewhere replaced by junk, drawn again until the
    checker itself refuses it (junk in a free-form note, or an empty claim, is fine)."""
    from pnp.check import check_text
    from pnp.errors import PnpError

    while True:
        record = _mutation(rng)
        try:
            check_text(json.dumps(record), "mutant")
        except PnpError:
            return record


def _mutation(rng: random.Random):
    record = json.loads(json.dumps(rng.choice(RECORDS)))
    node = record
    for _ in range(rng.randint(1, 4)):
        if isinstance(node, dict) and node:
            key = rng.choice(list(node))
            if rng.random() < 0.5 or not isinstance(node[key], dict | list):
                node[key] = rng.choice(JUNK)
                return record
            node = node[key]
        elif isinstance(node, list) and node:
            i = rng.randrange(len(node))
            if rng.random() < 0.5 or not isinstance(node[i], dict | list):
                node[i] = rng.choice(JUNK)
                return record
            node = node[i]
    if isinstance(node, dict):
        node["unknown_key"] = rng.choice(JUNK)
    return record


def _body(rng: random.Random) -> bytes:
    kind = rng.randrange(9)
    if kind == 0:  # cut short
        text = json.dumps(rng.choice(RECORDS))
        return text[: rng.randrange(1, len(text))].encode()
    if kind == 1:  # binary junk
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 400)))
    if kind == 2:  # deep nesting
        depth = rng.choice([65, 1000, 100_000])
        return b"[" * depth + b"]" * depth
    if kind == 3:  # numbers JSON does not have, or absurd ones
        return rng.choice([b'{"game": "majority2", "coins": NaN}', b"[1e400]",
                           b'{"players": [' + b"9" * 5000 + b"]}", b"-Infinity"])
    if kind == 4:  # a game with no rules here
        return json.dumps({"game": rng.choice(["chess", "", "MAJORITY", "majority2 "]),
                           "players": ["a", "b"]}).encode()
    if kind == 5:  # duplicate keys
        return b'{"game": "majority", "game": "majority2", "players": ["a", "b"]}'
    if kind == 6:  # a log request with actions the engine never offered
        actions = [rng.choice(JUNK) for _ in range(rng.randint(1, 5))]
        return json.dumps({"players": ["Ana", "Bo"], "actions": actions,
                           "promos": rng.choice([[], "all", ["nope"], 3])}).encode()
    if kind == 7:  # a promo file path
        record = json.loads((EXAMPLES / "majority2-legal.json").read_text("utf-8"))
        record["promos"] = rng.choice(["/etc/passwd", "../../../etc/shadow", "/dev/zero",
                                       "majority2-promo-cards.json"])
        return json.dumps(record).encode()
    return json.dumps(_mutated(rng)).encode()


def _requests(rng: random.Random):
    """(method, path, body, headers) of each request, or ("RAW", bytes)."""
    for i in range(COUNT):
        kind = i % 10
        if kind < 6:
            yield "POST", rng.choice(ENDPOINTS), _body(rng), {"Content-Type": "application/json"}
        elif kind == 6:  # unknown pages and path tricks
            trick = rng.choice(["/check/chess", "/check/../../etc/passwd", "/static/../app.py",
                                "/static/%2e%2e/%2e%2e/pyproject.toml", "/check/" + quote("é" * 50),
                                "/static/..%2fguard.py", "/log/majority", "/api/nothing",
                                "/static/" + "a/" * 200, "/check/%00", "/rulings/../../etc"])
            yield "GET", trick, None, {"Accept": rng.choice(["text/html", "*/*"])}
        elif kind == 7:  # methods the paths do not take
            yield rng.choice(["GET", "PUT", "DELETE", "PATCH"]), rng.choice(ENDPOINTS), None, {}
        elif kind == 8:  # over the cap
            size = rng.choice([1024 * 1024 + 1, 3 * 1024 * 1024])
            yield "RAW", ("POST /api/check HTTP/1.1\r\nHost: localhost\r\n"
                          f"Content-Length: {size}\r\n\r\n"
                          .encode() + b"{" * 1000)
        else:  # broken HTTP
            yield "RAW", rng.choice([
                b"POST /api/check HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n{}",
                b"NONSENSE\r\n\r\n",
                b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\nHost: localhost\r\n\r\n",
                b"POST /api/check HTTP/1.1\r\nHost: localhost\r\nContent-Length: -5\r\n\r\n",
                b"GET / HTTP/1.1\r\nHost: localhost\r\nCookie: " + b"\x00\x01=;;" * 50
                + b"\r\n\r\n",
            ])


@pytest.fixture(scope="module")
def server():
    with served() as running:
        yield running


@pytest.mark.slow
def test_500_hostile_requests_get_a_4xx_with_a_message(server):
    rng = random.Random(SEED)
    seen = {}
    for item in _requests(rng):
        if item[0] == "RAW":
            status, answer = raw(server, item[1])
            body = answer.split(b"\r\n\r\n", 1)[-1]
            described = repr(item[1][:80])
        else:
            method, path, body_sent, headers = item
            status, _, body = request(server.base + path, body_sent, method, headers)
            described = f"{method} {path} {body_sent[:80] if body_sent else b''!r}"
        assert status is not None and 400 <= status < 500, (status, described, body[:300])
        assert body.strip() and b"Traceback" not in body, described
        seen[status] = seen.get(status, 0) + 1
    assert sum(seen.values()) == COUNT
    assert {400, 404, 405, 413, 422} <= set(seen), seen
