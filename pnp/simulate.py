"""`pnp simulate`: play many seeded games with bots and stream them into balance statistics.

The work is split into chunks of consecutive game numbers. A chunk is a pure function of
(plan, game range): every game's seed is derived from the simulation seed and the game's
number, so a game is the same whichever process or machine plays it, and the chunk
boundaries do not depend on how many jobs run them. The chunks run in local processes
(every core by default) or on a Dask cluster; their tallies hold only integer sums, so
merging them is exact. Memory stays flat however many games are played: a chunk keeps no
games, only tallies (and, with `--logs`, its own games' records until they are written).

Seats: with `rotate` (the default) game *i* moves every bot *i* seats on, so each bot sits
in each seat equally often; `draw` seats them in an order drawn from the game's seed;
`fixed` keeps the listed order. Seat 1 is the first to play (The Majority 2's start
player), so win rates by seat show the start player's advantage.

With `--promos` (The Majority 2), every promo card is played in its own *variant* of the
deck, replacing the base card it names, on the same game seeds as the base deck (common
random numbers): the two games of one seed draw on the same random numbers, so much of the
luck cancels out of their difference and the paired comparison is sharp. With several
`--players` counts, each count is a variant in the same way.
"""

from __future__ import annotations

import hashlib
import math
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pnp.errors import PnpError, Problem, UsageError
from pnp.games import Game, get_game
from pnp.games.engine import Outcome, play
from pnp.stats import Histogram, Moments, Rate, Ratio

MAX_GAMES = 10_000_000
MAX_SEED = 2**63 - 1
MAX_JOBS = 256
MAX_TARGET = 100_000  # a points target beyond this would make games practically endless
CHUNK_GAMES = 100  # fixed: the chunks, and so the numbers, do not depend on --jobs
SEAT_MODES = ("rotate", "draw", "fixed")


@dataclass(frozen=True)
class BotSpec:
    """A bot by name with its string options (`mc` with `{"rollouts": "50"}`)."""

    name: str
    options: tuple[tuple[str, str], ...] = ()

    @property
    def label(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.name}({opts})" if opts else self.name


@dataclass(frozen=True)
class Variant:
    """One setup to play: the base game, the base game with one promo card swapped in, or
    (with several --players counts) the game at one player count. `lineup` is the bot of
    each seat before rotation; `copies` counts each card id in the deck (for VP per copy;
    empty for dice games)."""

    name: str
    config: Any
    players: int = 2
    lineup: tuple[BotSpec, ...] = ()
    promo: str | None = None
    replaces: str | None = None
    promo_file: str | None = None
    copies: tuple[tuple[str, int], ...] = ()
    blank: tuple[str, ...] = ()


@dataclass(frozen=True)
class Plan:
    """Everything a chunk needs to play its games: picklable, and nothing but values."""

    game_id: str
    players: tuple[int, ...]
    bots: tuple[BotSpec, ...]
    seats: str
    seed: int
    games: int
    variants: tuple[Variant, ...]
    rules: tuple[tuple[str, Any], ...] = ()
    logs: bool = False


@dataclass(frozen=True)
class Request:
    """`pnp simulate`'s options as given, before they are checked."""

    game: str
    games: int = 1000
    seed: int = 1
    players: Sequence[int] = ()
    bots: Sequence[str] = ()
    bot_options: Sequence[str] = ()
    promos: Sequence[Path] = ()
    data_dir: Path | None = None
    rules: Sequence[str] = ()
    seats: str = "rotate"
    logs: bool = False


# --- planning: every option checked before any game is played -------------------------

def plan_simulation(request: Request) -> Plan:
    """A checked plan for `request`; UsageError (or DataError for a bad promo or data file)
    naming every bad option at once."""
    from pnp.check import parse_rule_args

    game = get_game(request.game)
    if game.engine is None:
        raise UsageError(f"{game.title} has no rules engine yet, so it cannot be simulated")
    problems = _count_problems(request)
    names = _bot_names(request.bots, game, problems)
    counts = _players(request, game, names, problems)
    options = _bot_options(request.bot_options, names, problems)
    if request.promos and game.id != "majority2":
        problems.append(Problem("--promos", "promo cards belong to The Majority 2 "
                                            "(majority2) only"))
    if problems:
        raise UsageError(problems)
    rules = parse_rule_args(game.id, request.rules)
    if rules.get("target", 0) > MAX_TARGET:
        raise UsageError(Problem("--rule", f"target={rules['target']}: at most "
                                           f"{MAX_TARGET:,} in a simulation"))
    bots = tuple(BotSpec(n, tuple(sorted(options.get(n, {}).items()))) for n in names)
    _check_bots(game, bots)
    variants = tuple(replace(v, players=k, lineup=bots * k if len(bots) == 1 else bots)
                     for k in counts for v in _variants(game, request, k, rules, len(counts)))
    return Plan(game.id, counts, bots, request.seats, request.seed, request.games,
                variants, tuple(sorted(rules.items())), request.logs)


