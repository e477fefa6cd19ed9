"""How the game is played: its rules engine, bots, score checker and record writer,
named by `GAME.play` and imported only by the commands that play, simulate or check."""

from pnp.games.d20_stacks import bots, engine, judge, record
from pnp.games.verdict import Checker

CHECKER = Checker(record.parse, judge.judge)
ENGINE = engine
BOTS = bots.BOTS
BASELINE = bots.BASELINE
STRONG = bots.STRONG
TO_RECORD = engine.to_record
