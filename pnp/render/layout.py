"""Card layouts: named boxes in a JSON template, with `extends` for reuse.

Squib's lesson: the code knows how to draw a kind of box, the template knows where. Units
are converted once here (mm from the top-left in the file, mm from the bottom-left in
memory), so drawing code never juggles origins.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.content import paths
from pnp.content.jsonfile import JsonDoc, load_json
from pnp.content.schemas import schema_problems
from pnp.errors import DataError, Location, PnpError, Problem
from pnp.render.geometry import Size, card_size

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_KIND_DEFAULT = "rect"
OUTSIDE = 20.0
"""How far a box may reach beyond the trim (mm): the bleed is at most 10 mm."""


@dataclass(frozen=True)
class LayoutBox:
    """A box, in mm relative to the card's bottom-left trim corner, with its raw props."""

    name: str
    kind: str
    x: float
    y: float
    width: float
    height: float
    props: dict[str, Any]
    where: Location


@dataclass(frozen=True)
class Layout:
    name: str
    size: Size
    safe: float
    boxes: tuple[LayoutBox, ...]
    # The layout a face is drawn with instead when it has art (`{art}` in an image box).
    with_art: str | None = None


class LayoutSet:
    """Layouts by name, loaded on first use, looked up in each folder in turn: a user's
    templates folder needs only the layouts it changes, the rest come from the next."""

    def __init__(self, *folders: Path):
        self.folders = tuple(folders)
        self._cache: dict[str, Layout] = {}

    @property
    def folder(self) -> Path:
        return self.folders[0]

    def path_of(self, name: str) -> Path:
        """The file that defines layout `name` (in the first folder that has it). A name
        there that leads nowhere (a broken or looping symlink) is that folder's file too,
        to be refused naming it: the next folder's layout was used without a word."""
        for folder in self.folders:
            if os.path.lexists(folder / f"{name}.json"):
                return folder / f"{name}.json"
        return self.folder / f"{name}.json"

    def get(self, name: str) -> Layout:
        if name not in self._cache:
            self._cache[name] = self._resolve(name, ())
        return self._cache[name]

    def _doc(self, name: str, chain: tuple[str, ...]) -> JsonDoc:
        path = self.path_of(name)
        if not os.path.lexists(path):
            where = f" (extended by {chain[-1]})" if chain else ""
            raise DataError(Problem(str(path), f"layout {name!r} not found{where}"))
        doc = load_json(path)
        problems = schema_problems(doc, "layout")
        if problems:
            raise DataError(problems)
        return doc

    def _resolve(self, name: str, chain: tuple[str, ...]) -> Layout:
        if name in chain:
            loop = " extends ".join((*chain, name))
            raise DataError(Problem(str(self.path_of(chain[0])),
                                    f"circular extends: {loop}", path="$.extends"))
        doc = self._doc(name, chain)
        data = doc.value
        if "extends" in data and not self.path_of(data["extends"]).exists():
            # the file that names the missing layout is at fault, not the file it names
            folders = ", ".join(str(f) for f in self.folders)
            raise DataError([doc.problem("$.extends", f"layout {data['extends']!r} not found "
                                                      f"(no {data['extends']}.json in {folders})")])
        parent = self._resolve(data["extends"], (*chain, name)) if "extends" in data else None
        size = _size(doc) if "size" in data else parent.size if parent else None
        if size is None:
            raise DataError(doc.problem("$", "a layout needs a size (or extends one that has)"))
        safe = data.get("safe", parent.safe if parent else 3.0)
        boxes = _merge_boxes(parent.boxes if parent else (), doc, size)
        with_art = data.get("with_art", parent.with_art if parent else None)
        layout = Layout(name, size, safe, boxes, with_art)
        problems = extent_problems(layout) + safe_zone_problems(layout)
        if problems:
            raise DataError(problems)
        return layout


def _size(doc: JsonDoc) -> Size:
    """The layout's card size; an unknown name or an implausible size (card_size bounds
    it) is located here, at the layout's `size`, instead of surfacing without a file."""
    try:
        return card_size(doc.value["size"])
    except PnpError as exc:
        raise DataError(doc.problem("$.size", "; ".join(p.message for p in exc.problems))
                        ) from None


def extent_problems(layout: Layout) -> list[Problem]:
    """Boxes that lie off the card (beyond its bleed): nothing there would be printed, and
    a wild number there is a typo, not a design."""
    w, h, m = layout.size.width, layout.size.height, OUTSIDE
    return [
        b.where.problem(f"layout {layout.name!r}: box {b.name!r} reaches more than {m:g} mm "
                        f"outside the {layout.size} card")
        for b in layout.boxes
        if b.x < -m or b.y < -m or b.x + b.width > w + m or b.y + b.height > h + m
    ]


