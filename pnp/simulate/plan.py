"""`pnp simulate`'s plan: every option checked before any game is played, and the seeds
and seats of each game derived from it.

A plan is plain, picklable values, so a chunk of games is a pure function of (plan, game
range) wherever it runs. Every game's seed comes from the simulation seed and the game's
number, so a game is the same whichever process or machine plays it.

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
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pnp.errors import PnpError, Problem, UsageError
from pnp.games import Game, get_game
from pnp.simulate.family import CORRECTIONS
from pnp.simulate.sources import promo_sources

MAX_GAMES = 10_000_000
MAX_SEED = 2**63 - 1
MAX_JOBS = 256
MAX_TARGET = 100_000  # a points target beyond this would make games practically endless
MAX_LOOKS = 500  # a sequential run's looks (its power is integrated look by look)
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
class Margins:
    """The smallest differences that matter to the designer: `points` for a difference of
    win rates (a fraction: 0.02 is 2 points), `vp` for VP (per copy, or of the score margin
    restricted play measures). Every comparison says
    how many games would detect them; sequential runs call a difference surely within
    them equivalent."""

    points: float = 0.02
    vp: float = 0.1

    def of(self, unit: str) -> float:
        """The margin of a comparison's unit ("vp", "margin" or "rate")."""
        return self.points if unit == "rate" else self.vp


@dataclass(frozen=True)
class Schedule:
    """A sequential run's looks: every `batch` games up to `most`, both whole chunks."""

    batch: int
    most: int

    @property
    def looks(self) -> list[int]:
        return [*range(self.batch, self.most, self.batch), self.most]


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
    correction: str = "holm"
    alpha: float = 0.05
    # --restricted: barred-card games, the marked decks they pair with, promo headlines
    restricted: tuple = ()
    controls: tuple[Variant, ...] = ()
    headlines: tuple = ()
    schedule: Schedule | None = None  # --until-decided (and --tune): when to look
    margins: Margins = Margins()  # --margin, --vp-margin
    tune: Any = None  # --tune: the card, field and each value's variant (tune.Tuning)
    targets: Any = None  # --targets: the designer's bands (targets.Targets)


@dataclass(frozen=True)
class Request:
    """`pnp simulate`'s options as given, before they are checked."""

    game: str
    games: int = 1000
    seed: int = 1
    players: Sequence[int] = ()
    bots: Sequence[str] = ()
    bot_options: Sequence[str] = ()
    promos: Sequence[Path | str] = ()  # files, or "shipped" (the game's own promos)
    data_dir: Path | None = None
    rules: Sequence[str] = ()
    seats: str = "rotate"
    logs: bool = False
    correction: str = "holm"
    alpha: float = 0.05
    restricted: Sequence[str] | None = None  # None: not asked; empty: the default cards
    until_decided: bool = False
    max_games: int | None = None  # default: 10 × games
    margin: float | None = None  # percentage points (default 2)
    vp_margin: float | None = None  # VP per copy (default 0.1)
    tune: str | None = None  # CARD.FIELD=LOW..HIGH
    targets: Path | None = None  # a simulate-targets file


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
    tuning = None
    if request.tune is not None:
        from pnp.simulate.tuneplan import plan_tuning

        variants, tuning = plan_tuning(request, variants, rules)
    restricted = _restricted(request, variants)
    plan = Plan(game.id, counts, bots, request.seats, request.seed, request.games,
                variants, tuple(sorted(rules.items())), request.logs, request.correction,
                request.alpha, *restricted, *_sequential(request, request.until_decided or
                                                         tuning is not None), tuning)
    if request.targets is not None:
        from pnp.simulate.targets import check_against, load_targets

        targets = load_targets(request.targets)
        check_against(targets, plan)
        plan = replace(plan, targets=targets)
    return plan


