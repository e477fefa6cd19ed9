"""`pnp calibrate` and `pnp printer`: measure and remember a printer's duplex offsets."""

from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli import options as opt
from pnp.cli.app import app, say, user_errors

printer_app = typer.Typer(
    help="Save, list, show and delete printer profiles (duplex back-page offsets).\n\n"
    "Example: pnp printer save office --offset-x 0.8 --offset-y -0.4",
    no_args_is_help=True,
)
app.add_typer(printer_app, name="printer")


@app.command("calibrate")
def calibrate_command(
    paper: str = opt.PAPER,
    backs: str = typer.Option("duplex-long", "--backs", help="duplex-long or duplex-short."),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder (the sheet is "
                             "OUT/calibration.pdf), or a file name ending in .pdf.",
                             parser=opt.path_value),
) -> None:
    """Write a two-page duplex calibration sheet (rulers, crosshairs, verniers).

    Print it double-sided at 100 %, hold it against a window, and read the back page's
    offset in mm; then use --offset-x/--offset-y or `pnp printer save`.

    Example: pnp calibrate --paper letter --out output/
    """
    from pnp.kits.printers import write_calibration

    with user_errors():
        path, pages, index = write_calibration(out, paper, backs)
    say(f"{path}  {pages} page(s)")
    if index:
        say(f"{index}  gallery")


@printer_app.command("save")
def printer_save(
    name: str = typer.Argument(..., help="A name for this printer."),
    offset_x: float = typer.Option(0.0, "--offset-x",
                                   help="Back-page shift right, mm (-20 to 20)."),
    offset_y: float = typer.Option(0.0, "--offset-y", help="Back-page shift up, mm (-20 to 20)."),
    backs: str = typer.Option("duplex-long", "--backs", help="duplex-long or duplex-short."),
) -> None:
    """Save (or replace) a printer profile.

    Example: pnp printer save office --offset-x 0.8 --offset-y -0.4
    """
    from pnp.kits.printers import PrinterProfile, save_profile

    with user_errors():
        path = save_profile(PrinterProfile(name, offset_x, offset_y, backs))
    say(f"saved {name!r} in {path}")


@printer_app.command("list")
def printer_list() -> None:
    """List saved printer profiles.

    Example: pnp printer list
    """
    from pnp.cli.app import print_problems
    from pnp.kits.printers import read_profiles

    with user_errors():
        saved = read_profiles()
    print_problems(saved.problems, "warning")
    if not saved.good and not saved.problems:
        typer.echo("no printer profiles yet: pnp calibrate, then pnp printer save NAME ...")
    for p in saved.good.values():
        say(f"{p.name}  offset-x {p.offset_x:+g} mm  offset-y {p.offset_y:+g} mm  "
                   f"{p.backs}")


@printer_app.command("show")
def printer_show(name: str = typer.Argument(..., help="Profile name.")) -> None:
    """Show one printer profile.

    Example: pnp printer show office
    """
    from pnp.kits.printers import get_profile

    with user_errors():
        p = get_profile(name)
    say(f"{p.name}  offset-x {p.offset_x:+g} mm  offset-y {p.offset_y:+g} mm  {p.backs}")


@printer_app.command("delete")
def printer_delete(name: str = typer.Argument(..., help="Profile name.")) -> None:
    """Delete a printer profile.

    Example: pnp printer delete office
    """
    from pnp.kits.printers import delete_profile

    with user_errors():
        delete_profile(name)
    say(f"deleted {name!r}")
