"""Rule sheets and quick references: a Markdown-subset text in, a paginated PDF out.

Reading checks the text line by line before any layout: encoding and mojibake, characters
the font lacks, unsupported Markdown, unknown diagrams. Every such problem names the file
and line, so a translator can fix their text without reading Python.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pnp.content.jsonfile import read_text
from pnp.content.wordlist import mojibake_fix
from pnp.errors import DataError, FitError, Problem
from pnp.render.diagram import DiagramLibrary, diagram_flowable, diagram_problems
from pnp.render.fonts import STYLES, FontSet, face_file, face_label, missing_glyphs
from pnp.render.rulesheet.document import (
    Margins,
    PageSetup,
    RenderedPdf,
    render_one_page,
    render_pdf,
)
from pnp.render.rulesheet.flowables import block_flowables
from pnp.render.rulesheet.markdown import (
    Block,
    DiagramRef,
    Heading,
    ListBlock,
    Note,
    Para,
    TableBlock,
    parse_markdown,
)

QUICK_MARGINS = Margins(side=13.0, top=12.0, bottom=12.0)
# Unicode category Cc (C0 and C1 control characters) except the tab.
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")


@dataclass(frozen=True)
class RuleText:
    """A parsed, checked rule text ready to lay out on any paper."""

    file: str
    title: str
    blocks: tuple[Block, ...]
    language: str | None = None


def load_rule_text(path: Path, fonts: FontSet, diagrams: DiagramLibrary,
                   settings: Mapping[str, str] | None = None) -> RuleText:
    """Read and check `path` completely; DataError/FitError listing what is wrong. The
    language code in the name (`<game>.<lang>.md`) picks translated diagrams; `settings`
    gives the words of each `{setting:NAME}` and `{setting:NAME=VALUE}` (the game's
    strings file in the text's language)."""
    text = read_text(path)
    file = str(path)
    _check_size(text, file)
    text = fill_settings(text, file, settings or {})
    _check_lines(text, file, fonts)
    blocks = parse_markdown(text, file)
    if not blocks:
        raise DataError(Problem(file, "the rule text is empty: write at least a # title",
                                line=1))
    _check_paragraphs(blocks, file)
    language = language_of(path)
    _check_diagrams(blocks, file, fonts, diagrams, language)
    title = next((b.plain for b in blocks if isinstance(b, Heading) and b.level == 1),
                 path.stem)
    return RuleText(file, title, tuple(blocks), language)


_SETTING = re.compile(r"\{setting:([^{}]*)\}")


def fill_settings(text: str, file: str, settings: Mapping[str, str]) -> str:
    """The text with each `{setting:NAME}` or `{setting:NAME=VALUE}` (a rule setting of
    the score checker) written in the strings file's words, so a rule sheet names a
    setting as the kit's language does; DataError (file:line) for one it does not know."""
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        problems += [Problem(file, f"unknown setting {{setting:{key}}}; known: "
                                   f"{', '.join(sorted(settings)) or 'none'}", line=number)
                     for key in _SETTING.findall(line) if key not in settings]
    if problems:
        raise DataError(problems)
    return _SETTING.sub(lambda match: settings[match.group(1)], text)


def language_of(path: Path) -> str | None:
    """The language code of a text named `<game>[.quick-reference].<lang>.md`, if any."""
    match = re.search(r"\.([a-z]{2})$", path.stem)
    return match.group(1) if match else None


# A rule sheet is a few pages (the largest shipped text: 27 KB, 320 lines, paragraphs of
# 640 characters). Far past that, layout time grows with the square of a paragraph's
# length: a 500 KB text of one paragraph ran for minutes. These bounds end it at once.
RULE_TEXT_KB = 256
MAX_RULE_LINES = 5_000
MAX_PARAGRAPH = 4_000


def _check_size(text: str, file: str) -> None:
    """DataError for a text over RULE_TEXT_KB or MAX_RULE_LINES (both said at once)."""
    problems = []
    lines = text.count("\n") + 1
    if lines > MAX_RULE_LINES:
        problems.append(Problem(file, f"{lines:,} lines; a rule text may have at most "
                                      f"{MAX_RULE_LINES:,} (a rule sheet is a few pages)"))
    size = len(text.encode("utf-8"))
    if size > RULE_TEXT_KB * 1024:
        problems.append(Problem(file, f"{size / 1024:,.0f} KB is more than the "
                                      f"{RULE_TEXT_KB} KB limit for a rule text"))
    if problems:
        raise DataError(problems)


def _check_paragraphs(blocks: list[Block], file: str) -> None:
    """DataError for a paragraph, list item or table cell over MAX_PARAGRAPH characters."""
    problems = []
    for block in blocks:
        for text in _texts(block):
            if len(text) > MAX_PARAGRAPH:
                problems.append(Problem(file, f"a paragraph of {len(text):,} characters; at "
                                              f"most {MAX_PARAGRAPH:,} (leave a blank line "
                                              "between paragraphs)", line=block.line))
    if problems:
        raise DataError(problems)


def _texts(block: Block) -> list[str]:
    if isinstance(block, Para):
        return [block.text]
    if isinstance(block, ListBlock):
        return list(block.items)
    if isinstance(block, TableBlock):
        return [cell for row in (block.header, *block.rows) for cell in row]
    if isinstance(block, Note):
        return [t for part in block.body for t in _texts(part)]
    return []


def least_lines(blocks: tuple[Block, ...]) -> int:
    """The fewest lines of text the blocks can take: one per heading, paragraph, list
    item, table row (the header too) and box title."""
    count = 0
    for block in blocks:
        if isinstance(block, ListBlock):
            count += len(block.items)
        elif isinstance(block, TableBlock):
            count += 1 + len(block.rows)
        elif isinstance(block, Note):
            count += 1 + least_lines(block.body)
        elif not isinstance(block, DiagramRef):
            count += 1
    return count


def _check_lines(text: str, file: str, fonts: FontSet) -> None:
    """Mojibake, control characters and glyphs the fonts lack, every line at once."""
    problems = []
    faces = sorted({fonts.name(style) for style in STYLES})
    for number, line in enumerate(text.splitlines(), start=1):
        fixed = mojibake_fix(line)
        if fixed:
            problems.append(Problem(file, "looks garbled by a wrong text encoding (mojibake); "
                                          f"did you mean: {fixed.strip()[:60]!r}?", line=number))
        if _CONTROL.search(line):
            problems.append(Problem(file, "contains a control character", line=number))
        lacking = {face: missing_glyphs(line, face) for face in faces}
        missing = sorted({c for chars in lacking.values() for c in chars})
        if missing:
            shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing)
            problems.append(Problem(file, f"character(s) {_lacking_faces(lacking)} "
                                          f"lack(s): {shown}; use --font with a TTF that "
                                          "has them", line=number))
    if problems:
        raise FitError(problems)


