"""The null calibration of the promo verdicts: every base card copied under a new id.

Why: a verdict is only worth trusting if it survives its null test. A rule-for-rule copy of
a base card, compared with the card it copies, has no true difference, so each comparison's
z-score (difference / standard error) should look like a draw from the standard normal —
mean about 0, standard deviation about 1 — and, after the family correction, no copy (or
at most α of the reports) should be flagged. `make bench` runs this for the 25 base cards
and prints both beside what an unbiased method gives; tests/test_calibration.py runs it at
a fixed seed together with an over-strong card that must still be flagged.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

COPY_PREFIX = "copy-"


def write_copies(folder: Path, data_dir: Path | None = None) -> Path:
    """A promo file holding one copy of every base card under the id `copy-<id>` (same
    faction and rank, so it replaces one copy of its original); its path."""
    from pnp.content import paths

    members = json.loads(((data_dir or paths.data_dir()) / "majority2" / "members.json")
                         .read_text("utf-8"))
    cards = [{**card, "id": COPY_PREFIX + card["id"], "quantity": 1}
             for card in members["cards"]]
    path = Path(folder) / "majority2-base-copies.json"
    path.write_text(json.dumps({"$schema": "../../pnp/schemas/majority2-cards.schema.json",
                                "set": "promo", "name": "Every base card, copied under a new id",
                                "cards": cards}, indent=1), "utf-8")
    return path


def null_figures(summary: dict[str, Any], metric: str = "vp_per_copy") -> dict[str, Any]:
    """For the copies in a report: how many comparisons were flagged (after the report's
    correction) and the mean and standard deviation of their z-scores."""
    rows = [p[metric] for p in summary["promos"] if p["promo"].startswith(COPY_PREFIX)]
    z = [r["z"] for r in rows if r["z"] is not None]
    return {"metric": metric, "copies": len(rows),
            "flagged": sum(r["significant"] for r in rows),
            "z_mean": statistics.fmean(z) if z else None,
            "z_sd": statistics.stdev(z) if len(z) > 1 else None,
            "z": z}


# The planted effects of issue 30: three one-copy variants of the Witches Junior (cost 3,
# 3 VP, draws 2 into the reserve), each compared with the card it copies.
PLANTED_BASE = "witches-junior"
PLANTED = {"cheaper": ("plant-witches-junior-cost2", {"cost": 2}),
           "more_vp": ("plant-witches-junior-vp4", {"vp": {"rule": "fixed", "points": 4}}),
           "copy": (COPY_PREFIX + PLANTED_BASE, {})}


def write_planted(folder: Path, data_dir: Path | None = None) -> Path:
    """A promo file of three one-copy variants of the Witches Junior, planted to test the
    players and the statistics together: costing 1 less, worth 1 VP more, and an exact
    copy; its path. Why: a lab whose players ignore what a card is worth (random bots play
    the +1 VP card move for move as its base) reports "no clear difference" on both; a
    lab worth trusting sees both and still flags the copy in at most α of reports."""
    from pnp.content import paths

    members = json.loads(((data_dir or paths.data_dir()) / "majority2" / "members.json")
                         .read_text("utf-8"))
    base = next(card for card in members["cards"] if card["id"] == PLANTED_BASE)
    cards = [{**base, **change, "id": card_id, "quantity": 1}
             for card_id, change in PLANTED.values()]
    path = Path(folder) / "majority2-planted-effects.json"
    path.write_text(json.dumps({"$schema": "../../pnp/schemas/majority2-cards.schema.json",
                                "set": "promo", "name": "Planted effects: the Witches Junior "
                                "costing 1 less, worth 1 VP more, and copied",
                                "cards": cards}, indent=1), "utf-8")
    return path


def planted_figures(summary: dict[str, Any]) -> dict[str, Any]:
    """What a report (with --restricted) found of the planted effects: whether the
    cheaper copy was flagged stronger and the exact copy flagged at all (VP per copy or
    scorer wins, and with --restricted its restricted-play value too), and each planted
    copy's restricted-play value against its base's, in wins and in VP of score margin
    (difference and interval)."""
    promos = {p["promo"]: p for p in summary["promos"]}
    cheaper, more, copy = (PLANTED[k][0] for k in ("cheaper", "more_vp", "copy"))
    rows = summary.get("restricted", {}).get("promos", [])
    restricted = {r["promo"]: r["difference"] for r in rows}
    margins = {r["promo"]: r["margin_difference"] for r in rows}
    found = {"bots": sorted(set(summary["bots"])), "games": summary["games"],
             "cheaper_flagged": promos[cheaper]["verdict"] == "stronger",
             "cheaper_vp": _triple(promos[cheaper]["vp_per_copy"]),
             "copy_flagged": promos[copy]["significant"]}
    if restricted:
        found.update(more_vp_value=_triple(restricted[more]),
                     more_vp_margin=_triple(margins[more]),
                     cheaper_value=_triple(restricted[cheaper]),
                     cheaper_margin=_triple(margins[cheaper]),
                     copy_flagged=found["copy_flagged"] or any(
                         test and test["significant"]
                         for test in (restricted[copy], margins[copy])))
    return found


def _triple(test: dict[str, Any] | None) -> tuple | None:
    """(difference, low, high) of a comparison, or None."""
    return test and (test["difference"], test["low"], test["high"])
