"""Plan a game's documents: rule sheets, quick references and its score pad.

The texts and data live in the templates folder — `rules/<game>.<lang>.md`,
`rules/<game>.quick-reference.<lang>.md`, `diagrams/<NAME>.json`, `score-pads/<game>.json`.
With `--templates DIR` a file in DIR wins over the shipped one of the same name, so a user
can translate or reword one text without copying the rest. English texts become
`rules.pdf` and `quick-reference.pdf`; other languages add their code (`rules-it.pdf`).

Each document is rendered once, in memory, when the build checks it; writing then puts
those bytes in place, so checking everything first costs no second rendering.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.content import paths
from pnp.errors import DataError, FitError, Problem
from pnp.kits.request import PlannedFile
from pnp.render.decks import FileSummary
from pnp.render.fonts import FontFamily, font_set

if TYPE_CHECKING:  # the renderers pull in platypus: import them only when rendering
    from pnp.render.diagram import DiagramLibrary
    from pnp.render.rulesheet import RenderedPdf

PRIMARY_LANGUAGE = "en"
_TEXT_NAME = re.compile(r"^(?P<game>[a-z0-9-]+?)\.(?:(?P<quick>quick-reference)\.)?"
                        r"(?P<lang>[a-z]{2})\.md$")


class _Document:
    """One document file: rendered on first need (the check), then written from memory."""

    def __init__(self, path: Path, render: Callable[[], RenderedPdf]):
        self.path = path
        self._render = render
        self._pdf: RenderedPdf | None = None

    def pdf(self) -> RenderedPdf:
        if self._pdf is None:
            self._pdf = self._render()
        return self._pdf

    def data(self) -> bytes:
        return self.pdf().data

    def check(self) -> list[Problem]:
        try:
            self.pdf()
        except (DataError, FitError) as exc:
            return exc.problems
        return []

    def write(self, progress: Callable[[], None] | None = None) -> FileSummary:
        pdf = self.pdf()
        pdf.write(self.path)
        if progress:
            progress()
        return FileSummary(self.path, pdf.pages, 0, printing="single-sided")


def document_files(game_id: str, request) -> list:
    """The PlannedFiles for `game_id`'s rules (every language), quick references and score
    pad, in that order; components `rules`, `quick-reference` and `score-pad`."""
    from pnp.render.diagram import DiagramLibrary

    roots = _roots(request.templates_dir)
    diagrams = DiagramLibrary([root / "diagrams" for root in roots])
    paper = request.options.paper
    out = request.out_dir / game_id
    planned = []
    for quick, component in ((False, "rules"), (True, "quick-reference")):
        for lang, text in _texts(roots, game_id, quick).items():
            suffix = "" if lang == PRIMARY_LANGUAGE else f"-{lang}"
            doc = _Document(out / f"{component}{suffix}.pdf",
                            _rule_renderer(text, paper, request.font, diagrams, quick))
            planned.append(PlannedFile(game_id, doc.path, (component,), doc.write, doc.check,
                                       data=doc.data))
    pad = _first(roots, Path("score-pads") / f"{game_id}.json")
    if pad is not None:
        doc = _Document(out / "score-pad.pdf", _pad_renderer(pad, paper, request.font))
        planned.append(PlannedFile(game_id, doc.path, ("score-pad",), doc.write, doc.check,
                                   data=doc.data))
    return planned


def _roots(user_templates: Path | None) -> list[Path]:
    shipped = paths.templates_dir()
    if user_templates is None or user_templates.resolve() == shipped.resolve():
        return [shipped]
    return [user_templates, shipped]


def _first(roots: list[Path], relative: Path) -> Path | None:
    return next((root / relative for root in roots if (root / relative).is_file()), None)


def _texts(roots: list[Path], game_id: str, quick: bool) -> dict[str, Path]:
    """Language code → text file, the first root holding a language winning."""
    found: dict[str, Path] = {}
    for root in roots:
        folder = root / "rules"
        for path in sorted(folder.glob(f"{game_id}.*.md")) if folder.is_dir() else ():
            match = _TEXT_NAME.match(path.name)
            if match and match["game"] == game_id and bool(match["quick"]) == quick:
                found.setdefault(match["lang"], path)
    return dict(sorted(found.items(), key=lambda kv: (kv[0] != PRIMARY_LANGUAGE, kv[0])))


def _rule_renderer(text: Path, paper: str, font: FontFamily | Path | None,
                   diagrams: DiagramLibrary,
                   quick: bool) -> Callable[[], RenderedPdf]:
    def render() -> RenderedPdf:
        from pnp.render.rulesheet import load_rule_text, render_rule_text

        fonts = font_set(font)
        rules = load_rule_text(text, fonts, diagrams)
        subject = "Quick reference" if quick else "Rules"
        return render_rule_text(rules, paper, fonts, diagrams, one_page=quick, subject=subject)

    return render


def _pad_renderer(pad: Path, paper: str,
                  font: FontFamily | Path | None) -> Callable[[], RenderedPdf]:
    def render() -> RenderedPdf:
        from pnp.render.scorepad import load_score_pad, render_score_pad

        return render_score_pad(load_score_pad(pad), paper, font_set(font))

    return render
