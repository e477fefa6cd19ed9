"""Keys a data file no longer takes because they moved elsewhere, so that a person's old
file is refused with the way forward, not only "unknown key(s) 'caption'" on every entry.

The Majority's card texts (vote captions, preparation roles and hints, point units, the
variant card's words) were in `components.json` until every printed word became
per-language data in `data/majority/strings.<lang>.json`. Each moved key is listed with
the entries it sat in and where its words go now, `{label}`, `{value}` (an entry's own
fields) or `{side}` (a key of a keyed entry) filled in from the first entry holding it.
"""

from __future__ import annotations

from pnp.content.jsonfile import JsonDoc
from pnp.errors import Problem

# schema -> (what happened, ((entries' key, moved key, where its words go now), ...))
MOVED: dict[str, tuple[str, tuple[tuple[str, str, str], ...]]] = {
    "majority-components": (
        "card texts are no longer written in components.json: since The Majority's "
        "texts became per-language data, every printed word is in "
        "data/majority/strings.<lang>.json (strings.en.json for English)",
        (("vote_faces", "caption", "vote_faces.{label}.caption"),
         ("preparation_cards", "role", "preparation_cards.{label}.role"),
         ("preparation_cards", "hint", "preparation_cards.{label}.hint"),
         ("point_cards", "unit", "point_units.{value}"),
         ("variant_card", "colour", "variant_card.{side}.colour"),
         ("variant_card", "title", "variant_card.{side}.title"),
         ("variant_card", "text", "variant_card.{side}.text")),
    ),
}


def moved_keys_hint(doc: JsonDoc, name: str) -> Problem | None:
    """One problem for the whole file saying which of its keys moved and where their
    words go now, or None when it holds none of them."""
    if name not in MOVED or not isinstance(doc.value, dict):
        return None
    happened, keys = MOVED[name]
    found = []
    for entries, key, now in keys:
        first = next(((side, entry) for side, entry in _entries(doc.value.get(entries))
                      if key in entry), None)
        if first is not None:
            side, entry = first
            found.append(f"'{key}' of {entries} → {_filled(now, entry, side)}")
    if not found:
        return None
    return Problem(doc.file, f"{happened}. Move each text there and delete the key here: "
                             + "; ".join(found))


def _entries(value) -> list[tuple[str, dict]]:
    """A list's entries, or a keyed object's (front, back), as (key, entry) pairs."""
    if isinstance(value, list):
        return [(str(i), e) for i, e in enumerate(value) if isinstance(e, dict)]
    if isinstance(value, dict):
        return [(k, e) for k, e in value.items() if isinstance(e, dict)]
    return []


def _filled(now: str, entry: dict, side: str) -> str:
    fields = {k: v for k, v in entry.items() if isinstance(v, str | int)}
    try:
        return now.format(side=side, **fields)
    except (KeyError, IndexError, ValueError):
        return now
