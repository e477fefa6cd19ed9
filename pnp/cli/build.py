"""`pnp build`: print-ready PDFs for one or more games."""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

import typer

from pnp.cli import options as opt
from pnp.cli.app import app, is_terminal, print_problems, say, user_errors


@app.command("build")
def build_command(
    games: list[str] = opt.GAMES,
    component: list[str] = opt.COMPONENT,
    out: Path = opt.OUT,
    paper: str = opt.PAPER,
    backs: str = typer.Option(None, "--backs", help="duplex-long (default), duplex-short, "
                              "fold or none."),
    bleed: float = typer.Option(0.0, "--bleed", help="Bleed in mm, 0-10 (e.g. 3)."),
    crop_marks: bool = typer.Option(True, "--crop-marks/--no-crop-marks"),
    ink_saver: bool = typer.Option(False, "--ink-saver", help="Outlines instead of fills."),
    offset_x: float = typer.Option(None, "--offset-x",
                                   help="Shift back pages right, mm (-20 to 20)."),
    offset_y: float = typer.Option(None, "--offset-y", help="Shift back pages up, mm (-20 to 20)."),
    printer: str = typer.Option(None, "--printer", help="Use a saved printer profile's "
                                "offsets (see `pnp printer`)."),
    words: Path = opt.WORDS,
    lang: str = typer.Option(None, "--lang", help="Build the kit in this language (en by "
                             "default): its word list and card texts, rules, quick "
                             "reference and score pad, each file named -LANG (none for "
                             "en); all: in every language. `pnp games` lists each "
                             "game's languages."),
    promos: list[Path] = opt.PROMOS,
    dice: str = typer.Option("nets", "--dice", help="Majority Rules! dice: nets (fold "
                             "paper cubes) or stickers (for blank 16 mm dice)."),
    font: Path = opt.FONT,
    font_bold: Path = opt.FONT_BOLD,
    font_italic: Path = opt.FONT_ITALIC,
    font_bold_italic: Path = opt.FONT_BOLD_ITALIC,
    data: Path = opt.DATA,
    templates: Path = opt.TEMPLATES,
    art: Path = opt.ART,
    image_dpi: int = opt.IMAGE_DPI,
    registration: bool = typer.Option(False, "--registration", help="Print cutting-machine "
                                      "registration marks on every front sheet (see "
                                      "`pnp export cut`)."),
    registration_inset: float = typer.Option(15.875, "--registration-inset", help="Marks' "
                                             "distance from the page edges, mm (10-40; "
                                             "0.625 in by default)."),
    cut_area: str = typer.Option(None, "--cut-area", metavar="AREA", help="Lay every sheet "
                                 "out inside a cutting machine's area, centred: cricut "
                                 "(Print Then Cut's 6.75 x 9.25 in) or WxH in mm or inches "
                                 "(see `pnp export cut`)."),
    card_thickness: float = opt.CARD_THICKNESS,
    report: bool = typer.Option(False, "--report", help="List every text's fitted size, "
                                "most shrunk first."),
    gallery: bool = typer.Option(True, "--gallery/--no-gallery", help="Write OUT/index.html "
                                 "with thumbnails of every PDF."),
    checker_url: str = typer.Option(None, "--checker-url", metavar="URL", help="The address "
                                    "`pnp serve` prints: each score pad gets a QR code "
                                    "opening URL/check/GAME."),
) -> None:
    """Build print-and-play PDFs into OUT/<game>/ (fronts and mirrored backs, crop marks).

    Example: pnp build majority --paper letter --words my-words.txt --bleed 3

    Example: pnp build majority --lang de   (German kit: word-cards-de.pdf ... kit-de.pdf)

    Example: pnp build --lang all   (every game in every language it has)

    Example: pnp build majority2 --promos my-promos.json --printer office

    Example: pnp build majority2 --art my-art/ --bleed 3

    Example: pnp build --checker-url http://192.168.1.20:8000

    Example: pnp build majority2 --cut-area cricut   (then: pnp export cut --device cricut)
    """
    from pnp.kits.build import build_warnings, plan_build, printables_of, run_build
    from pnp.kits.documents import checked_url
    from pnp.kits.languages import ALL
    from pnp.kits.printers import printer_settings
    from pnp.kits.report import art_report, fit_report
    from pnp.kits.request import BuildRequest
    from pnp.render.decks import PrintOptions
    from pnp.render.fonts import font_family

    with user_errors():
        backs, offset_x, offset_y = printer_settings(printer, backs, offset_x, offset_y)
        options = PrintOptions(paper=paper.lower(), backs=backs, bleed=bleed,
                               crop_marks=crop_marks, ink_saver=ink_saver,
                               offset_x=offset_x, offset_y=offset_y, image_dpi=image_dpi,
                               card_thickness=card_thickness)
        if registration or cut_area:  # cut-file modules only when asked (start-up time)
            from pnp.kits.cut import area_note, with_cut_area, with_registration

            options = with_registration(options, registration_inset if registration
                                        else None)
            options = with_cut_area(options, cut_area)
            if cut_area:
                typer.echo(f"note: {area_note(options)}", err=True)
        request = BuildRequest(games=tuple(games or ()), components=tuple(component or ()),
                               out_dir=out, options=options, data_dir=data,
                               templates_dir=templates, words=words,
                               font=font_family(font, font_bold, font_italic,
                                                font_bold_italic),
                               promos=tuple(promos or ()), dice=dice, art_dir=art,
                               lang=lang,
                               checker_url=checked_url(checker_url) if checker_url else None)
        left_out: list = []
        planned = plan_build(request, left_out)
        _say_language(request)
        print_problems(build_warnings(request, planned) + left_out, "warning")
        page = gallery_words(None if lang == ALL else lang, data) if gallery else None
        with _progress(len(planned)) as bar:
            previews: dict | None = {} if gallery else None
            summaries = run_build(request, bar, planned, previews)
        index = None
        if gallery:
            from pnp.kits.gallery import update_gallery

            index = update_gallery(out, summaries, options.paper,
                                   lambda p: print_problems([p], "warning"), previews, page)
        entries = fit_report(request) if report else []
        art_uses, art_naming = art_report(request, [(f.game, list(printables_of(f)))
                                                    for f in planned])
    for s in summaries:
        count = f"  {s.cards} {s.unit}(s)" if s.cards else ""
        say(f"{s.path}  {s.pages} page(s){count}")
    if index:
        say(f"{index}  gallery")
    _print_report(entries)
    print_art_findings(art_uses, art_naming, report)


