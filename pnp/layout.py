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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from starpress.core.load import ContentError, Problem, display_path, validation_problems
from starpress.core.model import BoardMap, Game, size_mm
from starpress.core.project import Project
from starpress.core.yamlpos import Located, YamlSyntaxError, load_located
from starpress.pdf.fonts import FAMILIES
from starpress.pdf.units import MM, to_points
from starpress.pnp import grids, images
from starpress.pnp.limits import LIMITS, Span

Length = float | str
"""mm as a number, or a string with a unit: `3mm`, `0.125in`, `9pt`, `50%`."""

FIELD_RE = re.compile(r"\{([a-z][a-z0-9_]*)(?:\.(\d+))?\}")
"""A field placeholder in a box's text, icon or colour: `{cost}`, or one item: `{steps.0}`."""

BoxType = Literal[
    "rect",
    "ellipse",
    "line",
    "text",
    "icon",
    "image",
    "hexagon",
    "hexes",
    "squares",
    "spots",
    "track",
    "legend",
]
BOARD_TYPES = ("hexes", "squares", "spots", "track", "legend")
"""Box types that draw many things from a few keys (`pnp.boardbox`): boards as data."""
GRID_TYPES = ("hexes", "squares", "spots")
"""Board boxes that lay out the cells (or points) of a map."""
TrackPath = Literal["right", "left", "down", "up", "loop"]
Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class Paint(_Strict):
    """How one kind of cell of a map is painted (or the accented spaces of a track)."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: float | None = None
    dash: list[float] | None = None
    color: str | None = None
    """The colour of the text drawn on it (track numbers, group numbers)."""
    icon: str | None = None
    """An icon drawn in every cell of the kind."""
    outline: bool | None = None
    """Stroke only the outline of the kind's cells taken together (a zone), not each cell."""
    number: bool | None = None
    """Number the kind's groups of touching cells 1, 2, 3... (in reading order)."""


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
    # boards (`hexes`, `squares`, `spots`, `track`, `legend`; see templates/cards/README.md)
    map: str | None = None
    """A map of the game's content (`<game>.map.<name>`): its cells and their terrain."""
    cell: Length | None = None
    """Hexes: from one centre to the next (across the flat sides); squares and track spaces:
    a side; spots: a spot's diameter."""
    orientation: Literal["flat", "pointy"] | None = None
    coords: Literal["axial", "offset"] | None = None
    rings: int | None = None
    columns: int | None = None
    rows: int | None = None
    labels: bool | None = None
    """Print each cell's coordinates (hexes, squares), each space's number (track)."""
    paint: dict[str, Paint] | None = None
    """How each terrain kind of the map is painted, by the kind's id."""
    first: int | None = None
    last: int | None = None
    path: TrackPath | None = None
    gap: Length | None = None
    every: int | None = None
    accent: Paint | None = None
    """A track's every `every`th space (0, 5, 10...) painted so."""
    of: str | None = None
    """A legend: the box (of this layout) whose terrains it explains."""


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
        self._check_boards(layouts)
        self._check_extents(layouts)

    def _check_boards(self, layouts: dict[str, ResolvedLayout | None]) -> None:
        """Each board box names what it needs: a map of the right grid (or a whole grid of
        its own), a cell size, the terrains it paints, a track's numbers, a legend's grid."""
        for layout in layouts.values():
            if layout is None:
                continue
            boxes = {box.name: box for box in layout.boxes}
            for box in layout.boxes:
                if box.type not in BOARD_TYPES:
                    continue
                for problem_key, message in board_problems(box, self.game, boxes):
                    self.report(self.box_key(layout.name, box.name, problem_key), message)

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
                    if box.type in BOARD_TYPES and box.type != "legend":
                        spill = board_spill(box, self.game, width, height)
                        if spill:
                            self.report(self.box_key(layout.name, box.name), spill)
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
    _check_board_values(box, colors, icons, where, report)