def _count_problems(request: Request) -> list[Problem]:
    problems = []
    if not 1 <= request.games <= MAX_GAMES:
        problems.append(Problem("--games", f"expected 1 to {MAX_GAMES:,} games, "
                                           f"not {request.games:,}"))
    if not 0 <= request.seed <= MAX_SEED:
        problems.append(Problem("--seed", f"expected 0 to {MAX_SEED}, not {request.seed}"))
    if request.seats not in SEAT_MODES:
        problems.append(Problem("--seats", f"expected one of {', '.join(SEAT_MODES)}, "
                                           f"not {request.seats!r}"))
    return problems


def _bot_names(given: Sequence[str], game: Game, problems: list[Problem]) -> list[str]:
    """`--bots a,b --bots c` → [a, b, c] (default: random), each a bot of this game."""
    from pnp.games.recordtools import did_you_mean

    names = [n.strip() for arg in given for n in arg.split(",")] or ["random"]
    for name in names:
        if name not in game.bots:
            problems.append(Problem("--bots", f"{name!r} is not a bot of {game.id}; bots: "
                                              f"{', '.join(game.bots)}"
                                              f"{did_you_mean(name, game.bots)}"))
    return names


def parse_players(text: str) -> tuple[int, ...]:
    """`--players 4`, `3,5,7` or `3-6` → the seat counts to simulate, in order."""
    counts: list[int] = []
    try:
        for part in text.split(","):
            low, dash, high = part.strip().partition("-")
            first, last = int(low), int(high) if dash else int(low)
            if last - first > 100:
                raise ValueError
            counts += range(first, last + 1)
    except ValueError:
        raise UsageError(Problem("--players", f"{text!r}: expected a number of players, a "
                                              f"list (3,5) or a range (3-6)")) from None
    return tuple(dict.fromkeys(counts))


def _players(request: Request, game: Game, names: list[str],
             problems: list[Problem]) -> tuple[int, ...]:
    """The seat counts: --players, else one seat per listed bot, else the fewest allowed."""
    low, high = game.players
    counts = tuple(request.players) or ((len(names) if len(names) > 1 else low),)
    allowed = f"exactly {low}" if low == high else f"{low} to {high}"
    for players in counts:
        if not low <= players <= high:
            problems.append(Problem("--players", f"{game.title} is played by {allowed} "
                                                 f"players, not {players}"))
        elif len(names) not in (1, players):
            problems.append(Problem("--bots", f"name one bot for every seat or one bot for "
                                              f"all; {len(names)} bots for {players} players"))
    if len(counts) > 1 and request.promos:
        problems.append(Problem("--players", "compare promo cards at one player count"))
    return counts


def _bot_options(given: Sequence[str], names: list[str],
                 problems: list[Problem]) -> dict[str, dict[str, str]]:
    """`mc.rollouts=50` → {"mc": {"rollouts": "50"}}; the bot must be one in play, and a
    number must be finite (nan and inf are refused here, whatever the bot)."""
    options: dict[str, dict[str, str]] = {}
    for arg in given:
        key, sep, value = (part.strip() for part in arg.partition("="))
        bot, dot, name = key.rpartition(".")
        if not sep or not dot or not bot or not name:
            problems.append(Problem("--bot-option", f"{arg!r}: expected BOT.KEY=VALUE, "
                                                    f"e.g. mc.rollouts=50"))
        elif bot not in names:
            problems.append(Problem("--bot-option", f"{arg!r}: bot {bot!r} is not playing "
                                                    f"(--bots {','.join(names)})"))
        elif _not_finite(value):
            problems.append(Problem("--bot-option", f"{arg!r}: {value} is not a finite "
                                                    f"number"))
        else:
            options.setdefault(bot, {})[name] = value
    return options


def _not_finite(value: str) -> bool:
    try:
        return not math.isfinite(float(value))
    except ValueError:
        return False


