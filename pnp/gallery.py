"""`output/index.html`: every built PDF at a glance, before anything is printed.

A plain static page (no script, no network) with, per game, a thumbnail strip of each
file's first pages, its page and card counts, how to print it as it was built (duplex
on the long or short edge, fold, single-sided), a link to the PDF, and the exports found
beside it (PNG images, print-shop PDFs, Tabletop Simulator decks) and the calibration
sheet — all relative paths inside the output folder, so it works from the file system,
a USB stick or any web server. A manifest (`gallery.json`) remembers files from earlier
builds, so building one game keeps the others listed; files that no longer exist drop
out. Exports and `pnp calibrate` refresh the page of a folder that has one.
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


CALIBRATION = "calibration.pdf"
PRINTING = {
    "duplex-long": "Print double-sided, flipping on the long edge, at 100 % "
                   "(actual size).",
    "duplex-short": "Print double-sided, flipping on the short edge, at 100 % "
                    "(actual size).",
    "fold": "Print single-sided at 100 % (actual size); fold each sheet on the dashed "
            "line, glue, then cut.",
    "single-sided": "Print single-sided at 100 % (actual size).",
    "": "Print at 100 % (actual size).",  # listed by an older version: mode not recorded
}


@dataclass(frozen=True)
class GalleryEntry:
    game: str
    pdf: str
    pages: int
    cards: int
    unit: str
    thumbs: tuple[str, ...]
    printing: str = ""
    paper: str = ""


def update_gallery(out_dir: Path, summaries, paper: str = "") -> Path:
    """Render thumbnails for the new files, merge them into the manifest, write the page.
    `paper` is the build's paper, said with each file's printing instructions."""
    fresh = [_entry(out_dir, summary, paper) for summary in summaries]
    earlier = [e for e in _read_manifest(out_dir) if e.pdf not in {f.pdf for f in fresh}]
    kept = [e for e in fresh + earlier if (out_dir / e.pdf).exists()]
    order = {g: i for i, g in enumerate(GAMES)}
    kept.sort(key=lambda e: order.get(e.game, len(order)))  # stable: build order in a game
    write_text(out_dir / MANIFEST, json.dumps([asdict(e) for e in kept], indent=1) + "\n")
    return write_text(out_dir / "index.html", render_html(kept, out_dir))


def refresh_gallery(out_dir: Path) -> Path | None:
    """Rewrite the page of a folder that has one (after an export or a calibration sheet
    was written into it), so it lists what is there now; None when it has none."""
    if not (out_dir / MANIFEST).is_file():
        return None
    kept = [e for e in _read_manifest(out_dir) if (out_dir / e.pdf).exists()]
    return write_text(out_dir / "index.html", render_html(kept, out_dir))


def _read_manifest(out_dir: Path) -> list[GalleryEntry]:
    try:
        data = json.loads((out_dir / MANIFEST).read_text("utf-8"))
        return [GalleryEntry(**{**e, "thumbs": tuple(e["thumbs"])}) for e in data]
    except (OSError, ValueError, TypeError, KeyError):
        return []  # a missing or damaged manifest only loses earlier listings


def _entry(out_dir: Path, summary, paper: str) -> GalleryEntry:
    pdf = Path(summary.path)
    relative = pdf.resolve().relative_to(out_dir.resolve())
    thumbs = _thumbnails(pdf, out_dir / relative.parent / "preview")
    printing = getattr(summary, "printing", "")
    return GalleryEntry(relative.parts[0], relative.as_posix(), summary.pages, summary.cards,
                        getattr(summary, "unit", "card"),
                        tuple(t.resolve().relative_to(out_dir.resolve()).as_posix()
                              for t in thumbs),
                        printing if printing in PRINTING else "", paper)


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


def render_html(entries: list[GalleryEntry], out_dir: Path | None = None) -> str:
    """The whole page; thumbnails, PDFs and the exports found in `out_dir` linked by
    relative paths."""
    sections = []
    for game_id, game in GAMES.items():
        mine = [e for e in entries if e.game == game_id]
        exports = _exports(out_dir, game_id) if out_dir is not None else []
        if mine or exports:
            sections.append(_section(game.title, game_id, mine, exports))
    if out_dir is not None and _inside(out_dir, out_dir / CALIBRATION):
        sections.append(_calibration())
    body = "\n".join(sections) or "<p>Nothing built yet: run <code>pnp build</code>.</p>"
    return _PAGE.format(body=body)


def _section(title: str, game_id: str, entries: list[GalleryEntry],
             exports: list[str]) -> str:
    items = "\n".join(_item(e) for e in entries)
    more = (f'\n<h3>Exports</h3>\n<ul class="exports">\n{"".join(exports)}</ul>'
            if exports else "")
    return (f'<section id="{html.escape(game_id)}">\n<h2>{html.escape(title)}</h2>\n'
            f'<div class="files">\n{items}\n</div>{more}\n</section>')


def _item(e: GalleryEntry) -> str:
    name = Path(e.pdf).stem
    thumbs = "".join(f'<img src="{html.escape(t)}" alt="{html.escape(name)} page {i + 1}" '
                     f'loading="lazy">' for i, t in enumerate(e.thumbs))
    count = f"{e.cards} {e.unit}{'s' if e.cards != 1 else ''} · " if e.cards else ""
    paper = f"{_paper_name(e.paper)} paper. " if e.paper else ""
    how = PRINTING.get(e.printing, PRINTING[""])
    return (f'<figure>\n<a href="{html.escape(e.pdf)}">{thumbs}</a>\n'
            f'<figcaption><a href="{html.escape(e.pdf)}">{html.escape(name)}.pdf</a><br>'
            f'{count}{e.pages} page{"s" if e.pages != 1 else ""}<br>'
            f'<span class="how">{html.escape(paper + how)}</span></figcaption>\n</figure>')


def _paper_name(paper: str) -> str:
    """`a4` -> `A4`, `letter` -> `Letter`, `320x450` -> `320 × 450 mm`."""
    if paper[:1].lower() == "a" and paper[1:].isdigit():
        return paper.upper()
    if "x" in paper.lower():
        return " × ".join(paper.lower().split("x")) + " mm"
    return paper.capitalize()


def _exports(out_dir: Path, game_id: str) -> list[str]:
    """List items for the PNG, print-shop and Tabletop Simulator exports of a game."""
    game = out_dir / game_id
    items = []
    pngs = _files(out_dir, game / "png", "*.png")
    if pngs:
        items.append(_link(out_dir, pngs[0], f"{game_id}/png/",
                           f"{len(pngs)} PNG image(s), one per card face"))
    for pdf in _files(out_dir, game / "shop", "*.pdf"):
        items.append(_link(out_dir, pdf, f"shop/{pdf.name}",
                           "print-shop PDF: one face per page at trim + bleed"))
    for saved in _files(out_dir, game / "tts", "*.json"):
        items.append(_link(out_dir, saved, f"tts/{saved.name}",
                           f"Tabletop Simulator deck: copy {saved.name} and "
                           f"{saved.stem}.png into Saves/Saved Objects"))
    return items


def _calibration() -> str:
    return ('<section id="calibration">\n<h2>Printer calibration</h2>\n<ul class="exports">'
            + _link_text(CALIBRATION, CALIBRATION,
                         "print double-sided at 100 %, read the back-page offsets, save "
                         "them with pnp printer save")
            + "</ul>\n</section>")


def _files(out_dir: Path, folder: Path, pattern: str) -> list[Path]:
    """Regular files in `folder` matching `pattern`, sorted, none outside `out_dir`."""
    try:
        if folder.is_symlink() or not folder.is_dir() or not _inside(out_dir, folder):
            return []
        return sorted(p for p in folder.glob(pattern)
                      if not p.is_symlink() and p.is_file() and _inside(out_dir, p))
    except OSError:
        return []


def _inside(out_dir: Path, path: Path) -> bool:
    """Whether `path` is a regular file or folder that really lies inside `out_dir`."""
    try:
        return (path.exists() and not path.is_symlink()
                and path.resolve().is_relative_to(out_dir.resolve()))
    except OSError:
        return False


def _link(out_dir: Path, target: Path, label: str, note: str) -> str:
    return _link_text(target.resolve().relative_to(out_dir.resolve()).as_posix(), label, note)


def _link_text(href: str, label: str, note: str) -> str:
    return (f'<li><a href="{html.escape(href)}">{html.escape(label)}</a> — '
            f'{html.escape(note)}</li>\n')


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
figcaption {{ font-size: .85rem; margin-top: .3rem; max-width: 22rem; }}
.how {{ color: #555; }} .exports {{ font-size: .9rem; }}
</style>
</head>
<body>
<h1>majority-pnp — print-and-play kits</h1>
<p>Print every PDF at 100 % (actual size); each file says how it was built to be printed.</p>
{body}
</body>
</html>
"""
