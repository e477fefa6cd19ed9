"""Small explicit Majority 2 engine states for scenario tests, and a readable view of one."""

from __future__ import annotations

from functools import cache

from pnp.games.gamedata import load_content
from pnp.games.majority2 import engine as m2
from pnp.games.majority2.state import State, set_deck


@cache
def content():
    return load_content("majority2")


@cache
def config(promos: str | tuple = "all", ignore: bool = False, round_limit: int | None = None):
    return m2.make_config(content(), promos=promos, start_player=0, round_limit=round_limit,
                          rules={"free_play_ignores_requirements": ignore})


def _counts(cfg, cards) -> tuple[int, ...]:
    counts = [0] * len(cfg.ids)
    for card in cards or ():
        counts[cfg.index[card]] += 1
    return tuple(counts)


def _entry(cfg, item, owner, uid):
    if isinstance(item, str):
        item = (item,)
    card, disc, who = (*item, None, None)[:3]
    return (cfg.index[card], disc, owner if who is None else who, uid)


PHASES = {"play": (("play",),), "free": (("free",), ("play",)),
          "round": (("exchange",), ("drawq",), ("free",), ("play",))}


def build(cfg=None, *, active=0, hands=((), ()), reserves=((), ()), cols=None,
          areas=((), ()), up=(0, 0), down=(0, 0), deck=(), discard=(), phase="play",
          round=5, forced=(False, False)) -> State:
    """A state in `phase` of `active`'s round. `cols`: {(seat, column 1-3): [card, (card,
    disc), (card, disc, owner)]} listed from head (oldest) to foot; `deck`: the cards left
    (so every draw is forced when one kind is left)."""
    cfg = cfg or config()
    st = State.__new__(State)
    st.cfg = cfg
    set_deck(st, _counts(cfg, deck))
    st.discard = list(_counts(cfg, discard))
    st.hands = [[cfg.index[c] for c in h] for h in hands]
    st.reserves = [[cfg.index[c] for c in r] for r in reserves]
    columns = [()] * 6
    uid = 0
    for (seat, col), items in (cols or {}).items():
        entries = []
        for item in items:
            uid += 1
            entries.append(_entry(cfg, item, seat, uid))
        columns[seat * 3 + col - 1] = entries
    st.cols = [list(column) for column in columns]
    st.areas = tuple(tuple((cfg.index[a], None) if isinstance(a, str) else (cfg.index[a[0]], a[1])
                           for a in area) for area in areas)
    st.up, st.down = tuple(up), tuple(down)
    st.active = active
    st.round = round
    st.forced = tuple(forced)
    st.stack = [("round",), ("cleanup",), *PHASES[phase][::-1]]
    st.uid = uid
    st.stalled = 0
    st.events = None
    st.need = None
    st.weights = None
    st.end = None
    st.memo = None
    m2._run(st)
    return st


def run(st: State, *actions) -> State:
    for action in actions:
        st = m2.apply(st, action)
    return st


def view(st: State) -> dict:
    """Cards by id: columns (head to foot, `id@disc`), areas, hands, reserves, discards."""
    cfg = st.cfg

    def name(kind, disc):
        return cfg.ids[kind] + (f"@{disc}" if disc else "")

    return {
        "cols": {(ci // 3, ci % 3 + 1): [name(e[0], e[1]) for e in column]
                 for ci, column in enumerate(st.cols) if column},
        "areas": [[name(k, d) for k, d in area] for area in st.areas],
        "hands": [sorted(cfg.ids[k] for k in h) for h in st.hands],
        "reserves": [sorted(cfg.ids[k] for k in r) for r in st.reserves],
        "discard": sorted(cfg.ids[k] for k, n in enumerate(st.discard) for _ in range(n)),
        "coins": [(st.up[s], st.down[s]) for s in (0, 1)],
    }