def _check_bots(game: Game, bots: Sequence[BotSpec]) -> None:
    """Build each bot once here, so a bad option is refused before any game is played."""
    for spec in dict.fromkeys(bots):
        try:
            game.bots[spec.name](dict(spec.options))
        except PnpError as exc:
            raise UsageError([Problem("--bot-option", p.message) for p in exc.problems]) \
                from None
        except (ValueError, KeyError, TypeError) as exc:
            raise UsageError(Problem("--bot-option", f"{spec.label}: {exc}")) from None


def _variants(game: Game, request: Request, players: int, rules: Mapping[str, Any],
              counts: int = 1) -> tuple[Variant, ...]:
    """The base deck, and one variant per promo card (The Majority 2 with --promos); with
    several player counts, one variant per count."""
    from pnp.gamedata import load_content

    if request.data_dir is not None and not request.data_dir.is_dir():
        raise UsageError(Problem(str(request.data_dir), "--data: no such folder"))
    content = load_content(game.id, request.data_dir, custom_promos=list(request.promos))
    module = game.engine
    if game.id == "majority2":
        from pnp.simulate_majority2 import variants

        return variants(module, content, players, rules, request.promos)
    name = "base" if counts == 1 else f"{players} players"
    return (Variant(name, module.make_config(content, players=players, rules=rules)),)


# --- playing: chunks of games into tallies -----------------------------------------------