def _check_board_values(
    box: Box,
    colors: dict[str, str],
    icons: set[str],
    where: tuple[str | int, ...],
    report: Report,
) -> None:
    """The values of a board box's own keys (cell sizes, counts, paints), as written."""
    for key in ("cell", "gap"):
        value = getattr(box, key)
        if value is not None:
            _length(value, (*where, key), report, may_be_negative=False)
    if box.cell is not None and _is_zero(box.cell):
        report((*where, "cell"), f"cell must be more than 0 (got {box.cell!r})")
    board = _LIMITS.board
    for key in ("rings", "columns", "rows"):
        value = getattr(box, key)
        if value is not None and not 1 <= value <= board.cells_across:
            report(
                (*where, key),
                f"{key} must be between 1 and {board.cells_across} "
                f"(got {value}; limit in {_SOURCE})",
            )
    for key in ("first", "last"):
        value = getattr(box, key)
        if value is not None and abs(value) > board.track_number:
            report(
                (*where, key),
                f"{key} must be at most {board.track_number} either way (got {value}; "
                f"limit in {_SOURCE})",
            )
    if box.every is not None and box.every < 1:
        report((*where, "every"), f"every must be at least 1 (got {box.every})")
    paints: list[tuple[tuple[str, ...], Paint]] = [
        (("paint", kind), paint) for kind, paint in (box.paint or {}).items()
    ]
    if box.accent is not None:
        paints.append((("accent",), box.accent))
    for place, paint in paints:
        at = (*where, *place)
        for key in ("fill", "stroke", "color"):
            value = getattr(paint, key)
            if value is not None:
                _color(value, colors, (*at, key), report)
        if paint.stroke_width is not None:
            _number(paint.stroke_width, _LIMITS.stroke_pt, "pt", (*at, "stroke_width"), report)
        if paint.dash is not None:
            _dash(paint.dash, (*at, "dash"), report)
        if paint.icon is not None and paint.icon.strip(":") not in icons:
            report((*at, "icon"), f"unknown icon {paint.icon!r}")


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


def _is_zero(value: Length) -> bool:
    try:
        return to_points(value, 100.0) == 0
    except ValueError:
        return False  # reported as not a length


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


# -- board boxes: what each needs, and where its grid lies ----------------------------------


def find_map(maps: Sequence[BoardMap], name: str) -> BoardMap | None:
    """A map of the game by its id, or by the id's last part (`hexadome`)."""
    for found in maps:
        if name in (found.id, found.id.rsplit(".", 1)[-1]):
            return found
    return None


_SHAPE_KEYS = ("orientation", "coords", "rings", "columns", "rows")
_GRID_OF_TYPE = {"hexes": "hex", "squares": "square", "spots": "points"}


def grid_shape(box: Box, maps: Sequence[BoardMap]) -> grids.GridShape | None:
    """The grid a `hexes` or `squares` box lays out: its map's, or its own keys'; None for
    other boxes and for spots (a map of points has no grid)."""
    if box.type not in ("hexes", "squares"):
        return None
    kind: Literal["hex", "square"] = "hex" if box.type == "hexes" else "square"
    found = find_map(maps, box.map) if box.map else None
    source: Box | BoardMap = found if found is not None else box
    return grids.GridShape(
        kind,
        source.orientation or "pointy",
        source.coords or "offset",
        source.rings,
        source.columns,
        source.rows,
    )


