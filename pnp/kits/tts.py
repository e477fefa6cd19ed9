"""`pnp export tts`: every card deck as a Tabletop Simulator saved object, to playtest a
kit on screen before printing it.

Tabletop Simulator (TTS) builds a custom deck from sheet images: a grid of up to 10 × 7
equal cells read row by row, the last cell kept for the image shown for hidden cards,
so one sheet holds at most 69 cards; images larger than 4096 px a side are not loaded
on every machine. Per deck this writes into `<out>/<game>/tts/`:

- `<deck>-faces-N.png`: the fronts, sheet N (1, 2, ... for decks of more than 69 cards);
- `<deck>-back.png` when the deck shares one back (or has blank backs), else
  `<deck>-backs-N.png`, the sheet of each card's own back in the same grid
  (TTS's "unique backs");
- `<deck>.json`: the saved object (`ObjectStates` with one `DeckCustom`, or a `Card` for a
  one-card deck), its `CustomDeck` entries pointing at those images;
- `<deck>.png`: the thumbnail TTS shows next to the saved object in its browser.

A card's `CardID` is its sheet's deck id × 100 + its cell on the sheet (cards printed
alike share a cell); deck ids count from 1 across one game's decks, so the decks of a
game can lie on one table.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

from pnp.errors import UsageError
from pnp.kits.export import (
    FaceJob,
    check_dpi,
    checked_decks,
    face_images,
    pixel_size,
    run_staged,
    worker_count,
)
from pnp.kits.request import BuildRequest
from pnp.render.geometry import card_size
from pnp.render.model import Deck
from pnp.render.raster import Grid, compose, write_png
from pnp.render.single import face_pages

MAX_COLUMNS, MAX_ROWS = 10, 7
MIN_CELLS = 2  # TTS's deck importer takes 2-10 columns and 2-7 rows
MAX_SIDE = 4096
CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1
THUMBNAIL_HEIGHT = 256
# TTS's own card is about a poker card (63 × 88 mm): other sizes scale from it, each axis
# on its own, so a tarot card (70 × 120 mm) keeps its own proportions on the table.
POKER = (63.0, 88.0)
_CARD_TYPE = {"circle": 4}  # TTS CustomDeck Type: 0 rounded rectangle, 4 circle
_GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # TTS's default tint


@dataclass(frozen=True)
class Sheet:
    """One TTS sheet of a deck: its deck id, its grid, and in each cell the card (0-based
    index into the deck) drawn there; identical cards share one cell."""

    deck_id: int
    cards: tuple[int, ...]
    grid: Grid


@dataclass(frozen=True)
class SheetTask:
    """Worker: rasterise the job's faces into the sheet's cells and write the sheet.
    `slots[i]` is the cell of the job's i-th face; a cell may repeat a face (a shared
    back for the hidden card)."""

    job: FaceJob
    grid: Grid
    slots: tuple[int, ...]
    target: Path
    thumbnail: Path | None = None

    def outputs(self) -> tuple[Path, ...]:
        return (self.target, self.thumbnail) if self.thumbnail else (self.target,)

    def staged(self, where: dict[Path, Path]) -> SheetTask:
        return replace(self, target=where[self.target],
                       thumbnail=where[self.thumbnail] if self.thumbnail else None)


@dataclass(frozen=True)
class TtsDeck:
    """What was written for one deck."""

    game: str
    deck: str
    saved_object: Path
    images: tuple[Path, ...]
    cards: int
    dpi: int
    cell: tuple[int, int]


def export_tts(request: BuildRequest, dpi: int = 300, jobs: int | None = None,
               base_url: str | None = None,
               progress: Callable[[], None] | None = None) -> list[TtsDeck]:
    """Sheets, backs, thumbnail and saved-object JSON for every chosen card deck. Cards
    are drawn at `dpi`, lowered where needed to keep every sheet within 4096 px. Image
    URLs are `file://` URLs of the written files, or `base_url` + file name when the
    images will be uploaded there."""
    check_dpi(dpi)
    if base_url is not None and not base_url.startswith(("http://", "https://", "file:")):
        raise UsageError(f"--base-url must start with http://, https:// or file:, "
                         f"not {base_url!r}")
    workers = worker_count(jobs)
    written, tasks = [], []
    with tempfile.TemporaryDirectory(prefix="pnp-tts-") as scratch:
        for game_id, title, decks in checked_decks(request):
            folder = request.out_dir / game_id / "tts"
            next_id = 1
            for deck in decks:
                sheets = plan_sheets(deck, next_id)
                next_id += len(sheets)
                deck_dpi = sheet_dpi(deck, [s.grid for s in sheets], dpi)
                base = FaceJob(deck, title, (), deck_dpi, 0.0, request.font,
                               request.templates_dir, Path(scratch),
                               request.print_options.images)
                deck_tasks = _sheet_tasks(base, sheets, folder)
                tasks += deck_tasks
                images = tuple(p for t in deck_tasks for p in (t.target, t.thumbnail) if p)
                record = saved_object(game_id, title, deck, sheets,
                                      _urls(deck, sheets, folder, base_url))
                written.append(TtsDeck(game_id, deck.id, folder / f"{deck.id}.json",
                                       images, len(deck.cards), deck_dpi, base.size))
                tasks.append(_JsonTask(folder / f"{deck.id}.json", record))
        run_staged(_run, tasks, workers, progress)
    return written


def plan_sheets(deck: Deck, first_id: int) -> list[Sheet]:
    """The deck's distinct cards in sheets of at most 69, each in the smallest grid
    holding its cards plus the hidden-card cell."""
    size = card_size(deck.size)
    drawn = sorted(set(design_of(deck)))
    sheets = []
    for number, start in enumerate(range(0, len(drawn), CARDS_PER_SHEET)):
        cards = tuple(drawn[start:start + CARDS_PER_SHEET])
        sheets.append(Sheet(first_id + number, cards, grid_for(len(cards), size)))
    return sheets


def design_of(deck: Deck) -> list[int]:
    """For each card, the first card printed exactly like it (front and back): 50 equal
    point cards need one cell, not 50, and get more pixels for it."""
    first: dict[str, int] = {}
    return [first.setdefault(_card_key(card), index) for index, card in enumerate(deck.cards)]


def _card_key(card) -> str:
    return json.dumps([[face.layout, dict(face.fields)] if face else None
                       for face in (card.front, card.back)], sort_keys=True, default=str)


def grid_for(cards: int, size) -> Grid:
    """Columns × rows (2-10 × 2-7) with room for `cards` + the hidden card: the fewest
    cells, then the squarest sheet (its longer side the shortest), so small decks get
    the most pixels per card. Cell pixels are set later, from the dpi."""
    if not 1 <= cards <= CARDS_PER_SHEET:
        raise ValueError(f"a TTS sheet holds 1-{CARDS_PER_SHEET} cards, not {cards}")
    options = [(c * r, max(c * size.width, r * size.height), c, r)
               for c in range(MIN_CELLS, MAX_COLUMNS + 1)
               for r in range(MIN_CELLS, MAX_ROWS + 1) if c * r >= cards + 1]
    _, _, columns, rows = min(options)
    return Grid(columns, rows, (0, 0))


def sheet_dpi(deck: Deck, grids: list[Grid], dpi: int) -> int:
    """`dpi`, or the highest lower one at which every sheet of the deck stays within
    4096 px a side (one resolution per deck, so its cards match)."""
    columns = max(g.columns for g in grids)
    rows = max(g.rows for g in grids)
    size = card_size(deck.size)
    best = math.floor(min(MAX_SIDE / columns / size.width,
                          MAX_SIDE / rows / size.height) * 25.4)
    best = min(dpi, best)
    while best > 1:
        width, height = pixel_size(deck, best, 0.0)
        if width * columns <= MAX_SIDE and height * rows <= MAX_SIDE:
            return best
        best -= 1
    raise UsageError(f"{deck.id}: cards of {deck.size} cannot fit a {MAX_SIDE} px TTS sheet")


def _sheet_tasks(base: FaceJob, sheets: list[Sheet], folder: Path) -> list[SheetTask]:
    """Face and back sheet tasks for one deck (its thumbnail made with the first sheet)."""
    pages = list(face_pages([base.deck], shared_backs_once=True))
    index = {(p.index, p.side): i for i, p in enumerate(pages)}
    shared = index.get((0, "back"))
    tasks = []
    for number, sheet in enumerate(sheets, start=1):
        grid = replace(sheet.grid, cell=base.size)
        hidden = grid.slots - 1
        fronts = [(slot, index[(card + 1, "front")]) for slot, card in enumerate(sheet.cards)]
        if shared is not None:
            fronts.append((hidden, shared))
        thumbnail = folder / f"{base.deck.id}.png" if number == 1 else None
        tasks.append(_task(base, grid, fronts, folder / f"{base.deck.id}-faces-{number}.png",
                           thumbnail))
        if unique_backs(base.deck):
            backs = [(slot, index.get((card + 1, "back"), shared))
                     for slot, card in enumerate(sheet.cards)]
            backs = [(slot, face) for slot, face in backs if face is not None]
            tasks.append(_task(base, grid, backs,
                               folder / f"{base.deck.id}-backs-{number}.png"))
    if not unique_backs(base.deck):
        cell = Grid(1, 1, base.size)
        faces = [(0, shared)] if shared is not None else []
        tasks.append(_task(base, cell, faces, folder / f"{base.deck.id}-back.png"))
    return tasks


def _task(base: FaceJob, grid: Grid, cells: list[tuple[int, int]], target: Path,
          thumbnail: Path | None = None) -> SheetTask:
    return SheetTask(replace(base, faces=tuple(face for _, face in cells)), grid,
                     tuple(slot for slot, _ in cells), target, thumbnail)


def unique_backs(deck: Deck) -> bool:
    """Whether any card has a back of its own (then backs come as sheets too)."""
    return any(card.back is not None for card in deck.cards)


_URL_PATH_SAFE = "/:@!$&'()*+,;=~%"
_LONE_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")


def hosted_url(base_url: str, name: str) -> str:
    """`base_url`/`name`, percent-encoded as the local `file://` URLs are (a space is
    `%20`, `ä` is `%C3%A4`, a `#` in a folder name is not a fragment), so TTS fetches
    the file that was uploaded. An escape already in the URL (`%20`) is kept, a lone
    `%` encoded; a non-ASCII host name becomes its IDNA (xn--) form."""
    parts = urlsplit(base_url)
    try:
        host = parts.netloc.encode("idna").decode("ascii")
    except UnicodeError as err:
        raise UsageError(f"--base-url {base_url!r}: the host name is not valid "
                         f"({err})") from None
    path = f"{parts.path}{'#' + parts.fragment if parts.fragment else ''}"
    path = _LONE_PERCENT.sub("%25", f"{path.rstrip('/')}/{name}")
    query = quote(parts.query, safe=_URL_PATH_SAFE + "?")
    return urlunsplit((parts.scheme, host, quote(path, safe=_URL_PATH_SAFE), query, ""))


def _urls(deck: Deck, sheets: list[Sheet], folder: Path,
          base_url: str | None) -> list[tuple[str, str]]:
    """(FaceURL, BackURL) per sheet."""
    def url(name: str) -> str:
        if base_url is not None:
            return hosted_url(base_url, name)
        return (folder / name).resolve().as_uri()

    result = []
    for number, _ in enumerate(sheets, start=1):
        back = f"{deck.id}-backs-{number}.png" if unique_backs(deck) else f"{deck.id}-back.png"
        result.append((url(f"{deck.id}-faces-{number}.png"), url(back)))
    return result


def saved_object(game_id: str, title: str, deck: Deck, sheets: list[Sheet],
                 urls: list[tuple[str, str]]) -> dict:
    """The saved-object document: one deck lying face down at the table's centre."""
    custom = {str(s.deck_id): _custom_deck(deck, s, face, back)
              for s, (face, back) in zip(sheets, urls, strict=True)}
    cell = {card: (sheet.deck_id, slot) for sheet in sheets
            for slot, card in enumerate(sheet.cards)}
    cards = []
    for index, design in enumerate(design_of(deck)):
        deck_id, slot = cell[design]
        card = deck.cards[index]
        cards.append(_card(deck, card.name or card.label or f"{deck.title} {index + 1}",
                           deck_id * 100 + slot, {str(deck_id): custom[str(deck_id)]},
                           _guid(game_id, deck.id, index), card.text))
    nickname = f"{title}: {deck.title}"
    if len(cards) == 1:
        state = {**cards[0], "Nickname": nickname}
    else:
        state = {"GUID": _guid(game_id, deck.id, "deck"), "Name": "DeckCustom",
                 "Transform": _transform(deck), "Nickname": nickname,
                 "Description": f"{len(cards)} cards, made by majority-pnp",
                 "GMNotes": "", "ColorDiffuse": _GREY, "Locked": False, "Grid": True,
                 "Snap": True, "IgnoreFoW": False, "Autoraise": True, "Sticky": True,
                 "Tooltip": True, "GridProjection": False, "HideWhenFaceDown": True,
                 "Hands": False, "SidewaysCard": False,
                 "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom,
                 "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
                 "ContainedObjects": cards}
    return {"SaveName": nickname, "GameMode": "", "Date": "", "VersionNumber": "",
            "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "",
            "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": [state]}


