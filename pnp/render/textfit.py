"""Fit a text into a box: shrink from the layout's size down to its minimum, wrapping
at spaces where the layout allows. No fit at the minimum is the caller's error to raise:
silent overflow is how home-printed cards end up with words running off the edge."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.render.fonts import string_width

LEADING = 1.18
STEP = 0.5


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
    current = size
    while current >= min_size - 1e-9:
        lines = _lines_at(paragraphs, font, current, width, wrap)
        if lines is not None and (max_lines is None or len(lines) <= max_lines):
            block = current + (len(lines) - 1) * current * LEADING
            if block <= height + 1e-6:
                return FittedText(tuple(lines), current)
        current = round(current - STEP, 2)
    return None


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
