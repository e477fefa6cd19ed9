"""The Majority: a word-association voting game for 3-10 players."""

from pnp.games.base import DataFile, Game
from pnp.games.majority import content, printing

GAME = Game(
    id="majority",
    title="The Majority",
    players=(3, 10),
    data_files=(
        DataFile("words", "words.json", "majority-words"),
        DataFile("components", "components.json", "majority-components"),
        DataFile("strings", "strings.en.json", "majority-strings"),
    ),
    make_content=content.make_content,
    components=content.components,
    decks=printing.decks,
    play="pnp.games.majority.play",
    sheet_words=printing.sheet_words,
    localized=("words", "strings"),
)