def layout_set(templates_dir: Path | None = None) -> LayoutSet:
    """The layouts a build uses: `templates_dir/layouts` first (if given), then the
    shipped ones."""
    shipped = paths.templates_dir() / "layouts"
    if templates_dir is None:
        return LayoutSet(shipped)
    return LayoutSet(templates_dir / "layouts", shipped)


def _merge_boxes(inherited: tuple[LayoutBox, ...], doc: JsonDoc,
                 size: Size) -> tuple[LayoutBox, ...]:
    """Inherited boxes in order, each replaced key by key by a same-named box; new boxes
    appended. Coordinates flip to a bottom-left origin here, once."""
    by_name = {b.name: b for b in inherited}
    order = [b.name for b in inherited]
    for index, raw in enumerate(doc.value["boxes"]):
        where = doc.location(f"$.boxes[{index}]")
        base = by_name.get(raw["name"])
        merged = {**(_raw_of(base, size) if base else {}), **raw}
        missing = [k for k in ("x", "y", "width", "height") if k not in merged]
        if missing:
            raise DataError(where.problem(f"box {raw['name']!r} needs {', '.join(missing)}"))
        if raw["name"] not in by_name:
            order.append(raw["name"])
        by_name[raw["name"]] = _box(merged, size, where)
    return tuple(by_name[n] for n in order)


def _box(raw: dict, size: Size, where: Location) -> LayoutBox:
    props = {k: v for k, v in raw.items() if k not in ("name", "kind", "x", "y", "width",
                                                       "height")}
    if raw.get("kind") == "image":
        props["_trim"] = (size.width, size.height)  # which sides touch the trim (bleed)
    return LayoutBox(raw["name"], raw.get("kind", _KIND_DEFAULT), raw["x"],
                     size.height - raw["y"] - raw["height"], raw["width"], raw["height"],
                     props, where)


def _raw_of(box: LayoutBox, size: Size) -> dict:
    return {"name": box.name, "kind": box.kind, "x": box.x,
            "y": size.height - box.y - box.height, "width": box.width, "height": box.height,
            **box.props}


def safe_zone_problems(layout: Layout) -> list[Problem]:
    """Text boxes that reach outside the safe zone: the cutter may slice through them."""
    s, w, h = layout.safe, layout.size.width, layout.size.height
    return [
        b.where.problem(f"layout {layout.name!r}: text box {b.name!r} crosses the "
                        f"{s:g} mm safe zone")
        for b in layout.boxes
        if b.kind == "text" and (b.x < s - 1e-6 or b.y < s - 1e-6 or b.x + b.width > w - s
                                 + 1e-6 or b.y + b.height > h - s + 1e-6)
    ]


def fill_placeholders(value: Any, fields: dict, box: LayoutBox, layout: str) -> Any:
    """Replace `{field}` in strings (recursively in lists/dicts) with the card's values."""
    if isinstance(value, str):
        whole = _PLACEHOLDER.fullmatch(value)
        if whole:
            return _field(whole.group(1), fields, box, layout)
        return _PLACEHOLDER.sub(lambda m: str(_field(m.group(1), fields, box, layout)), value)
    if isinstance(value, list):
        return [fill_placeholders(v, fields, box, layout) for v in value]
    if isinstance(value, dict):
        return {k: fill_placeholders(v, fields, box, layout) for k, v in value.items()}
    return value


def has_placeholder(value: Any) -> bool:
    """Whether a prop (or any string inside it) refers to a card field."""
    if isinstance(value, str):
        return bool(_PLACEHOLDER.search(value))
    if isinstance(value, dict):
        return any(has_placeholder(v) for v in value.values())
    if isinstance(value, list):
        return any(has_placeholder(v) for v in value)
    return False


def placeholder_names(value: Any) -> set[str]:
    """The card fields a prop (or any string inside it) refers to."""
    if isinstance(value, str):
        return set(_PLACEHOLDER.findall(value))
    if isinstance(value, dict):
        return set().union(*map(placeholder_names, value.values()))
    if isinstance(value, list):
        return set().union(*map(placeholder_names, value))
    return set()


def _field(name: str, fields: dict, box: LayoutBox, layout: str) -> Any:
    if name not in fields:
        raise DataError(box.where.problem(
            f"layout {layout!r}, box {box.name!r}: no field {name!r} on this card "
            f"(fields: {', '.join(sorted(fields)) or 'none'})"))
    return fields[name]
