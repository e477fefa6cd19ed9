"""Paper per kit: sheets of paper for one packed `kit.pdf` against one file per deck.

Each game is built on A4 and Letter, duplex (long edge) and fold. "Per file" counts the
sheets a person prints sending each file the kit holds on its own (a duplex card file
or a document of p pages takes ceil(p / 2) sheets in duplex modes; a fold file, a piece
file — dice, dividers: one-sided — p sheets; other languages' documents are left out,
as the kit leaves them out); "kit" counts the sheets of the one packed file, and the
seconds it takes to write it are shown beside.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from pnp.games import GAMES
from pnp.kits.build import plan_build
from pnp.kits.kit import DOCUMENTS
from pnp.kits.request import BuildRequest
from pnp.render.decks import PrintOptions

MODES = (("a4", "duplex-long"), ("letter", "duplex-long"), ("a4", "fold"), ("letter", "fold"))


def _pages(path: Path) -> int:
    import pypdf

    return len(pypdf.PdfReader(str(path)).pages)


def other_languages(stem: str) -> set[str]:
    """Document files in a language other than the primary one (rules-it, …)."""
    return {stem} if any(stem.startswith(f"{d}-") for d in DOCUMENTS) else set()


def _sheets(pages: int, duplex: bool) -> int:
    return (pages + 1) // 2 if duplex else pages


def run() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-paper-"))
    print(f"{'game':16} {'paper':7} {'backs':12} {'per file':>9} {'kit':>5} {'saved':>6} "
          f"{'kit pages':>10} {'kit s':>6}")
    try:
        for paper, backs in MODES:
            duplex = backs.startswith("duplex")
            for game in GAMES:
                request = BuildRequest(games=(game,), out_dir=tmp / f"{paper}-{backs}",
                                       options=PrintOptions(paper=paper, backs=backs))
                planned = plan_build(request)
                problems = [p for f in planned for p in f.check()]
                if problems:
                    print(f"{game:16} {paper:7} {backs:12} cannot build: {problems[0]}")
                    continue
                per_file = kit_pages = 0
                kit_time = 0.0
                for f in planned:
                    start = time.perf_counter()
                    summary = f.write(None)
                    if f.path.stem == "kit":
                        kit_time = time.perf_counter() - start
                        kit_pages = summary.pages
                    elif f.path.stem in DOCUMENTS:
                        per_file += _sheets(summary.pages, duplex)
                    elif f.path.stem not in other_languages(f.path.stem):
                        one_sided = summary.printing == "single-sided"
                        per_file += _sheets(summary.pages, duplex and not one_sided)
                kit = _sheets(kit_pages, duplex)
                print(f"{game:16} {paper:7} {backs:12} {per_file:9} {kit:5} "
                      f"{per_file - kit:6} {kit_pages:10} {kit_time:6.2f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    run()
