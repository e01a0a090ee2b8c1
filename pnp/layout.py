"""Card layouts as data: `templates/cards/<game>.yaml`, read, validated and resolved.

A layout is a list of named boxes (rect, ellipse, line, text, icon) placed in mm (or in, pt,
% of the card) from the top-left corner of the card's trim; a negative length counts back
from the far edge (`x: -20mm` is 20 mm from the right, `w: -8mm` is the width less 8 mm).
`extends` copies another layout; a box of the same name in the child changes only the keys
it sets.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from starpress.core.load import ContentError, Problem, display_path, validation_problems
from starpress.core.model import Game, size_mm
from starpress.core.project import Project
from starpress.core.yamlpos import Located, YamlSyntaxError, load_located
from starpress.pdf.fonts import FAMILIES
from starpress.pdf.units import MM, to_points
from starpress.pnp import images
from starpress.pnp.limits import LIMITS, Span

Length = float | str
"""mm as a number, or a string with a unit: `3mm`, `0.125in`, `9pt`, `50%`."""

FIELD_RE = re.compile(r"\{([a-z][a-z0-9_]*)(?:\.(\d+))?\}")
"""A field placeholder in a box's text, icon or colour: `{cost}`, or one item: `{steps.0}`."""

BoxType = Literal["rect", "ellipse", "line", "text", "icon", "image"]
Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class Box(_Strict):
    """One drawing on a face. Every key but `name` may come from the layout it extends."""

    name: str
    type: BoxType | None = None
    x: Length | None = None
    y: Length | None = None
    w: Length | None = None
    h: Length | None = None
    full_bleed: bool | None = None
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float | None = None
    radius: Length | None = None
    dash: list[float] | None = None
    text: str | None = None
    icon: str | None = None
    image: str | None = None
    font: str | None = None
    size: float | None = None
    min_size: float | None = None
    bold: bool | None = None
    align: Align | None = None
    valign: VAlign | None = None
    color: str | None = None
    leading: float | None = None
    rotate: Literal[0, 90, 180, 270] | None = None
    join: Literal["space", "line"] | None = None
    when: str | None = None


class Layout(_Strict):
    extends: str | None = None
    size: str | None = None
    shape: Literal["rect", "round"] | None = None
    bleed: Literal["shared", "own"] | None = None
    safe: Length | None = None
    radius: Length | None = None
    boxes: list[Box] = []
    remove: list[str] = []


class ComponentLayouts(_Strict):
    front: str
    back: str | None = None


class Defaults(_Strict):
    font: str = "DejaVuSansCondensed"
    size: float = 8.0
    min_size: float = 5.0
    color: str = "#1b1b1b"
    leading: float = 1.18
    safe: Length = "3mm"


class CardTemplates(_Strict):
    """The whole of one `templates/cards/<game>.yaml`."""

    colors: dict[str, str] = {}
    defaults: Defaults = Defaults()
    components: dict[str, ComponentLayouts] = {}
    layouts: dict[str, Layout] = {}


@dataclass(frozen=True)
class ResolvedLayout:
    """A layout with `extends` applied: every box complete."""

    name: str
    shape: Literal["rect", "round"]
    size: str | None
    safe: Length
    bleed: Literal["shared", "own"]
    """`own`: the card keeps its bleed on every side and a gap from its neighbours on the
    sheet (cards whose edges carry colours: a cut off the line shows their own colour)."""
    radius: Length
    boxes: tuple[Box, ...]


@dataclass(frozen=True)
class Templates:
    """Resolved layouts of one game, and which layouts draw each component."""

    path: Path
    colors: dict[str, str]
    defaults: Defaults
    components: dict[str, ComponentLayouts]
    layouts: dict[str, ResolvedLayout]
    positions: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict)
    """(layout, box) -> line and column of the entry that last sets the box."""

    def position(self, layout: str, box: str) -> tuple[int | None, int | None]:
        """Where a resolved box is written, for messages about it."""
        return self.positions.get((layout, box), (None, None))

    def front(self, component_id: str, layout: str | None = None) -> ResolvedLayout:
        return self.layouts[layout or self.components[component_id].front]

    def back(self, component_id: str) -> ResolvedLayout | None:
        name = self.components[component_id].back
        return self.layouts[name] if name else None


