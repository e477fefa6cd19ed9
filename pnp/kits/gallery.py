"""`output/index.html`: every built PDF at a glance, before anything is printed.

A plain static page (no script, no network) with, per game, a thumbnail strip of each
file's first pages, its page and card counts, how to print it as it was built (duplex
on the long or short edge, fold, single-sided), a link to the PDF, and the exports found
beside it (PNG images, print-shop PDFs, Tabletop Simulator decks) and the calibration
sheet — all relative paths inside the output folder, so it works from the file system,
a USB stick or any web server. A manifest (`gallery.json`) remembers files from earlier
builds, so building one game keeps the others listed; files that no longer exist drop
out. Exports and `pnp calibrate` refresh the page of a folder that has one. A game built
in several languages (`rules-it.pdf`, `word-cards-de.pdf`) gets a language picker: radio
buttons that show one language's files, in CSS alone. The page speaks the language of the
command that wrote it, each file's caption its file's language, in the words of
`data/pages/strings.<lang>.json` (kits/pages.py).

The manifest lives in a folder others may write to, so it is read as untrusted input:
every entry is checked (types, counts, a known game, paths that stay inside OUT and name
an existing file), a bad entry is dropped with a warning naming the file, line and JSON
path, and everything that reaches the page is escaped (text as HTML, links as URLs).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import cache, cached_property, partial
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from pnp.content.blobcache import cached_blobs
from pnp.content.jsonfile import child_path, load_json
from pnp.content.output import write_files, write_text
from pnp.errors import DataError, Problem
from pnp.games import GAMES
from pnp.kits.pages import PageWords, language_names, page_words
from pnp.kits.parallel import fork_map

THUMB_DPI = 36
THUMB_PAGES = 2
THUMB_COMPRESSION = 2
"""zlib level of the thumbnails: level 2 makes them as small as the default 6 at half the
time, and encoding them was a fifth of a full build's work."""
MANIFEST = "gallery.json"
MAX_COUNT = 1_000_000
_FIELDS = {"game": str, "pdf": str, "pages": int, "cards": int, "unit": str, "thumbs": list}
_OPTIONAL = {"printing": str, "paper": str}  # not written by older versions
_SAFE_PART = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._ -]*$")
_LANGUAGE_SUFFIX = re.compile(r"-(?P<lang>[a-z]{2}(?:-[A-Z]{2})?)$")
_PAGE_LANGUAGE = re.compile(r'<html lang="(?P<lang>[a-z]{2,3}(?:-[A-Za-z0-9]{1,8})?)">')


CALIBRATION = "calibration.pdf"
PRINTING = ("duplex-long", "duplex-short", "fold", "single-sided", "")
"""How a file was built to be printed; "" was listed by an older version (not recorded)."""


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


def update_gallery(out_dir: Path, summaries, paper: str = "",
                   warn: Callable[[Problem], None] | None = None,
                   previews: dict[Path, list[bytes]] | None = None,
                   words: PageWords | None = None) -> Path:
    """Render thumbnails for the new files, merge them into the manifest, write the page.
    `paper` is the build's paper, said with each file's printing instructions; `previews`
    the thumbnails already made, by PDF path; `words` the page's language (None:
    English). Entries of the old manifest that cannot be trusted are dropped, each
    reported to `warn`."""
    previews = previews or {}
    entry = partial(_entry, out_dir, paper=paper, previews=previews)
    if all(Path(s.path) in previews for s in summaries):
        thumbnails: list[tuple[Path, bytes]] = []  # written together, in one go
        fresh = [entry(summary, written=thumbnails) for summary in summaries]
        write_files(thumbnails)
    else:
        fresh = fork_map(entry, summaries)
    earlier = [e for e in _trusted(out_dir, warn) if e.pdf not in {f.pdf for f in fresh}]
    kept = [e for e in fresh + earlier if (out_dir / e.pdf).is_file()]
    order = {g: i for i, g in enumerate(GAMES)}
    kept.sort(key=lambda e: order.get(e.game, len(order)))  # stable: build order in a game
    write_text(out_dir / MANIFEST, json.dumps([asdict(e) for e in kept], indent=1) + "\n")
    return write_text(out_dir / "index.html", render_html(kept, out_dir, words))


