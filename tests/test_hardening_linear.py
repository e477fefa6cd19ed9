"""The word check is linear in the length of the list (issue 32, W03): checking twice the
words does about twice the work. Counted in operations, not timed: the packer's looks at a
page, and the comparisons of problems with each other and with the words."""

from __future__ import annotations

import random

from pnp.errors import Problem
from pnp.kits import word_lists
from pnp.render import packing
from pnp.render.geometry import Size
from pnp.render.packing import PackItem, pack

POKER = Size(63, 88)


def _counting(monkeypatch, owner, name: str) -> list[int]:
    calls = [0]
    original = getattr(owner, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)
    monkeypatch.setattr(owner, name, counted)
    return calls


def test_packing_looks_at_each_page_a_bounded_number_of_times(monkeypatch):
    """Each card goes on the first page with room: the pages before it, full for its kind,
    are not looked at again (2,000 cards looked at ~25,000 pages before)."""
    looks = _counting(monkeypatch, packing._Page, "capacity")
    pages = pack([[PackItem(i, POKER)] for i in range(2000)], "a4")
    assert sum(len(p.items) for p in pages) == 2000 and len(pages) == 223
    assert looks[0] <= 2000 + 4 * len(pages), looks[0]  # was ~223,000


def _long_words(tmp_path, count: int):
    rng = random.Random(count)
    words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(60))
             for _ in range(count)]
    path = tmp_path / f"long-{count}.txt"
    path.write_text("\n".join(words), "utf-8")
    return path


def test_a_list_of_words_that_do_not_fit_is_checked_in_linear_work(monkeypatch, tmp_path):
    """Every word too long for its card: each problem was compared with every other (and
    every word with every problem), so 9,999 words took 405 s in the server."""
    compared = _counting(monkeypatch, Problem, "__eq__")
    matched = _counting(monkeypatch, word_lists, "_does_not_fit")
    work = []
    for count in (150, 300):
        compared[0] = matched[0] = 0
        found = word_lists.check_word_list(_long_words(tmp_path, count))
        assert len(found.problems) == 2 * count and found.cleaned == []
        assert matched[0] == count  # each word against its own place's problems
        work.append(compared[0])
    assert work[1] <= 2.2 * work[0] + 50, work
