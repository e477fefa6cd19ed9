"""Work a build no longer does (issue 24), each shortcut held to the careful path's answer:
a one-page sheet's failed sizes stop at page 2, and no file is parsed a second time for
line numbers unless an error needs one."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.content import jsonfile
from pnp.errors import DataError, FitError
from pnp.render import rulesheet
from pnp.render.fonts import font_set
from pnp.render.layout import layout_set
from pnp.render.rulesheet import document
from pnp.render.rulesheet.document import ONE_PAGE_SCALES, PageSetup, render_one_page

from conftest import ROOT


def _paragraphs(count: int, drawn: list[int]):
    """A content maker of `count` paragraphs, each noting in `drawn` when it is drawn."""
    from reportlab.platypus import Paragraph

    class Counted(Paragraph):
        def draw(self):
            drawn.append(1)
            super().draw()

    def content(styles, width):
        return [Counted(f"Line {n} of a long text.", styles["body"]) for n in range(count)]

    return content


def _setup() -> PageSetup:
    return PageSetup("a6", "Test", "Quick reference", font_set(), header=False)


def test_a_size_that_spills_onto_page_two_stops_there():
    drawn: list[int] = []
    with pytest.raises(document._PastLimit):
        document.render_pdf(_setup(), _paragraphs(200, drawn), 1.0, page_limit=1)
    whole: list[int] = []
    assert document.render_pdf(_setup(), _paragraphs(200, whole), 1.0).pages > 2
    assert 0 < len(drawn) < len(whole) / 2


def test_the_limit_changes_nothing_in_a_document_within_it():
    limited = document.render_pdf(_setup(), _paragraphs(5, []), 1.0, page_limit=1)
    assert limited == document.render_pdf(_setup(), _paragraphs(5, []), 1.0)


def test_one_page_picks_the_largest_size_that_fits_as_before(monkeypatch):
    """Without the limit every size is laid out whole; the chosen size and bytes agree."""
    content = _paragraphs(20, [])
    fast = render_one_page(_setup(), content, "t.md")
    unlimited = document._doc_class(None)
    monkeypatch.setattr(document, "_doc_class", lambda limit: unlimited)
    assert render_one_page(_setup(), content, "t.md") == fast
    assert fast.pages == 1 and ONE_PAGE_SCALES[-1] < fast.scale < ONE_PAGE_SCALES[0]


def test_too_long_still_says_how_many_pages_it_needs():
    with pytest.raises(FitError, match=r"72% size \(\d pages\)"):
        render_one_page(_setup(), _paragraphs(120, []), "t.md")


@pytest.fixture
def parses(monkeypatch) -> list[int]:
    """Counts the position-keeping parser's runs (the second, slow parse for lines)."""
    calls: list[int] = []
    real = jsonfile._Parser.value
    monkeypatch.setattr(jsonfile._Parser, "value",
                        lambda self, i, path, depth=0: (calls.append(1) if depth == 0 else None)
                        or real(self, i, path, depth))
    return calls


def test_shipped_layouts_and_score_pads_are_read_without_line_maps(parses):
    from pnp.render.scorepad import load_score_pad

    layouts = layout_set()
    for path in sorted((ROOT / "templates" / "layouts").glob("*.json")):
        layouts.get(path.stem)
    for path in sorted((ROOT / "templates" / "score-pads").glob("*.json")):
        load_score_pad(path)
    assert parses == []


def test_a_word_deck_is_planned_without_line_maps(tmp_path, parses):
    from pnp.kits.build import plan_build
    from pnp.kits.request import BuildRequest

    words = ROOT / "data" / "majority" / "words.json"
    planned = plan_build(BuildRequest(games=("majority",), components=("word-cards",),
                                      out_dir=tmp_path, words=words))
    card = planned[0].printables[0].cards[5]
    assert parses == []
    where, word = card.front.source, card.front.fields["word"]
    line = next(n for n, text in enumerate(words.read_text("utf-8").splitlines(), 1)
                if f'"{word}"' in text)
    assert (where.file, where.path, where.line) == (str(words), "$.cards[5].front", line)


def test_a_location_finds_its_line_when_an_error_needs_it(tmp_path, parses):
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "odd.json").write_text(
        '{"extends": "word-card",\n "boxes": [\n  {"name": "note", "x": 2, "y": 2,\n'
        '   "width": 400, "height": 5}]}\n', encoding="utf-8")
    with pytest.raises(DataError) as caught:
        layout_set(tmp_path).get("odd")
    problem, = caught.value.problems
    assert (problem.line, problem.path) == (3, "$.boxes[0]") and parses


