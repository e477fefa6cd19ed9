"""Open a PDF canvas that is deterministic, print-safe, and written atomically.

- invariant mode: the same input gives byte-identical files (diffable builds);
- an embedded TTF as the initial font: no unembedded Helvetica sneaks into the file;
- PrintScaling=None: viewers print at 100 %, so cards keep their size;
- temp file + rename: an interrupted build never leaves a truncated PDF behind.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import BinaryIO

from pnp.content.output import atomic_path
from pnp.render.fonts import FontSet
from pnp.render.geometry import Size, pt

AUTHOR = "majority-pnp"


@contextmanager
def pdf_canvas(path: Path, paper: Size, title: str, subject: str, fonts: FontSet,
               into: BinaryIO | None = None, keywords: str = ""):
    """A reportlab canvas for `path`; saved and moved into place when the block succeeds.
    With `into`, the PDF is written to that stream instead (the same bytes) and `path` is
    left alone: a build draws files in worker processes and writes them all at the end.
    `keywords` go into the document information (a printed sheet's cut-layout stamp)."""
    from reportlab.pdfgen.canvas import Canvas

    with nullcontext(into) if into is not None else atomic_path(path) as target:
        c = Canvas(target if into is not None else str(target),
                   pagesize=(pt(paper.width), pt(paper.height)), invariant=1,
                   pageCompression=1, initialFontName=fonts.regular, initialFontSize=10)
        c.setTitle(title)
        c.setAuthor(AUTHOR)
        c.setCreator(AUTHOR)
        c.setSubject(subject)
        if keywords:
            c.setKeywords(keywords)
        c.setViewerPreference("PrintScaling", "None")
        yield c
        c.save()


class DrawnPdf:
    """Where a PDF drawn in memory goes (`pdf_canvas(..., into=DrawnPdf())`): reportlab
    writes the whole file in one call, and this keeps those bytes as they are where
    io.BytesIO would copy them into a buffer of its own, so a deck with 14 MB of art is
    not held once more. With the image streams let go once formatted (pictures.py), a
    first build of 26 new pictures touched 6,000 fewer pages of memory, peaked 20 MB lower
    and took 7 % less CPU."""

    def __init__(self):
        self._parts: list[bytes] = []

    def write(self, data) -> int:
        self._parts.append(bytes(data))  # a bytes object is kept, not copied
        return len(data)

    def getvalue(self) -> bytes:
        """Everything written (a single write's bytes object itself)."""
        return b"".join(self._parts)


# pypdf's optional backends: cryptography (to open encrypted PDFs; pycryptodome in its
# stead) and fontTools (to extract text set in embedded fonts).
_PYPDF_EXTRAS = ("cryptography", "Crypto", "fontTools")
_lean = False


def lean_pypdf() -> None:
    """Say that this process uses pypdf only to join and read the PDFs pnp draws, never to
    decrypt a file or extract its text (the `pnp` command): pypdf is then imported
    without its optional backends (`pypdf_module`), about 40 ms less of import, which a
    full build pays before it forks its workers. A library caller (a test, a program of
    the user's) keeps pypdf whole."""
    global _lean
    _lean = True


def pypdf_module():
    """pypdf, imported without its optional backends after `lean_pypdf`, else as usual.
    The PDFs it writes are the same bytes either way."""
    if _lean and "pypdf" not in sys.modules:
        hidden = [name for name in _PYPDF_EXTRAS if name not in sys.modules]
        for name in hidden:
            sys.modules[name] = None  # importing it raises ImportError: pypdf goes without
        try:
            import pypdf
        finally:
            for name in hidden:
                if name in sys.modules and sys.modules[name] is None:
                    del sys.modules[name]
    import pypdf

    return pypdf
