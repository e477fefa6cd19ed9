"""Plan a game's documents: rule sheets, quick references and its score pad.

The texts and data live in the templates folder — `rules/<game>.<lang>.md`,
`rules/<game>.quick-reference.<lang>.md`, `diagrams/<NAME>.json` (`<NAME>.<lang>.json`
for translated labels), `score-pads/<game>.json` (`<game>.<lang>.json`). With
`--templates DIR` a file in DIR wins over the shipped one of the same name, so a user can
translate or reword one text without copying the rest. English documents become
`rules.pdf`, `quick-reference.pdf` and `score-pad.pdf`; other languages add their code
(`rules-it.pdf`). A build makes its language's documents (English without `--lang`); a
language without a document of its own gets the English one.

Each document is rendered once, in memory, when the build checks it; writing then puts
those bytes in place, so checking everything first costs no second rendering.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.errors import DataError, FitError, Problem
from pnp.kits.languages import (
    ALL,
    PRIMARY_LANGUAGE,
    document_language,
    localized_files,
    rule_texts,
    score_pads,
    suffix,
    template_roots,
)
from pnp.kits.request import PlannedFile, Rendered
from pnp.render.decks import FileSummary
from pnp.render.fonts import FontFamily, font_set

if TYPE_CHECKING:  # the renderers pull in platypus: import them only when rendering
    from pnp.render.diagram import DiagramLibrary
    from pnp.render.rulesheet import RenderedPdf

class _Document:
    """One document file: rendered on first need (the check), then written from memory."""

    def __init__(self, path: Path, render: Callable[[], RenderedPdf]):
        self.path = path
        self._render = render
        self._rendered: Rendered | None = None

    def render(self) -> Rendered:
        if self._rendered is None:
            pdf = self._render()
            self._rendered = Rendered(pdf.data, FileSummary(self.path, pdf.pages, 0,
                                                            printing="single-sided"))
        return self._rendered

    def data(self) -> bytes:
        return self.render().data

    def check(self) -> list[Problem]:
        try:
            self.render()
        except (DataError, FitError) as exc:
            return exc.problems
        return []

    def keep(self, rendered: Rendered) -> None:
        """Take the bytes another process rendered, so the kit can use them."""
        if self._rendered is None:
            self._rendered = rendered

    def planned(self, game_id: str, component: str) -> PlannedFile:
        return PlannedFile(game_id, self.path, (component,), self.render, self.check,
                           data=self.data, keep=self.keep)


def document_files(game_id: str, request) -> list:
    """The PlannedFiles for `game_id`'s rules, quick reference and score pad in the
    request's language, in that order; components `rules`, `quick-reference` and
    `score-pad`."""
    roots = template_roots(request.templates_dir)
    diagrams = _diagram_library([root / "diagrams" for root in roots])
    paper = request.options.paper
    out = request.out_dir / game_id
    planned = []
    for quick, component in ((False, "rules"), (True, "quick-reference")):
        for lang, text in _wanted(rule_texts(roots, game_id, quick), request):
            settings = _setting_reader(game_id, lang, request.data_dir)
            render = _rule_renderer(text, paper, request.font, diagrams, quick, settings)
            planned.append(_planned(game_id, out / f"{component}{suffix(lang)}.pdf",
                                    component, render))
    link = checker_link(request.checker_url, game_id) if request.checker_url else None
    for lang, pad in _wanted(score_pads(roots, game_id), request):
        render = _pad_renderer(pad, paper, request.font, link)
        planned.append(_planned(game_id, out / f"score-pad{suffix(lang)}.pdf", "score-pad",
                                render))
    return planned


def _diagram_library(folders: list[Path]) -> Callable[[], DiagramLibrary]:
    """The game's diagrams, loaded when the first rule sheet is drawn: a build of cards
    alone plans the documents but never loads the diagram module."""
    made: list[DiagramLibrary] = []

    def library() -> DiagramLibrary:
        if not made:
            from pnp.render.diagram import DiagramLibrary

            made.append(DiagramLibrary(folders))
        return made[0]

    return library


def missing_documents(game_id: str, request) -> list[Problem]:
    """A warning per document that `--lang` has no text for (the English one is used)."""
    if request.lang in (None, PRIMARY_LANGUAGE, ALL):
        return []
    roots = template_roots(request.templates_dir)
    found = {"rules": rule_texts(roots, game_id, False),
             "quick reference": rule_texts(roots, game_id, True),
             "score pad": score_pads(roots, game_id)}
    return [Problem(str(roots[0]), f"{game_id} has no {kind} in {request.lang!r}: the "
                                   "English one is used")
            for kind, texts in found.items()
            if texts and document_language(texts, request.lang) != request.lang]


def _wanted(found: dict[str, Path], request) -> list[tuple[str, Path]]:
    """The file in the request's `--lang` (English when there is none in that
    language)."""
    lang = document_language(found, request.lang)
    return [(k, v) for k, v in found.items() if k == lang]


def _planned(game_id: str, path: Path, component: str, render) -> PlannedFile:
    return _Document(path, render).planned(game_id, component)


def _setting_reader(game_id: str, lang: str,
                    data_dir: Path | None) -> Callable[[], dict[str, str]]:
    """The words a rule text in `lang` prints for the checker's settings, read when it is
    drawn: the game's strings file in that language (else the English one)."""
    def read() -> dict[str, str]:
        from pnp.content.sources import load_source
        from pnp.games import get_game
        from pnp.games.strings import setting_texts

        game = get_game(game_id)
        if "strings" not in game.localized:
            return {}
        path = localized_files(game_id, lang, data_dir).get("strings") or \
            localized_files(game_id, PRIMARY_LANGUAGE, data_dir).get("strings")
        if path is None:
            return {}
        return setting_texts(load_source(path, game.data_file("strings").kind).value)

    return read


