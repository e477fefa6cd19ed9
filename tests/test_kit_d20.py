"""D20 Stacks' kit: the deck from its data, values big, dashes reading 0, a turn marker."""

import json
import shutil
from collections import Counter
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
from kittools import pdf_text

from pnp.games.d20_stacks import printing
from pnp.games.gamedata import load_content
from pnp.kits.build import run_build
from pnp.kits.request import BuildRequest
from pnp.render.decks import PrintOptions

from conftest import ROOT
from pdftools import A4, MM, fonts, page_sizes


def build(out: Path, data: Path | None = None, **options) -> Path:
    run_build(BuildRequest(games=("d20-stacks",), components=("d20-cards",), out_dir=out,
                           options=PrintOptions(**options), data_dir=data))
    return out / "d20-stacks" / "d20-cards.pdf"


@pytest.fixture(scope="module")
def deck_pdf(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("d20"))


def big_values(path: Path) -> Counter:
    """The big centre value of every card front (text larger than 30 pt)."""
    with pdfplumber.open(str(path)) as pdf:
        words = [w["text"] for page in pdf.pages
                 for w in page.extract_words(extra_attrs=["size"]) if w["size"] > 30]
    return Counter(0 if w == printing.DASH else int(w) for w in words)


def test_pages_size_and_fonts(deck_pdf):
    assert page_sizes(deck_pdf) == [A4] * 12
    used = fonts(deck_pdf)
    assert used and all(used.values()) and not any("Helvetica" in f for f in used)


@pytest.mark.slow
def test_every_value_with_its_multiplicity(deck_pdf):
    expected = {0: 14} | {v: 2 for v in range(1, 21)}
    assert big_values(deck_pdf) == expected
    assert load_content("d20-stacks").counts == expected


def test_dash_reads_as_zero_and_twenty_closes(deck_pdf):
    words = " ".join(pdf_text(deck_pdf).split())
    assert words.count("dash = 0") == 14
    assert words.count("20 closes its stack") == 2
    # one notation for the dash card: "–" in the corners as in the centre
    strings = load_content("d20-stacks").strings

    def face(value):
        return printing.card_face(value, strings).fields

    assert face(0)["corner"] == face(0)["big"] == "–"
    assert face(12)["two_digits"] and not face(9)["two_digits"]
    assert face(6)["underline"] and face(9)["underline"]
    assert not face(16)["underline"]


def test_byte_identical_on_a_rebuild(deck_pdf, tmp_path):
    assert build(tmp_path).read_bytes() == deck_pdf.read_bytes()


def _darkness(image, box) -> float:
    """Mean darkness (0 white … 1 black) of a region of a greyscale PIL image."""
    from PIL import ImageStat

    return 1 - ImageStat.Stat(image.crop(box)).mean[0] / 255


def test_the_top_edge_is_marked_so_four_turns_look_different(deck_pdf):
    """The first card's band: dark along its top edge, light along the other three, so a
    card turned 0°, 90°, 180° or 270° shows its band on a different side."""
    document = pypdfium2.PdfDocument(str(deck_pdf))
    scale = 4
    image = document[0].render(scale=scale).to_pil().convert("L")
    document.close()
    # The first slot: 3 × 3 poker cards centred on A4.
    left = (210 - 3 * 63) / 2
    top = (297 - 3 * 88) / 2

    def px(x_mm, y_mm):
        return round(x_mm * MM * scale), round(y_mm * MM * scale)

    def strip(x0, y0, x1, y1):
        return (*px(left + x0, top + y0), *px(left + x1, top + y1))

    edges = {
        "top": _darkness(image, strip(8, 3.5, 55, 11)),
        "bottom": _darkness(image, strip(8, 77, 55, 84.5)),
        "left": _darkness(image, strip(3.5, 20, 11, 68)),
        "right": _darkness(image, strip(52, 20, 59.5, 68)),
    }
    assert edges["top"] > 0.6
    assert max(edges["bottom"], edges["left"], edges["right"]) < 0.15


def _data_with_deck(tmp_path: Path, cards: list[dict]) -> Path:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    path = data / "d20-stacks" / "deck.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["cards"] = cards
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return data


def test_a_users_own_deck_is_printed(tmp_path):
    data = _data_with_deck(tmp_path, [{"value": 0, "count": 2}, {"value": 5, "count": 3},
                                      {"value": 20, "count": 4}])
    path = build(tmp_path / "out", data)
    assert big_values(path) == {0: 2, 5: 3, 20: 4}
    assert len(page_sizes(path)) == 2


def test_a_bad_own_deck_is_refused_with_file_and_path(cli, tmp_path):
    data = _data_with_deck(tmp_path, [{"value": 5, "count": 3}, {"value": 5, "count": 1}])
    result = cli("build", "d20-stacks", "--data", data, "--out", tmp_path / "out")
    assert result.exit_code == 2
    deck = data / "d20-stacks" / "deck.json"
    assert f"{deck}:" in result.stderr and "$.cards[1].value: value 5 is listed twice" in \
        result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_fold_mode_keeps_every_card(tmp_path):
    path = build(tmp_path, backs="fold")
    assert sum(big_values(path).values()) == 54
