"""A kit's stamp: one small grey line on every sheet saying which game, which content version
and which starpress made it (`starpress.core.edition.Stamp`), off the cards and their guides.

The line goes in the strip between a page edge and the cards' bleed: the bottom edge if the
strip is deep enough, else the top, else the left or the right side (turned to run along it).
Guides that cross the strip (the crop marks beside a block of cards, cut lines, a
gutterfold's fold line, a tiled sheet's name) split it into gaps; the line goes in the gap
at the middle of the side when it fits there, else in the widest gap, smaller if need be.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import getAscentDescent
from reportlab.pdfgen.canvas import Canvas

from starpress.pdf.fonts import face as font_face
from starpress.pdf.units import MM
from starpress.pnp.impose import Rect
from starpress.pnp.marks import MARK_GAP, MARK_LENGTH, Marks

SIZES = (4.5, 4.0, 3.5)
"""Font sizes tried, largest first (points)."""
EDGE = 1.0 * MM
"""The line never comes closer to the paper's edge."""
NEAR = 2.0 * MM
"""Where the line's lowest point goes when there is room: this far in from the edge."""
CLEAR = 0.8 * MM
"""Space kept between the line and a card's bleed."""
PAD = 1.5 * MM
"""Space kept between the line and a guide that crosses its strip."""
FONT = "DejaVuSansCondensed"
COLOR = HexColor("#6b6b6b")
SIDES = ("bottom", "top", "left", "right")


@dataclass(frozen=True)
class StampedSheet:
    """A sheet as the stamp sees it: its size and what is on it."""

    width: float
    height: float
    slots: Sequence[Rect]
    """The cards' trims."""
    bleed: float
    marks: Marks
    fold: tuple[float, float, float, float] | None = None
    clear: tuple[tuple[float, float], ...] = ()
    """Spans of the bottom edge to keep clear (left, right): a tiled sheet's name."""


@dataclass(frozen=True)
class Spot:
    side: str
    size: float
    inset: float
    """Distance from the side's edge to the line's lowest point."""
    start: float
    """Where along the side the line starts (from the bottom or left end)."""


def draw_stamp(canvas: Canvas, text: str, sheet: StampedSheet) -> None:
    """The stamp on a sheet, where `find_spot` puts it; nothing for an empty text."""
    if not text:
        return
    font = font_face(FONT)
    spot = find_spot(canvas, text, sheet)
    ascent, descent = getAscentDescent(font, spot.size)  # descent is negative
    canvas.saveState()
    canvas.setFillColor(COLOR)
    canvas.setFont(font, spot.size)
    baseline = spot.inset - descent
    if spot.side == "bottom":
        canvas.translate(spot.start, baseline)
    elif spot.side == "top":
        canvas.translate(spot.start, sheet.height - spot.inset - ascent)
    elif spot.side == "left":  # reads upwards
        canvas.translate(spot.inset + ascent, spot.start)
        canvas.rotate(90)
    else:  # right: reads downwards
        width = canvas.stringWidth(text, font, spot.size)
        canvas.translate(sheet.width - spot.inset - ascent, spot.start + width)
        canvas.rotate(-90)
    canvas.drawString(0, 0, text)
    canvas.restoreState()


def find_spot(canvas: Canvas, text: str, sheet: StampedSheet) -> Spot:
    """The first side, at the largest size, whose strip holds the line clear of the cards
    and the guides; none: the bottom edge's widest gap, at the smallest size."""
    font = font_face(FONT)
    for size in SIZES:
        width = canvas.stringWidth(text, font, size)
        ascent, descent = getAscentDescent(font, size)
        height = ascent - descent
        for side in SIDES:
            length = sheet.width if side in ("bottom", "top") else sheet.height
            nearest = min((_near(side, slot, sheet) for slot in sheet.slots), default=length)
            inset = min(NEAR, nearest - CLEAR - height)
            if inset < EDGE:
                continue
            gaps = _gaps(side, sheet, length, inset, inset + height)
            start = _place(gaps, width, length)
            if start is not None:
                return Spot(side, size, inset, start)
    length = sheet.width
    gaps = _gaps("bottom", sheet, length, EDGE, EDGE + 2 * MM)
    widest = max(gaps, key=lambda gap: gap[1] - gap[0])
    return Spot("bottom", SIZES[-1], EDGE, widest[0])


def _near(side: str, slot: Rect, sheet: StampedSheet) -> float:
    """How far a card's bleed is from the side's edge."""
    if side == "bottom":
        return slot.y - sheet.bleed
    if side == "top":
        return sheet.height - slot.top - sheet.bleed
    if side == "left":
        return slot.x - sheet.bleed
    return sheet.width - slot.right - sheet.bleed


def _along(side: str, slot: Rect) -> tuple[float, float]:
    """A card's trim edges along the side (x for bottom and top, y for left and right)."""
    return (slot.x, slot.right) if side in ("bottom", "top") else (slot.y, slot.top)


def _gaps(
    side: str, sheet: StampedSheet, length: float, low: float, high: float
) -> list[tuple[float, float]]:
    """The free spans along a side of the strip `low`..`high` from its edge: between the
    guides that cross it (and the spans kept clear), each guide `PAD` away."""
    blocked: list[tuple[float, float]] = []
    if sheet.marks != "none":
        for slot in sheet.slots:
            reach = _near(side, slot, sheet) - MARK_GAP - MARK_LENGTH  # a crop mark's end
            if sheet.marks == "lines" or reach < high:
                blocked.extend((edge, edge) for edge in _along(side, slot))
    fold = sheet.fold
    if fold is not None:
        vertical = abs(fold[0] - fold[2]) < 0.01
        if vertical and side in ("bottom", "top"):
            blocked.append((fold[0], fold[0]))
        if not vertical and side in ("left", "right"):
            blocked.append((fold[1], fold[1]))
    if side == "bottom":
        blocked.extend(sheet.clear)
    ends = [(0.0, 0.0), *sorted(blocked), (length, length)]
    spans = [(a[1] + PAD, b[0] - PAD) for a, b in itertools.pairwise(ends)]
    return [span for span in spans if span[1] > span[0]]


def _place(gaps: Iterable[tuple[float, float]], width: float, length: float) -> float | None:
    """Where a line `width` long starts: centred on the side if a gap holds it there, else
    centred in the widest gap that holds it; None if none does."""
    centred = (length - width) / 2
    fitting = [(low, high) for low, high in gaps if high - low >= width]
    if any(low <= centred and centred + width <= high for low, high in fitting):
        return centred
    if not fitting:
        return None
    low, high = max(fitting, key=lambda gap: gap[1] - gap[0])
    return (low + high - width) / 2
