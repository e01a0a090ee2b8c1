"""Card anatomy pictures: a card's front as its boxes, in mm, as inline SVG.

The geometry is the kits' own (`pnp.anatomy.anatomy_plan`, written into the build tree
before the site is built): every box outlined where the kit draws it, each box that prints
the card's own data with a numbered badge, and a legend beside the card naming each part
with a label in the page's language. Labels and title are text in the SVG, escaped by
ElementTree; the picture says what it shows with `role="img"`, an `aria-label` and a
`<title>`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from xml.etree import ElementTree

FONT = 3.6
"""The labels' size, mm."""
ROW = 5.8
"""mm between two labels."""
ACCENT = "#c2410c"
"""The badges and the outlines of the labelled boxes (WCAG AA on white)."""


def anatomy_svg(plan: Mapping[str, Any], title: str, label: Callable[[str], str]) -> str:
    """One component's picture (its `anatomy_plan` entry) as one line of inline SVG."""
    width, height = plan["width"], plan["height"]
    numbered = plan["parts"]
    labels = [label(part["field"]) for part in numbered]
    legend_height = ROW * len(numbered) + 4
    # beside the card: a badge, then the longest label (about 0.56 em a character)
    legend_width = 10 + FONT * 0.56 * max((len(text) for text in labels), default=0)
    total_height = max(height, legend_height) + 2
    named = [f"{part['number']} {text}" for part, text in zip(numbered, labels, strict=True)]
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
    card = {"rx": plan["radius"], "fill": "#ffffff", "stroke": "#1f2937", "stroke-width": 0.4}
    _element(svg, "rect", x=0.0, y=0.0, width=width, height=height, **card)
    for box in plan["boxes"]:
        _outline(svg, box)
    for part in numbered:
        _badge(svg, part["number"], part["x"] + 2.2, part["y"] + 2.2, width, height)
    for index, (part, text) in enumerate(zip(numbered, labels, strict=True)):
        y = 3 + index * ROW
        _badge(svg, part["number"], width + 5, y, width + 10, y + 3)
        caption = _element(svg, "text", x=width + 8.2, y=y + 1.25, fill="#111827")
        caption.set("font-size", str(FONT))
        caption.text = text
    return ElementTree.tostring(svg, encoding="unicode")


def _outline(svg: ElementTree.Element, box: Mapping[str, Any]) -> None:
    x, y, w, h, labelled = box["x"], box["y"], box["w"], box["h"], box["labelled"]
    style = {
        "fill": box["fill"],
        "fill-opacity": 0.35,
        "stroke": ACCENT if labelled else "#6b7280",
        "stroke-width": 0.45 if labelled else 0.2,
    }
    if labelled:
        style["stroke-dasharray"] = "1.2 0.6"
    if box["shape"] == "ellipse":
        _element(svg, "ellipse", cx=x + w / 2, cy=y + h / 2, rx=w / 2, ry=h / 2, **style)
    elif box["shape"] == "line":
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
