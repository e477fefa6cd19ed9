"""A QR code as vector squares in a PDF (segno computes the modules; reportlab draws them):
sharp at any print resolution, no image, the same bytes on every build."""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Rect
from reportlab.lib.colors import black


def qr_drawing(text: str, size: float, quiet: int = 2) -> Drawing:
    """A `size` x `size` point drawing of `text` as a QR code (error correction M) with a
    `quiet`-module margin. Runs of dark modules in a row are one rectangle each."""
    import segno

    matrix = [list(row) for row in segno.make(text, error="m", micro=False).matrix]
    count = len(matrix) + 2 * quiet
    unit = size / count
    drawing = Drawing(size, size)
    for r, row in enumerate(matrix):
        y = size - (r + quiet + 1) * unit
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            drawing.add(Rect((start + quiet) * unit, y, (c - start) * unit, unit,
                             fillColor=black, strokeColor=None, strokeWidth=0))
    return drawing
