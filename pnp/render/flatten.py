"""Flatten transparent art for print shops that take no transparency (PDF/X-1a).

A PNG with an alpha channel, or art drawn at an opacity below 1, is placed as an image
with a soft mask (or under a constant alpha): what shows through it is whatever the card
drew beneath — its background, a band, another picture. Flattening does what a print
shop's own flattener would: for each such placement it renders the page as it stands
just before the image is painted (pdfium, everything drawn earlier and nothing later, so
the text above the art stays vector), at the image's own resolution over the image's
rectangle, composites the image onto that backdrop with its alpha, and paints the
opaque result in its place, clipped as the image was. Constant alphas that painted only
flattened images are set back to 1. The pages are otherwise untouched; anything else
transparent (a vector fill with alpha, a masked form) is left for the PDF/X check to
report by card and page.

Works on the one-face-per-page PDFs of `single.render_single_cards`, drawn without
shared forms, so every image is painted from its page's own content.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import DataError, Problem

_PAINT = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"S", b"s", b"sh", b"Tj", b"TJ",
          b"'", b'"', b"EI"}
_OPAQUE = "/PnpOpaque"


@dataclass(frozen=True)
class _Placement:
    """An image painted with transparency: where in the content, its XObject name, the
    CTM (a, b, c, d, e, f) it is painted with and the constant alpha then in force."""

    index: int
    name: str
    ctm: tuple[float, ...]
    alpha: float


def has_transparency(path: Path) -> bool:
    """Whether any page paints an image with a soft mask or sets an alpha below 1."""
    from pypdf import PdfReader

    for page in PdfReader(str(path)).pages:
        resources = page.get("/Resources")
        if resources is None:
            continue
        resources = resources.get_object()
        for ref in (resources.get("/XObject") or {}).values():
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Image" and _masked(xobject):
                return True
        for gs in (resources.get("/ExtGState") or {}).values():
            if _alpha(gs.get_object()) < 1:
                return True
    return False


def flatten_pdf(source: Path, target: Path) -> int:
    """Write `source` to `target` with every transparent image placement flattened onto
    what the page drew beneath it; the number of placements flattened."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ContentStream

    writer = PdfWriter(clone_from=PdfReader(str(source)))
    found = []
    for page in writer.pages:
        resources = page["/Resources"].get_object()
        stream = ContentStream(page.get_contents(), writer)
        found.append((stream, *_placements(stream.operations, resources)))
    done = 0
    for number, (page, (stream, placements, _)) in enumerate(zip(writer.pages, found,
                                                                  strict=True), start=1):
        if placements:
            _flatten_page(writer, page, stream, placements, number, source)
            done += len(placements)
    if done and not any(other for _, _, other in found):
        for page in writer.pages:  # every alpha painted flattened images only
            _states_opaque(page["/Resources"].get_object())
    with open(target, "wb") as handle:
        writer.write(handle)
    return done


def _flatten_page(writer, page, stream, placements: list[_Placement], number: int,
                  source: Path) -> None:
    resources = page["/Resources"].get_object()
    operations = list(stream.operations)
    for flat, placement in enumerate(reversed(placements)):
        image = _flattened(writer, page, operations[:placement.index], placement, resources,
                           number, source)
        name = f"/PnpFlat{number}x{len(placements) - flat}"
        _add_xobject(writer, resources, name, image)
        operations[placement.index:placement.index + 1] = _opaque_do(name)
    _add_opaque_state(resources)
    _keep_used(resources, operations)
    stream.operations = operations
    page.replace_contents(stream)


def _keep_used(resources, operations) -> None:
    """The page's XObjects cut down to those its content still paints: the transparent
    originals go (a preflight may flag a soft mask even unused); a fresh dictionary, as
    pages may share theirs."""
    from pypdf.generic import DictionaryObject, NameObject

    used = {str(operands[0]) for operands, op in operations if op == b"Do"}
    xobjects = resources["/XObject"].get_object()
    resources[NameObject("/XObject")] = DictionaryObject(
        {NameObject(name): xobjects.raw_get(name) for name in xobjects if name in used})


def _placements(operations, resources) -> tuple[list[_Placement], bool]:
    """Every transparent image placement, and whether anything else painted under an
    alpha below 1 (which flattening leaves alone)."""
    xobjects = (resources.get("/XObject") or {})
    states = (resources.get("/ExtGState") or {})
    ctm, alpha = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), 1.0
    stack: list[tuple[tuple[float, ...], float]] = []
    found, other = [], False
    for index, (operands, op) in enumerate(operations):
        if op == b"q":
            stack.append((ctm, alpha))
        elif op == b"Q" and stack:
            ctm, alpha = stack.pop()
        elif op == b"cm":
            ctm = _multiply(tuple(float(v) for v in operands), ctm)
        elif op == b"gs" and operands[0] in states:
            alpha = min(1.0, _alpha(states[operands[0]].get_object(), alpha))
        elif op == b"Do":
            xobject = xobjects[operands[0]].get_object() if operands[0] in xobjects else None
            image = xobject is not None and xobject.get("/Subtype") == "/Image"
            if image and (_masked(xobject) or alpha < 1):
                found.append(_Placement(index, str(operands[0]), ctm, alpha))
            elif alpha < 1:
                other = True
        elif op in _PAINT and alpha < 1:
            other = True
    return found, other


