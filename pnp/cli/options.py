"""Options several commands share, declared once so they read the same everywhere."""

from __future__ import annotations

from pathlib import Path

import typer

GAMES = typer.Argument(None, help="Games (default: all four).")
COMPONENT = typer.Option(None, "--component", "-c",
                         help="Only this component id (see `pnp games`); repeatable.")
PAPER = typer.Option("a4", "--paper", help="a3, a4, a5, a6, b5, letter, legal, tabloid, "
                     "or WIDTHxHEIGHT in mm (320x450) or inches (8.5x11in).")
OUT = typer.Option(Path("output"), "--out", help="Output folder.")
WORDS = typer.Option(None, "--words", help="Word list for The Majority (.json, .txt, .csv).")
PROMOS = typer.Option(None, "--promos", help="Your own Majority 2 promo cards (JSON); "
                      "repeatable.")
FONT = typer.Option(None, "--font", help="A TrueType (.ttf) font for all text (its regular "
                    "face), or a folder holding one family's .ttf faces.")
FONT_BOLD = typer.Option(None, "--font-bold", help="The family's bold face (.ttf).")
FONT_ITALIC = typer.Option(None, "--font-italic", help="The family's italic face (.ttf).")
FONT_BOLD_ITALIC = typer.Option(None, "--font-bold-italic",
                                help="The family's bold-italic face (.ttf).")
DATA = typer.Option(None, "--data", help="Game data folder (default: the shipped data).")
TEMPLATES = typer.Option(None, "--templates", help="Layouts and rule texts folder.")
JOBS = typer.Option(0, "--jobs", "-j", help="Worker processes for the images "
                    "(0: every core).")
ART = typer.Option(None, "--art", help="Folder of card art, files named by card id "
                   "(witches-secretary.png, d20-cards-20.jpg) or <component>-back.png; see "
                   "the README's Art section.")
IMAGE_DPI = typer.Option(300, "--image-dpi", help="Target resolution of art, 72-1200: "
                         "sharper images are downsampled to it.")