def templates_path(root: Path, game_id: str) -> Path:
    return Project(root).card_layouts(game_id)


def load_templates(root: Path, game: Game) -> Templates:
    """Read and check a game's card layouts; raise ContentError listing every problem."""
    path = templates_path(root, game.id)
    if not path.is_file():
        raise ContentError([Problem(display_path(path), 1, 1, "no card layouts for this game")])
    try:
        located = load_located(path)
    except YamlSyntaxError as error:
        problem = Problem(display_path(path), error.line, error.col, error.message)
        raise ContentError([problem]) from None
    try:
        raw = CardTemplates.model_validate(located.data or {})
    except ValidationError as error:
        raise ContentError(validation_problems(path, located, error)) from None
    checker = _Checker(path, located, raw, game)
    icons = {icon.id for icon in game.icons}
    check_templates(raw, Project(root).game_folder(game.id), icons, checker.report)
    layouts = {name: checker.resolve(name) for name in raw.layouts}
    checker.check_components(layouts)
    if checker.problems:
        raise ContentError(checker.problems)
    return Templates(
        path=path,
        colors=raw.colors,
        defaults=raw.defaults,
        components=raw.components,
        layouts={name: layout for name, layout in layouts.items() if layout is not None},
        positions={
            (name, box.name): checker.box_position(name, box.name)
            for name, layout in layouts.items()
            if layout is not None
            for box in layout.boxes
        },
    )