def refresh_gallery(out_dir: Path, warn: Callable[[Problem], None] | None = None,
                    words: PageWords | None = None) -> Path | None:
    """Rewrite the page of a folder that has one (after an export or a calibration sheet
    was written into it), so it lists what is there now; None when it has none. `words`:
    the page's language; None keeps the language the page was in."""
    if not (out_dir / MANIFEST).is_file():
        return None
    kept = [e for e in _trusted(out_dir, warn) if (out_dir / e.pdf).is_file()]
    words = words or page_words(page_language(out_dir))
    return write_text(out_dir / "index.html", render_html(kept, out_dir, words))


def page_language(out_dir: Path) -> str | None:
    """The language of the gallery page in `out_dir`, as its `<html lang>` says; None
    when there is no page or it says none."""
    try:
        with open(out_dir / "index.html", encoding="utf-8", errors="replace") as page:
            match = _PAGE_LANGUAGE.search(page.read(4096))
    except OSError:
        return None
    return match["lang"] if match else None


def _trusted(out_dir: Path, warn: Callable[[Problem], None] | None) -> list[GalleryEntry]:
    entries, problems = read_manifest(out_dir)
    for problem in problems if warn else ():
        warn(problem)
    return entries


def read_manifest(out_dir: Path) -> tuple[list[GalleryEntry], list[Problem]]:
    """The trustworthy entries of `OUT/gallery.json` and a problem for each one dropped."""
    path = out_dir / MANIFEST
    if not path.exists() and not path.is_symlink():
        return [], []
    try:
        doc = load_json(path)
    except DataError as exc:
        return [], [_dropped(p, "the earlier listings are dropped") for p in exc.problems]
    if not isinstance(doc.value, list):
        return [], [doc.problem("$", "expected a list of entries; the earlier listings "
                                     "are dropped")]
    entries, problems = [], []
    for index, raw in enumerate(doc.value):
        where = child_path("$", index)
        reason, at = _entry_problem(out_dir, raw, where)
        if reason:
            problems.append(doc.problem(at, f"{reason}; entry dropped"))
        else:
            entries.append(GalleryEntry(**{**raw, "thumbs": tuple(raw["thumbs"])}))
    return entries, problems


def _dropped(problem: Problem, note: str) -> Problem:
    return Problem(problem.file, f"{problem.message}; {note}", problem.line, problem.path)


def _entry_problem(out_dir: Path, raw, where: str) -> tuple[str | None, str]:
    """Why a manifest entry cannot be listed (and where), or (None, where)."""
    if (not isinstance(raw, dict) or not set(_FIELDS) <= set(raw)
            or not set(raw) <= set(_FIELDS) | set(_OPTIONAL)):
        return (f"expected an object with {', '.join(_FIELDS)} (and optionally "
                f"{', '.join(_OPTIONAL)})"), where
    for key, kind in {**_FIELDS, **_OPTIONAL}.items():
        value = raw.get(key, "")
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            return f"expected {kind.__name__}, not {type(value).__name__}", f"{where}.{key}"
    if raw["game"] not in GAMES:
        return "not a known game", f"{where}.game"
    for key in ("pages", "cards"):
        if not 0 <= raw[key] <= MAX_COUNT:
            return f"expected 0 to {MAX_COUNT}", f"{where}.{key}"
    for key in ("unit", "paper"):
        value = raw.get(key, "")
        if len(value) > 40 or (value and not _SAFE_PART.match(value)):
            return "expected a short word", f"{where}.{key}"
    if raw.get("printing", "") not in PRINTING:
        return f"not one of: {', '.join(k for k in PRINTING if k)}", f"{where}.printing"
    if len(raw["thumbs"]) > THUMB_PAGES:
        return f"at most {THUMB_PAGES} thumbnails", f"{where}.thumbs"
    links = [(f"{where}.pdf", raw["pdf"], ".pdf")] + [
        (child_path(f"{where}.thumbs", i), t, ".png") for i, t in enumerate(raw["thumbs"])]
    for at, link, suffix in links:
        reason = _link_problem(out_dir, link, suffix)
        if reason:
            return reason, at
    return None, where


