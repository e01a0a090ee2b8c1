"""Card anatomy: a component's front layout drawn as its boxes, in mm, as inline SVG.

Every box of the layout is outlined where the kit draws it (`pnp.faces` places boxes the
same way: mm from the trim's top-left corner, `%` of the card, negative lengths from the far
edge). Each box that prints the card's own data (a `{field}` in its text, icon or picture)
gets a numbered badge, and the legend beside the card names it with a label the caller
gives (the site: the field's name in the page's language). Labels and title are text in
the SVG, escaped by ElementTree; the picture says what it shows with `role="img"`, an
`aria-label` and a `<title>`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from xml.etree import ElementTree

from starpress.pdf.units import MM, to_points
from starpress.pnp.layout import FIELD_RE, Box, ResolvedLayout

FONT = 3.6
"""The labels' size, mm."""
ROW = 5.8
"""mm between two labels."""
ACCENT = "#c2410c"
"""The badges and the outlines of the labelled boxes (WCAG AA on white)."""
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


def anatomy_svg(
    layout: ResolvedLayout,
    width: float,
    height: float,
    colors: dict[str, str],
    title: str,
    label: Callable[[str], str],
) -> str:
    """The picture as one line of inline SVG (see the module's docstring)."""
    numbered = parts(layout, width, height)
    labels = [label(part.field) for part in numbered]
    legend_height = ROW * len(numbered) + 4
    # beside the card: a badge, then the longest label (about 0.56 em a character)
    legend_width = 10 + FONT * 0.56 * max((len(text) for text in labels), default=0)
    total_height = max(height, legend_height) + 2
    named = [f"{part.number} {text}" for part, text in zip(numbered, labels, strict=True)]
    svg = ElementTree.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "class": "sp-anatomy-picture",
            "role": "img",
            "aria-label": f"{title}: {', '.join(named)}" if named else title,
            "viewBox": f"-1 -1 {width + legend_width + 2:.1f} {total_height:.1f}",
            "font-family": "sans-serif",
        },
    )
    ElementTree.SubElement(svg, "title").text = title
    radius = to_points(layout.radius, min(width, height) * MM) / MM
    card = {"rx": radius, "fill": "#ffffff", "stroke": "#1f2937", "stroke-width": 0.4}
    _element(svg, "rect", x=0.0, y=0.0, width=width, height=height, **card)
    labelled = {id(box) for box in layout.boxes if printed_field(box)}
    for box in layout.boxes:
        _outline(svg, box, box_rect(box, width, height), colors, id(box) in labelled)
    for part in numbered:
        _badge(svg, part.number, part.x + 2.2, part.y + 2.2, width, height)
    for index, (part, text) in enumerate(zip(numbered, labels, strict=True)):
        y = 3 + index * ROW
        _badge(svg, part.number, width + 5, y, width + 10, y + 3)
        caption = _element(svg, "text", x=width + 8.2, y=y + 1.25, fill="#111827")
        caption.set("font-size", str(FONT))
        caption.text = text
    return ElementTree.tostring(svg, encoding="unicode")


def _outline(
    svg: ElementTree.Element,
    box: Box,
    rect: tuple[float, float, float, float],
    colors: dict[str, str],
    labelled: bool,
) -> None:
    x, y, w, h = rect
    fill = colors.get(box.fill or "", box.fill or "")
    style = {
        "fill": fill if _HEX.fullmatch(fill) else "none",
        "fill-opacity": 0.35,
        "stroke": ACCENT if labelled else "#6b7280",
        "stroke-width": 0.45 if labelled else 0.2,
    }
    if labelled:
        style["stroke-dasharray"] = "1.2 0.6"
    if box.type == "ellipse":
        _element(svg, "ellipse", cx=x + w / 2, cy=y + h / 2, rx=w / 2, ry=h / 2, **style)
    elif box.type == "line":
        _element(svg, "line", x1=x, y1=y, x2=x + w, y2=y + h, stroke=style["stroke"])
    else:
        _element(svg, "rect", x=x, y=y, width=w, height=h, **style)


def _badge(
    svg: ElementTree.Element, number: int, x: float, y: float, right: float, bottom: float
) -> None:
    """A numbered disc centred at (x, y), kept inside (0, 0)–(right, bottom)."""
    x, y = min(max(x, 2.2), right - 2.2), min(max(y, 2.2), bottom - 2.2)
    disc = {"r": 2.1, "fill": ACCENT, "stroke": "#ffffff", "stroke-width": 0.3}
    _element(svg, "circle", cx=x, cy=y, **disc)
    digit = _element(svg, "text", x=x, y=y + 1.0, fill="#ffffff", **{"text-anchor": "middle"})
    digit.set("font-size", "2.8")
    digit.set("font-weight", "bold")
    digit.text = str(number)


def _element(parent: ElementTree.Element, tag: str, **attributes: object) -> ElementTree.Element:
    values = {
        name: f"{value:.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)
        for name, value in attributes.items()
    }
    return ElementTree.SubElement(parent, tag, values)
