"""D20 Stacks: an Italian card game of rising D20 stacks for 2-4 players."""

from pnp.games.base import DataFile, Game
from pnp.games.d20_stacks import content, printing

GAME = Game(
    id="d20-stacks",
    title="D20 Stacks",
    players=(2, 4),
    data_files=(DataFile("deck", "deck.json", "d20-deck"),
                DataFile("strings", "strings.en.json", "d20-stacks-strings")),
    make_content=content.make_content,
    components=content.components,
    decks=printing.decks,
    play="pnp.games.d20_stacks.play",
    sheet_words=printing.sheet_words,
    localized=("strings",),
)
