"""Word lists for The Majority, from JSON, plain text or CSV.

People make word lists in whatever they have at hand: a text editor (one word per line),
a spreadsheet (a `word` column) or the JSON the project ships. All three become the same
`WordList`, and all three get the same checks, reported all at once with file and line:
duplicates (ignoring case and accents), empty entries, and mojibake, the garbling a UTF-8
file suffers when some tool reads it as Windows-1252 or -1250 ("piĂą" for "più").
"""

from __future__ import annotations

import codecs
import csv
import io
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from pnp.content.jsonfile import (
    WORDS_LIMIT,
    LineOnDemand,
    child_path,
    parse_json,
    read_bytes,
)
from pnp.content.schemas import schema_problems
from pnp.errors import DataError, Location, Problem, SchemaError

_MOJIBAKE_ENCODINGS = ("cp1252", "cp1250", "latin-1")
MAX_CARDS = 5000
SOFT_HYPHEN = "\u00ad"
"""A place where a long word may break (with a hyphen) to fit its card; invisible otherwise."""
"""Most word cards a list may make (10,000 words; the schema says the same for JSON)."""


@dataclass(frozen=True)
class Word:
    """One word and where it was written, so later checks (fit, glyphs) can point at it."""

    text: str
    file: str
    line: int | None = None
    path: str | None = None

    def problem(self, message: str) -> Problem:
        return Problem(self.file, message, line=self.line, path=self.path)

    def location(self) -> Location:
        """Where the word was written, for errors found when its card is drawn."""
        return Location(self.file, self.line, self.path)


class _JsonWord(LineOnDemand, Word):
    """A word of a JSON list, its line looked up only for an error about it."""

    def location(self) -> Location:
        return Location(self.file, self.line, self.path) if self._doc is None \
            else self._doc.location(self.path)


@dataclass(frozen=True)
class WordCard:
    """A double-sided word card; `back` is None when the list had an odd number of words."""

    front: Word
    back: Word | None


@dataclass
class WordList:
    """Every card of a word list, its language, and the warnings met while reading it."""

    file: str
    cards: list[WordCard]
    language: str = "en"
    warnings: list[Problem] = field(default_factory=list)

    def words(self) -> list[Word]:
        return [w for c in self.cards for w in (c.front, c.back) if w is not None]


def load_word_list(path: Path) -> WordList:
    """Read a .json, .txt or .csv word list; raise DataError listing every problem
    (SchemaError carrying the list when only its words are at fault)."""
    words_list = read_word_list(path)
    problems = word_problems(words_list.words())
    if problems:
        # The list itself is readable: `usable` lets a validation check the rest of it
        # (does every word fit its card?) and report everything in one go.
        raise SchemaError(problems, usable=words_list)
    return words_list


def read_word_list(path: Path) -> WordList:
    """The cards of a .json, .txt or .csv word list as written, before the word checks
    (`word_problems`), so an editor can show those problems beside every word at once;
    DataError when the file itself cannot be read as a word list."""
    suffix = path.suffix.lower()
    text = _read_text(path)
    if suffix == ".txt":
        words_list = _from_txt(text.removeprefix("\ufeff"), str(path))
    elif suffix == ".csv":
        words_list = _from_csv(text.removeprefix("\ufeff"), str(path))
    elif suffix == ".json":
        # parse_json drops the one byte-order mark itself: dropping one here too let a
        # file starting with two marks through, which `pnp validate` refuses.
        words_list = _from_json(text, str(path))
    else:
        raise DataError(Problem(str(path), "a word list must end in .json, .txt or .csv"))
    if len(words_list.cards) > MAX_CARDS:
        raise DataError(Problem(str(path), f"{len(words_list.cards)} word cards: at most "
                                           f"{MAX_CARDS} (cut the list or split it)"))
    return words_list


