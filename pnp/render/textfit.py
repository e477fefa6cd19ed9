"""Fit a text into a box: shrink from the layout's size down to its minimum, wrapping
at spaces where the layout allows. No fit at the minimum is the caller's error to raise:
silent overflow is how home-printed cards end up with words running off the edge.

The sizes tried are `size`, `size - STEP`, ... down to `min_size`, clamped to
MIN_SIZE..MAX_SIZE, and searched by bisection: a text that fits at some size fits at every
smaller one (widths scale with the size, so greedy wrapping needs no more lines), so the
answer is the one a step-by-step scan would find, in a bounded number of tries whatever
the layout says.

A soft hyphen (U+00AD) in a word marks a place where it may break, with a hyphen drawn at
the end of the line; otherwise it is invisible. Breaking is the last resort: a text breaks
at its soft hyphens only when it does not fit whole anywhere in the size range, so a long
word prints unbroken as long as it can. Greedy breaking keeps the search's premise: at a
smaller size each line holds at least as much, so a text that fits still fits."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.content.wordlist import SOFT_HYPHEN
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
    of `width` × `height` points, with its lines (never holding a soft hyphen); None when
    nothing fits, even broken at its soft hyphens."""
    whole = _fit(text.replace(SOFT_HYPHEN, ""), font, width, height, size, min_size, wrap,
                 max_lines, False)
    if whole is not None or SOFT_HYPHEN not in text or not wrap:
        return whole
    return _fit(text, font, width, height, size, min_size, wrap, max_lines, True)


def _fit(text: str, font: str, width: float, height: float, size: float, min_size: float,
         wrap: bool, max_lines: int | None, hyphenate: bool) -> FittedText | None:
    paragraphs = text.split("\n")
    size = min(size, MAX_SIZE)
    min_size = max(min_size, MIN_SIZE)
    if size < min_size - 1e-9:
        return None
    steps = int((size - min_size) / STEP + 1e-9)  # sizes size - k * STEP, k = 0..steps

    def attempt(k: int) -> FittedText | None:
        current = round(size - k * STEP, 2)
        lines = _lines_at(paragraphs, font, current, width, wrap, hyphenate)
        if lines is None or (max_lines is not None and len(lines) > max_lines):
            return None
        block = current + (len(lines) - 1) * current * LEADING
        return FittedText(tuple(lines), current) if block <= height + 1e-6 else None

    largest = attempt(0)
    if largest is not None:  # most texts fit at their layout's size: nothing to search
        return largest
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
              wrap: bool, hyphenate: bool = False) -> list[str] | None:
    lines: list[str] = []
    for paragraph in paragraphs:
        if not wrap:
            if string_width(paragraph, font, size) > width:
                return None
            lines.append(paragraph)
            continue
        wrapped = _wrap(paragraph, font, size, width, hyphenate)
        if wrapped is None:
            return None
        lines += wrapped
    return lines


def _wrap(paragraph: str, font: str, size: float, width: float,
          hyphenate: bool = False) -> list[str] | None:
    """Greedy word wrap, breaking a word at its soft hyphens when `hyphenate`; None if a
    word (or a piece between soft hyphens) is wider than the box."""
    lines, current = [], ""
    for word in paragraph.split():
        pieces = word.split(SOFT_HYPHEN) if hyphenate else [word]
        while pieces:
            placed = _longest_head(pieces, current, font, size, width)
            if placed == 0:
                if not current:
                    return None
                lines.append(current)
                current = ""
                continue
            head = "".join(pieces[:placed]) + ("-" if placed < len(pieces) else "")
            current = f"{current} {head}" if current else head
            pieces = pieces[placed:]
            if pieces:
                lines.append(current)
                current = ""
    lines.append(current)
    return lines


def _longest_head(pieces: list[str], current: str, font: str, size: float,
                  width: float) -> int:
    """How many leading pieces of a word fit after `current` on this line (a hyphen
    ending the line when the word goes on); 0 when not even the first does."""
    for count in range(len(pieces), 0, -1):
        head = "".join(pieces[:count]) + ("-" if count < len(pieces) else "")
        candidate = f"{current} {head}" if current else head
        if string_width(candidate, font, size) <= width:
            return count
    return 0
