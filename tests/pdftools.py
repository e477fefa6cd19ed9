"""Inspect generated PDFs in tests with pure-Python packages (pypdf, pdfplumber, pypdfium2)."""

from __future__ import annotations

from pathlib import Path

import pypdf

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
MM = 72 / 25.4


def page_sizes(path: Path) -> list[tuple[float, float]]:
    reader = pypdf.PdfReader(str(path))
    return [(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
            for p in reader.pages]


def fonts(path: Path) -> dict[str, bool]:
    """Every font used in the file -> whether its program is embedded."""
    reader = pypdf.PdfReader(str(path))
    found: dict[str, bool] = {}

    def visit(resources):
        if not resources:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            found[str(font["/BaseFont"])] = _embedded(font)
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                visit(xobject.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return found


def _embedded(font) -> bool:
    descendants = font.get("/DescendantFonts")
    if descendants:
        font = descendants[0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def text(path: Path) -> str:
    reader = pypdf.PdfReader(str(path))
    return "\n".join(page.extract_text() or "" for page in reader.pages)


def catalog(path: Path):
    return pypdf.PdfReader(str(path)).trailer["/Root"]


def image_count(path: Path) -> int:
    """Raster images anywhere in the file (vector output has none)."""
    reader = pypdf.PdfReader(str(path))
    count = 0
    for page in reader.pages:
        xobjects = (page.get("/Resources") or {}).get("/XObject") or {}
        count += sum(1 for x in xobjects.values() if x.get_object().get("/Subtype") == "/Image")
    return count


def image_xobjects(path: Path) -> list:
    """Every distinct image XObject in the file (pages, forms and soft masks alike)."""
    reader = pypdf.PdfReader(str(path))
    found = {}
    for number in range(1, int(reader.trailer["/Size"])):
        try:
            obj = reader.get_object(number)
        except Exception:  # noqa: BLE001 - free or missing object numbers
            continue
        if hasattr(obj, "get") and obj.get("/Subtype") == "/Image":
            found[number] = obj
    return list(found.values())


def placed_images(path: Path, page: int = 0) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) in mm from the page's bottom-left of every image drawn on the
    page, as placed (before any clipping)."""
    import pdfplumber

    with pdfplumber.open(str(path)) as pdf:
        p = pdf.pages[page]
        return [(round(i["x0"] / MM, 3), round((p.height - i["bottom"]) / MM, 3),
                 round((i["x1"] - i["x0"]) / MM, 3), round((i["bottom"] - i["top"]) / MM, 3))
                for i in p.images]


def text_edge_distance(path: Path) -> float:
    """The least distance (mm) from any character's full font box (ascent to descent, as
    a viewer selects it) to the edge of its page."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(path))
    least = float("inf")
    try:
        for page in document:
            width, height = page.get_size()
            chars = page.get_textpage()
            for k in range(chars.count_chars()):
                left, bottom, right, top = chars.get_charbox(k, loose=True)
                if right > left:
                    least = min(least, left, width - right, bottom, height - top)
    finally:
        document.close()
    return least / (72 / 25.4)
