"""`pnp validate`: check data files, word lists, layouts and game records before use.

Each file is checked for what it is (detected from `"$schema"`, `"game"` or its suffix):
its schema first, then what only makes sense in context — a card's colour against its
faction, a promo against the base card it replaces — by loading the whole game with the
file swapped in. Validating never stops at the first bad file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.check import record_problems
from pnp.content import paths
from pnp.content.jsonfile import JsonDoc
from pnp.content.sources import detect_kind, load_source
from pnp.content.wordlist import WordList
from pnp.errors import DataError, PnpError, Problem, SchemaError
from pnp.games import GAMES, kind_owner
from pnp.games.gamedata import load_content
from pnp.games.majority2.content import blank_card_warnings
from pnp.render.fonts import FontFamily

_SUFFIXES = (".json", ".txt", ".csv")

@dataclass
class FileReport:
    """What validating one file found."""

    path: Path
    kind: str | None
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def default_paths(data_dir: Path | None = None) -> list[Path]:
    """Every shipped data file: each game's declared files and their other languages
    (`words.it.json`), the pages' words, then the examples."""
    root = data_dir or paths.data_dir()
    files = []
    for game in GAMES.values():
        for data_file in game.data_files:
            files.append(root / game.id / data_file.filename)
            if data_file.key in game.localized:
                stem = data_file.filename.split(".", 1)[0]
                files += sorted(p for p in (root / game.id).glob(f"{stem}.*.json")
                                if p.name != data_file.filename)
    files += sorted((root / "pages").glob("strings.*.json"))
    examples = root / "examples"
    if examples.is_dir():
        files += sorted(p for p in examples.rglob("*") if p.suffix in _SUFFIXES)
    for folder in ("layouts", "diagrams", "score-pads"):
        files += sorted((paths.templates_dir() / folder).glob("*.json"))
    return files


def expand(targets: list[Path]) -> list[Path]:
    """Folders become the data files inside them, in a stable order."""
    out: list[Path] = []
    for target in targets:
        if target.is_dir():
            out += sorted(p for p in target.rglob("*") if p.suffix.lower() in _SUFFIXES)
        else:
            out.append(target)
    return out


def validate_paths(targets: list[Path], data_dir: Path | None = None,
                   font: FontFamily | None = None) -> list[FileReport]:
    """A report per file (folders expanded); never raises for bad input. Texts are
    checked against `font` (the build's --font family; None: the bundled Vera)."""
    files = expand(targets) if targets else default_paths(data_dir)
    reports = [validate_file(path, data_dir, font) for path in files]
    for folder in (t for t in targets if t.is_dir()):
        if not any(f.is_relative_to(folder) for f in files):
            why = paths.folder_problem(folder) or "no data files here (.json, .txt or .csv)"
            reports.append(FileReport(folder, None, [Problem(str(folder), why)]))
    return reports


def validate_file(path: Path, data_dir: Path | None = None,
                  font: FontFamily | None = None) -> FileReport:
    """Check one file completely: kind, schema, then its consistency with the game."""
    report = FileReport(path, None)
    try:
        report.kind = detect_kind(path)
        try:
            source = load_source(path, report.kind)
        except SchemaError as exc:
            if exc.usable is None:
                raise
            report.problems += exc.problems
            source = exc.usable  # unknown keys dropped: check the rest in context too
        if isinstance(source, WordList):
            report.warnings += source.warnings
        found, content = _context_problems(path, report.kind, source, data_dir, font)
        report.problems += [p for p in found if p not in report.problems]
        report.problems += _translation_problems(report.kind, source, data_dir)
        if report.kind == "majority2-cards":
            art_found, soft = _art_problems(path, source)
            report.problems += art_found
            report.warnings += soft
            if content is not None:
                report.warnings += blank_card_warnings(content, str(path))
    except DataError as exc:
        report.problems += exc.problems
    report.problems.sort(key=lambda p: (p.file != str(path), p.line or 0))
    return report


def _translation_problems(kind: str, source, data_dir: Path | None) -> list[Problem]:
    """A game's strings file in another language than English: text left in English, and
    the words its glossary rules out in any text of that language."""
    from pnp.kits.translation import translation_problems

    owner = kind_owner(kind)
    if owner is None or not kind.endswith("-strings") or not isinstance(source, JsonDoc):
        return []
    return translation_problems(source, owner[0].id, data_dir)


CUSTOM_PROMOS = "custom promos"


