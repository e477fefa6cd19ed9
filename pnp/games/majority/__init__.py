"""The Majority: a word-association voting game for 3-10 players."""

from pnp.games.base import DataFile, Game
from pnp.games.majority import bots, content, engine, judge, printing, record
from pnp.games.verdict import Checker

GAME = Game(
    id="majority",
    title="The Majority",
    players=(3, 10),
    data_files=(
        DataFile("words", "words.json", "majority-words"),
        DataFile("components", "components.json", "majority-components"),
    ),
    make_content=content.make_content,
    components=content.components,
    decks=printing.decks,
    checker=Checker(record.parse, judge.judge),
    engine=engine,
    to_record=engine.to_record,
    bots=bots.BOTS,
)
