"""The gallery says how each file is printed as it was built, and lists the calibration
sheet and the PNG, print-shop and Tabletop Simulator exports found in the output folder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.kits.gallery import MANIFEST
from pnp.kits.pages import page_words

PRINTING = page_words("en")["gallery"]["printing"]


def _figure(page: str, pdf: str) -> str:
    """The gallery's <figure> of one PDF."""
    match = re.search(rf'<figure[^>]*>\n<a href="{re.escape(pdf)}">.*?</figure>', page, re.S)
    assert match, pdf
    return match.group(0)


def _hrefs(page: str) -> list[str]:
    return re.findall(r'href="([^"]+)"', page)


@pytest.mark.slow
@pytest.mark.parametrize(("backs", "says"), [
    ("duplex-long", PRINTING["duplex-long"]), ("duplex-short", PRINTING["duplex-short"]),
    ("fold", PRINTING["fold"]), ("none", PRINTING["single-sided"]),
])
def test_each_file_says_how_to_print_it_as_built(cli, tmp_path, backs, says):
    result = cli("build", "majority", "-c", "vote-cards", "-c", "rules", "--backs", backs,
                 "--paper", "letter", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    page = (tmp_path / "index.html").read_text("utf-8")
    assert f"Letter paper. {says}" in _figure(page, "majority/vote-cards.pdf")
    assert f"Letter paper. {PRINTING['single-sided']}" in _figure(page, "majority/rules.pdf")


def test_files_keep_their_own_instructions_across_builds(cli, tmp_path):
    assert cli("build", "majority", "-c", "vote-cards", "--backs", "duplex-short",
               "--out", tmp_path).exit_code == 0
    assert cli("build", "d20-stacks", "-c", "d20-cards", "--backs", "fold",
               "--out", tmp_path).exit_code == 0
    page = (tmp_path / "index.html").read_text("utf-8")
    assert PRINTING["duplex-short"] in _figure(page, "majority/vote-cards.pdf")
    assert PRINTING["fold"] in _figure(page, "d20-stacks/d20-cards.pdf")


def test_exports_and_calibration_are_listed_with_links_inside_the_folder(cli, tmp_path):
    assert cli("build", "majority", "-c", "variant-card", "--out", tmp_path).exit_code == 0
    page = (tmp_path / "index.html").read_text("utf-8")
    assert "Exports" not in page and "calibration.pdf" not in page
    commands = [
        ("export", "png", "majority", "-c", "variant-card", "--dpi", "72"),
        ("export", "shop", "majority", "-c", "variant-card"),
        ("export", "tts", "majority", "-c", "variant-card", "--dpi", "72"),
        ("calibrate",),
    ]
    for command in commands:
        out = ("--out", tmp_path / "calibration.pdf") if command == ("calibrate",) else \
            ("--out", tmp_path)
        result = cli(*command, *out)
        assert result.exit_code == 0, result.stderr
        assert f"{tmp_path}/index.html  gallery" in result.stdout
    page = (tmp_path / "index.html").read_text("utf-8")
    hrefs = _hrefs(page)
    for expected in ("majority/png/variant-card-001-back.png",
                     "majority/shop/variant-card.pdf", "majority/tts/variant-card.json",
                     "calibration.pdf"):
        assert expected in hrefs, expected
    assert "3 PNG image(s)" not in page and "2 PNG image(s)" in page
    assert "copy variant-card.json and variant-card.png into Saves/Saved Objects" in page
    for href in hrefs:  # every link a file inside the folder
        target = (tmp_path / href).resolve()
        assert target.is_file() and target.is_relative_to(tmp_path.resolve()), href


def test_exports_outside_the_folder_are_not_linked(cli, tmp_path):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    assert cli("build", "majority", "-c", "variant-card", "--out", out).exit_code == 0
    assert cli("export", "tts", "majority", "-c", "variant-card", "--dpi", "72",
               "--out", elsewhere).exit_code == 0
    (out / "majority" / "tts").symlink_to(elsewhere / "majority" / "tts")
    (out / "majority" / "shop").mkdir()
    (out / "majority" / "shop" / "x.pdf").symlink_to(elsewhere / "majority" / "tts" /
                                                     "variant-card.json")
    assert cli("export", "png", "majority", "-c", "variant-card", "--dpi", "72",
               "--out", out).exit_code == 0
    page = (out / "index.html").read_text("utf-8")
    assert "tts/" not in page and "x.pdf" not in page
    assert "majority/png/" in page


def test_an_export_into_a_folder_without_a_gallery_writes_none(cli, tmp_path):
    result = cli("export", "png", "majority", "-c", "variant-card", "--dpi", "72",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    assert not (tmp_path / "index.html").exists() and not (tmp_path / MANIFEST).exists()
    assert "gallery" not in result.stdout


def test_an_old_manifest_without_printing_still_renders(cli, tmp_path):
    import json

    assert cli("build", "majority", "-c", "variant-card", "--out", tmp_path).exit_code == 0
    entries = json.loads((tmp_path / MANIFEST).read_text("utf-8"))
    for entry in entries:
        del entry["printing"], entry["paper"]
    (tmp_path / MANIFEST).write_text(json.dumps(entries), encoding="utf-8")
    assert cli("calibrate", "--out", tmp_path / "calibration.pdf").exit_code == 0
    page = Path(tmp_path / "index.html").read_text("utf-8")
    assert "Print at 100 % (actual size)." in _figure(page, "majority/variant-card.pdf")
