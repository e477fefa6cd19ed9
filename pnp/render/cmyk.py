"""Device CMYK for print shops: every colour and every image of a finished PDF converted
through a real ICC output profile (LittleCMS, through Pillow's ImageCms).

The conversion is a pass over the PDF the card renderer wrote, not a second renderer: what
the shop gets is the very drawing of the home-print sheets and PNGs, with each `rg`/`g`
colour operator turned into `k` and each RGB or grey image turned into a DeviceCMYK one.
Greys become black ink only (K), the way prepress keeps text and hairlines on one plate.
Anything the pass does not know how to convert is left as it is, for the PDF/X check
(`pdfx.check_pdfx`) to report by card and page.
"""

from __future__ import annotations

import io
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pnp.content.jsonfile import read_bytes
from pnp.errors import DataError, UsageError

SHIPPED_PROFILE = Path(__file__).resolve().parent.parent / "icc" / "swop-tr003-240.icc"
SHIPPED_CONDITION = "CGATS TR 003"
REGISTRY = "http://www.color.org"
MAX_PROFILE_BYTES = 20 * 1024 * 1024


@dataclass(frozen=True)
class OutputProfile:
    """A CMYK output profile and the print condition it stands for in the OutputIntent."""

    path: Path
    data: bytes
    description: str
    condition: str


