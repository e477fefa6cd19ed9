"""An immutable game history that grows by one entry in constant time.

A pure engine returns a new state for every action, and a state that keeps its rounds
as a tuple copies all of them each time a round ends: a game of n rounds then costs
n²/2 copies. Real games have a few dozen rounds, but `pnp check` replays whatever a
record holds, and a 16 MB record of 100,000 rounds took minutes. A `History` shares
everything before its last entry with the history it grew from.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any


class History(Sequence):
    """A tuple-like sequence (len, index, iterate, compare, hash, `+ (item,)`) whose
    append shares the entries before it."""

    __slots__ = ("_previous", "_last", "_length")

    def __init__(self, previous: History | None = None, last: Any = None, length: int = 0):
        self._previous, self._last, self._length = previous, last, length

    @classmethod
    def of(cls, items) -> History:
        history = cls()
        for item in items:
            history = history.then(item)
        return history

    def then(self, item: Any) -> History:
        """This history with `item` after its last entry."""
        return History(self, item, self._length + 1)

    def __add__(self, items) -> History:
        history = self
        for item in items:
            history = history.then(item)
        return history

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator:
        entries, node = [], self
        while node._length:
            entries.append(node._last)
            node = node._previous
        return reversed(entries)

    def __getitem__(self, index):
        if isinstance(index, int) and self._length and index in (-1, self._length - 1):
            return self._last  # the latest round: what engines read, in constant time
        return tuple(self)[index]

    def __eq__(self, other) -> bool:
        if isinstance(other, History):
            return self is other or (self._length == other._length
                                     and tuple(self) == tuple(other))
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"History({list(self)!r})"

    def __reduce__(self):
        """Pickled flat: a linked history thousands deep would exhaust pickle's
        recursion."""
        return History.of, (tuple(self),)


EMPTY = History()
