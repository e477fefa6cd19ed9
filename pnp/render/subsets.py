"""Each font subset made and compressed once, not once a PDF.

Every PDF embeds the subsets of the faces it uses: reportlab builds each subset (a small
TrueType file of the glyphs used) and compresses it anew for every document it saves. Most
files of a build embed the same subsets (reportlab keeps ASCII at its own codes in subset
0, so an English kit's files mostly share it): a full build built and compressed 81
subsets, 19 of them different, a tenth of its CPU time. Here a registered face builds
each subset once per process, and its compressed stream is kept across runs in the blob
cache, keyed by the font file's bytes, the subset's characters and the library versions:
a second build compresses none. The PDF holds the very bytes reportlab would write.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Callable

from pnp.content.blobcache import cached_blobs

KIND = "font-subsets"
MAX_KEPT = 256
"""Subsets a face keeps in memory; past this it starts again (a server drawing many
users' texts would otherwise grow without end)."""
_TRUETYPE = b"\x00\x01\x00\x00"  # how reportlab's subset files begin


def remember_subsets(face, font_bytes: bytes) -> None:
    """Make the registered reportlab face `face` (read from `font_bytes`) build each of
    its subsets once: its own `makeSubset` and `addSubsetObjects` are wrapped."""
    from reportlab import Version

    recipe = hashlib.sha256(font_bytes).digest() + \
        f"/reportlab {Version}/zlib {zlib.ZLIB_RUNTIME_VERSION}".encode()
    make, add = face.makeSubset, face.addSubsetObjects
    kept: dict[tuple[int, ...], tuple[bytes, bytes]] = {}

    def streams(subset) -> tuple[bytes, bytes]:
        key = tuple(subset)
        if key not in kept:
            if len(kept) >= MAX_KEPT:
                kept.clear()
            kept[key] = _made(make, recipe, key)
        return kept[key]

    def add_subset_objects(doc, fontname: str, subset):
        ref = add(doc, fontname, subset)
        _packed_in(doc, f"fontFile:{face.filename}({fontname})", *streams(subset))
        return ref

    face.makeSubset = lambda subset: streams(subset)[0]
    face.addSubsetObjects = add_subset_objects


def _made(make: Callable, recipe: bytes, key: tuple[int, ...]) -> tuple[bytes, bytes]:
    """(the subset's TrueType bytes, compressed as reportlab compresses them), from the
    cache when an earlier run made them. Only the compressed bytes are kept: the subset
    is what they decompress to, so an entry cannot disagree with itself, and a damaged
    one fails to decompress and is made again."""
    source = ",".join(map(str, key)).encode()
    packed = cached_blobs(KIND, recipe, source, lambda: [zlib.compress(make(list(key)))],
                          valid=_inflates)[0]
    return zlib.decompress(packed), packed


def _inflates(blob: bytes) -> bool:
    try:
        return zlib.decompress(blob).startswith(_TRUETYPE)
    except zlib.error:
        return False


def _packed_in(doc, name: str, raw: bytes, packed: bytes) -> None:
    """Give the font file stream reportlab just added to `doc` its compressed bytes, so
    saving the PDF does not compress them again. Left alone (reportlab compresses, the
    same bytes) unless it is the stream of `raw` with reportlab's one filter."""
    from reportlab.pdfbase import pdfdoc

    stream = getattr(doc, "idToObject", {}).get(name)
    if getattr(stream, "content", None) is raw and \
            getattr(stream, "filters", None) == [pdfdoc.PDFZCompress]:
        stream.filters = [_Compressed(raw, packed)]


class _Compressed:
    """reportlab's FlateDecode filter for one stream whose compressed bytes are known."""

    pdfname = "FlateDecode"

    def __init__(self, raw: bytes, packed: bytes):
        self.raw, self.packed = raw, packed

    def encode(self, content: bytes) -> bytes:
        return self.packed if content is self.raw else zlib.compress(content)

    def decode(self, encoded: bytes) -> bytes:
        return zlib.decompress(encoded)