def _link_problem(out_dir: Path, link, suffix: str) -> str | None:
    """A link must be a plain relative path to an existing file of its kind inside OUT."""
    if not isinstance(link, str):
        return "expected a path"
    parts = PurePosixPath(link).parts
    if (not parts or "\\" in link or not all(_SAFE_PART.match(p) for p in parts)
            or not link.endswith(suffix)):
        return f"not a plain relative path to a {suffix} file inside the output folder"
    if not (out_dir / link).is_file():
        return "no such file in the output folder"
    return None


def _entry(out_dir: Path, summary, paper: str,
           previews: dict[Path, list[bytes]] | None = None,
           written: list[tuple[Path, bytes]] | None = None) -> GalleryEntry:
    """The file's gallery entry, its thumbnails written (or, with `written`, added there
    for the caller to write with the others)."""
    pdf = Path(summary.path)
    relative = _relative(pdf, out_dir)
    thumbs = _thumbnails(pdf, out_dir / relative.parent / "preview",
                         (previews or {}).get(pdf), written)
    printing = getattr(summary, "printing", "")
    return GalleryEntry(relative.parts[0], relative.as_posix(), summary.pages, summary.cards,
                        getattr(summary, "unit", "card"),
                        tuple(_relative(t, out_dir).as_posix() for t in thumbs),
                        printing if printing in PRINTING else "", paper)


def _relative(path: Path, out_dir: Path) -> PurePosixPath:
    """`path` relative to OUT as written (`OUT/<game>` may be a symlink to elsewhere)."""
    try:
        return PurePosixPath(path.relative_to(out_dir).as_posix())
    except ValueError:
        return PurePosixPath(path.absolute().relative_to(out_dir.absolute()).as_posix())


def preview_pngs(pdf: bytes | Path) -> list[bytes]:
    """PNGs of the first pages (fronts and their backs), small enough for a strip; from
    the PDF's bytes (a build makes them in its workers, beside the drawing) or its file.
    PDFs are deterministic, so a rebuild mostly makes the very PDFs it made before: their
    thumbnails come from the cache of earlier runs (a fifth of a full build's work)."""
    if isinstance(pdf, Path):
        return _render_pngs(str(pdf))
    return cached_blobs("thumbnails", _thumb_recipe(), pdf, lambda: _render_pngs(pdf),
                        valid=lambda blob: blob.startswith(b"\x89PNG\r\n\x1a\n"))


@cache
def _thumb_recipe() -> bytes:
    """What thumbnails depend on besides the PDF: their size and the libraries drawing
    and encoding them. pdfium's versions are read from its packages' version files, not
    by importing it: a build whose thumbnails are all cached never loads pdfium."""
    from importlib.util import find_spec

    import PIL

    recipe = f"{THUMB_DPI}/{THUMB_PAGES}/{THUMB_COMPRESSION}/{PIL.__version__}".encode()
    try:
        for package in ("pypdfium2", "pypdfium2_raw"):
            origin = find_spec(package).origin
            recipe += b"/" + (Path(origin).parent / "version.json").read_bytes()
    except (AttributeError, TypeError, OSError):  # another layout of the package
        from pypdfium2.version import PDFIUM_INFO, PYPDFIUM_INFO

        recipe += f"/{PYPDFIUM_INFO}/{PDFIUM_INFO}".encode()
    return recipe


def _render_pngs(pdf: bytes | str) -> list[bytes]:
    import io

    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    pngs = []
    try:
        for number in range(min(THUMB_PAGES, len(document))):
            image = document[number].render(scale=THUMB_DPI / 72).to_pil()
            out = io.BytesIO()
            image.save(out, format="PNG", compress_level=THUMB_COMPRESSION)
            pngs.append(out.getvalue())
    finally:
        document.close()
    return pngs


def _thumbnails(pdf: Path, folder: Path, pngs: list[bytes] | None = None,
                written: list[tuple[Path, bytes]] | None = None) -> list[Path]:
    """The preview PNGs of `pdf` written beside it (`pngs`: already made; `written`: add
    them there instead, for the caller to write)."""
    pngs = preview_pngs(pdf) if pngs is None else pngs
    paths = [folder / f"{pdf.stem}-{number + 1}.png" for number in range(len(pngs))]
    files = list(zip(paths, pngs, strict=True))
    if written is None:
        write_files(files)
    else:
        written += files
    return paths


def render_html(entries: list[GalleryEntry], out_dir: Path | None = None,
                words: PageWords | None = None) -> str:
    """The whole page in `words`' language (None: English), each file's caption in the
    file's; thumbnails, PDFs and the exports found in `out_dir` linked by relative
    paths."""
    words = words or page_words(None)
    captions = _Captions(words)
    sections, rules = [], []
    for game_id, game in GAMES.items():
        mine = [e for e in entries if e.game == game_id]
        exports = _exports(out_dir, game_id, words) if out_dir is not None else []
        if mine or exports:
            sections.append(_section(game.title, game_id, mine, exports, captions))
            rules += _picker_rules(game_id, _languages(mine))
    if out_dir is not None and _inside(out_dir, out_dir / CALIBRATION):
        sections.append(_calibration(words))
    gallery = words["gallery"]
    empty = html.escape(gallery["empty"]).replace("{command}", "<code>pnp build</code>")
    body = "\n".join(sections) or f"<p>{empty}</p>"
    return _PAGE.format(body=body, picker="\n".join(rules),
                        lang=html.escape(words.language), title=html.escape(gallery["title"]),
                        intro=html.escape(gallery["intro"]),
                        languages=html.escape(gallery["languages"])
                        .replace("{one}", "<code>pnp build --lang LANG</code>")
                        .replace("{all}", "<code>pnp build --lang all</code>"))


class _Captions:
    """Each file's words in the file's own language (the page's when it has none), and
    the languages' names for the pickers."""

    def __init__(self, page: PageWords):
        self.page = page
        self._found = {page.language: page}

    @cached_property
    def names(self) -> dict[str, str]:
        """Read when a picker is drawn: a page in one language has none, and reading
        every language's catalogue was a quarter of the gallery's time (6 ms, at the
        very end of a build, when nothing else runs)."""
        return language_names()

    def __call__(self, lang: str) -> PageWords:
        if lang not in self._found:
            found = page_words(lang)
            self._found[lang] = self.page if found.missing else found
        return self._found[lang]


def language_of(pdf: str) -> str:
    """A file's language from its name: `rules-it.pdf` is Italian, `rules.pdf` English."""
    match = _LANGUAGE_SUFFIX.search(PurePosixPath(pdf).stem)
    return match["lang"] if match else "en"


def _languages(entries: list[GalleryEntry]) -> list[str]:
    found = {language_of(e.pdf) for e in entries}
    return sorted(found, key=lambda lang: (lang != "en", lang)) if len(found) > 1 else []


def _picker(game_id: str, languages: list[str], captions: _Captions) -> str:
    """Radio buttons (no script): All, then one per language; CSS hides the others."""
    if not languages:
        return ""
    name = html.escape(f"lang-{game_id}")
    every = html.escape(captions.page["gallery"]["all_languages"])
    buttons = [f'<input class="pick" type="radio" name="{name}" id="{name}-all" checked>'
               f'<label class="language" for="{name}-all">{every}</label>']
    buttons += [f'<input class="pick" type="radio" name="{name}" '
                f'id="{name}-{html.escape(lang)}">'
                f'<label class="language" for="{name}-{html.escape(lang)}">'
                f'{html.escape(captions.names.get(lang, lang))}</label>'
                for lang in languages]
    return "\n".join(buttons) + "\n"


def _picker_rules(game_id: str, languages: list[str]) -> list[str]:
    """For each language's button: hide every file of the section in another language."""
    return [f"#lang-{game_id}-{lang}:checked ~ .files figure:not(.lang-{lang}) "
            "{ display: none; }" for lang in languages]


def _section(title: str, game_id: str, entries: list[GalleryEntry],
             exports: list[str], captions: _Captions) -> str:
    items = "\n".join(_item(e, captions(language_of(e.pdf))) for e in entries)
    heading = html.escape(captions.page["gallery"]["exports"])
    more = (f'\n<h3>{heading}</h3>\n<ul class="exports">\n{"".join(exports)}</ul>'
            if exports else "")
    picker = _picker(game_id, _languages(entries), captions)
    return (f'<section id="{html.escape(game_id)}">\n<h2>{html.escape(title)}</h2>\n'
            f'{picker}<div class="files">\n{items}\n</div>{more}\n</section>')


def _item(e: GalleryEntry, words: PageWords) -> str:
    said = words["gallery"]
    stem = Path(e.pdf).stem
    name = html.escape(stem)
    thumbs = "".join(f'<img src="{_href(t)}" '
                     f'alt="{html.escape(said["thumbnail"].format(name=stem, n=i + 1))}" '
                     f'loading="lazy">' for i, t in enumerate(e.thumbs))
    unit = said["count"].get(e.unit)
    counted = words.count(unit, e.cards) if unit else f"{e.cards} {e.unit}"
    count = f"{html.escape(counted)} · " if e.cards else ""
    paper = said["paper"].format(paper=_paper_name(e.paper)) + " " if e.paper else ""
    how = said["printing"][e.printing or "unknown"]
    return (f'<figure class="lang-{html.escape(language_of(e.pdf))}">\n'
            f'<a href="{_href(e.pdf)}">{thumbs}</a>\n'
            f'<figcaption><a href="{_href(e.pdf)}">{name}.pdf</a><br>'
            f'{count}{html.escape(words.count(said["pages"], e.pages))}<br>'
            f'<span class="how">{html.escape(paper + how)}</span></figcaption>\n</figure>')


def _href(path: str) -> str:
    """A relative link: percent-encoded as a URL path, then escaped for the attribute."""
    return html.escape(quote(path, safe="/"), quote=True)


def _paper_name(paper: str) -> str:
    """`a4` -> `A4`, `letter` -> `Letter`, `320x450` -> `320 × 450 mm`."""
    if paper[:1].lower() == "a" and paper[1:].isdigit():
        return paper.upper()
    if "x" in paper.lower():
        return " × ".join(paper.lower().split("x")) + " mm"
    return paper.capitalize()


def _exports(out_dir: Path, game_id: str, words: PageWords) -> list[str]:
    """List items for the PNG, print-shop and Tabletop Simulator exports of a game."""
    said = words["gallery"]
    game = out_dir / game_id
    items = []
    pngs = _files(out_dir, game / "png", "*.png")
    if pngs:
        items.append(_link(out_dir, pngs[0], f"{game_id}/png/",
                           said["png"].format(n=len(pngs))))
    for pdf in _files(out_dir, game / "shop", "*.pdf"):
        items.append(_link(out_dir, pdf, f"shop/{pdf.name}", said["shop"]))
    for saved in _files(out_dir, game / "tts", "*.json"):
        items.append(_link(out_dir, saved, f"tts/{saved.name}",
                           said["tts"].format(json=saved.name, png=f"{saved.stem}.png")))
    return items


def _calibration(words: PageWords) -> str:
    said = words["gallery"]
    return (f'<section id="calibration">\n<h2>{html.escape(said["calibration"])}</h2>\n'
            '<ul class="exports">'
            + _link_text(CALIBRATION, CALIBRATION, said["calibration_note"])
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
    return (f'<li><a href="{_href(href)}">{html.escape(label)}</a> — '
            f'{html.escape(note)}</li>\n')


_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem; color: #222; background: #fafafa; }}
h1 {{ font-size: 1.6rem; }} h2 {{ border-bottom: 2px solid #263238; padding-bottom: .2rem; }}
.files {{ display: flex; flex-wrap: wrap; gap: 1.2rem; }}
figure {{ margin: 0; background: #fff; padding: .6rem; border: 1px solid #ddd; }}
figure img {{ height: 170px; border: 1px solid #ccc; margin-right: .3rem; background: #fff; }}
figcaption {{ font-size: .85rem; margin-top: .3rem; max-width: 22rem; }}
.how {{ color: #555; }} .exports {{ font-size: .9rem; }}
input.pick {{ position: absolute; opacity: 0; }}
.language {{ display: inline-block; margin: 0 .3rem .6rem 0; padding: .2rem .7rem;
  border: 1px solid #263238; border-radius: 1rem; cursor: pointer; font-size: .9rem; }}
input.pick:checked + .language {{ background: #263238; color: #fff; }}
input.pick:focus-visible + .language {{ outline: 2px solid #1565C0; }}
{picker}
</style>
</head>
<body>
<h1>{title}</h1>
<p>{intro}</p>
<p class="how">{languages}</p>
{body}
</body>
</html>
"""
