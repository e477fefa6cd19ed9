"""PDF/X-1a:2003: marking a CMYK PDF as one, and checking a written file against the rules
a print shop's preflight applies, page by page.

The check reads the file as written (pypdf), never the intentions of the code that wrote
it: the output intent and its CMYK profile, the info keys, every page's trim and bleed
boxes, every font embedded, only CMYK or grey colour (no RGB, no ICC-based or Lab space),
no transparency (soft masks, constant alpha, blend modes, transparency groups), and the
total ink coverage: the largest C + M + Y + K any painted object or image pixel asks for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pnp.render.cmyk import REGISTRY, OutputProfile, decode_image

VERSION = "PDF/X-1a:2003"
PDF_HEADER = b"%PDF-1.4"
POINT_MM = 25.4 / 72
_PAINT = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
_STROKE_PAINT = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
_TEXT = {b"Tj", b"TJ", b"'", b'"'}
_ALLOWED_SPACES = {"/DeviceCMYK", "/DeviceGray"}


def stamp_pdfx(writer, profile: OutputProfile, title: str) -> None:
    """Make the writer's document claim PDF/X-1a:2003 with `profile` as its output
    intent: the catalog's OutputIntents, the info keys, and a PDF 1.4 header."""
    from pypdf.generic import (
        ArrayObject,
        DecodedStreamObject,
        DictionaryObject,
        NameObject,
        NumberObject,
        TextStringObject,
    )

    icc = DecodedStreamObject()
    icc[NameObject("/N")] = NumberObject(4)
    icc.set_data(profile.data)
    intent = DictionaryObject({
        NameObject("/Type"): NameObject("/OutputIntent"),
        NameObject("/S"): NameObject("/GTS_PDFX"),
        NameObject("/OutputConditionIdentifier"): TextStringObject(profile.condition),
        NameObject("/OutputCondition"): TextStringObject(profile.description),
        NameObject("/RegistryName"): TextStringObject(REGISTRY),
        NameObject("/Info"): TextStringObject(profile.description),
        NameObject("/DestOutputProfile"): writer._add_object(icc.flate_encode()),
    })
    writer._root_object[NameObject("/OutputIntents")] = ArrayObject([intent])
    writer.add_metadata({"/Title": title, "/GTS_PDFXVersion": VERSION,
                         "/CreationDate": "D:20000101000000+00'00'",
                         "/ModDate": "D:20000101000000+00'00'"})
    writer._info.get_object()[NameObject("/Trapped")] = NameObject("/False")
    writer.pdf_header = PDF_HEADER


@dataclass
class PageReport:
    """What the check found on one page: its largest ink total (percent) and problems."""

    ink: float = 0.0
    problems: list[str] = field(default_factory=list)


def check_pdfx(path, ink_limit: float, bleed_mm: float) -> tuple[list[str], list[PageReport]]:
    """(document problems, one report per page) for the PDF at `path` against PDF/X-1a
    and the shop's ink limit (percent) and bleed (mm on every side of the TrimBox)."""
    from pypdf import PdfReader

    reader = PdfReader(str(path))
    document = _document_problems(reader)
    pages = []
    for page in reader.pages:
        report = PageReport()
        report.problems += _box_problems(page, bleed_mm)
        _walk(page.get_contents(), page.get("/Resources"), reader, report, _State(), set())
        if report.ink > ink_limit + 0.5:
            report.problems.append(f"total ink coverage {report.ink:.0f} % is above the "
                                   f"shop's {ink_limit:g} % limit")
        pages.append(report)
    return document, pages


def _document_problems(reader) -> list[str]:
    problems = []
    if reader.pdf_header > "%PDF-1.4":
        problems.append(f"the file is {reader.pdf_header[1:]}; {VERSION} needs PDF 1.4 or "
                        "older")
    if reader.is_encrypted:
        problems.append("the file is encrypted")
    info = reader.trailer.get("/Info")
    info = info.get_object() if info is not None else {}
    if info.get("/GTS_PDFXVersion") != VERSION:
        problems.append(f"the info dictionary does not say GTS_PDFXVersion {VERSION}")
    if info.get("/Trapped") not in ("/True", "/False"):
        problems.append("the info dictionary must say Trapped True or False")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if key not in info:
            problems.append(f"the info dictionary lacks {key[1:]}")
    if "/ID" not in reader.trailer:
        problems.append("the trailer has no file ID")
    problems += _intent_problems(reader.trailer["/Root"].get_object())
    return problems


