"""`make bench` section: every game's bots head to head — a bot × bot table of win shares
and Elo ratings fitted from those games (issue 30: is each game's strong player really
stronger than its best rule of thumb?).

Per game, every pair of its listed bots plays the same seeded games (game g of every pair
dealt from seed g, the seats alternating as in `pnp simulate --ladder`); a cell is the row
bot's share of the games (a shared victory half) with its 95 % Wilson interval, and the
ratings are `rating.fit`'s Bradley–Terry fit of all of them, the game's best rule of thumb
at 0. Games run on two worker processes; the speed column is games per second of one
process playing the strong bot against the rule of thumb.

Which bots: the rules of thumb, random, and the strong player (`expectimax`, `rollout`,
The Majority 2's `ismcts`). The Majority 2's `ismcts` plays 1/5 of the games (its 256
iterations a decision cost ~1 s a game; the ismcts section has its 200-game rung), and
D20 Stacks' `rollout` 1/5 of its games against `random` and `lowest-legal` (it beats them
nearly always; ~0.7 games a second) and 6 × as many against `spread`, its headline pair,
played as duplicate deals (each deal twice, the seats swapped; its interval from the
deals' pair means).

The ratings come from the data alone: a bot that lost every game to every other is
shown with its 95 % bound ("at most"), not a number a prior made up.

Environment: BENCH_BOT_GAMES (default 200) games per pair; BENCH_BOT_ONLY=GAME for one
game's table.
"""

from __future__ import annotations

import os
import statistics
import time
from multiprocessing import Pool

from pnp.games import get_game
from pnp.games.engine import play
from pnp.games.gamedata import load_content
from pnp.simulate import rating
from pnp.simulate.ladder import lineup
from pnp.simulate.plan import game_seed
from pnp.simulate.stats import wilson

GAMES = int(os.environ.get("BENCH_BOT_GAMES", "200"))
ONLY = os.environ.get("BENCH_BOT_ONLY")  # one game id: only its table
CHUNK = 20
# game: (players, bots); the rule of thumb at Elo 0 and the strong player are the game's
# own (`BASELINE` and `STRONG` in its bots module), so the table measures what `pnp play`
# and the ladder use
LINEUPS = {
    "majority-rules": (2, ("random", "keep-majority", "keep-gold-bet", "keep-high",
                           "expectimax")),
    "d20-stacks": (2, ("random", "lowest-legal", "steal", "spread", "rollout")),
    "majority": (3, ("random", "vote", "rollout")),
    "majority2": (2, ("random", "greedy", "ismcts")),
}


def roles(game_id: str) -> tuple[str, str]:
    """The game's best rule of thumb (Elo 0) and its strong player."""
    game = get_game(game_id)
    return game.baseline_bot, game.strong_bot


SLOW = {("majority2", "ismcts"): 5}  # plays GAMES // 5 games a pair
# pairs of a slow strong bot and a bot it beats nearly always: GAMES // 5 games
FEW = {("d20-stacks", "random", "rollout"), ("d20-stacks", "lowest-legal", "rollout")}
# D20 Stacks' headline pair: 3 × GAMES games, as duplicate deals (each deal played twice,
# the seats swapped): most of a D20 game is the deal, and a pair of games on one deal
# takes it out of the difference (the pair means' variance is about half two independent
# games'), so a ~53 % edge is told from 50 % in ~1,200 games rather than ~2,500
MORE = {("d20-stacks", "spread", "rollout"): 6}
DUPLICATE = {("d20-stacks", "spread", "rollout")}


def pair_games(game_id: str, a: str, b: str) -> int:
    slow = max(SLOW.get((game_id, a), 1), SLOW.get((game_id, b), 1))
    return GAMES * MORE.get((game_id, a, b), 1) // max(slow, 5 if (game_id, a, b) in FEW
                                                       else 1)


def _config(game_id: str, players: int):
    game = get_game(game_id)
    content = load_content(game_id)
    if game_id == "majority2":
        return game.engine.make_config(content)
    return game.engine.make_config(content, players=players)