def gallery_words(lang: str | None, data: Path | None):
    """The gallery page's words in `lang`, read before anything is written (a catalogue
    that cannot be read stops the command first); a language without one is said."""
    from pnp.kits.pages import page_words

    words = page_words(lang, data)
    if words.missing:
        print_problems([words.missing], "warning")
    return words


def _say_language(request) -> None:
    """First, when whole kits are built (no `-c`) in English by default (no `--lang`)
    and exist in more languages."""
    from pnp.kits.languages import others_note

    if request.lang or request.components:
        return
    note = others_note(request.game_ids, request.data_dir, request.templates_dir)
    if note:
        say(f"note: {note}", err=True)


def print_art_findings(uses, naming, report: bool) -> None:
    """Art files no card shows, and images printed soft: below 150 DPI always, below 300
    DPI (with every image's resolution listed) when a report was asked for."""
    from pnp.kits.report import GOOD_DPI, POOR_DPI, dpi_warnings

    print_problems(naming, "warning")
    if report and uses:
        typer.echo("\nart resolution, lowest first (effective DPI as printed):")
        for u in uses:
            typer.echo(f"{u.dpi:6.0f} DPI  {u.game}  {u.path}  {len(u.cards)} card(s)")
    print_problems(dpi_warnings(uses, GOOD_DPI if report else POOR_DPI), "warning")


def _print_report(entries) -> None:
    from pnp.kits.report import legibility_warnings

    if not entries:
        return
    typer.echo("\ntext fit, most shrunk first (fitted / layout size):")
    for e in entries:
        say(f"{e.size:5.1f} / {e.max_size:4.1f} pt  {e.game}  {e.card}  {e.box}  "
                   f"{e.text!r}")
    print_problems(legibility_warnings(entries), "warning")


def _progress(total: int):
    """A rich progress bar on a terminal; nothing when output is piped or captured."""
    if not is_terminal():
        return nullcontext(None)
    return _RichProgress(total)


class _RichProgress:
    def __init__(self, total: int):
        from rich.progress import Progress

        self.progress = Progress(transient=True)
        self.total = total

    def __enter__(self):
        self.progress.start()
        self.task = self.progress.add_task("building", total=self.total)
        return self

    def __exit__(self, *exc):
        self.progress.stop()

    def __call__(self, planned):
        self.progress.update(self.task, description=f"{planned.path}")
        self.progress.advance(self.task)
        return None
