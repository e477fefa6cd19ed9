"""Is a language's kit all in that language? Two checks `pnp validate` runs on a strings
file of a language other than English (`data/<game>/strings.<lang>.json`).

- **Untranslated text.** A value holding a word of the same game's English strings file
  ("scale check" left in a copied file) is reported at its JSON path. The words a language
  shares with English are on the file's reviewed `also_english` list (the game's title,
  Italian "per", German "See") and pass.
- **The glossary.** `glossary` gives the language's one word for each of the game's terms
  (German: a pairing is a "Paar") and the variants a text must not use ("Verbindung"), the
  register too (Italian: "tu", never "vostro"). The strings file, the rule sheet, quick
  reference, score pad and the diagrams of that language are searched for the variants;
  each hit is reported at its file and line, so the cards, rules and pads keep one word.
"""

from __future__ import annotations

import re
from pathlib import Path

from pnp.content import paths
from pnp.content.jsonfile import JsonDoc, child_path, load_json
from pnp.errors import DataError, Problem
from pnp.kits.languages import rule_texts, score_pads, template_roots

PRIMARY = "en"
WORD = re.compile(r"[^\W\d_]{3,}")
"""A word worth checking: three letters or more (English "a", "to" and "of" are shared
with too many languages to tell anything)."""

_NOT_PRINTED = frozenset({"$schema", "language", "name", "description", "also_english",
                          "glossary"})
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_DIAGRAM = re.compile(r"\(diagram:([A-Za-z0-9_-]+)\)")


def printed_texts(value, path: str = "$") -> list[tuple[str, str]]:
    """(JSON path, text) of every string a strings file prints."""
    if isinstance(value, dict):
        return [found for key, item in value.items() if key not in _NOT_PRINTED
                for found in printed_texts(item, child_path(path, key))]
    if isinstance(value, list):
        return [found for k, item in enumerate(value)
                for found in printed_texts(item, child_path(path, k))]
    if isinstance(value, str):
        return [(path, value)]
    return []


def english_words(game_id: str, data_dir: Path | None = None) -> set[str]:
    """Every word the game's English strings file prints, case folded."""
    english = (data_dir or paths.data_dir()) / game_id / f"strings.{PRIMARY}.json"
    if not english.is_file():
        return set()
    texts = printed_texts(load_json(english).value)
    return {w.casefold() for _, text in texts for w in words(text)}


def words(text: str) -> list[str]:
    """The words of a printed text, its `{placeholders}` left out."""
    return WORD.findall(_PLACEHOLDER.sub(" ", text))


def untranslated(doc: JsonDoc, game_id: str, data_dir: Path | None = None) -> list[Problem]:
    """Each text of a non-English strings file that still holds English words."""
    said = doc.value
    if not isinstance(said, dict) or said.get("language", PRIMARY) == PRIMARY:
        return []
    shared = {w.casefold() for w in said.get("also_english", [])}
    english = english_words(game_id, data_dir) - shared
    problems = []
    for path, text in printed_texts(said):
        found = list(dict.fromkeys(w for w in words(text) if w.casefold() in english))
        if found:
            problems.append(doc.problem(path, (
                f"still in English: \"{text}\" ({', '.join(found)}); translate it, or "
                f"add the words {said['language']!r} spells the same to also_english")))
    return problems


def glossary_files(game_id: str, lang: str, templates_dir: Path | None = None) -> list[Path]:
    """The documents of one language the glossary applies to besides the strings file:
    the rule sheet, quick reference and score pad and the diagrams the sheets show."""
    roots = template_roots(templates_dir)
    files: list[Path] = []
    for quick in (False, True):
        text = rule_texts(roots, game_id, quick).get(lang)
        if text is not None:
            files.append(text)
            files += _diagrams(text, lang, roots)
    pad = score_pads(roots, game_id).get(lang)
    return files + ([pad] if pad is not None else [])


def _diagrams(rules: Path, lang: str, roots: list[Path]) -> list[Path]:
    names = dict.fromkeys(_DIAGRAM.findall(rules.read_text("utf-8")))
    found = []
    for name in names:
        for root in roots:
            path = root / "diagrams" / f"{name}.{lang}.json"
            if path.is_file():
                found.append(path)
                break
    return found


def variant_pattern(variant: str) -> re.Pattern:
    """A glossary variant as a whole-word, case-insensitive pattern; a trailing `*` matches
    any ending (`vostr*`: vostro, vostra, vostri, vostre)."""
    stem, open_end = (variant[:-1], True) if variant.endswith("*") else (variant, False)
    body = r"\s+".join(re.escape(part) for part in stem.split())
    end = r"\w*" if open_end else r"(?!\w)"
    return re.compile(r"(?<!\w)" + body + end, re.IGNORECASE)


def glossary_problems(doc: JsonDoc, game_id: str,
                      templates_dir: Path | None = None) -> list[Problem]:
    """Each use of a variant the strings file's glossary rules out, in any text of its
    language, at its file and line."""
    said = doc.value
    glossary = said.get("glossary") if isinstance(said, dict) else None
    if not glossary:
        return []
    lang = said.get("language", PRIMARY)
    rules = [(variant_pattern(v), v, term, entry["term"]) for term, entry in glossary.items()
             for v in entry["not"]]
    def said_instead(hit: str, variant: str, term: str, word: str) -> str:
        return (f"{hit!r}: the {lang} glossary ({doc.file}) says {word!r} for {term!r}, "
                f"never {variant!r}")

    problems = [doc.problem(path, said_instead(hit.group(0), *rule[1:]))
                for path, text in printed_texts(said) for rule in rules
                for hit in rule[0].finditer(text)]
    for path in glossary_files(game_id, lang, templates_dir):
        try:
            lines = path.read_text("utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError([Problem(str(path), f"cannot read it: {exc}")]) from exc
        problems += [Problem(str(path), said_instead(hit.group(0), *rule[1:]), line=number)
                     for number, line in enumerate(lines, 1) for rule in rules
                     for hit in rule[0].finditer(line)]
    return problems


def translation_problems(doc: JsonDoc, game_id: str,
                         data_dir: Path | None = None) -> list[Problem]:
    """Both checks for one strings file."""
    return untranslated(doc, game_id, data_dir) + glossary_problems(doc, game_id)