def _flattened(writer, page, before, placement: _Placement, resources, number: int,
               source: Path):
    """The image composited onto the page as drawn before it, as an opaque RGB image."""
    from PIL import Image

    from pnp.render.cmyk import decode_image

    a, b, c, d, e, f = placement.ctm
    if abs(b) > 1e-6 or abs(c) > 1e-6 or a <= 0 or d <= 0:
        raise DataError([Problem(str(source), f"page {number}: a transparent image is "
                                 "turned or mirrored; it cannot be flattened here")])
    xobject = resources["/XObject"][placement.name].get_object()
    decoded = decode_image(xobject)
    if decoded is None:
        raise DataError([Problem(str(source), f"page {number}: a transparent image in a "
                                 "colour space that cannot be flattened")])
    picture = _srgb(*decoded)
    width, height = picture.size
    backdrop = _backdrop(writer, page, before, (a, d, e, f), (width, height))
    mask = _mask(xobject, picture.size)
    if placement.alpha < 1:
        mask = mask.point(lambda v: round(v * placement.alpha))
    return Image.composite(picture, backdrop, mask)


def _backdrop(writer, page, before, rect: tuple[float, ...], size: tuple[int, int]):
    """The page drawn up to the image, over the image's rectangle, at its pixel size."""
    import pypdfium2
    from PIL import Image
    from pypdf import PdfWriter
    from pypdf.generic import ContentStream

    scratch = PdfWriter()
    copy = scratch.add_page(page)
    prefix = ContentStream(None, scratch)
    prefix.operations = list(before)
    copy.replace_contents(prefix)
    data = io.BytesIO()
    scratch.write(data)
    a, d, e, f = rect
    width, height = size
    scale = max(width / a, height / d)
    document = pypdfium2.PdfDocument(data.getvalue())
    try:
        rendered = document[0].render(scale=scale).to_pil().convert("RGB")
        box = page.mediabox
        left, top = float(box.left), float(box.top)
        x0, y0 = (e - left) * scale, (top - (f + d)) * scale
        x1, y1 = (e + a - left) * scale, (top - f) * scale
        # A covering image runs past the page (clipped there): white beyond its edges.
        pad_x, pad_y = max(0, -int(x0 // 1)), max(0, -int(y0 // 1))
        canvas = Image.new("RGB", (max(rendered.width, int(x1) + 1) + pad_x,
                                   max(rendered.height, int(y1) + 1) + pad_y), "white")
        canvas.paste(rendered, (pad_x, pad_y))
        return canvas.resize((width, height), Image.Resampling.LANCZOS,
                             box=(x0 + pad_x, y0 + pad_y, x1 + pad_x, y1 + pad_y))
    finally:
        document.close()


def _mask(xobject, size: tuple[int, int]):
    """The image's soft mask as an 8-bit grey image of its size (opaque when none)."""
    from PIL import Image

    smask = xobject.get("/SMask")
    if smask is None or smask == "/None":
        return Image.new("L", size, 255)
    smask = smask.get_object()
    mask = Image.frombytes("L", (int(smask["/Width"]), int(smask["/Height"])),
                           smask.get_data())
    return mask if mask.size == size else mask.resize(size, Image.Resampling.LANCZOS)


def _srgb(image, icc: bytes | None):
    """The picture in sRGB (its own ICC profile converted when it has one)."""
    from PIL import ImageCms

    if icc and image.mode in ("RGB", "L"):
        try:
            source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
            srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
            return ImageCms.profileToProfile(image.convert("RGB"), source, srgb,
                                             outputMode="RGB")
        except (OSError, ImageCms.PyCMSError):
            pass
    return image.convert("RGB")


def _add_xobject(writer, resources, name: str, image) -> None:
    from pypdf.generic import DecodedStreamObject, NameObject, NumberObject

    stream = DecodedStreamObject()
    stream.update({NameObject("/Type"): NameObject("/XObject"),
                   NameObject("/Subtype"): NameObject("/Image"),
                   NameObject("/Width"): NumberObject(image.width),
                   NameObject("/Height"): NumberObject(image.height),
                   NameObject("/ColorSpace"): NameObject("/DeviceRGB"),
                   NameObject("/BitsPerComponent"): NumberObject(8)})
    stream.set_data(image.tobytes())
    resources["/XObject"][NameObject(name)] = writer._add_object(stream.flate_encode())


def _opaque_do(name: str) -> list:
    """Paint the flattened image at full opacity, whatever alpha is in force."""
    from pypdf.generic import NameObject

    return [([], b"q"), ([NameObject(_OPAQUE)], b"gs"), ([NameObject(name)], b"Do"),
            ([], b"Q")]


def _add_opaque_state(resources) -> None:
    from pypdf.generic import DictionaryObject, FloatObject, NameObject

    if "/ExtGState" not in resources:
        resources[NameObject("/ExtGState")] = DictionaryObject()
    states = resources["/ExtGState"].get_object()
    states[NameObject(_OPAQUE)] = DictionaryObject({
        NameObject("/Type"): NameObject("/ExtGState"),
        NameObject("/ca"): FloatObject(1), NameObject("/CA"): FloatObject(1)})


def _states_opaque(resources) -> None:
    """Alphas that painted nothing but the flattened images: set back to 1."""
    from pypdf.generic import FloatObject, NameObject

    for gs in (resources.get("/ExtGState") or {}).values():
        gs = gs.get_object()
        for key in ("/ca", "/CA"):
            if key in gs:
                gs[NameObject(key)] = FloatObject(1)


def _masked(xobject) -> bool:
    return "/SMask" in xobject and xobject["/SMask"] != "/None"


def _alpha(gs, current: float = 1.0) -> float:
    """The fill alpha a graphics state sets (`current` when it sets none)."""
    return float(gs["/ca"]) if "/ca" in gs else current


def _multiply(m: tuple[float, ...], n: tuple[float, ...]) -> tuple[float, ...]:
    """The matrix m × n (PDF's row-vector order: m applied first, then n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)
