"""Read back what a kit PDF contains: page boxes and every placed face, in millimetres."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pymupdf

MM = 72 / 25.4
_PLACEMENT = re.compile(
    r"n ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\* n\s+"
    r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) cm\s+"
    r"(?:/FormXob\.(\S+) Do|/Face <</Name \((\S+)\) /BBox \[0 0 ([\d.]+) ([\d.]+)\]>> BDC)"
)
"""A face placed on a page: clipped, moved, then drawn by its form or, placed only once,
straight on the page as marked content naming it (`starpress.pdf.canvas.begin_face`)."""
_INLINE = re.compile(rb"/Face <</Name \((\S+)\) /BBox \[[^]]*\]>> BDC\n(.*?)\nEMC(?=\s|$)", re.S)


@dataclass(frozen=True)
class Placement:
    """A face drawn on a page: its form name, where its bleed area starts, its clip (mm)."""

    form: str
    x: float  # where the form's origin (its bleed corner) goes, mm
    y: float
    clip: tuple[float, float, float, float]  # x, y, width, height
    turn: int = 0  # degrees anticlockwise the face is turned on the page: 0, 90 or -90
    footprint: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    """x, y, width, height of the whole face (trim and bleed) on the page, mm."""

    def trim(self, bleed: float) -> tuple[float, float, float, float]:
        x, y, width, height = self.footprint
        return (x + bleed, y + bleed, width - 2 * bleed, height - 2 * bleed)

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
    sizes = {
        name: (bbox[2] - bbox[0], bbox[3] - bbox[1])
        for _xref, name, _invoker, bbox in page.get_xobjects()
    }
    found = []
    for match in _PLACEMENT.finditer(stream):
        cx, cy, cw, ch = (float(value) / MM for value in match.groups()[:4])
        a, b, _c, _d, e, f = (float(value) for value in match.groups()[4:10])
        form = match.group(11) or match.group(12)
        if match.group(11):
            width, height = (size / MM for size in sizes.get(f"FormXob.{form}", (0.0, 0.0)))
        else:
            width, height = float(match.group(13)) / MM, float(match.group(14)) / MM
        tx, ty = e / MM, f / MM
        if b > 0.5:  # (u, v) -> (-v, u): a quarter turn anticlockwise
            turn, footprint = 90, (tx - height, ty, height, width)
        elif b < -0.5:
            turn, footprint = -90, (tx, ty - width, height, width)
        else:
            turn, footprint = 0, (tx, ty, width, height)
        assert a in (0.0, 1.0), "faces are placed upright or turned a quarter"
        found.append(Placement(form, tx, ty, (cx, cy, cw, ch), turn, footprint))
    return found


@dataclass(frozen=True)
class TextLine:
    """A line of text as a reader sees it: its words, direction and baseline (points)."""

    text: str
    direction: tuple[int, int]  # (1, 0) reads left to right; (0, -1) upwards; ...
    baseline: float  # across the direction, growing towards the line below
    start: float  # along the direction
    end: float
    size: float

    def follows(self, other: TextLine) -> bool:
        """Whether this line comes right under `other` in the same paragraph."""
        below = self.baseline - other.baseline
        return (
            self.direction == other.direction
            and 0.8 * other.size <= below <= 1.8 * other.size
            and self.start < other.end
            and other.start < self.end
        )


def text_lines(doc: pymupdf.Document, number: int, gap: float = 4.0) -> list[TextLine]:
    """The lines of text a reader sees on a page, in any of the four directions.

    MuPDF starts a new line at every wide gap, and inline icons (drawn, not text) are such
    gaps; here spans on one baseline join again while the gap between them is under `gap`
    ems (an icon is 1.17 em wide: three in a row still join).
    """
    spans: dict[tuple[int, int, int], list[tuple[float, float, float, str, float]]] = {}
    for block in doc[number].get_text("rawdict")["blocks"]:
        for line in block.get("lines", []):
            dx, dy = line["dir"]
            for span in line["spans"]:
                text = "".join(char["c"] for char in span["chars"])
                if not text.strip():
                    continue
                x0, y0, x1, y1 = span["bbox"]
                ox, oy = span["origin"]
                # along the line, and across it (page y grows downwards in MuPDF)
                start = min(x0 * dx + y0 * dy, x1 * dx + y1 * dy)
                end = max(x0 * dx + y0 * dy, x1 * dx + y1 * dy)
                baseline = -ox * dy + oy * dx
                key = (round(dx), round(dy), round(baseline))
                spans.setdefault(key, []).append((start, end, span["size"], text, baseline))
    lines = []
    for (dx, dy, _), row in spans.items():
        row.sort()
        parts: list[tuple[float, float, float, str, float]] = []
        for piece in row:
            if parts and piece[0] - parts[-1][1] <= gap * piece[2]:
                start, end, size, text, baseline = parts[-1]
                parts[-1] = (
                    start,
                    max(end, piece[1]),
                    max(size, piece[2]),
                    text + piece[3],
                    baseline,
                )
            else:
                parts.append(piece)
        for start, end, size, text, baseline in parts:
            lines.append(TextLine(text.strip(), (dx, dy), baseline, start, end, size))
    return lines


def forms(doc: pymupdf.Document) -> dict[str, bytes]:
    """Every drawing the kit's pages place (faces, backs, icons), by name: each form, and
    each face drawn straight on its page (placed once), as its marked content."""
    found: dict[str, bytes] = {}
    for page in doc:
        for xref, name, _invoker, _bbox in page.get_xobjects():
            found.setdefault(name.removeprefix("FormXob."), doc.xref_stream(xref))
        stream = b"".join(doc.xref_stream(xref) for xref in page.get_contents())
        for match in _INLINE.finditer(stream):
            found.setdefault(match.group(1).decode("latin-1"), match.group(2))
    return found


def icons_drawn(stream: bytes) -> set[str]:
    """The icons a form's drawing places (`starpress.pdf.icons` names their forms `icon-<id>`)."""
    return {match.decode() for match in re.findall(rb"/FormXob\.icon-(\S+) Do", stream)}


