"""Where `--promos` cards come from: promo files, or the game's own promo cards.

The keyword `shipped`, or a file holding exactly the game's own promo cards (its data
folder's promos.json, or an unchanged copy), means the official cards: those are always
loaded, so loading the file again would clash with them ("already used").
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnp.errors import PnpError


def promo_sources(given: Sequence[Path | str], data_dir: Path | None) -> list[Path | str]:
    """`--promos` as deck sources: the keyword `shipped`, or a file that holds exactly the
    game's own promo cards (its data folder's promos.json, or a copy of it), becomes the
    shipped marker — those cards are always loaded, so loading the file again would clash
    with them ("already used"); any other file is a custom promo file. Each source once."""
    from pnp.content import paths
    from pnp.content.jsonfile import load_json
    from pnp.games.majority2.variants import SHIPPED

    shipped = (data_dir or paths.data_dir()) / "majority2" / "promos.json"
    sources: list[Path | str] = []
    for item in given:
        source: Path | str = Path(item)
        if str(item) == SHIPPED or _same_cards(Path(item), shipped, load_json):
            source = SHIPPED
        if source not in sources:
            sources.append(source)
    return sources


def _same_cards(path: Path, shipped: Path, load_json) -> bool:
    """Whether `path` is the shipped promo file, or a file with exactly its cards."""
    try:
        if path.resolve() == shipped.resolve():
            return True
        return load_json(path).value.get("cards") == load_json(shipped).value.get("cards")
    except (PnpError, OSError, AttributeError):
        return False  # loading it as a promo file will say what is wrong with it
