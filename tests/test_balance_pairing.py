"""Truly paired promo comparisons: the promo sits in the deck position of the copy it
replaces, so a variant's game deals what the base game deals but that one card; the report
gives paired and unpaired intervals and corrected flags."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.games import engine as eng
from pnp.games.gamedata import load_content
from pnp.games.majority2 import engine as m2
from pnp.games.majority2.variants import deck_variants
from pnp.simulate.plan import game_seed

EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"
STRONG = EXAMPLES / "majority2-overpowered-promo.json"
PROMO, REPLACED = "house-witches-grand-secretary", "witches-secretary"


def _decks():
    content = load_content("majority2", custom_promos=[STRONG])
    base, variant = deck_variants(content, 2, {}, [STRONG])
    return base.config, variant.config


def _pile(cfg) -> list[str]:
    """The deck as it is drawn: the r-th card in kind order."""
    return [cfg.ids[k] for k, n in enumerate(cfg.deck) for _ in range(n)]


def test_the_promo_takes_the_deck_position_of_the_copy_it_replaces():
    base, variant = _decks()
    differ = [(a, b) for a, b in zip(_pile(base), _pile(variant), strict=True) if a != b]
    assert differ == [(REPLACED, PROMO)]
    assert m2.promos_in_use(variant) == {PROMO: 1}  # found wherever it sits


def test_a_variant_deals_what_the_base_game_deals_but_the_promo():
    """Seeded deals of both decks: card for card the same, the promo where the base game
    has the Witches Secretary it replaced (the setup's 14 cards, 40 seeds)."""
    base, variant = _decks()
    seen_promo = 0
    for index in range(40):
        seed = game_seed(1, index)
        deals = []
        for cfg in (base, variant):
            actions = eng.play(m2.ENGINE, cfg, [eng.random_bot] * 2, seed).actions
            deals.append([a[1] for a in actions[:14]])
        for mine, theirs in zip(deals[1], deals[0], strict=True):
            assert mine == theirs or (mine, theirs) == (PROMO, REPLACED)
            seen_promo += mine == PROMO
    assert seen_promo  # the case that matters did come up


@pytest.mark.slow
def test_the_report_gives_paired_and_unpaired_intervals_and_corrected_flags(cli):
    result = cli("simulate", "majority2", "--games", "400", "--promos", STRONG, "--json",
                 "--correction", "bh", "--alpha", "0.1")
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    # the family: the start player's advantage and the promo's two figures
    # (a lone difference is flagged under BH at α/3: the level its power is figured at)
    assert summary["correction"] == {"method": "bh", "alpha": 0.1, "family": 3, "power": 0.8,
                                     "power_alpha": pytest.approx(0.1 / 3)}
    wins = summary["promos"][0]["scorer_win_rate"]
    assert wins["p"] is not None and wins["narrowed"] is not None
    vp = summary["promos"][0]["vp_per_copy"]
    paired, unpaired = vp["high"] - vp["low"], vp["unpaired_high"] - vp["unpaired_low"]
    assert vp["narrowed"] == 1 - paired / unpaired
    assert 0 <= vp["p"] <= vp["p_adjusted"] <= 1
    assert vp["significant"] == (vp["p_adjusted"] <= 0.1)
    text = cli("simulate", "majority2", "--games", "400", "--promos", STRONG).stdout
    assert "Flags: Holm–Bonferroni over the report's 3 comparison(s), α = 0.05" in text


def test_the_scorer_win_rate_is_not_tested_on_too_few_scored_copies(cli):
    """With 20 games a card's scored copies are too few for the normal test: the rates
    are shown, the difference is not (and is no member of the family)."""
    result = cli("simulate", "majority2", "--games", "20", "--promos", STRONG, "--json")
    summary = json.loads(result.stdout)
    wins = summary["promos"][0]["scorer_win_rate"]
    assert wins["promo"] is not None and wins["base"] is not None
    assert wins["difference"] is None and wins["p"] is None and not wins["significant"]
    assert summary["correction"]["family"] == 2  # the start player and VP per copy


# --- the game's own promo cards --------------------------------------------------------

SHIPPED_FILE = EXAMPLES.parent / "majority2" / "promos.json"
SHIPPED_IDS = [c["id"] for c in json.loads(SHIPPED_FILE.read_text())["cards"]]


@pytest.mark.slow
def test_the_shipped_promos_are_compared_by_keyword_or_by_file(cli, tmp_path):
    """`--promos shipped` and `--promos data/majority2/promos.json` (or a copy of it) give
    the same report: each official promo against the base card it replaces."""
    copy = tmp_path / "official.json"
    copy.write_text(SHIPPED_FILE.read_text())
    outputs = [cli("simulate", "majority2", "--games", "8", "--json", "--promos", source)
               for source in ("shipped", SHIPPED_FILE, copy)]
    assert all(r.exit_code == 0 for r in outputs), [r.stderr for r in outputs]
    assert outputs[0].stdout == outputs[1].stdout == outputs[2].stdout
    promos = json.loads(outputs[0].stdout)["promos"]
    assert [p["promo"] for p in promos] == SHIPPED_IDS
    assert {p["promo"]: p["replaces"] for p in promos}["promo-witches-senior"] == \
        "witches-senior"


def test_shipped_and_own_promos_together_and_their_logs_pass_check(cli, tmp_path):
    logs = tmp_path / "logs"
    result = cli("simulate", "majority2", "--games", "2", "--promos", "shipped", "--promos",
                 STRONG, "--logs", logs, "--json")
    assert result.exit_code == 0, result.stderr
    assert [p["promo"] for p in json.loads(result.stdout)["promos"]] == [*SHIPPED_IDS, PROMO]
    from pnp.check import check_file

    record = logs / "promo-dragons-junior" / "game-000001.json"
    assert "promos" not in json.loads(record.read_text())  # no file: shipped cards
    for path in (record, logs / PROMO / "game-000001.json"):
        assert check_file(path).ok, path


def test_a_changed_copy_of_the_shipped_file_is_still_refused_by_id(cli, tmp_path):
    """A file that changes an official promo but keeps its id clashes with it: named."""
    changed = json.loads(SHIPPED_FILE.read_text())
    changed["cards"][0]["cost"] = 1
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(changed, indent=1))
    result = cli("simulate", "majority2", "--games", "2", "--promos", path)
    assert result.exit_code == 2
    assert "$.cards[0].id" in result.stderr and "already used" in result.stderr