def fonts_not_embedded(doc: pymupdf.Document) -> set[str]:
    """The fonts a PDF's pages and forms name without carrying them (PyMuPDF lists an
    embedded font by its file type and a standard or missing one as `n/a`)."""
    return {
        base
        for number in range(doc.page_count)
        for _xref, extension, _type, base, *_rest in doc.get_page_fonts(number, full=True)
        if extension == "n/a"
    }


def viewer_preferences(doc: pymupdf.Document) -> dict[str, str]:
    """The catalog's ViewerPreferences, each value as PDF writes it (`true`, `/Name`)."""
    kind, value = doc.xref_get_key(doc.pdf_catalog(), "ViewerPreferences")
    if kind == "null":
        return {}
    if kind == "xref":
        xref = int(value.split()[0])
        keys = doc.xref_get_keys(xref)
        return {key: doc.xref_get_key(xref, key)[1] for key in keys}
    raise AssertionError(f"ViewerPreferences is a {kind}: {value}")


def counted_fronts(
    doc: pymupdf.Document, pieces: dict[str, tuple[int, int]], bleed: float = 3.0
) -> dict[str, int]:
    """How many copies of each card's front a kit prints, read from its pages: a placement
    counts when it shows the top-left corner of its card, or of its piece for a board in
    `pieces` (card id -> columns, rows), so a card tiled over several sheets counts once and
    a board in pieces counts each piece once. (An assembly page draws the card whole without
    a clip: it is not a placement.)"""
    counted: dict[str, int] = {}
    for number in range(doc.page_count):
        for placement in placements(doc, number):
            if placement.side != "front":
                continue
            x, y, w, h = placement.trim(bleed)
            cx, cy, cw, ch = placement.clip
            columns, rows = pieces.get(placement.card, (1, 1))
            pw, ph = w / columns, h / rows
            # the piece holding the middle of what this sheet shows
            mx, my = cx + cw / 2, cy + ch / 2
            column = min(columns - 1, max(0, int((mx - x) // pw)))
            row = min(rows - 1, max(0, int((y + h - my) // ph)))
            left, top = x + column * pw, y + h - row * ph
            if cx <= left + 0.01 <= cx + cw and cy <= top - 0.01 <= cy + ch:
                counted[placement.card] = counted.get(placement.card, 0) + 1
    return counted
