"""`docs/rulings.md` as a page with an anchor on every ruling, and the link from a verdict's
violation, tie-break or rule option to the ruling that decides it.

The document is the project's one statement of its rulings (the rule sheets and the
checker follow it); the app renders it rather than restating any of it. The Markdown is the
small subset the document uses: headings, paragraphs, one-level lists, `**bold**`,
`*italic*` and `code`. Each ruling is found by a phrase of its own text, so a link keeps
pointing at the right ruling when rulings are added around it; a violation is linked by
its kind (a stable id the checker gives it), never by the words of its message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from html import escape

from pnp.content.paths import docs_dir

PAGE = "rulings.html"
"""The rulings page, as the app's pages link it (relative: the app also works from a
folder of a static site)."""

_SECTIONS = {"How `pnp check` judges a record": "judging",
             "Reading records: unusual but readable input": "reading"}
_INLINE = re.compile(r"`([^`]+)`|\*\*(.+?)\*\*|\*(.+?)\*")


@dataclass(frozen=True)
class Block:
    """A heading, paragraph or list item of the document, with its anchor."""

    kind: str  # "h1", "h2", "p" or "li"
    text: str
    anchor: str
    section: str


@cache
def blocks() -> tuple[Block, ...]:
    text = (docs_dir() / "rulings.md").read_text("utf-8")
    found: list[Block] = []
    section = "intro"
    used: set[str] = set()
    for kind, body in _chunks(text):
        if kind == "h2":
            game = re.search(r"\(`([a-z0-9-]+)`\)", body)
            section = game.group(1) if game else _SECTIONS.get(body, _slug(body))
            anchor = section
        elif kind == "h1":
            anchor = "top"
        else:
            lead = re.match(r"\*\*(.+?)\*\*", body)
            anchor = f"{section}-{_slug(lead.group(1) if lead else ' '.join(body.split()[:4]))}"
        while anchor in used:
            anchor += "-x"
        used.add(anchor)
        found.append(Block(kind, body, anchor, section))
    return tuple(found)


def _chunks(text: str):
    """(kind, text) for each heading, paragraph and list item, lines joined."""
    kind, lines = None, []
    for line in text.splitlines() + [""]:
        if line.startswith("#") or line.startswith("- ") or not line.strip():
            if kind and lines:
                yield kind, " ".join(lines)
            kind, lines = None, []
            if line.startswith("#"):
                level = len(line) - len(line.lstrip("#"))
                yield f"h{min(level, 2)}", line.lstrip("#").strip()
            elif line.startswith("- "):
                kind, lines = "li", [line[2:].strip()]
            continue
        if kind is None:
            kind = "p"
        lines.append(line.strip())


def inline_html(text: str) -> str:
    """The inline Markdown of one block as HTML, everything else escaped."""
    out, pos = [], 0
    for match in _INLINE.finditer(text):
        out.append(escape(text[pos:match.start()]))
        code, bold, italic = match.groups()
        if code is not None:
            out.append(f"<code>{escape(code)}</code>")
        elif bold is not None:
            out.append(f"<strong>{inline_html(bold)}</strong>")
        else:
            out.append(f"<em>{inline_html(italic)}</em>")
        pos = match.end()
    out.append(escape(text[pos:]))
    return "".join(out)


def page_html() -> str:
    """The whole document as HTML (lists grouped), each block with its `id`."""
    html, in_list = [], False
    for block in blocks():
        if (block.kind == "li") != in_list:
            html.append("<ul>" if not in_list else "</ul>")
            in_list = not in_list
        tag = {"h1": "h1", "h2": "h2", "p": "p", "li": "li"}[block.kind]
        html.append(f'<{tag} id="{block.anchor}">{inline_html(block.text)}</{tag}>')
    if in_list:
        html.append("</ul>")
    return "\n".join(html)


def anchor(section: str, phrase: str) -> str:
    """The anchor of the first block of `section` whose text holds `phrase` (the section's
    own anchor when none does)."""
    phrase = phrase.lower()
    for block in blocks():
        if block.section == section and phrase in block.text.lower():
            return block.anchor
    return section


def _slug(text: str) -> str:
    text = re.sub(r"[`*]", "", text).lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:40] or "item"


RULINGS = {
    "wrong-claim": ("judging", "every wrong claim"),
    "player-count": ("reading", "player count"),
    "after-end": ("judging", "after the game or the round"),
    "round-stops-early": ("judging", "earlier round that stops early"),
    "vote-when-out": ("judging", "already out"),
    "missing-vote": ("judging", "missing vote"),
    "cards-held-differ": ("majority", "point cards"),
    "card-supply": ("majority", "point cards"),
    "not-ended": ("majority2", "5 or more formed factions"),
    "card-over-deck": ("majority2", "secretary ×3"),
    "promo-over-deck": ("majority2", "promo member takes the place"),
    "disc-twice": ("majority2", "one per colour"),
    "negative-coins": ("reading", "negative count is its own violation"),
    "coin-supply": ("reading", "more than 40 coins"),
    "illegal-entry": ("majority2", None),
    "end-mismatch": ("majority2", "5 or more formed factions"),
    "out-of-turn": ("judging", "out of turn"),
    "closed-stack": ("reading", "closed by a 20"),
    "not-higher": ("d20-stacks", "strictly higher"),
    "no-such-stack": ("judging", "does not exist"),
    "new-stack-not-allowed": ("d20-stacks", "only_if_blocked"),
    "unequal-cards": ("judging", "unequal numbers"),
    "value-over-deck": ("judging", "more often than the deck"),
}
"""The ruling that decides each kind of violation (`pnp.games.verdict.FINDINGS`): its
section and a phrase of its text. A phrase of None links to the section itself, on purpose:
an illegal entry in a Majority 2 log breaks whichever of the game's rules it breaks."""

_TIE_BREAKS = {"non-start-player": ("majority2", "without* the start marker"),
               "final-round-score": ("majority-rules", "final round"),
               "shared": None}


def violation_link(kind: str) -> str:
    """The ruling of a kind of violation (a key of FINDINGS)."""
    section, phrase = RULINGS[kind]
    return f"{PAGE}#{anchor(section, phrase) if phrase else section}"


def tie_break_link(game: str, tie_break: str) -> str:
    where = _TIE_BREAKS.get(tie_break)
    if where is None:  # a shared win: the game's own word on ties
        phrase = {"majority": "share the win", "majority-rules": "win is shared",
                  "d20-stacks": "equal points"}.get(game, "")
        return f"{PAGE}#{anchor(game, phrase)}"
    return f"{PAGE}#{anchor(*where)}"


def option_link(game: str, option: str) -> str:
    return f"{PAGE}#{anchor(game, f'option `{option}`')}"