def game_seed(seed: int, index: int) -> int:
    """Game `index`'s seed: 64 bits of a hash of (simulation seed, game number)."""
    digest = hashlib.blake2b(f"pnp-simulate:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def seating(mode: str, k: int, index: int, seed: int) -> tuple[int, ...]:
    """Which place of the line-up sits in each of the `k` seats of game `index`."""
    if mode == "fixed":
        return tuple(range(k))
    if mode == "draw":
        return tuple(random.Random(seed ^ 0x5EA75).sample(range(k), k))
    return tuple((s + index) % k for s in range(k))


def player_names(labels: Sequence[str]) -> list[str]:
    """Record names: seat number and bot, e.g. `P1 keep-high`."""
    return [f"P{s + 1} {label}" for s, label in enumerate(labels)]


@dataclass
class BotTally:
    games: int = 0
    wins: int = 0
    shared: int = 0
    score: Moments = field(default_factory=Moments)
    per_round: Ratio = field(default_factory=Ratio)

    def merge(self, other: BotTally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.shared += other.shared
        self.score.merge(other.score)
        self.per_round.merge(other.per_round)


@dataclass
class CardTally:
    """One card id over a variant's games: plays, representatives, VP in final score
    areas (summed over the seats of each game), and whether the seats scoring it won."""

    plays: int = 0
    representative: int = 0
    vp: Moments = field(default_factory=Moments)  # n counts games where it scored
    scorer_wins: Rate = field(default_factory=Rate)

    def merge(self, other: CardTally) -> None:
        self.plays += other.plays
        self.representative += other.representative
        self.vp.merge(other.vp)
        self.scorer_wins.merge(other.scorer_wins)


@dataclass
class Tally:
    """Streamed statistics of one variant's games."""

    players: int
    games: int = 0
    shared: int = 0
    rounds: Histogram = field(default_factory=Histogram)
    ends: Counter = field(default_factory=Counter)
    tie_breaks: Counter = field(default_factory=Counter)
    seat_wins: list[int] = field(default_factory=list)
    seat_shared: list[int] = field(default_factory=list)
    seat_scores: list[Histogram] = field(default_factory=list)
    bots: dict[str, BotTally] = field(default_factory=dict)
    pairs: dict[tuple[str, str], Rate] = field(default_factory=dict)
    cards: dict[str, CardTally] = field(default_factory=dict)

    def __post_init__(self) -> None:
        k = self.players
        self.seat_wins = self.seat_wins or [0] * k
        self.seat_shared = self.seat_shared or [0] * k
        self.seat_scores = self.seat_scores or [Histogram() for _ in range(k)]

    def add(self, outcome: Outcome, bots: Sequence[str], events: Sequence = ()) -> None:
        """One finished game; `bots[seat]` names the bot in each seat."""
        self.games += 1
        self.rounds.add(outcome.rounds)
        self.ends[outcome.end] += 1
        if outcome.tie_break:
            self.tie_breaks[outcome.tie_break] += 1
        sole = len(outcome.winners) == 1
        self.shared += not sole
        for seat, score in enumerate(outcome.scores):
            won = seat in outcome.winners
            self.seat_wins[seat] += won and sole
            self.seat_shared[seat] += won and not sole
            self.seat_scores[seat].add(score)
            bot = self.bots.setdefault(bots[seat], BotTally())
            bot.games += 1
            bot.wins += won and sole
            bot.shared += won and not sole
            bot.score.add(score)
            bot.per_round.add(score, outcome.rounds)
        self._pairs(outcome, bots)
        self._cards(outcome, events)

    def _pairs(self, outcome: Outcome, bots: Sequence[str]) -> None:
        """Head to head: for two different bots in one game, did the first finish ahead?
        Ahead: a winner when the other is not, or a higher score between non-winners."""
        for a, name_a in enumerate(bots):
            for b, name_b in enumerate(bots):
                if name_a == name_b:
                    continue
                wa, wb = a in outcome.winners, b in outcome.winners
                ahead = (wa and not wb) or (not wa and not wb and
                                            outcome.scores[a] > outcome.scores[b])
                self.pairs.setdefault((name_a, name_b), Rate()).add(ahead)

    def _cards(self, outcome: Outcome, events: Sequence) -> None:
        vp_by_card: Counter = Counter()
        for e in events:
            card = self.cards.setdefault(e.card, CardTally())
            card.plays += e.played
            card.representative += e.representative
            if e.vp:
                vp_by_card[e.card] += e.vp
                card.scorer_wins.add(len(outcome.winners) == 1 and e.seat in outcome.winners)
        for card, vp in vp_by_card.items():
            self.cards[card].vp.add(vp)

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.shared += other.shared
        self.rounds.merge(other.rounds)
        self.ends.update(other.ends)
        self.tie_breaks.update(other.tie_breaks)
        for seat in range(self.players):
            self.seat_wins[seat] += other.seat_wins[seat]
            self.seat_shared[seat] += other.seat_shared[seat]
            self.seat_scores[seat].merge(other.seat_scores[seat])
        for name, bot in other.bots.items():
            self.bots.setdefault(name, BotTally()).merge(bot)
        for pair, rate in other.pairs.items():
            self.pairs.setdefault(pair, Rate()).merge(rate)
        for card, tally in other.cards.items():
            self.cards.setdefault(card, CardTally()).merge(tally)


@dataclass
class ChunkResult:
    """What a chunk hands back: a tally per variant, the paired promo-minus-base VP per
    copy (as exact integers: VP × the other card's copies), and records for --logs."""

    start: int
    stop: int
    tallies: dict[str, Tally]
    paired: dict[str, Moments]
    records: list[tuple[str, int, dict]] = field(default_factory=list)

    def merge(self, other: ChunkResult) -> None:
        self.stop = other.stop
        for name, tally in other.tallies.items():
            self.tallies[name].merge(tally)
        for name, moments in other.paired.items():
            self.paired[name].merge(moments)


def empty_result(plan: Plan) -> ChunkResult:
    return ChunkResult(0, 0, {v.name: Tally(v.players) for v in plan.variants},
                       {v.name: Moments() for v in plan.variants if v.promo})


def run_chunk(plan: Plan, start: int, stop: int) -> ChunkResult:
    """Play games `start` to `stop - 1` of `plan` in every variant: a pure function."""
    game = get_game(plan.game_id)
    module = game.engine
    engine = module.ENGINE
    card_events = getattr(module, "card_events", None)
    bots = {b: game.bots[b.name](dict(b.options)) for b in plan.bots}
    result = empty_result(plan)
    result.start, result.stop = start, stop
    base = plan.variants[0]
    for index in range(start, stop):
        seed = game_seed(plan.seed, index)
        vp_of: dict[str, Counter] = {}
        for variant in plan.variants:
            seats = [variant.lineup[b] for b in seating(plan.seats, variant.players, index,
                                                        seed)]
            labels = [spec.label for spec in seats]
            played = play(engine, variant.config, [bots[spec] for spec in seats], seed)
            events = card_events(played.final_state) if card_events else ()
            result.tallies[variant.name].add(played.outcome, labels, events)
            vp_of[variant.name] = _vp_by_card(events)
            if plan.logs:
                record = module.to_record(variant.config, played, player_names(labels))
                result.records.append((variant.name, index, _annotated(record, plan, index,
                                                                        seed, variant)))
        for variant in plan.variants:
            if variant.promo is None:
                continue
            copies = dict(variant.copies)
            base_copies = dict(base.copies)
            d = vp_of[variant.name][variant.promo] * base_copies.get(variant.replaces, 1) - \
                vp_of[base.name][variant.replaces] * copies.get(variant.promo, 1)
            result.paired[variant.name].add(d)
    return result


def _vp_by_card(events: Sequence) -> Counter:
    vp: Counter = Counter()
    for e in events:
        vp[e.card] += e.vp
    return vp


def _annotated(record: dict, plan: Plan, index: int, seed: int, variant: Variant) -> dict:
    """The record with a `_simulation` note saying where it came from."""
    note = {"game": index + 1, "seed": plan.seed, "game_seed": seed,
            "bots": [b.label for b in variant.lineup], "seats": plan.seats,
            "variant": variant.name}
    return {**record, "_simulation": note}


def chunk_ranges(games: int, size: int = CHUNK_GAMES) -> list[tuple[int, int]]:
    return [(start, min(start + size, games)) for start in range(0, games, size)]


# --- running: local processes or Dask, results merged in chunk order ---------------------

Progress = Callable[[int], None]


def run(plan: Plan, jobs: int | None = None, dask: str | None = None,
        logs_dir: Path | None = None, progress: Progress | None = None) -> ChunkResult:
    """Play the whole plan and merge every chunk (in chunk order); `progress(n)` is called
    with the number of games each finished chunk adds; records go to `logs_dir`."""
    total = empty_result(plan)
    writer = _LogWriter(logs_dir, plan) if logs_dir is not None else None
    for chunk in _chunks(plan, jobs, dask):
        if writer:
            writer.write(chunk.records)
            chunk.records = []
        total.merge(chunk)
        if progress:
            progress(chunk.stop - chunk.start)
    total.stop = plan.games
    return total


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def check_jobs(jobs: int) -> int:
    if not 1 <= jobs <= MAX_JOBS:
        raise UsageError(Problem("--jobs", f"expected 1 to {MAX_JOBS} jobs, not {jobs}"))
    return jobs


def _chunks(plan: Plan, jobs: int | None, dask: str | None) -> Iterator[ChunkResult]:
    ranges = chunk_ranges(plan.games)
    if dask:
        yield from _dask_chunks(plan, ranges, dask)
        return
    jobs = min(check_jobs(jobs or default_jobs()), len(ranges))
    if jobs == 1:
        for start, stop in ranges:
            yield run_chunk(plan, start, stop)
        return
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with context.Pool(jobs, initializer=_receive_plan, initargs=(plan,)) as pool:
        yield from pool.imap(_run_range, ranges)


_WORKER_PLAN: list[Plan] = []  # the plan, sent once to each worker process


def _receive_plan(plan: Plan) -> None:
    _WORKER_PLAN[:] = [plan]


def _run_range(bounds: tuple[int, int]) -> ChunkResult:
    return run_chunk(_WORKER_PLAN[0], *bounds)


def _dask_chunks(plan: Plan, ranges: list[tuple[int, int]],
                 address: str) -> Iterator[ChunkResult]:
    """The chunks as tasks on the Dask scheduler at `address`, read back in order."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError(Problem("--dask", "Dask is not installed: pip install "
                                           "'majority-pnp[dask]'")) from None
    try:
        client = Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise UsageError(Problem("--dask", f"cannot reach the Dask scheduler at "
                                           f"{address}: {exc}")) from None
    try:
        shared = client.scatter(plan, broadcast=True)
        futures = [client.submit(run_chunk, shared, a, b, pure=False) for a, b in ranges]
        for future in futures:
            yield future.result()
            future.release()
    finally:
        client.close()


class _LogWriter:
    """Writes each game's record as it arrives: `DIR/game-000001.json` for the base deck,
    `DIR/<promo id>/game-000001.json` for a promo variant (its record names its promo file
    relative to itself, so `pnp check` finds it)."""

    def __init__(self, folder: Path, plan: Plan):
        self.folder = folder
        self.variants = {v.name: v for v in plan.variants}
        self.width = max(6, len(str(plan.games)))

    def write(self, records: list[tuple[str, int, dict]]) -> None:
        import json

        from pnp.content.output import write_text

        for name, index, record in records:
            variant = self.variants[name]
            folder = self.folder if name == "base" else self.folder / name.replace(" ", "-")
            if variant.promo_file:
                record = {**record, "promos": os.path.relpath(variant.promo_file, folder)}
            path = folder / f"game-{index + 1:0{self.width}d}.json"
            write_text(path, json.dumps(record, indent=1, ensure_ascii=False) + "\n")
