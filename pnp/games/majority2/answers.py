"""An ability's choice as a Majority 2 log writes it, and back: which engine action a log
entry means, which legal options count as the same answer, and why an answer is refused.

The rulings (majority2-engine.md, "Game logs: choices that may be left out"): a log writes
a card as `{"player", "column", "card", "position"?}`, so copies of a card (same id, same
disc) in one place are the same answer, while the same card with and without a disc are
two. An entry without `position` means the first such card from the head of the column
(or the start of the score area), and is judged like any other: if that card cannot be
chosen, the answer is illegal — no other copy is tried in its place.
"""

from __future__ import annotations

from typing import Any

from pnp.games.majority2.effects import disc_targets
from pnp.games.majority2.state import State, disc_place, protected

AREA = "score_area"

_ASKED = {"form": "a faction forms: choose its representative",
          "target": "choose a card", "colour": "name a colour",
          "disc": "place a disc (card and colour)",
          "hand": "choose a hand card for the reserve",
          "column": "choose the opponent's column"}
CHOICE_KINDS = tuple(_ASKED)


def card_item(st: State, entry: tuple) -> str | dict:
    """A card as a log writes it: its id, or `{"card", "disc"}` under a disc."""
    card = st.cfg.ids[entry[0]]
    return {"card": card, "disc": entry[1]} if entry[1] else card


def encode_choice(st: State, action: tuple, names: list[str]) -> Any:
    """The log entry of an ability's choice (always with `position`)."""
    what = action[0]
    if what in ("colour", "hand", "column"):
        return action[1]
    seat, place, pos = action[1:4]
    entry = _entry(st, seat, place, pos)
    item = {"player": names[seat], "column": AREA if place == "area" else place,
            "card": st.cfg.ids[entry[0]], "position": pos + 1}
    if what == "disc":
        item["disc"] = action[4]
    return item


def _entry(st: State, seat: int, place: Any, pos: int) -> tuple:
    return st.areas[seat][pos] if place == "area" else st.cols[seat * 3 + place - 1][pos]


def answer_key(st: State, action: tuple) -> tuple:
    """What a log writes for `action`, position aside: equal keys are one answer."""
    what = action[0]
    if what in ("target", "disc"):
        seat, place, pos = action[1:4]
        entry = _entry(st, seat, place, pos)
        return (what, seat, place, entry[0], entry[1], *action[4:])
    if what == "form":
        return (what, *st.cols[st.stack[-1][1]][action[1]][:2])
    return action


def distinct_answers(st: State, options: list) -> list:
    """The legal options, one per answer a log could write (the first of each)."""
    seen: dict = {}
    for action in options:
        seen.setdefault(answer_key(st, action), action)
    return list(seen.values())


def decode_choice(st: State, item: Any, names: list[str]) -> tuple:
    """The action a log entry means (legal or not); ValueError when it names nothing that
    could answer the question asked."""
    kind = st.need[1]
    cfg = st.cfg
    if kind == "form":
        card, disc = (item, None) if isinstance(item, str) else (item["card"], item.get("disc"))
        column = st.cols[st.stack[-1][1]]
        pos = next((pos for pos, entry in enumerate(column)
                    if cfg.ids[entry[0]] == card and entry[1] == disc), None)
        if pos is None:
            raise ValueError(f"{card}{'@' + disc if disc else ''} is not in the column "
                             f"being formed")
        return _canonical(st, ("form", pos))
    if kind == "colour":
        if item not in cfg.discs:
            raise ValueError(f"{item!r} is not a colour ({', '.join(cfg.discs)})")
        return ("colour", item)
    if kind == "hand":
        if not isinstance(item, str):
            raise ValueError("expected a card id from your hand")
        return ("hand", item)
    if kind == "column":
        if type(item) is not int or item not in (1, 2, 3):
            raise ValueError(f"{item!r}: expected a column 1, 2 or 3 of the opponent")
        return ("column", item)
    return _canonical(st, _card_choice(st, item, names))


def _card_choice(st: State, item: Any, names: list[str]) -> tuple:
    if not isinstance(item, dict) or "player" not in item or "card" not in item:
        raise ValueError('expected {"player", "column", "card"} naming a card')
    seat = names.index(item["player"])
    column = item.get("column")
    if column == AREA:
        kinds = [k for k, _ in st.areas[seat]]
        place: Any = "area"
    elif type(column) is int and column in (1, 2, 3):
        kinds = [e[0] for e in st.cols[seat * 3 + column - 1]]
        place = column
    else:
        raise ValueError(f"column {column!r}: expected 1, 2, 3 or {AREA!r}")
    k = st.cfg.index.get(item["card"])
    positions = [pos for pos, c in enumerate(kinds) if c == k]
    if "position" in item:
        pos = item["position"] - 1
        if pos not in positions:
            raise ValueError(f"{item['player']}'s {column_name(column)} has no "
                             f"{item['card']} at position {item['position']}")
    elif positions:
        pos = positions[0]
    else:
        raise ValueError(f"{item['player']}'s {column_name(column)} holds no {item['card']}")
    if st.need[1] == "disc":
        return ("disc", seat, place, pos, item.get("disc"))
    return ("target", seat, place, pos)


