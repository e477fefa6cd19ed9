"""How the terminal table and the HTML page write numbers: rates and means with their
intervals, signed differences, p-values, and plain text tables."""

from __future__ import annotations


def pct(rate: dict, none: str = "-", width: int = 5) -> str:
    """A rate in percent with its interval; `width` pads the figure (terminal columns)."""
    if rate["rate"] is None:
        return none
    return (f"{100 * rate['rate']:{width}.1f} % [{100 * rate['low']:.1f}, "
            f"{100 * rate['high']:.1f}]")


def num(mean: dict, digits: int = 1, none: str = "-") -> str:
    if mean["mean"] is None:
        return none
    return f"{mean['mean']:.{digits}f} [{mean['low']:.{digits}f}, {mean['high']:.{digits}f}]"


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows, strict=True)]
    fmt = "  ".join(f"{{:{'<' if i == 0 else '>'}{w}}}" for i, w in enumerate(widths))
    return [fmt.format(*header), *(fmt.format(*row) for row in rows)]


def p_text(p: float | None) -> str:
    if p is None:
        return "-"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def narrowed(*fractions: float | None) -> str:
    """How much narrower the paired intervals are (VP, scorer wins), e.g. `12 %, 30 %`."""
    return ", ".join("-" if f is None else f"{100 * f:.0f} %" for f in fractions)


def fixed(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def diff(d: dict, digits: int) -> str:
    if d["difference"] is None or d["low"] is None:
        return "-"
    return f"{d['difference']:+.{digits}f} [{d['low']:+.{digits}f}, {d['high']:+.{digits}f}]"
