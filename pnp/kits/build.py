"""`pnp build`: turn each game's data into its print-ready PDFs under `output/<game>/`.

The build is planned first (which files, which decks, which options) and checked as a
whole — options, data, layouts, every text's fit — before the first byte is written, so
a bad word never leaves a kit half rebuilt. Each file is written atomically.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from pnp.content.output import write_files
from pnp.content.paths import folder_problem
from pnp.errors import DataError, PnpError, Problem, UsageError
from pnp.games import get_game
from pnp.games.gamedata import load_content
from pnp.kits.documents import document_files, missing_documents
from pnp.kits.kit import DOCUMENTS as KIT_DOCUMENTS
from pnp.kits.kit import KIT_NAME, DrawnParts, draw_parts, join_kit
from pnp.kits.languages import (
    ALL,
    PRIMARY_LANGUAGE,
    check_language,
    languages,
    localized_files,
    suffix,
)
from pnp.kits.leftout import grouped
from pnp.kits.parallel import draw_all
from pnp.kits.request import BuildRequest, PlannedFile, Rendered
from pnp.render.art import ART_FIELD, art_folder, with_art
from pnp.render.decks import FileSummary, check_print_options, sized_by_layouts
from pnp.render.fonts import font_set
from pnp.render.geometry import paper_size
from pnp.render.images import MAX_DPI, MIN_DPI, inspect_ahead
from pnp.render.model import Deck
from pnp.render.pdf import DrawnPdf
from pnp.render.printables import (
    check_file,
    fits_paper,
    paper_note,
    piece_fits,
    render_file,
)
from pnp.render.sheets import SheetWords
from pnp.render.tuckbox import tuck_boxes

# What a paper too small leaves out: (game, component id or file name) -> (its component,
# the warning)
LeftOut = dict[tuple[str, str], tuple[str, Problem]]


def plan_build(request: BuildRequest,
               notes: list[Problem] | None = None) -> list[PlannedFile]:
    """The files this request builds, in order; UsageError for contradictory options.
    What does not fit the paper is left out of the plan and said in `notes` (UsageError
    when that leaves nothing of what `-c` asked for)."""
    _check_options(request)
    planned: dict[Path, PlannedFile] = {}
    left_out: LeftOut = {}
    for game_id, one in language_requests(request):
        files = _game_files(game_id, one, left_out)
        if request.lang != ALL and one.lang != request.lang:  # only for a file -c names
            files = [f for f in files if f.path.stem in request.components]
        for f in files:
            # a language without a document of its own uses the English one: one file
            planned.setdefault(f.path, f)
    planned = list(planned.values())
    if request.components:
        planned = _select(planned, request, left_out)
    planned = _checked_once(planned, request)
    if notes is not None:
        wanted = set(request.components)
        notes += grouped([note for (_, name), (component, note) in left_out.items()
                          if not wanted or {name, component} & wanted])
    return planned


def language_requests(request: BuildRequest) -> list[tuple[str, BuildRequest]]:
    """(game id, the request in one language) for each game and each language it is
    built in: the request's own (English by default), every language the game speaks
    for `--lang all`, and the language of a file `-c` names (`rules-it`)."""
    pairs = []
    for game_id in request.game_ids:
        spoken = languages(game_id, request.data_dir, request.templates_dir)
        wanted = spoken if request.lang == ALL else [request.lang]
        named = [lang for lang in spoken if lang != PRIMARY_LANGUAGE and any(
            c.endswith(f"-{lang}") for c in request.components)]
        pairs += [(game_id, request.in_language(lang)) for lang in dict.fromkeys(wanted + named)]
    return pairs


def run_build(request: BuildRequest,
              progress: Callable[[PlannedFile], Callable[[], None] | None] | None = None,
              planned: list[PlannedFile] | None = None,
              previews: dict[Path, list[bytes]] | None = None) -> list[FileSummary]:
    """Check every planned file and draw it in memory (in parallel processes when that
    wins), then write them all; nothing is written unless everything checked and drew.
    Returns a summary per file. `planned`: the request's plan, if already made; with a
    `previews` dict, each file's gallery thumbnails are made beside its drawing and put
    there by path."""
    settles = [inspect_ahead(_art_pictures(request))]  # checked while the build plans
    try:
        planned = plan_build(request) if planned is None else planned
        _read_layouts(request, planned)
        after = None
        if previews is not None:
            from pnp.kits.gallery import preview_pngs as after
        settles.append(inspect_ahead(_art_files(planned)))  # the cards' own art too

        def settle() -> None:
            for each in settles:
                each()
        rendered, extras = draw_all(planned, progress, after, settle)
    finally:
        for each in settles:
            each()
    if previews is not None:
        previews.update(extras)
    write_files([(f.path, rendered[f.path].data) for f in planned])
    return [rendered[f.path].summary for f in planned]


def _read_layouts(request: BuildRequest, planned: list[PlannedFile]) -> None:
    """Read every layout the plan draws with, here, before the files are shared among
    worker processes: each worker then starts with them read, and the reports after the
    build use them too. A layout that cannot be read is left to the checks to report."""
    faces = [face for f in planned for p in f.printables for face in _faces(p)]
    for name in dict.fromkeys(face.layout for face in faces if face is not None):
        with suppress(DataError):
            request.layouts.get(name)


def _art_pictures(request: BuildRequest) -> list[Path]:
    """The pictures of the `--art` folder; none when it has a problem, which planning
    reports."""
    with suppress(PnpError):
        folder = art_folder(request.art_dir)
        return list(folder.files.values()) if folder else []
    return []


def _art_files(planned: list[PlannedFile]) -> list[Path]:
    """Every art file a face of the plan names, once each, in plan order."""
    faces = [face for f in planned for p in f.printables for face in _faces(p)]
    return [Path(art) for art in dict.fromkeys(face.fields.get(ART_FIELD) for face in faces
                                              if face is not None) if art]


def _faces(printable) -> list:
    if isinstance(printable, Deck):
        return [printable.back] + [f for c in printable.cards for f in (c.front, c.back)]
    return [pf.face for piece in getattr(printable, "pieces", ()) for pf in piece.faces]


def build_warnings(request: BuildRequest,
                   planned: list[PlannedFile] | None = None) -> list[Problem]:
    """What is worth telling but does not stop the build — a word list with an odd number
    of words leaves its last card's back blank (the same warning `pnp validate` prints),
    a `--lang` without its own rules uses the English ones, `--backs none` drops backs
    that carry content. `planned`: the request's plan, if already made."""
    _check_options(request)
    each = language_requests(request)
    warnings = [w for g, one in each for w in missing_documents(g, one)]
    warnings = [w for g, one in each if g == "majority"
                for w in _content(g, one).words.warnings] + warnings
    warnings = list(dict.fromkeys(warnings))  # one --words list read for every language
    if request.options.backs == "none":
        warnings += _dropped_backs(plan_build(request) if planned is None else planned)
    return warnings