def board_problems(box: Box, game: Game, boxes: dict[str, Box]) -> list[tuple[str | None, str]]:
    """What is missing or wrong in a board box, as (the key to point at, message)."""
    problems: list[tuple[str | None, str]] = []
    name = box.name
    if box.type == "legend":
        grid = boxes.get(box.of or "")
        if box.of is None:
            problems.append((None, f"legend '{name}' needs of: the grid box it explains"))
        elif grid is None or grid.type not in GRID_TYPES or not grid.map:
            problems.append(("of", f"legend '{name}': no box '{box.of}' drawing a map"))
        return problems
    if box.cell is None:
        problems.append((None, f"box '{name}' needs cell: the size of one cell"))
    if box.type == "track":
        for key in ("first", "last"):
            if getattr(box, key) is None:
                problems.append((None, f"track '{name}' needs {key}: its {key} number"))
        if box.path == "loop" and (box.w is None or box.h is None):
            problems.append((None, f"track '{name}' runs in a loop: give w and h"))
        if box.first is not None and box.last is not None:
            spaces = abs(box.last - box.first) + 1
            if spaces > _LIMITS.board.track_spaces:
                problems.append(
                    (
                        "last",
                        f"track '{name}' has {spaces} spaces, over the limit of "
                        f"{_LIMITS.board.track_spaces} (in {_SOURCE})",
                    )
                )
        return problems
    wanted = _GRID_OF_TYPE[str(box.type)]
    if box.map is not None:
        found = find_map(game.maps, box.map)
        if found is None:
            maps = ", ".join(item.id for item in game.maps) or "none"
            return [*problems, ("map", f"unknown map '{box.map}' (maps: {maps})")]
        if found.grid != wanted:
            kind = {v: k for k, v in _GRID_OF_TYPE.items()}[found.grid]
            problems.append(
                ("map", f"'{found.id}' is a {found.grid} map: draw it with type {kind}")
            )
        for key in _SHAPE_KEYS:
            if getattr(box, key) is not None:
                problems.append((key, f"box '{name}': {key} comes from its map '{found.id}'"))
        terrains = {terrain.id for terrain in found.terrains}
        for kind_id in box.paint or {}:
            if kind_id not in terrains:
                listed = ", ".join(sorted(terrains)) or "none"
                problems.append(
                    ("paint", f"map '{found.id}' has no terrain '{kind_id}' (terrains: {listed})")
                )
        return problems
    if box.type == "spots":
        return [*problems, (None, f"spots '{name}' needs map: a map of points")]
    if box.paint:
        problems.append(("paint", f"box '{name}' paints terrains: give it a map"))
    if box.type == "squares" and (box.orientation or box.coords == "axial" or box.rings):
        problems.append((None, f"squares '{name}' take columns and rows only"))
    if box.type == "hexes" and (box.orientation is None or box.coords is None):
        problems.append((None, f"hexes '{name}' need orientation and coords (or a map)"))
    around = box.rings is not None
    square = box.columns is not None and box.rows is not None
    if box.type == "hexes" and box.coords == "axial" and not (around and box.columns is None):
        problems.append((None, f"hexes '{name}' with axial coords need rings (only)"))
    elif (box.type == "squares" or box.coords == "offset") and not (square and not around):
        problems.append((None, f"box '{name}' needs columns and rows (and no rings)"))
    shape = grid_shape(box, game.maps)
    if shape is not None and not problems:
        cells = len(shape.cells())
        if cells > _LIMITS.board.cells:
            problems.append(
                (
                    None,
                    f"box '{name}' has {cells} cells, over the limit of "
                    f"{_LIMITS.board.cells} (in {_SOURCE})",
                )
            )
    return problems


def board_spill(box: Box, game: Game, width: float, height: float) -> str | None:
    """Why a grid or track box does not fit on a `width` x `height` mm face, if it does not."""
    extent = board_extent(box, game.maps, width, height)
    if extent is None:
        return None
    x, y, w, h = extent
    if x < -0.01 or y < -0.01 or x + w > width + 0.01 or y + h > height + 0.01:
        return (
            f"box '{box.name}': its {w:.1f} x {h:.1f} mm from ({x:.1f}, {y:.1f}) leaves the "
            f"{width:g} x {height:g} mm face"
        )
    return None


def board_extent(
    box: Box, maps: Sequence[BoardMap], width: float, height: float
) -> tuple[float, float, float, float] | None:
    """Where a grid, spots or track box draws: x, y, width, height in mm on the face (a grid
    sits at its box's corner, or in the middle of its box when w and h are both given)."""
    x = box_extent(box.x or 0, width * MM) / MM
    y = box_extent(box.y or 0, height * MM) / MM
    cell = to_points(box.cell, min(width, height) * MM) / MM if box.cell is not None else 0.0
    if cell <= 0:
        return None
    if box.type == "track":
        if box.first is None or box.last is None:
            return None
        if box.path == "loop":
            w = box_extent(box.w or "100%", width * MM) / MM
            h = box_extent(box.h or "100%", height * MM) / MM
            return x, y, w, h
        gap = to_points(box.gap or 0, min(width, height) * MM) / MM
        w, h = grids.track_extent(box.first, box.last, cell, gap, box.path or "right")
        return x, y, w, h
    if box.type == "spots":
        found = find_map(maps, box.map or "")
        if found is None or not found.points:
            return None
        xs = [point.x for point in found.points]
        ys = [point.y for point in found.points]
        half = cell / 2
        return (
            x + min(xs) - half,
            y + min(ys) - half,
            max(xs) - min(xs) + cell,
            max(ys) - min(ys) + cell,
        )
    shape = grid_shape(box, maps)
    if shape is None or not shape.cells():
        return None
    laid = grids.lay_out(shape, cell)
    if box.w is not None and box.h is not None:
        w = box_extent(box.w, width * MM) / MM
        h = box_extent(box.h, height * MM) / MM
        x, y = x + (w - laid.width) / 2, y + (h - laid.height) / 2
    return x, y, laid.width, laid.height
