"""The rules a Tabletop Simulator save must keep for TTS to load every object, checked
before a save is written (and by the tests on every save written).

What is checked, by JSON path: each object's GUID is six lowercase hex digits and unique
in the save; its Name is an object type this toolkit writes; its Transform has the nine
numbers; a custom deck's sheets are 2-10 columns by 2-7 rows, each card's CardID (sheet
id × 100 + cell) names a sheet of its deck and a cell before the hidden-card cell, and
DeckIDs lists the contained cards in order; a custom die is a d4-d20 type, a tile one of
the four tile shapes; every image and PDF has an http(s) or file URL; a hand zone has a
seat colour.
"""

from __future__ import annotations

import math
import re

SEAT_COLOURS = ("White", "Red", "Blue", "Green", "Yellow", "Orange", "Purple", "Pink",
                "Teal", "Brown")
OBJECT_TYPES = {"DeckCustom", "Card", "Custom_Dice", "Custom_Tile", "Custom_PDF",
                "HandTrigger"}
_GUID = re.compile(r"^[0-9a-f]{6}$")
_TRANSFORM = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")
_URL = re.compile(r"^(https?://[^\s]+|file:///[^\s]*)$")
COLUMNS, ROWS = (2, 10), (2, 7)


def save_problems(save: dict) -> list[str]:
    """Every broken rule as `$.json.path: message`; empty when TTS can load it all."""
    problems: list[str] = []
    objects = save.get("ObjectStates")
    if not isinstance(objects, list) or not objects:
        return ["$.ObjectStates: a save needs a list of objects"]
    seen: dict[str, str] = {}
    for i, obj in enumerate(objects):
        problems += _object_problems(obj, f"$.ObjectStates[{i}]", seen)
    return problems


def urls(save: dict) -> list[tuple[str, str]]:
    """(JSON path, URL) of every image and PDF the save loads."""
    found = []

    def walk(value, path):
        if isinstance(value, dict):
            for key, item in value.items():
                if key in ("FaceURL", "BackURL", "ImageURL", "ImageSecondaryURL",
                           "PDFUrl") and isinstance(item, str) and item:
                    found.append((f"{path}.{key}", item))
                else:
                    walk(item, f"{path}.{key}")
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, f"{path}[{i}]")

    walk(save, "$")
    return list(dict.fromkeys(found))


def _object_problems(obj: dict, path: str, seen: dict[str, str]) -> list[str]:
    problems = []
    guid, name = obj.get("GUID"), obj.get("Name")
    if not isinstance(guid, str) or not _GUID.match(guid):
        problems.append(f"{path}.GUID: {guid!r} is not six lowercase hex digits")
    elif guid in seen:
        problems.append(f"{path}.GUID: {guid} is also the GUID of {seen[guid]}")
    else:
        seen[guid] = path
    if name not in OBJECT_TYPES:
        problems.append(f"{path}.Name: {name!r} is not an object type this save may hold")
    transform = obj.get("Transform", {})
    for key in _TRANSFORM:
        value = transform.get(key)
        if not isinstance(value, (int, float)) or not math.isfinite(value):
            problems.append(f"{path}.Transform.{key}: needs a finite number")
    check = _CHECKS.get(name)
    if check is not None:
        problems += check(obj, path, seen)
    for url_path, url in urls(obj):
        if not _URL.match(url):
            problems.append(f"{path}{url_path[1:]}: {url!r} is not an http(s) or file URL")
    return problems


def _deck(obj: dict, path: str, seen: dict[str, str]) -> list[str]:
    problems = []
    custom = obj.get("CustomDeck") or {}
    problems += _sheet_problems(custom, f"{path}.CustomDeck")
    contained = obj.get("ContainedObjects") or []
    ids = [c.get("CardID") for c in contained]
    if obj.get("DeckIDs") != ids:
        problems.append(f"{path}.DeckIDs: must list the contained cards' CardIDs in order")
    if len(contained) < 2:
        problems.append(f"{path}.ContainedObjects: a deck holds two cards or more")
    for i, card in enumerate(contained):
        problems += _object_problems(card, f"{path}.ContainedObjects[{i}]", seen)
        problems += _card_in(card, custom, f"{path}.ContainedObjects[{i}]")
    return problems


def _card(obj: dict, path: str, seen: dict[str, str]) -> list[str]:
    custom = obj.get("CustomDeck") or {}
    return _sheet_problems(custom, f"{path}.CustomDeck") + _card_in(obj, custom, path)


def _sheet_problems(custom: dict, path: str) -> list[str]:
    problems = []
    if not custom:
        problems.append(f"{path}: no sheet")
    for key, sheet in custom.items():
        if not key.isdigit() or int(key) < 1:
            problems.append(f"{path}.{key}: sheet ids are whole numbers from 1")
        for field, (low, high) in (("NumWidth", COLUMNS), ("NumHeight", ROWS)):
            value = sheet.get(field)
            if not isinstance(value, int) or not low <= value <= high:
                problems.append(f"{path}.{key}.{field}: {value!r} is outside {low}-{high}")
    return problems


