"""`make bench` section for the `ismcts` search bot: decisions per CPU second at 64, 256
and 1,024 iterations in every game, one skill-ladder rung — 200 Majority 2 games of
ismcts at 256 iterations against greedy on 2 cores (target ≤ 10 minutes, and a win share
whose 95 % Wilson interval lies above 60 %) — and its strength against random players in
every game over eight times the games `tests/test_ismcts.py` plays (other seeds; target:
the interval lies above the equal share).

Decisions are timed on fixed states: every seventh decision with a choice in seeded
random-bot games, the same states at every budget. CPU seconds, not wall time: the machine
may be shared. The rung reports its wall time and its CPU time; CPU time / 2 is what it
would take on two free cores.

Environment: BENCH_LADDER_GAMES (default 200) for the rung.
"""

from __future__ import annotations

import os
import random
import resource
import time

from pnp.games import GAMES
from pnp.games import engine as eng
from pnp.games.gamedata import load_content
from pnp.games.ismcts import arms_of
from pnp.simulate.stats import wilson

BUDGETS = (64, 256, 1024)
STATES = 24
PLAYERS = {"majority": 3, "majority2": 2, "majority-rules": 2, "d20-stacks": 2}
RUNG_GAMES = int(os.environ.get("BENCH_LADDER_GAMES", "200"))
RUNG_TARGET = 600.0
# game: seats, games, iterations (tests/test_ismcts.py's AGAINST_RANDOM, 8 times the games)
AGAINST_RANDOM = {"d20-stacks": (2, 128, 32), "majority-rules": (2, 128, 64),
                  "majority": (5, 480, 32), "majority2": (2, 96, 32)}


def _config(game_id: str):
    game = GAMES[game_id]
    content = load_content(game_id)
    if game_id == "majority2":
        return game.engine.make_config(content)
    return game.engine.make_config(content, players=PLAYERS[game_id])


def decision_states(game_id: str, count: int = STATES) -> list:
    """`count` states where the player to move has a choice, from seeded random games."""
    engine = GAMES[game_id].engine.ENGINE
    config = _config(game_id)
    found, seed = [], 0
    while len(found) < count:
        rng = random.Random(seed)
        state, n = engine.initial_state(config), 0
        while not engine.is_terminal(state) and len(found) < count:
            player = engine.current_player(state)
            if player == eng.CHANCE:
                action = eng.sample_chance(engine, state, rng)
            else:
                if len(arms_of(engine.legal_actions(state),
                               eng.option_weights(engine, state))) > 1:
                    n += 1
                    if n % 7 == 0:
                        found.append(state)
                action = eng.random_bot(engine, state, rng)
            state = engine.apply(state, action)
        seed += 1
    return found


def decisions_per_second(game_id: str, iterations: int, states: list) -> float:
    engine = GAMES[game_id].engine.ENGINE
    bot = GAMES[game_id].bots["ismcts"]({"iterations": str(iterations)})
    start = time.process_time()
    for n, state in enumerate(states):
        bot(engine, state, random.Random(n))
    return len(states) / (time.process_time() - start)


def _cpu() -> float:
    """CPU seconds of this process and of its finished workers."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def rung() -> None:
    """ismcts 256 against greedy, RUNG_GAMES Majority 2 games on 2 worker processes."""
    from pnp.simulate.ladder import LadderPlan, run_ladder
    from pnp.simulate.plan import BotSpec

    plan = LadderPlan("majority2", _config("majority2"), 2,
                      (BotSpec("ismcts", (("iterations", "256"),)), BotSpec("greedy")),
                      (256,), RUNG_GAMES, 1)
    before = _cpu()
    start = time.perf_counter()
    result = run_ladder(plan, jobs=2)[0]
    wall = time.perf_counter() - start
    cpu = _cpu() - before
    low, high = wilson(result.a_score, result.games)
    print(f"ladder rung: {RUNG_GAMES} majority2 games, ismcts 256 against greedy on 2 cores: "
          f"{wall:.0f} s wall, {cpu:.0f} CPU s = {cpu / 2:.0f} s on two free cores "
          f"(target ≤ {RUNG_TARGET:.0f} s); ismcts won "
          f"{100 * result.a_score / result.games:.1f} % [{100 * low:.1f}, {100 * high:.1f}] "
          f"(target: interval above 60 %: {'met' if low > 0.6 else 'MISSED'})")


def _won_against_random(job: tuple[str, int, int]) -> float:
    """The ismcts seat's share of one seeded game against random players."""
    game_id, seed, iterations = job
    players = AGAINST_RANDOM[game_id][0]
    config = _config(game_id) if game_id == "majority2" else GAMES[game_id].engine.make_config(
        load_content(game_id), players=players)
    seat = seed % players
    bots = [GAMES[game_id].bots["random"]({}) for _ in range(players)]
    bots[seat] = GAMES[game_id].bots["ismcts"]({"iterations": str(iterations)})
    winners = eng.play(GAMES[game_id].engine.ENGINE, config, bots, seed).outcome.winners
    return 1 / len(winners) if seat in winners else 0.0


def strength() -> None:
    """ismcts against random players in every game, on 2 worker processes."""
    from multiprocessing import Pool

    print("ismcts against random players (seeds 1000 on, its seat moving round the table):")
    with Pool(2) as pool:
        for game_id, (players, games, iterations) in AGAINST_RANDOM.items():
            won = sum(pool.map(_won_against_random,
                               [(game_id, s, iterations) for s in range(1000, 1000 + games)]))
            low, high = wilson(won, games)
            print(f"  {game_id:15} {players} seats, {iterations:>3} it.: won {won:g} of {games} "
                  f"= {100 * won / games:.1f} % [{100 * low:.1f}, {100 * high:.1f}] (target: "
                  f"above {100 / players:.0f} %: {'met' if low > 1 / players else 'MISSED'})")


def run() -> None:
    print(f"ismcts decisions per CPU second (one core), {STATES} fixed decisions per game:")
    print(f"  {'game':15}" + "".join(f"{b:>12,} it." for b in BUDGETS))
    for game_id in PLAYERS:
        states = decision_states(game_id)
        rates = [decisions_per_second(game_id, b, states) for b in BUDGETS]
        print(f"  {game_id:15}" + "".join(f"{r:>16.1f}" for r in rates))
    strength()
    rung()


if __name__ == "__main__":
    run()
