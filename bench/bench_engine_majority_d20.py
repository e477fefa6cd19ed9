"""Engines of The Majority and D20 Stacks: games per CPU second on one core, per bot, and
the time `pnp check` takes on a D20 Stacks record of 100,000 moves onto one stack (it took
494 s while the replay was quadratic), split into reading the record (JSON and schema) and
replaying it (the judge)."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

from pnp.check import check_file, load_record, rules_in_force
from pnp.games import GAMES
from pnp.games.engine import play
from pnp.games.gamedata import load_content

GAMES_PER_RUN = 300
MOVES = 100_000


def games_per_second(game_id: str, players: int, bot: str, options=None) -> float:
    module = GAMES[game_id].engine
    config = module.make_config(load_content(game_id), players=players)
    bots = [GAMES[game_id].bots[bot](options or {})] * players
    start = time.process_time()
    for seed in range(GAMES_PER_RUN):
        play(module.ENGINE, config, bots, seed)
    return GAMES_PER_RUN / (time.process_time() - start)


def one_stack_record(path: Path) -> None:
    moves = [{"player": "G1" if i % 2 == 0 else "G2", "value": i % 19 + 1,
              "stack": "new" if i == 0 else 1} for i in range(MOVES)]
    path.write_text(json.dumps({"game": "d20-stacks", "players": ["G1", "G2"],
                                "moves": moves}), encoding="utf-8")


def run() -> None:
    print(f"bot play, games per CPU second (one core; steadier than wall time on a shared "
          f"machine), {GAMES_PER_RUN} games each:")
    for game_id, players, bot, options in (
            ("majority", 3, "random", None), ("majority", 6, "random", None),
            ("majority", 6, "vote", None), ("majority", 10, "vote", None),
            ("d20-stacks", 2, "random", None), ("d20-stacks", 4, "random", None),
            ("d20-stacks", 4, "lowest-legal", None), ("d20-stacks", 4, "steal", None)):
        rate = games_per_second(game_id, players, bot, options)
        print(f"  {game_id:11} {players:2} players, {bot:12} {rate:8.0f} games/s")
    with tempfile.TemporaryDirectory(prefix="pnp-bench-d20-") as tmp:
        path = Path(tmp) / "one-stack.json"
        one_stack_record(path)
        start, cpu = time.perf_counter(), time.process_time()
        verdict = check_file(path)
        whole, whole_cpu = time.perf_counter() - start, time.process_time() - cpu
        start = time.perf_counter()
        loaded = load_record(path)
        read = time.perf_counter() - start
        rules = rules_in_force("d20-stacks", {}, {})
        start = time.perf_counter()
        loaded.game.checker.judge(loaded.record, loaded.content, rules)
        judged = time.perf_counter() - start
    print(f"pnp check, D20 Stacks record of {MOVES:,} moves onto one stack "
          f"({len(verdict.violations):,} violations): {whole:.1f} s ({whole_cpu:.1f} s CPU) "
          f"(target ≤ 5 s; was 494 s, then 16.8 s); reading the record (JSON, schema) "
          f"{read:.1f} s, the replay {judged:.2f} s")


if __name__ == "__main__":
    run()
