"""Safe SVG reading: an icon file, checked and reduced to plain drawing, as SVG text.

An icon is read only when its path stays inside its game folder (symlinks resolved), only
up to the size limit of `starpress/limits.yaml`, and parsed with defusedxml with no DTD at
all (so no entity expansion and no external reference), then reduced to the allowlist of
drawing elements and presentation attributes below: active content (script, foreignObject,
`on*` handlers, `javascript:` or external links) and everything else off the list is
dropped. What is left is serialised by us, every attribute value escaped: that text is what
the kits (via svglib) and the site (inline) draw, never the file itself. A file that cannot
be reduced to a drawing (not XML, a DTD, not an `<svg>`, no viewBox, nothing left to draw,
too large) is refused.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from functools import lru_cache
from pathlib import Path, PurePosixPath, PureWindowsPath
from xml.sax.saxutils import escape, quoteattr

import defusedxml
import defusedxml.ElementTree as SafeElementTree

from starpress.core.errors import InputError, shown_path
from starpress.core.limits import limits, read_capped

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"

ELEMENTS = frozenset(
    {
        "svg", "g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon",
        "defs", "linearGradient", "radialGradient", "stop", "clipPath", "use", "title", "desc",
    }
)  # fmt: skip
"""Elements kept; every other element is dropped with everything inside it."""
DRAWABLE = frozenset({"path", "circle", "ellipse", "rect", "line", "polyline", "polygon", "use"})
"""Elements that put ink on the page: an icon needs at least one."""
ATTRIBUTES = frozenset(
    {
        "d", "fill", "stroke", "stroke-width", "viewBox", "transform", "cx", "cy", "r", "rx",
        "ry", "x", "y", "width", "height", "points", "x1", "y1", "x2", "y2", "opacity",
        "fill-opacity", "stroke-opacity", "fill-rule", "clip-rule", "stroke-linecap",
        "stroke-linejoin", "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit",
        "offset", "stop-color", "stop-opacity", "gradientUnits", "gradientTransform", "fx",
        "fy", "spreadMethod", "id", "clip-path", "clipPathUnits", "preserveAspectRatio",
        "color", "display", "visibility", "version",
    }
)  # fmt: skip
"""Presentation attributes kept (plus a `use`'s internal `#id` link); others are dropped."""


class SvgError(InputError):
    """An icon file that cannot be used, named by its project-relative path."""


def icon_path(game_folder: Path, file: str) -> Path:
    """The icon file named `file` in a game's icons.yaml (which may not exist); refused when
    it is absolute or resolves (through `..` or symlinks) outside the game folder. Nothing
    is read."""
    if _is_absolute(file):
        raise SvgError(None, f"icon file must be a path inside the game folder, not {file!r}")
    path = game_folder / file
    _check_inside(path, game_folder)
    return path


def sanitized_svg(path: Path, game_folder: Path) -> str:
    """The icon at `path` reduced to safe SVG text (cached per file version)."""
    _check_inside(path, game_folder)
    try:
        stat = path.stat()
    except OSError:
        raise SvgError(path, "icon file not found") from None
    return _sanitized(path.resolve(), stat.st_mtime_ns, stat.st_size, shown_path(path))


def _is_absolute(file: str) -> bool:
    return (
        PurePosixPath(file).is_absolute()
        or PureWindowsPath(file).is_absolute()
        or (file.startswith("\\"))
    )


def _check_inside(path: Path, game_folder: Path) -> None:
    folder = game_folder.resolve()
    try:
        inside = path.resolve().is_relative_to(folder)
    except (OSError, RuntimeError):  # a symlink loop
        inside = False
    if not inside:
        raise SvgError(None, f"icon file {shown_path(path)} is outside its game folder")


@lru_cache(maxsize=1024)
def _sanitized(path: Path, mtime_ns: int, size: int, shown: str) -> str:
    """Keyed on the file's version (mtime, size) so an edited icon is read again."""
    limit = limits().svg_file_bytes
    data = read_capped(path, limit)
    if data is None:
        raise SvgError(shown, f"icon file too large (over {limit} bytes)")
    try:
        root = SafeElementTree.fromstring(data, forbid_dtd=True)
    except defusedxml.DefusedXmlException as error:
        raise SvgError(shown, f"icon file declares a DTD or entities ({error})") from None
    except ElementTree.ParseError as error:
        line, col = error.position
        raise SvgError(shown, f"icon file is not valid XML ({error.msg})", line, col + 1) from None
    return _Reducer(shown).reduce(root)


def _local(name: str) -> tuple[str | None, str]:
    """(namespace, local name) of an ElementTree tag or attribute name."""
    if name.startswith("{"):
        namespace, _, local = name[1:].partition("}")
        return namespace, local
    return None, name


def _internal(node: ElementTree.Element) -> bool:
    """A `use` element pointing at an element of the same file (`#id`), and nothing else."""
    links = [value for key, value in node.attrib.items() if _local(key)[1] == "href"]
    return bool(links) and all(link.startswith("#") for link in links)


class _Reducer:
    """Walks the parsed tree, refusing active content and keeping the allowlist."""

    def __init__(self, shown: str) -> None:
        self.shown = shown
        self.elements = 0
        self.drawable = 0
        self.uses_xlink = False

    def reduce(self, root: ElementTree.Element) -> str:
        namespace, name = _local(root.tag)
        if name != "svg" or namespace not in (None, SVG_NS):
            raise SvgError(self.shown, "icon file is not an SVG (its root is not <svg>)")
        if "viewBox" not in root.attrib:
            raise SvgError(self.shown, "icon SVG needs a viewBox")
        body = self.element(root, top=True)
        if not self.drawable:
            raise SvgError(self.shown, "icon SVG has nothing to draw")
        if self.uses_xlink:
            body = body.replace(f'<svg xmlns="{SVG_NS}"', f'<svg xmlns="{SVG_NS}" '
                                f'xmlns:xlink="{XLINK_NS}"', 1)  # fmt: skip
        return body + "\n"

    def element(self, node: ElementTree.Element, top: bool = False) -> str:
        namespace, name = _local(node.tag)
        if namespace not in (None, SVG_NS) or name not in ELEMENTS:
            return ""  # script, foreignObject and the like go with everything inside them
        if name == "use" and not _internal(node):
            return ""  # a link to another file or a javascript: URL
        self.elements += 1
        if self.elements > limits().svg_elements:
            raise SvgError(
                self.shown, f"icon SVG too complex (over {limits().svg_elements} elements)"
            )
        if name in DRAWABLE:
            self.drawable += 1
        attributes = [f' xmlns="{SVG_NS}"'] if top else []
        for key, value in node.attrib.items():
            kept = self.attribute(name, key, value)
            if kept:
                attributes.append(f" {kept[0]}={quoteattr(kept[1])}")
        children = "".join(self.element(child) for child in node)
        text = escape(node.text or "") if name in ("title", "desc") else ""
        return f"<{name}{''.join(attributes)}>{text}{children}</{name}>"

    def attribute(self, element: str, key: str, value: str) -> tuple[str, str] | None:
        namespace, attribute = _local(key)
        if attribute == "href" and element == "use" and namespace in (None, XLINK_NS):
            self.uses_xlink = True
            return "xlink:href", value
        if (
            namespace is None
            and attribute in ATTRIBUTES
            and "url(" not in value.replace("url(#", "")
        ):
            return attribute, value
        return None
