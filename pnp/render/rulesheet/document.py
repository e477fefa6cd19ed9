"""Page setup for flowing documents: paper, margins, header, "N / M" footer, PDF bytes.

Documents are built in memory first. That lets the build check a document completely
(page count included: a quick reference must stay on one page) before anything is written,
and then write the very same bytes atomically. The canvas is pinned to invariant mode and
an embedded initial font, so two builds give identical files and no Helvetica slips in.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from pnp.content.output import atomic_path
from pnp.errors import FitError, Problem
from pnp.render.fonts import FontSet
from pnp.render.geometry import MM, paper_size, pt
from pnp.render.pdf import AUTHOR
from pnp.render.rulesheet.styles import MUTED, RULE, StyleSet, make_styles

# Content makers receive the styles and the text column's width in points.
ContentMaker = Callable[[StyleSet, float], list]
ONE_PAGE_SCALES = (1.2, 1.1, 1.0, 0.95, 0.9, 0.85, 0.8, 0.76, 0.72)


class TooTall(FitError):
    """A flowable (a table, a picture) taller than the page's text frame."""


@dataclass(frozen=True)
class Margins:
    """Page margins in mm; the header and footer sit inside the top and bottom ones."""

    side: float = 18.0
    top: float = 20.0
    bottom: float = 18.0


@dataclass(frozen=True)
class PageSetup:
    paper: str
    title: str
    subject: str
    fonts: FontSet
    margins: Margins = Margins()
    header: bool = True


@dataclass(frozen=True)
class RenderedPdf:
    data: bytes
    pages: int
    scale: float = 1.0

    def write(self, path: Path) -> None:
        """Put the bytes at `path` atomically (never a half-written PDF)."""
        with atomic_path(path) as tmp:
            tmp.write_bytes(self.data)


def _canvas_class():
    from reportlab.pdfgen.canvas import Canvas

    class PagedCanvas(Canvas):
        """Holds pages back until the end so each footer can say "page of total"."""

        def __init__(self, filename, *, font_name: str, decorate, **kw):
            kw.update(invariant=1, initialFontName=font_name, initialFontSize=10)
            super().__init__(filename, **kw)
            self.setViewerPreference("PrintScaling", "None")
            self._decorate = decorate
            self._held: list[dict] = []

        def showPage(self):  # noqa: N802 (reportlab's name)
            self._held.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            total = len(self._held)
            for state in self._held:
                self.__dict__.update(state)
                self._decorate(self, total)
                super().showPage()
            super().save()

    return PagedCanvas


def _decorate(setup: PageSetup, c, total: int) -> None:
    """Running header (title, from page 2) and centred "N / M" footer."""
    from reportlab.lib.colors import HexColor

    width, height = c._pagesize
    m = setup.margins
    page = c.getPageNumber()
    c.saveState()
    c.setFillColor(HexColor(MUTED))
    c.setFont(setup.fonts.regular, 8)
    c.drawCentredString(width / 2, pt(m.bottom) / 2, f"{page} / {total}")
    if setup.header and page > 1:
        y = height - pt(m.top) / 2
        c.drawString(pt(m.side), y, setup.title)
        c.setStrokeColor(HexColor(RULE))
        c.setLineWidth(0.4)
        c.line(pt(m.side), y - 4, width - pt(m.side), y - 4)
    c.restoreState()


class _PastLimit(Exception):
    """The document began a page past the caller's limit: the rest is not laid out."""


def _doc_class(page_limit: int | None):
    from reportlab.platypus import BaseDocTemplate

    if page_limit is None:
        return BaseDocTemplate

    class LimitedDoc(BaseDocTemplate):
        """Stops as soon as a page past the limit begins. Trying sizes for a one-page
        sheet, a size that spills onto page 2 is known to fail right there: laying out
        the rest and writing the PDF was most of the cost of every failed try."""

        def handle_pageBegin(self):  # noqa: N802 (reportlab's name)
            if self.page >= page_limit:
                raise _PastLimit
            super().handle_pageBegin()

    return LimitedDoc


def render_pdf(setup: PageSetup, content: ContentMaker, scale: float = 1.0,
               page_limit: int | None = None) -> RenderedPdf:
    """The document's bytes and page count, with styles at `scale`; _PastLimit as soon
    as it needs more than `page_limit` pages."""
    from reportlab.platypus import Frame, PageTemplate

    paper = paper_size(setup.paper)
    size = (pt(paper.width), pt(paper.height))
    m = setup.margins
    width = size[0] - 2 * pt(m.side)
    frame = Frame(pt(m.side), pt(m.bottom), width, size[1] - pt(m.top) - pt(m.bottom),
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="text")
    buffer = io.BytesIO()
    doc = _doc_class(page_limit)(buffer, pagesize=size, title=setup.title, author=AUTHOR,
                          creator=AUTHOR, subject=setup.subject, invariant=1,
                          initialFontName=setup.fonts.regular, pageCompression=1)
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
    styles = make_styles(setup.fonts, scale)
    maker = partial(_canvas_class(), font_name=setup.fonts.regular,
                    decorate=partial(_decorate, setup))
    from reportlab.platypus.doctemplate import LayoutError

    try:
        doc.build(content(styles, width), canvasmaker=maker)
    except LayoutError:
        raise TooTall(Problem(setup.title, f"a table or picture is taller than a "
                                            f"{setup.paper} page at {scale:.0%} size; "
                                            "use a larger --paper")) from None
    return RenderedPdf(buffer.getvalue(), doc.page, scale)


def render_one_page(setup: PageSetup, content: ContentMaker, source: str,
                    lines: int = 0) -> RenderedPdf:
    """The largest of ONE_PAGE_SCALES at which the document fits one page — a one-page
    sheet with room to spare prints larger, easier to read across a table; FitError if
    even the smallest scale needs more pages (naming the source and the paper). `lines`:
    the fewest lines of text the content needs; when even those, at the smallest size,
    are taller than the page, the FitError comes at once, before any layout (a 5,000-row
    table would otherwise be laid out, page after page, at every size)."""
    least = lines * make_styles(setup.fonts, ONE_PAGE_SCALES[-1])["cell"].leading
    paper = paper_size(setup.paper)
    room = pt(paper.height) - pt(setup.margins.top) - pt(setup.margins.bottom)
    if least > room:
        raise FitError(Problem(source, f"does not fit on one {setup.paper} page even with "
                                       f"text at {ONE_PAGE_SCALES[-1]:.0%} size ({lines:,} "
                                       f"lines need at least {least / MM:.0f} mm, the page "
                                       f"holds {room / MM:.0f} mm); shorten it or use a "
                                       "larger --paper"))
    pages = "more than one page"
    for scale in ONE_PAGE_SCALES:
        # every size but the last stops at page 2; the last is laid out whole, so the
        # error can say how many pages the text needs
        limit = 1 if scale != ONE_PAGE_SCALES[-1] else None
        try:
            rendered = render_pdf(setup, content, scale, limit)
        except (TooTall, _PastLimit):
            continue  # taller than one page at this scale: try smaller
        if rendered.pages == 1:
            return rendered
        pages = f"{rendered.pages} pages"
    raise FitError(Problem(source, f"does not fit on one {setup.paper} page even with text "
                                   f"at {ONE_PAGE_SCALES[-1]:.0%} size ({pages}); "
                                   "shorten it or use a larger --paper"))