class _Checker:
    """Resolves `extends` and checks references, collecting every problem."""

    def __init__(self, path: Path, located: Located, raw: CardTemplates, game: Game) -> None:
        self.path = path
        self.located = located
        self.raw = raw
        self.game = game
        self.problems: list[Problem] = []
        self.resolved: dict[str, ResolvedLayout | None] = {}

    def report(self, loc: tuple[str | int, ...], message: str) -> None:
        self.problems.append(
            Problem(display_path(self.path), *self.located.value_pos(loc), message)
        )

    def resolve(self, name: str, seen: tuple[str, ...] = ()) -> ResolvedLayout | None:
        """The layout with its `extends` chain applied; None (reported) if it cannot be."""
        if name not in self.resolved:
            self.resolved[name] = self._resolve(name, seen)
        return self.resolved[name]

    def _resolve(self, name: str, seen: tuple[str, ...]) -> ResolvedLayout | None:
        layout = self.raw.layouts[name]
        if name in seen:
            chain = " -> ".join((*seen[seen.index(name) :], name))
            self.report(("layouts", name, "extends"), f"layout '{name}' extends itself ({chain})")
            return None
        if len(seen) >= LIMITS.layout.extends_depth:
            self.report(
                ("layouts", name, "extends"),
                f"'extends' chain longer than {LIMITS.layout.extends_depth} layouts "
                "(limit in pnp/limits.yaml)",
            )
            return None
        if len(layout.boxes) > LIMITS.layout.boxes:
            return None  # reported with the layout's values
        parent_boxes: tuple[Box, ...] = ()
        inherited: dict[str, object] = {}
        if layout.extends is not None:
            if layout.extends not in self.raw.layouts:
                self.report(("layouts", name, "extends"), f"unknown layout '{layout.extends}'")
                return None
            parent = self.resolve(layout.extends, (*seen, name))
            if parent is None:
                return None
            parent_boxes = parent.boxes
            inherited = {
                "shape": parent.shape,
                "bleed": parent.bleed,
                "size": parent.size,
                "safe": parent.safe,
                "radius": parent.radius,
            }
        boxes = self._merge(name, parent_boxes, layout)
        if len(boxes) > LIMITS.layout.boxes:
            self.report(
                ("layouts", name),
                f"more than {LIMITS.layout.boxes} boxes with inherited ones "
                "(limit in pnp/limits.yaml)",
            )
            return None
        return ResolvedLayout(
            name=name,
            shape=layout.shape or inherited.get("shape", "rect"),  # type: ignore[arg-type]
            size=layout.size or inherited.get("size"),  # type: ignore[arg-type]
            bleed=layout.bleed or inherited.get("bleed", "shared"),  # type: ignore[arg-type]
            safe=_first(layout.safe, inherited.get("safe"), self.raw.defaults.safe),
            radius=_first(layout.radius, inherited.get("radius"), 0),
            boxes=boxes,
        )

    def _merge(self, name: str, parent: tuple[Box, ...], layout: Layout) -> tuple[Box, ...]:
        merged = {box.name: box for box in parent}
        for index, removed in enumerate(layout.remove):
            if merged.pop(removed, None) is None:
                self.report(("layouts", name, "remove", index), f"no box '{removed}' to remove")
        for index, box in enumerate(layout.boxes):
            if box.name in merged:
                changes = box.model_dump(exclude_unset=True)
                merged[box.name] = merged[box.name].model_copy(update=changes)
            else:
                merged[box.name] = box
            if merged[box.name].type is None:
                self.report(("layouts", name, "boxes", index), f"box '{box.name}' needs a type")
        return tuple(merged.values())

    def check_components(self, layouts: dict[str, ResolvedLayout | None]) -> None:
        printed = {card.component for card in self.game.cards}
        for component_id, chosen in self.raw.components.items():
            loc = ("components", component_id)
            if component_id not in {component.id for component in self.game.components}:
                self.report(loc, f"unknown component '{component_id}'")
                continue
            for side in ("front", "back"):
                layout = getattr(chosen, side)
                if layout is not None and layout not in layouts:
                    self.report((*loc, side), f"unknown layout '{layout}'")
        for component_id in sorted(printed - set(self.raw.components)):
            self.report(("components",), f"no layout for the cards of '{component_id}'")
        for card in self.game.cards:
            if card.layout is not None and card.layout not in layouts:
                self.report(
                    ("layouts",), f"card '{card.id}' asks for unknown layout '{card.layout}'"
                )
        self._check_extents(layouts)

    def _check_extents(self, layouts: dict[str, ResolvedLayout | None]) -> None:
        """Every box of every printed face has a width and height above zero on its card.

        Runs only on values that passed every other check, so each length parses."""
        if self.problems:
            return
        sizes = {component.id: component.size for component in self.game.components}
        checked: set[tuple[str, str]] = set()
        for card in self.game.cards:
            chosen = self.raw.components.get(card.component)
            front = layouts.get(card.layout or chosen.front) if chosen else None
            if chosen is None or front is None:
                continue
            size = front.size or sizes.get(card.component) or "poker"
            if ("", size) not in checked:
                checked.add(("", size))
                card_size(size, ("components", card.component), self.report)
            if self.problems:
                return
            width, height = size_mm(size)
            back = layouts.get(chosen.back) if chosen.back else None
            for layout in (front, back):
                if layout is None or (layout.name, size) in checked:
                    continue
                checked.add((layout.name, size))
                for box in layout.boxes:
                    for key, reference in (("w", width), ("h", height)):
                        value = getattr(box, key)
                        if value is None:
                            continue
                        extent = box_extent(value, reference * MM)
                        # a line may be flat (w or h 0); any other box needs an area
                        if extent < 0 or (extent == 0 and box.type != "line"):
                            self.report(
                                self.box_key(layout.name, box.name, key),
                                f"box '{box.name}': {key} {value!r} leaves nothing of a "
                                f"{width:g} x {height:g} mm card",
                            )

    def box_key(self, name: str, box_name: str, key: str | None = None) -> tuple[str | int, ...]:
        """Where in the file the box (or one of its keys) is last set, along `extends`."""
        found: tuple[str | int, ...] = ("layouts", name)
        for _ in range(LIMITS.layout.extends_depth + 1):
            layout = self.raw.layouts.get(name)
            if layout is None:
                break
            for index, box in reversed(list(enumerate(layout.boxes))):
                if box.name == box_name and (key is None or key in box.model_fields_set):
                    return ("layouts", name, "boxes", index) + ((key,) if key else ())
            if layout.extends is None:
                break
            name = layout.extends
        return found

    def box_position(self, name: str, box_name: str) -> tuple[int, int]:
        return self.located.value_pos(self.box_key(name, box_name))


def _first(*values: Length | object | None) -> Length:
    for value in values:
        if value is not None:
            return value  # type: ignore[return-value]
    return 0


# -- the values a layout may hold ---------------------------------------------------------
# Fonts, sizes, lengths, colours and paths, checked against the limits in `pnp/limits.yaml`
# before anything is drawn. Each check reports through a callback taking the value's path
# in the YAML file, so every refusal is located at `path:line:col`. Values built from a
# card's fields (`{color}`, `art/{art}`) are checked again when a face is drawn
# (`pnp/faces.py`).

HEX_RE = re.compile(r"^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")
"""A colour written as #rrggbb or #rgb."""

Report = Callable[[tuple[str | int, ...], str], None]
"""(where in the YAML file, message) -> None."""

_LIMITS = LIMITS.layout
_SOURCE = "pnp/limits.yaml"


def check_templates(raw: CardTemplates, folder: Path, icons: set[str], report: Report) -> None:
    """Report every value of a layout file that is unknown, non-positive or over a limit."""
    for name, value in raw.colors.items():
        if not HEX_RE.match(value):
            report(("colors", name), f"colour '{name}' must be #rrggbb (got {value!r})")
    defaults = raw.defaults
    _font(defaults.font, ("defaults", "font"), report)
    _number(defaults.size, _LIMITS.text_pt, "pt", ("defaults", "size"), report)
    _number(defaults.min_size, _LIMITS.text_pt, "pt", ("defaults", "min_size"), report)
    _number(defaults.leading, _LIMITS.leading, "", ("defaults", "leading"), report)
    _color(defaults.color, raw.colors, ("defaults", "color"), report)
    _length(defaults.safe, ("defaults", "safe"), report, may_be_negative=False)
    for name, layout in raw.layouts.items():
        where = ("layouts", name)
        if layout.size is not None:
            card_size(layout.size, (*where, "size"), report)
        if layout.safe is not None:
            _length(layout.safe, (*where, "safe"), report, may_be_negative=False)
        if layout.radius is not None:
            _length(layout.radius, (*where, "radius"), report, may_be_negative=False)
        if len(layout.boxes) > _LIMITS.boxes:
            report((*where, "boxes"), f"more than {_LIMITS.boxes} boxes (limit in {_SOURCE})")
            continue
        for index, box in enumerate(layout.boxes):
            check_box(box, raw.colors, folder, icons, (*where, "boxes", index), report)


