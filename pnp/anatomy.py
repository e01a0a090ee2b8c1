"""Card anatomy as data: where each box of a component's front layout is, in mm.

Every box is placed where the kit draws it (`pnp.faces` places boxes the same way: mm from
the trim's top-left corner, `%` of the card, negative lengths from the far edge), with its
fill resolved from the layout's palette; each box that prints the card's own data (a
`{field}` in its text, icon or picture) is a numbered part. `anatomy_plan` gives this for
every component of a game as plain JSON data, written into the build tree before the site
is built; the site draws the pictures from it (`starpress.site.anatomy`), labelled in the
page's language.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

from starpress.core.model import Game, size_mm
from starpress.pdf.units import MM, to_points
from starpress.pnp.boxes import FIELD_RE, Box
from starpress.pnp.layout import ResolvedLayout, Templates

_HEX = re.compile(r"#[0-9a-fA-F]{6}")


@dataclass(frozen=True)
class Part:
    """A box that prints the card's data: its number on the picture, the field it prints
    and where it is (mm from the trim's top-left corner)."""

    number: int
    field: str
    x: float
    y: float
    w: float
    h: float


def box_rect(box: Box, width: float, height: float) -> tuple[float, float, float, float]:
    """A box's x, y, width and height in mm on a card of `width` × `height` mm."""

    def length(value: float | str, reference: float) -> float:
        points = to_points(value, reference * MM) / MM
        return points + reference if points < 0 else points

    return (
        length(box.x or 0, width),
        length(box.y or 0, height),
        length(box.w if box.w is not None else "100%", width),
        length(box.h if box.h is not None else "100%", height),
    )


def printed_field(box: Box) -> str | None:
    """The first card field a text, icon or picture box prints, if any."""
    if box.type not in ("text", "icon", "image"):
        return None
    for template in (box.text, box.icon, box.image):
        match = FIELD_RE.search(template or "")
        if match:
            return match.group(1)
    return None


def parts(layout: ResolvedLayout, width: float, height: float) -> list[Part]:
    """The boxes printing the card's data, one per field, in the layout's order."""
    found: list[Part] = []
    seen: set[str] = set()
    for box in layout.boxes:
        field = printed_field(box)
        if field is None or field in seen:
            continue
        seen.add(field)
        found.append(Part(len(found) + 1, field, *box_rect(box, width, height)))
    return found


def anatomy_plan(templates: Templates, game: Game) -> dict[str, dict[str, Any]]:
    """Every component's front layout as data (component id -> card size and radius in mm,
    each box's shape, place and fill, the numbered parts), for components whose front
    prints some of the card's own data. JSON-ready: the site reads it from the build tree."""
    plans: dict[str, dict[str, Any]] = {}
    components = {component.id: component for component in game.components}
    for component_id in templates.components:
        component = components.get(component_id)
        if component is None:
            continue
        layout = templates.front(component_id)
        width, height = size_mm(layout.size or component.size or "poker")
        numbered = parts(layout, width, height)
        if not numbered:
            continue
        labelled = {id(box) for box in layout.boxes if printed_field(box)}
        plans[component_id] = {
            "width": width,
            "height": height,
            "radius": to_points(layout.radius, min(width, height) * MM) / MM,
            "boxes": [
                _box(box, box_rect(box, width, height), templates.colors, id(box) in labelled)
                for box in layout.boxes
            ],
            "parts": [asdict(part) for part in numbered],
        }
    return plans


def _box(
    box: Box, rect: tuple[float, float, float, float], colors: dict[str, str], labelled: bool
) -> dict[str, Any]:
    x, y, w, h = rect
    fill = colors.get(box.fill or "", box.fill or "")
    shape = box.type if box.type in ("ellipse", "line") else "rect"
    return {
        "shape": shape,
        "x": x,
        "y": y,
        "w": w,
        "h": h,
        "fill": fill if _HEX.fullmatch(fill) else "none",
        "labelled": labelled,
    }