def _dropped_backs(planned: list[PlannedFile]) -> list[Problem]:
    """Decks whose cards have backs of their own (the back-face words, the vote cards'
    colours, a coin's spent side): those backs are content, and `--backs none` prints
    fronts only. A deck's one shared back is its design, not content, and goes unsaid."""
    lost = {}
    for planned_file in planned:
        for deck in planned_file.printables:
            own = sum(1 for card in getattr(deck, "cards", ()) if card.back is not None)
            if own:
                lost[deck.id] = f"{deck.id} ({own} card{'' if own == 1 else 's'})"
    if not lost:
        return []
    return [Problem("", f"--backs none leaves out the backs of {', '.join(lost.values())}, "
                        "and what they carry is not printed; --backs fold prints fronts and "
                        "backs side by side for a single-sided printer")]


def fit_problems(request: BuildRequest, game_id: str, content) -> list[Problem]:
    """Every text of one game's cards that cannot be drawn in its box, from content
    already loaded: `pnp validate` checks a word list or promo file it has read (whose
    other problems it reports too) without loading it again."""
    _check_options(request)
    decks = _printables(game_id, request, content)
    title = get_game(game_id).title
    return [p for f in _deck_files(game_id, title, decks, request) for p in f.check()]


def _check_options(request: BuildRequest) -> None:
    check_print_options(request.options)
    for game_id in request.game_ids:
        get_game(game_id)
    if request.words and "majority" not in request.game_ids:
        raise UsageError("--words sets The Majority's word cards; add the game 'majority'")
    if request.promos and "majority2" not in request.game_ids:
        raise UsageError("--promos adds Majority 2 promo cards; add the game 'majority2'")
    if request.dice != "nets" and "majority-rules" not in request.game_ids:
        raise UsageError("--dice sets how Majority Rules! dice are printed; "
                         "add the game 'majority-rules'")
    # Before anything reads them (the languages a --data folder holds, too).
    for option, folder in (("--templates", request.templates_dir), ("--data", request.data_dir),
                           ("--art", request.art_dir)):
        if folder is not None and folder_problem(folder):
            raise UsageError(f"{option} {folder}: {folder_problem(folder)}")
    if request.lang is not None:
        check_language(request.lang, request.game_ids, request.data_dir,
                       request.templates_dir, every=True)
    if request.font is not None:
        font_set(request.font)  # every face parsed now: a bad font file is refused up front
    if not MIN_DPI <= request.options.image_dpi <= MAX_DPI:
        raise UsageError(f"--image-dpi must be between {MIN_DPI} and {MAX_DPI}, "
                         f"not {request.options.image_dpi}")


