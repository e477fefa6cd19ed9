"""`pnp export png|shop|tts|web`: card decks as per-card images, print-shop PDFs or Tabletop
Simulator saved objects; the phone app as static files."""

from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli import options as opt
from pnp.cli.app import app, print_problems, user_errors

export_app = typer.Typer(
    help="Export card decks as PNG images, print-shop PDFs or Tabletop Simulator decks."
    "\n\nExample: pnp export png majority --dpi 300 --bleed 3.175",
    no_args_is_help=True,
)
app.add_typer(export_app, name="export")


def _request(games, component, out, bleed, words, promos, fonts, data, templates, art=None,
             image_dpi=300, lang=None):
    """The build request an export draws from; `fonts` is (regular, bold, italic,
    bold-italic) as the --font options gave them."""
    from pnp.kits.request import BuildRequest
    from pnp.render.decks import PrintOptions
    from pnp.render.fonts import font_family

    return BuildRequest(games=tuple(games or ()), components=tuple(component or ()),
                        out_dir=out, options=PrintOptions(bleed=bleed, image_dpi=image_dpi),
                        data_dir=data, templates_dir=templates, words=words,
                        promos=tuple(promos or ()), font=font_family(*fonts), art_dir=art,
                        lang=lang)


def _gallery(out: Path, lang: str | None):
    """Refresh the gallery of `out` (if it has one) in the export's language, or in the
    language it was in."""
    from pnp.kits.gallery import refresh_gallery
    from pnp.kits.pages import page_words

    return refresh_gallery(out, words=page_words(lang) if lang else None)


def _art_findings(request) -> None:
    """The same art warnings as `pnp build` (unused files, soft images) for the decks
    being exported."""
    from pnp.cli.build import print_art_findings
    from pnp.kits.export import export_decks
    from pnp.kits.report import art_report

    uses, naming = art_report(request, [(g, decks) for g, _, decks in export_decks(request)])
    print_art_findings(uses, naming, False)
    _notes(request)


def _notes(request) -> None:
    """Name what an export leaves out (a game's dice nets and dividers are not cards)."""
    from pnp.kits.export import left_out

    for note in left_out(request):
        typer.echo(f"note: {note}", err=True)


@export_app.command("png")
def export_png_command(
    games: list[str] = opt.GAMES,
    dpi: int = typer.Option(300, "--dpi", help="Resolution, 72-1200."),
    bleed: float = typer.Option(0.0, "--bleed", help="Bleed around each card, mm (0-10)."),
    jobs: int = opt.JOBS,
    component: list[str] = opt.COMPONENT,
    out: Path = opt.OUT,
    words: Path = opt.WORDS,
    promos: list[Path] = opt.PROMOS,
    font: Path = opt.FONT,
    font_bold: Path = opt.FONT_BOLD,
    font_italic: Path = opt.FONT_ITALIC,
    font_bold_italic: Path = opt.FONT_BOLD_ITALIC,
    data: Path = opt.DATA,
    templates: Path = opt.TEMPLATES,
    art: Path = opt.ART,
    image_dpi: int = opt.IMAGE_DPI,
    lang: str = opt.EXPORT_LANG,
) -> None:
    """Write one PNG per card face to OUT/<game>/png/ (a shared back once per deck).

    Files are named <component>-<NNN>-front.png / -back.png (or <component>-back.png).

    Example: pnp export png majority -c vote-cards --dpi 300 --bleed 3.175
    """
    from pnp.kits.export import export_png

    with user_errors():
        request = _request(games, component, out, bleed, words, promos,
                           (font, font_bold, font_italic, font_bold_italic), data, templates,
                           art, image_dpi, lang)
        sets = export_png(request, dpi, jobs)
        _art_findings(request)
        index = _gallery(out, lang)
    for images in sets:
        width, height = images.pixels
        typer.echo(f"{images.folder}/{images.deck}-*.png  {len(images.files)} image(s)  "
                   f"{width} × {height} px")
    _echo_gallery(index)


