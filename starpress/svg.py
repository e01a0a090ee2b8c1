"""Icon SVGs made safe to inline: parsed once, reduced to an allowlist of drawing parts.

An icon file comes from a co-designer; whatever it holds (`<script>`, `on*` handlers,
`<foreignObject>`, external `href`s, entities), only plain drawing elements and attributes
survive, and every attribute value is re-escaped when it is written back.
"""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

from starpress.errors import InputError

SVG_NS = "http://www.w3.org/2000/svg"
ELEMENTS = frozenset(
    [
        "svg",
        "g",
        "path",
        "circle",
        "ellipse",
        "rect",
        "line",
        "polyline",
        "polygon",
        "defs",
        "linearGradient",
        "radialGradient",
        "stop",
        "clipPath",
        "title",
        "desc",
    ]
)
ATTRIBUTES = frozenset(
    [
        "d",
        "fill",
        "stroke",
        "stroke-width",
        "viewBox",
        "transform",
        "cx",
        "cy",
        "r",
        "rx",
        "ry",
        "x",
        "y",
        "width",
        "height",
        "points",
        "x1",
        "y1",
        "x2",
        "y2",
        "opacity",
        "fill-opacity",
        "stroke-opacity",
        "fill-rule",
        "clip-rule",
        "stroke-linecap",
        "stroke-linejoin",
        "stroke-dasharray",
        "stroke-miterlimit",
        "offset",
        "stop-color",
        "stop-opacity",
        "gradientUnits",
        "gradientTransform",
        "id",
        "clip-path",
    ]
)
# a paint or clip value may point at a gradient or clip path of the same file, nothing else
_URL_VALUE = re.compile(r"^\s*url\(\s*#[A-Za-z0-9_.:-]+\s*\)\s*$")


def sanitized_svg(path: Path, game_folder: Path) -> str:
    """The icon at `path` (inside `game_folder`) as one line of allowlisted SVG markup."""
    if not path.resolve().is_relative_to(game_folder.resolve()):
        raise InputError(path, f"an icon must be a file inside {game_folder}")
    data = path.read_text("utf-8")
    if "<!DOCTYPE" in data.upper() or "<!ENTITY" in data.upper():
        raise InputError(path, "an icon may not declare a DOCTYPE or entities")
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as error:
        raise InputError(path, f"not a well-formed SVG ({error})") from error
    if _local(root.tag) != "svg":
        raise InputError(path, "the root element must be <svg>")
    return _write(root)


def _local(name: str) -> str:
    """An element or attribute name without its namespace (`{ns}path` -> `path`)."""
    return name.rsplit("}", 1)[-1]


def _namespace(name: str) -> str:
    return name[1:].split("}", 1)[0] if name.startswith("{") else ""


def _write(element: ElementTree.Element, top: bool = True) -> str:
    tag = _local(element.tag)
    parts = [f"<{tag}"]
    if top:
        parts.append(f' xmlns="{SVG_NS}"')
    for name, value in element.attrib.items():
        if _namespace(name) or name not in ATTRIBUTES:
            continue  # on*, style, href, xlink:href and every other attribute are dropped
        if "url(" in value.lower() and not _URL_VALUE.match(value):
            continue
        parts.append(f' {name}="{_escape(value)}"')
    parts.append(">")
    if tag in ("title", "desc") and element.text:
        parts.append(_escape(element.text))
    for child in element:
        if _namespace(child.tag) in ("", SVG_NS) and _local(child.tag) in ELEMENTS:
            parts.append(_write(child, top=False))
    parts.append(f"</{tag}>")
    return "".join(parts)


def _escape(value: str) -> str:
    return (
        " ".join(value.split())
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )
