"""The studio's jobs, as they run in a worker process (`workers.run_job`): each is the
library call a command makes, given files inside its own job folder.

Each takes the job folder (where the request's uploads were saved under fixed names), its
options, and `report` (progress back to the server), and returns plain values: the files
it wrote (relative to the folder) and its warnings. An input the toolkit refuses raises
its `PnpError`, whose problems the page shows.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.errors import DataError, Problem, UsageError
from pnp.web.studio.zips import unpack

IN, OUT, ART, PROMOS = "in", "out", "art", "promos"
"""A job folder's parts: the uploads, what the job writes, an unpacked art folder."""
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""Every file in a zip the studio makes carries this time, so the same files make the
same zip bytes."""


def as_json(problems: list[Problem]) -> list[dict]:
    return [{"file": p.file, "message": p.message, "line": p.line, "path": p.path}
            for p in problems]


# --- the kit builder ------------------------------------------------------------------------

def build_kit(folder: str, spec: dict, report: Callable) -> dict[str, Any]:
    """`pnp build` with the kit builder's options: the packed kit (`-c kit`) or every
    file, with the uploaded word list, promo file and art folder; the same library calls
    as the command, so the same bytes."""
    from pnp.kits.build import build_warnings, plan_build, printables_of, run_build
    from pnp.kits.printers import printer_settings
    from pnp.kits.report import POOR_DPI, art_report, dpi_warnings
    from pnp.kits.request import BuildRequest
    from pnp.render.decks import PrintOptions

    root = Path(folder)
    art_dir = unpack_art(root / IN / spec["art"], root / ART) if spec.get("art") else None
    words = root / IN / spec["words"] if spec.get("words") else None
    promos = _promo_file(root, spec["promos"], art_dir) if spec.get("promos") else None
    backs, offset_x, offset_y = printer_settings(spec.get("printer"), spec.get("backs"),
                                                 None, None)
    options = PrintOptions(paper=spec["paper"].lower(), backs=backs, bleed=spec["bleed"],
                           crop_marks=spec["crop_marks"], ink_saver=spec["ink_saver"],
                           offset_x=offset_x, offset_y=offset_y)
    request = BuildRequest(games=tuple(spec["games"]),
                           components=("kit",) if spec["output"] == "kit" else (),
                           out_dir=root / OUT, options=options,
                           words=words, promos=(promos,) if promos else (), art_dir=art_dir,
                           lang=spec.get("lang") or None)
    warnings = build_warnings(request)
    planned = plan_build(request)
    run_build(request, lambda planned_file: report(planned_file.path.name), planned)
    uses, naming = art_report(request, [(f.game, list(printables_of(f))) for f in planned])
    files = sorted(p.relative_to(root / OUT) for f in planned for p in [f.path])
    return {"files": [str(f) for f in files],
            "warnings": as_json(warnings + naming + dpi_warnings(uses, POOR_DPI))}


def unpack_art(archive: Path, into: Path) -> Path:
    """An uploaded art folder (a zip) unpacked and every picture in it checked as `--art`
    checks it (readable, whole, at most 100 megapixels); the folder to use as `--art`:
    the zip's one top folder when everything is inside one."""
    from pnp.render.images import SUFFIXES, inspect_image

    if archive.suffix.lower() != ".zip":
        raise DataError(Problem(archive.name, "the art folder must be uploaded as a .zip"))
    into.mkdir()
    files = unpack(archive, into, archive.name)
    problems = []
    for path in files:
        if path.suffix.lower() in SUFFIXES:
            try:
                inspect_image(path)
            except DataError as exc:
                problems += exc.problems
    if problems:
        raise DataError(problems)
    tops = {p.relative_to(into).parts[0] for p in files}
    single = into / tops.pop() if len(tops) == 1 else None
    return single if single is not None and single.is_dir() else into


def _promo_file(root: Path, upload: str, art_dir: Path | None) -> Path:
    """The promo file to build with: the upload itself, or the one .json of an uploaded
    zip (the designer's download: the file and its `art/` pictures, which its cards find
    beside it). A plain .json goes with the art folder, where its pictures are."""
    if upload.lower().endswith(".zip"):
        into = root / PROMOS
        unpacked = unpack_art(root / IN / upload, into)
        found = sorted(p for p in into.rglob("*.json") if p.parent in (into, unpacked))
        if len(found) != 1:
            said = "no promo file (.json)" if not found else \
                f"{len(found)} .json files ({', '.join(p.name for p in found)})"
            raise DataError(Problem(upload, f"holds {said} beside its pictures; a promo zip "
                                            "holds one, as the promo designer writes it"))
        return found[0]
    return _promo_beside_art(root / IN / upload, art_dir)


def _promo_beside_art(promos: Path, art_dir: Path | None) -> Path:
    """With an art folder, the promo file goes where the pictures its cards name
    (`"art": "art/x.png"`) are found relative to it (as in docs/print/art.md's example):
    in the art folder, or in the zip's top when the folder is the zip's one `art/`."""
    if art_dir is None:
        return promos
    target = art_dir / promos.name
    named = _art_named(promos)
    if named and not all(_is_file(art_dir / n) for n in named) \
            and all(_is_file(art_dir.parent / n) for n in named):
        target = art_dir.parent / promos.name
    if target.exists() and target.read_bytes() != promos.read_bytes():
        raise DataError(Problem(promos.name, f"the art zip holds a different {promos.name}; "
                                             "rename one of them"))
    target.write_bytes(promos.read_bytes())
    return target


def _is_file(path: Path) -> bool:
    """A file is there; False also for a name no file can have (a 300-character part:
    the system's "File name too long"), which `Path.is_file` raises as an error."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _art_named(promos: Path) -> list[str]:
    """The pictures a promo file's cards name (none when it cannot be read: the build
    says why)."""
    try:
        cards = json.loads(promos.read_text("utf-8")).get("cards", [])
        return [c["art"] for c in cards if isinstance(c, dict) and isinstance(c.get("art"), str)]
    except (ValueError, AttributeError, TypeError, OSError):
        return []


def pack(folder: str, files: list[str], name: str) -> str:
    """The files (relative to the job's output) in one zip, the same bytes every time."""
    root = Path(folder)
    target = root / name
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for relative in sorted(files):
            info = zipfile.ZipInfo(relative, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, (root / OUT / relative).read_bytes())
    return name


def build_kit_download(folder: str, spec: dict, report: Callable) -> dict[str, Any]:
    """`build_kit`, then what the page downloads: a single PDF as it is, else a zip."""
    built = build_kit(folder, spec, report)
    files = built["files"]
    if len(files) == 1 and spec["output"] == "kit":
        game, name = Path(files[0]).parts[0], Path(files[0]).name
        return {**built, "download": f"{OUT}/{files[0]}", "name": f"{game}-{name}"}
    name = "kits.zip" if spec["output"] == "kit" else "pnp-build.zip"
    return {**built, "download": pack(folder, files, name), "name": name}


# --- the word list editor -------------------------------------------------------------------

def words_pdf(folder: str, words: str, lang: str | None, paper: str,
              report: Callable) -> dict[str, Any]:
    """`pnp build majority -c word-cards --words WORDS [--lang LANG] --paper PAPER`."""
    from pnp.kits.build import build_warnings, plan_build, run_build
    from pnp.kits.request import BuildRequest
    from pnp.render.decks import PrintOptions

    root = Path(folder)
    request = BuildRequest(games=("majority",), components=("word-cards",),
                           out_dir=root / OUT, options=PrintOptions(paper=paper.lower()),
                           words=root / IN / words, lang=lang or None)
    warnings = build_warnings(request)
    planned = plan_build(request)
    run_build(request, None, planned)
    return {"download": str(planned[0].path.relative_to(root)),
            "name": planned[0].path.name, "warnings": as_json(warnings)}


# --- the promo card designer ----------------------------------------------------------------

def promo_pdf(folder: str, promos: str, paper: str, backs: str,
              report: Callable) -> dict[str, Any]:
    """The promo file's own cards on sheets (`promo_cards.write_promo_pdf`)."""
    from pnp.kits.promo_cards import write_promo_pdf
    from pnp.render.decks import PrintOptions

    root = Path(folder)
    out = root / OUT / "promo-cards.pdf"
    write_promo_pdf(root / IN / promos, out, PrintOptions(paper=paper.lower(), backs=backs))
    return {"download": str(out.relative_to(root)), "name": "promo-cards.pdf", "warnings": []}


def promo_file(folder: str, promos: str, art: list[str], report: Callable) -> dict[str, Any]:
    """The promo file checked as `pnp validate` checks it; the download: the file itself,
    or with pictures a zip of the file and its `art/` folder."""
    from pnp.validate import validate_file

    root = Path(folder)
    checked = validate_file(root / IN / promos)
    if checked.problems:
        raise DataError(checked.problems)
    if not art:
        return {"download": f"{IN}/{promos}", "name": promos,
                "warnings": as_json(checked.warnings)}
    name = Path(promos).stem + ".zip"
    with zipfile.ZipFile(root / name, "w", zipfile.ZIP_DEFLATED) as zf:
        for relative in [promos, *sorted(art)]:
            info = zipfile.ZipInfo(relative, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, (root / IN / relative).read_bytes())
    return {"download": name, "name": name, "warnings": as_json(checked.warnings)}


def open_promo(folder: str, upload: str, report: Callable) -> dict[str, Any]:
    """A promo file opened for the form: a .json, or a .zip holding one .json and the
    pictures it names. Its cards as written, every problem `pnp validate` finds, and each
    card's picture (checked as `--art` checks it) to keep for the previews."""
    from pnp.content.jsonfile import load_json
    from pnp.validate import validate_file

    root = Path(folder)
    path = root / IN / upload
    if path.suffix.lower() == ".zip":
        (root / ART).mkdir()
        files = unpack(path, root / ART, upload)
        found = [f for f in files if f.suffix.lower() == ".json"]
        if len(found) != 1:
            raise DataError(Problem(upload, f"expected one promo file (.json) in the zip, "
                                            f"found {len(found)}"))
        path = found[0]
    elif path.suffix.lower() != ".json":
        raise DataError(Problem(upload, "open a promo file (.json), or a .zip holding one "
                                        "with its pictures"))
    document = load_json(path).value
    if not isinstance(document, dict):
        raise DataError(Problem(upload, "a promo file is a JSON object with \"set\" and "
                                        "\"cards\""))
    checked = validate_file(path)
    pictures, notes = _card_pictures(document, path.parent, root)
    # A card's missing or unusable picture is told once, in the notes.
    problems = [p for p in checked.problems if not (p.path or "").endswith(".art")]
    return {"document": document, "pictures": pictures, "notes": notes,
            "problems": as_json(problems)}


def _card_pictures(document: dict, beside: Path, root: Path) -> tuple[list[dict], list[str]]:
    """Each card's `art` that is a usable picture inside the upload: (card index, its file
    relative to the job folder); a sentence for each one that is not."""
    from pnp.render.images import SUFFIXES, inspect_image

    pictures, notes = [], []
    cards = document.get("cards") if isinstance(document.get("cards"), list) else []
    for i, card in enumerate(cards):
        art = card.get("art") if isinstance(card, dict) else None
        if not isinstance(art, str):
            continue
        path = (beside / art).resolve()
        if not path.is_relative_to(root.resolve()) or not _is_file(path) \
                or path.suffix.lower() not in SUFFIXES:
            notes.append(f"card {i + 1}: its picture {art!r} was not in the upload; open the "
                         "promo file as a .zip holding it, or add the picture to the card")
            continue
        try:
            info = inspect_image(path)
        except DataError as exc:
            notes += [f"card {i + 1}: {p.message}" for p in exc.problems]
            continue
        preview_copy(path, path.with_name(path.name + PREVIEW))
        pictures.append({"card": i, "file": str(path.relative_to(root.resolve())),
                         "width": info.width, "height": info.height})
    return pictures, notes


PREVIEW = ".preview"
"""The suffix of a picture's preview copy beside it (`x.png.preview`)."""
PREVIEW_SIDE = 1600
"""Longest side of a preview copy: a card's art window drawn at the preview's 150 DPI is
far smaller; the copy decodes in a few megabytes, where a 99-megapixel original took
hundreds (the card preview runs in the server, not in a worker)."""
PREVIEW_PIXELS = PREVIEW_SIDE * PREVIEW_SIDE


def preview_copy(path: Path, out: Path) -> None:
    """A small copy of a checked picture for the card previews, made here in the worker
    (under its memory ceiling), turned upright as EXIF says: a JPEG stays a JPEG, anything
    else becomes a PNG (keeping transparency). JPEGs are decoded at a reduced size
    (`draft`) to begin with."""
    from PIL import Image, ImageOps

    from pnp.render.images import MAX_PIXELS

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    with Image.open(path) as im:
        if im.format == "JPEG":
            im.draft("RGB" if im.mode not in ("L", "RGB") else im.mode,
                     (PREVIEW_SIDE, PREVIEW_SIDE))
        small = ImageOps.exif_transpose(im)
        small.thumbnail((PREVIEW_SIDE, PREVIEW_SIDE))
        if im.format == "JPEG" and small.mode in ("L", "RGB"):
            small.save(out, format="JPEG", quality=90)
        else:
            if small.mode not in ("1", "L", "LA", "RGB", "RGBA"):
                small = small.convert("RGBA")
            small.save(out, format="PNG")


def check_picture(folder: str, upload: str, report: Callable) -> dict[str, Any]:
    """An uploaded picture checked as `--art` checks one, and how sharp it prints in the
    member card's art window."""
    from pnp.kits.report import GOOD_DPI
    from pnp.render.images import SUFFIXES, inspect_image
    from pnp.render.layout import layout_set
    from pnp.render.pictures import art_box_dpi

    path = Path(folder) / IN / upload
    if path.suffix.lower() not in SUFFIXES:
        raise DataError(Problem(upload, "a picture must be a .png, .jpg, .jpeg, .webp, .tif "
                                        "or .tiff file"))
    info = inspect_image(path)
    preview_copy(path, path.with_name(path.name + PREVIEW))
    dpi = art_box_dpi(layout_set().get("m2-member-art"), info)
    soft = dpi is not None and dpi < GOOD_DPI
    warning = (f"{dpi:.0f} DPI in the card's art window: it will print soft; aim for "
               f"{GOOD_DPI} DPI" if soft else None)
    said = {"warning_key": "warn_soft_picture",
            "warning_values": {"dpi": f"{dpi:.0f}", "good": GOOD_DPI}} if soft else {}
    return {"width": info.width, "height": info.height, "warning": warning, **said}


def balance(folder: str, promos: str, card_id: str, games: int,
            report: Callable) -> dict[str, Any]:
    """The balance lab's comparison of the promo with the base card it replaces, in words."""
    from pnp.games.gamedata import load_content
    from pnp.simulate.verdict import compare_promo, promo_in_words

    path = Path(folder) / IN / promos
    content = load_content("majority2", custom_promos=[path])
    if card_id not in content.cards:
        raise UsageError(Problem(promos, f"no card {card_id!r} in the file"))
    done = [0]

    def progress(games_done: int) -> None:
        done[0] += games_done
        report(done[0])

    summary = compare_promo(path, games, progress=progress)
    titles = {card.id: card.title for card in content.cards.values()}
    promo = next(p for p in summary["promos"] if p["promo"] == card_id)
    return {"words": promo_in_words(summary, card_id, titles), "comparison": promo,
            "games": summary["games"], **verdict_facts(summary, promo, titles)}


def verdict_facts(summary: dict[str, Any], promo: dict[str, Any],
                  titles: dict[str, str]) -> dict[str, Any]:
    """What the verdict's words are made of besides the comparison (the bots, the
    correction, a blank card, the two cards' names), so a page tells it in its own
    language (balance-words.js, held to `promo_in_words`'s English by a test)."""
    return {"bots": list(dict.fromkeys(summary["bots"])), "correction": summary["correction"],
            "blank": promo["promo"] in summary["blank_cards"],
            "titles": {"promo": titles.get(promo["promo"], promo["promo"]),
                       "base": titles.get(promo["replaces"], promo["replaces"])
                       if promo["replaces"] else None}}


def write_json(path: Path, value: Any) -> None:
    """A document as the studio saves it for the library: indented, so problems have lines."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n", "utf-8")
