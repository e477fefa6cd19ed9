"""Parse the rule texts' small Markdown subset into blocks that remember their line.

The subset is deliberately small (headings, paragraphs, bold/italic, one-level lists, pipe
tables, boxed notes, diagram lines) so that a translator's text renders exactly as written.
Anything outside it is an error naming the file and line: a construct we silently printed
as raw characters would otherwise reach a printed rule sheet unnoticed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.errors import DataError, Location, Problem
from pnp.render.rulesheet.inline import inline_markup, plain_text

Line = tuple[int, str]


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    plain: str
    line: int


@dataclass(frozen=True)
class Para:
    text: str
    line: int


@dataclass(frozen=True)
class ListBlock:
    ordered: bool
    start: int
    items: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class TableBlock:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    align: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class Note:
    title: str
    body: tuple[Para | ListBlock, ...]
    line: int


@dataclass(frozen=True)
class DiagramRef:
    name: str
    caption: str
    line: int


Block = Heading | Para | ListBlock | TableBlock | Note | DiagramRef

_HEADING = re.compile(r"^(#{1,3}) +(\S.*?)\s*$")
_BULLET = re.compile(r"^- +(\S.*)$")
_NUMBERED = re.compile(r"^(\d{1,3})\. +(\S.*)$")
_DIAGRAM = re.compile(r"^!\[([^\]]*)\]\(diagram:([a-z0-9]+(?:-[a-z0-9]+)*)\)\s*$")
_SEPARATOR_CELL = re.compile(r"^:?-+:?$")
_UNSUPPORTED = [
    (re.compile(r"^#{4,} "), "headings deeper than ### are not supported"),
    (re.compile(r"^#+[^#\s]"), "a heading needs a space after the #"),
    (re.compile(r"^(```|~~~)"), "code blocks are not supported"),
    (re.compile(r"^\s*([-*_])(\s*\1){2,}\s*$"), "horizontal rules are not supported"),
    (re.compile(r"^[*+] "), "start bullet items with '- '"),
    (re.compile(r"^\d+\) "), "number list items as '1. '"),
    (re.compile(r"^\s+\S"), "indented lines (nested lists, code) are not supported"),
    (re.compile(r"^!\["), "images must be diagrams: ![Caption](diagram:NAME)"),
    (re.compile(r"^\s*<"), "HTML is not supported"),
]


def parse_markdown(text: str, file: str) -> list[Block]:
    """The blocks of a whole rule text; DataError listing every unsupported line."""
    lines = list(enumerate(text.splitlines(), start=1))
    return _Parser(file).blocks(lines, allow_all=True)


class _Parser:
    def __init__(self, file: str):
        self.file = file

    def fail(self, line: int, message: str) -> DataError:
        return DataError(Problem(self.file, message, line=line))

    def inline(self, text: str, line: int) -> str:
        return inline_markup(text, Location(self.file, line))

    def blocks(self, lines: list[Line], allow_all: bool) -> list[Block]:
        out: list[Block] = []
        i = 0
        while i < len(lines):
            number, text = lines[i]
            if not text.strip():
                i += 1
                continue
            self._check_supported(number, text)
            i, block = self._block(lines, i, allow_all)
            out.append(block)
        return out

    def _check_supported(self, number: int, text: str) -> None:
        if _DIAGRAM.match(text):
            return
        for pattern, message in _UNSUPPORTED:
            if pattern.match(text):
                raise self.fail(number, f"{message}: {text.strip()[:40]!r}")

    def _block(self, lines: list[Line], i: int, allow_all: bool) -> tuple[int, Block]:
        number, text = lines[i]
        if _BULLET.match(text) or _NUMBERED.match(text):
            return self._list(lines, i)
        if not allow_all and (text.startswith(("#", "|", ">")) or _DIAGRAM.match(text)):
            raise self.fail(number, "a boxed note may only hold paragraphs and lists")
        if match := _HEADING.match(text):
            markup = self.inline(match.group(2), number)
            return i + 1, Heading(len(match.group(1)), markup, plain_text(markup), number)
        if match := _DIAGRAM.match(text):
            caption = self.inline(match.group(1), number)
            return i + 1, DiagramRef(match.group(2), caption, number)
        if text.startswith("|"):
            return self._table(lines, i)
        if text.startswith(">"):
            return self._note(lines, i)
        return self._paragraph(lines, i)

    def _run(self, lines: list[Line], i: int, belongs) -> tuple[int, list[Line]]:
        """The consecutive lines from `i` on for which `belongs(text)` holds."""
        run = []
        while i < len(lines) and lines[i][1].strip() and belongs(lines[i][1]):
            run.append(lines[i])
            i += 1
        return i, run

    def _paragraph(self, lines: list[Line], i: int) -> tuple[int, Para]:
        i, run = self._run(lines, i, _is_plain)
        for number, text in run:
            self._check_supported(number, text)
        text = " ".join(t.strip() for _, t in run)
        return i, Para(self.inline(text, run[0][0]), run[0][0])

    def _list(self, lines: list[Line], i: int) -> tuple[int, ListBlock]:
        first = lines[i][0]
        ordered = bool(_NUMBERED.match(lines[i][1]))
        pattern = _NUMBERED if ordered else _BULLET
        start = int(_NUMBERED.match(lines[i][1]).group(1)) if ordered else 1
        items: list[tuple[int, str]] = []
        while i < len(lines) and lines[i][1].strip():
            number, text = lines[i]
            match = pattern.match(text)
            if match:
                items.append((number, match.group(match.lastindex)))
            elif _is_plain(text):
                self._check_supported(number, text)
                items[-1] = (items[-1][0], f"{items[-1][1]} {text.strip()}")
            else:
                break
            i += 1
        texts = tuple(self.inline(t, n) for n, t in items)
        return i, ListBlock(ordered, start, texts, first)

    def _table(self, lines: list[Line], i: int) -> tuple[int, TableBlock]:
        i, run = self._run(lines, i, lambda t: t.startswith("|"))
        first = run[0][0]
        if len(run) < 2:
            raise self.fail(first, "a table needs a header row and a |---| separator row")
        header = _cells(run[0][1])
        separator = _cells(run[1][1])
        if not all(_SEPARATOR_CELL.match(c) for c in separator):
            raise self.fail(run[1][0], "the second table row must be the separator, e.g. |---|---|")
        rows = []
        for number, text in run[1:]:
            cells = _cells(text)
            if len(cells) != len(header):
                raise self.fail(number, f"this row has {len(cells)} cell(s) but the header "
                                        f"has {len(header)}")
            if number != run[1][0]:
                rows.append(tuple(self.inline(c, number) for c in cells))
        align = tuple(_alignment(c) for c in separator)
        head = tuple(self.inline(c, first) for c in header)
        return i, TableBlock(head, tuple(rows), align, first)

    def _note(self, lines: list[Line], i: int) -> tuple[int, Note]:
        i, run = self._run(lines, i, lambda t: t.startswith(">"))
        inner = [(n, re.sub(r"^> ?", "", t)) for n, t in run]
        number, title = inner[0]
        match = re.fullmatch(r"\*\*(.+)\*\*\s*", title)
        if not match:
            raise self.fail(number, "a boxed note starts with its title in bold: > **Title**")
        body = self.blocks(inner[1:], allow_all=False)
        return i, Note(self.inline(match.group(1), number), tuple(body), number)


def _is_plain(text: str) -> bool:
    """A line that continues a paragraph (or the list item above it)."""
    starts = (_HEADING, _BULLET, _NUMBERED, _DIAGRAM)
    return not (text.startswith(("|", ">")) or any(p.match(text) for p in starts))


def _cells(text: str) -> list[str]:
    body = text.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", body)]


def _alignment(cell: str) -> str:
    if cell.startswith(":") and cell.endswith(":"):
        return "CENTER"
    return "RIGHT" if cell.endswith(":") else "LEFT"
