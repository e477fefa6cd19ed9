"""Fonts: the bundled Bitstream Vera family (Latin-1 and more), or the user's family.

Only TrueType fonts are registered, so every font in every PDF is embedded and subset;
print shops reject PDFs that merely name a font (reportlab's default Helvetica).

A user's family is a regular face plus optional bold, italic and bold-italic faces, given
file by file or as a folder. In a folder each `.ttf` is recognised by the family and
style names written inside the font (not by its file name), so `DejaVuSans-Oblique.ttf`
is the italic of "DejaVu Sans" whatever it is called. A missing face falls back the way
word processors do: bold-italic to bold (else italic, else regular), bold and italic to
regular.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from pnp.content import paths
from pnp.content.jsonfile import check_regular_file, read_bytes
from pnp.errors import FitError, Location, Problem, UsageError

STYLES = ("regular", "bold", "italic", "bold-italic")
_VERA = {"regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf",
         "bold-italic": "VeraBI.ttf"}
_FALLBACK = {"regular": (), "bold": ("regular",), "italic": ("regular",),
             "bold-italic": ("bold", "italic", "regular")}
# Style names fonts give themselves (name table, subfamily), by the style they stand for.
_STYLE_NAMES = {"regular": "regular", "book": "regular", "roman": "regular",
                "normal": "regular", "bold": "bold", "italic": "italic",
                "oblique": "italic", "bold italic": "bold-italic",
                "bold oblique": "bold-italic", "italic bold": "bold-italic"}
_FACES: dict[str, tuple[str, str]] = {}  # registered font name -> (style, file name)
_POSTSCRIPT: dict[bytes, str] = {}  # PostScript name of each registered face -> content hash


@dataclass(frozen=True)
class FontFamily:
    """The user's `--font` options: a regular face (file or folder) and optional others.

    `regular` may be a folder holding one family; an explicitly given face wins over the
    folder's. Hashable, so the registered FontSet is cached per family."""

    regular: Path
    bold: Path | None = None
    italic: Path | None = None
    bold_italic: Path | None = None


def font_family(font: Path | None, bold: Path | None = None, italic: Path | None = None,
                bold_italic: Path | None = None) -> FontFamily | None:
    """The family the CLI's `--font`, `--font-bold`, `--font-italic` and
    `--font-bold-italic` options name; None for the bundled Vera."""
    if font is None:
        given = [f"--font-{s}" for s, p in (("bold", bold), ("italic", italic),
                                            ("bold-italic", bold_italic)) if p]
        if given:
            raise UsageError(f"{', '.join(given)} needs --font (the regular face, or a "
                             "folder holding the family)")
        return None
    return FontFamily(font, bold, italic, bold_italic)
FONT_LIMIT = 32 * 1024 * 1024
"""Largest font file read (bytes); CJK fonts run to about 20 MB."""


class FontSet:
    """The font to use for each style; a TTF is parsed and registered with reportlab only
    when a style is first used (each parse costs milliseconds a small build notices)."""

    def __init__(self, files: dict[str, Path], prefix: str):
        self.files = files
        self.prefix = prefix
        self._registered: dict[str, str] = {}

    def name(self, style: str) -> str:
        """The registered reportlab font name for `style` (regular if unknown)."""
        style = style if style in self.files else "regular"
        if style not in self._registered:
            self._registered[style] = _register(self.files[style], self._font_name(style),
                                                style)
        return self._registered[style]

    @property
    def regular(self) -> str:
        return self.name("regular")

    def register_all(self) -> None:
        """Parse every face now, so a bad font file fails before any work."""
        for style in STYLES:
            self.name(style)

    def _font_name(self, style: str) -> str:
        path = self.files[style]
        same = [s for s in STYLES if self.files[s] == path]
        return self.prefix if same[0] == "regular" else f"{self.prefix}-{same[0]}"


