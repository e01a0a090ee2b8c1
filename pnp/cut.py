"""Cut files for cutting machines (Cricut, Silhouette…): one SVG per printed sheet.

Each SVG is the sheet's size in millimetres and holds the sheet's registration marks
(`pnp.marks.registration_marks`, the same rectangles the kit prints) and the cut path of
every piece on it: its trim, with the rounded corners its layout gives (`radius`), or its
circle. The kit builder records the pieces as it places them, so the cut paths are the
printed trims by construction. Written with the standard library's ElementTree.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from starpress.core.atomic import write_atomic
from starpress.pdf.units import mm
from starpress.pnp.marks import registration_marks

SVG_NS = "http://www.w3.org/2000/svg"
CUT_COLOUR = "#ff0000"
"""Cutting software cuts every path; red hairlines are the usual way to show cut lines."""
CUT_WIDTH_MM = 0.1


@dataclass(frozen=True)
class CutPiece:
    """One piece to cut out: its trim on the sheet (points, origin bottom-left)."""

    card: str
    x: float
    y: float
    width: float
    height: float
    shape: Literal["rect", "round"]
    radius: float = 0.0  # corner radius (points) of a rectangle


@dataclass(frozen=True)
class CutSheet:
    """The pieces of one printed sheet: its page number in the kit (1-based) and size (points)."""

    page: int
    width: float
    height: float
    pieces: tuple[CutPiece, ...]


def _number(points: float) -> str:
    """A length in mm for the SVG: three decimals, no trailing zeros."""
    text = f"{mm(points):.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def cut_svg(sheet: CutSheet, title: str) -> bytes:
    """One sheet's SVG: width and height in mm, a viewBox in mm (y downwards, as SVG has it)."""
    ElementTree.register_namespace("", SVG_NS)
    width, height = _number(sheet.width), _number(sheet.height)
    root = ElementTree.Element(
        f"{{{SVG_NS}}}svg",
        {
            "width": f"{width}mm",
            "height": f"{height}mm",
            "viewBox": f"0 0 {width} {height}",
            "version": "1.1",
        },
    )
    ElementTree.SubElement(root, f"{{{SVG_NS}}}title").text = title

    def down(y: float, extent: float) -> str:
        """SVG's y of a rectangle's top edge: PDF measures from the bottom, SVG from the top."""
        return _number(sheet.height - y - extent)

    marks = ElementTree.SubElement(
        root, f"{{{SVG_NS}}}g", {"id": "registration", "fill": "#000000", "stroke": "none"}
    )
    for rect in registration_marks(sheet.width, sheet.height):
        ElementTree.SubElement(
            marks,
            f"{{{SVG_NS}}}rect",
            {
                "x": _number(rect.x),
                "y": down(rect.y, rect.height),
                "width": _number(rect.width),
                "height": _number(rect.height),
            },
        )
    cuts = ElementTree.SubElement(
        root,
        f"{{{SVG_NS}}}g",
        {
            "id": "cut",
            "fill": "none",
            "stroke": CUT_COLOUR,
            "stroke-width": f"{CUT_WIDTH_MM:g}",
        },
    )
    for piece in sheet.pieces:
        if piece.shape == "round":
            element = ElementTree.SubElement(
                cuts,
                f"{{{SVG_NS}}}ellipse",
                {
                    "cx": _number(piece.x + piece.width / 2),
                    "cy": _number(sheet.height - piece.y - piece.height / 2),
                    "rx": _number(piece.width / 2),
                    "ry": _number(piece.height / 2),
                },
            )
        else:
            attributes = {
                "x": _number(piece.x),
                "y": down(piece.y, piece.height),
                "width": _number(piece.width),
                "height": _number(piece.height),
            }
            if piece.radius > 0:
                radius = min(piece.radius, piece.width / 2, piece.height / 2)
                attributes |= {"rx": _number(radius), "ry": _number(radius)}
            element = ElementTree.SubElement(cuts, f"{{{SVG_NS}}}rect", attributes)
        ElementTree.SubElement(element, f"{{{SVG_NS}}}title").text = piece.card
    ElementTree.indent(root)
    data: bytes = ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)
    return data + b"\n"


def write_cut_files(sheets: list[CutSheet], folder: Path, kit_name: str) -> list[Path]:
    """`page-NN.svg` in `folder` for each sheet that has pieces, NN its page in the kit."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    digits = max(2, len(str(max((sheet.page for sheet in sheets), default=1))))
    for sheet in sheets:
        if not sheet.pieces:
            continue
        path = folder / f"page-{sheet.page:0{digits}d}.svg"
        write_atomic(path, cut_svg(sheet, f"{kit_name}, page {sheet.page}: cut paths"))
        written.append(path)
    return written
