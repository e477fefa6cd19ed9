"""The `image` box: where an image goes on a card, and how it is put into the PDF.

Placement is plain geometry (`placement`): `cover` fills the box and crops (centred or by an
anchor), `contain` letterboxes on an optional background, `stretch` fills it exactly. A box
with `bleed: true` grows into the bleed on the sides where it touches the trim, so full-art
cards and backs print to the cut edge. `clip: true` clips to the box's rounded corners.

Each image is one XObject per PDF, named by its content hash: a back on 60 cards or one
illustration on three copies is stored once and placed by reference.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pnp.errors import DataError, Problem
from pnp.render.geometry import Box, pt
from pnp.render.images import ImageInfo, effective_dpi, inspect_image, pdf_image
from pnp.render.layout import LayoutBox

FITS = ("cover", "contain", "stretch")
# Where a cropped (cover) or letterboxed (contain) image sits: share of the spare room
# left of / below it.
ANCHORS = {
    "center": (0.5, 0.5), "top": (0.5, 1.0), "bottom": (0.5, 0.0), "left": (0.0, 0.5),
    "right": (1.0, 0.5), "top-left": (0.0, 1.0), "top-right": (1.0, 1.0),
    "bottom-left": (0.0, 0.0), "bottom-right": (1.0, 0.0),
}
_EDGE = 1e-6


@dataclass(frozen=True)
class ImageUse:
    """One image as placed on one face: its file, the card, and its resolution there."""

    path: Path
    card: str
    box: str
    dpi: float


def image_path(src: str, box: LayoutBox) -> Path:
    """A `src` as a path: absolute as given, relative to the layout file's folder."""
    path = Path(src).expanduser()
    return path if path.is_absolute() else Path(box.where.file).parent / path


def image_area(box: LayoutBox, props: dict, bleed: float) -> Box:
    """The box in mm, grown by the bleed on every side that touches the trim when the box
    asks for bleed (a box in the middle of the card does not grow)."""
    x, y, w, h = box.x, box.y, box.width, box.height
    if not props.get("bleed") or bleed <= 0:
        return Box(x, y, w, h)
    trim_w, trim_h = props.get("_trim", (x + w, y + h))
    left = bleed if x <= _EDGE else 0.0
    bottom = bleed if y <= _EDGE else 0.0
    right = bleed if x + w >= trim_w - _EDGE else 0.0
    top = bleed if y + h >= trim_h - _EDGE else 0.0
    return Box(x - left, y - bottom, w + left + right, h + bottom + top)


def placement(area: Box, width_px: int, height_px: int, fit: str = "cover",
              anchor: str = "center") -> Box:
    """Where the whole image is drawn (mm) for `area`: larger than the area for cover
    (the rest is clipped), inside it for contain, the area itself for stretch."""
    if fit == "stretch" or width_px <= 0 or height_px <= 0:
        return area
    scale_x, scale_y = area.width / width_px, area.height / height_px
    scale = max(scale_x, scale_y) if fit == "cover" else min(scale_x, scale_y)
    w, h = width_px * scale, height_px * scale
    share_x, share_y = ANCHORS.get(anchor, ANCHORS["center"])
    return Box(area.x + (area.width - w) * share_x, area.y + (area.height - h) * share_y, w, h)


def _source(box: LayoutBox, props: dict) -> Path | None:
    src = str(props.get("src") or "")
    if not src or float(props.get("opacity", 1.0)) <= 0:
        return None
    return image_path(src, box)


def _placed(box: LayoutBox, props: dict, bleed: float, info: ImageInfo) -> tuple[Box, Box]:
    area = image_area(box, props, bleed)
    return area, placement(area, info.width, info.height, props.get("fit", "cover"),
                           props.get("anchor", "center"))


def art_box_dpi(layout, info: ImageInfo) -> float | None:
    """The image's resolution in the layout's `{art}` box, None when it has none."""
    for box in layout.boxes:
        if box.kind == "image" and "{art}" in str(box.props.get("src", "")):
            _, drawn = _placed(box, box.props, 0.0, info)
            return effective_dpi(info, drawn.width, drawn.height)
    return None


def image_check(box: LayoutBox, props: dict, bleed: float, label: str,
                where) -> tuple[list[Problem], ImageUse | None]:
    """Problems with the box's image (missing, unreadable...) and its use, without drawing."""
    path = _source(box, props)
    if path is None:
        return [], None
    try:
        info = inspect_image(path)
    except DataError as exc:
        named = f"{_ART_OF}{label}, {where.file}{f':{where.line}' if where.line else ''})"
        return [Problem(p.file, p.message + named) for p in exc.problems], None
    area, drawn = _placed(box, props, bleed, info)
    if _empty(area):
        return [], None
    return [], ImageUse(path, label, box.name, effective_dpi(info, drawn.width, drawn.height))


def _empty(area: Box) -> bool:
    """A box without area (0 × 0 mm) shows nothing: nothing is drawn or reported."""
    return area.width <= 0 or area.height <= 0


