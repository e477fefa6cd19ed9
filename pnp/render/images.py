"""Every image read, checked, converted or resampled — by Pillow, never by hand.

An image goes into a PDF in one of two ways:
- passthrough: a baseline JPEG in grey or RGB that needs no turning and is not far sharper
  than the print needs is embedded byte for byte (DCTDecode), never re-encoded;
- prepared: anything else is turned upright (EXIF), converted to 8-bit grey or RGB with its
  alpha kept apart (for a soft mask), downsampled once (Lanczos) when it is more than twice
  as sharp as the target resolution, and encoded (JPEG sources as JPEG, the rest losslessly).
  The result is cached by content hash, so a rebuild reads it instead of redoing it.

Files are opened lazily (the header is enough to plan) and decoded one at a time (a build
checking its art ahead, `inspect_ahead`, decodes in a background thread), so a deck
of many illustrations never holds them all decoded at once. Bad files — missing, not an
image, truncated, a decompression bomb — are a DataError naming the file.
"""

from __future__ import annotations

import hashlib
import io
import json
import struct
import warnings
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.content.jsonfile import read_bytes
from pnp.content.output import atomic_path
from pnp.content.validcache import check_passed_before, remember_check_pass
from pnp.errors import DataError, OutputError, Problem
from pnp.render import jpegdata

if TYPE_CHECKING:
    from concurrent.futures import Future

FORMATS = {"PNG": "PNG", "JPEG": "JPEG", "WEBP": "WebP", "TIFF": "TIFF"}
SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".tif", ".tiff")
# 100 megapixels: a 12,000 × 8,000 photo passes; a crafted 50,000² "bomb" does not.
MAX_PIXELS = 100_000_000
DEFAULT_DPI = 300
MIN_DPI, MAX_DPI = 72, 1200
# Sharper than this many times the target resolution, an image is downsampled to it.
DOWNSAMPLE_ABOVE = 2.0
JPEG_QUALITY = 92
CACHE_VERSION = "1"
_ORIENTATION = 0x0112
_ICC_SPACES = {b"GRAY": "L", b"RGB ": "RGB"}


@dataclass(frozen=True)
class ImageSettings:
    """The target resolution for placed images, and where prepared images are cached."""

    dpi: int = DEFAULT_DPI
    cache_dir: Path | None = None


@dataclass(frozen=True)
class ImageInfo:
    """What the header says about an image file (size as shown, after EXIF turning)."""

    path: Path
    digest: str
    width: int
    height: int
    format: str
    mode: str
    orientation: int
    progressive: bool
    icc: bytes | None = None
    """The ICC profile when it describes the pixels' colour space (read with the header, so
    a JPEG that passes through is not parsed again to embed it)."""

    @property
    def upright(self) -> bool:
        return self.orientation in (0, 1)


@dataclass(frozen=True)
class PdfImage:
    """Pixels ready for a PDF image XObject: one encoded stream, an optional 8-bit soft
    mask (Flate) and an optional ICC profile. `key` names it by content."""

    key: str
    width: int
    height: int
    mode: str
    filter: str
    data: bytes
    smask: bytes | None = None
    icc: bytes | None = None
    passthrough: bool = False
IMAGE_LIMIT = 64 * 1024 * 1024
"""Largest image file read (bytes)."""


def _image_module():
    """Pillow, with the pixel cap that turns decompression bombs into errors."""
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    return Image


def image_problem(path: Path, message: str) -> DataError:
    return DataError(Problem(str(path), message))


def inspect_image(path: Path) -> ImageInfo:
    """The image's header facts, after checking that the whole file decodes: DataError
    naming the file for a missing, unreadable, truncated or oversized image."""
    if "\0" in str(path):
        raise image_problem(path, "the file name has a NUL character (\\0); no file can "
                            "have that name")
    try:
        stat = path.stat()
    except OSError:
        raise image_problem(path, "image file not found") from None
    if not path.is_file():
        raise image_problem(path, "not a file")
    ahead = _AHEAD.pop((str(path), stat.st_mtime_ns, stat.st_size), None)
    if ahead is not None and not ahead.cancel():  # a check not yet begun is done here
        return ahead.result()  # its DataError, if the file is bad, raised here as usual
    return _inspect(str(path), stat.st_mtime_ns, stat.st_size)


_AHEAD: dict[tuple[str, int, int], Future] = {}
# One: the check's decoding runs outside the GIL, so one thread beside the build's keeps
# its wall time (a second one saved none) and adds less GIL hand-over: a first build of 26
# new pictures took 3 % less CPU with one than with two, 8 % less with none but 8 % longer.
AHEAD_THREADS = 1


