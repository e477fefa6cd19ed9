"""`pnp simulate`: play a plan's games with bots and stream them into tallies.

The work is split into chunks of consecutive game numbers. A chunk is a pure function of
(plan, game range), and the chunk boundaries do not depend on how many jobs run them. The
chunks run in local processes (every core by default) or on a Dask cluster; their tallies
hold only integer sums, so merging them is exact. Memory stays flat however many games are
played: a chunk keeps no games, only tallies (and, with `--logs`, its own games' records
until they are written).
"""

from __future__ import annotations

import itertools
import os
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from pnp.errors import Problem, UsageError
from pnp.games import get_game
from pnp.games.engine import play
from pnp.simulate.plan import CHUNK_GAMES, MAX_JOBS, Plan, Variant, game_seed, seating
from pnp.simulate.restricted import barred_seat, headline_figures, seat_figures
from pnp.simulate.standing import play_watched
from pnp.simulate.tally import ChunkResult, empty_result


def player_names(labels: Sequence[str]) -> list[str]:
    """Record names: seat number and bot, e.g. `P1 keep-high`."""
    return [f"P{s + 1} {label}" for s, label in enumerate(labels)]



def run_chunk(plan: Plan, start: int, stop: int) -> ChunkResult:
    """Play games `start` to `stop - 1` of `plan` in every variant (and, with
    --restricted, every control deck and barred game): a pure function."""
    game = get_game(plan.game_id)
    module = game.engine
    table = _Table(game, module.ENGINE, getattr(module, "card_events", None),
                   {b: game.bots[b.name](dict(b.options)) for b in plan.bots})
    result = empty_result(plan)
    result.start, result.stop = start, stop
    base = plan.variants[0]
    for index in range(start, stop):
        seed = game_seed(plan.seed, index)
        vp_of: dict[str, Counter] = {}
        finished = {}
        for variant in plan.variants:
            played, labels, trace = table.play(plan, variant, variant.config, index, seed,
                                               watch=True)
            finished[variant.name] = played
            events = table.card_events(played.final_state) if table.card_events else ()
            result.tallies[variant.name].add(
                played.outcome, labels, events,
                trace.late_changes(played.outcome) if trace else None)
            vp_of[variant.name] = _vp_by_card(events)
            if plan.logs:
                record = game.to_record(variant.config, played, player_names(labels))
                result.records.append((variant.name, index, _annotated(record, plan, index,
                                                                        seed, variant)))
        for variant in plan.variants:
            if variant.promo is not None and variant.replaces is not None:
                result.paired[variant.name].add(_promo_figures(
                    variant, base, finished[variant.name], finished[base.name], vp_of))
        if plan.restricted:
            _restricted_games(plan, table, index, seed, finished, result)
    return result


class _Table:
    """What a chunk plays with: the game, its engine and card events, the bots built once."""

    def __init__(self, game, engine, card_events, bots):
        self.game, self.engine, self.card_events, self.bots = game, engine, card_events, bots

    def play(self, plan: Plan, variant: Variant, config, index: int, seed: int,
             watch: bool = False):
        """Game `index` of `variant`'s line-up, seated as the plan says, on `config`;
        the played game, each seat's bot label, and (with `watch`) the standing's trace."""
        seats = [variant.lineup[b] for b in seating(plan.seats, variant.players, index, seed)]
        bots = [self.bots[spec] for spec in seats]
        if watch:
            played, trace = play_watched(self.engine, self.game.id, config, bots, seed)
        else:
            played, trace = play(self.engine, config, bots, seed), None
        return played, [spec.label for spec in seats], trace


def _restricted_games(plan: Plan, table: _Table, index: int, seed: int, finished: dict,
                      result: ChunkResult) -> None:
    """The seed's barred games: each against its deck's usual game of the same seed (the
    control decks are played here), then each promo headline's four figures."""
    decks = {v.name: v for v in plan.variants}
    for control in plan.controls:
        finished[control.name] = table.play(plan, control, control.config, index, seed)[0]
        decks[control.name] = control
    seat = barred_seat(index)
    figures = {}
    for r in plan.restricted:
        barred = table.play(plan, decks[r.deck], r.configs[seat], index, seed)[0]
        figures[r.name] = seat_figures(finished[r.deck].outcome, barred.outcome, seat)
        result.restricted[r.name].add(figures[r.name])
    for h in plan.headlines:
        if h.theirs is not None:
            result.headlines[h.mine].add(headline_figures(figures[h.mine],
                                                          figures[h.theirs]))


def _promo_figures(variant: Variant, base: Variant, mine, theirs,
                   vp_of: dict[str, Counter]) -> tuple[int, ...]:
    """One seed's `PROMO_FIGURES`: the promo in its variant, the card it replaces in the
    base game."""
    from pnp.games.majority2.variants import scored_copies

    promo_copies = dict(variant.copies).get(variant.promo, 1)
    base_copies = dict(base.copies).get(variant.replaces, 1)
    return (vp_of[variant.name][variant.promo] * base_copies,
            vp_of[base.name][variant.replaces] * promo_copies,
            *scored_copies(mine.final_state, variant.promo, mine.outcome.winners),
            *scored_copies(theirs.final_state, variant.replaces, theirs.outcome.winners))


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


