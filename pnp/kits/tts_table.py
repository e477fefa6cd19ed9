"""`pnp export tts --table`: a whole Tabletop Simulator table per game — a save, not
loose saved objects.

On the table: every card deck face down in a row (the same sheets and cards as the
saved objects of `export_tts`), round tokens (coins, discs, markers) as two-sided circular
tiles, the Majority Rules! dice as custom six-sided dice textured with the very faces of
the paper nets, the rule sheet and the score pad as in-game PDFs, and a hand zone for
every seat the game has. Cards carry the names players use and their rules in words.

Assets are content-hashed (`members-faces-1-3f9a0c12d4e5.png`): a changed image gets a
new name, so TTS's image cache and an upload folder never serve a stale one. Everything
is written into `<out>/<game>/tts-table/`; the save, `<game>.json`, points at the assets
with `file://` URLs or `--base-url` (percent-encoded). The save is checked against the
format's rules (`tts_save.save_problems`) before it is written.
"""

from __future__ import annotations

import hashlib
import json
import math
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.content.output import atomic_path, write_text
from pnp.errors import DataError, Problem, UsageError
from pnp.games import get_game
from pnp.kits.build import game_printables
from pnp.kits.documents import document_files
from pnp.kits.export import FaceJob, check_dpi, checked_decks, run_tasks, worker_count
from pnp.kits.languages import suffix
from pnp.kits.request import BuildRequest
from pnp.kits.tts import (
    SheetTask,
    _guid,
    _run,
    _sheet_tasks,
    design_of,
    hosted_url,
    plan_sheets,
    saved_object,
    sheet_dpi,
)
from pnp.kits.tts_save import SEAT_COLOURS, save_problems
from pnp.render.geometry import card_size
from pnp.render.model import Card, Deck, PieceSet
from pnp.render.raster import Grid
from pnp.render.single import face_pages

FOLDER = "tts-table"
TOKEN_DPI = 200
DIE_DPI = 200
HASH_CHARS = 12
_WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}


@dataclass(frozen=True)
class TableSave:
    """One game's table: its save, the assets it points at, and what lies on it."""

    game: str
    save: Path
    assets: tuple[Path, ...]
    objects: int


@dataclass
class _Plan:
    """A game's table being planned: image tasks, and callables that turn the assets'
    final URLs into table objects once the images exist."""

    tasks: list = None
    makers: list = None

    def __post_init__(self):
        self.tasks, self.makers = [], []


def export_table(request: BuildRequest, dpi: int = 300, jobs: int | None = None,
                 base_url: str | None = None,
                 progress: Callable[[], None] | None = None) -> list[TableSave]:
    """Write a TTS save (and its assets) for every chosen game."""
    check_dpi(dpi)
    workers = worker_count(jobs)
    saves = []
    every = game_printables(request)
    if any(isinstance(p, Deck) for _, _, printables in every for p in printables):
        checked_decks(request)  # every text fits before any image is drawn
    # (a table without card decks, Majority Rules!'s, still has its dice and documents)
    for game_id, title, printables in every:
        with tempfile.TemporaryDirectory(prefix="pnp-table-") as scratch:
            saves.append(_game_table(request, game_id, title, printables, dpi, workers,
                                     base_url, Path(scratch), progress))
    return saves


def _game_table(request, game_id, title, printables, dpi, workers, base_url, scratch,
                progress) -> TableSave:
    folder = request.out_dir / game_id / FOLDER
    plan = _Plan()
    decks = [p for p in printables if isinstance(p, Deck)]
    cards = [d for d in decks if d.shape != "circle"]
    next_id = 1
    for index, deck in enumerate(cards):
        next_id = _plan_deck(plan, request, game_id, title, deck, next_id, dpi, scratch,
                             index, len(cards))
    for index, deck in enumerate(d for d in decks if d.shape == "circle"):
        _plan_tokens(plan, request, title, deck, scratch, index)
    for pieces in (p for p in printables if isinstance(p, PieceSet) and p.id == "dice"):
        _plan_dice(plan, request, title, pieces, scratch)
    for path in _produced(plan.tasks):  # the workers write straight into the scratch
        path.parent.mkdir(parents=True, exist_ok=True)  # folder, which is private
    run_tasks(_run, plan.tasks, workers, progress)
    assets = {path: _hashed(path, folder) for path in _produced(plan.tasks)}

    def url(path: Path) -> str:
        final = assets[path]
        return hosted_url(base_url, final.name) if base_url else final.resolve().as_uri()

    objects = [obj for make in plan.makers for obj in make(url)]
    objects += _documents(request, game_id, folder, url, assets, scratch)
    objects += _hands(game_id)
    save = _save(title, objects)
    problems = save_problems(save)
    path = folder / f"{game_id}{suffix(request.lang)}.json"
    if problems:
        raise DataError([Problem(str(path), p) for p in problems])
    write_text(path, json.dumps(save, indent=2, ensure_ascii=False) + "\n")
    thumbnail = next((p for p in assets if p.name.endswith(".thumb.png")), None)
    if thumbnail is not None:
        shutil.copyfile(assets[thumbnail], path.with_suffix(".png"))
    return TableSave(game_id, path, tuple(sorted(set(assets.values()))), len(objects))


