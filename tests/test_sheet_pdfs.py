"""Sheets measured from the PDFs: furniture clear of marks and edges, folds never solid,
landscape offsets rotated, packed backs behind their fronts, every paper and card size,
and the packed `kit.pdf`."""

import json
import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from kittools import page_texts, pdf_text
from PIL import Image

from pnp.kits.build import game_printables, run_build
from pnp.kits.request import BuildRequest
from pnp.render.decks import PrintOptions, pack_groups
from pnp.render.geometry import MM as MM_PT
from pnp.render.geometry import Box, mirror_boxes
from pnp.render.packing import pack

from pdftools import A4, LETTER, catalog, page_sizes, text, text_edge_distance

ROOT = Path(__file__).resolve().parent.parent


def _build(tmp_path, game, component, **options) -> Path:
    run_build(BuildRequest(games=(game,), components=(component,), out_dir=tmp_path,
                           options=PrintOptions(**options)))
    return tmp_path / game / f"{component}.pdf"


def _decks(game, component):
    (_, _, printables), = game_printables(BuildRequest(games=(game,)))
    return [d for d in printables if d.file == component]


def _mm_box(obj, height_pt) -> Box:
    """A pdfplumber object's bounding box in mm, origin bottom-left."""
    return Box(obj["x0"] / MM_PT, (height_pt - obj["bottom"]) / MM_PT,
               (obj["x1"] - obj["x0"]) / MM_PT, (obj["bottom"] - obj["top"]) / MM_PT)


def _gap(a: Box, b: Box) -> float:
    dx = max(0.0, max(a.x, b.x) - min(a.right, b.right))
    dy = max(0.0, max(a.y, b.y) - min(a.top, b.top))
    return (dx * dx + dy * dy) ** 0.5


@pytest.mark.parametrize(("paper", "bleed", "backs"), [
    ("letter", 0.0, "duplex-long"),   # the label and bar in the side margins
    ("a4", 3.0, "duplex-short"),      # landscape with bleed: marks beside the bleed
    ("a4", 0.0, "fold"),
])
def test_label_and_bar_clear_of_marks_and_edges_in_the_pdf(tmp_path, paper, bleed, backs):
    path = _build(tmp_path, "majority", "vote-cards", paper=paper, bleed=bleed, backs=backs)
    decks = _decks("majority", "vote-cards")
    pages = pack(pack_groups(decks), paper, backs == "fold", bleed=bleed)
    with pdfplumber.open(str(path)) as pdf:
        page = pdf.pages[0]
        w, h = page.width / MM_PT, page.height / MM_PT
        cards = [b.grown(bleed) for b in pages[0].boxes]
        if pages[0].fold_backs:
            cards += [b.grown(bleed) for b in pages[0].fold_backs.boxes]
        outside = [c for c in page.chars
                   if not any(_gap(_mm_box(c, page.height), b) == 0 for b in cards)]
        assert "".join(c["text"] for c in outside).count("scale check") == 1
        marks = [_mm_box(line, page.height) for line in page.lines
                 if line["linewidth"] == 0.3 and line["stroking_color"] in (0, 0.0, [0])]
        assert marks, "no crop marks found"
        for char in outside:
            box = _mm_box(char, page.height)
            assert box.x >= 5 - 0.05 and box.right <= w - 5 + 0.05, char["text"]
            assert box.y >= 5 - 0.05 and box.top <= h - 5 + 0.05, char["text"]
            assert min(_gap(box, m) for m in marks) >= 1.0 - 0.05, char["text"]
            assert min(_gap(box, c) for c in cards) >= 3.0 - bleed - 0.05, char["text"]
        for obj in page.lines:
            box = _mm_box(obj, page.height)
            assert box.x >= 5 - 0.05 and box.right <= w - 5 + 0.05
            assert box.y >= 5 - 0.05 and box.top <= h - 5 + 0.05


def test_the_fold_is_one_dashed_line_and_nothing_solid(tmp_path):
    path = _build(tmp_path, "majority", "word-cards", backs="fold")
    with pdfplumber.open(str(path)) as pdf:
        for page in pdf.pages[:2]:
            fold_x = page.width / 2
            on_fold = [line for line in page.lines + page.rects
                       if abs(line["x0"] - fold_x) < 0.3 and abs(line["x1"] - fold_x) < 0.3]
            assert len(on_fold) == 1 and on_fold[0]["dash"] is not None
            assert on_fold[0]["dash"][0] == [4, 3]