def _chunk(task: tuple) -> tuple[tuple, float, int, float, list[float]]:
    """Games `start`..`stop` of one pair: (the task, a's score, games, seconds, a's mean
    score of each duplicate deal). A duplicate pair's games 2k and 2k + 1 are dealt alike
    (chance from its own seed, `engine.play`'s `chance_seed`), the seats swapped."""
    game_id, a, b, start, stop = task
    game = get_game(game_id)
    players = LINEUPS[game_id][0]
    config = _config(game_id, players)
    bots = (game.bots[a]({}), game.bots[b]({}))
    duplicate = (game_id, a, b) in DUPLICATE
    score, deals, began = 0.0, [], time.process_time()
    for index in range(start, stop):
        seats = lineup(0, 1, players, index)
        outcome = play(game.engine.ENGINE, config, [bots[s] for s in seats],
                       game_seed(1, index),
                       chance_seed=game_seed(2, index // 2) if duplicate else None).outcome
        won = {seats[s] for s in outcome.winners}
        share = 1.0 if won == {0} else 0.0 if won == {1} else 0.5
        score += share
        if duplicate and index % 2:
            deals[-1] = (deals[-1] + share) / 2
        elif duplicate:
            deals.append(share)
    return task, score, stop - start, time.process_time() - began, deals


def tasks() -> list[tuple]:
    found = []
    for game_id, (_, bots) in LINEUPS.items():
        if ONLY and game_id != ONLY:
            continue
        for i, a in enumerate(bots):
            for b in bots[i + 1:]:
                n = pair_games(game_id, a, b)
                found += [(game_id, a, b, s, min(s + CHUNK, n)) for s in range(0, n, CHUNK)]
    return found


def _cell(score: float, games: int) -> str:
    low, high = wilson(score, games)
    return f"{100 * score / games:.0f} [{100 * low:.0f}-{100 * high:.0f}]"


def report(game_id: str, totals: dict, seconds: dict, deals: dict) -> None:
    players, bots = LINEUPS[game_id]
    anchor, strong = roles(game_id)
    index = {bot: i for i, bot in enumerate(bots)}
    results = [rating.Result(index[a], index[b], s, n)
               for (g, a, b), (s, n) in totals.items() if g == game_id]
    fitted = rating.fit(len(bots), results, index[anchor])
    print(f"\n{game_id}, {players} players: row's win share % [95 % interval] "
          f"against the column; Elo ({anchor} = 0) from every game")
    width = max(len(b) for b in bots) + 2
    print(" " * width + "".join(f"{b:>15}" for b in bots) + f"{'Elo [95 %]':>22}{'games':>7}")
    for a in bots:
        cells, played = [], 0
        for b in bots:
            if a == b:
                cells.append(f"{'—':>15}")
                continue
            key, flip = ((game_id, a, b), False) if (game_id, a, b) in totals else \
                ((game_id, b, a), True)
            s, n = totals[key]
            played += n
            cells.append(f"{_cell(n - s if flip else s, n):>15}")
        r = fitted[index[a]]
        elo = f"{r.bound} {r.elo:+.0f}" if r.bound else f"{r.elo:+.0f}" + (
            "" if r.se is None else f" [{r.low:+.0f}, {r.high:+.0f}]")
        print(f"{a:<{width}}" + "".join(cells) + f"{elo:>22}{played:>7}")
    s, n = totals.get((game_id, strong, anchor)) or totals[(game_id, anchor, strong)]
    if (game_id, strong, anchor) not in totals:
        s = n - s
    low, _ = wilson(s, n)
    how = "Wilson"
    pair = next((k for k in ((game_id, strong, anchor), (game_id, anchor, strong))
                 if k in totals), None)
    if deals.get(pair):
        shares = deals[pair] if pair[1] == strong else [1 - d for d in deals[pair]]
        low = _duplicate_low(shares)
        how = f"from the {len(shares)} deals' pair means, each deal played twice"
    speed = seconds[(game_id, strong, anchor)] if (game_id, strong, anchor) in seconds \
        else seconds[(game_id, anchor, strong)]
    print(f"{strong} vs {anchor}: {100 * s / n:.1f} % of {n} games, interval low "
          f"{100 * low:.1f} % ({how}; target > 50 %: "
          f"{'holds' if low > 0.5 else 'NOT shown'}); {n / speed:.1f} games per CPU second")


def _duplicate_low(shares: list[float]) -> float:
    """The 95 % interval's low end of the mean of per-deal shares (normal: hundreds of
    deals, each a mean of two games)."""
    mean = statistics.fmean(shares)
    return mean - 1.96 * statistics.stdev(shares) / len(shares) ** 0.5


def run() -> None:
    started = time.perf_counter()
    totals: dict = {}
    seconds: dict = {}
    deals: dict = {}
    with Pool(2) as pool:
        for (game_id, a, b, start, _), score, n, cpu, shares in pool.imap_unordered(
                _chunk, tasks()):
            s, m = totals.get((game_id, a, b), (0.0, 0))
            totals[(game_id, a, b)] = (s + score, m + n)
            seconds[(game_id, a, b)] = seconds.get((game_id, a, b), 0.0) + cpu
            deals.setdefault((game_id, a, b), {})[start] = shares
    deals = {key: [x for start in sorted(parts) for x in parts[start]]
             for key, parts in deals.items()}
    print(f"{GAMES} seeded games per pair (The Majority 2's ismcts pairs "
          f"{GAMES // SLOW[('majority2', 'ismcts')]}), 2 worker processes, "
          f"{time.perf_counter() - started:.0f} s wall")
    for game_id in LINEUPS:
        if not ONLY or game_id == ONLY:
            report(game_id, totals, seconds, deals)


if __name__ == "__main__":
    run()