def inspect_ahead(paths: Iterable[Path]) -> Callable[[], None]:
    """Start checking these image files in background threads, and return `settle`, which
    drops the checks not yet begun, waits for the others and stops the threads.

    A new picture's check is mostly decoding it (libjpeg, outside the GIL), so pictures
    are decoded on the other core while this thread plans the build and checks the
    cards' text. `inspect_image` takes each answer (or its DataError) when the build
    comes to that file, in the build's own order, so what is reported and drawn is the
    same as without; a file whose check has not begun by then is checked there, so a
    picture no card shows costs at most the background work until `settle`. Call
    `settle` before forking (a fork must not copy a thread mid-work) and when done; a
    path that is not a plain file is left to `inspect_image` to report."""
    wanted = []
    for path in dict.fromkeys(paths):
        try:
            stat = path.stat()
        except (OSError, ValueError):
            continue
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        if "\0" not in key[0] and path.is_file() and key not in _AHEAD:
            wanted.append(key)
    if not wanted:
        return lambda: None
    from concurrent.futures import ThreadPoolExecutor

    _image_module().preinit()  # Pillow's formats registered here, not raced by two threads
    pool = ThreadPoolExecutor(min(AHEAD_THREADS, len(wanted)), "pnp-images")
    for key in wanted:
        _AHEAD[key] = pool.submit(_inspect, *key)

    def settle() -> None:
        pool.shutdown(wait=True, cancel_futures=True)
        for key in wanted:
            _AHEAD.pop(key, None)  # the passes stay in _inspect's cache
    return settle


# What a broken file makes Pillow (or the EXIF and JPEG checks) raise while reading it.
_BROKEN = (OSError, ValueError, SyntaxError, EOFError, struct.error, IndexError, KeyError)


@lru_cache(maxsize=1024)
def _inspect(name: str, mtime: int, size: int) -> ImageInfo:
    path = Path(name)
    data = _read(path)
    digest = hashlib.sha256(data).hexdigest()
    with _opened(path, data) as im:
        try:
            orientation = _orientation(im)
            width, height = im.size
            if orientation in (5, 6, 7, 8):
                width, height = height, width
            info = ImageInfo(path, digest, width, height, im.format, im.mode, orientation,
                             bool(im.info.get("progressive") or im.info.get("progression")),
                             _icc_for(im.info.get("icc_profile"), im.mode))
            if im.format == "JPEG":
                _check_jpeg_data(path, data, digest)
            else:
                _decode_all(path, im)
        except _BROKEN as exc:
            raise image_problem(path, f"image data is truncated or corrupt ({exc})") \
                from None
    return info


def _orientation(im) -> int:
    """The EXIF orientation, 1 to 8; anything else a file may hold there (text, a
    fraction, 99) means nothing and counts as upright, 1."""
    value = im.getexif().get(_ORIENTATION, 1)
    return value if type(value) is int and 1 <= value <= 8 else 1


def _check_jpeg_data(path: Path, data: bytes, digest: str) -> None:
    """Every byte of a JPEG's image data decoded once, libjpeg's warnings as errors
    (pnp/render/jpegdata.py says why Pillow's decoding is not enough).

    A pass is remembered by the file's digest (the validation cache): decoding costs
    about 5 ms a 1,000 × 1,400 px picture, on every build of the same art otherwise. Only
    passes are remembered, so a broken file is always reported."""
    check = jpegdata.check_name()
    if check_passed_before(check, digest.encode()):
        return
    problem = jpegdata.problem(data)
    if problem is not None:
        raise image_problem(path, f"image data is truncated or corrupt ({problem})")
    remember_check_pass(check, digest.encode())


IMAGE_LIMIT_ADVICE = ("save it compressed (JPEG at quality 90, or PNG with fewer "
                      "colours) or scaled down to its print size: a full-bleed poker "
                      "card at 300 DPI is 815 × 1110 px, a few MB at most")


def _read(path: Path, digest: str | None = None) -> bytes:
    """The image's bytes: a regular file of at most IMAGE_LIMIT (never a FIFO or device);
    with `digest`, the bytes the file held when it was inspected, or a DataError naming
    the file, which changed in between (a build does not embed what it did not check)."""
    try:
        too_big = path.stat().st_size > IMAGE_LIMIT
    except OSError:
        too_big = False  # read_bytes names what is wrong
    if too_big:
        raise image_problem(path, f"{path.stat().st_size / 2**20:.0f} MB is more than the "
                            f"{IMAGE_LIMIT >> 20} MB limit for an image file; "
                            + IMAGE_LIMIT_ADVICE)
    data = read_bytes(path, IMAGE_LIMIT)
    if digest is not None and hashlib.sha256(data).hexdigest() != digest:
        raise image_problem(path, "the image changed while the build was using it "
                            "(checked, then replaced); build again")
    return data


