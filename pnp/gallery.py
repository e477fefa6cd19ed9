"""`output/index.html`: every built PDF at a glance, before anything is printed.

A plain static page (no script, no network) with, per game, a thumbnail strip of each
file's first pages, its page and card counts, and a link to the PDF — all relative
paths, so it works from the file system, a USB stick or any web server. A manifest
(`gallery.json`) remembers files from earlier builds, so building one game keeps the
others listed; files that no longer exist drop out.
"""

from __future__ import annotations

import html
import json
from dataclasses import asdict, dataclass
from pathlib import Path

from pnp.content.output import atomic_path, write_text
from pnp.games import GAMES

THUMB_DPI = 36
THUMB_PAGES = 2
MANIFEST = "gallery.json"


@dataclass(frozen=True)
class GalleryEntry:
    game: str
    pdf: str
    pages: int
    cards: int
    unit: str
    thumbs: tuple[str, ...]


def update_gallery(out_dir: Path, summaries) -> Path:
    """Render thumbnails for the new files, merge them into the manifest, write the page."""
    fresh = [_entry(out_dir, summary) for summary in summaries]
    earlier = [e for e in _read_manifest(out_dir) if e.pdf not in {f.pdf for f in fresh}]
    kept = [e for e in fresh + earlier if (out_dir / e.pdf).exists()]
    order = {g: i for i, g in enumerate(GAMES)}
    kept.sort(key=lambda e: order.get(e.game, len(order)))  # stable: build order in a game
    write_text(out_dir / MANIFEST, json.dumps([asdict(e) for e in kept], indent=1) + "\n")
    return write_text(out_dir / "index.html", render_html(kept))


def _read_manifest(out_dir: Path) -> list[GalleryEntry]:
    try:
        data = json.loads((out_dir / MANIFEST).read_text("utf-8"))
        return [GalleryEntry(**{**e, "thumbs": tuple(e["thumbs"])}) for e in data]
    except (OSError, ValueError, TypeError, KeyError):
        return []  # a missing or damaged manifest only loses earlier listings


def _entry(out_dir: Path, summary) -> GalleryEntry:
    pdf = Path(summary.path)
    relative = pdf.resolve().relative_to(out_dir.resolve())
    thumbs = _thumbnails(pdf, out_dir / relative.parent / "preview")
    return GalleryEntry(relative.parts[0], relative.as_posix(), summary.pages, summary.cards,
                        getattr(summary, "unit", "card"),
                        tuple(t.resolve().relative_to(out_dir.resolve()).as_posix()
                              for t in thumbs))


def _thumbnails(pdf: Path, folder: Path) -> list[Path]:
    """PNGs of the first pages (fronts and their backs), small enough for a strip."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    written = []
    try:
        for number in range(min(THUMB_PAGES, len(document))):
            path = folder / f"{pdf.stem}-{number + 1}.png"
            image = document[number].render(scale=THUMB_DPI / 72).to_pil()
            with atomic_path(path) as tmp:
                image.save(tmp, format="PNG")
            written.append(path)
    finally:
        document.close()
    return written


def render_html(entries: list[GalleryEntry]) -> str:
    """The whole page; thumbnails and PDFs linked by relative paths."""
    sections = []
    for game_id, game in GAMES.items():
        mine = [e for e in entries if e.game == game_id]
        if mine:
            sections.append(_section(game.title, game_id, mine))
    body = "\n".join(sections) or "<p>Nothing built yet: run <code>pnp build</code>.</p>"
    return _PAGE.format(body=body)


def _section(title: str, game_id: str, entries: list[GalleryEntry]) -> str:
    items = "\n".join(_item(e) for e in entries)
    return (f'<section id="{html.escape(game_id)}">\n<h2>{html.escape(title)}</h2>\n'
            f'<div class="files">\n{items}\n</div>\n</section>')


def _item(e: GalleryEntry) -> str:
    name = Path(e.pdf).stem
    thumbs = "".join(f'<img src="{html.escape(t)}" alt="{html.escape(name)} page {i + 1}" '
                     f'loading="lazy">' for i, t in enumerate(e.thumbs))
    count = f"{e.cards} {e.unit}{'s' if e.cards != 1 else ''} · " if e.cards else ""
    return (f'<figure>\n<a href="{html.escape(e.pdf)}">{thumbs}</a>\n'
            f'<figcaption><a href="{html.escape(e.pdf)}">{html.escape(name)}.pdf</a><br>'
            f'{count}{e.pages} page{"s" if e.pages != 1 else ""}</figcaption>\n</figure>')


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>majority-pnp — print-and-play kits</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem; color: #222; background: #fafafa; }}
h1 {{ font-size: 1.6rem; }} h2 {{ border-bottom: 2px solid #263238; padding-bottom: .2rem; }}
.files {{ display: flex; flex-wrap: wrap; gap: 1.2rem; }}
figure {{ margin: 0; background: #fff; padding: .6rem; border: 1px solid #ddd; }}
figure img {{ height: 170px; border: 1px solid #ccc; margin-right: .3rem; background: #fff; }}
figcaption {{ font-size: .85rem; margin-top: .3rem; }}
</style>
</head>
<body>
<h1>majority-pnp — print-and-play kits</h1>
<p>Print every PDF at 100 % (actual size). Fronts and backs alternate: print double-sided,
flipping on the long edge, unless you built with another <code>--backs</code> mode.</p>
{body}
</body>
</html>
"""
