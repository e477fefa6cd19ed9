"""The baseline for `make bench`: the least reportlab code that prints the same 412 words
on the same 3 × 3 A4 duplex grid with the same embedded font (invariant, compressed).

Usage: python bench/minimal_words.py WORDS.json OUT.pdf
"""

import json
import sys

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

MM = 72 / 25.4
FONT_FILE = sys.argv[3] if len(sys.argv) > 3 else "pnp/fonts/VeraBd.ttf"


def main(words_path: str, out_path: str) -> None:
    with open(words_path, encoding="utf-8") as handle:
        cards = json.load(handle)["cards"]
    pdfmetrics.registerFont(TTFont("VeraBd", FONT_FILE))
    c = Canvas(out_path, pagesize=(210 * MM, 297 * MM), invariant=1, pageCompression=1,
               initialFontName="VeraBd")
    slots = [(10.5 + col * 63, 192.5 - row * 88) for row in range(3) for col in range(3)]
    for start in range(0, len(cards), 9):
        chunk = cards[start:start + 9]
        for side, mirror in (("front", False), ("back", True)):
            c.setFont("VeraBd", 24)
            for card, (x, y) in zip(chunk, slots, strict=False):
                cx = (210 - x - 31.5) if mirror else x + 31.5
                c.drawCentredString(cx * MM, (y + 44) * MM, card.get(side, ""))
            c.showPage()
    c.save()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
