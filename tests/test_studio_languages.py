"""The studio's pages in every language (issue 34): each page `pnp serve` sends is read as
strings.js reads it — every element marked `data-t` / `data-t-attr` given the language's
words — and what a person then sees (text, titles, labels, placeholders, alternative
texts) must hold no English furniture word. The English furniture is every word of the
English `app` and `studio` strings; a word a translation shares with English (a command,
a file type, a game's title, an accepted loanword) is on the reviewed `SHARED` list.

The same check reads every studio sentence the scripts show (`studio` strings), and every
effect, parameter and choice the promo designer offers has its words. The browser test
(a page in Italian, the switch to German) is in test_studio_pages.py."""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser

import pytest

from pnp.kits.pages import language_names, page_words
from pnp.render.decks import BACK_MODES
from pnp.web.app import create_app
from pnp.web.studio.vocabulary import promo_config
from tests.webtools import asgi_client

LANGUAGES = tuple(lang for lang in language_names() if lang != "en")
PAGES = ("/studio", "/studio/majority2/promo", "/studio/majority/words", "/studio/build")
_WORD = re.compile(r"[^\W\d_]{3,}")

# What a translation shares with English: the commands and options it quotes (pnp build,
# --promos), file types, game titles and names, and words that are the language's own.
COMMON = {"pnp", "build", "serve", "simulate", "validate", "printer", "save", "lang",
          "promos", "the", "majority", "json", "csv", "txt", "pdf", "zip", "kit", "art", "dpi",
          "png", "jpeg", "jpg", "tif", "tiff", "webp"}
SHARED = {
    "it": COMMON | {"promo", "server", "browser", "editor", "set", "base", "worker", "file",
                    "round", "junior", "per", "studio", "test", "toolkit", "consecutive",
                    "bonus", "area", "all", "computer", "font", "megapixel",
                    "layout"},
    "fr": COMMON | {"promo", "bots", "base", "position", "faction", "factions", "junior",
                    "points", "face", "faces", "terminal", "test", "options", "bonus", "long",
                    "note", "page", "phase", "place", "score", "version", "moment", "minute",
                    "tests", "image", "compare"},
    "de": COMMON | {"promo", "server", "browser", "editor", "bots", "engine", "worker",
                    "position", "hand", "live", "junior", "bytes", "die", "was", "balance",
                    "problem", "terminal", "toolkit", "designer", "name", "optional", "bonus",
                    "reserve", "rest", "minute", "relative", "link",
                    "test", "deck", "layout"},
    "es": COMMON | {"promo", "bots", "base", "set", "junior", "bytes", "terminal", "editor",
                    "control", "final"},
}


@cache
def english_furniture() -> frozenset[str]:
    said = page_words("en").said
    text = " ".join(_texts({**said["app"], **said["studio"]}))
    return frozenset(w.casefold() for w in _WORD.findall(text))


def _texts(value) -> list[str]:
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    return [re.sub(r"\{\w+\}", " ", value)] if isinstance(value, str) else []


def english_words(text: str, lang: str) -> list[str]:
    """The English furniture words in `text`, a command's options (--max-games) aside."""
    text = re.sub(r"--[\w-]+", " ", text)
    furniture = english_furniture() - SHARED.get(lang, COMMON)
    return sorted({w for w in _WORD.findall(text) if w.casefold() in furniture})


class _Seen(HTMLParser):
    """What a person sees of a page once strings.js has given it `words`: the text
    outside scripts and styles, and the attributes a browser shows or reads out."""

    SHOWN = ("title", "aria-label", "alt", "placeholder")

    def __init__(self, words: dict):
        super().__init__()
        self.words, self.seen, self.hidden, self.replaced = words, [], 0, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for pair in (attrs.get("data-t-attr") or "").split(","):
            if "=" in pair:
                name, key = (p.strip() for p in pair.split("="))
                attrs[name] = self.words[key]
        self.seen += [attrs[name] for name in self.SHOWN if attrs.get(name)]
        if tag in ("script", "style", "title"):
            self.hidden += 1
        key = attrs.get("data-t")
        self.replaced.append(key is not None)
        if key is not None:
            self.seen.append(self.words[key])
            self.hidden += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style", "title"):
            self.hidden -= 1
        if self.replaced and self.replaced.pop():
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.seen.append(data)