@export_app.command("shop")
def export_shop_command(
    games: list[str] = opt.GAMES,
    profile: str = typer.Option("generic", "--profile", help="dtc (PDF/X-1a, CMYK), tgc "
                                "(PNG per face), mpc (images per card) or generic."),
    icc: Path = typer.Option(None, "--icc", help="dtc: your shop's CMYK output profile "
                             "(default: the shipped SWOP TR 003, 240 % ink limit).",
                             parser=opt.path_value),
    order: str = typer.Option("front-back", "--order", help="generic: front-back or "
                              "back-front."),
    bleed: float = typer.Option(None, "--bleed", help="generic: bleed around each card, mm "
                                "(0-10, default 3); the other profiles set their own."),
    jobs: int = opt.JOBS,
    component: list[str] = opt.COMPONENT,
    out: Path = opt.OUT,
    words: Path = opt.WORDS,
    promos: list[Path] = opt.PROMOS,
    font: Path = opt.FONT,
    font_bold: Path = opt.FONT_BOLD,
    font_italic: Path = opt.FONT_ITALIC,
    font_bold_italic: Path = opt.FONT_BOLD_ITALIC,
    data: Path = opt.DATA,
    templates: Path = opt.TEMPLATES,
    art: Path = opt.ART,
    image_dpi: int = opt.IMAGE_DPI,
    lang: str = opt.EXPORT_LANG,
) -> None:
    """Write what a print shop asks for, checked before it is called done.

    generic: a PDF per deck in OUT/<game>/shop/, one face per page at trim + bleed, TrimBox
    and BleedBox set. dtc: PDF/X-1a:2003 per deck in OUT/<game>/shop-dtc/ (CMYK through an
    ICC profile, 1/8 in bleed, ink at most 240 %, card 1 front, card 1 back, ...). tgc: a
    PNG per face in OUT/<game>/shop-tgc/ (825 x 1125 px for poker). mpc: images per card in
    OUT/<game>/shop-mpc/<deck>/front|back/.

    Example: pnp export shop majority2 --profile dtc

    Example: pnp export shop majority2 --order back-front --bleed 3
    """
    from pnp.kits.shops import export_shop_profile

    with user_errors():
        if profile != "generic" and (bleed is not None or order != "front-back"):
            from pnp.errors import UsageError

            raise UsageError(f"--profile {profile} sets its own bleed and page order; "
                             "--bleed and --order are for --profile generic")
        request = _request(games, component, out, 3.0 if bleed is None else bleed, words,
                           promos, (font, font_bold, font_italic, font_bold_italic), data,
                           templates, art, image_dpi, lang)
        exported = export_shop_profile(request, profile, icc, jobs, order=order)
        _art_findings(request)
        index = _gallery(out, lang)
    for r in exported.results:
        shown = r.files[0] if len(r.files) == 1 else f"{_common(r.files)}/"
        typer.echo(f"{shown}  {r.detail}")
    for note in exported.skipped:
        typer.echo(f"note: left out {note}", err=True)
    _echo_gallery(index)


@export_app.command("tts")
def export_tts_command(
    games: list[str] = opt.GAMES,
    dpi: int = typer.Option(300, "--dpi", help="Card resolution, 72-1200; lowered where "
                            "a sheet would pass 4096 px."),
    base_url: str = typer.Option(None, "--base-url", help="Where you will upload the "
                                 "images (FaceURL = URL/<file>); default: file:// URLs of "
                                 "the written files."),
    table: bool = typer.Option(False, "--table", help="A whole table per game: a save "
                               "with every deck, token, die, the rules and score pad, and "
                               "a hand per seat, in OUT/<game>/tts-table/."),
    check_urls: bool = typer.Option(False, "--check-urls", help="Then fetch every image "
                                    "and PDF URL the JSON names; exit 2 if one is missing."),
    jobs: int = opt.JOBS,
    component: list[str] = opt.COMPONENT,
    out: Path = opt.OUT,
    words: Path = opt.WORDS,
    promos: list[Path] = opt.PROMOS,
    font: Path = opt.FONT,
    font_bold: Path = opt.FONT_BOLD,
    font_italic: Path = opt.FONT_ITALIC,
    font_bold_italic: Path = opt.FONT_BOLD_ITALIC,
    data: Path = opt.DATA,
    templates: Path = opt.TEMPLATES,
    art: Path = opt.ART,
    image_dpi: int = opt.IMAGE_DPI,
    lang: str = opt.EXPORT_LANG,
) -> None:
    """Write each card deck as a Tabletop Simulator saved object to OUT/<game>/tts/: face
    sheets (up to 10 x 7 cards, the last cell for the hidden card), the back image or
    back sheets, <deck>.json and its thumbnail <deck>.png.

    Copy the .json and .png files into Tabletop Simulator's Saves/Saved Objects folder,
    then in a game: Objects > Saved Objects > the deck.

    With --table: a whole table per game (OUT/<game>/tts-table/<game>.json, a save).

    Example: pnp export tts majority --out output

    Example: pnp export tts majority2 --table --base-url https://example.org/m2 --check-urls
    """
    from pnp.kits.tts import export_tts

    with user_errors():
        request = _request(games, component, out, 0.0, words, promos,
                           (font, font_bold, font_italic, font_bold_italic), data, templates,
                           art, image_dpi, lang)
        if table:
            from pnp.kits.tts_table import export_table

            saves = export_table(request, dpi, jobs, base_url)
            for save in saves:
                typer.echo(f"{save.save}  {save.objects} object(s)  {len(save.assets)} "
                           "asset(s)")
            _check_urls([s.save for s in saves] if check_urls else [])
            return
        decks = export_tts(request, dpi, jobs, base_url)
        _art_findings(request)
        index = _gallery(out, lang)
        _check_urls([d.saved_object for d in decks] if check_urls else [])
    for d in decks:
        width, height = d.cell
        typer.echo(f"{d.saved_object}  {d.cards} card(s)  {len(d.images)} image(s)  "
                   f"{width} × {height} px per card ({d.dpi} DPI)")
    _echo_gallery(index)