def _lacking_faces(lacking: dict[str, list[str]]) -> str:
    """`the bold face (X-Bold.ttf)`, or every face's file when none has them."""
    short = [face for face, chars in lacking.items() if chars]
    if len(short) == len(lacking) > 1:
        return f"every face of the font ({', '.join(face_file(f) for f in short)})"
    return " and ".join(face_label(face) for face in short)


def _check_diagrams(blocks: list[Block], file: str, fonts: FontSet,
                    diagrams: DiagramLibrary, language: str | None) -> None:
    problems = []
    for block in blocks:
        if not isinstance(block, DiagramRef):
            continue
        diagram = diagrams.get(block.name, language)
        if diagram is None:
            known = ", ".join(diagrams.names()) or "none"
            problems.append(Problem(file, f"unknown diagram {block.name!r}; known: {known}",
                                    line=block.line))
        else:
            problems += diagram_problems(diagram, fonts)
    if problems:
        raise DataError(problems)


def render_rule_text(rules: RuleText, paper: str, fonts: FontSet, diagrams: DiagramLibrary,
                     one_page: bool = False, subject: str = "Rules") -> RenderedPdf:
    """Lay the text out on `paper`: paginated, or squeezed onto one page (quick reference)."""

    def content(styles, width):
        def make(ref: DiagramRef, caption):
            return diagram_flowable(diagrams.get(ref.name, rules.language), fonts, caption)

        return block_flowables(list(rules.blocks), styles, width, make)

    if one_page:
        setup = PageSetup(paper, rules.title, subject, fonts, QUICK_MARGINS, header=False)
        return render_one_page(setup, content, rules.file, least_lines(rules.blocks))
    return render_pdf(PageSetup(paper, rules.title, subject, fonts), content)


__all__ = ["RenderedPdf", "RuleText", "load_rule_text", "render_rule_text"]
