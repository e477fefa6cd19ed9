"""`pnp simulate`: play many seeded games with bots and report balance with intervals."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pnp.cli.app import app, is_terminal, user_errors
from pnp.cli.options import DATA, path_value
from pnp.content.output import writable_folder

INTERRUPTED = 130  # the shell's status for a command stopped by Ctrl-C


@app.command("simulate")
def simulate_command(
    game: str = typer.Argument(..., help="majority, majority2, majority-rules or d20-stacks."),
    cards: list[str] = typer.Argument(None, metavar="[CARD …]",
                                      help="With --restricted: the cards to bar (default: "
                                      "every base card, or every --promos card)."),
    games: int = typer.Option(None, "--games", "-n", help="How many games to play "
                              "(default 1000; with --ladder, per pairing, default 100)."),
    seed: int = typer.Option(1, "--seed", help="Simulation seed (each game's seed is "
                             "derived from it and the game's number)."),
    jobs: int = typer.Option(None, "--jobs", "-j", help="Local processes (default: every "
                             "core). The numbers do not depend on it."),
    players: str = typer.Option(None, "--players", metavar="K|K,K…|K-K",
                                help="Seats (default: one per listed bot, or the game's "
                                "fewest); several counts (3,5 or 3-6) are compared."),
    bots: list[str] = typer.Option(None, "--bots", metavar="NAME,NAME…",
                                   help="A bot per seat, or one bot for all (default: "
                                   "random). Besides random: majority-rules reroll-all, "
                                   "keep-high, keep-majority, keep-gold-bet, expectimax; "
                                   "majority2 greedy, mc; d20-stacks lowest-legal, steal, "
                                   "spread, rollout; majority vote, rollout; every game "
                                   "ismcts (tree search)."),
    bot_option: list[str] = typer.Option(None, "--bot-option", metavar="BOT.KEY=VALUE",
                                         help="A bot's option, e.g. mc.rollouts=50 or "
                                         "ismcts.iterations=512 (repeatable)."),
    promos: list[str] = typer.Option(None, "--promos", metavar="FILE|shipped",
                                     help="Majority 2 promo cards to compare with the base "
                                     "cards they replace: a promo file (JSON), or "
                                     "`shipped` for the game's own; repeatable."),
    data: Path = DATA,
    rule: list[str] = typer.Option(None, "--rule", metavar="NAME=VALUE",
                                   help="A rule option, as for pnp check (repeatable)."),
    seats: str = typer.Option("rotate", "--seats", help="rotate (each bot in each seat "
                              "in turn), draw (by each game's seed) or fixed (as listed)."),
    restricted: bool = typer.Option(False, "--restricted",
                                    help="Majority 2: restricted play — each card's value "
                                    "as the drop in win rate of a seat barred from it, on "
                                    "the same seeds (the cards follow the option)."),
    until_decided: bool = typer.Option(False, "--until-decided",
                                       help="Play batches of --games games until every "
                                       "comparison is decided (different, or equivalent "
                                       "within --margin), with α spent over the looks."),
    max_games: int = typer.Option(None, "--max-games", help="With --until-decided or "
                                  "--tune: the most games (default 10 × --games)."),
    margin: float = typer.Option(None, "--margin", metavar="POINTS",
                                 help="The smallest win-rate difference that matters, in "
                                 "percentage points (default 2): the games to detect it "
                                 "are reported, and --until-decided calls a difference "
                                 "within it equivalent."),
    vp_margin: float = typer.Option(None, "--vp-margin", metavar="VP",
                                    help="The same for VP per copy (default 0.1)."),
    tune: list[str] = typer.Option(None, "--tune", metavar="CARD.FIELD=LOW..HIGH",
                                   help="Try a --promos card at several values of cost, "
                                   "vp.points, vp.base, vp.per_match, vp.per_colour or "
                                   "quantity, and find those in line with the base card it "
                                   "replaces (one field per run)."),
    targets: Path = typer.Option(None, "--targets", metavar="FILE",
                                 help="Balance targets (JSON, `pnp schema "
                                 "simulate-targets`): a pass/fail row per band; exit "
                                 "status 1 when one fails."),
    correction: str = typer.Option("holm", "--correction", metavar="holm|bh|by|none",
                                   help="How the report's comparisons are corrected as one "
                                   "family: holm (Holm–Bonferroni, default), bh "
                                   "(Benjamini–Hochberg), by (Benjamini–Yekutieli) or "
                                   "none."),
    alpha: float = typer.Option(0.05, "--alpha", help="The error rate the flags keep to "
                                "(default 0.05)."),
    ladder: str = typer.Option(None, "--ladder", metavar="BOT",
                               help="A skill ladder instead: BOT (ismcts) at budgets of 2^K "
                               "iterations against half the budget, the game's baseline "
                               "bot and random, with Elo ratings from a round robin."),
    rungs: str = typer.Option(None, "--rungs", metavar="K-K",
                              help="With --ladder: the budgets 2^K to climb (default 4-8: "
                              "16 to 256 iterations)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
    report: Path = typer.Option(None, "--report", metavar="DIR",
                                help="Write an HTML report with charts into DIR.",
                                parser=path_value),
    logs: Path = typer.Option(None, "--logs", metavar="DIR",
                              help="Write every game's record (pnp check format) into DIR.",
                              parser=path_value),
    dask: str = typer.Option(None, "--dask", metavar="ADDRESS",
                             help="Run on the Dask scheduler at ADDRESS "
                             "(pip install 'majority-pnp\\[dask]')."),
) -> None:
    """Play many seeded games with bots and report balance: win rate by seat, ties, game
    length, scores and how decisive games are, with 95 % intervals; strategies head to
    head; for majority2 every card, each --promos card against the base card it replaces
    on the same seeds, restricted play (--restricted), tuning (--tune) and targets
    (--targets). Every report's comparisons are corrected as one family (--correction).

    Example: pnp simulate majority-rules --games 2000 --bots keep-high,keep-gold-bet

    Example: pnp simulate majority2 --promos data/examples/majority2-overpowered-promo.json
    --report balance/

    Example: pnp simulate majority2 --promos shipped --restricted --until-decided

    Example: pnp simulate majority2 --promos data/examples/majority2-costly-junior.json
    --tune house-witches-apprentice.cost=1..6

    Example: pnp simulate majority2 --ladder ismcts --rungs 3-7 --games 50 --report ladder/
    """
    if ladder is not None or rungs is not None:
        _ladder(game, ladder, rungs, games, seed, jobs, players, bot_option, rule, data,
                as_json, report, refused={"--bots": bots, "--promos": promos,
                                          "--restricted": restricted or cards,
                                          "--until-decided": until_decided,
                                          "--max-games": max_games, "--margin": margin,
                                          "--vp-margin": vp_margin, "--logs": logs,
                                          "--dask": dask})
        return
    from pnp.simulate import plan as planning
    from pnp.simulate import run as running
    from pnp.simulate.report import text_report

    with user_errors():
        if jobs is not None and dask:
            from pnp.errors import UsageError

            raise UsageError("give --jobs or --dask, not both: on Dask the cluster's workers "
                             "run the chunks")
        if jobs is not None:
            running.check_jobs(jobs)
        tune = _one_tune(tune)
        plan = planning.plan_simulation(planning.Request(
            game=game, games=1000 if games is None else games, seed=seed,
            players=planning.parse_players(players) if players else (), bots=bots or (),
            bot_options=bot_option or (), promos=promos or (), data_dir=data,
            rules=rule or (), seats=seats, logs=logs is not None, correction=correction,
            alpha=alpha, restricted=_restricted_cards(restricted, cards),
            until_decided=until_decided, max_games=max_games, margin=margin,
            vp_margin=vp_margin, tune=tune, targets=targets))
        for folder in (report, logs):
            if folder is not None:
                writable_folder(folder)  # before any game is played
        try:
            summary = _simulate(plan, jobs, dask, logs)
        except KeyboardInterrupt:
            typer.echo("\nInterrupted: no report (the games played so far are not kept).",
                       err=True)
            raise typer.Exit(INTERRUPTED) from None
        if report is not None:
            from pnp.simulate.charts import write_report

            page = write_report(summary, report)
    if as_json:
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        typer.echo(text_report(summary), nl=False)
    if report is not None:
        typer.echo(f"report: {page}", err=True)
    if logs is not None:
        typer.echo(f"game records: {logs}", err=True)
    if summary.get("targets") and not summary["targets"]["passed"]:
        failed = sum(not r["pass"] for r in summary["targets"]["bands"])
        typer.echo(f"targets: {failed} band(s) failed", err=True)
        raise typer.Exit(1)


def _one_tune(given: list[str] | None) -> str | None:
    """The one --tune of a run: a second one would silently replace the first (its values
    never played), so two are refused, naming both."""
    if not given:
        return None
    if len(given) > 1:
        from pnp.errors import Problem, UsageError

        raise UsageError(Problem("--tune", f"given {len(given)} times "
                                           f"({', '.join(map(repr, given))}); a run tunes one "
                                           "card field: run pnp simulate once per --tune"))
    return given[0]


def _ladder(game, bot, rungs, games, seed, jobs, players, bot_option, rule, data, as_json,
            report, refused) -> None:
    """`--ladder BOT`: plan, play and report the skill ladder (pnp/simulate/ladder.py)."""
    from pnp.errors import Problem, UsageError
    from pnp.simulate import ladder as laddering
    from pnp.simulate.plan import parse_players

    with user_errors():
        if bot is None:
            raise UsageError(Problem("--rungs", "goes with --ladder BOT"))
        clashes = [Problem(name, "does not go with --ladder (a ladder plays its own bots, "
                                 "on the base game)") for name, given in refused.items() if given]
        if clashes:
            raise UsageError(clashes)
        if jobs is not None:
            from pnp.simulate.run import check_jobs

            check_jobs(jobs)
        plan = laddering.plan_ladder(laddering.LadderRequest(
            game=game, bot=bot, rungs=rungs,
            games=laddering.DEFAULT_GAMES if games is None else games, seed=seed,
            players=parse_players(players) if players else (), bot_options=bot_option or (),
            rules=rule or (), data_dir=data))
        if report is not None:
            writable_folder(report)  # before any game is played
        total = plan.games * len(plan.pairings)
        try:
            results = _with_progress(f"{total:,} ladder games", total,
                                     lambda advance: laddering.run_ladder(plan, jobs, advance))
        except KeyboardInterrupt:
            typer.echo("\nInterrupted: no ladder (the games played so far are not kept).",
                       err=True)
            raise typer.Exit(INTERRUPTED) from None
        summary = laddering.summarise(plan, results)
        if report is not None:
            page = laddering.write_report(summary, report)
    typer.echo(json.dumps(summary, indent=2, ensure_ascii=False) if as_json
               else laddering.text_report(summary), nl=bool(as_json))
    if report is not None:
        typer.echo(f"report: {page}", err=True)


def _with_progress(label: str, total: int, work):
    """`work(advance)` with a progress bar on a terminal (`advance(n)`: n more done)."""
    if not is_terminal():
        return work(None)
    from rich.progress import Progress

    # No refresh thread (auto_refresh off): worker processes are forked while the bar is
    # shown, and a fork must not copy a thread holding the console's lock.
    with Progress(transient=True, auto_refresh=False) as bar:
        task = bar.add_task(label, total=total)

        def advance(n: int) -> None:
            bar.advance(task, n)
            bar.refresh()

        return work(advance)


def _restricted_cards(restricted: bool, cards: list[str] | None) -> list[str] | None:
    """The cards after --restricted (None: no restricted play); cards without it are an
    error, not a silent no-op."""
    if cards and not restricted:
        from pnp.errors import Problem, UsageError

        raise UsageError(Problem("--restricted", f"cards given ({' '.join(cards)}) without "
                                                 f"--restricted"))
    return list(cards or ()) if restricted else None


def _simulate(plan, jobs, dask, logs):
    """The simulation and its report, with a progress bar when stderr is a terminal."""
    from pnp.simulate.session import simulate

    decks = len(plan.variants) + len(plan.controls) + len(plan.restricted)
    games = plan.schedule.most if plan.schedule else plan.games
    label = f"{games:,} games" + (f" × {decks} decks" if decks > 1 else "") + \
        (" at most" if plan.schedule else "")
    return _with_progress(label, games, lambda advance: simulate(
        plan, jobs=jobs, dask=dask, logs_dir=logs, progress=advance))
