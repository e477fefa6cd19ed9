"""Draw example card art with Pillow (nothing is downloaded): `--art` files for the docs'
worked example, the tests and the benchmark.

    .venv/bin/python tools/make_example_art.py my-art/

writes into my-art/:
- promo-demons-veteran.jpg  the illustration of a shipped promo card (art window, 750 × 300)
- ghost.webp                the Independent Ghost's illustration
- members-back.png          a full-bleed back for every Majority 2 member card
                            (815 × 1110 px: 63 × 88 mm plus 3 mm bleed at 300 DPI)
- my-promos.json + art/my-captain.png
                            a promo card of your own whose data names its art
The drawings are deterministic: the same command gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

WINDOW = (750, 300)      # the member art window (55 × 21 mm) at about 350 DPI
BACK = (815, 1110)       # 69 × 94 mm (poker card + 3 mm bleed each side) at 300 DPI


def _font(size: int):
    """Pillow's bundled font at `size` px (the small bitmap one on builds without FreeType)."""
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, OSError, ImportError):
        return ImageFont.load_default()


def _colour(seed: str, shift: int = 0) -> tuple[int, int, int]:
    digest = hashlib.sha256(f"{seed}:{shift}".encode()).digest()
    return digest[0], digest[1], digest[2]


def illustration(name: str, size: tuple[int, int] = WINDOW) -> Image.Image:
    """A landscape scene for one card: sky gradient, hills and a sun, coloured by name."""
    width, height = size
    top, bottom = _colour(name, 1), _colour(name, 2)
    image = Image.new("RGB", size)
    draw = ImageDraw.Draw(image)
    for y in range(height):
        t = y / max(1, height - 1)
        draw.line([(0, y), (width, y)],
                  fill=tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)))
    sun = _colour(name, 3)
    r = height // 5
    draw.ellipse([width * 0.7 - r, height * 0.3 - r, width * 0.7 + r, height * 0.3 + r],
                 fill=sun, outline=(255, 255, 255), width=max(1, height // 100))
    for i, share in enumerate((0.62, 0.72, 0.84)):
        hill = tuple(c // (i + 2) for c in _colour(name, 4 + i))
        points = [(0, height)]
        for x in range(0, width + 1, max(1, width // 12)):
            wave = ((x * (i + 3)) % (width // 3 + 1)) / (width // 3 + 1)
            points.append((x, height * share - height * 0.12 * abs(wave - 0.5)))
        points.append((width, height))
        draw.polygon(points, fill=hill)
    draw.text((width * 0.04, height * 0.4), name, fill=(255, 255, 255),
              font=_font(max(10, height // 9)))
    return image


def card_back(size: tuple[int, int] = BACK) -> Image.Image:
    """A full-bleed back: dark ground, a gold lattice, a ring in the middle."""
    width, height = size
    image = Image.new("RGB", size, (43, 33, 64))
    draw = ImageDraw.Draw(image)
    step = width // 8
    for x in range(-height, width + height, step):
        draw.line([(x, 0), (x + height, height)], fill=(92, 72, 128), width=3)
        draw.line([(x, height), (x + height, 0)], fill=(92, 72, 128), width=3)
    r = width // 4
    cx, cy = width // 2, height // 2
    ring = width // 30
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(242, 201, 76), width=ring)
    draw.text((cx, cy), "THE MAJORITY 2", fill=(255, 255, 255), anchor="mm",
              font=_fitting_font(draw, "THE MAJORITY 2", 1.6 * (r - ring)))
    return image


def _fitting_font(draw: ImageDraw.ImageDraw, text: str, room: float):
    """The largest font (from a sixth of the room's width down) whose `text` is at
    most `room` px wide, so the back's title stays inside its ring."""
    size = max(10, round(room / 6))
    while size > 10 and draw.textlength(text, font=_font(size)) > room:
        size -= 1
    return _font(size)


MY_PROMOS = {
    "$schema": "majority2-cards.schema.json",
    "set": "promo",
    "name": "My promo with its own art",
    "cards": [{
        "id": "my-captain", "faction": "angels", "colour": "pink", "rank": "junior",
        "title": "Angel Captain", "cost": 3, "requires_formed": 0, "quantity": 1,
        "vp": {"rule": "fixed", "points": 3},
        "abilities": ["Draw 1 card from the deck and put it into your reserve."],
        "effects": [{"do": "draw", "count": 1, "to": "reserve"}],
        "free_play": True, "art": "art/my-captain.png",
    }],
}


def make(folder: Path) -> list[Path]:
    """Write the example art into `folder`; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "art").mkdir(exist_ok=True)
    written = []

    def save(image: Image.Image, name: str, **options) -> None:
        path = folder / name
        image.save(path, **options)
        written.append(path)

    save(illustration("promo-demons-veteran"), "promo-demons-veteran.jpg", quality=90)
    save(illustration("ghost"), "ghost.webp", lossless=True)
    save(card_back(), "members-back.png", optimize=False)
    save(illustration("my-captain"), "art/my-captain.png", optimize=False)
    path = folder / "my-promos.json"
    path.write_text(json.dumps(MY_PROMOS, indent=2) + "\n", encoding="utf-8")
    written.append(path)
    return written


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: .venv/bin/python tools/make_example_art.py FOLDER")
    for path in make(Path(sys.argv[1])):
        print(path)