@export_app.command("cut")
def export_cut_command(
    games: list[str] = opt.GAMES,
    device: str = typer.Option("generic", "--device", help="silhouette, cricut or generic."),
    paper: str = typer.Option("a4", "--paper", help="As for pnp build."),
    backs: str = typer.Option("duplex-long", "--backs", help="As for pnp build."),
    bleed: float = typer.Option(0.0, "--bleed", help="As for pnp build, mm."),
    registration: bool = typer.Option(None, "--registration/--no-registration",
                                      help="Sheets printed with registration marks "
                                      "(default: on for silhouette, off otherwise)."),
    registration_inset: float = typer.Option(None, "--registration-inset",
                                             help="As for pnp build, mm (default 15.875)."),
    cut_area: str = typer.Option(None, "--cut-area", metavar="AREA",
                                 help="As for pnp build (default: cricut for --device "
                                 "cricut, the whole page otherwise)."),
    card_thickness: float = opt.CARD_THICKNESS,
    dice: str = typer.Option("nets", "--dice", help="As for pnp build."),
    component: list[str] = opt.COMPONENT,
    out: Path = opt.OUT,
    words: Path = opt.WORDS,
    promos: list[Path] = opt.PROMOS,
    data: Path = opt.DATA,
    templates: Path = opt.TEMPLATES,
    lang: str = opt.EXPORT_LANG,
) -> None:
    """Write SVG and DXF cut files to OUT/<game>/cut/ for the sheets `pnp build` prints
    with the same options: one pair per sheet the machine cuts, named after its PDF page.

    Example: pnp build majority2 --registration && pnp export cut majority2 --device silhouette

    Example: pnp build majority2 --cut-area cricut && pnp export cut majority2 --device cricut
    """
    from pnp.kits.cut import (
        area_note,
        device_area,
        device_registration,
        export_cut,
        with_cut_area,
        with_registration,
    )
    from pnp.kits.request import BuildRequest
    from pnp.render.decks import PrintOptions

    with user_errors():
        inset = device_registration(device, registration, registration_inset)
        options = with_registration(PrintOptions(paper=paper.lower(), backs=backs,
                                                 bleed=bleed, card_thickness=card_thickness),
                                    inset)
        options = with_cut_area(options, device_area(device, cut_area))
        request = BuildRequest(games=tuple(games or ()), components=tuple(component or ()),
                               out_dir=out, options=options, data_dir=data,
                               templates_dir=templates, words=words,
                               promos=tuple(promos or ()), dice=dice, lang=lang)
        left_out: list = []
        sheets = export_cut(request, device, left_out)
    print_problems(left_out, "warning")
    if options.cut_area is not None:
        typer.echo(f"note: {area_note(options)}", err=True)
    for sheet in sheets:
        typer.echo(f"{sheet.svg}  {sheet.cuts} cut(s)  for {sheet.pdf} page {sheet.page}")


def _check_urls(paths) -> None:
    """Fetch every URL the written JSON files name; a UsageError (exit 2) listing the
    missing ones."""
    import json

    from pnp.errors import DataError, Problem
    from pnp.kits.tts_save import missing_urls

    problems = [Problem(str(p), m) for p in paths
                for m in missing_urls(json.loads(p.read_text("utf-8")))]
    if problems:
        raise DataError(problems)
    if paths:
        typer.echo(f"every URL of {len(paths)} file(s) answered", err=True)


def _common(paths) -> str:
    import os

    return os.path.commonpath([str(p) for p in paths])


def _echo_gallery(index) -> None:
    """Name the gallery page an export refreshed (a folder with a built gallery)."""
    if index:
        typer.echo(f"{index}  gallery")


@export_app.command("web")
def export_web_command(
    out: Path = typer.Argument(..., help="The folder to write the app into (made if needed).",
                               parser=opt.path_value),
) -> None:
    """Write the phone app as static files: the checker pages, the Majority 2 log, the games
    kept, a web app manifest, a service worker, and the Python checker with its runtime.

    Any static host can serve the folder (a file server, a shared folder, a static site).
    Opened once on a phone, the app installs to the home screen and then works with no
    connection: the records are checked in the browser by the same Python code as
    `pnp check`. The runtime (Pyodide) comes from `make web-runtime`.

    Example: pnp export web phone-app && python3 -m http.server -d phone-app 8080
    """
    from pnp.web.phone.site import export_web

    with user_errors():
        count, size = export_web(out)
    typer.echo(f"{out}/  {count} files, {size / 1e6:.1f} MB: serve this folder from any "
               "static web server and open index.html on a phone")
