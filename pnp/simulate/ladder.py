"""`pnp simulate GAME --ladder ismcts`: how much skill a game rewards, budget by budget.

The search bot plays at budgets of 2^k iterations (`--rungs LOW-HIGH`, default 4-8: 16 to
256). A round robin plays every pair of the ladder's bots — each budget, the game's
baseline bot (`greedy` for The Majority 2) and `random` — the same number of games
(`--games`, default 100 per pairing). Why a round robin: the rungs (each budget against
half of it and against the baseline) say whether more thinking still wins more games;
the ratings put every bot on one Elo scale from all the games at once, so a designer sees
how far skill goes above random and which bot is strong enough to trust for balance.

Game *g* of every pairing is dealt from the same seed (derived from `--seed` and *g*), so
the pairings face the same luck; the seats alternate game by game (the first bot of the
pairing starts the even games). With more than two seats (The Majority) the two bots
alternate around the table, the first one taking the extra seat in even games. A game's
score for a bot is 1 when only its seats won, ½ when the victory was shared with the
other bot's seat, 0 otherwise. Win rates carry Wilson intervals (ties counted half);
ratings come from `rating.fit` (Bradley–Terry), with the baseline bot at 0: the question is
how far the search climbs above the game's best rule of thumb (and random shows how far
below it chance play lies).

The games run in chunks of `CHUNK_GAMES` on every core; the numbers do not depend on
`--jobs`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import PnpError, Problem, UsageError
from pnp.games import Game, get_game
from pnp.games.engine import play
from pnp.simulate import rating
from pnp.simulate.formats import table
from pnp.simulate.plan import MAX_GAMES, MAX_SEED, BotSpec, game_seed
from pnp.simulate.stats import wilson

DEFAULT_RUNGS = (4, 8)
MAX_RUNG = 16  # 65,536 iterations a decision
DEFAULT_GAMES = 100
CHUNK_GAMES = 10  # ladder games are slow: small chunks keep every core busy
BUDGET_OPTION = "iterations"
RANDOM = "random"


@dataclass(frozen=True)
class LadderRequest:
    """The options of `pnp simulate GAME --ladder BOT`, before they are checked."""

    game: str
    bot: str
    rungs: str | None = None
    games: int = DEFAULT_GAMES
    seed: int = 1
    players: Sequence[int] = ()
    bot_options: Sequence[str] = ()
    rules: Sequence[str] = ()
    data_dir: Path | None = None


@dataclass(frozen=True)
class LadderPlan:
    """What the workers need: picklable values only."""

    game_id: str
    config: Any
    players: int
    bots: tuple[BotSpec, ...]
    budgets: tuple[int, ...]
    games: int
    seed: int
    rules: tuple[tuple[str, Any], ...] = ()
    pairings: tuple[tuple[int, int], ...] = field(init=False)

    def __post_init__(self):
        n = len(self.bots)
        object.__setattr__(self, "pairings",
                           tuple((a, b) for a in range(n) for b in range(a + 1, n)))


# --- planning ---------------------------------------------------------------------------

def plan_ladder(request: LadderRequest) -> LadderPlan:
    """A checked plan; UsageError naming every bad option at once."""
    from pnp.check import parse_rule_args
    from pnp.games.gamedata import load_content

    game = get_game(request.game)
    problems: list[Problem] = []
    if request.bot not in game.bots:
        problems.append(Problem("--ladder", f"{request.bot!r} is not a bot of {game.id}; "
                                            f"bots: {', '.join(game.bots)}"))
    elif not _has_budget(game, request.bot):
        problems.append(Problem("--ladder", f"{request.bot} has no '{BUDGET_OPTION}' budget "
                                            f"to climb; the ladder is for ismcts"))
    low, high = parse_rungs(request.rungs, problems)
    if not 1 <= request.games <= MAX_GAMES:
        problems.append(Problem("--games", f"expected 1 to {MAX_GAMES:,} games per pairing, "
                                           f"not {request.games:,}"))
    if not 0 <= request.seed <= MAX_SEED:
        problems.append(Problem("--seed", f"expected 0 to {MAX_SEED}, not {request.seed}"))
    players = _players(game, request.players, problems)
    options = _options(request.bot, request.bot_options, problems)
    if problems:
        raise UsageError(problems)
    rules = parse_rule_args(game.id, request.rules)
    budgets = tuple(2 ** k for k in range(low, high + 1))
    climber = [BotSpec(request.bot, tuple(sorted({**options, BUDGET_OPTION: str(b)}.items())))
               for b in budgets]
    bots = (*climber, BotSpec(game.baseline_bot), BotSpec(RANDOM))
    for spec in bots:
        _check_bot(game, spec)
    content = load_content(game.id, request.data_dir)
    config = _config(game, content, players, rules)
    return LadderPlan(game.id, config, players, bots, budgets, request.games, request.seed,
                      tuple(sorted(rules.items())))


def _has_budget(game: Game, bot: str) -> bool:
    try:
        game.bots[bot]({BUDGET_OPTION: "1"})
    except (PnpError, ValueError):
        return False
    return True


def parse_rungs(text: str | None, problems: list[Problem]) -> tuple[int, int]:
    """`--rungs 4-8` (budgets 16 to 256) or `--rungs 6` (one budget: 64)."""
    if text is None:
        return DEFAULT_RUNGS
    low, dash, high = text.strip().partition("-")
    try:
        first, last = int(low), int(high) if dash else int(low)
    except ValueError:
        first = last = -1
    if not 0 <= first <= last <= MAX_RUNG:
        problems.append(Problem("--rungs", f"{text!r}: expected K or K-K with 0 ≤ K ≤ "
                                           f"{MAX_RUNG} (budgets 2^K iterations), low first"))
        return DEFAULT_RUNGS
    return first, last


def _players(game: Game, given: Sequence[int], problems: list[Problem]) -> int:
    low, high = game.players
    if len(given) > 1:
        problems.append(Problem("--players", "a ladder is played at one player count"))
        return low
    players = given[0] if given else low
    if not low <= players <= high:
        problems.append(Problem("--players", f"{game.title} is played by {low} to {high} "
                                             f"players, not {players}"))
        return low
    return players


def _options(bot: str, given: Sequence[str], problems: list[Problem]) -> dict[str, str]:
    """`--bot-option BOT.KEY=VALUE` for the climbing bot (its budget is the ladder's)."""
    options: dict[str, str] = {}
    for arg in given:
        key, sep, value = (part.strip() for part in arg.partition("="))
        name, dot, option = key.rpartition(".")
        if not sep or not dot or name != bot:
            problems.append(Problem("--bot-option", f"{arg!r}: with --ladder {bot}, give "
                                                    f"{bot}.KEY=VALUE"))
        elif option == BUDGET_OPTION:
            problems.append(Problem("--bot-option", f"{arg!r}: the ladder sets the budget; "
                                                    f"choose it with --rungs"))
        else:
            options[option] = value
    return options


def _check_bot(game: Game, spec: BotSpec) -> None:
    try:
        game.bots[spec.name](dict(spec.options))
    except PnpError as exc:
        raise UsageError([Problem("--bot-option", p.message) for p in exc.problems]) from None
    except (ValueError, KeyError, TypeError) as exc:
        raise UsageError(Problem("--bot-option", f"{spec.label}: {exc}")) from None


def _config(game: Game, content: Any, players: int, rules: dict) -> Any:
    module = game.engine
    if game.id == "majority2":
        return module.make_config(content, rules=rules)
    return module.make_config(content, players=players, rules=rules)


# --- playing ----------------------------------------------------------------------------

@dataclass
class PairingResult:
    """A pairing's games so far: sole wins of each bot and victories they shared."""

    games: int = 0
    a_wins: int = 0
    b_wins: int = 0
    shared: int = 0

    @property
    def a_score(self) -> float:
        return self.a_wins + self.shared / 2

    def add(self, other: PairingResult) -> None:
        self.games += other.games
        self.a_wins += other.a_wins
        self.b_wins += other.b_wins
        self.shared += other.shared


def lineup(a: int, b: int, players: int, game: int) -> list[int]:
    """Which bot sits in each seat of game `game`: alternating around the table, the
    pairing's first bot first in even games."""
    first, second = (a, b) if game % 2 == 0 else (b, a)
    return [first if seat % 2 == 0 else second for seat in range(players)]


def play_games(plan: LadderPlan, pairing: int, start: int, stop: int,
               made: dict | None = None) -> PairingResult:
    """Games `start` to `stop - 1` of one pairing: a pure function of its arguments
    (`made` caches the bots a worker built)."""
    game = get_game(plan.game_id)
    engine = game.engine.ENGINE
    made = {} if made is None else made
    a, b = plan.pairings[pairing]
    result = PairingResult()
    for index in range(start, stop):
        seats = lineup(a, b, plan.players, index)
        bots = []
        for bot in seats:
            spec = plan.bots[bot]
            if spec not in made:
                made[spec] = game.bots[spec.name](dict(spec.options))
            bots.append(made[spec])
        outcome = play(engine, plan.config, bots, game_seed(plan.seed, index)).outcome
        winners = {seats[s] for s in outcome.winners}
        result.games += 1
        if winners == {a}:
            result.a_wins += 1
        elif winners == {b}:
            result.b_wins += 1
        else:
            result.shared += 1
    return result


def tasks(plan: LadderPlan) -> list[tuple[int, int, int]]:
    """(pairing, start, stop) chunks, every pairing's games in order."""
    return [(p, start, min(start + CHUNK_GAMES, plan.games))
            for p in range(len(plan.pairings))
            for start in range(0, plan.games, CHUNK_GAMES)]


def run_ladder(plan: LadderPlan, jobs: int | None = None,
               progress: Callable[[int], None] | None = None) -> list[PairingResult]:
    """Every pairing's result, on `jobs` local processes (default: every core)."""
    from pnp.simulate.run import check_jobs, default_jobs

    work = tasks(plan)
    results = [PairingResult() for _ in plan.pairings]

    def collect(done) -> None:
        for (pairing, start, stop), result in done:
            results[pairing].add(result)
            if progress:
                progress(stop - start)

    jobs = min(check_jobs(jobs or default_jobs()), len(work))
    if jobs == 1:
        made: dict = {}
        collect((task, play_games(plan, *task, made)) for task in work)
        return results
    from pnp.content.processes import worker_pool

    with worker_pool(jobs, _receive_plan, (plan,)) as pool:
        collect(zip(work, pool.imap(_run_task, work), strict=True))
    return results


_WORKER: list = []  # (plan, bots built), set once in each worker process


def _receive_plan(plan: LadderPlan) -> None:
    """A worker's start: it keeps the plan (Ctrl-C is the main process's: worker_pool)."""
    _WORKER[:] = [plan, {}]


def _run_task(task: tuple[int, int, int]) -> PairingResult:
    plan, made = _WORKER
    return play_games(plan, *task, made)


# --- the summary: rungs, ratings, pairings ----------------------------------------------

def summarise(plan: LadderPlan, results: Sequence[PairingResult]) -> dict[str, Any]:
    """The ladder as one JSON-ready dict: what the table, --json and the report show."""
    labels = [spec.label for spec in plan.bots]
    found = {pair: r for pair, r in zip(plan.pairings, results, strict=True)}
    budgets = len(plan.budgets)
    reference = budgets  # the baseline bot comes right after the budgets: the anchor
    fitted = rating.fit(len(plan.bots),
                        [rating.Result(a, b, r.a_score, r.games) for (a, b), r in found.items()],
                        reference)
    return {
        "game": plan.game_id, "ladder": plan.bots[0].name, "seed": plan.seed,
        "players": plan.players, "games_per_pairing": plan.games,
        "games": plan.games * len(plan.pairings), "budgets": list(plan.budgets),
        "baseline": labels[reference], "options": {k: v for k, v in plan.bots[0].options
                                                   if k != BUDGET_OPTION},
        "rules": dict(plan.rules),
        "rungs": [{"iterations": plan.budgets[k],
                   "vs_half": _versus(found, labels, k, k - 1) if k else None,
                   "vs_baseline": _versus(found, labels, k, reference)}
                  for k in range(budgets)],
        "ratings": [{"bot": labels[i], "elo": round(r.elo, 1), "bound": r.bound,
                     "low": _end(r.low, r, i == reference),
                     "high": _end(r.high, r, i == reference),
                     "se": None if r.se is None else round(r.se, 1),
                     "games": sum(res.games for pair, res in found.items() if i in pair)}
                    for i, r in enumerate(fitted)],
        "rating_method": (f"Bradley–Terry maximum likelihood on every game of the round "
                          f"robin (a shared victory half a win), Elo scale, "
                          f"{labels[reference]} = 0; 95 % intervals ± 1.96 standard errors "
                          f"from the Fisher information; a bot cut off by clean sweeps has "
                          f"no finite rating, only its 95 % profile-likelihood bound "
                          f"(at least, or at most)"),
        "pairings": [_versus(found, labels, a, b) for a, b in plan.pairings],
    }


def _end(value: float, r: rating.Rating, anchor: bool) -> float | None:
    """An interval's end for the JSON: None for the anchor and for the open side of a
    bound (JSON has no infinity)."""
    return None if anchor or not math.isfinite(value) else round(value, 1)


def _versus(found: dict, labels: list[str], mine: int, theirs: int) -> dict[str, Any]:
    """Bot `mine` against bot `theirs`: games, wins, losses, shared, win rate with its
    Wilson interval (a shared victory counts half)."""
    if (mine, theirs) in found:
        r = found[(mine, theirs)]
        wins, losses = r.a_wins, r.b_wins
    else:
        r = found[(theirs, mine)]
        wins, losses = r.b_wins, r.a_wins
    score = wins + r.shared / 2
    low, high = wilson(score, r.games)
    return {"bot": labels[mine], "against": labels[theirs], "games": r.games, "wins": wins,
            "losses": losses, "shared": r.shared, "rate": score / r.games if r.games else None,
            "low": low, "high": high}


def text_report(summary: dict[str, Any]) -> str:
    """The terminal table."""
    lines = [f"{summary['game']}: {summary['ladder']} ladder at {_budgets(summary)} "
             f"iterations, {summary['games_per_pairing']:,} games per "
             f"pairing ({len(summary['ratings'])} bots, {len(summary['pairings'])} "
             f"pairings, {summary['games']:,} games), seed {summary['seed']}, "
             f"{summary['players']} players",
             "95 % intervals in brackets (Wilson for win rates; a shared victory counts "
             "half).", ""]
    lines += table(["iterations", "vs half the budget", f"vs {summary['baseline']}"],
                   [[f"{r['iterations']:,}", _rate(r["vs_half"]), _rate(r["vs_baseline"])]
                    for r in summary["rungs"]])
    lines += ["", f"Elo ratings, {summary['baseline']} = 0 (Bradley–Terry over every game; "
              f"intervals ± 1.96 standard errors; after clean sweeps, the 95 % bound):"]
    lines += table(["bot", "Elo", "games"],
                   [[r["bot"], _elo(r), f"{r['games']:,}"]
                    for r in sorted(summary["ratings"], key=lambda r: -r["elo"])])
    lines += ["", "Round robin:"]
    lines += table(["bot", "against", "games", "win rate", "wins", "losses", "shared"],
                   [[p["bot"], p["against"], f"{p['games']:,}", _rate(p), str(p["wins"]),
                     str(p["losses"]), str(p["shared"])] for p in summary["pairings"]])
    return "\n".join(lines) + "\n"


def _budgets(summary: dict) -> str:
    """`16–256`, or `64` for a ladder of one rung."""
    budgets = summary["budgets"]
    if len(budgets) == 1:
        return f"{budgets[0]:,}"
    return f"{budgets[0]:,}–{budgets[-1]:,}"


def _rate(versus: dict | None) -> str:
    if versus is None:
        return "-"
    return (f"{100 * versus['rate']:5.1f} % [{100 * versus['low']:.1f}, "
            f"{100 * versus['high']:.1f}]")


def _elo(r: dict) -> str:
    if r.get("bound"):
        return f"{r['bound']} {r['elo']:.0f} (clean sweeps)"
    if r["low"] is None:
        return f"{r['elo']:.0f} (anchor)"
    return f"{r['elo']:.0f} [{r['low']:.0f}, {r['high']:.0f}]"


# --- the report page --------------------------------------------------------------------

def write_report(summary: dict[str, Any], folder: Path) -> Path:
    """`folder/index.html` with the ladder's tables and two charts (Elo by bot, the rungs'
    win rates), plus `summary.json`; the page's path."""
    import json

    import matplotlib

    from pnp.content.output import write_text
    from pnp.simulate.charts import _save

    matplotlib.use("Agg")
    _save(_elo_chart(summary), folder / "ladder-elo.svg")
    _save(_rung_chart(summary), folder / "ladder-rungs.svg")
    write_text(folder / "summary.json", json.dumps(summary, indent=1) + "\n")
    return write_text(folder / "index.html", _page(summary))


def _elo_chart(summary: dict) -> Any:
    from pnp.simulate.charts import ALERT, BAR, QUIET, _figure

    fig = _figure()
    ax = fig.subplots()
    ratings = {r["bot"]: r for r in summary["ratings"]}
    climbing = [r for r in summary["ratings"][:len(summary["budgets"])]]
    xs = [math.log2(b) for b in summary["budgets"]]
    # a bound (clean sweeps) is drawn at its value with no bar: an arrow marks the open side
    ax.errorbar(xs, [r["elo"] for r in climbing],
                yerr=[[0 if r["low"] is None else r["elo"] - r["low"] for r in climbing],
                      [0 if r["high"] is None else r["high"] - r["elo"] for r in climbing]],
                color=BAR, marker="o", capsize=4, label=summary["ladder"])
    for x, r in zip(xs, climbing, strict=True):
        if r.get("bound"):
            tip = r["elo"] + (80 if r["bound"] == "at least" else -80)
            ax.annotate("", (x, tip), (x, r["elo"]), arrowprops={"arrowstyle": "->",
                                                                 "color": BAR})
            ax.plot([x], [tip], alpha=0)  # the arrow's tip inside the axes
    ax.axhline(0, color=ALERT, linewidth=1, label=f"{summary['baseline']} (= 0)")
    chance = ratings[RANDOM]
    said = f"{RANDOM} ({chance['bound']})" if chance.get("bound") else RANDOM
    ax.axhline(chance["elo"], color=QUIET, linestyle="--", linewidth=1, label=said)
    if not chance.get("bound"):
        ax.axhspan(chance["low"], chance["high"], color=QUIET, alpha=0.15)
    ax.set_xticks(xs, [f"{b:,}" for b in summary["budgets"]])
    ax.set_xlabel("iterations per decision")
    ax.set_ylabel(f"Elo ({summary['baseline']} = 0)")
    ax.legend(loc="best", frameon=False)
    ax.set_title("Elo by budget, 95 % intervals (Bradley–Terry over the round robin)")
    return fig


def _rung_chart(summary: dict) -> Any:
    from pnp.simulate.charts import ALERT, BAR, QUIET, _figure

    fig = _figure()
    ax = fig.subplots()
    for key, colour, text in (("vs_half", BAR, "against half the budget"),
                              ("vs_baseline", ALERT, f"against {summary['baseline']}")):
        rows = [(math.log2(r["iterations"]), r[key]) for r in summary["rungs"] if r[key]]
        if not rows:
            continue
        ax.errorbar([x for x, _ in rows], [v["rate"] for _, v in rows],
                    yerr=[[v["rate"] - v["low"] for _, v in rows],
                          [v["high"] - v["rate"] for _, v in rows]],
                    color=colour, marker="o", capsize=4, label=text)
    ax.axhline(0.5, color=QUIET, linestyle="--", linewidth=1, label="even")
    ax.set_xticks([math.log2(b) for b in summary["budgets"]],
                  [f"{b:,}" for b in summary["budgets"]])
    ax.set_ylim(0, 1)
    ax.set_xlabel("iterations per decision")
    ax.set_ylabel("win rate")
    ax.legend(loc="best", frameon=False)
    ax.set_title("Each rung's win rate, 95 % Wilson intervals")
    return fig


def _page(summary: dict) -> str:
    from pnp.simulate.charts import _e, _html_table

    title = (f"Skill ladder: {summary['game']}, {summary['ladder']} at {_budgets(summary)} "
             f"iterations")
    parts = [
        f"<h1>{_e(title)}</h1>",
        f"<p>{summary['games_per_pairing']:,} games per pairing, {summary['games']:,} in "
        f"all, seed {_e(summary['seed'])}, {summary['players']} players. Brackets hold 95 % "
        f"intervals (Wilson for win rates; a shared victory counts half).</p>",
        "<h2>Rungs</h2>",
        _html_table(["iterations", "vs half the budget", f"vs {summary['baseline']}"],
                    [[f"{r['iterations']:,}", _rate(r["vs_half"]), _rate(r["vs_baseline"])]
                     for r in summary["rungs"]]),
        "<h2>Elo ratings</h2>",
        f"<p>{_e(summary['rating_method'])}.</p>",
        _html_table(["bot", "Elo", "games"],
                    [[r["bot"], _elo(r), f"{r['games']:,}"]
                     for r in sorted(summary["ratings"], key=lambda r: -r["elo"])]),
        "<h2>Round robin</h2>",
        _html_table(["bot", "against", "games", "win rate", "wins", "losses", "shared"],
                    [[p["bot"], p["against"], f"{p['games']:,}", _rate(p), str(p["wins"]),
                      str(p["losses"]), str(p["shared"])] for p in summary["pairings"]]),
        "<h2>Charts</h2>",
        "<figure><img src=\"ladder-elo.svg\" alt=\"Elo by budget\"><figcaption>Elo by "
        "budget</figcaption></figure>",
        "<figure><img src=\"ladder-rungs.svg\" alt=\"Each rung's win rate\"><figcaption>"
        "Each rung's win rate</figcaption></figure>",
    ]
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
             "table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{padding:.2em .6em;"
             "border-bottom:1px solid #ddd;text-align:right}td:first-child,th:first-child"
             "{text-align:left}img{max-width:100%}")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{_e(title)}</title><style>{style}</style></head><body>\n"
            + "\n".join(parts) + "\n</body></html>\n")
