"""Read back what a kit PDF contains: page boxes and every placed face, in millimetres."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pymupdf

MM = 72 / 25.4
_PLACEMENT = re.compile(
    r"n ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\* n\s+"
    r"1 0 0 1 ([-\d.]+) ([-\d.]+) cm\s+/FormXob\.(\S+) Do"
)


@dataclass(frozen=True)
class Placement:
    """A face drawn on a page: its form name, where its bleed area starts, its clip (mm)."""

    form: str
    x: float
    y: float
    clip: tuple[float, float, float, float]  # x, y, width, height

    @property
    def side(self) -> str:
        return self.form.split("-", 1)[0]

    @property
    def card(self) -> str:
        return self.form.split("-", 1)[1]


def open_pdf(path: Path) -> pymupdf.Document:
    return pymupdf.open(str(path))


def page_size(doc: pymupdf.Document, number: int) -> tuple[float, float]:
    rect = doc[number].mediabox
    return rect.width / MM, rect.height / MM


def page_box(doc: pymupdf.Document, number: int, name: str) -> tuple[float, ...]:
    """A page box (TrimBox, BleedBox…) as PDF numbers [x0 y0 x1 y1] in mm."""
    kind, value = doc.xref_get_key(doc[number].xref, name)
    assert kind == "array", f"page {number + 1} has no {name}"
    return tuple(float(part) / MM for part in value.strip("[]").split())


def placements(doc: pymupdf.Document, number: int) -> list[Placement]:
    page = doc[number]
    stream = b"".join(doc.xref_stream(xref) for xref in page.get_contents()).decode("latin-1")
    found = []
    for match in _PLACEMENT.finditer(stream):
        cx, cy, cw, ch, tx, ty = (float(value) / MM for value in match.groups()[:6])
        found.append(Placement(match.group(7), tx, ty, (cx, cy, cw, ch)))
    return found
