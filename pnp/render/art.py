"""Which art file belongs to which card face, found by name in an `--art` folder.

A file's name without its suffix (.png, .jpg, .jpeg, .webp, .tif, .tiff) says where it goes:
- `<art name>`: the front of every card with that art name — the card's id where its game
  has one (a Majority 2 member id such as `witches-secretary`, `vote-cards-A`,
  `d20-cards-20`), else `<component>-<number>` (1-based, in `pnp games` order);
- `<component>-back`: the back of every card of that deck (decks that shuffle together
  share one: Majority 2's promos and Ghosts take `members-back`).
A face with art carries the file in its `art` field and is drawn with its layout's
`with_art` variant when the layout names one; the art shows wherever an image box reads
`{art}`. A face whose layout has no such box is left as it is, and a file that reaches no
face is reported by name, so a typo never passes silently. Card data may name art too
(Majority 2's `"art"`); a file in the folder wins over it.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.content.paths import folder_problem, what_is_at
from pnp.errors import DataError, Problem, UsageError
from pnp.render.images import SUFFIXES
from pnp.render.layout import Layout, LayoutSet
from pnp.render.model import Card, Deck, Face

ART_FIELD = "art"
# Pictures pnp does not read: reported, so a .gif does not vanish silently. Other files
# (credits, a promo file beside its art) are simply not art.
OTHER_PICTURES = (".gif", ".bmp", ".svg", ".heic", ".heif", ".avif", ".psd", ".jxl", ".ico",
                  ".pdf", ".eps", ".ai", ".xcf", ".kra")


@dataclass(frozen=True)
class ArtFolder:
    """The images of an `--art` folder by name, the pictures in it pnp cannot read, and
    the names that look like art but are no file (a broken symlink, a FIFO, a folder)."""

    folder: Path
    files: dict[str, Path]
    ignored: tuple[Path, ...] = ()
    not_files: tuple[Problem, ...] = ()


def art_folder(folder: Path | None) -> ArtFolder | None:
    """The folder's images by name; UsageError for a missing folder, DataError for two
    images with one name (which one would be meant?)."""
    if folder is None:
        return None
    problem = folder_problem(folder)
    if problem:
        raise UsageError(f"--art {folder}: {problem}")
    files: dict[str, Path] = {}
    ignored, problems, not_files = [], [], []
    for path in sorted(folder.iterdir()):
        if path.name.startswith("."):
            continue
        if not path.is_file():
            if path.suffix.lower() in SUFFIXES + OTHER_PICTURES:
                not_files.append(Problem(str(path), f"{what_is_at(path)}, not an image "
                                                    "file; ignored"))
            continue
        if path.suffix.lower() in OTHER_PICTURES:
            ignored.append(path)
        elif path.suffix.lower() not in SUFFIXES:
            continue
        elif path.stem in files:
            problems.append(Problem(str(path), f"two images named {path.stem!r}: "
                                    f"{files[path.stem].name} and {path.name}"))
        else:
            files[path.stem] = path
    if problems:
        raise DataError(problems)
    return ArtFolder(folder, files, tuple(ignored), tuple(not_files))


def front_name(deck: Deck, number: int, card: Card) -> str:
    return card.art or f"{deck.id}-{number}"


def back_name(deck: Deck) -> str:
    return deck.back_art or f"{deck.id}-back"


def shows_art(layout: Layout) -> bool:
    """Whether the layout has an image box that shows a face's `{art}`."""
    return any(b.kind == "image" and "{art}" in str(b.props.get("src", ""))
               for b in layout.boxes)


def art_layout(face: Face, layouts: LayoutSet) -> str | None:
    """The layout that shows this face's art (its own or its `with_art`), or None."""
    layout = layouts.get(face.layout)
    name = layout.with_art or face.layout
    return name if shows_art(layouts.get(name)) else None


def with_art(printables: list, folder: ArtFolder | None, layouts: LayoutSet) -> list:
    """The printables with art on every face that has some and can show it."""
    return [_deck(p, folder, layouts) if isinstance(p, Deck) else p for p in printables]


def _deck(deck: Deck, folder: ArtFolder | None, layouts: LayoutSet) -> Deck:
    files = folder.files if folder else {}
    back_art = files.get(back_name(deck))
    cards = tuple(_card(card, _face(card.front, files.get(front_name(deck, n, card)), layouts),
                        _face(card.back, back_art, layouts))
                  for n, card in enumerate(deck.cards, start=1))
    changed = any(a is not b for a, b in zip(cards, deck.cards, strict=True)) or back_art
    if not changed:
        return deck
    return replace(deck, cards=cards, back=_face(deck.back, back_art, layouts))


def _card(card, front: Face | None, back: Face | None):
    """The card with these faces: itself when they are its own (most cards have no art;
    making each anew was 5 ms of every build's planning, before any worker starts)."""
    if front is card.front and back is card.back:
        return card
    return replace(card, front=front, back=back)


def _face(face: Face | None, path: Path | None, layouts: LayoutSet) -> Face | None:
    if face is None:
        return None
    art = path or face.fields.get(ART_FIELD)
    if not art:
        return face
    # Absolute, so that the image box does not read it relative to the layout's folder.
    art = str(Path(art).absolute())
    layout = art_layout(face, layouts)
    if layout is None:
        return face
    if layout == face.layout and face.fields.get(ART_FIELD) == art:
        return face
    return replace(face, layout=layout, fields={**face.fields, ART_FIELD: art})


def art_names(printables: Iterable, layouts: LayoutSet) -> dict[str, bool]:
    """Every art name the printables have -> whether some face by that name shows art."""
    names: dict[str, bool] = {}
    for deck in (p for p in printables if isinstance(p, Deck)):
        for n, card in enumerate(deck.cards, start=1):
            _note(names, front_name(deck, n, card), card.front, layouts)
            _note(names, back_name(deck), card.back or deck.back, layouts)
    return names


def _note(names: dict[str, bool], name: str, face: Face | None, layouts: LayoutSet) -> None:
    shown = face is not None and art_layout(face, layouts) is not None
    names[name] = names.get(name, False) or shown


def unused_art(folder: ArtFolder | None, names: dict[str, bool],
               drawn: set[str] = frozenset()) -> list[Problem]:
    """A warning for every file in the folder that no face shows: no card by that name
    (with the nearest name, for typos), a card whose layout has no art box, or a file
    that is not an image type. A file in `drawn` (paths a face draws: a promo card's own
    `"art"` may name a picture in the folder) is shown whatever its name."""
    if folder is None:
        return []
    problems = []
    shown = {str(Path(p).resolve()) for p in drawn}
    for name, path in sorted(folder.files.items()):
        if names.get(name) or str(Path(path).resolve()) in shown:
            continue
        if name in names:
            problems.append(Problem(str(path), f"{name!r} is a card here, but its layout "
                                    "has no image box for art ({art}); not used"))
            continue
        near = difflib.get_close_matches(name, list(names), n=1, cutoff=0.6)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        problems.append(Problem(str(path), f"matches no card in this build{hint} (names are "
                                "card ids, <component>-<number> or <component>-back)"))
    problems += [Problem(str(p), "not an image pnp reads (.png, .jpg, .jpeg, .webp, .tif, "
                         ".tiff); ignored") for p in folder.ignored]
    return problems + list(folder.not_files)
