"""Truly paired promo comparisons: the promo sits in the deck position of the copy it
replaces, so a variant's game deals what the base game deals but that one card; the report
gives paired and unpaired intervals and corrected flags."""

from __future__ import annotations

import json
from pathlib import Path

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


def test_the_report_gives_paired_and_unpaired_intervals_and_corrected_flags(cli):
    result = cli("simulate", "majority2", "--games", "60", "--promos", STRONG, "--json",
                 "--correction", "bh", "--alpha", "0.1")
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["correction"] == {"method": "bh", "alpha": 0.1, "family": 2}
    vp = summary["promos"][0]["vp_per_copy"]
    paired, unpaired = vp["high"] - vp["low"], vp["unpaired_high"] - vp["unpaired_low"]
    assert vp["narrowed"] == 1 - paired / unpaired
    assert 0 <= vp["p"] <= vp["p_adjusted"] <= 1
    assert vp["significant"] == (vp["p_adjusted"] <= 0.1)
    text = cli("simulate", "majority2", "--games", "60", "--promos", STRONG).stdout
    assert "Flags: Holm–Bonferroni over the report's 2 comparison(s), α = 0.05" in text