def check_box(
    box: Box,
    colors: dict[str, str],
    folder: Path,
    icons: set[str],
    where: tuple[str | int, ...],
    report: Report,
) -> None:
    """Report every bad value one box entry sets (keys it inherits are checked where set)."""
    if box.font is not None:
        _font(box.font, (*where, "font"), report)
    for key in ("size", "min_size"):
        value = getattr(box, key)
        if value is not None:
            _number(value, _LIMITS.text_pt, "pt", (*where, key), report)
    if box.leading is not None:
        _number(box.leading, _LIMITS.leading, "", (*where, "leading"), report)
    if box.stroke_width is not None:
        _number(box.stroke_width, _LIMITS.stroke_pt, "pt", (*where, "stroke_width"), report)
    for key in ("x", "y", "w", "h"):
        value = getattr(box, key)
        if value is not None:
            _length(value, (*where, key), report)
    if box.radius is not None:
        _length(box.radius, (*where, "radius"), report, may_be_negative=False)
    if box.dash is not None:
        _dash(box.dash, (*where, "dash"), report)
    for key in ("fill", "stroke", "color"):
        value = getattr(box, key)
        if value is not None and "{" not in value:
            _color(value, colors, (*where, key), report)
    if box.icon is not None and "{" not in box.icon and box.icon.strip(":") not in icons:
        report((*where, "icon"), f"unknown icon {box.icon!r}")
    if box.image is not None and "{" not in box.image:
        try:
            images.checked(images.inside(folder, box.image))
        except images.ImageRefused as error:
            report((*where, "image"), str(error))


def card_size(size: str, where: tuple[str | int, ...], report: Report) -> tuple[float, float]:
    """A card size in mm; reported, and (0, 0), when malformed, zero or over the limit."""
    try:
        width, height = size_mm(size)
    except ValueError as error:
        report(where, str(error))
        return (0.0, 0.0)
    if not (0 < width <= _LIMITS.card_mm and 0 < height <= _LIMITS.card_mm):
        report(
            where,
            f"a card must be more than 0 and at most {_LIMITS.card_mm:g} mm each way "
            f"(got {size!r}; limit in {_SOURCE})",
        )
        return (0.0, 0.0)
    return width, height


def box_extent(value: Length, reference_pt: float) -> float:
    """A box's width or height in points on a card (a negative length counts back)."""
    points = to_points(value, reference_pt)
    return points + reference_pt if points < 0 else points


def _font(family: str, where: tuple[str | int, ...], report: Report) -> None:
    if family not in FAMILIES:
        report(where, f"unknown font {family!r} (bundled: {', '.join(sorted(FAMILIES))})")


def _number(
    value: float, span: Span, unit: str, where: tuple[str | int, ...], report: Report
) -> None:
    if value not in span:
        key = where[-1]
        report(
            where,
            f"{key} must be between {span.min:g} and {span.max:g}{unit and ' ' + unit} "
            f"(got {value:g}; limits in {_SOURCE})",
        )


def _length(
    value: Length,
    where: tuple[str | int, ...],
    report: Report,
    may_be_negative: bool = True,
) -> None:
    key = where[-1]
    try:
        points = to_points(value, 100.0)
    except ValueError as error:
        report(where, str(error))
        return
    percent = isinstance(value, str) and value.strip().endswith("%")
    limit = _LIMITS.percent if percent else _LIMITS.length_mm
    amount = points if percent else points / MM
    if not math.isfinite(amount) or abs(amount) > limit:
        unit = "%" if percent else " mm"
        report(
            where,
            f"{key} must be at most {limit:g}{unit} either way (got {value!r}; limit in {_SOURCE})",
        )
    elif amount < 0 and not may_be_negative:
        report(where, f"{key} must not be negative (got {value!r})")


def _dash(dash: list[float], where: tuple[str | int, ...], report: Report) -> None:
    if len(dash) > _LIMITS.dash_numbers:
        report(where, f"a dash has at most {_LIMITS.dash_numbers} numbers (limit in {_SOURCE})")
    elif not all(0 <= number <= _LIMITS.length_mm for number in dash) or not sum(dash) > 0:
        report(
            where,
            f"dash lengths must be between 0 and {_LIMITS.length_mm:g}, not all zero (got {dash})",
        )


def _color(
    value: str,
    colors: dict[str, str],
    where: tuple[str | int, ...],
    report: Report,
) -> None:
    if value == "none" or value in colors or HEX_RE.match(value):
        return
    report(where, f"unknown colour {value!r} (not in the layout's colors, not #rrggbb)")