def game_printables(request: BuildRequest,
                    every: bool = False) -> list[tuple[str, str, list]]:
    """(game id, game title, printables) for each requested game, from its data with the
    request's overrides (words, promos) applied. Shared by `build` and `export`. `every`:
    each language of an `--lang all` request (the build's report); an export, whose files
    are named by one language, refuses it."""
    _check_options(request)
    if request.lang == ALL and not every:
        raise UsageError("--lang all is for pnp build; an export takes one language, "
                         "such as en, it or de")
    return [(g, get_game(g).title, _printables(g, one)) for g, one in language_requests(request)]


def _content(game_id: str, request: BuildRequest):
    key = game_id, request.lang
    if key not in request.contents:
        overrides = localized_files(game_id, request.lang, request.data_dir) \
            if request.lang else {}
        if request.words and game_id == "majority":
            overrides["words"] = request.words
        promos = list(request.promos) if game_id == "majority2" else None
        request.contents[key] = load_content(game_id, request.data_dir, overrides, promos)
    return request.contents[key]


def _printables(game_id: str, request: BuildRequest, content=None) -> list:
    game = get_game(game_id)
    content = _content(game_id, request) if content is None else content
    printables = game.decks(content, **_deck_options(game_id, request)) if game.decks else []
    layouts = request.layouts
    sized = sized_by_layouts(with_art(printables, art_folder(request.art_dir), layouts), layouts)
    boxes = tuck_boxes(_sheet_words(game, content), sized,
                       partial(piece_fits, options=request.options),
                       request.options.card_thickness)
    return sized + ([boxes] if boxes else [])


def _sheet_words(game, content) -> SheetWords:
    """The words around and on the printed pieces, in the content's language."""
    return game.sheet_words(content) if game.sheet_words else SheetWords(game.title)


@dataclass(frozen=True)
class Buildable:
    """A component `pnp build -c` accepts, as `pnp games` lists it: how many pieces (for a
    document: its one file), a title, and the files `pnp build -c ID` writes for it (in
    English; `pnp games` lists the other languages)."""

    id: str
    count: int
    title: str
    files: tuple[str, ...]


_DOCUMENT_TITLES = {"rules": "Rule sheet", "quick-reference": "Quick reference",
                    "score-pad": "Score pad"}


