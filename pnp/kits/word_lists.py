"""A word list for The Majority checked all at once, for an editor: every problem of every
word (the reader's checks and the build's fit check together), a cleaned list, and a
preview of any card.

`pnp validate` and `pnp build` stop at the first kind of problem (a list with a duplicate
is refused before any word is fitted); an editor wants them all beside their lines in one
pass. The checks are the same code: `content.wordlist.word_problems` for duplicates,
mojibake, control characters and soft hyphens, and the build's preflight on the word deck
of the kit's language for a word that cannot fit its card.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.content.wordlist import (
    SOFT_HYPHEN,
    Word,
    WordCard,
    WordList,
    fold,
    mojibake_fix,
    read_word_list,
    word_problems,
)
from pnp.errors import Problem, UsageError
from pnp.games import get_game
from pnp.games.gamedata import load_content
from pnp.games.majority.printing import word_deck
from pnp.kits.languages import check_language, localized_files
from pnp.kits.preview import SCREEN_DPI, face_png, single_card
from pnp.render.decks import PrintOptions, preflight, sized_by_layouts
from pnp.render.fonts import font_set
from pnp.render.layout import layout_set
from pnp.render.model import Deck

GAME = "majority"


@dataclass
class WordListCheck:
    """What an editor shows: each word as read, every problem (by the word's line or JSON
    path), the warnings (an odd count), and the list cleaned of what can be cleaned."""

    words: WordList
    problems: list[Problem]
    warnings: list[Problem]
    cleaned: list[str]
    left_out: list[Word] = field(default_factory=list)


def check_word_list(path: Path, lang: str | None = None) -> WordListCheck:
    """Every problem of the list at `path` (.txt, .csv or .json) at once; DataError when
    the file cannot be read as a word list at all (not UTF-8, a CSV without a `word`
    column, no words)."""
    words = read_word_list(path)
    deck = word_cards(words, lang)
    unfit = preflight([deck], layout_set(None), font_set(None), PrintOptions())
    problems = sorted(word_problems(words.words()) + unfit,
                      key=lambda p: (p.line or 0, p.path or ""))
    cleaned, left_out = _cleaned(words.words(), lang)
    return WordListCheck(words, problems, list(words.warnings), cleaned, left_out)


def word_cards(words: WordList, lang: str | None = None) -> Deck:
    """The kit's word deck for `words`, in `lang`'s card texts (default English), sized by
    its layout as the build sizes it."""
    if lang is not None:
        check_language(lang, (GAME,))
    overrides = localized_files(GAME, lang) if lang else {}
    content = replace(load_content(GAME, overrides=overrides), words=words)
    return sized_by_layouts([word_deck(content)], layout_set(None))[0]


def card_preview(words: WordList, number: int, lang: str | None = None,
                 dpi: int = SCREEN_DPI) -> tuple[bytes, bytes]:
    """(front, back) PNGs of card `number` (from 1), drawn as the kit prints it."""
    deck = word_cards(words, lang)
    if not 1 <= number <= len(deck.cards):
        raise UsageError(Problem(words.file, f"there is no card {number}; the list makes "
                                             f"{len(deck.cards)} card(s)"))
    one = single_card(deck, deck.cards[number - 1])
    title = get_game(GAME).title
    return (face_png(one, title, "front", dpi), face_png(one, title, "back", dpi))


def _cleaned(words: list[Word], lang: str | None) -> tuple[list[str], list[Word]]:
    """The words a build accepts, in order: repaired mojibake, no control characters,
    soft hyphens only between letters, each word once (the first); a word that still
    cannot fit its card is left out (and returned), since only its writer can shorten it."""
    repaired, seen = [], set()
    for word in words:
        text = _repaired(word.text)
        if text and fold(text) not in seen:
            seen.add(fold(text))
            repaired.append(replace(word, text=text))
    if not repaired:
        return [], []
    cards = [WordCard(*repaired[i:i + 2]) if i + 1 < len(repaired)
             else WordCard(repaired[i], None) for i in range(0, len(repaired), 2)]
    deck = word_cards(WordList(repaired[0].file, cards), lang)
    unfit = _unfit_at(preflight([deck], layout_set(None), font_set(None), PrintOptions()))
    fits = [not _does_not_fit(w, unfit) for w in repaired]
    return ([w.text for w, ok in zip(repaired, fits, strict=True) if ok],
            [w for w, ok in zip(repaired, fits, strict=True) if not ok])


def _unfit_at(problems: list[Problem]) -> dict[tuple, list[str]]:
    """The fit problems' messages by where they are (line, JSON path): each word then
    looks only at its own place's, so the list is cleaned in linear time (matching every
    word against every problem took minutes for 10,000 words that do not fit)."""
    found: dict[tuple, list[str]] = {}
    for p in problems:
        found.setdefault((p.line, p.path), []).append(p.message)
    return found


def _does_not_fit(word: Word, unfit: dict[tuple, list[str]]) -> bool:
    return any(repr(word.text) in message for message in unfit.get((word.line, word.path), ()))


def _repaired(text: str) -> str:
    """The word with what `word_problems` flags mended where a machine can mend it."""
    text = mojibake_fix(text) or text
    text = "".join(c for c in text
                   if c == SOFT_HYPHEN or not unicodedata.category(c).startswith("C"))
    return " ".join(SOFT_HYPHEN.join(piece for piece in part.split(SOFT_HYPHEN) if piece)
                    for part in text.split())
