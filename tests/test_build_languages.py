"""One language by default: `pnp build` makes each kit in English (or `--lang L`), and
`--lang all` makes it in every language its game has, each language's files exactly as
that language's own build makes them."""

from __future__ import annotations

import shutil

import pytest

from pnp.errors import UsageError
from pnp.kits.build import build_warnings, language_requests, plan_build
from pnp.kits.languages import others_note
from pnp.kits.request import BuildRequest

from conftest import ROOT

D20 = ["d20-cards", "tuck-box", "rules", "quick-reference", "score-pad", "kit"]


def names(request: BuildRequest) -> list[str]:
    return [f"{f.path.parent.name}/{f.path.name}" for f in plan_build(request)]


def test_a_build_plans_one_language_english_by_default():
    assert names(BuildRequest(games=("d20-stacks",))) == [f"d20-stacks/{n}.pdf" for n in D20]
    italian = names(BuildRequest(games=("d20-stacks",), lang="it"))
    assert italian == [f"d20-stacks/{n}-it.pdf" for n in D20]


def test_lang_all_plans_each_language_of_each_game_as_its_own_build_would():
    every = names(BuildRequest(games=("majority2", "d20-stacks"), lang="all"))
    one_by_one = [name for game in ("majority2", "d20-stacks") for lang in ("en", "it")
                  for name in names(BuildRequest(games=(game,), lang=lang))]
    assert every == one_by_one
    majority = names(BuildRequest(games=("majority",), lang="all", components=("kit",)))
    assert majority == ["majority/kit.pdf", "majority/kit-de.pdf", "majority/kit-es.pdf",
                        "majority/kit-fr.pdf", "majority/kit-it.pdf"]


def test_lang_all_shares_layouts_and_keeps_each_languages_content_apart():
    request = BuildRequest(games=("majority",), lang="all")
    pairs = language_requests(request)
    assert [one.lang for _, one in pairs] == ["en", "de", "es", "fr", "it"]
    assert all(one.layouts is request.layouts for _, one in pairs)
    plan_build(request)
    assert sorted(lang for _, lang in request.contents) == ["de", "en", "es", "fr", "it"]


def test_a_file_named_in_another_language_builds_in_it():
    request = BuildRequest(games=("majority",), components=("rules-de", "word-cards"))
    assert names(request) == ["majority/word-cards.pdf", "majority/rules-de.pdf"]


def test_a_language_without_its_own_documents_uses_the_english_ones_once(tmp_path):
    """A language with card data but no rule text: `--lang all` plans the English
    documents once (both languages' kits hold them), and warns about none of them."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    for name in ("words", "strings"):
        source = data / "majority" / f"{name}.{'json' if name == 'words' else 'en.json'}"
        shutil.copy(source, data / "majority" / f"{name}.pt.json")
    request = BuildRequest(games=("majority",), lang="all", data_dir=data,
                           components=("rules", "kit", "word-cards"))
    planned = names(request)
    assert planned.count("majority/rules.pdf") == 1 and "majority/kit-pt.pdf" in planned
    assert "majority/word-cards-pt.pdf" in planned
    warned = [w.message for w in build_warnings(request)]
    assert [m for m in warned if "'pt'" in m] == [
        "majority has no rules in 'pt': the English one is used",
        "majority has no quick reference in 'pt': the English one is used",
        "majority has no score pad in 'pt': the English one is used"]


def test_the_note_names_the_other_languages_of_each_game():
    assert others_note(("majority", "majority2", "d20-stacks")) == (
        "building in English (majority also in de, es, fr, it; majority2, d20-stacks also "
        "in it): --lang LANG builds one of them, --lang all every language")


def test_one_language_tools_refuse_all():
    from pnp.kits.word_lists import word_cards

    with pytest.raises(UsageError, match="--lang all builds a kit in every language"):
        word_cards(None, "all")


@pytest.mark.slow
def test_the_build_says_first_that_it_builds_english(cli, tmp_path):
    result = cli("build", "d20-stacks", "--out", tmp_path, "--no-gallery")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines()[0] == (
        "note: building in English (d20-stacks also in it): --lang LANG builds one of "
        "them, --lang all every language")
    assert sorted(p.name for p in (tmp_path / "d20-stacks").iterdir()) == sorted(
        f"{n}.pdf" for n in D20)
    quiet = cli("build", "d20-stacks", "--lang", "en", "-c", "rules", "--out", tmp_path,
                "--no-gallery")
    assert quiet.exit_code == 0 and quiet.stderr == ""


@pytest.mark.parametrize("kind", ["png", "shop", "tts", "cut"])
def test_an_export_takes_one_language_and_refuses_all(cli, tmp_path, kind):
    result = cli("export", kind, "d20-stacks", "--lang", "all", "--out", tmp_path)
    assert result.exit_code == 2
    assert "--lang all is for pnp build; an export takes one language" in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("lang", "words"), [("en", "Each kit is built in one language"),
                                             ("it", "Ogni kit viene creato in una sola lingua")])
def test_the_gallery_says_a_build_makes_one_language(lang, words):
    from pnp.kits.gallery import render_html
    from pnp.kits.pages import page_words

    page = render_html([], None, page_words(lang))
    assert words in page
    assert "<code>pnp build --lang LANG</code>" in page
    assert "<code>pnp build --lang all</code>" in page
