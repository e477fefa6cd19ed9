"""Options several commands share, declared once so they read the same everywhere."""

from __future__ import annotations

import os
from pathlib import Path

import typer

NAME_MAX = 255  # bytes in one file or folder name (Linux, macOS, Windows alike)


def path_value(raw: str) -> Path:
    """A path as typed, refused at once when no file system could take it: empty (an unset
    shell variable would otherwise mean the current folder, and its files would be
    replaced), holding a NUL, or with a name longer than NAME_MAX bytes. (A default value
    comes through as a Path already.)"""
    if isinstance(raw, Path):
        return raw
    if raw == "":
        raise typer.BadParameter("an empty path (an unset shell variable?); give a file or "
                                 "folder, or . for the current folder")
    if "\0" in raw:
        raise typer.BadParameter("a path cannot hold a NUL character")
    long = next((part for part in Path(raw).parts if len(os.fsencode(part)) > NAME_MAX), None)
    if long is not None:
        raise typer.BadParameter(f"a file or folder name of {len(os.fsencode(long))} bytes "
                                 f"({long[:20]}…); at most {NAME_MAX}")
    return Path(raw)


GAMES = typer.Argument(None, help="Games (default: all four).")
COMPONENT = typer.Option(None, "--component", "-c",
                         help="Only this component id (see `pnp games`); repeatable.")
PAPER = typer.Option("a4", "--paper", help="a3, a4, a5, a6, b5, letter, legal, tabloid, "
                     "or WIDTHxHEIGHT in mm (320x450) or inches (8.5x11in).")
OUT = typer.Option(Path("output"), "--out", help="Output folder.", parser=path_value)
WORDS = typer.Option(None, "--words", help="Word list for The Majority (.json, .txt, .csv).",
                     parser=path_value)
EXPORT_LANG = typer.Option(None, "--lang", help="Export the cards in this language (their "
                          "files named -LANG, none for en); `pnp games` lists each "
                          "game's languages.")
PROMOS = typer.Option(None, "--promos", help="Your own Majority 2 promo cards (JSON); "
                      "repeatable.", parser=path_value)
FONT = typer.Option(None, "--font", help="A TrueType (.ttf) font for all text (its regular "
                    "face), or a folder holding one family's .ttf faces.", parser=path_value)
FONT_BOLD = typer.Option(None, "--font-bold", help="The family's bold face (.ttf).",
                         parser=path_value)
FONT_ITALIC = typer.Option(None, "--font-italic", help="The family's italic face (.ttf).",
                           parser=path_value)
FONT_BOLD_ITALIC = typer.Option(None, "--font-bold-italic",
                                help="The family's bold-italic face (.ttf).", parser=path_value)
DATA = typer.Option(None, "--data", help="Game data folder (default: the shipped data).",
                    parser=path_value)
TEMPLATES = typer.Option(None, "--templates", help="Layouts and rule texts folder.",
                         parser=path_value)
JOBS = typer.Option(0, "--jobs", "-j", help="Worker processes for the images "
                    "(0: every core).")
ART = typer.Option(None, "--art", help="Folder of card art, files named by card id "
                   "(witches-secretary.png, d20-cards-20.jpg) or <component>-back.png; see "
                   "docs/print/art.md.", parser=path_value)
IMAGE_DPI = typer.Option(300, "--image-dpi", help="Target resolution of art, 72-1200: "
                         "sharper images are downsampled to it.")
CARD_THICKNESS = typer.Option(0.30, "--card-thickness", metavar="MM", help="One card's "
                              "thickness, 0.1-1.5 mm: tuck boxes are made as deep as the "
                              "deck (0.30: 250-300 gsm card; measure 20 cards and divide).")
