"""Font subsets made once (pnp/render/subsets.py): a PDF is the same bytes reportlab alone
writes, whether its subsets come from memory, from the cache of an earlier run, or from a
damaged cache entry (which is made again)."""

from __future__ import annotations

import io

from pnp.content.validcache import cache_dir
from pnp.render import subsets
from pnp.render.fonts import font_set

TEXT = "Majority — Größe × 3 · naïve"


def _pdf(font_name: str) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    c = Canvas(out, invariant=1, pageCompression=1, initialFontName=font_name)
    c.setFont(font_name, 12)
    c.drawString(72, 700, TEXT)
    c.showPage()
    c.drawString(72, 700, TEXT[::-1])
    c.save()
    return out.getvalue()


_COUNT = iter(range(1_000_000))


def _font():
    """A fresh face of Vera, registered under a name (and PostScript name) of its own:
    reportlab keeps the first font of a name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    name = f"SubsetsTest{next(_COUNT)}"
    font = TTFont(name, str(font_set().files["regular"]))
    font.face.name = name.encode()
    pdfmetrics.registerFont(font)
    return font


def _remember(font) -> None:
    """Subsets remembered afresh, as a new process would (its memory empty)."""
    _forget(font)
    subsets.remember_subsets(font.face, font_set().files["regular"].read_bytes())


def _forget(font) -> None:
    """reportlab's own subsets again."""
    for name in ("makeSubset", "addSubsetObjects"):
        font.face.__dict__.pop(name, None)


def _entries():
    folder = cache_dir() / subsets.KIND
    return sorted(folder.iterdir()) if folder.exists() else []


def _counted(monkeypatch, font) -> list:
    """The subsets reportlab makes from now on (wrapped before `_remember` takes it)."""
    made = []
    make = type(font.face).makeSubset
    monkeypatch.setattr(type(font.face), "makeSubset",
                        lambda self, subset: made.append(tuple(subset)) or make(self, subset))
    return made


def test_remembered_subsets_write_the_bytes_reportlab_writes(monkeypatch, tmp_path):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    font = _font()
    made = _counted(monkeypatch, font)
    _remember(font)
    first = _pdf(font.fontName)  # made and cached
    again = _pdf(font.fontName)  # from this process's memory
    assert len(made) == len(set(made)) == len(_entries()) >= 1  # once each, two PDFs
    _forget(font)
    plain = _pdf(font.fontName)
    assert first == again == plain


def test_a_later_run_takes_them_from_the_cache_and_a_damaged_entry_is_made_again(
        monkeypatch, tmp_path):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    font = _font()
    plain = _pdf(font.fontName)
    _remember(font)
    assert _pdf(font.fontName) == plain
    made = _counted(monkeypatch, font)
    _remember(font)
    assert _pdf(font.fontName) == plain
    assert made == []
    for entry in _entries():
        data = bytearray(entry.read_bytes())
        data[-8:] = b"\0" * 8  # the compressed stream's end (and checksum) damaged
        entry.write_bytes(bytes(data))
    _remember(font)
    assert _pdf(font.fontName) == plain
    assert len(made) == len(_entries())
    _remember(font)
    assert _pdf(font.fontName) == plain
    assert len(made) == len(_entries())  # rewritten whole: not made a third time


def test_without_a_cache_the_bytes_are_the_same(monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", "off")
    font = _font()
    plain = _pdf(font.fontName)
    _remember(font)
    assert _pdf(font.fontName) == _pdf(font.fontName) == plain
