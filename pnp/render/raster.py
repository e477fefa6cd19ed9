"""Raster images of card faces: single-card PDF pages (`render.single`) rasterised by
pypdfium2, so a PNG, a Tabletop Simulator sheet and a printed card come from one drawing.

Every PNG written here records its resolution (the pHYs chunk), so image editors and
print tools open a 300 DPI card at its real 63 × 88 mm instead of guessing 72 DPI.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

_Z_RLE = 3  # zlib.Z_RLE


@dataclass(frozen=True)
class Grid:
    """A sheet of equal cells, filled row by row from the top left."""

    columns: int
    rows: int
    cell: tuple[int, int]

    @property
    def slots(self) -> int:
        return self.columns * self.rows

    @property
    def pixels(self) -> tuple[int, int]:
        return self.columns * self.cell[0], self.rows * self.cell[1]

    def origin(self, slot: int) -> tuple[int, int]:
        """Top-left pixel of slot `slot` (0-based, row-major)."""
        row, column = divmod(slot, self.columns)
        return column * self.cell[0], row * self.cell[1]


def rasterise(pdf: Path, pages: Iterable[int], dpi: int, size: tuple[int, int]) -> Iterator:
    """RGB Pillow images of the 0-based `pages` of `pdf` at `dpi`, cropped to exactly
    `size` pixels (the page's trim + bleed at that resolution)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        for number in pages:
            bitmap = document[number].render(scale=dpi / 72, rev_byteorder=True)
            yield _top_left(bitmap, size)
    finally:
        document.close()


def _top_left(bitmap, size: tuple[int, int]):
    """The bitmap's top-left `size` pixels as an RGB image. An RGB bitmap at least that
    large is read straight from pdfium's buffer, row by row with its stride: the same
    pixels as converting it whole and cropping, without the full-size copy."""
    from PIL import Image

    width, height = size
    if bitmap.mode == "RGB" and width <= bitmap.width and height <= bitmap.height:
        return Image.frombuffer("RGB", size, bitmap.buffer, "raw", "RGB", bitmap.stride, 1)
    image = bitmap.to_pil()
    image = image if image.mode == "RGB" else image.convert("RGB")
    return image.crop((0, 0, *size)) if image.size != size else image


def round_cut(image):
    """A round token's image, transparent outside its circle (the circle of trim +
    bleed that fills the image), so it does not show white corners where it is placed.
    The edge is drawn at 4 × size and scaled down: smooth, and the same every time."""
    from PIL import Image, ImageDraw

    width, height = image.size
    mask = Image.new("L", (width * 4, height * 4), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, width * 4 - 1, height * 4 - 1), fill=255)
    cut = image.convert("RGBA")
    cut.putalpha(mask.resize((width, height), Image.Resampling.LANCZOS))
    return cut


def write_png(image, path: Path, dpi: int) -> None:
    """The PNG itself, pHYs saying `dpi`. Deflate's run-length strategy compresses flat
    card art as tightly as the default and twice as fast."""
    image.save(path, format="PNG", dpi=(dpi, dpi), compress_level=6, compress_type=_Z_RLE)


def compose(grid: Grid, cells: Iterable[tuple[int, object]], background=(255, 255, 255)):
    """One sheet image: each (slot, image) pasted into its cell; empty cells stay plain."""
    from PIL import Image

    sheet = Image.new("RGB", grid.pixels, background)
    for slot, image in cells:
        sheet.paste(image, grid.origin(slot))
    return sheet