def _rule_renderer(text: Path, paper: str, font: FontFamily | Path | None,
                   diagrams: Callable[[], DiagramLibrary], quick: bool,
                   settings: Callable[[], dict[str, str]]) -> Callable[[], RenderedPdf]:
    def render() -> RenderedPdf:
        from pnp.render.rulesheet import load_rule_text, render_rule_text

        fonts = font_set(font)
        rules = load_rule_text(text, fonts, diagrams(), settings())
        subject = "Quick reference" if quick else "Rules"
        return render_rule_text(rules, paper, fonts, diagrams(), one_page=quick,
                                subject=subject)

    return render


def _pad_renderer(pad: Path, paper: str, font: FontFamily | Path | None,
                  link: str | None = None) -> Callable[[], RenderedPdf]:
    def render() -> RenderedPdf:
        from pnp.render.scorepad import load_score_pad, render_score_pad

        return render_score_pad(load_score_pad(pad), paper, font_set(font), link)

    return render


def checker_link(base: str, game_id: str) -> str:
    """The address a score pad's QR code opens: `pnp serve`'s checker page for the game
    (`BASE/check/GAME`, keeping an access token given as `?token=`)."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(base)
    return urlunsplit((parts.scheme, parts.netloc, f"{parts.path.rstrip('/')}/check/{game_id}",
                       parts.query, ""))


def checked_url(url: str) -> str:
    """`--checker-url`: an http(s) address of at most 300 printable characters; UsageError
    saying what is wrong otherwise."""
    from urllib.parse import urlsplit

    from pnp.errors import UsageError

    try:
        parts = urlsplit(url)
    except ValueError as exc:
        raise UsageError(f"--checker-url {url!r}: {exc}") from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise UsageError(f"--checker-url {url!r}: expected an address such as "
                         "http://192.168.1.20:8000 (what `pnp serve` prints)")
    if len(url) > 300 or not url.isprintable() or " " in url or parts.fragment:
        raise UsageError("--checker-url: at most 300 characters, no spaces and no #fragment")
    return url
