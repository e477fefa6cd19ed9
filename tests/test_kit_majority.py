"""The Majority's printed kit, checked in the PDFs themselves."""

import re
from pathlib import Path

import pdfplumber
import pytest

from pnp.games.gamedata import load_content
from pnp.kits.build import run_build
from pnp.kits.request import BuildRequest
from pnp.render.decks import PrintOptions

from pdftools import A4, LETTER, MM, catalog, fonts, image_count, page_sizes, text

EXPECTED_PAGES = {"word-cards": 46, "vote-cards": 10, "preparation-cards": 2,
                  "point-cards": 18, "variant-card": 2, "blank-cards": 2,
                  "tuck-box": 5}


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    run_build(BuildRequest(games=("majority",), out_dir=out))
    return out / "majority"


def build(tmp_path, component="word-cards", **options) -> Path:
    words = options.pop("words", None)
    run_build(BuildRequest(games=("majority",), components=(component,), out_dir=tmp_path,
                           options=PrintOptions(**options), words=words))
    return tmp_path / "majority" / f"{component}.pdf"


@pytest.mark.slow
def test_every_file_with_its_page_count(kit):
    built = {p.stem: len(page_sizes(p)) for p in kit.glob("*.pdf")}
    assert {name: built.get(name) for name in EXPECTED_PAGES} == EXPECTED_PAGES
    documents = {re.sub(r"-[a-z]{2}$", "", name) for name in set(built) - set(EXPECTED_PAGES)}
    assert documents <= {"rules", "quick-reference", "score-pad", "kit"}


@pytest.mark.parametrize("name", sorted(EXPECTED_PAGES))
def test_a4_pages_embedded_fonts_and_no_images(kit, name):
    path = kit / f"{name}.pdf"
    assert set(page_sizes(path)) <= {A4, A4[::-1]}
    used = fonts(path)
    assert used and all(used.values()), used
    assert not any("Helvetica" in f for f in used)
    assert image_count(path) == 0


def test_print_scaling_none_and_metadata(kit):
    path = kit / "word-cards.pdf"
    assert catalog(path)["/ViewerPreferences"]["/PrintScaling"] == "/None"
    import pypdf

    info = pypdf.PdfReader(str(path)).metadata
    assert info["/Title"] == "The Majority" and info["/Author"] == "majority-pnp"


@pytest.mark.slow
def test_every_word_is_real_text(kit):
    extracted = text(kit / "word-cards.pdf")
    words = [w.text for w in load_content("majority").words.words()]
    missing = [w for w in words if w not in extracted]
    assert missing == []


@pytest.mark.slow
def test_vote_point_and_variant_texts(kit):
    votes = text(kit / "vote-cards.pdf")
    for colour in ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Pink", "Teal",
                   "Brown", "Grey"):
        assert colour in votes
    assert votes.count("Score") >= 10
    assert "Most" in text(kit / "variant-card.pdf") and "Least" in text(kit / "variant-card.pdf")
    points = text(kit / "point-cards.pdf")
    assert "POINTS" in points and "POINT" in points


def _word_centres(path: Path, page: int) -> dict[str, tuple[float, float]]:
    """Centre (mm, from the page's top-left) of each big word on a page."""
    with pdfplumber.open(str(path)) as pdf:
        words = pdf.pages[page].extract_words(extra_attrs=["size"])
    return {w["text"]: ((w["x0"] + w["x1"]) / 2 / MM, (w["top"] + w["bottom"]) / 2 / MM)
            for w in words if w["size"] > 12}


def test_duplex_back_word_sits_behind_its_front(kit):
    cards = load_content("majority").words.cards
    fronts = _word_centres(kit / "word-cards.pdf", 0)
    backs = _word_centres(kit / "word-cards.pdf", 1)
    for card in cards[:9]:
        fx, fy = fronts[card.front.text]
        bx, by = backs[card.back.text]
        assert bx == pytest.approx(210 - fx, abs=0.6)
        assert by == pytest.approx(fy, abs=0.6)


def _big_letters_in(path: Path, page: int, box) -> str:
    """The large characters whose centre lies in `box` (mm, PDF origin), sorted: works for
    text at any rotation, where word extraction does not."""
    with pdfplumber.open(str(path)) as pdf:
        p = pdf.pages[page]
        height = float(p.height)
        chars = [c for c in p.chars if c["size"] > 12]
    inside = [c["text"] for c in chars
              if box.x <= (c["x0"] + c["x1"]) / 2 / MM <= box.right
              and box.y <= (height - (c["top"] + c["bottom"]) / 2) / MM <= box.top]
    return "".join(sorted(inside))