def _card_in(card: dict, custom: dict, path: str) -> list[str]:
    card_id = card.get("CardID")
    if not isinstance(card_id, int) or card_id < 100:
        return [f"{path}.CardID: {card_id!r} is not sheet id × 100 + cell"]
    sheet = custom.get(str(card_id // 100))
    if sheet is None:
        return [f"{path}.CardID: {card_id} names sheet {card_id // 100}, which the deck "
                "lacks"]
    cells = sheet.get("NumWidth", 0) * sheet.get("NumHeight", 0)
    if card_id % 100 >= cells - 1:
        return [f"{path}.CardID: cell {card_id % 100} is past the last card cell "
                f"({cells - 2}) of a {sheet.get('NumWidth')} × {sheet.get('NumHeight')} "
                "sheet (the last cell is the hidden card)"]
    return []


def _image(obj: dict, path: str, seen: dict[str, str]) -> list[str]:
    image = obj.get("CustomImage") or {}
    problems = [] if image.get("ImageURL") else [f"{path}.CustomImage.ImageURL: missing"]
    if obj.get("Name") == "Custom_Dice":
        kind = (image.get("CustomDice") or {}).get("Type")
        if kind not in range(6):
            problems.append(f"{path}.CustomImage.CustomDice.Type: {kind!r} is not 0-5 "
                            "(d4, d6, d8, d10, d12, d20)")
    else:
        kind = (image.get("CustomTile") or {}).get("Type")
        if kind not in range(4):
            problems.append(f"{path}.CustomImage.CustomTile.Type: {kind!r} is not 0-3 (box, "
                            "hex, circle, rounded)")
    return problems


def _pdf(obj: dict, path: str, seen: dict[str, str]) -> list[str]:
    return [] if (obj.get("CustomPDF") or {}).get("PDFUrl") else [
        f"{path}.CustomPDF.PDFUrl: missing"]


def _hand(obj: dict, path: str, seen: dict[str, str]) -> list[str]:
    colour = obj.get("FogColor")
    return [] if colour in SEAT_COLOURS else [
        f"{path}.FogColor: {colour!r} is not a seat colour ({', '.join(SEAT_COLOURS)})"]


_CHECKS = {"DeckCustom": _deck, "Card": _card, "Custom_Dice": _image,
           "Custom_Tile": _image, "Custom_PDF": _pdf, "HandTrigger": _hand}


# What TTS loads from each kind of URL: the first bytes each format starts with, and the
# content types a host may answer with for it (besides the generic binary ones).
_KINDS = {
    "image": ("a PNG or JPEG image", (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff"),
              ("image/png", "image/jpeg", "image/jpg", "image/pjpeg")),
    "pdf": ("a PDF", (b"%PDF-",), ("application/pdf", "application/x-pdf")),
}
_BINARY_TYPES = ("application/octet-stream", "binary/octet-stream", "application/binary", "")
_HEAD = 16


def missing_urls(save: dict, timeout: float = 10.0) -> list[str]:
    """`$.path: URL: why` for every image or PDF URL of the save that TTS could not
    load — a file:// URL whose file is missing, an http(s) URL that does not answer 200,
    or one that answers something else than the file named there (an HTML page for an
    image: a login page, a host's 'not found' page served with 200), told by the answer's
    content type and by the first bytes (PNG or JPEG for images, %PDF for PDFs) — each
    distinct URL fetched once and named at its first place."""
    places: dict[tuple[str, str], list[str]] = {}
    for path, url in urls(save):
        kind = "pdf" if path.endswith(".PDFUrl") else "image"
        places.setdefault((url, kind), []).append(path)
    missing = []
    for (url, kind), paths in places.items():
        why = _unreachable(url, kind, timeout)
        if why:
            more = f" (and {len(paths) - 1} more place(s))" if len(paths) > 1 else ""
            missing.append(f"{paths[0]}: {url}: {why}{more}")
    return missing


def _unreachable(url: str, kind: str, timeout: float) -> str:
    """Why `url` cannot be loaded as `kind` ("image" or "pdf"), or "" when it can."""
    from pathlib import Path
    from urllib.error import HTTPError, URLError
    from urllib.parse import unquote, urlsplit
    from urllib.request import Request, urlopen

    parts = urlsplit(url)
    if parts.scheme == "file":
        path = Path(unquote(parts.path))
        if not path.is_file():
            return "no such file"
        try:
            with open(path, "rb") as handle:
                return _not_a(kind, "", handle.read(_HEAD))
        except OSError as err:
            return f"cannot be read ({err.strerror or err})"
    try:
        with urlopen(Request(url, method="GET"), timeout=timeout) as answer:
            status = answer.status
            content_type = answer.headers.get_content_type() \
                if answer.headers.get("Content-Type") else ""
            head = answer.read(_HEAD)
    except HTTPError as err:
        return f"HTTP {err.code}"
    except (URLError, OSError, ValueError) as err:
        return str(getattr(err, "reason", err))
    if status != 200:
        return f"HTTP {status}"
    return _not_a(kind, content_type, head)


def _not_a(kind: str, content_type: str, head: bytes) -> str:
    """Why an answer of `content_type` starting with `head` is not a `kind`, or ""."""
    name, magics, types = _KINDS[kind]
    if content_type not in types and content_type not in _BINARY_TYPES:
        return f"answers {content_type}, not {name}{_starting(head)}"
    if not head.startswith(magics):
        return f"is not {name}{_starting(head)}"
    return ""


def _starting(head: bytes) -> str:
    """The answer's first bytes, as a person can read them."""
    if not head:
        return " (it is empty)"
    text = head.decode("ascii", "replace")
    shown = "".join(ch if ch.isprintable() and ch != "\ufffd" else "." for ch in text)
    return f" (it starts {shown.strip()!r})"