class _opened:
    """`with _opened(path, data) as im`: Pillow's lazy open with every failure turned into
    a DataError naming the file (a bomb warning is an error too)."""

    def __init__(self, path: Path, data: bytes):
        self.path, self.data, self.im = path, data, None

    def __enter__(self):
        image = _image_module()
        with warnings.catch_warnings():
            warnings.simplefilter("error", image.DecompressionBombWarning)
            try:
                self.im = image.open(io.BytesIO(self.data))
            except (image.DecompressionBombError, image.DecompressionBombWarning):
                raise image_problem(self.path, f"image is over the {MAX_PIXELS // 10**6} "
                                    "megapixel limit (a decompression bomb?)") from None
            except image.UnidentifiedImageError:
                raise image_problem(self.path, "not an image (PNG, JPEG, WebP or TIFF "
                                    "expected)") from None
            except (OSError, ValueError, SyntaxError) as exc:
                raise image_problem(self.path, f"cannot read image: {exc}") from None
        if self.im.format not in FORMATS:
            self.im.close()
            raise image_problem(self.path, f"{self.im.format} images are not supported; "
                                "use PNG, JPEG, WebP or TIFF")
        width, height = self.im.size
        if width * height > MAX_PIXELS:
            self.im.close()
            raise image_problem(self.path, f"image of {width} × {height} px is over the "
                                f"{MAX_PIXELS // 10**6} megapixel limit")
        return self.im

    def __exit__(self, *exc):
        if self.im is not None:
            self.im.close()


