"""`pnp simulate`: determinism across jobs, the analytic Majority Rules! round score, logs
that `pnp check` accepts, the report in a real browser, and every bad option's exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.check import check_file
from pnp.errors import UsageError
from pnp.simulate.plan import Request, game_seed, plan_simulation, seating
from pnp.simulate.report import summarise
from pnp.simulate.run import run

# Each die is worth its face, or 6 when it shows the gold die's face (1 time in 6).
DIE_MEAN = (5 / 6) * 3.5 + 1
FOUR_BOTS = "reroll-all,keep-high,keep-majority,keep-gold-bet"


def _summary(**options) -> dict:
    plan = plan_simulation(Request("majority-rules", **options))
    return summarise(plan, run(plan, jobs=options.pop("jobs", 1)))


@pytest.mark.slow
def test_same_numbers_whatever_the_number_of_jobs():
    plan = plan_simulation(Request("majority-rules", games=150, seed=9, bots=[FOUR_BOTS]))
    one = summarise(plan, run(plan, jobs=1))
    two = summarise(plan, run(plan, jobs=2))
    assert one == two
    assert one["variants"][0]["games"] == 150


@pytest.mark.slow
def test_the_cli_prints_identical_json_for_one_and_two_jobs(cli):
    args = ["simulate", "majority-rules", "--games", "120", "--seed", "4", "--json",
            "--bots", "keep-high,keep-gold-bet"]
    one = cli(*args, "--jobs", "1")
    two = cli(*args, "--jobs", "2")
    assert one.exit_code == 0, one.stderr
    assert one.stdout == two.stdout
    report = json.loads(one.stdout)
    assert report["games"] == 120 and report["bots"] == ["keep-high", "keep-gold-bet"]
    assert {b["bot"] for b in report["variants"][0]["bots"]} == {"keep-high", "keep-gold-bet"}


def test_another_seed_gives_other_games():
    first = _summary(games=60, seed=1)
    other = _summary(games=60, seed=2)
    assert first["variants"][0]["rounds"] != other["variants"][0]["rounds"]


@pytest.mark.slow
def test_reroll_all_scores_the_analytic_mean_per_round():
    """With nothing kept, each player's 8 dice are fresh rolls: a player's mean round score
    is 8 × ((5/6)·3.5 + 1) = 31.33, whatever claiming moves between the two players."""
    summary = _summary(games=300, seed=11, bots=["reroll-all"], players=[2])
    bot = summary["variants"][0]["bots"][0]
    per_round = bot["points_per_round"]
    assert bot["bot"] == "reroll-all" and bot["games"] == 600
    assert per_round["low"] <= 8 * DIE_MEAN <= per_round["high"]
    assert per_round["high"] - per_round["low"] < 1.0  # the test has teeth


def test_rotation_seats_every_bot_in_every_seat_equally():
    plan = plan_simulation(Request("majority-rules", games=9, bots=["reroll-all,keep-high,"
                                                                    "keep-majority"]))
    lineups = [seating(plan.seats, 3, i, game_seed(plan.seed, i)) for i in range(9)]
    for seat in range(3):
        assert sorted(lineup[seat] for lineup in lineups) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    fixed = plan_simulation(Request("majority-rules", games=9, seats="fixed",
                                    bots=["reroll-all,keep-high"]))
    assert {seating(fixed.seats, 2, i, 0) for i in range(9)} == {(0, 1)}
    drawn = plan_simulation(Request("majority-rules", games=50, seats="draw",
                                    bots=["reroll-all,keep-high"]))
    draws = [seating(drawn.seats, 2, i, game_seed(drawn.seed, i)) for i in range(50)]
    assert set(draws) == {(0, 1), (1, 0)}
    assert draws == [seating(drawn.seats, 2, i, game_seed(drawn.seed, i)) for i in range(50)]


def test_a_strong_policy_beats_rerolling_everything_head_to_head():
    summary = _summary(games=100, bots=["keep-high,reroll-all"])
    pairs = {(h["bot"], h["against"]): h["ahead"] for h in summary["variants"][0]["head_to_head"]}
    assert pairs[("keep-high", "reroll-all")]["low"] > 0.5
    seats = summary["variants"][0]["seats"]
    assert sum(s["wins"]["count"] for s in seats) + \
        summary["variants"][0]["shared_victories"]["count"] == 100


def test_every_logged_game_passes_pnp_check(cli, tmp_path):
    logs = tmp_path / "logs"
    result = cli("simulate", "majority-rules", "--games", "12", "--players", "3",
                 "--bots", "random,keep-high,keep-gold-bet", "--logs", logs, "--json")
    assert result.exit_code == 0, result.stderr
    files = sorted(logs.glob("game-*.json"))
    assert [f.name for f in files] == [f"game-{i:06d}.json" for i in range(1, 13)]
    for path in files:
        verdict = check_file(path)
        assert verdict.ok and verdict.finished, (path, verdict.violations)
        record = json.loads(path.read_text())
        assert record["_simulation"]["seed"] == 1
        assert [p.total for p in verdict.players] == list(record["claimed"].values())
    assert not list(logs.glob(".*partial"))


def test_terminal_report_lists_seats_bots_and_intervals(cli):
    result = cli("simulate", "majority-rules", "--games", "40", "--bots",
                 "keep-majority,keep-gold-bet")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "majority-rules: 40 games, seed 1, 2 players" in out
    assert "Wilson" in out and "points per round" in out and "finished ahead" in out
    assert "keep-majority" in out and "keep-gold-bet" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "keep-lucky"], "'keep-lucky' is not a bot of majority-rules"),
    (["--bots", "keep-hihg"], "did you mean keep-high?"),
    (["--games", "0"], "--games: expected 1 to 10,000,000 games, not 0"),
    (["--games", "99999999999999999999"], "expected 1 to 10,000,000 games"),
    (["--seed", "-1"], "--seed: expected 0 to"),
    (["--jobs", "0"], "--jobs: expected 1 to 256 jobs, not 0"),
    (["--players", "5"], "--players: Majority Rules! is played by 2 to 4 players, not 5"),
    (["--players", "2", "--bots", "random,random,random"], "3 bots for 2 players"),
    (["--bot-option", "rollouts=5"], "expected BOT.KEY=VALUE"),
    (["--bot-option", "mc.rollouts=5"], "bot 'mc' is not playing"),
    (["--bot-option", "random.p=nan"], "nan is not a finite number"),
    (["--bot-option", "random.p=0.5"], "bot random takes no options"),
    (["--promos", "x.json"], "promo cards belong to The Majority 2"),
    (["--rule", "targett=3"], "targett: not a rule option of majority-rules"),
    (["--rule", "target=1000000000"], "--rule: target=1000000000: at most"),
    (["--seats", "shuffle"], "--seats: expected one of rotate, draw, fixed"),
    (["--data", "no/such/folder"], "--data: no such folder"),
    (["--jobs", "2", "--dask", "tcp://127.0.0.1:1"], "give --jobs or --dask, not both"),
    (["--correction", "bonferroni"], "--correction: expected one of holm, bh, by, none"),
    (["--alpha", "0"], "--alpha: expected a number between 0 and 1"),
    (["--alpha", "1.5"], "--alpha: expected a number between 0 and 1"),
    (["--alpha", "nan"], "--alpha: expected a number between 0 and 1"),
])
def test_bad_options_exit_2_with_a_clear_message(cli, args, message):
    result = cli("simulate", "majority-rules", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_non_numbers_are_refused_by_the_command_line(cli):
    result = cli("simulate", "majority-rules", "--games", "nan")
    assert result.exit_code == 2
    assert "Invalid value for '--games'" in result.stderr and "valid int" in result.stderr


def test_unknown_game_and_every_problem_at_once(cli):
    result = cli("simulate", "tarot")
    assert result.exit_code == 2 and "unknown game 'tarot'" in result.stderr
    with pytest.raises(UsageError) as exc:
        plan_simulation(Request("majority-rules", games=0, bots=["nope"], seats="x"))
    assert len(exc.value.problems) == 3


def test_a_report_folder_that_is_a_file_is_refused_before_playing(cli, tmp_path):
    blocker = tmp_path / "report"
    blocker.write_text("keep me")
    result = cli("simulate", "majority-rules", "--games", "5", "--report", blocker)
    assert result.exit_code == 2 and "is a file, not a folder" in result.stderr
    assert blocker.read_text() == "keep me"


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    from typer.testing import CliRunner

    from pnp.cli import app

    out = tmp_path_factory.mktemp("report")
    result = CliRunner().invoke(app, ["simulate", "majority-rules", "--games", "60",
                                      "--bots", FOUR_BOTS, "--report", str(out)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return out


@pytest.mark.slow
def test_report_files_are_deterministic(report, tmp_path):
    from typer.testing import CliRunner

    from pnp.cli import app

    result = CliRunner().invoke(app, ["simulate", "majority-rules", "--games", "60", "--bots",
                                      FOUR_BOTS, "--report", str(tmp_path)],
                                catch_exceptions=False)
    assert result.exit_code == 0
    names = sorted(p.name for p in report.iterdir())
    assert names == sorted(p.name for p in tmp_path.iterdir())
    assert {"index.html", "summary.json", "seats.svg", "rounds.svg", "scores.svg",
            "bots.svg", "head-to-head.svg"} <= set(names)
    for name in names:
        assert (report / name).read_bytes() == (tmp_path / name).read_bytes(), name


@pytest.mark.slow
def test_report_loads_in_a_real_browser_with_every_chart(report):
    from tests.webtools import CHROMIUM_FLAGS, chromium

    executable = chromium()
    from playwright.sync_api import sync_playwright

    charts = sorted(p.name for p in report.glob("*.svg"))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.goto((report / "index.html").as_uri())
            page.wait_for_load_state("load")
            page.wait_for_function("Array.from(document.images).every(i => i.complete)")
            images = page.evaluate("Array.from(document.images).map(i => "
                                   "[i.currentSrc.split('/').pop(), i.naturalWidth])")
            text = page.inner_text("body")
        finally:
            browser.close()
    assert sorted(name for name, _ in images) == charts
    assert all(width > 100 for _, width in images), images
    assert "Balance report: majority-rules, 60 games" in text
    assert "Wilson" in text and "keep-gold-bet" in text


@pytest.mark.slow
def test_dask_local_cluster_gives_identical_results():
    distributed = pytest.importorskip("distributed")
    plan = plan_simulation(Request("majority-rules", games=300, seed=3, bots=[FOUR_BOTS]))
    local = summarise(plan, run(plan, jobs=1))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = summarise(plan, run(plan, dask=cluster.scheduler_address))
    assert remote == local


@pytest.mark.slow  # waits out the connection timeout
def test_an_unreachable_dask_scheduler_is_exit_2(cli):
    pytest.importorskip("distributed")
    result = cli("simulate", "majority-rules", "--games", "5", "--dask", "tcp://127.0.0.1:9")
    assert result.exit_code == 2
    assert "--dask: cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.stderr


# --- The Majority 2: cards, promos against the base card they replace ----------------------

EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"
STRONG = EXAMPLES / "majority2-overpowered-promo.json"


def _base_card_copy(tmp_path: Path, card_id: str = "witches-secretary") -> Path:
    """A promo file holding an exact copy of a base card under another id."""
    members = json.loads((EXAMPLES.parent / "majority2" / "members.json").read_text())
    card = {**next(c for c in members["cards"] if c["id"] == card_id),
            "id": f"copy-{card_id}", "title": "Witches Secretary (copy)", "quantity": 1}
    path = tmp_path / "copy.json"
    path.write_text(json.dumps({"$schema": "x", "set": "promo", "name": "copy",
                                "cards": [card]}))
    return path


@pytest.mark.slow
def test_an_over_strong_promo_is_flagged_and_a_copy_of_a_base_card_is_not(tmp_path):
    plan = plan_simulation(Request("majority2", games=400, seed=2,
                                   promos=[STRONG, _base_card_copy(tmp_path)]))
    summary = summarise(plan, run(plan, jobs=2))
    promos = {p["promo"]: p for p in summary["promos"]}
    strong = promos["house-witches-grand-secretary"]
    assert strong["replaces"] == "witches-secretary"
    assert strong["significant"] and strong["verdict"] == "stronger"
    assert strong["vp_per_copy"]["low"] > 0
    same = promos["copy-witches-secretary"]
    assert not same["significant"] and same["verdict"] == "no clear difference"
    assert same["vp_per_copy"]["low"] < 0 < same["vp_per_copy"]["high"]
    assert same["scorer_win_rate"]["low"] < 0 < same["scorer_win_rate"]["high"]


def test_majority2_report_has_every_card_and_names_blank_ones(cli):
    promos = EXAMPLES / "majority2-promo-cards.json"
    result = cli("simulate", "majority2", "--games", "6", "--promos", promos, "--json")
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    blank = set(summary["blank_cards"])
    ids = [c["id"] for c in json.loads(promos.read_text())["cards"] if "effects" not in c]
    assert ids and set(ids) <= blank
    variants = {v["name"]: v for v in summary["variants"]}
    assert set(variants) == {"base", *(c["id"] for c in json.loads(promos.read_text())["cards"])}
    base_cards = {c["card"] for c in variants["base"]["cards"]}
    assert "witches-secretary" in base_cards and len(base_cards) == 25
    text = cli("simulate", "majority2", "--games", "2", "--promos", promos).stdout
    assert "Played as blank (no effects data): " in text
    assert all(card in text for card in ids)


def test_a_bad_promo_file_is_named_with_its_json_path(cli, tmp_path):
    bad = json.loads(STRONG.read_text())
    bad["cards"][0]["cost"] = "cheap"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad, indent=1))
    result = cli("simulate", "majority2", "--games", "5", "--promos", path)
    assert result.exit_code == 2
    assert f"{path}:" in result.stderr and "$.cards[0].cost" in result.stderr
    assert "Traceback" not in result.stderr


def test_every_logged_majority2_game_passes_pnp_check_with_its_promo(cli, tmp_path):
    logs = tmp_path / "logs"
    result = cli("simulate", "majority2", "--games", "3", "--promos", STRONG, "--logs", logs)
    assert result.exit_code == 0, result.stderr
    base = sorted(logs.glob("game-*.json"))
    promo = sorted((logs / "house-witches-grand-secretary").glob("game-*.json"))
    assert len(base) == len(promo) == 3
    for path in base + promo:
        verdict = check_file(path)
        assert verdict.ok, (path, verdict.violations)
    record = json.loads(promo[0].read_text())
    assert record["use_promos"] == ["house-witches-grand-secretary"]
    assert (promo[0].parent / record["promos"]).resolve() == STRONG.resolve()


@pytest.mark.parametrize("terminal", [True, False])
def test_the_progress_bar_runs_on_a_terminal_only(monkeypatch, cli, terminal):
    import pnp.cli.simulate as command
    import pnp.simulate.run as library

    advanced = []
    real_run = library.run

    def spy(plan, **options):
        progress = options.get("progress")
        if progress is not None:
            options["progress"] = lambda n: (advanced.append(n), progress(n))
        return real_run(plan, **options)

    monkeypatch.setattr(command, "is_terminal", lambda: terminal)
    monkeypatch.setattr(library, "run", spy)
    result = cli("simulate", "majority-rules", "--games", "130", "--jobs", "1")
    assert result.exit_code == 0, result.stderr
    assert "majority-rules: 130 games" in result.stdout
    assert advanced == ([100, 30] if terminal else [])


@pytest.mark.slow
def test_several_player_counts_are_compared(cli, tmp_path):
    result = cli("simulate", "majority-rules", "--games", "40", "--players", "2-4", "--bots",
                 "keep-high", "--json", "--report", tmp_path)
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["players"] == [2, 3, 4]
    variants = summary["variants"]
    assert [v["name"] for v in variants] == ["2 players", "3 players", "4 players"]
    assert [len(v["seats"]) for v in variants] == [2, 3, 4]
    assert all(v["games"] == 40 for v in variants)
    for v in variants:  # each count's pooled figures are its seats' figures together
        seat_mean = sum(s["score"]["mean"] for s in v["seats"]) / len(v["seats"])
        assert v["every_seat"]["score"]["mean"] == pytest.approx(seat_mean)
    assert (tmp_path / "players.svg").is_file()
    assert "By player count" in (tmp_path / "index.html").read_text()
    text = cli("simulate", "majority-rules", "--games", "10", "--players", "2,4").stdout
    assert "majority-rules: 10 games, seed 1, 2, 4 players" in text and "By player count" in text


@pytest.mark.parametrize(("players", "message"), [
    ("1-3", "--players: Majority Rules! is played by 2 to 4 players, not 1"),
    ("two", "--players: 'two': expected a number of players, a list (3,5) or a range (3-6)"),
    ("2-1000", "expected a number of players"),
])
def test_bad_player_counts(cli, players, message):
    result = cli("simulate", "majority-rules", "--games", "5", "--players", players)
    assert result.exit_code == 2 and message in result.stderr


def test_bots_listed_for_a_seat_count_the_game_lacks_name_bots_not_players(cli):
    """`--bots ismcts,vote` for The Majority (3 to 10 players) without --players: the
    error is about the bots listed, not about a --players 2 the user never gave."""
    result = cli("simulate", "majority", "--games", "5", "--bots", "random,vote")
    assert result.exit_code == 2
    assert ("--bots: 2 bots listed, one per seat, but The Majority is played by 3 to 10 "
            "players" in result.stderr and "--players:" not in result.stderr)


def test_a_bot_per_seat_must_fit_every_player_count(cli):
    result = cli("simulate", "majority-rules", "--games", "5", "--players", "2,3",
                 "--bots", "keep-high,reroll-all")
    assert result.exit_code == 2 and "2 bots for 3 players" in result.stderr


# --- every game: logs that pnp check accepts, strategies head to head ----------------------

@pytest.mark.parametrize(("game", "bots"), [
    ("majority", "vote"), ("majority2", "random"), ("majority-rules", "keep-majority"),
    ("d20-stacks", "random,lowest-legal,steal,spread"),
])
def test_every_game_simulates_and_logs_records_pnp_check_accepts(cli, tmp_path, game, bots):
    _needs_engine(game)
    logs = tmp_path / game
    result = cli("simulate", game, "--games", "3", "--bots", bots, "--logs", logs, "--json")
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["variants"][0]["games"] == 3
    files = sorted(logs.glob("game-*.json"))
    assert len(files) == 3
    for path in files:
        verdict = check_file(path)
        assert verdict.ok, (path, verdict.violations)


def _needs_engine(game: str) -> None:
    from pnp.games import get_game

    if get_game(game).engine is None:
        pytest.skip(f"{game} has no rules engine on this branch yet")


def test_d20_stacks_strategies_head_to_head(cli):
    _needs_engine("d20-stacks")
    result = cli("simulate", "d20-stacks", "--games", "60", "--bots", "random,steal", "--json")
    assert result.exit_code == 0, result.stderr
    pairs = {(h["bot"], h["against"]): h["ahead"]
             for h in json.loads(result.stdout)["variants"][0]["head_to_head"]}
    assert pairs[("steal", "random")]["low"] > 0.5


@pytest.mark.slow
def test_d20_stacks_spread_beats_steal_over_seeded_games(cli):
    """The rule of thumb that became the baseline: over 600 seeded games its sole wins
    outnumber `steal`'s with an interval clear of it (2,000 games: 53 % against 31 %)."""
    result = cli("simulate", "d20-stacks", "--games", "600", "--bots", "spread,steal",
                 "--json")
    assert result.exit_code == 0, result.stderr
    pairs = {(h["bot"], h["against"]): h["ahead"]
             for h in json.loads(result.stdout)["variants"][0]["head_to_head"]}
    assert pairs[("spread", "steal")]["low"] > pairs[("steal", "spread")]["high"]