def _custom_deck(deck: Deck, sheet: Sheet, face_url: str, back_url: str) -> dict:
    return {"FaceURL": face_url, "BackURL": back_url, "NumWidth": sheet.grid.columns,
            "NumHeight": sheet.grid.rows, "BackIsHidden": True,
            "UniqueBack": unique_backs(deck), "Type": _CARD_TYPE.get(deck.shape, 0)}


def _card(deck: Deck, nickname: str, card_id: int, custom: dict, guid: str,
          description: str = "") -> dict:
    return {"GUID": guid, "Name": "Card", "Transform": _transform(deck),
            "Nickname": nickname, "Description": description, "GMNotes": "",
            "ColorDiffuse": _GREY,
            "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False,
            "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
            "HideWhenFaceDown": True, "Hands": True, "SidewaysCard": False,
            "CardID": card_id, "CustomDeck": custom, "LuaScript": "", "LuaScriptState": "",
            "XmlUI": ""}


def _transform(deck: Deck) -> dict:
    """Face down (rotZ 180) above the table's centre, scaled from a poker card: width by
    width (x), height by height (z; y is the card's thickness)."""
    size = card_size(deck.size)
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0, "scaleX": round(size.width / POKER[0], 4), "scaleY": 1.0,
            "scaleZ": round(size.height / POKER[1], 4)}