def _canonical(st: State, action: tuple) -> tuple:
    """The legal option that stands for the same answer (a copy of the named card), or the
    action itself (judged, and refused if it is not legal).

    Only an option standing for several copies (weight > 1: the engine lists equally legal
    copies once) stands for the named one. Where the engine lists every legal card, a card
    it leaves out is not legal even when a copy of it is: of two bare Ghosts in a column,
    only the active player's takes the disc, and the other one named is illegal, not read
    as its twin (majority2-engine.md: "no other matching card is substituted")."""
    options, weights = st.need[2], st.weights
    if action in options or weights is None:
        return action
    key = answer_key(st, action)
    return next((a for a, n in zip(options, weights, strict=True)
                 if n > 1 and answer_key(st, a) == key), action)


def column_name(column: Any) -> str:
    return "score area" if column == AREA else f"column {column}"


def asked(st: State) -> str:
    return _ASKED[st.need[1]]


def describe_action(st: State, action: tuple, names: list[str]) -> str:
    """An ability's choice in a line: `Bo column 2 #1 witches-junior disc red`."""
    if action[0] == "form":
        item = card_item(st, st.cols[st.stack[-1][1]][action[1]])
        return item if isinstance(item, str) else f"{item['card']}@{item['disc']}"
    if action[0] in ("colour", "hand", "column"):
        return str(action[1])
    item = encode_choice(st, action, names)
    text = f"{item['player']} {column_name(item['column'])} #{item['position']} {item['card']}"
    if "disc" in item:
        return f"{text} disc {item['disc']}"
    carried = _entry(st, *action[1:4])[1]  # a card with and without a disc: two answers
    return f"{text} ({carried} disc)" if carried else text


def shown(st: State, options: list, names: list[str]) -> str:
    listed = [describe_action(st, a, names) for a in options[:10]]
    return ", ".join(listed) + (" …" if len(options) > 10 else "")


def refusal(st: State, action: tuple, names: list[str]) -> str:
    """Why an ability's choice is not allowed, in players' words: what was asked, what
    makes this answer illegal, and the answer the rules require (or the legal ones)."""
    try:
        what = describe_action(st, action, names)
        why = _why(st, action, names)
    except (IndexError, KeyError, TypeError, ValueError):
        what, why = repr(action), ""
    answers = distinct_answers(st, st.need[2])
    if len(answers) == 1:
        wanted = f"the rules require {describe_action(st, answers[0], names)}"
    else:
        wanted = f"legal: {shown(st, answers, names)}"
    return f"{what} cannot be chosen{why} ({asked(st)}; {wanted})"


def _why(st: State, action: tuple, names: list[str]) -> str:
    cfg = st.cfg
    frame = st.stack[-1]
    if action[0] == "form":
        entry = st.cols[frame[1]][action[1]]
        if entry[1] is None and cfg.colour[entry[0]] is None:
            return ": a bare Ghost has no colour"
        return ": a representative must be of a colour with 3 or more cards in the column"
    if action[0] not in ("target", "disc"):
        return ""
    seat, place, pos = action[1:4]
    name = names[seat]
    if place == "area":
        return _why_area(st, frame, action, name)
    ci = seat * 3 + place - 1
    column = st.cols[ci]
    if action[0] == "target":
        if frame[0] == "take" and ci not in frame[1]:
            return f": {name}'s column {place} is not one this ability chooses from"
        if protected(cfg, column):
            guard = next(e[0] for e in column if cfg.protects[e[0]])
            return f": {name}'s column {place} is protected by an {cfg.title(guard)}"
        return ""
    if column[pos][1]:
        return ": that card already carries a disc"
    targets = disc_targets(st, frame[2])  # a disc is placed by a "discs" frame only
    if not any(t[:2] == (seat, place) for t in targets):
        return f": this ability cannot put a disc in {name}'s column {place}"
    ghost = _why_ghost(st, column, pos, f"{name}'s column {place}", names)
    if ghost:
        return ghost
    if (seat, place, pos) not in targets:
        return ": this ability cannot put a disc on that card"
    return _why_colour(st, frame, action[4])


def _why_ghost(st: State, column: list, pos: int, where: str, names: list[str]) -> str:
    """A disc meant for a column with a bare Ghost goes to that Ghost; with a bare Ghost of
    each player there, to the active player's."""
    magnet = st.cfg.magnet
    bare = [e for e in column if e[1] is None and magnet[e[0]]]
    if bare and not magnet[column[pos][0]]:
        return f": {where} holds a bare Ghost, which must take the disc"
    owners = [e[2] for e in bare]
    if column[pos][2] != st.active and owners.count(st.active) == 1:
        return (f": {where} holds two bare Ghosts: the disc must go to "
                f"{names[st.active]}'s own (the active player's)")
    return ""


def _why_area(st: State, frame: tuple, action: tuple, name: str) -> str:
    cfg = st.cfg
    if frame[0] == "areadiscard":
        if action[1] == st.active:
            return ": the card must come from the opponent's score area"
        rank = frame[1]
        area = st.areas[action[1]]
        if rank and cfg.rank[area[action[3]][0]] != rank and \
                any(cfg.rank[k] == rank for k, _ in area):
            return f": {name} must choose a {rank.title()} while their score area holds one"
        return ""
    if action[0] == "disc" and st.areas[action[1]][action[3]][1]:
        return ": that card already carries a disc"
    return _why_colour(st, frame, action[4]) if action[0] == "disc" else ""


def _why_colour(st: State, frame: tuple, colour: Any) -> str:
    if frame[0] != "discs":
        return ""
    if colour in frame[3]:
        return f": this ability already placed the {colour} disc"
    if frame[1] is None and colour in st.cfg.discs and disc_place(st, colour) is not None:
        return f": the {colour} disc is not in the supply"
    return ""