def test_inline_markup_errors_keep_their_line(tmp_path):
    source = tmp_path / "t.md"
    source.write_text("# Title\n\nFine text.\n\nA *dangling star.\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        rulesheet.load_rule_text(source, font_set(), None)
    assert caught.value.problems[0].line == 5


def test_blobs_are_made_once_and_kept_by_content(tmp_path, monkeypatch):
    from pnp.content import blobcache

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    made: list[bytes] = []

    def make(source: bytes):
        def run():
            made.append(source)
            return [source.upper(), b"", b"second"]
        return run

    first = blobcache.cached_blobs("kind", b"r1", b"abc", make(b"abc"))
    assert blobcache.cached_blobs("kind", b"r1", b"abc", make(b"abc")) == first
    assert first == [b"ABC", b"", b"second"] and made == [b"abc"]
    blobcache.cached_blobs("kind", b"r1", b"abd", make(b"abd"))  # another source
    blobcache.cached_blobs("kind", b"r2", b"abc", make(b"abc"))  # another recipe
    assert made == [b"abc", b"abd", b"abc"]


@pytest.mark.parametrize("damage", [b"", b"pnp-blobs 1", b"pnp-blobs 1\n\x00\x00",
                                    b"pnp-blobs 1\n" + b"\x00" * 7 + b"\x09abc",
                                    b"\x00" * 8 + b"good"])
def test_a_damaged_entry_is_made_again(tmp_path, monkeypatch, damage):
    from pnp.content import blobcache

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    blobcache.cached_blobs("kind", b"r", b"src", lambda: [b"good"])
    entry, = (tmp_path / "kind").iterdir()
    entry.write_bytes(damage)
    assert blobcache.cached_blobs("kind", b"r", b"src", lambda: [b"made"]) == [b"made"]
    assert blobcache.cached_blobs("kind", b"r", b"src", lambda: [b"again"]) == [b"made"]


def test_an_entry_the_caller_finds_wrong_is_made_again(tmp_path, monkeypatch):
    from pnp.content import blobcache

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    blobcache.cached_blobs("kind", b"r", b"src", lambda: [b"not a png"])
    assert blobcache.cached_blobs("kind", b"r", b"src", lambda: [b"\x89PNG"],
                                  valid=lambda blob: blob.startswith(b"\x89PNG")) == [b"\x89PNG"]


def test_no_cache_when_off_or_unwritable(tmp_path, monkeypatch):
    from pnp.content import blobcache

    calls: list[int] = []
    monkeypatch.setenv("PNP_CACHE_DIR", "off")
    for _ in range(2):
        blobcache.cached_blobs("kind", b"r", b"s", lambda: calls.append(1) or [b"x"])
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocked))
    for _ in range(2):
        assert blobcache.cached_blobs("kind", b"r", b"s",
                                      lambda: calls.append(1) or [b"x"]) == [b"x"]
    assert len(calls) == 4


def _thumbnails(tmp_path: Path, out: str, **options) -> dict[str, list[bytes]]:
    from pnp.kits.build import run_build
    from pnp.kits.request import BuildRequest
    from pnp.render.decks import PrintOptions

    previews: dict = {}
    run_build(BuildRequest(games=("d20-stacks",), components=("d20-cards", "rules"),
                           out_dir=tmp_path / out, options=PrintOptions(**options)),
              previews=previews)
    return {path.name: pngs for path, pngs in previews.items()}


def test_a_rebuild_takes_its_thumbnails_from_the_cache(tmp_path, monkeypatch):
    from pnp.kits import gallery

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PNP_JOBS", "1")
    first = _thumbnails(tmp_path, "one")
    drawn: list[str] = []
    real = gallery._render_pngs
    monkeypatch.setattr(gallery, "_render_pngs", lambda pdf: drawn.append(pdf) or real(pdf))
    assert _thumbnails(tmp_path, "two") == first and not drawn
    assert all(png.startswith(b"\x89PNG") for pngs in first.values() for png in pngs)
    bled = _thumbnails(tmp_path, "three", bleed=3.0)  # changed cards: drawn afresh
    assert len(drawn) == 1 and bled["d20-cards.pdf"] != first["d20-cards.pdf"]
    assert bled["rules.pdf"] == first["rules.pdf"]


def test_records_with_lines_on_demand_behave_as_plain_ones(tmp_path):
    """dataclasses.replace, equality and hashing work as on the plain record, the line
    included, so code written for a Word or a Location needs no change."""
    from dataclasses import replace

    from pnp.content.jsonfile import parse_json
    from pnp.content.wordlist import Word, load_word_list
    from pnp.errors import Location

    source = tmp_path / "w.json"
    source.write_text('{"cards": [\n {"front": "Sun",\n  "back": "Moon"}]}\n', encoding="utf-8")
    word = load_word_list(source).cards[0].back
    assert (word.text, word.line, word.path) == ("Moon", 3, "$.cards[0].back")
    plain = Word("Star", str(source), 3, "$.cards[0].back")
    assert replace(word, text="Star") == plain and plain == replace(word, text="Star")
    assert hash(replace(word, text="Star")) == hash(plain) and word != plain
    assert replace(word) == word and hash(replace(word)) == hash(word)
    assert word.location() == Location(str(source), 3, "$.cards[0].back")
    where = parse_json(source.read_text("utf-8"), "w.json").location("$.cards[0].front")
    assert where == Location("w.json", 2, "$.cards[0].front")
    assert replace(where, path="$").problem("m").line == 2