def _guid(*parts) -> str:
    """A stable 6-hex-digit GUID (TTS's form), the same on every export."""
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


@dataclass(frozen=True)
class _JsonTask:
    path: Path
    record: dict

    def outputs(self) -> tuple[Path, ...]:
        return (self.path,)

    def staged(self, where: dict[Path, Path]) -> _JsonTask:
        return replace(self, path=where[self.path])


def _run(task) -> None:
    """Worker: write one sheet image (and the thumbnail with it), or a JSON file, into
    its staged path (`run_staged` puts them in place together)."""
    if isinstance(task, _JsonTask):
        task.path.write_text(json.dumps(task.record, indent=2, ensure_ascii=False) + "\n",
                             encoding="utf-8")
        return
    images = list(face_images(task.job)) if task.job.faces else []
    sheet = compose(task.grid, zip(task.slots, images, strict=True))
    write_png(sheet, task.target, task.job.dpi)
    if task.thumbnail is not None and images:
        first = images[0]
        width = round(first.width * THUMBNAIL_HEIGHT / first.height)
        from PIL import Image

        write_png(first.resize((width, THUMBNAIL_HEIGHT), Image.Resampling.LANCZOS),
                 task.thumbnail, task.job.dpi * THUMBNAIL_HEIGHT // first.height)