def _context_problems(path: Path, kind: str, source, data_dir: Path | None,
                      font: FontFamily | None) -> tuple[list[Problem], object]:
    """The file's problems in the context of its game, and the game's content with the
    file in it (None when it cannot be loaded or the file is no game data)."""
    if kind.startswith(("result-", "log-")):
        return record_problems(path, source, data_dir), None
    if kind == "layout":
        return _layout_problems(path), None
    owner = kind_owner(kind)
    if owner is None:
        return [], None
    game, data_file = owner
    role = _role(path, source, game.id, data_file.key, data_dir)
    try:
        if role == CUSTOM_PROMOS:
            content = load_content(game.id, data_dir, custom_promos=[path])
        else:  # the file as read, so problems already reported do not stop this check
            content = load_content(game.id, data_dir, overrides={role: source})
    except DataError as exc:
        mine = [p for p in exc.problems if p.file == str(path)]
        if mine:
            return mine, None
        lead = Problem(str(path), f"used as {game.id}'s {data_file.filename}, this file "
                                  "breaks the game's other files:")
        return [lead, *exc.problems], None  # the cause is this file, whatever they name
    return _print_problems(path, role, game.id, content, data_dir, font), content


def _role(path: Path, source, game_id: str, key: str, data_dir: Path | None) -> str:
    """What the file is in its game: the data file it stands in for (`words`, `deck`,
    ...), or the user's own promo cards, which are added to the shipped promos."""
    if key == "members" and source.value["set"] == "promo":
        shipped = _is_shipped(path, game_id, "promos.json", data_dir)
        return "promos" if shipped else CUSTOM_PROMOS
    return key


def _print_problems(path: Path, role: str, game_id: str, content, data_dir: Path | None,
                    font: FontFamily | None) -> list[Problem]:
    """For files of the user's own text (word lists, custom promos): every text that the
    build could not fit on its card, found by the build's own preflight on the content
    as loaded here."""
    from pnp.kits.build import fit_problems
    from pnp.kits.request import BuildRequest

    if role not in ("words", CUSTOM_PROMOS):
        return []
    request = BuildRequest(games=(game_id,), data_dir=data_dir, font=font)
    try:
        return [p for p in fit_problems(request, game_id, content) if p.file == str(path)]
    except PnpError as exc:
        return exc.problems


ART_LAYOUT = "m2-member-art"


def _art_problems(path: Path, source) -> tuple[list[Problem], list[Problem]]:
    """Each card's `art`: the file exists and is a usable image (problems), and prints at
    300 DPI or more in the shipped member art window (warnings otherwise)."""
    from pnp.kits.report import GOOD_DPI
    from pnp.render.images import inspect_image
    from pnp.render.layout import layout_set
    from pnp.render.pictures import art_box_dpi

    problems, warnings = [], []
    for i, card in enumerate(source.value["cards"]):
        if not card.get("art"):
            continue
        where = f"$.cards[{i}].art"
        art = path.parent / card["art"]
        try:
            info = inspect_image(art)
        except DataError as exc:
            problems += [source.problem(where, f"{p.file}: {p.message}") for p in exc.problems]
            continue
        dpi = art_box_dpi(layout_set().get(ART_LAYOUT), info)
        if dpi is not None and dpi < GOOD_DPI:
            warnings.append(source.problem(where, f"{art}: {dpi:.0f} DPI in the card's art "
                                           f"window; aim for {GOOD_DPI} DPI at print size"))
    return problems, warnings


def _layout_problems(path: Path) -> list[Problem]:
    """A layout resolved as the build would: extends chain, sizes, safe zone, and the
    images its boxes name by a fixed `src` (exist, usable)."""
    from pnp.render.images import inspect_image
    from pnp.render.layout import LayoutSet, has_placeholder
    from pnp.render.pictures import image_path

    shipped = paths.templates_dir() / "layouts"
    folders = [path.parent] if path.parent.resolve() == shipped.resolve() else \
        [path.parent, shipped]  # a user's layout may extend a shipped one, as in a build
    try:
        layout = LayoutSet(*folders).get(path.stem)
    except PnpError as exc:
        return exc.problems
    problems = []
    for box in layout.boxes:
        src = box.props.get("src")
        if box.kind == "image" and src and not has_placeholder(src):
            try:
                inspect_image(image_path(src, box))
            except DataError as exc:
                problems += [box.where.problem(f"box {box.name!r}: {p.file}: {p.message}")
                             for p in exc.problems]
    return problems


def _is_shipped(path: Path, game_id: str, filename: str, data_dir: Path | None) -> bool:
    shipped = (data_dir or paths.data_dir()) / game_id / filename
    return shipped.exists() and path.resolve() == shipped.resolve()