def _register(path: Path, name: str, style: str) -> str:
    """Register the font file under `name` (once). The drawing side is imported here: the
    phone's checker bundle imports this module without reportlab or the blob cache."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from pnp.render.subsets import remember_subsets

    if name not in pdfmetrics.getRegisteredFontNames():
        check_regular_file(path, FONT_LIMIT)
        try:
            font = TTFont(name, str(path))
            _subset_every_glyph(font)
        except Exception as exc:  # reportlab raises assorted errors for non-TTF files
            raise UsageError(Problem(str(path), f"not a usable TrueType font ({exc})")) from None
        # reportlab reuses an earlier font whose PostScript name is the same, whatever its
        # file: a second "MyFont-Bold" (another version, a subset) gets a name of its own.
        data = _read(path)
        digest = hashlib.sha1(data).hexdigest()[:8]
        if _POSTSCRIPT.setdefault(font.face.name, digest) != digest:
            font.face.name = font.face.name + f"-{digest}".encode()
        remember_subsets(font.face, data)
        pdfmetrics.registerFont(font)
    _FACES.setdefault(name, (style, path.name))
    return name


def _subset_every_glyph(font) -> None:
    """Subset the whole character map once, in pages of 256 as the PDF writer does. A
    parse reads only the font's names, metrics and character map; the glyph data is read
    when the PDF is saved, so a file with damaged glyph offsets would fail there, after
    the work. Milliseconds even for a font of thousands of glyphs."""
    codes = sorted(font.face.charToGlyph)
    for start in range(0, len(codes), 255):
        font.face.makeSubset([0, *codes[start:start + 255]])


def face_label(font_name: str) -> str:
    """How messages name a registered face: `the bold face (DejaVuSans-Bold.ttf)`."""
    if font_name not in _FACES:
        return f"the font {font_name}"
    style, file = _FACES[font_name]
    return f"the {style} face ({file})"


def face_file(font_name: str) -> str:
    """The file name a registered face was read from."""
    return _FACES[font_name][1] if font_name in _FACES else font_name


@cache
def font_set(custom: FontFamily | Path | None = None) -> FontSet:
    """The bundled Vera family, or the user's family with missing faces falling back;
    every face is checked now, so a bad --font fails before any work."""
    if custom is None:
        return FontSet({s: paths.fonts_dir() / f for s, f in _VERA.items()}, "Vera")
    if isinstance(custom, Path):
        custom = FontFamily(custom)
    faces = _faces(custom)
    for style in STYLES:
        if style not in faces:
            faces[style] = next(faces[s] for s in _FALLBACK[style] if s in faces)
    digest = hashlib.sha1(b"".join(_read(faces[s]) for s in STYLES)).hexdigest()[:8]
    stem = "".join(c for c in faces["regular"].stem if c.isalnum() or c in "-_")[:40]
    fonts = FontSet(faces, f"User-{stem}-{digest}")
    fonts.register_all()
    return fonts


def _faces(family: FontFamily) -> dict[str, Path]:
    """Style -> file: the folder's faces (if `regular` is a folder), then the explicit ones."""
    faces: dict[str, Path] = {}
    if family.regular.is_dir():
        faces = family_in_folder(family.regular)
    elif family.regular.exists():  # a FIFO or device is refused when read, not "not found"
        faces["regular"] = family.regular
    else:
        raise UsageError(Problem(str(family.regular), "--font: file or folder not found"))
    for option, style, path in (("--font-bold", "bold", family.bold),
                                ("--font-italic", "italic", family.italic),
                                ("--font-bold-italic", "bold-italic", family.bold_italic)):
        if path is not None:
            if not path.exists():
                raise UsageError(Problem(str(path), f"{option}: file not found"))
            faces[style] = path
    return faces


def family_in_folder(folder: Path) -> dict[str, Path]:
    """The faces of the one family in `folder`, by the style each font declares; faces of
    other weights or widths (Light, Condensed, ...) are left out."""
    families: dict[str, dict[str, Path]] = {}
    for path in sorted(p for p in folder.iterdir() if p.suffix.lower() == ".ttf"
                       and p.is_file()):
        family, style = _declared_style(path)
        if style is not None:
            families.setdefault(family, {}).setdefault(style, path)
    complete = {f: faces for f, faces in families.items() if "regular" in faces}
    if not complete:
        raise UsageError(Problem(str(folder), "--font: no regular TrueType face (.ttf) in "
                                              "this folder"))
    if len(complete) > 1:
        raise UsageError(Problem(str(folder), "--font: the folder holds several families "
                                              f"({', '.join(sorted(complete))}); give one "
                                              "family's folder or its files"))
    return next(iter(complete.values()))


def _declared_style(path: Path) -> tuple[str, str | None]:
    """(family name, style) as the font's own name table states them."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    try:
        face = TTFontFile(str(path))
    except Exception as exc:  # reportlab raises assorted errors for non-TTF files
        raise UsageError(Problem(str(path), f"not a usable TrueType font ({exc})")) from None
    family, style = (_text(face.familyName), _text(face.styleName).lower())
    return family, _STYLE_NAMES.get(" ".join(style.split()))


def _text(value) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value or "")


def _read(path: Path) -> bytes:
    """The font's bytes: a regular file under FONT_LIMIT (never a FIFO or a device)."""
    return read_bytes(path, FONT_LIMIT)


@cache
def _glyphs(font_name: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    return frozenset(pdfmetrics.getFont(font_name).face.charToGlyph)


@cache
def _glyph_chars(font_name: str) -> frozenset[str]:
    return frozenset(map(chr, _glyphs(font_name)))


@cache
def missing_glyphs(text: str, font_name: str) -> list[str]:
    """Characters of `text` the font cannot draw (spaces and line breaks excepted)."""
    lacking = set(text).difference(_glyph_chars(font_name))
    lacking.difference_update("\n\t")
    return sorted(lacking)


def require_glyphs(text: str, font_name: str, where: Location, label: str) -> None:
    """FitError naming the word when the font lacks one of its characters."""
    missing = missing_glyphs(text, font_name)
    if missing:
        shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing)
        raise FitError(where.problem(
            f"{label}: {text!r} has character(s) {face_label(font_name)} lacks: {shown}; "
            "use --font with a TTF that covers them"))


@lru_cache(maxsize=16384)
def string_width(text: str, font_name: str, size: float) -> float:
    """The width of `text` in points, remembered: reportlab measures it in 3 µs, and a
    build measures the same lines again and again (each card text when it is checked,
    fitted and drawn, and again in the kit), 14,000 times for 2,000 different ones. A
    font's name stands for one font for the life of the process (reportlab registers a
    name once), so a width never changes."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, font_name, size)