def shown(html: str, words: dict) -> str:
    parser = _Seen(words)
    parser.feed(re.sub(r"<(input|img|meta|link|br)\b([^>]*?)/?>", r"<\1\2></\1>", html))
    return " ".join(parser.seen)


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    client = asgi_client(create_app())
    answers = {path: client.get(path) for path in PAGES}
    assert all(a.status_code == 200 for a in answers.values())
    return {path: a.text for path, a in answers.items()}


def _words(lang: str) -> dict:
    said = page_words(lang).said
    return {**said["app"], **said["studio"]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_studio_page_in_another_language_shows_no_english_word(pages, lang):
    words = _words(lang)
    leftovers = {path: english_words(shown(html, words), lang) for path, html in pages.items()}
    assert {path: found for path, found in leftovers.items() if found} == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_studio_sentence_the_scripts_show_is_translated(lang):
    """The words the scripts put on the pages (labels, statuses, confirmations, the
    effects' descriptions), which a page rendered on the server does not hold yet."""
    studio = page_words(lang).said["studio"]
    found = {key: english_words(" ".join(_texts(text)), lang) for key, text in studio.items()}
    assert {key: words for key, words in found.items() if words} == {}


def test_the_check_finds_an_english_label_left_on_a_page(pages):
    """The check can fail: a page whose heading lost its data-t keeps its English, and an
    Italian word list editor then shows 'Word list editor' (but not the game's title)."""
    html = pages["/studio/majority/words"].replace('data-t="words_title"', "")
    assert english_words(shown(html, _words("it")), "it") == ["Word", "list"]


def test_every_choice_the_promo_designer_offers_has_its_words():
    """The effects, their parameters and choices, the VP rules and the kit builder's back
    modes come from the schema and the library: each has a key in the studio's words, so
    a new one added there is not shown in English by a page in another language."""
    config = promo_config()
    studio = page_words("en").said["studio"]
    wanted = {f"build_backs_{mode.replace('-', '_')}" for mode in BACK_MODES}
    wanted |= {f"promo_vp_{rule['rule'].replace('-', '_')}" for rule in config["vp_rules"]}
    wanted |= {f"param_{p['name']}" for rule in config["vp_rules"] for p in rule["params"]}
    for effect in config["effects"]:
        wanted |= {f"effect_{effect['do']}", f"effect_{effect['do']}_does"}
        for param in effect["params"]:
            wanted.add(f"param_{param['name']}")
            words = [*param.get("choices", ()), *([param["word"]] if "word" in param else [])]
            wanted |= {f"choice_{w}" for w in words if w not in config["ranks"]}
    assert wanted - set(studio) == set()


def test_every_sentence_the_server_names_has_its_words():
    """The keys the studio's server gives its sentences (`err_…`, `warn_…`) and the
    shapes of the library's messages the pages know (`lib_…`) are all in the words."""
    from tests.webtools import ROOT

    studio = page_words("en").said["studio"]
    files = [*(ROOT / "pnp" / "web" / "studio").glob("*.py"),
             ROOT / "pnp" / "web" / "static" / "studio.js"]
    named = {key for path in files
             for key in re.findall(r'"((?:err|warn|lib)_\w+)"', path.read_text("utf-8"))}
    assert len(named) > 30 and named - set(studio) == set()


def _library_messages(tmp_path) -> list[str]:
    """What the library says of a bad word list, picture and zip, as the server sends it."""
    from pnp.content.wordlist import SOFT_HYPHEN
    from pnp.errors import DataError
    from pnp.kits.word_lists import check_word_list
    from pnp.render.images import inspect_image
    from pnp.web.studio import zips
    from tests.studiotools import NOT_AN_IMAGE, climbing_zip, symlink_zip, zip_bomb

    words = tmp_path / "words.txt"
    words.write_text(f"Café\ncafe\n{'Schiffsschraubenzubehör' * 3}\nbad\x07word\nCafÃ©\n"
                     f"{SOFT_HYPHEN}ab\nApfel\n", "utf-8")
    found = check_word_list(words, "de")
    said = [p.message for p in found.problems + found.warnings]
    for name, data, unpacked in (("x.png", NOT_AN_IMAGE, False), ("bomb.zip", zip_bomb(), True),
                                 ("up.zip", climbing_zip(), True),
                                 ("link.zip", symlink_zip(), True)):
        path = tmp_path / name
        path.write_bytes(data)
        try:
            zips.unpack(path, tmp_path / "out", name) if unpacked else inspect_image(path)
        except DataError as exc:
            said += [p.message for p in exc.problems]
    said += [p.message for p in _build_warnings(tmp_path)]
    return said + _promo_messages(tmp_path)


def _promo_messages(tmp_path) -> list[str]:
    """What the promo check says of a title too long for its box, a bad id, too many
    copies, a ghost of a faction, an id taken by a base card."""
    import json

    from pnp.kits.promo_cards import promo_problems
    from tests.studiotools import example_document

    changes = [{"title": "An extremely long title for a small promo card box indeed"},
               {"id": "Bad ID"}, {"quantity": 12}, {"rank": "ghost"},
               {"id": "witches-secretary"}]
    said = []
    for k, change in enumerate(changes):
        document = example_document()
        document["cards"][0].update(change)
        path = tmp_path / f"promo-{k}.json"
        path.write_text(json.dumps(document), "utf-8")
        said += [p.message for p in promo_problems(path)]
    return said


def _build_warnings(tmp_path) -> list:
    """A build's warnings about art: a soft picture, a name no card has (near one and
    not), a card without an art box, a file that is not an image; and a CSV list without
    its header."""
    from types import SimpleNamespace

    from pnp.content.wordlist import read_word_list
    from pnp.errors import DataError
    from pnp.kits.report import ArtUse, dpi_warnings
    from pnp.render.art import unused_art

    art = {name: tmp_path / f"{name}.png" for name in ("witches-secretry", "zzz", "token-1")}
    folder = SimpleNamespace(files=art, ignored=[tmp_path / "notes.txt"], not_files=[])
    found = dpi_warnings([ArtUse("majority2", "a.png", 96.0, ("witches-secretary", "x"))],
                         150)
    found += unused_art(folder, {"witches-secretary": True, "token-1": False})
    csv = tmp_path / "words.csv"
    csv.write_text("text\nApple\n", "utf-8")
    try:
        read_word_list(csv)
    except DataError as exc:
        found += exc.problems
    return found


@pytest.mark.slow
def test_the_pages_know_the_shape_of_what_the_library_says(tmp_path):
    """studio.js's table of the library's message shapes, run in Node against what the
    library says now: a message whose wording changed would be shown in English in every
    other language, so each must still be recognised (and get a `lib_…` key)."""
    import json
    import shutil
    import subprocess

    from tests.webtools import ROOT

    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js to run the page's script")
    messages = _library_messages(tmp_path)
    assert len(messages) >= 10
    script = ("global.pnp = { el: () => null };"
              "global.STRINGS = { t: (key) => key, plain: (p) => 'not known: ' + p.message };"
              + (ROOT / "pnp" / "web" / "static" / "studio.js").read_text("utf-8")
              + f";console.log(JSON.stringify({json.dumps(messages)}.map("
                "(message) => studio.said({ message }))));")
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    unknown = [m for m, key in zip(messages, shown, strict=True) if not key.startswith("lib_")]
    assert unknown == [], unknown


def _verdict_cases() -> list[tuple[dict, dict]]:
    """Balance answers as the studio's worker makes them and the library's words for each:
    a real 100-game run (a clear 'stronger'), and the same run told as unclear, with too
    few games, with a blank card and two kinds of bot, as a sequential design, and for a
    promo that replaces no card."""
    import copy

    from pnp.simulate.verdict import compare_promo, promo_in_words
    from pnp.web.studio.tasks import verdict_facts
    from tests.studiotools import OVER_STRONG

    summary = compare_promo(OVER_STRONG, 100)
    promo_id = summary["promos"][0]["promo"]
    titles = {promo_id: "Witches Grand Secretary", "witches-secretary": "Witches Secretary"}

    def unclear(s, p):
        p["significant"], p["verdict"] = False, "no clear difference"
        p["vp_per_copy"]["significant"] = False
        p["vp_per_copy"]["p_adjusted"] = 0.0004
    def few(s, p):
        p["vp_per_copy"]["difference"] = None
        p["vp_per_copy"]["minimum_detectable_effect"] = None
    def wins(s, p):
        p["scorer_win_rate"] |= {"difference": -0.0625, "low": -0.21, "high": 0.0851,
                                 "p_adjusted": 0.5, "significant": False,
                                 "minimum_detectable_effect": dict(
                                     p["vp_per_copy"]["minimum_detectable_effect"],
                                     effect=0.12, target=0.05, games_for_target=1563)}
        s["bots"], s["blank_cards"] = ["greedy", "random"], [p["promo"]]
        unclear(s, p)
    def sequential(s, p):
        p["vp_per_copy"]["minimum_detectable_effect"]["design"] = "sequential"
        unclear(s, p)
    def added(s, p):
        p["replaces"] = None
    cases = []
    for change in (None, unclear, few, wins, sequential, added):
        s = copy.deepcopy(summary)
        p = s["promos"][0]
        if change:
            change(s, p)
        answer = {"comparison": p, "games": s["games"], **verdict_facts(s, p, titles)}
        cases.append((answer, promo_in_words(s, promo_id, titles)))
    return cases


@pytest.mark.slow
def test_the_pages_tell_the_balance_verdict_as_the_library_does():
    """balance-words.js, run in Node with the English words, says word for word what the
    balance lab says (pnp/simulate/verdict.py) for each kind of answer; in Italian it
    says it with Italian words and numbers."""
    import json
    import shutil
    import subprocess

    from tests.webtools import ROOT

    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js to run the page's script")
    cases = _verdict_cases()

    def told(lang: str) -> list[dict]:
        words = json.dumps(_words(lang), ensure_ascii=False)
        script = (f"const W = {words};"
                  "global.STRINGS = { lang: '" + lang + "', t: (k, v = {}) => { let s = W[k];"
                  " if (s === undefined) return k; return s.replace(/\\{(\\w+)\\}/g,"
                  " (m, n) => (n in v ? String(v[n]) : m)); } };"
                  + (ROOT / "pnp" / "web" / "static" / "balance-words.js").read_text("utf-8")
                  + f";console.log(JSON.stringify({json.dumps([a for a, _ in cases])}"
                    ".map(balanceWords)));")
        done = subprocess.run([node, "-e", script], capture_output=True, text=True,
                              timeout=30)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    english = told("en")
    for (_, library), page in zip(cases, english, strict=True):
        assert {k: page.get(k) for k in ("headline", "lines")} == \
            {k: library[k] for k in ("headline", "lines")}
        assert page["power"] == library.get("power")
    italian = told("it")
    assert italian[0]["headline"].startswith("Witches Grand Secretary è più forte")
    assert "0,80 PV in più" in italian[0]["lines"][1]
    said = " ".join(t for v in italian for t in (v["headline"], *v["lines"], v["power"] or ""))
    for name in ("Witches Grand Secretary", "Witches Secretary", "greedy", "random"):
        said = said.replace(name, " ")  # the cards' and the bots' names
    assert english_words(said, "it") == []
