"""Inline Markdown (`**bold**`, `*italic*`) to reportlab paragraph markup.

Only asterisks mark emphasis: underscores are literal, because rule texts name checker
options such as `free_play_ignores_requirements` that must print exactly as typed. Text is
escaped for reportlab's mini-HTML, so `<`, `>` and `&` print as themselves.
"""

from __future__ import annotations

import re

from pnp.errors import DataError, Location

_TOKEN = re.compile(r"\\[\\*|]|\*\*|\*")
_UNSUPPORTED = [
    (re.compile(r"`"), "code spans (`...`) are not supported"),
    (re.compile(r"!?\[[^\]]*\]\([^)]*\)"), "links and inline images are not supported"),
    (re.compile(r"</?[A-Za-z][^>]*>"), "HTML tags are not supported"),
    (re.compile(r"(?<![\w\\])__?[^\W_][^_]*?__?(?!\w)"),
     "underscore emphasis is not supported; use *italic* or **bold**"),
]
_TAGS = {"**": "b", "*": "i"}
# "P = 1", "50 × 1", "4 + 1": keep short formulas on one line.
_TIGHT = re.compile(r"(?<=\S) ([=×+]) (?=\S)")


def escape(text: str) -> str:
    """`&`, `<` and `>` as entities, for reportlab's mini-HTML (xml.sax.saxutils does the
    same, but importing it pulls in urllib and http.client: 14 ms of every build)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def unescape(text: str) -> str:
    """`escape` undone."""
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def inline_markup(text: str, where: Location) -> str:
    """Reportlab markup for one line's text; DataError (file:line) for what we don't support."""
    for pattern, message in _UNSUPPORTED:
        match = pattern.search(text)
        if match:
            raise DataError(where.problem(f"{message}: {match.group(0)!r}"))
    out: list[str] = []
    open_tags: list[str] = []
    pos = 0
    for match in _TOKEN.finditer(text):
        out.append(escape(text[pos:match.start()]))
        pos = match.end()
        token = match.group(0)
        if token.startswith("\\"):
            out.append(escape(token[1]))
            continue
        tag = _TAGS[token]
        if open_tags and open_tags[-1] == tag:
            open_tags.pop()
            out.append(f"</{tag}>")
        elif tag in open_tags:
            raise DataError(where.problem(f"overlapping bold and italic near {token!r}; "
                                          "close the inner one first"))
        else:
            open_tags.append(tag)
            out.append(f"<{tag}>")
    out.append(escape(text[pos:]))
    if open_tags:
        marker = "**" if open_tags[-1] == "b" else "*"
        raise DataError(where.problem(f"unclosed {marker!r}: every {marker} needs a closing "
                                      f"{marker} on the same line (write \\* for a literal *)"))
    return _TIGHT.sub("\u00a0\\1\u00a0", "".join(out))


def plain_text(markup: str) -> str:
    """The text a reader sees, without tags or escapes (for measuring and titles)."""
    return unescape(re.sub(r"</?[bi]>", "", markup))
