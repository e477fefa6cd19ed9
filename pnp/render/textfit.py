"""Fit a text into a box: shrink from the layout's size down to its minimum, wrapping
at spaces where the layout allows. No fit at the minimum is the caller's error to raise:
silent overflow is how home-printed cards end up with words running off the edge.

The sizes tried are `size`, `size - STEP`, ... down to `min_size`, clamped to
MIN_SIZE..MAX_SIZE, and searched by bisection: a text that fits at some size fits at every
smaller one (widths scale with the size, so greedy wrapping needs no more lines), so the
answer is the one a step-by-step scan would find, in a bounded number of tries whatever
the layout says."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.render.fonts import string_width

LEADING = 1.18
STEP = 0.5
MIN_SIZE = 1.0
MAX_SIZE = 200.0


@dataclass(frozen=True)
class FittedText:
    lines: tuple[str, ...]
    size: float

    @property
    def leading(self) -> float:
        return self.size * LEADING


def fit_text(text: str, font: str, width: float, height: float, size: float,
             min_size: float, wrap: bool, max_lines: int | None = None) -> FittedText | None:
    """The largest size (≤ `size`, ≥ `min_size`, in STEP pt) at which `text` fits the box
    of `width` × `height` points, with its lines; None when nothing fits."""
    paragraphs = text.split("\n")
    size = min(size, MAX_SIZE)
    min_size = max(min_size, MIN_SIZE)
    if size < min_size - 1e-9:
        return None
    steps = int((size - min_size) / STEP + 1e-9)  # sizes size - k * STEP, k = 0..steps

    def attempt(k: int) -> FittedText | None:
        current = round(size - k * STEP, 2)
        lines = _lines_at(paragraphs, font, current, width, wrap)
        if lines is None or (max_lines is not None and len(lines) > max_lines):
            return None
        block = current + (len(lines) - 1) * current * LEADING
        return FittedText(tuple(lines), current) if block <= height + 1e-6 else None

    best = attempt(steps)
    if best is None:
        return None
    low, high = 0, steps  # the first k that fits lies in low..high; `high` fits
    while low < high:
        mid = (low + high) // 2
        fitted = attempt(mid)
        if fitted is None:
            low = mid + 1
        else:
            high, best = mid, fitted
    return best


def _lines_at(paragraphs: list[str], font: str, size: float, width: float,
              wrap: bool) -> list[str] | None:
    lines: list[str] = []
    for paragraph in paragraphs:
        if not wrap:
            if string_width(paragraph, font, size) > width:
                return None
            lines.append(paragraph)
            continue
        wrapped = _wrap(paragraph, font, size, width)
        if wrapped is None:
            return None
        lines += wrapped
    return lines


def _wrap(paragraph: str, font: str, size: float, width: float) -> list[str] | None:
    """Greedy word wrap; None if a single word is wider than the box."""
    lines, current = [], ""
    for word in paragraph.split():
        if string_width(word, font, size) > width:
            return None
        candidate = f"{current} {word}" if current else word
        if string_width(candidate, font, size) <= width:
            current = candidate
        else:
            lines.append(current)
            current = word
    lines.append(current)
    return lines