def once_per_file(problems: list[Problem]) -> list[Problem]:
    """Image problems said once per file: a bad back or a Ghost's art is on many cards,
    and one message per copy buries the point; the first card is named, and how many
    more share the file."""
    firsts: dict[tuple[str, str], int] = {}
    counts: dict[int, int] = {}
    kept: list[Problem] = []
    for problem in problems:
        base = problem.message.split(_ART_OF, 1)[0]
        key = (problem.file, base)
        if key in firsts and _ART_OF in problem.message:
            counts[firsts[key]] = counts.get(firsts[key], 0) + 1
            continue
        firsts[key] = len(kept)
        kept.append(problem)
    for index, more in counts.items():
        p = kept[index]
        base, named = p.message.split(_ART_OF, 1)
        card, _, where = named.partition(", ")
        kept[index] = Problem(p.file, f"{base}{_ART_OF}{card} and {more} more "
                                      f"card{'s' if more > 1 else ''}, {where}", p.line, p.path)
    return kept


_ART_OF = " (the art of "


def draw_image(c, box: LayoutBox, props: dict, ctx) -> None:
    """Draw the box's image (nothing for an empty `src` or opacity 0), clipped to the box
    for cover and `clip`, on its background for contain."""
    path = _source(box, props)
    if path is None:
        return
    info = inspect_image(path)
    area, drawn = _placed(box, props, ctx.bleed, info)
    if _empty(area):
        return
    fit = props.get("fit", "cover")
    radius = pt(float(props.get("radius", 0))) if props.get("clip") else 0.0
    c.saveState()
    if fit == "cover" or props.get("clip"):
        clip = c.beginPath()
        if radius:
            clip.roundRect(pt(area.x), pt(area.y), pt(area.width), pt(area.height), radius)
        else:
            clip.rect(pt(area.x), pt(area.y), pt(area.width), pt(area.height))
        c.clipPath(clip, stroke=0, fill=0)
    background = props.get("background")
    if fit == "contain" and background not in (None, "", "none"):
        from reportlab.lib.colors import HexColor

        c.setFillColor(HexColor(background))
        c.rect(pt(area.x), pt(area.y), pt(area.width), pt(area.height), stroke=0, fill=1)
    opacity = float(props.get("opacity", 1.0))
    if opacity < 1:
        c.setFillAlpha(opacity)
    place_image(c, info, drawn, ctx.images)
    c.restoreState()


def place_image(c, info: ImageInfo, drawn: Box, settings) -> None:
    """Paint the image into `drawn` (mm), defining its XObject on first use in this PDF."""
    doc = c._doc
    registry = c.__dict__.setdefault("_pnp_images", {})
    key = (info.digest, round(drawn.width, 3), round(drawn.height, 3))
    if key not in registry:
        image = pdf_image(info, drawn.width, drawn.height, settings)
        name = f"Img{image.key}"
        if doc.getXObjectName(name) not in doc.idToObject:
            doc.addForm(name, _xobject(doc, image))
        registry[key] = name
    name = registry[key]
    c._currentPageHasImages = 1
    c._formsinuse.append(name)
    c.saveState()
    c.transform(pt(drawn.width), 0, 0, pt(drawn.height), pt(drawn.x), pt(drawn.y))
    c._code.append(f"/{doc.getXObjectName(name)} Do")
    c.restoreState()


def _xobject(doc, image):
    """The image XObject (its soft mask and ICC profile as their own streams). `Filter` is
    set, so reportlab writes the data untouched: a passthrough JPEG stays its own bytes."""
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName

    stream = _image_stream()
    grey = image.mode == "L"
    colour_space = PDFName("DeviceGray" if grey else "DeviceRGB")
    if image.icc:
        icc = stream(PDFDictionary({"N": 1 if grey else 3, "Alternate": colour_space,
                                    "Filter": PDFName("FlateDecode")}),
                     _compressed(image.icc))
        colour_space = PDFArray([PDFName("ICCBased"), doc.Reference(icc, f"ICC{image.key}")])
    entries = {"Type": PDFName("XObject"), "Subtype": PDFName("Image"),
               "Width": image.width, "Height": image.height, "BitsPerComponent": 8,
               "ColorSpace": colour_space, "Filter": PDFName(image.filter)}
    if image.smask:
        mask = stream(PDFDictionary({
            "Type": PDFName("XObject"), "Subtype": PDFName("Image"), "Width": image.width,
            "Height": image.height, "BitsPerComponent": 8, "ColorSpace": PDFName("DeviceGray"),
            "Filter": PDFName("FlateDecode")}), image.smask)
        entries["SMask"] = doc.Reference(mask, f"Mask{image.key}")
    return stream(PDFDictionary(entries), image.data)


@lru_cache(maxsize=1)
def _image_stream():
    """reportlab's stream, letting go of its data once formatted into the file's bytes.
    A saved PDF otherwise holds each picture three times at once (its data, its formatted
    object and the joined file); see DrawnPdf (pdf.py) for what the two save. A PDF is
    saved once (reportlab refuses a second save); formatting again would raise, never
    write an empty stream."""
    from reportlab.pdfbase.pdfdoc import PDFStream

    class ImageStream(PDFStream):
        def format(self, document):
            formatted = super().format(document)
            self.content = None
            return formatted

    return ImageStream


def _compressed(data: bytes) -> bytes:
    import zlib

    return zlib.compress(data, 6)
