"""The values a card layout may hold: fonts, sizes, lengths, colours and paths, checked
against the limits in `pnp/limits.yaml` before anything is drawn.

Each check reports through a callback taking the value's path in the YAML file, so every
refusal is located at `path:line:col`. Values built from a card's fields (`{color}`,
`art/{art}`) are checked again when a face is drawn (`pnp/faces.py`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from starpress.core.model import size_mm
from starpress.pdf.fonts import FAMILIES
from starpress.pdf.units import MM, to_points
from starpress.pnp import images
from starpress.pnp.limits import LIMITS, Span

if TYPE_CHECKING:
    from starpress.pnp.layout import Box, CardTemplates, Length

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