def buildable_components(game_id: str, request: BuildRequest) -> list[Buildable]:
    """Every component a build of `game_id` prints, the game's counted ones first (with
    the counts from its data), then player aids, rule sheets, quick references, score pads,
    and last the packed kit."""
    game = get_game(game_id)
    content = _content(game_id, request)
    decks = _printables(game_id, request, content)
    planned = _deck_files(game_id, game.title, decks, request) + document_files(game_id,
                                                                                request)
    files: dict[str, list[str]] = {}
    for f in planned:
        for component in f.components:
            files.setdefault(component, []).append(f.path.stem)
    counted = {c.id: (c.count, c.title) for c in game.components(content)}
    printed = {d.id: (len(getattr(d, "cards", None) or getattr(d, "pieces", ())), d.title)
               for d in decks}
    ids = list(counted) + [c for c in files if c not in counted]
    return [Buildable(c, *(counted.get(c) or printed.get(c)
                           or (len(files[c]), _DOCUMENT_TITLES.get(c, c))),
                      tuple(files.get(c, ())))
            for c in ids] + [Buildable(KIT_NAME, 1, "The whole game, packed", (KIT_NAME,))]


def _game_files(game_id: str, request: BuildRequest,
                left_out: LeftOut | None = None) -> list[PlannedFile]:
    """The game's files; what cannot fit the paper goes to `left_out`: (the game, its
    name: a component id or file name) -> (its component, the warning naming the game:
    several games may leave out a piece of the same name, and each is said)."""
    left_out = {} if left_out is None else left_out
    game = get_game(game_id)
    content = _content(game_id, request)
    decks = on_paper(game_id, _printables(game_id, request, content), request, left_out)
    words = _sheet_words(game, content)
    documents = _documents_on_paper(game_id, document_files(game_id, request), request,
                                    left_out)
    files = _deck_files(game_id, words, decks, request) + documents
    return files + [_kit_file(game_id, words, decks, files, request)]


def on_paper(game_id: str, printables: list, request: BuildRequest,
             left_out: LeftOut) -> list:
    """The printables that fit the request's paper; each other one goes to `left_out`
    with a warning naming its game, itself and a paper that holds it (shared by the build
    and the cut files, which follow the build's sheets)."""
    kept = []
    for printable in printables:
        if fits_paper(printable, request.options):
            kept.append(printable)
        else:
            note = paper_note(printable, request.options)
            left_out[game_id, printable.id] = (
                printable.id, Problem(note.file, f"{game_id}: {note.message}"))
    return kept


def _documents_on_paper(game_id: str, files: list[PlannedFile], request: BuildRequest,
                        left_out: LeftOut) -> list[PlannedFile]:
    """On a paper smaller than A4, the documents that cannot fit one page even at the
    smallest size (a quick reference, a score pad) are left out, not the whole build.
    They are rendered here to know (the build then writes those very bytes); on A4 and
    larger nothing is probed, and a text that does not fit stays an error to fix."""
    paper, a4 = paper_size(request.options.paper), paper_size("a4")
    if paper.width * paper.height >= a4.width * a4.height:
        return files
    kept, wanted = [], set(request.components)
    for f in files:
        if wanted and not {f.path.stem, *f.components} & wanted:
            kept.append(f)  # not asked for: dropped by the selection, never rendered
            continue
        problems = f.check()
        if problems and all("does not fit on one" in p.message for p in problems):
            left_out[game_id, f.path.stem] = (f.components[0], Problem(
                "", f"{game_id}/{f.path.name}: left out: it does not fit one "
                    f"{request.options.paper} "
                    "page even with text at 72 % size; --paper a4 holds it"))
        else:
            kept.append(f)
    return kept


def _kit_file(game_id: str, words: SheetWords, decks: list, files: list[PlannedFile],
              request: BuildRequest) -> PlannedFile:
    """`kit.pdf` (`kit-xx.pdf`): every printable packed, then its language's documents."""
    layouts = request.layouts
    documents = [f.data for f in files if f.data and f.components[0] in KIT_DOCUMENTS]
    path = request.out_dir / game_id / f"{KIT_NAME}{suffix(request.lang)}.pdf"

    def draw(part_path, part, into, first_sheet):
        options = replace(request.print_options, first_sheet=first_sheet)
        return render_file(part_path, part, layouts, font_set(request.font), options, words,
                           None, checked=True, into=into, stamped=False)

    def part() -> DrawnParts:
        return draw_parts(path, decks, draw)

    def finish(drawn: DrawnParts) -> Rendered:
        return Rendered(*join_kit(path, drawn, decks, [data() for data in documents],
                                  request.options, words.title))

    return PlannedFile(game_id, path, (KIT_NAME,), lambda: finish(part()),
                       partial(_check_printables, tuple(decks), request), stage=2,
                       part=part, finish=finish)