def _read_text(path: Path) -> str:
    """UTF-8 text (a byte-order mark kept, for the reader of its kind to drop), or UTF-16
    with its byte-order mark, as Windows Notepad's "Unicode" and Excel's "Unicode text"
    save it; anything else is a located DataError that says how to fix it."""
    raw = read_bytes(path, WORDS_LIMIT)
    name = str(path)
    if raw.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        # Checked before UTF-16: UTF-32-LE's mark starts with UTF-16-LE's, and the file
        # was read as UTF-16 full of NULs ("'\x00A\x00p…' contains a control character").
        raise DataError(Problem(name, "UTF-32 text (it starts with its byte-order mark): "
                                      "save it as UTF-8", line=1))
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError:
            raise DataError(Problem(name, "starts like UTF-16 text but is not: save it as "
                                          "UTF-8")) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = re.split(rb"\r\n|\r|\n", raw[: exc.start])
        line = len(before)
        rest = re.split(rb"\r\n|\r|\n", raw[exc.start:], maxsplit=1)[0]
        guess = (before[-1] + rest).decode("cp1252", "replace").strip()[:60]
        message = f"not UTF-8 text (byte 0x{raw[exc.start]:02x})"
        if _looks_like_text(raw):
            message += (f"; if this line reads {guess!r}, the file is Windows-1252 "
                        "(Latin-1): save it as UTF-8")
        raise DataError(Problem(name, message, line=line)) from None
    if "\0" in text:
        line = len(_LINE_BREAK.split(text[: text.index("\0")]))
        raise DataError(Problem(name, "holds NUL bytes: not text, or UTF-16 saved without "
                                      "a byte-order mark; save it as UTF-8", line=line))
    return text


def _looks_like_text(raw: bytes) -> bool:
    """No control bytes but line breaks and tabs (and none that cp1252 leaves undefined):
    an 8-bit text file rather than an image or other binary one."""
    sample = raw[:65536]
    return not re.search(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x81\x8d\x8f\x90\x9d]", sample)


_LINE_BREAK = re.compile(r"\r\n|\r|\n")
"""What text editors count as a new line (str.splitlines also splits at form feeds, U+2028
and others, which would put every later line number out of step with the editor)."""


def _pair_up(words: list[Word], file: str) -> WordList:
    """Consecutive words become the two faces of a card: 1-2 card 1, 3-4 card 2, ..."""
    if not words:
        raise DataError(Problem(file, "no words found"))
    cards = [
        WordCard(words[i], words[i + 1] if i + 1 < len(words) else None)
        for i in range(0, len(words), 2)
    ]
    result = WordList(file, cards)
    if len(words) % 2:
        last = words[-1]
        result.warnings.append(
            last.problem(f"odd number of words ({len(words)}): the card of {last.text!r} "
                         "gets a blank back")
        )
    return result


def _from_txt(text: str, file: str) -> WordList:
    words = []
    for number, raw in enumerate(_LINE_BREAK.split(text), start=1):
        entry = raw.strip()
        if entry and not entry.startswith("#"):
            words.append(Word(_nfc(entry), file, line=number))
    return _pair_up(words, file)


def _from_csv(text: str, file: str) -> WordList:
    reader = csv.DictReader(io.StringIO(text, newline=""), dialect=_dialect(text))
    try:
        header = [h.strip().lower() for h in (reader.fieldnames or [])]
    except csv.Error as exc:
        raise DataError(Problem(file, f"cannot read the CSV header: {exc}", line=1)) from None
    if "word" not in header:
        raise DataError(Problem(file, "CSV needs a header row with a 'word' column", line=1))
    reader.fieldnames = header
    rows = _csv_rows(reader, file)
    if "back" not in header:
        return _pair_up(_csv_words(rows, file, "word"), file)
    cards, problems = [], []
    for line, row in rows:
        front, back = (row.get("word") or "").strip(), (row.get("back") or "").strip()
        if not front:
            problems.append(Problem(file, "empty 'word' cell", line=line))
            continue
        cards.append(WordCard(Word(_nfc(front), file, line), Word(_nfc(back), file, line)
                              if back else None))
    if problems:
        raise DataError(problems)
    if not cards:
        raise DataError(Problem(file, "no words found"))
    return WordList(file, cards)


def _csv_rows(reader: csv.DictReader, file: str) -> list[tuple[int, dict]]:
    """Every row with its line; a malformed row (e.g. a cell over the CSV module's
    131,072-character limit) is a located error, not a crash."""
    rows, problems, start = [], [], 2
    try:
        for row in reader:
            rows.append((reader.line_num, row))
            if reader.line_num > start and _spans_lines(row):
                problems.append(Problem(file, f"a quoted cell runs on from line {start} to "
                                        f"line {reader.line_num}: is its closing quote (\") "
                                        "missing? A word cannot hold a line break",
                                        line=start))
            start = reader.line_num + 1
    except csv.Error as exc:
        raise DataError(Problem(file, f"cannot read this CSV row: {exc}",
                                line=reader.line_num + 1)) from None
    if problems:
        raise DataError(problems)
    return rows


