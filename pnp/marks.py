"""Cutting guides: short crop marks outside the grid, or full-length cut lines, or none.

Crop marks stand in the margin, beyond the bleed, in line with every trim edge, so the
first cut does not remove the marks the next cuts need. Round tokens also get their
circular cut line.
"""

from __future__ import annotations

from typing import Literal

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.impose import Rect, bounds
from pnp.units import MM

Marks = Literal["crop", "lines", "none"]
MARK_LENGTH = 5 * MM
MARK_GAP = 1 * MM
"""Space between the bleed's edge and the start of a crop mark."""
MARK_WIDTH = 0.3
LINE_COLOR = HexColor("#9a9a9a")


def trim_edges(slots: tuple[Rect, ...] | list[Rect]) -> tuple[list[float], list[float]]:
    """The distinct x and y positions of every card's trim edges, sorted."""
    xs = sorted({round(value, 3) for slot in slots for value in (slot.x, slot.right)})
    ys = sorted({round(value, 3) for slot in slots for value in (slot.y, slot.top)})
    return xs, ys


def draw_marks(
    canvas: Canvas,
    slots: tuple[Rect, ...] | list[Rect],
    page_width: float,
    page_height: float,
    bleed: float,
    marks: Marks,
    round_cut: bool,
) -> None:
    """Draw the chosen guides for the cards in `slots` (after the cards themselves)."""
    if marks == "none" or not slots:
        return
    xs, ys = trim_edges(slots)
    area = bounds(slots, bleed)
    left, bottom, right, top = area.x, area.y, area.right, area.top
    canvas.saveState()
    canvas.setStrokeColor(LINE_COLOR if marks == "lines" else HexColor("#000000"))
    canvas.setLineWidth(MARK_WIDTH)
    if marks == "lines":
        for x in xs:
            canvas.line(x, 0, x, page_height)
        for y in ys:
            canvas.line(0, y, page_width, y)
    else:
        for x in xs:
            canvas.line(x, top + MARK_GAP, x, min(page_height, top + MARK_GAP + MARK_LENGTH))
            canvas.line(x, bottom - MARK_GAP, x, max(0.0, bottom - MARK_GAP - MARK_LENGTH))
        for y in ys:
            canvas.line(left - MARK_GAP, y, max(0.0, left - MARK_GAP - MARK_LENGTH), y)
            canvas.line(right + MARK_GAP, y, min(page_width, right + MARK_GAP + MARK_LENGTH), y)
    if round_cut:
        canvas.setDash([2, 2])
        for slot in slots:
            canvas.ellipse(slot.x, slot.y, slot.right, slot.top, stroke=1, fill=0)
    canvas.restoreState()


def draw_fold_line(canvas: Canvas, line: tuple[float, float, float, float]) -> None:
    canvas.saveState()
    canvas.setStrokeColor(LINE_COLOR)
    canvas.setLineWidth(0.5)
    canvas.setDash([6, 3])
    canvas.line(*line)
    canvas.restoreState()
