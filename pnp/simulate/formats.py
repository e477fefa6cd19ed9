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
    """A mean with its interval; one with no spread (or one game) has none."""
    if mean["mean"] is None:
        return none
    if mean["low"] is None:
        return f"{mean['mean']:.{digits}f} (no spread)"
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


def diff(d: dict, digits: int, scale: float = 1) -> str:
    """A difference with its interval, e.g. `+0.12 [+0.05, +0.19]`; one whose games never
    varied and has nothing to bound it, `+0.00 (no spread)`."""
    if d["difference"] is None:
        return "-"
    if d["low"] is None:
        return (f"{scale * d['difference']:+.{digits}f} (no spread)"
                if d.get("method") == "no information" else "-")
    return (f"{scale * d['difference']:+.{digits}f} [{scale * d['low']:+.{digits}f}, "
            f"{scale * d['high']:+.{digits}f}]")