@pytest.mark.slow
def test_short_edge_duplex_mirrors_top_to_bottom_and_turns_backs(tmp_path):
    from pnp.render.geometry import CARD_SIZES, impose, mirror_for_duplex

    path = build(tmp_path, backs="duplex-short")
    sheet = impose(CARD_SIZES["poker"], "a4")
    backs = mirror_for_duplex(sheet, "short")
    cards = load_content("majority").words.cards
    for card, front_box, back_box in zip(cards, sheet.slots, backs.boxes, strict=False):
        assert _big_letters_in(path, 0, front_box) == "".join(sorted(card.front.text))
        assert _big_letters_in(path, 1, back_box) == "".join(sorted(card.back.text))


def test_back_offset_shifts_only_back_pages(tmp_path):
    path = build(tmp_path, offset_x=1.5, offset_y=-2.0)
    card = load_content("majority").words.cards[0]
    fx, fy = _word_centres(path, 0)[card.front.text]
    bx, by = _word_centres(path, 1)[card.back.text]
    assert bx == pytest.approx(210 - fx + 1.5, abs=0.6)
    # pdfplumber measures from the top: shifting the backs 2 mm down adds 2 mm
    assert by == pytest.approx(fy + 2.0, abs=0.6)


def test_fold_puts_front_and_back_on_one_page_across_the_fold(tmp_path):
    path = build(tmp_path, backs="fold")
    assert len(page_sizes(path)) == 52  # 206 cards, 4 pairs per landscape A4 page
    assert page_sizes(path)[0] == A4[::-1]
    card = load_content("majority").words.cards[0]
    centres = _word_centres(path, 0)
    fx, fy = centres[card.front.text]
    bx, by = centres[card.back.text]
    assert fx < 148.5 < bx
    assert bx - 148.5 == pytest.approx(148.5 - fx, abs=0.6) and by == pytest.approx(fy, abs=0.6)


def test_no_backs_prints_fronts_only(tmp_path):
    assert len(page_sizes(build(tmp_path, backs="none"))) == 23


def test_letter_paper(tmp_path):
    assert set(page_sizes(build(tmp_path, "vote-cards", paper="letter"))) == {LETTER}


def test_bleed_gives_landscape_8_up(tmp_path):
    path = build(tmp_path, "vote-cards", bleed=3)
    assert page_sizes(path)[0] == A4[::-1] and len(page_sizes(path)) == 10


def test_same_input_gives_identical_bytes(tmp_path):
    first = build(tmp_path / "a", "vote-cards").read_bytes()
    second = build(tmp_path / "b", "vote-cards").read_bytes()
    assert first == second


def test_shared_back_is_one_form_xobject(kit):
    import pypdf

    reader = pypdf.PdfReader(str(kit / "point-cards.pdf"))
    back_page = reader.pages[1]
    forms = back_page["/Resources"]["/XObject"]
    content = back_page.get_contents().get_data().decode("latin-1")
    uses = {name: content.count(f"{name} Do") for name in forms}
    assert sorted(uses.values()) == [1, 9]  # the marks once, the back once per card
    assert "re f" not in content and "BT" in content  # no card drawing, only the label


def test_ink_saver_drops_large_fills(tmp_path):
    import pypdfium2
    from PIL import ImageStat

    def mean_brightness(path):
        page = pypdfium2.PdfDocument(str(path))[0]
        return ImageStat.Stat(page.render(scale=0.3).to_pil().convert("L")).mean[0]

    normal = mean_brightness(build(tmp_path / "n", "vote-cards"))
    saver = mean_brightness(build(tmp_path / "s", "vote-cards", ink_saver=True))
    assert saver > normal + 25


def test_decks_of_one_size_share_sheets(kit):
    """50 one-point and 30 five-point cards fill 9 sheets, not 6 + 4: the sixth sheet
    holds the last five 1s and the first four 5s, each with its own back."""
    import pypdf

    reader = pypdf.PdfReader(str(kit / "point-cards.pdf"))
    mixed = reader.pages[10].extract_text()
    assert mixed.count("POINTS") == 4 and mixed.count("POINT\n") + mixed.count("POINT ") >= 5
    assert "1-point cards + 5-point cards · sheet 6, fronts" in mixed
    backs = reader.pages[11]
    assert "1-point cards + 5-point cards · sheet 6, backs" in backs.extract_text()
    content = backs.get_contents().get_data().decode("latin-1")
    assert content.count(" Do") == 9 + 1  # nine backs and the sheet's marks