def chunk_ranges(games: int, size: int = CHUNK_GAMES, start: int = 0) -> list[tuple[int, int]]:
    return [(first, min(first + size, games)) for first in range(start, games, size)]


# --- running: local processes or Dask, results merged in chunk order ---------------------

Progress = Callable[[int], None]


def run(plan: Plan, jobs: int | None = None, dask: str | None = None,
        logs_dir: Path | None = None, progress: Progress | None = None, start: int = 0,
        into: ChunkResult | None = None) -> ChunkResult:
    """Play the plan's games from `start` (a multiple of the chunk size, so the chunks are
    those of a whole run) and merge every chunk, in chunk order, into `into` (default: an
    empty result); `progress(n)` is called with the number of games each finished chunk
    adds; records go to `logs_dir`."""
    total = into if into is not None else empty_result(plan)
    writer = _LogWriter(logs_dir, plan) if logs_dir is not None else None
    for chunk in _chunks(plan, jobs, dask, chunk_ranges(plan.games, start=start)):
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


def _chunks(plan: Plan, jobs: int | None, dask: str | None,
            ranges: list[tuple[int, int]]) -> Iterator[ChunkResult]:
    if not ranges:
        return
    if dask:
        yield from _dask_chunks(plan, ranges, dask)
        return
    jobs = min(check_jobs(jobs or default_jobs()), len(ranges))
    if jobs == 1:
        for start, stop in ranges:
            yield run_chunk(plan, start, stop)
        return
    from pnp.content.processes import worker_pool

    with worker_pool(jobs, _receive_plan, (plan,)) as pool:
        yield from _in_order(pool, ranges, AHEAD * jobs)


AHEAD = 4
"""Chunks handed out per worker beyond the one being merged. `imap` would hand out all of
them: a main process slower to merge than the workers to play (a busy machine) then
holds every finished chunk in memory at once, which once took 100,000 D20 games from
25 MB to 295 MB; a bounded window keeps it flat."""


def _in_order(pool, ranges: list[tuple[int, int]], window: int) -> Iterator[ChunkResult]:
    """The chunks' results in chunk order, at most `window` of them asked for at a time."""
    from collections import deque

    waiting = iter(ranges)
    asked = deque(pool.apply_async(_run_range, (bounds,)) for bounds in
                  itertools.islice(waiting, window))
    while asked:
        result = asked.popleft().get()
        for bounds in itertools.islice(waiting, 1):
            asked.append(pool.apply_async(_run_range, (bounds,)))
        yield result


_WORKER_PLAN: list[Plan] = []  # the plan, sent once to each worker process


def _receive_plan(plan: Plan) -> None:
    """A worker's start: it keeps the plan (Ctrl-C is the main process's: worker_pool)."""
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
    check_dask_address(address)
    _probe_tcp(address)
    try:
        client = Client(address, timeout="10s", set_as_default=False)
    except Exception as exc:  # noqa: BLE001  (whatever Dask raises: one clear line)
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


def _probe_tcp(address: str) -> None:
    """A tcp:// scheduler that refuses the connection is reported at once: Dask's client
    retries a refused port until its 10 s timeout ends."""
    import socket

    from distributed.comm import parse_address
    from distributed.comm.addressing import parse_host_port

    scheme, location = parse_address(address)
    if scheme != "tcp":
        return
    try:
        socket.create_connection(parse_host_port(location), timeout=10).close()
    except OSError as exc:
        raise UsageError(Problem("--dask", f"cannot reach the Dask scheduler at {address}: "
                                           f"{exc.strerror or exc}")) from None


def check_dask_address(address: str) -> None:
    """Refuse at once an address Dask cannot even try: no port (`nonsense`), or TLS
    without certificates configured. Dask itself would fail, then spend 20 s closing the
    half-made client and print a traceback while the program exits."""
    from distributed import Security
    from distributed.comm import parse_address
    from distributed.comm.addressing import parse_host_port

    try:
        scheme, location = parse_address(address)
        if scheme != "inproc":
            parse_host_port(location)
    except ValueError as exc:
        raise UsageError(Problem("--dask", f"{address!r} is not a Dask scheduler address "
                                           f"(tcp://HOST:PORT or HOST:PORT): {exc}")) from None
    if scheme in ("tls", "wss") and \
            Security().get_connection_args("client").get("ssl_context") is None:
        raise UsageError(Problem("--dask", f"{address}: a {scheme}:// scheduler needs TLS "
                                           f"certificates in Dask's configuration "
                                           f"(distributed.comm.tls); none are set"))


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
