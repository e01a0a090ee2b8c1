"""Which text and icons of a drawn face come closer to the trim than a safe zone allows.

Text is measured from the PDF page itself (MuPDF's glyph boxes, so the ink, not the line
height); icons by the squares `starpress.pdf.icons` recorded as it drew them. Backgrounds,
frames and other shapes are not checked: they are meant to reach the edge.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pymupdf

from starpress.pdf.units import MM

TOLERANCE_MM = 0.05
"""Closer than the safe zone by less than this is not reported (rounding)."""


@dataclass(frozen=True)
class Crossing:
    """Something drawn closer to the trim than the safe zone: how far inside the trim it
    comes (mm; negative: beyond the trim, in the bleed)."""

    kind: Literal["text", "icon"]
    what: str
    inside_mm: float


def crossings(
    page: pymupdf.Page,
    icons: list[tuple[float, float, float, float]],
    trim: tuple[float, float, float, float],
    safe_mm: float,
) -> list[Crossing]:
    """The crossings on `page`. `trim` is the trim's x0, y0, x1, y1 and `icons` the icon
    squares, both in PDF points from the page's bottom-left corner (as reportlab draws)."""
    height = page.rect.height
    left, bottom, right, top = trim

    def inside(x0: float, y0: float, x1: float, y1: float) -> float:
        """How far the box stays inside the trim on its closest side (PDF coordinates)."""
        return min(x0 - left, y0 - bottom, right - x1, top - y1) / MM

    found = []
    flags = pymupdf.TEXTFLAGS_RAWDICT | pymupdf.TEXT_ACCURATE_BBOXES
    for block in page.get_text("rawdict", flags=flags)["blocks"]:
        for line in block.get("lines", []):
            for span in line["spans"]:
                chars = [char for char in span["chars"] if not char["c"].isspace()]
                if not chars:
                    continue
                x0 = min(char["bbox"][0] for char in chars)
                x1 = max(char["bbox"][2] for char in chars)
                # MuPDF measures y from the top of the page
                y0 = height - max(char["bbox"][3] for char in chars)
                y1 = height - min(char["bbox"][1] for char in chars)
                distance = inside(x0, y0, x1, y1)
                if distance < safe_mm - TOLERANCE_MM:
                    text = "".join(char["c"] for char in span["chars"]).strip()
                    found.append(Crossing("text", text[:30], distance))
    for box in icons:
        distance = inside(*box)
        if distance < safe_mm - TOLERANCE_MM:
            found.append(Crossing("icon", "icon", distance))
    return found