def test_landscape_backs_take_the_offset_rotated_into_page_axes(tmp_path):
    """--offset-x 2 --offset-y 1 (paper axes) moves landscape backs by (+1, -2) mm."""
    def back_words(out, **offset):
        path = _build(out, "majority", "vote-cards", bleed=3.0, **offset)
        with pdfplumber.open(str(path)) as pdf:
            assert pdf.pages[1].width > pdf.pages[1].height  # landscape
            return [(w["text"], w["x0"], w["bottom"]) for w in pdf.pages[1].extract_words()
                    if w["text"] in ("MAJORITY", "YTIROJAM")]

    plain = back_words(tmp_path / "a")
    moved = back_words(tmp_path / "b", offset_x=2.0, offset_y=1.0)
    assert len(plain) == len(moved) == 8
    for (_, x0, y0), (_, x1, y1) in zip(plain, moved, strict=True):
        assert (x1 - x0) / MM_PT == pytest.approx(1.0, abs=0.02)
        assert (y1 - y0) / MM_PT == pytest.approx(2.0, abs=0.02)  # pdf "bottom" runs down


def test_portrait_backs_take_the_offset_as_given(tmp_path):
    def back_words(out, **offset):
        path = _build(out, "majority", "vote-cards", **offset)
        with pdfplumber.open(str(path)) as pdf:
            return [(w["x0"], w["bottom"]) for w in pdf.pages[1].extract_words()
                    if w["text"] == "MAJORITY"]

    for (x0, y0), (x1, y1) in zip(back_words(tmp_path / "a"),
                                  back_words(tmp_path / "b", offset_x=2.0, offset_y=1.0),
                                  strict=True):
        assert ((x1 - x0) / MM_PT, (y0 - y1) / MM_PT) == (pytest.approx(2.0, abs=0.02),
                                                          pytest.approx(1.0, abs=0.02))


def _behind(front: Box, paper, flip: str) -> Box:
    """Where the paper puts the back of `front` after turning the sheet over (worked out
    from the flip itself, not from the renderer's mirror)."""
    landscape = paper.width > paper.height
    left_right = (flip == "long") != landscape
    if left_right:
        return Box(paper.width - front.right, front.y, front.width, front.height)
    return Box(front.x, paper.height - front.top, front.width, front.height)