def _photo_jpeg() -> bytes:
    import io

    from PIL import Image

    image = Image.new("RGB", (320, 240))
    image.putdata([(x % 256, (x * 7) % 256, (x * 13) % 256) for x in range(320 * 240)])
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=80)
    return out.getvalue()


def test_a_jpeg_that_passed_is_not_decoded_again(tmp_path, monkeypatch):
    """The data check's pass is kept by the file's digest: a later build of the same art
    neither loads the decoder nor decodes; a cut file is refused as always."""
    import sys

    from pnp.render import images

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    whole = _photo_jpeg()
    good = tmp_path / "good.jpg"
    good.write_bytes(whole)
    assert images.inspect_image(good).width == 320
    images._inspect.cache_clear()
    monkeypatch.setitem(sys.modules, "simplejpeg", None)  # importing it now fails
    copy = tmp_path / "copy.jpg"
    copy.write_bytes(whole)
    assert images.inspect_image(copy).height == 240
    monkeypatch.delitem(sys.modules, "simplejpeg")
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(whole[: len(whole) // 2] + b"\xff\xd9")
    for _ in range(2):
        images._inspect.cache_clear()
        with pytest.raises(DataError, match="truncated or corrupt"):
            images.inspect_image(cut)


@pytest.mark.parametrize("game, component, layout, words", [
    ("majority2", "members", "m2-member", {"{cost_unit}": "coins"}),
    ("majority2", "player-aid", "m2-aid-back", {"{draw_title}": "DRAW PHASE",
                                                 "{coins_head}": "Coins"}),
    ("majority", "word-cards", "word-card", {"{card_title}": "THE MAJORITY"}),
])
def test_the_kits_words_draw_as_fixed_text_does(cli, tmp_path, game, component, layout,
                                                 words):
    """A shared field (the kit's words in its language) is drawn once per PDF, as a
    layout's fixed text is: the same file, byte for byte, as a layout that writes the
    English words in, so the language's words cost neither size nor time."""
    shipped = ROOT / "templates" / "layouts" / f"{layout}.json"
    text = shipped.read_text("utf-8")
    for placeholder, literal in words.items():
        assert placeholder in text
        text = text.replace(placeholder, literal)
    (tmp_path / "templates" / "layouts").mkdir(parents=True)
    (tmp_path / "templates" / "layouts" / f"{layout}.json").write_text(text, "utf-8")
    for out, extra in (("shared", ()), ("fixed", ("--templates", tmp_path / "templates"))):
        result = cli("build", game, "-c", component, "--no-gallery", "--out", tmp_path / out,
                     *extra)
        assert result.exit_code == 0, result.output
    name = f"{component}.pdf"
    assert (tmp_path / "shared" / game / name).read_bytes() == \
        (tmp_path / "fixed" / game / name).read_bytes()


def test_a_shared_field_that_differs_gets_a_form_of_its_own():
    """Forms are named by what their shared fields say: were two cards of one file to say
    different things, each would be drawn with its own words."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.draw import FaceContext, FormCache, draw_face
    from pnp.render.geometry import Box

    layout = layout_set().get("word-card")
    canvas = Canvas(io.BytesIO())
    forms = FormCache(canvas, 0.0)
    slot = Box(0, 0, layout.size.width, layout.size.height)
    context = FaceContext(font_set(), False, 0.0, "card", None,
                          shared=frozenset({"card_title"}))
    for word, title in (("Sun", "THE MAJORITY"), ("Moon", "THE MAJORITY"),
                        ("Star", "LA MAGGIORANZA")):
        draw_face(canvas, layout, {"word": word, "card_title": title}, slot, context,
                  forms=forms)
    titled = [key for key in forms.names if ("card_title", "LA MAGGIORANZA") in key]
    assert len(titled) == 1 and len(forms.names) == 2


def test_a_build_writes_its_files_through_one_private_folder_per_folder(tmp_path, monkeypatch):
    """136 files used to make and remove 136 private folders; one per output folder now,
    and the files and thumbnails are the same."""
    import tempfile

    from pnp.kits.build import run_build
    from pnp.kits.gallery import update_gallery
    from pnp.kits.request import BuildRequest

    monkeypatch.setenv("PNP_JOBS", "1")
    made: list[Path] = []
    real = tempfile.mkdtemp
    monkeypatch.setattr(tempfile, "mkdtemp", lambda **kw: made.append(kw["dir"]) or real(**kw))
    previews: dict = {}
    out = tmp_path / "out"
    summaries = run_build(BuildRequest(games=("d20-stacks",), out_dir=out), previews=previews)
    update_gallery(out, summaries, "a4", previews=previews)
    assert made.count(out / "d20-stacks") == 1
    assert made.count(out / "d20-stacks" / "preview") == 1
    assert len(list((out / "d20-stacks").glob("*.pdf"))) == len(summaries) > 5
    assert not list(out.rglob("*.partial"))