def _check_printables(printables: tuple, request: BuildRequest) -> list[Problem]:
    """The packed kit's check: every problem of its printables at once, as the separate
    files are checked (it drew them unchecked, so `-c kit` stopped at the first one)."""
    kinds: dict[type, list] = {}
    for printable in printables:
        kinds.setdefault(type(printable), []).append(printable)
    return [problem for group in kinds.values()
            for problem in check_file(group, request.layouts, font_set(request.font),
                                      request.print_options)]


def printables_of(planned_file: PlannedFile) -> tuple:
    """What a planned file draws: its printables, or a packed kit's decks (those its own
    check covers; the rest are in the plan's other files)."""
    check = planned_file.check
    if isinstance(check, partial) and check.func is _check_printables:
        return planned_file.printables + check.args[0]
    return planned_file.printables


def _checked_once(planned: list[PlannedFile], request: BuildRequest) -> list[PlannedFile]:
    """A kit checks only the printables no other planned file checks: a full build checks
    each deck once (with its own file), `-c kit` alone checks them all with the kit."""
    covered = {id(p) for f in planned if f.stage == 1 for p in f.printables}
    return [replace(f, check=partial(_check_printables, tuple(
                p for p in f.check.args[0] if id(p) not in covered), request))
            if isinstance(f.check, partial) and f.check.func is _check_printables else f
            for f in planned]


def _deck_options(game_id: str, request: BuildRequest) -> dict:
    if game_id != "majority-rules":
        return {}
    return {"dice": request.dice, "paper": request.options.paper}


def _deck_files(game_id: str, title: str | SheetWords, decks: list,
                request: BuildRequest) -> list[PlannedFile]:
    """Group printables (card decks, piece sets) by output file; one PDF may hold several."""
    layouts = request.layouts
    by_file: dict[str, list] = {}
    for deck in decks:
        by_file.setdefault(deck.file, []).append(deck)
    files = []
    for name, group in by_file.items():
        path = request.out_dir / game_id / f"{name}{suffix(request.lang)}.pdf"

        def render(group=group, path=path):
            drawn = DrawnPdf()
            summary = render_file(path, group, layouts, font_set(request.font),
                                  request.print_options, title, None, checked=True,
                                  into=drawn)
            return Rendered(drawn.getvalue(), summary)

        def check(group=group):
            return check_file(group, layouts, font_set(request.font), request.print_options)

        files.append(PlannedFile(game_id, path, tuple(d.id for d in group), render, check,
                                 tuple(group)))
    return files


def _select(planned: list[PlannedFile], request: BuildRequest,
            left_out: LeftOut) -> list[PlannedFile]:
    """The files holding the requested components; a name may be a component id
    (`point-cards-5`) or the file name users see (`point-cards`, `tokens`, `rules-it`).
    A component left out for the paper is not unknown; when it is all there was to
    build, UsageError says why."""
    known = sorted({c for f in planned for c in f.components})
    stems = sorted({f.path.stem for f in planned} - set(known))
    unknown = [c for c in request.components
               if c not in known and c not in stems
               and c not in {name for _, name in left_out}
               and c not in {component for component, _ in left_out.values()}]
    if unknown:
        raise UsageError(f"unknown component(s) {', '.join(unknown)}; known for "
                         f"{', '.join(request.game_ids)}: {', '.join(known)}; or a file "
                         f"name: {', '.join(stems)}; a file in another language is named "
                         "by its code (rules-it), or use --lang")
    wanted = set(request.components)
    chosen = [f for f in planned if set(f.components) & wanted or f.path.stem in wanted]
    if not chosen or all(f.path.stem == KIT_NAME for f in chosen) and wanted - {KIT_NAME}:
        said = "; ".join(note.message for (_, name), (component, note) in left_out.items()
                         if {name, component} & wanted)
        raise UsageError(f"nothing to build on {request.options.paper}: {said}")
    return chosen
