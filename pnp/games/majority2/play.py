"""How the game is played: its rules engine, bots, score checker and record writer,
named by `GAME.play` and imported only by the commands that play, simulate or check."""

from pnp.games.majority2 import bots, engine, judge, log, record
from pnp.games.verdict import Checker

CHECKER = Checker(record.parse, judge.judge, log=Checker(log.parse_log, log.judge_log))
ENGINE = engine
BOTS = bots.BOTS
BASELINE = bots.BASELINE
STRONG = bots.STRONG
TO_RECORD = log.to_record