def _sequential(request: Request, sequential: bool) -> tuple[Schedule | None, Margins]:
    """The looks of --until-decided: every --games games (rounded up to whole chunks, so a
    look's numbers are a whole run's) and the last at --max-games (alone, an error: it
    would do nothing); and --margin (percentage points, default 2) and --vp-margin (VP
    per copy, default 0.1), the smallest differences that matter: every run reports the
    games that would detect them, sequential runs decide equivalence within them."""
    problems, schedule = [], None
    if not sequential and request.max_games is not None:
        problems.append(Problem("--max-games", "only with --until-decided or --tune"))
    elif sequential:
        batch = -(-request.games // CHUNK_GAMES) * CHUNK_GAMES
        most = (request.max_games if request.max_games is not None
                else min(MAX_GAMES, 10 * batch))
        looks = (most - 1) // batch + 1
        if not batch <= most <= MAX_GAMES:
            problems.append(Problem("--max-games", f"expected {batch:,} (one look of "
                                                   f"--games, in whole chunks of "
                                                   f"{CHUNK_GAMES}) to {MAX_GAMES:,}, not "
                                                   f"{most:,}"))
        elif looks > MAX_LOOKS:
            problems.append(Problem("--max-games", f"at most {MAX_LOOKS:,} looks, not "
                                                   f"{looks:,} ({most:,} games in looks of "
                                                   f"{batch:,}): give more --games a look"))
        schedule = Schedule(batch, most)
    margin = 2.0 if request.margin is None else request.margin
    vp_margin = 0.1 if request.vp_margin is None else request.vp_margin
    if not (math.isfinite(margin) and 0 < margin < 100):
        problems.append(Problem("--margin", f"expected percentage points above 0 and below "
                                            f"100 (e.g. 2), not {margin}"))
    if not (math.isfinite(vp_margin) and 0 < vp_margin <= 100):
        problems.append(Problem("--vp-margin", f"expected VP per copy above 0 (e.g. 0.1), "
                                               f"not {vp_margin}"))
    if problems:
        raise UsageError(problems)
    return schedule, Margins(margin / 100, vp_margin)


def _restricted(request: Request, variants: tuple[Variant, ...]) -> tuple:
    """--restricted's barred games, control decks and headlines (empty when not asked)."""
    if request.restricted is None:
        return ((), (), ())
    if request.game != "majority2":
        raise UsageError(Problem("--restricted", "restricted play bars a seat from a card: "
                                                 "The Majority 2 (majority2) only"))
    from pnp.simulate.restricted import plan_restrictions

    problems: list[Problem] = []
    found = plan_restrictions(variants, request.restricted, problems)
    if problems:
        raise UsageError(problems)
    return found


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
    if request.correction not in CORRECTIONS:
        problems.append(Problem("--correction", f"expected one of {', '.join(CORRECTIONS)}, "
                                                f"not {request.correction!r}"))
    if not (isinstance(request.alpha, float | int) and 0 < request.alpha < 1):
        problems.append(Problem("--alpha", f"expected a number between 0 and 1 (e.g. 0.05), "
                                           f"not {request.alpha}"))
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
    """`--players 4`, `3,5,7` or `3-6` → the seat counts to simulate, in order. A range
    that counts down (`10-3`) would hold no count at all: refused, not read as none."""
    counts: list[int] = []
    try:
        for part in text.split(","):
            low, dash, high = part.strip().partition("-")
            first, last = int(low), int(high) if dash else int(low)
            if last < first:
                raise UsageError(Problem("--players", f"{text!r}: a range goes from fewer "
                                                      f"to more players ({last}-{first})"))
            if last - first > 100:
                raise ValueError
            counts += range(first, last + 1)
    except ValueError:
        raise UsageError(Problem("--players", f"{text!r}: expected a number of players, a "
                                              f"list (3,5) or a range (3-6)")) from None
    return tuple(dict.fromkeys(counts))


def _players(request: Request, game: Game, names: list[str],
             problems: list[Problem]) -> tuple[int, ...]:
    """The seat counts: --players, else one seat per listed bot, else the fewest allowed.
    Bots listed for a seat count the game does not allow are refused under --bots (the
    user gave no --players: "--players: ... not 2" would blame an option never given)."""
    low, high = game.players
    counts = tuple(request.players) or ((len(names) if len(names) > 1 else low),)
    allowed = f"exactly {low}" if low == high else f"{low} to {high}"
    if not request.players and not low <= counts[0] <= high:
        problems.append(Problem("--bots", f"{len(names)} bots listed, one per seat, but "
                                          f"{game.title} is played by {allowed} players: "
                                          f"name {allowed} bots, or one bot for every seat "
                                          f"(with --players for how many)"))
        return counts
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
    from pnp.games.gamedata import load_content

    if request.data_dir is not None and not request.data_dir.is_dir():
        raise UsageError(Problem(str(request.data_dir), "--data: no such folder"))
    sources = promo_sources(request.promos, request.data_dir)
    content = load_content(game.id, request.data_dir,
                           custom_promos=[s for s in sources if isinstance(s, Path)])
    module = game.engine
    if game.id == "majority2":
        from pnp.games.majority2.variants import deck_variants

        return tuple(Variant(d.name, d.config, copies=d.copies, blank=d.blank, promo=d.promo,
                             replaces=d.replaces, promo_file=d.promo_file)
                     for d in deck_variants(content, players, rules, sources))
    name = "base" if counts == 1 else f"{players} players"
    return (Variant(name, module.make_config(content, players=players, rules=rules)),)



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