def _decode_all(path: Path, im) -> None:
    """Decode every byte once (JPEG at 1/8 scale: all the data is still read) so that a
    truncated or corrupt file fails here, before anything is written."""
    if im.format == "JPEG":
        im.draft(im.mode, (max(1, im.size[0] // 8), max(1, im.size[1] // 8)))
    try:
        im.load()
    except (OSError, ValueError, SyntaxError, EOFError) as exc:
        raise image_problem(path, f"image data is truncated or corrupt ({exc})") from None


def effective_dpi(info: ImageInfo, width_mm: float, height_mm: float) -> float:
    """Pixels per inch of the image drawn `width_mm` × `height_mm` (the lower of the two
    directions when it is stretched)."""
    if width_mm <= 0 or height_mm <= 0:
        return float("inf")
    return min(info.width / (width_mm / 25.4), info.height / (height_mm / 25.4))


def target_pixels(info: ImageInfo, width_mm: float, height_mm: float,
                  dpi: int) -> tuple[int, int] | None:
    """The pixel size to downsample to, or None when the image is not more than
    DOWNSAMPLE_ABOVE times sharper than `dpi` at this size (it is then kept as it is)."""
    if effective_dpi(info, width_mm, height_mm) <= DOWNSAMPLE_ABOVE * dpi:
        return None
    return (max(1, round(width_mm / 25.4 * dpi)), max(1, round(height_mm / 25.4 * dpi)))


def passes_through(info: ImageInfo, target: tuple[int, int] | None) -> bool:
    """A baseline grey or RGB JPEG, upright and not to be downsampled: embedded as-is."""
    return (info.format == "JPEG" and info.mode in ("L", "RGB") and info.upright
            and not info.progressive and target is None)


def pdf_image(info: ImageInfo, width_mm: float, height_mm: float,
              settings: ImageSettings) -> PdfImage:
    """The image ready to embed at `width_mm` × `height_mm`: the file itself when it can
    pass through, else prepared (from the cache when it was prepared before)."""
    target = target_pixels(info, width_mm, height_mm, settings.dpi)
    if passes_through(info, target):
        return PdfImage(f"{info.digest[:32]}", info.width, info.height, info.mode,
                        "DCTDecode", _read(info.path, info.digest), icc=info.icc,
                        passthrough=True)
    size = "x".join(map(str, target)) if target else "full"
    key = hashlib.sha256(f"{CACHE_VERSION}:{info.digest}:{size}".encode()).hexdigest()[:32]
    cached = _from_cache(settings.cache_dir, key)
    if cached is not None:
        return cached
    prepared = _prepare(info, target, key)
    _to_cache(settings.cache_dir, prepared)
    return prepared


def _prepare(info: ImageInfo, target: tuple[int, int] | None, key: str) -> PdfImage:
    image = _image_module()
    data = _read(info.path, info.digest)
    with _opened(info.path, data) as im:
        icc = im.info.get("icc_profile")
        try:
            im.load()
            upright = _upright(im, info.orientation)
            pixels, alpha = _normalised(upright)
        except _BROKEN as exc:
            raise image_problem(info.path, f"image data is truncated or corrupt ({exc})") \
                from None
    if target is not None:
        pixels = pixels.resize(target, image.Resampling.LANCZOS)
        alpha = alpha.resize(target, image.Resampling.LANCZOS) if alpha else None
    icc = _icc_for(icc, pixels.mode)
    if info.format == "JPEG" and alpha is None:
        out = io.BytesIO()
        pixels.save(out, format="JPEG", quality=JPEG_QUALITY, optimize=False,
                    progressive=False)
        stream, filter_ = out.getvalue(), "DCTDecode"
    else:
        stream, filter_ = zlib.compress(pixels.tobytes(), 6), "FlateDecode"
    smask = zlib.compress(alpha.tobytes(), 6) if alpha else None
    return PdfImage(key, pixels.size[0], pixels.size[1], pixels.mode, filter_, stream,
                    smask, icc)


def _upright(im, orientation: int):
    """The pixels turned by the orientation `inspect_image` read (the one the layout
    was planned with), as EXIF says: 2 mirrored ... 8 turned a quarter clockwise."""
    image = _image_module()
    turns = {2: image.Transpose.FLIP_LEFT_RIGHT, 3: image.Transpose.ROTATE_180,
             4: image.Transpose.FLIP_TOP_BOTTOM, 5: image.Transpose.TRANSPOSE,
             6: image.Transpose.ROTATE_270, 7: image.Transpose.TRANSVERSE,
             8: image.Transpose.ROTATE_90}
    return im.transpose(turns[orientation]) if orientation in turns else im.copy()


def _normalised(im):
    """(8-bit grey or RGB pixels, 8-bit alpha or None): palettes, grey with alpha, 16-bit
    and 32-bit grey, CMYK and the rest converted; an alpha that is opaque everywhere is
    dropped (no soft mask for nothing)."""
    mode = im.mode
    if mode in ("I;16", "I;16B", "I;16L", "I;16N", "I", "F"):
        scale = 1 / 256 if mode.startswith("I;16") else 1.0
        grey = im.convert("I") if mode != "F" else im
        return grey.point(lambda v: v * scale).convert("L"), None
    if mode == "P":
        im = im.convert("RGBA" if "transparency" in im.info else "RGB")
    elif mode in ("1", "L"):
        im = im.convert("L")
    elif mode not in ("RGB", "RGBA", "LA"):
        im = im.convert("RGBA" if "A" in mode or "a" in mode else "RGB")
    if im.mode in ("RGBA", "LA"):
        alpha = im.getchannel("A")
        colour = im.convert("RGB" if im.mode == "RGBA" else "L")
        return colour, (None if alpha.getextrema() == (255, 255) else alpha)
    return im, None


def _icc_for(profile: bytes | None, mode: str) -> bytes | None:
    """The ICC profile, kept only when it describes the pixels' colour space."""
    if not profile or len(profile) < 20:
        return None
    return profile if _ICC_SPACES.get(bytes(profile[16:20])) == mode else None


def _from_cache(folder: Path | None, key: str) -> PdfImage | None:
    """A prepared image from the cache; None when absent or unreadable (then redone)."""
    if folder is None:
        return None
    try:
        blob = (folder / f"{key}.pdfimage").read_bytes()
        header, _, rest = blob.partition(b"\n")
        meta = json.loads(header)
        parts, start = [], 0
        for length in meta["lengths"]:
            parts.append(rest[start:start + length] if length >= 0 else None)
            start += max(length, 0)
        if start != len(rest):
            return None
        return PdfImage(key, meta["width"], meta["height"], meta["mode"], meta["filter"],
                        *parts)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _to_cache(folder: Path | None, image: PdfImage) -> None:
    """Store a prepared image; a cache that cannot be written only costs speed."""
    if folder is None:
        return
    parts = (image.data, image.smask, image.icc)
    meta = {"width": image.width, "height": image.height, "mode": image.mode,
            "filter": image.filter, "lengths": [len(p) if p is not None else -1
                                                for p in parts]}
    try:
        with atomic_path(folder / f"{image.key}.pdfimage") as tmp:
            tmp.write_bytes(json.dumps(meta).encode() + b"\n"
                            + b"".join(p for p in parts if p))
    except (OSError, OutputError):  # the cache is an optimisation, never a failure
        return