def _intent_problems(root) -> list[str]:
    intents = [i.get_object() for i in root.get("/OutputIntents", [])]
    pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX"]
    if len(pdfx) != 1:
        return ["the catalog needs exactly one GTS_PDFX output intent"]
    intent = pdfx[0]
    if not intent.get("/OutputConditionIdentifier"):
        return ["the output intent has no OutputConditionIdentifier"]
    profile = intent.get("/DestOutputProfile")
    if profile is None:
        return ["the output intent embeds no output profile"]
    if int(profile.get_object().get("/N", 0)) != 4:
        return ["the output intent's profile is not a CMYK (4-component) profile"]
    return []


def _box_problems(page, bleed_mm: float) -> list[str]:
    """A TrimBox, a BleedBox `bleed_mm` outside it on every side, the MediaBox no smaller."""
    if "/TrimBox" not in page:
        return ["the page has no TrimBox"]
    trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
    problems = []
    margins = (float(trim.left - bleed.left), float(trim.bottom - bleed.bottom),
               float(bleed.right - trim.right), float(bleed.top - trim.top))
    if any(abs(m * POINT_MM - bleed_mm) > 0.05 for m in margins):
        shown = ", ".join(f"{m * POINT_MM:.2f}" for m in margins)
        problems.append(f"the bleed is {shown} mm (left, bottom, right, top), not "
                        f"{bleed_mm:g} mm on every side")
    if (bleed.left < media.left or bleed.bottom < media.bottom or bleed.right > media.right
            or bleed.top > media.top):
        problems.append("the BleedBox reaches outside the MediaBox")
    return problems


@dataclass
class _State:
    """The colour part of the graphics state the check follows."""

    fill: tuple[float, ...] = (0.0, 0.0, 0.0, 1.0)
    stroke: tuple[float, ...] = (0.0, 0.0, 0.0, 1.0)
    fill_space: str = "/DeviceGray"
    stroke_space: str = "/DeviceGray"

    def copy(self) -> _State:
        return _State(self.fill, self.stroke, self.fill_space, self.stroke_space)


def _walk(contents, resources, reader, report: PageReport, state: _State,
          seen: set[int]) -> None:
    """Follow a content stream: colours set, objects painted (ink), forms entered."""
    from pypdf.generic import ContentStream

    if contents is None:
        return
    resources = resources.get_object() if resources is not None else {}
    _resource_problems(resources, report)
    stack: list[_State] = []
    for operands, op in ContentStream(contents, reader).operations:
        handler = _HANDLERS.get(op)
        if handler is not None:
            handler(operands, state, report)
        elif op == b"q":
            stack.append(state.copy())
        elif op == b"Q" and stack:
            state = stack.pop()
        elif op in _PAINT or op in _STROKE_PAINT or op in _TEXT:
            _painted(op, state, report)
        elif op == b"Do":
            _do(operands[0], resources, reader, report, state, seen)
        elif op == b"sh":
            report.problems.append("a smooth shading is painted; only plain CMYK fills are "
                                   "checked")
        elif op == b"INLINE IMAGE":
            report.problems.append("an inline image cannot be checked; use an image XObject")


def _colour(kind: str) -> Callable:
    """A handler setting the fill or stroke colour from an operator's operands."""
    def handle(operands, state: _State, report: PageReport) -> None:
        values = tuple(float(v) for v in operands if isinstance(v, (int, float)))
        space = {1: "/DeviceGray", 3: "/DeviceRGB", 4: "/DeviceCMYK"}.get(len(values), "?")
        if kind in ("k", "g", "rg"):
            space = {"k": "/DeviceCMYK", "g": "/DeviceGray", "rg": "/DeviceRGB"}[kind]
            _set(state, "fill", values, space, report)
        elif kind in ("K", "G", "RG"):
            space = {"K": "/DeviceCMYK", "G": "/DeviceGray", "RG": "/DeviceRGB"}[kind]
            _set(state, "stroke", values, space, report)
        elif kind in ("sc", "scn"):
            _set(state, "fill", values, state.fill_space, report)
        elif kind in ("SC", "SCN"):
            _set(state, "stroke", values, state.stroke_space, report)
        elif kind == "cs":
            state.fill_space = str(operands[0])
            _space_problem(state.fill_space, report)
        elif kind == "CS":
            state.stroke_space = str(operands[0])
            _space_problem(state.stroke_space, report)
    return handle


