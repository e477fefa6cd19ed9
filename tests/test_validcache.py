"""A schema pass is remembered across runs by content, and only a pass: a changed file, a
failing file or a turned-off cache is always validated for real."""

from __future__ import annotations

import json

import pytest

from pnp.content import schemas, validcache
from pnp.content.jsonfile import parse_json
from pnp.content.sources import load_source

from conftest import ROOT

WORDS = {"$schema": "../../pnp/schemas/majority-words.schema.json",
         "cards": [{"front": "Apple", "back": "Pear"}]}


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("PNP_CACHE_DIR", str(folder))
    return folder


def _doc(value) -> object:
    return parse_json(json.dumps(value, indent=1), "words.json")


def _no_validation(monkeypatch):
    def refuse(*_):
        raise AssertionError("validated again")

    monkeypatch.setattr(schemas, "_errors", refuse)


def test_a_pass_is_remembered_and_not_validated_again(cache, monkeypatch):
    assert schemas.schema_problems(_doc(WORDS), "majority-words") == []
    assert len(list((cache / "valid").iterdir())) == 1
    _no_validation(monkeypatch)
    assert schemas.schema_problems(_doc(WORDS), "majority-words") == []


def test_a_changed_document_is_validated_afresh(cache):
    assert schemas.schema_problems(_doc(WORDS), "majority-words") == []
    changed = {**WORDS, "cards": [{"front": "Apple", "back": "Pear", "colour": "red"}]}
    problems = schemas.schema_problems(_doc(changed), "majority-words")
    assert problems and "unknown key(s) 'colour'" in problems[0].message
    assert problems[0].line is not None


def test_a_failure_is_never_remembered(cache):
    bad = {**WORDS, "cards": "none"}
    for _ in range(2):
        assert schemas.schema_problems(_doc(bad), "majority-words")
    assert not (cache / "valid").exists()


def test_the_same_value_under_another_schema_is_another_key(cache):
    value = {"cards": []}
    first = schemas.schema_problems(_doc(value), "majority-words")
    assert not validcache.passed_before("majority2-cards", value)
    assert first == schemas.schema_problems(_doc(value), "majority-words")


def test_a_new_schema_or_package_version_forgets_every_pass(cache, monkeypatch):
    assert schemas.schema_problems(_doc(WORDS), "majority-words") == []
    assert validcache.passed_before("majority-words", WORDS)
    monkeypatch.setattr(validcache, "_fingerprint", lambda: b"another schema set")
    assert not validcache.passed_before("majority-words", WORDS)


def test_turned_off_or_unwritable_cache_still_validates(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", "off")
    assert schemas.schema_problems(_doc(WORDS), "majority-words") == []
    assert not validcache.passed_before("majority-words", WORDS)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocker))
    assert schemas.schema_problems(_doc(WORDS), "majority-words") == []
    assert not validcache.passed_before("majority-words", WORDS)


def test_shipped_data_loads_the_same_from_the_cache(cache, monkeypatch):
    from pnp.content import sources

    path = ROOT / "data" / "majority2" / "members.json"
    monkeypatch.setattr(sources, "_PASSED", type(sources._PASSED)())  # a new process
    fresh = load_source(path, "majority2-cards").value
    monkeypatch.setattr(sources, "_PASSED", type(sources._PASSED)())
    _no_validation(monkeypatch)
    assert load_source(path, "majority2-cards").value == fresh


def test_a_full_cache_folder_is_emptied_and_listed_once_per_process(cache, monkeypatch):
    """Past MAX_ENTRIES the folder is emptied before the next pass is written; the folder
    is listed at the first write only, later writes are counted (a listing of thousands of
    entries at every write was a first build's cost)."""
    from pnp.content import cachefolders

    cachefolders.forget_counts()
    folder = cache / "valid"
    folder.mkdir(parents=True)
    monkeypatch.setattr(validcache, "MAX_ENTRIES", 5)
    for name in range(6):
        (folder / f"old{name}").touch()
    listed = []
    real = cachefolders._entries
    monkeypatch.setattr(cachefolders, "_entries", lambda f: listed.append(f) or real(f))
    validcache.remember_pass("majority-words", {"n": 0})
    assert len(list(folder.iterdir())) == 1  # six old entries gone, the new one kept
    for n in range(1, 7):
        validcache.remember_pass("majority-words", {"n": n})
        validcache.remember_pass("majority-words", {"n": n})  # known: not counted again
    assert listed == [folder]
    assert len(list(folder.iterdir())) == 1  # 6 counted after the first: emptied again
    assert validcache.passed_before("majority-words", {"n": 6})
    assert not validcache.passed_before("majority-words", {"n": 5})
    cachefolders.forget_counts()
