"""Majority Rules!: a hidden dice-majority game for 2-4 players."""

from pnp.games.base import DataFile, Game
from pnp.games.majority_rules import content, printing

GAME = Game(
    id="majority-rules",
    title="Majority Rules!",
    players=(2, 4),
    data_files=(DataFile("components", "components.json", "majority-rules-components"),
                DataFile("strings", "strings.en.json", "majority-rules-strings")),
    make_content=content.make_content,
    components=content.components,
    decks=printing.decks,
    play="pnp.games.majority_rules.play",
    sheet_words=printing.sheet_words,
    localized=("strings",),
)