def _plan_deck(plan: _Plan, request, game_id, title, deck: Deck, first_id: int, dpi: int,
               scratch: Path, index: int, count: int) -> int:
    """The deck's sheets (as `export_tts` draws them) and, later, its face-down object."""
    sheets = plan_sheets(deck, first_id)
    deck_dpi = sheet_dpi(deck, [s.grid for s in sheets], dpi)
    base = FaceJob(deck, title, (), deck_dpi, 0.0, request.font, request.templates_dir,
                   scratch, request.print_options.images)
    tasks = _sheet_tasks(base, sheets, scratch / deck.id)
    if index == 0:
        tasks = [replace(t, thumbnail=scratch / f"{game_id}.thumb.png") if t.thumbnail else t
                 for t in tasks]
    else:
        tasks = [replace(t, thumbnail=None) for t in tasks]
    plan.tasks += tasks
    faces = [t.target for t in tasks if "-faces-" in t.target.name]
    backs = [t.target for t in tasks if "-back" in t.target.name]

    def make(url) -> list[dict]:
        pairs = [(url(face), url(backs[i] if len(backs) > 1 else backs[0]))
                 for i, face in enumerate(faces)]
        state = saved_object(game_id, title, deck, sheets, pairs)["ObjectStates"][0]
        x = (index - (count - 1) / 2) * 3.2 * card_size(deck.size).width / 63
        state["Transform"] = {**state["Transform"], "posX": round(x, 3), "posZ": 0.0}
        return [state]

    plan.makers.append(make)
    return first_id + len(sheets)


def _plan_tokens(plan: _Plan, request, title, deck: Deck, scratch: Path, index: int) -> None:
    """Each distinct token drawn once per side; on the table one two-sided circular tile
    per token, in a pile per deck."""
    size = card_size(deck.size)
    pages = list(face_pages([deck], shared_backs_once=True))
    where = {(p.index, p.side): i for i, p in enumerate(pages)}
    job = FaceJob(deck, title, (), TOKEN_DPI, 0.0, request.font, request.templates_dir,
                  scratch, request.print_options.images)
    cell = Grid(1, 1, job.size)
    designs = design_of(deck)
    images: dict[tuple[int, str], Path] = {}
    for (number, side), face in where.items():
        if number and designs[number - 1] != number - 1:
            continue  # printed like an earlier token: its images serve
        target = scratch / "tokens" / f"{deck.id}-{number:03d}-{side}.png"
        images[(number, side)] = target
        plan.tasks.append(SheetTask(replace(job, faces=(face,)), cell, (0,), target))

    def make(url) -> list[dict]:
        tiles = []
        for number, card in enumerate(deck.cards, start=1):
            drawn = designs[number - 1] + 1
            front = images[(drawn, "front")]
            back = images.get((drawn, "back"), images.get((0, "back"), front))
            tiles.append(_tile(card, url(front), url(back), size.width, index, number,
                               deck.id))
        return tiles

    plan.makers.append(make)


def _tile(card: Card, front: str, back: str, width: float, pile: int, number: int,
          deck_id: str) -> dict:
    scale = round(width / 25.4, 3)  # a 1 in tile is scale 1 in TTS's units of 1 in
    return _object("Custom_Tile", _guid("tile", deck_id, number), card.name or card.label,
                   card.text, (-12.0 + pile * 4.0, 1.0 + number * 0.1, 9.0),
                   (scale, 1.0, scale),
                   CustomImage={"ImageURL": front, "ImageSecondaryURL": back,
                                "ImageScalar": 1.0, "WidthScale": 0.0,
                                "CustomTile": {"Type": 2, "Thickness": 0.2, "Stackable": True,
                                               "Stretch": True}})


