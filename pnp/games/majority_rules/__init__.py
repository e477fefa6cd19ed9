"""Majority Rules!: a hidden dice-majority game for 2-4 players."""

from pnp.games.base import DataFile, Game
from pnp.games.majority_rules import bots, content, engine, judge, printing, record
from pnp.games.verdict import Checker

GAME = Game(
    id="majority-rules",
    title="Majority Rules!",
    players=(2, 4),
    data_files=(DataFile("components", "components.json", "majority-rules-components"),),
    make_content=content.make_content,
    components=content.components,
    decks=printing.decks,
    checker=Checker(record.parse, judge.judge),
    engine=engine,
    to_record=engine.to_record,
    bots=bots.BOTS,
)
