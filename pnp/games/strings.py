"""A kit's printed words in one language: `data/<game>/strings.<lang>.json`.

Every game keeps the words it prints in a strings file per language, so a language is
files, never code. The data files (components, members, the deck) say what is in the box
in the words the checker and the simulator use; the strings file says it on paper. The
keys every game's file shares are read here: the game's name, the sheet labels and scale
bar (`sheet`), the tuck boxes (`tuck_box`), the deck names (`decks`) and the names of the
checker's rule settings (`settings`), which rule sheets print through `{setting:…}`. Each
game adds its own keys (vote captions, member texts, dice colours) and reads them itself.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.content.jsonfile import JsonDoc, child_path
from pnp.errors import Location
from pnp.render.sheets import SheetWords


@dataclass(frozen=True)
class Strings:
    """The strings file, read: `said` its value, `doc` for where each text is."""

    doc: JsonDoc

    @property
    def said(self) -> dict:
        return self.doc.value

    @property
    def language(self) -> str:
        return self.said["language"]

    def where(self, *keys: str | int) -> Location:
        """The place of a text in the strings file, for an error about it."""
        path = "$"
        for key in keys:
            path = child_path(path, key)
        return self.doc.location(path)

    def count(self, table: dict, n: int, **values) -> str:
        """A `{"one": …, "other": …}` text for `n`."""
        return table["one" if n == 1 else "other"].format(n=n, **values)

    def deck(self, deck_id: str, **values) -> str:
        """A deck's name in the sheet labels, its placeholders filled from `values`
        (The Majority's `point-cards` has `{value}`)."""
        name = self.said["decks"][deck_id]
        return name.format(**values) if values else name

    def sheet_words(self) -> SheetWords:
        """The sheet labels', scale bar's and tuck boxes' words."""
        return sheet_words(self.said)


SETTING_FORMAT = {"name": "{name}", "value": "{name}={value}"}
"""How a setting prints when the strings file does not say: as a record writes it."""


def setting_texts(said: dict) -> dict[str, str]:
    """What a rule sheet prints for each `{setting:NAME}` and `{setting:NAME=VALUE}`, by
    `NAME` and `NAME=VALUE`: the checker's rule settings in the strings file's words."""
    layout = said.get("setting_format", SETTING_FORMAT)
    texts = {}
    for key, setting in said.get("settings", {}).items():
        texts[key] = layout["name"].format(name=setting["name"])
        for value, words in setting.get("values", {}).items():
            texts[f"{key}={value}"] = layout["value"].format(name=setting["name"], value=words)
    return texts


def sheet_words(said: dict) -> SheetWords:
    """The words around the printed pieces, from a strings file's value. A game that has
    no tuck box (Majority Rules!: dice and dividers) has no words for one."""
    sheet = said["sheet"]
    words = SheetWords(said["game"], sheet["number"], sheet["fronts"], sheet["backs"],
                       sheet["both"], sheet["scale"])
    if "tuck_box" not in said:
        return words
    box = said["tuck_box"]
    return replace(words, tuck_boxes=box["title"], box_cards=box["cards"], glue=box["glue"])
