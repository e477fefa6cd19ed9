"""The Majority 2: a two-player faction card game."""

from pnp.games.base import DataFile, Game
from pnp.games.majority2 import compiled  # noqa: F401  (first: it may load the compiled engine)

# isort: split
from pnp.games.majority2 import content, printing

GAME = Game(
    id="majority2",
    title="The Majority 2",
    players=(2, 2),
    data_files=(
        DataFile("factions", "factions.json", "majority2-factions"),
        DataFile("members", "members.json", "majority2-cards"),
        DataFile("promos", "promos.json", "majority2-cards"),
        DataFile("tokens", "tokens.json", "majority2-tokens"),
        DataFile("strings", "strings.en.json", "majority2-strings"),
    ),
    make_content=content.make_content,
    components=content.components,
    decks=printing.decks,
    play="pnp.games.majority2.play",
    sheet_words=printing.sheet_words,
    localized=("strings",),
)
