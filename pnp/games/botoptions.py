"""Reading a bot's string options (`--bot-option vote.p=0.7`) into typed values.

Bot factories take `Mapping[str, str]` (the engine contract), so each one says which options
it knows and how to read them; an unknown name or a bad value is a UsageError naming it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pnp.errors import UsageError


def read_options(bot: str, options: Mapping[str, str],
                 known: Mapping[str, tuple[Callable[[str], Any], Any]]) -> dict[str, Any]:
    """`known` maps each option to (reader, default); the reader raises ValueError with a
    reason for a bad value. Returns every known option's value."""
    values = {name: default for name, (_, default) in known.items()}
    problems = []
    for name, raw in options.items():
        if name not in known:
            listed = ", ".join(known) or "none"
            problems.append(f"{bot}.{name}: not an option of the {bot} bot (options: {listed})")
            continue
        try:
            values[name] = known[name][0](raw)
        except ValueError as exc:
            problems.append(f"{bot}.{name}={raw}: {exc}")
    if problems:
        raise UsageError(problems)
    return values


def probability(raw: str) -> float:
    """A number from 0 to 1."""
    try:
        value = float(raw)
    except ValueError:
        raise ValueError("expected a number from 0 to 1") from None
    if not 0 <= value <= 1:
        raise ValueError("expected a number from 0 to 1")
    return value


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """A reader of whole numbers from `low` to `high`. Every count a bot takes is bounded:
    a simulation must end (`mc.rollouts=1000000000` would run for ever)."""
    def read(raw: str) -> int:
        try:
            value = int(raw)
        except ValueError:
            raise ValueError(f"expected a whole number from {low} to {high}") from None
        if not low <= value <= high:
            raise ValueError(f"expected {low} to {high}")
        return value
    return read


def number(low: float, high: float) -> Callable[[str], float]:
    """A reader of a finite number from `low` to `high`."""
    def read(raw: str) -> float:
        try:
            value = float(raw)
        except ValueError:
            raise ValueError(f"expected a number from {low:g} to {high:g}") from None
        if not low <= value <= high:  # also refuses nan
            raise ValueError(f"expected a number from {low:g} to {high:g}")
        return value
    return read


def one_of(*choices: str) -> Callable[[str], str]:
    """A reader of one word of `choices`."""
    def read(raw: str) -> str:
        if raw not in choices:
            raise ValueError(f"expected one of: {', '.join(choices)}")
        return raw
    return read