@pytest.mark.parametrize("game", ["majority", "majority2"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_packed_backs_stay_within_a_tenth_of_a_mm_of_their_fronts(game, paper, flip):
    (_, _, printables), = game_printables(BuildRequest(games=(game,)))
    decks = [d for d in printables if hasattr(d, "cards")]
    pages = pack(pack_groups(decks), paper)
    assert len({(i.size, i.shape) for p in pages for i in p.items}) >= 1
    for page in pages:
        backs = mirror_boxes(page.paper, page.boxes, flip)
        for front, back in zip(page.boxes, backs.boxes, strict=True):
            expected = _behind(front, page.paper, flip)
            assert abs(back.x - expected.x) < 0.1 and abs(back.y - expected.y) < 0.1
            assert (back.width, back.height) == (front.width, front.height)
        # and no two pieces on a sheet overlap
        for i, a in enumerate(page.boxes):
            for b in page.boxes[i + 1:]:
                assert _gap(a, b) > 0 or a.right <= b.x + 1e-6 or b.right <= a.x + 1e-6 \
                    or a.top <= b.y + 1e-6 or b.top <= a.y + 1e-6


def test_mixed_sizes_share_a_sheet_in_the_tokens_file(tmp_path):
    _build(tmp_path, "majority2", "coins")
    path = tmp_path / "majority2" / "tokens.pdf"
    assert len(page_sizes(path)) == 2  # 5 discs, 40 coins, the start marker: one sheet
    words = text(path)
    assert words.count("BLUE") == 2 and "Start player" in words


def test_a_vote_set_stays_on_one_sheet():
    decks = _decks("majority", "vote-cards")
    for paper in ("a4", "letter", "a5", "a3"):
        for page_fold in (False, True):
            if len(pack([pack_groups(decks)[0]], paper, page_fold)) > 1:
                continue  # a sheet too small for a set: nothing to keep together
            sheets = {}
            for number, page in enumerate(pack(pack_groups(decks), paper, page_fold)):
                for item in page.items:
                    sheets.setdefault(item.ref.card.label.split()[0], set()).add(number)
            assert all(len(s) == 1 for s in sheets.values()), (paper, page_fold, sheets)


@pytest.mark.parametrize(("paper", "size_mm"), [
    ("a3", (297, 420)), ("a5", (148, 210)), ("legal", (215.9, 355.6)),
    ("tabloid", (279.4, 431.8)), ("320x450", (320, 450)), ("450x320", (320, 450)),
    ("a6", (105, 148)), ("b5", (176, 250)), ("8.5x11in", (215.9, 279.4)),
    ("11 x 17 in", (279.4, 431.8)), ("4.1inx5.8in", (104.14, 147.32)),
])
def test_every_paper_size(tmp_path, paper, size_mm):
    path = _build(tmp_path, "d20-stacks", "d20-cards", paper=paper)
    sizes = set(page_sizes(path))
    expected = {(round(size_mm[0] * MM_PT, 2), round(size_mm[1] * MM_PT, 2))}
    assert sizes <= expected | {s[::-1] for s in expected}, sizes


def test_letter_and_a4_still_exact():
    assert (round(210 * MM_PT, 2), round(297 * MM_PT, 2)) == A4
    assert (round(215.9 * MM_PT, 2), round(279.4 * MM_PT, 2)) == LETTER


@pytest.mark.parametrize(("args", "message"), [
    # The three member decks share the reason, said once for them (one line per game).
    (["--paper", "60x80"], "Member cards (members), Promo member cards (promo-members), "
                           "Independent Ghosts (ghosts): a 63 × 88 mm card does not fit "
                           "60x80; --paper a6 holds them"),
    (["--paper", "100x150", "-c", "player-aid", "--backs", "fold"],
     "nothing to build on 100x150: majority2: Player aid (player-aid): left out: a 70 × 120 mm "
     "card does not fit 100x150 twice (front and back); --paper a5 holds it"),
    (["--paper", "10x10"], "each side must be 50–2000 mm"),
    (["--paper", "huge"], "unknown paper 'huge'; use a3, a4, a5, a6, b5, letter, legal, tabloid"),
])
def test_a_deck_that_cannot_fit_is_a_clear_error(cli, tmp_path, args, message):
    result = cli("build", "majority2", *args, "--out", tmp_path, "--no-gallery")
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "majority2").exists() or not list((tmp_path / "majority2").iterdir())


def _templates_with_card_size(tmp_path, size: str) -> Path:
    templates = tmp_path / "templates"
    (templates / "layouts").mkdir(parents=True)
    base = json.loads((ROOT / "templates" / "layouts" / "card-base.json").read_text("utf-8"))
    base["size"] = size
    base.pop("$schema", None)
    (templates / "layouts" / "card-base.json").write_text(json.dumps(base), "utf-8")
    return templates


@pytest.mark.slow
def test_a_layout_card_size_by_name_works_end_to_end(cli, tmp_path):
    """Tarot-sized D20 cards from one line in a layout: sheets, PNGs and the shop PDF."""
    templates = _templates_with_card_size(tmp_path, "tarot")
    out = tmp_path / "out"
    result = cli("build", "d20-stacks", "-c", "d20-cards", "--templates", templates, "--out",
                 out)
    assert result.exit_code == 0, result.stderr
    path = out / "d20-stacks" / "d20-cards.pdf"
    with pdfplumber.open(str(path)) as pdf:
        cuts = [line["width"] / MM_PT for line in pdf.pages[0].lines
                if line["linewidth"] == 0.25 and line["height"] == 0]
        assert cuts and all(abs(c - 140) < 0.05 for c in cuts)  # rows of two 70 mm cards
    assert len(page_sizes(path)) == 2 * 14  # 54 cards, 4 tarot cards per A4 sheet
    png = cli("export", "png", "d20-stacks", "--templates", templates, "--dpi", "100",
              "--out", out)
    assert png.exit_code == 0, png.stderr
    with Image.open(out / "d20-stacks" / "png" / "d20-cards-001-front.png") as image:
        assert image.size == (round(70 / 25.4 * 100), round(120 / 25.4 * 100))
    shop = cli("export", "shop", "d20-stacks", "--templates", templates, "--bleed", "3",
               "--out", out)
    assert shop.exit_code == 0, shop.stderr
    shop_sizes = page_sizes(out / "d20-stacks" / "shop" / "d20-cards.pdf")
    assert shop_sizes[0] == (round(76 * MM_PT, 2), round(126 * MM_PT, 2))


@pytest.mark.parametrize(("size", "mm"), [("mini-euro", (44, 68)), ("euro", (59, 92))])
def test_named_card_sizes_reach_the_sheet(tmp_path, size, mm):
    from pnp.render.geometry import card_size

    assert (card_size(size).width, card_size(size).height) == mm


def test_a_bad_card_size_in_a_layout_names_the_file(cli, tmp_path):
    templates = _templates_with_card_size(tmp_path, "jumbo")
    result = cli("build", "d20-stacks", "--templates", templates, "--out", tmp_path / "o")
    assert result.exit_code == 2
    assert "card-base.json" in result.stderr and "jumbo" in result.stderr


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    out = tmp_path_factory.mktemp("kits")
    summaries = run_build(BuildRequest(games=("majority2", "d20-stacks"), out_dir=out))
    return out, {s.path.name if s.path.name != "kit.pdf" else f"{s.path.parent.name}/kit": s
                 for s in summaries}


@pytest.mark.slow
def test_kit_holds_the_whole_game_packed(kits):
    out, summaries = kits
    kit = out / "majority2" / "kit.pdf"
    words = pdf_text(kit)
    for needed in ("Board member", "Start player", "PLAYER AID", "Quick reference",
                   "final score"):
        assert needed.lower() in words.lower(), needed
    # sheets of paper, each file printed double-sided on its own: the kit (one language,
    # as the build) never takes more
    per_file = sum((len(page_sizes(p)) + 1) // 2 for p in (out / "majority2").glob("*.pdf")
                   if p.name != "kit.pdf")
    packed = len(page_sizes(kit))
    assert packed % 2 == 0  # duplex: every sheet starts on a front
    assert packed // 2 <= per_file
    assert summaries["majority2/kit"].pages == packed


@pytest.mark.slow
def test_every_pdf_asks_viewers_for_actual_size(kits):
    """A viewer's "fit to page" would shrink the cards: every PDF a build writes, the
    packed kit.pdf included, sets /PrintScaling /None."""
    out, _ = kits
    pdfs = sorted(out.rglob("*.pdf"))
    assert any(p.name == "kit.pdf" for p in pdfs)
    for path in pdfs:
        assert catalog(path)["/ViewerPreferences"]["/PrintScaling"] == "/None", path


def test_kit_is_deterministic(kits, tmp_path):
    out, _ = kits
    run_build(BuildRequest(games=("d20-stacks",), out_dir=tmp_path))
    assert (tmp_path / "d20-stacks" / "kit.pdf").read_bytes() == \
        (out / "d20-stacks" / "kit.pdf").read_bytes()


def test_kit_in_fold_mode_has_no_blank_pages(tmp_path):
    run_build(BuildRequest(games=("d20-stacks",), out_dir=tmp_path,
                           options=PrintOptions(backs="fold")))
    cards = len(page_sizes(tmp_path / "d20-stacks" / "d20-cards.pdf"))
    boxes = len(page_sizes(tmp_path / "d20-stacks" / "tuck-box.pdf"))  # pieces: one-sided
    docs = sum(len(page_sizes(tmp_path / "d20-stacks" / f"{n}.pdf"))
               for n in ("rules", "quick-reference", "score-pad"))
    assert len(page_sizes(tmp_path / "d20-stacks" / "kit.pdf")) == cards + boxes + docs


def test_component_builds_leave_the_kit_alone(tmp_path):
    run_build(BuildRequest(games=("d20-stacks",), components=("d20-cards",), out_dir=tmp_path))
    assert not (tmp_path / "d20-stacks" / "kit.pdf").exists()
    shutil.rmtree(tmp_path / "d20-stacks")


def _labels(path: Path) -> list[str]:
    """Each page's sheet label ("sheet 3, backs"; "" on a page without one)."""
    found = [re.search(r"· (sheet \d+(, fronts and backs|, fronts|, backs)?)", page)
             for page in page_texts(path)]
    return [m.group(1) if m else "" for m in found]


def test_sheet_labels_count_pieces_of_paper_in_every_file_and_the_kit(kits, tmp_path):
    """A duplex sheet is one piece of paper: its two pages say "sheet 1, fronts" and
    "sheet 1, backs"; a fold sheet or a single-sided page is one sheet; kit.pdf counts on
    from its cards to its pieces."""
    out, _ = kits
    assert _labels(out / "d20-stacks" / "d20-cards.pdf")[:4] == [
        "sheet 1, fronts", "sheet 1, backs", "sheet 2, fronts", "sheet 2, backs"]
    run_build(BuildRequest(games=("d20-stacks",), components=("d20-cards",),
                           out_dir=tmp_path, options=PrintOptions(backs="fold")))
    assert _labels(tmp_path / "d20-stacks" / "d20-cards.pdf")[:2] == [
        "sheet 1, fronts and backs", "sheet 2, fronts and backs"]
    kit = [label for label in _labels(out / "d20-stacks" / "kit.pdf") if label]
    assert kit[:2] == ["sheet 1, fronts", "sheet 1, backs"]
    numbers = list(dict.fromkeys(int(label.split()[1].rstrip(",")) for label in kit))
    assert numbers == list(range(1, len(numbers) + 1)), kit  # cards, then the tuck box
    assert kit[-1] == f"sheet {numbers[-1]}"  # the tuck box: one-sided, a sheet of its own


@pytest.mark.parametrize(("paper", "backs"), [("letter", "duplex-short"),
                                              ("letter", "duplex-long"), ("a4", "fold")])
def test_no_text_within_5_mm_of_the_edge(tmp_path, paper, backs):
    """The scale bar's caption above the bar (its compact form, at the top of Letter's
    last point-card backs) sat 4.80 mm from the edge: its box left out the bar's base."""
    path = _build(tmp_path, "majority", "point-cards", paper=paper, backs=backs)
    assert text_edge_distance(path) >= 5.0 - 0.005
