"""One card face as a picture for a screen: the single-card page `pnp export png` draws,
rasterised the same way (pypdfium2), at a screen's resolution instead of print's.

A designer's preview is only worth trusting if it is the printed card, so nothing here
draws: the face goes through `export.face_images`, the renderer of the PNG export, the
print-shop PDFs and the sheets. pdfium is not safe to call from two threads at once, so a
process draws one preview at a time.
"""

from __future__ import annotations

import io
import tempfile
import threading
from dataclasses import replace
from pathlib import Path

from pnp.kits.export import FaceJob, face_images
from pnp.render.images import ImageSettings
from pnp.render.model import Card, Deck
from pnp.render.single import face_pages

SCREEN_DPI = 150
"""A poker card at 150 DPI is 372 × 520 pixels: sharp on a phone, quick to draw."""

_ONE_AT_A_TIME = threading.Lock()


def single_card(deck: Deck, card: Card) -> Deck:
    """`deck` holding only `card` (its back and size kept): what a preview draws."""
    return replace(deck, cards=(card,))


def face_png(deck: Deck, title: str, side: str = "front", dpi: int = SCREEN_DPI,
             font=None, templates: Path | None = None,
             images: ImageSettings | None = None) -> bytes:
    """The PNG of the first card of `deck`, `side` "front" or "back" (its own back, or the
    deck's shared one). The caller has checked the deck (`render.decks.preflight`)."""
    pages = list(face_pages([deck], shared_backs_once=True))
    index = next(i for i, page in enumerate(pages) if page.side == side)
    with _ONE_AT_A_TIME, tempfile.TemporaryDirectory(prefix="pnp-preview-") as scratch:
        job = FaceJob(deck, title, (index,), dpi, 0.0, font, templates, Path(scratch),
                      images or ImageSettings())
        image = next(face_images(job))
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), compress_level=3)
    return out.getvalue()
