"""The boxes of a card layout, and the values they may hold.

The records a `templates/cards/<game>.yaml` is read into (`Box`, `Layout`, `CardTemplates`),
and the checks of every value one of them sets: fonts, sizes, lengths, colours, images and
the numbers of board boxes, against the limits in `pnp/limits.yaml`. Loading a file and
resolving `extends` is `pnp.layout`; what a board box needs is `pnp.boardlayout`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from starpress.core.model import size_mm
from starpress.pdf.fonts import FAMILIES
from starpress.pdf.units import MM, to_points
from starpress.pnp import images
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