def _plan_dice(plan: _Plan, request, title, pieces: PieceSet, scratch: Path) -> None:
    """One texture per distinct die: the six faces of its paper net, in the net's own
    cross (4 x 3 cells), drawn by the same layouts; one custom d6 per die."""
    textures: dict[str, Path] = {}
    for number, piece in enumerate(pieces.pieces, start=1):
        key = json.dumps([[f.face.layout, dict(f.face.fields)] for f in piece.faces],
                         sort_keys=True, default=str)
        if key in textures:
            continue
        side = piece.faces[0].width
        deck = Deck(f"die-{number}", piece.label, f"{side:g}x{side:g}",
                    tuple(Card(f.face) for f in piece.faces), "dice")
        job = FaceJob(deck, title, tuple(range(len(piece.faces))), DIE_DPI, 0.0,
                      request.font, request.templates_dir, scratch,
                      request.print_options.images)
        columns = round(piece.width / side)
        rows = round(piece.height / side)
        slots = tuple((rows - 1 - round(f.y / side)) * columns + round(f.x / side)
                      for f in piece.faces)
        target = scratch / "dice" / f"die-{len(textures) + 1}.png"
        plan.tasks.append(SheetTask(job, Grid(columns, rows, job.size), slots, target))
        textures[key] = target
    keys = [json.dumps([[f.face.layout, dict(f.face.fields)] for f in piece.faces],
                       sort_keys=True, default=str) for piece in pieces.pieces]

    def make(url) -> list[dict]:
        dice = []
        for number, (piece, key) in enumerate(zip(pieces.pieces, keys, strict=True)):
            row, column = divmod(number, 11)
            dice.append(_object("Custom_Dice", _guid("die", number), piece.label,
                                "A Majority Rules! die: the faces of its paper net.",
                                (-10.0 + column * 2.0, 1.5, -8.0 - row * 2.0),
                                (1.0, 1.0, 1.0),
                                CustomImage={"ImageURL": url(textures[key]),
                                             "ImageSecondaryURL": "", "ImageScalar": 1.0,
                                             "WidthScale": 0.0, "CustomDice": {"Type": 1}}))
        return dice

    plan.makers.append(make)


def _documents(request, game_id, folder, url, assets, scratch) -> list[dict]:
    """The rule sheet and the score pad (in the request's language) as in-game PDFs."""
    objects = []
    wanted = {"rules": "Rules", "score-pad": "Score pad"}
    for planned in document_files(game_id, request):
        name, component = planned.path.name, planned.components[0]
        if component not in wanted or planned.data is None:
            continue
        if request.lang is None and planned.path.stem != component:
            continue  # every language's documents: the English ones
        source = scratch / name
        source.write_bytes(planned.data())
        assets[source] = _hashed(source, folder)
        x = -6.0 if name.startswith("rules") else 6.0
        objects.append(_object("Custom_PDF", _guid("pdf", game_id, name), wanted[component], "",
                               (x, 1.0, -20.0), (1.0, 1.0, 1.0),
                               CustomPDF={"PDFUrl": url(source), "PDFPassword": "",
                                          "PDFPage": 0, "PDFPageOffset": 0}))
    return objects


def _hands(game_id: str) -> list[dict]:
    """A hand zone per seat the game has, evenly round the table, facing its centre."""
    players = get_game(game_id).players[1]
    if players > len(SEAT_COLOURS):
        raise UsageError(f"{game_id}: {players} seats; TTS has {len(SEAT_COLOURS)}")
    hands = []
    for seat in range(players):
        angle = 2 * math.pi * seat / players
        x, z = round(-22.0 * math.sin(angle), 3), round(-22.0 * math.cos(angle), 3)
        hands.append(_object("HandTrigger", _guid("hand", game_id, seat),
                             f"{SEAT_COLOURS[seat]} player", "", (x, 3.0, z),
                             (11.0, 5.0, 4.0), rot_y=round(math.degrees(angle), 3),
                             FogColor=SEAT_COLOURS[seat]))
    return hands


def _object(name: str, guid: str, nickname: str, description: str,
            position: tuple[float, float, float], scale: tuple[float, float, float],
            rot_y: float = 0.0, **extra) -> dict:
    x, y, z = position
    sx, sy, sz = scale
    return {"GUID": guid, "Name": name,
            "Transform": {"posX": x, "posY": y, "posZ": z, "rotX": 0.0, "rotY": rot_y,
                          "rotZ": 0.0, "scaleX": sx, "scaleY": sy, "scaleZ": sz},
            "Nickname": nickname, "Description": description, "GMNotes": "",
            "ColorDiffuse": _WHITE, "Locked": name == "HandTrigger", "Grid": True,
            "Snap": True, "IgnoreFoW": False, "Autoraise": True, "Sticky": True,
            "Tooltip": True, "GridProjection": False, "Hands": False, "LuaScript": "",
            "LuaScriptState": "", "XmlUI": "", **extra}


def _save(title: str, objects: list[dict]) -> dict:
    return {"SaveName": title, "GameMode": title, "Date": "", "VersionNumber": "",
            "Gravity": 0.5, "PlayArea": 0.5, "Table": "Table_RPG", "Sky": "",
            "Note": f"{title}: every deck face down, made by majority-pnp.", "Rules": "",
            "TabStates": {}, "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": objects}


def _produced(tasks) -> list[Path]:
    paths = []
    for task in tasks:
        paths += [p for p in (task.target, task.thumbnail) if p is not None]
    return paths


def _hashed(path: Path, folder: Path) -> Path:
    """Move `path` into `folder` under a name carrying its content's hash."""
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()[:HASH_CHARS]
    stem = path.name.split(".")[0]
    suffix = "".join(path.suffixes[-1:])
    final = folder / f"{stem}-{digest}{suffix}"
    if not final.exists() or final.read_bytes() != data:
        with atomic_path(final) as tmp:
            tmp.write_bytes(data)
    return final