def output_profile(path: Path | None = None) -> OutputProfile:
    """The shipped profile, or the user's `--icc` file checked to be a CMYK output
    profile (a UsageError naming the file otherwise)."""
    from PIL import ImageCms

    chosen = SHIPPED_PROFILE if path is None else path
    try:
        data = read_bytes(chosen, MAX_PROFILE_BYTES)
    except DataError as exc:  # a folder, a FIFO, too large: said as it is, never read
        raise UsageError(f"--icc {exc.problems[0]}") from None
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
    except (OSError, ImageCms.PyCMSError) as exc:
        raise UsageError(f"--icc {chosen}: not a readable ICC profile ({exc})") from None
    core = profile.profile
    if core.xcolor_space.strip() != "CMYK" or core.device_class.strip() != "prtr":
        raise UsageError(f"--icc {chosen}: a CMYK output (printer) profile is needed, not "
                         f"a {core.xcolor_space.strip()} {core.device_class.strip()} one")
    try:
        # A profile cut short still opens (LittleCMS reads its tags lazily) and failed
        # only mid-export, as a traceback: build the transform now to know it works.
        _transform(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")), profile)
    except (OSError, ImageCms.PyCMSError) as exc:
        raise UsageError(f"--icc {chosen}: not a usable ICC profile ({exc}): damaged or "
                         "cut short?") from None
    description = (core.profile_description or chosen.stem).strip()
    condition = SHIPPED_CONDITION if path is None else description
    return OutputProfile(chosen, data, description, condition)


class Converter:
    """RGB and grey to the profile's CMYK: relative colorimetric with black point
    compensation (prepress's usual choice for flat colours and photos alike)."""

    def __init__(self, profile: OutputProfile):
        from PIL import ImageCms

        self.profile = profile
        target = ImageCms.ImageCmsProfile(io.BytesIO(profile.data))
        self._srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
        self._target = target
        self._rgb = _transform(self._srgb, target)
        self.colour = lru_cache(maxsize=4096)(self._colour)

    def _colour(self, rgb: tuple[float, float, float]) -> tuple[float, ...]:
        """One RGB colour (0-1 each) as CMYK (0-1 each, 3 decimals)."""
        from PIL import Image, ImageCms

        pixel = tuple(max(0, min(255, round(v * 255))) for v in rgb)
        cmyk = ImageCms.applyTransform(Image.new("RGB", (1, 1), pixel), self._rgb)
        return tuple(round(v / 255, 3) for v in cmyk.getpixel((0, 0)))

    def image(self, image, icc: bytes | None = None):
        """A CMYK copy of an RGB or grey Pillow image (its own profile if it has one)."""
        from PIL import ImageCms

        if image.mode == "CMYK":
            return image
        if image.mode in ("1", "L"):
            return _grey_to_k(image.convert("L"))
        transform = None
        if icc:
            try:
                transform = _transform(ImageCms.ImageCmsProfile(io.BytesIO(icc)), self._target)
            except (OSError, ImageCms.PyCMSError):
                # An art file's own profile that is unreadable, or cut short (it opens
                # but no transform can be built), counts as absent: the pixels are sRGB.
                transform = None
        if transform is None:
            transform = self._rgb
        return ImageCms.applyTransform(image.convert("RGB"), transform)


def _transform(source, target):
    """RGB through `source` to CMYK through `target` (PyCMSError if either is unusable)."""
    from PIL import ImageCms

    return ImageCms.buildTransform(
        source, target, "RGB", "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


def grey_to_cmyk(value: float) -> tuple[float, ...]:
    """A grey level (1 = white) as black ink only."""
    return (0.0, 0.0, 0.0, round(1.0 - float(value), 3))


def _grey_to_k(image):
    from PIL import Image, ImageOps

    zero = Image.new("L", image.size, 0)
    return Image.merge("CMYK", (zero, zero, zero, ImageOps.invert(image)))


_FILL = {b"rg": b"k", b"g": b"k"}
_STROKE = {b"RG": b"K", b"G": b"K"}


def convert_pdf(source: Path, converter: Converter):
    """A pypdf writer holding `source` with every page's (and form's) colours and images
    in DeviceCMYK."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(str(source)))
    done: set[int] = set()
    for page in writer.pages:
        _convert_resources(writer, page.get("/Resources"), converter, done)
        page.replace_contents(_converted_stream(page.get_contents(), writer, converter))
    return writer


def _converted_stream(contents, writer, converter: Converter):
    from pypdf.generic import ContentStream

    stream = ContentStream(contents, writer)
    stream.operations = [_converted_op(operands, op, converter)
                         for operands, op in stream.operations]
    return stream


def _converted_op(operands, op: bytes, converter: Converter):
    """One content-stream operation with its colour in CMYK."""
    from pypdf.generic import FloatObject, NameObject

    if op in _FILL or op in _STROKE:
        values = [float(v) for v in operands]
        cmyk = converter.colour(tuple(values)) if len(values) == 3 else grey_to_cmyk(values[0])
        return [FloatObject(v) for v in cmyk], _FILL.get(op) or _STROKE[op]
    if op in (b"cs", b"CS") and operands and operands[0] in ("/DeviceRGB", "/DeviceGray"):
        return [NameObject("/DeviceCMYK")], op
    if op in (b"sc", b"scn", b"SC", b"SCN") and len(operands) in (1, 3) and all(
            isinstance(v, (int, float)) for v in operands):
        values = [float(v) for v in operands]
        cmyk = converter.colour(tuple(values)) if len(values) == 3 else grey_to_cmyk(values[0])
        return [FloatObject(v) for v in cmyk], op
    return operands, op


def _convert_resources(writer, resources, converter: Converter, done: set[int]) -> None:
    """Convert every image and form XObject the resources name (each object once)."""
    if resources is None:
        return
    xobjects = resources.get_object().get("/XObject")
    if xobjects is None:
        return
    for name in list(xobjects.get_object()):
        ref = xobjects.get_object().raw_get(name)
        key = getattr(ref, "idnum", None)
        if key is None or key in done:
            continue
        done.add(key)
        xobject = ref.get_object()
        if xobject.get("/Subtype") == "/Image":
            _replace(writer, ref, _cmyk_image(xobject, converter))
        elif xobject.get("/Subtype") == "/Form":
            _convert_resources(writer, xobject.get("/Resources"), converter, done)
            _replace(writer, ref, _converted_form(xobject, writer, converter))


def _converted_form(form, writer, converter: Converter):
    from pypdf.generic import NameObject

    stream = _converted_stream(form, writer, converter)
    for key, value in form.items():
        if key not in ("/Length", "/Filter", "/DecodeParms"):
            stream[NameObject(key)] = value
    return stream.flate_encode()


def _replace(writer, ref, new_object) -> None:
    """Put `new_object` in place of the indirect object `ref` in the writer."""
    if new_object is None:
        return
    new_object.indirect_reference = ref
    writer._objects[ref.idnum - 1] = new_object


def _cmyk_image(xobject, converter: Converter):
    """A DeviceCMYK, Flate-compressed copy of an RGB or grey image XObject, or None to
    leave it (already CMYK, or a kind the check will report)."""
    from pypdf.generic import DecodedStreamObject, NameObject, NumberObject

    decoded = decode_image(xobject)
    if decoded is None or decoded[0].mode == "CMYK":
        return None
    image, icc = decoded
    cmyk = converter.image(image, icc)
    stream = DecodedStreamObject()
    for key, value in xobject.items():
        if key not in ("/Length", "/Filter", "/DecodeParms", "/ColorSpace", "/Decode"):
            stream[NameObject(key)] = value
    stream[NameObject("/ColorSpace")] = NameObject("/DeviceCMYK")
    stream[NameObject("/BitsPerComponent")] = NumberObject(8)
    stream.set_data(cmyk.tobytes())
    return stream.flate_encode()


def decode_image(xobject):
    """(Pillow image, ICC profile bytes or None) of an 8-bit image XObject in DeviceGray,
    DeviceRGB, DeviceCMYK or ICCBased space, Flate or DCT encoded; None for other kinds."""
    from PIL import Image

    if xobject.get("/BitsPerComponent") != 8:
        return None
    space, icc = _image_space(xobject.get("/ColorSpace"))
    mode = {"/DeviceGray": "L", "/DeviceRGB": "RGB", "/DeviceCMYK": "CMYK"}.get(space)
    if mode is None:
        return None
    filters = xobject.get("/Filter")
    filters = [filters] if isinstance(filters, str) else list(filters or [])
    size = (int(xobject["/Width"]), int(xobject["/Height"]))
    if filters and filters[-1] == "/DCTDecode":
        image = Image.open(io.BytesIO(xobject._data))
        image = _adobe_cmyk(image) if image.mode == "CMYK" else image.convert(mode)
        return image, icc
    data = xobject.get_data()
    return Image.frombytes(mode, size, data), icc


def _adobe_cmyk(image):
    """Photoshop writes CMYK JPEGs inverted; Pillow reads them as stored."""
    from PIL import ImageChops

    return ImageChops.invert(image) if image.info.get("adobe") else image


def _image_space(space) -> tuple[str | None, bytes | None]:
    """(device space name, ICC bytes) for an image's colour space."""
    if space is None:
        return None, None
    space = space.get_object()
    if isinstance(space, str):
        return str(space), None
    if len(space) == 2 and space[0] == "/ICCBased":
        stream = space[1].get_object()
        components = int(stream.get("/N", 3))
        name = {1: "/DeviceGray", 3: "/DeviceRGB", 4: "/DeviceCMYK"}.get(components)
        return name, stream.get_data()
    return None, None


def compressed(data: bytes) -> bytes:
    return zlib.compress(data, 9)