def _set(state: _State, which: str, values, space: str, report: PageReport) -> None:
    _space_problem(space, report)
    cmyk = values if len(values) == 4 else (0.0, 0.0, 0.0, 1.0 - values[0]) if values else ()
    setattr(state, which, cmyk)


def _space_problem(space: str, report: PageReport) -> None:
    if space not in _ALLOWED_SPACES:
        message = f"colour in {space.lstrip('/')}: {VERSION} allows CMYK and grey only"
        if message not in report.problems:
            report.problems.append(message)


_HANDLERS = {op.encode(): _colour(op) for op in
             ("k", "K", "g", "G", "rg", "RG", "sc", "scn", "SC", "SCN", "cs", "CS")}


def _painted(op: bytes, state: _State, report: PageReport) -> None:
    colours = []
    if op in _PAINT or op in _TEXT:
        colours.append(state.fill)
    if op in _STROKE_PAINT:
        colours.append(state.stroke)
    for colour in colours:
        report.ink = max(report.ink, 100 * sum(colour))


def _do(name, resources, reader, report: PageReport, state: _State, seen: set[int]) -> None:
    xobjects = resources.get("/XObject")
    if xobjects is None or name not in xobjects.get_object():
        return
    ref = xobjects.get_object().raw_get(name)
    xobject = ref.get_object()
    if xobject.get("/Subtype") == "/Form":
        if "/Group" in xobject and xobject["/Group"].get("/S") == "/Transparency":
            report.problems.append("a transparency group is used")
        _walk(xobject, xobject.get("/Resources", resources), reader, report, state.copy(),
              seen)
        return
    if xobject.get("/Subtype") == "/Image":
        report.ink = max(report.ink, _image_ink(xobject, report, getattr(ref, "idnum", None),
                                                seen))


_IMAGE_INK: dict[tuple[int, int], float] = {}


def _image_ink(xobject, report: PageReport, idnum, seen: set[int]) -> float:
    """The image's largest C + M + Y + K (percent); problems for RGB, masks, others."""
    if "/SMask" in xobject and xobject["/SMask"] != "/None":
        report.problems.append("an image has a soft mask (transparency); flatten its alpha")
    decoded = decode_image(xobject)
    if decoded is None:
        report.problems.append("an image in a colour space the check does not know")
        return 0.0
    image, _ = decoded
    if image.mode != "CMYK":
        if image.mode != "L":
            _space_problem("/DeviceRGB", report)
        return 100 * (1 - image.getextrema()[0] / 255) if image.mode == "L" else 0.0
    from PIL import ImageMath

    c, m, y, k = image.split()
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"],
                                  c=c, m=m, y=y, k=k)
    return 100 * total.getextrema()[1] / 255


def _resource_problems(resources, report: PageReport) -> None:
    """Transparency in graphics states; fonts not embedded."""
    states = resources.get("/ExtGState")
    for gs in (states.get_object().values() if states is not None else ()):
        gs = gs.get_object()
        for key in ("/CA", "/ca"):
            if key in gs and float(gs[key]) < 1:
                _once(report, "constant alpha (transparency) below 1 is used")
        if gs.get("/SMask", "/None") != "/None":
            _once(report, "a soft mask (transparency) is used")
        if gs.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
            _once(report, "a blend mode other than Normal is used")
    fonts = resources.get("/Font")
    for name, font in (fonts.get_object().items() if fonts is not None else ()):
        if not _embedded(font.get_object()):
            base = str(font.get_object().get("/BaseFont", name)).lstrip("/")
            _once(report, f"font {base} is not embedded")


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def _once(report: PageReport, message: str) -> None:
    if message not in report.problems:
        report.problems.append(message)