def _spans_lines(row: dict) -> bool:
    """Whether a cell of the row holds a line break: an unclosed quote swallows every
    line after it into one cell, which is then blamed for a control character at the
    file's last line, far from the missing quote."""
    return any(isinstance(v, str) and ("\n" in v or "\r" in v) for v in row.values())


def _dialect(text: str):
    """Comma, semicolon (European spreadsheets) or tab, whichever the header row uses;
    otherwise the spreadsheet dialect, where a quote inside a quoted cell is doubled
    since the header alone cannot show how quotes are escaped."""
    header = _LINE_BREAK.split(text, maxsplit=1)[0]
    try:
        delimiter = csv.Sniffer().sniff(header, delimiters=",;\t").delimiter
    except csv.Error:
        return csv.excel
    return type("sniffed", (csv.excel,), {"delimiter": delimiter})


def _csv_words(rows: list, file: str, column: str) -> list[Word]:
    words, problems = [], []
    for line, row in rows:
        value = (row.get(column) or "").strip()
        if value:
            words.append(Word(_nfc(value), file, line))
        elif any((v or "").strip() for v in row.values() if isinstance(v, str)):
            problems.append(Problem(file, f"empty '{column}' cell", line=line))
    if problems:
        raise DataError(problems)
    return words


def _from_json(text: str, file: str) -> WordList:
    doc = parse_json(text, file)
    problems = schema_problems(doc, "majority-words")
    if problems:
        raise DataError(problems)
    cards = []
    for index, card in enumerate(doc.value["cards"]):
        base = child_path("$.cards", index)
        faces = [
            _JsonWord(text=_nfc(card[side]), path=f"{base}.{side}", doc=doc)
            if side in card else None
            for side in ("front", "back")
        ]
        cards.append(WordCard(*faces))
    return WordList(file, cards, language=doc.value.get("language", "en"))


def _nfc(text: str) -> str:
    """Compose accents so `e` + combining acute is drawn as the single glyph `é`."""
    return unicodedata.normalize("NFC", text)


def fold(text: str) -> str:
    """The comparison key for duplicates: no case, no accents, no soft hyphens ("Café" ==
    "cafe")."""
    decomposed = unicodedata.normalize("NFKD", text.replace(SOFT_HYPHEN, ""))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def mojibake_fix(text: str) -> str | None:
    """The text this mojibake was before a wrong decoding, or None if it looks genuine."""
    if text.isascii():
        return None
    for encoding in _MOJIBAKE_ENCODINGS:
        try:
            repaired = text.encode(encoding).decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
        if repaired != text:
            return repaired
    return None


def word_problems(words: list[Word]) -> list[Problem]:
    """Duplicates, blank or control-character entries, misplaced soft hyphens,
    right-to-left words (reportlab neither reorders nor joins them) and mojibake, in input
    order."""
    problems: list[Problem] = []
    seen: dict[str, Word] = {}
    for word in words:
        if not word.text.strip():
            problems.append(word.problem("empty word"))
            continue
        if any((unicodedata.category(c).startswith("C") or c in "\u2028\u2029")
               and c != SOFT_HYPHEN for c in word.text):
            problems.append(word.problem(f"{word.text!r} contains a control character"))
        problems += _soft_hyphen_problems(word)
        if any(unicodedata.bidirectional(c) in ("R", "AL") for c in word.text):
            problems.append(word.problem(
                f"{word.text!r} is in a right-to-left script (such as Hebrew or Arabic), "
                "which the cards cannot draw yet: its letters would print in reverse order "
                "and unjoined"))
        fixed = mojibake_fix(word.text)
        if fixed:
            problems.append(word.problem(
                f"{word.text!r} looks garbled by a wrong text encoding; did you mean {fixed!r}?"
            ))
        key = fold(word.text)
        if key in seen:
            problems.append(word.problem(f"{word.text!r} duplicates {seen[key].text!r} "
                                         f"({_where(seen[key])})"))
        else:
            seen[key] = word
    return problems


def _soft_hyphen_problems(word: Word) -> list[Problem]:
    """A soft hyphen belongs inside a word: between letters, one at a time."""
    text = word.text
    if SOFT_HYPHEN not in text:
        return []
    pieces = [piece for part in text.split() for piece in part.split(SOFT_HYPHEN)]
    if any(not piece for piece in pieces):
        return [word.problem(f"{text!r}: a soft hyphen (U+00AD) must stand between two "
                             "letters of a word, not at its start or end or twice in a row")]
    return []


def _where(word: Word) -> str:
    if word.line:
        return f"line {word.line}"
    return word.path or word.file
