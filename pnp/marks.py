"""Cutting guides: short crop marks outside the grid, full-length cut lines, or none; for a
cutting machine, registration marks.

Crop marks stand in the margin, beyond the bleed, in line with every trim edge, so the
first cut does not remove the marks the next cuts need. Round tokens also get their
circular cut line; the sheets of a tiled card get alignment marks in their overlaps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from starpress.pdf.fonts import face
from starpress.pdf.units import MM
from starpress.pnp.impose import Rect, Tile, bounds, piece_name
from starpress.pnp.presets import PRESETS

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
    others: list[Rect] | None = None,
) -> None:
    """Draw the chosen guides for the cards in `slots` (after the cards themselves).

    `others` are the bleed areas of other blocks of cards on the page: a mark or line stops
    where it would reach one, so no guide is ever drawn over another card.
    """
    if marks == "none" or not slots:
        return
    xs, ys = trim_edges(slots)
    area = bounds(slots, bleed)
    left, bottom, right, top = area.x, area.y, area.right, area.top
    stops = _Stops(others or [], page_width, page_height)
    canvas.saveState()
    canvas.setStrokeColor(LINE_COLOR if marks == "lines" else HexColor("#000000"))
    canvas.setLineWidth(MARK_WIDTH)
    if marks == "lines":
        for x in xs:
            canvas.line(x, stops.down(x, bottom), x, stops.up(x, top))
        for y in ys:
            canvas.line(stops.left(y, left), y, stops.right(y, right), y)
    else:
        for x in xs:
            canvas.line(x, top + MARK_GAP, x, min(stops.up(x, top), top + MARK_GAP + MARK_LENGTH))
            canvas.line(
                x, bottom - MARK_GAP, x, max(stops.down(x, bottom), bottom - MARK_GAP - MARK_LENGTH)
            )
        for y in ys:
            canvas.line(
                left - MARK_GAP, y, max(stops.left(y, left), left - MARK_GAP - MARK_LENGTH), y
            )
            canvas.line(
                right + MARK_GAP, y, min(stops.right(y, right), right + MARK_GAP + MARK_LENGTH), y
            )
    if round_cut:
        canvas.setDash([2, 2])
        for slot in slots:
            canvas.ellipse(slot.x, slot.y, slot.right, slot.top, stroke=1, fill=0)
    canvas.restoreState()


class _Stops:
    """Where a guide leaving a block in a straight line meets the page edge or another block."""

    def __init__(self, others: list[Rect], page_width: float, page_height: float) -> None:
        self.others = others
        self.width = page_width
        self.height = page_height

    def up(self, x: float, y: float) -> float:
        return min(
            [o.y for o in self.others if o.x <= x <= o.right and o.y >= y], default=self.height
        )

    def down(self, x: float, y: float) -> float:
        return max([o.top for o in self.others if o.x <= x <= o.right and o.top <= y], default=0.0)

    def right(self, y: float, x: float) -> float:
        return min([o.x for o in self.others if o.y <= y <= o.top and o.x >= x], default=self.width)

    def left(self, y: float, x: float) -> float:
        return max(
            [o.right for o in self.others if o.y <= y <= o.top and o.right <= x], default=0.0
        )


def draw_tile_marks(canvas: Canvas, tile: Tile, overlap: float, bleed: float) -> None:
    """Alignment marks of one sheet of a tiled card. In each overlap with a neighbouring
    sheet: a dashed line where the neighbour's edge will lie, and two registration crosses
    at the same places of the card as on the neighbour, to lay one on the other. Where a
    piece of a board in pieces meets the next piece: that piece's name beside the edge.
    Below the window, the sheet's name: a row letter and a column number (`B2`)."""
    window, part = tile.window, tile.cut
    # per inner side: where the crosses go (x or y fixed, the other spread along the side)
    # and the line where the neighbour's edge will lie
    strips: list[tuple[tuple[float | None, float | None], tuple[float, float, float, float]]]
    strips = []
    if window.x > part.x + 0.01:  # a neighbour to the left
        x = window.x + overlap
        strips.append(((x - overlap / 2, None), (x, window.y, x, window.top)))
    if window.right < part.right - 0.01:
        x = window.right - overlap
        strips.append(((x + overlap / 2, None), (x, window.y, x, window.top)))
    if window.y > part.y + 0.01:  # a neighbour below
        y = window.y + overlap
        strips.append(((None, y - overlap / 2), (window.x, y, window.right, y)))
    if window.top < part.top - 0.01:
        y = window.top - overlap
        strips.append(((None, y + overlap / 2), (window.x, y, window.right, y)))
    canvas.saveState()
    canvas.setLineWidth(MARK_WIDTH)
    for (across, along), line in strips:
        canvas.setStrokeColor(LINE_COLOR)
        canvas.setDash([3, 2])
        canvas.line(*line)
        canvas.setDash([])
        canvas.setStrokeColor(HexColor("#000000"))
        for share in (0.25, 0.75):
            cx = across if across is not None else window.x + window.width * share
            cy = along if along is not None else window.y + window.height * share
            _cross(canvas, cx, cy)
    if tile.piece is not None:
        _piece_joins(canvas, tile, bleed)
    canvas.setFillColor(LINE_COLOR)
    canvas.setFont(face("DejaVuSans", bold=True), 9)  # bundled: every font embedded
    canvas.drawCentredString(window.x + window.width / 2, window.y - bleed - 4 * MM, tile.name)
    canvas.restoreState()


def _piece_joins(canvas: Canvas, tile: Tile, bleed: float) -> None:
    """Beside each edge of a piece that meets another piece (and that this sheet shows),
    the other piece's name and an arrow to it, outside the bleed: which piece goes there."""
    assert tile.piece is not None
    window, part, slot = tile.window, tile.cut, tile.slot
    row, column = tile.piece
    gap = bleed + MARK_GAP + 1.5 * MM
    canvas.setFillColor(HexColor("#555555"))
    canvas.setFont(face("DejaVuSans", bold=True), 7)
    joins = (
        (part.x > slot.x + 0.01 and window.x <= part.x + 0.01, (row, column - 1), "left"),
        (
            part.right < slot.right - 0.01 and window.right >= part.right - 0.01,
            (row, column + 1),
            "right",
        ),
        (part.top < slot.top - 0.01 and window.top >= part.top - 0.01, (row - 1, column), "up"),
        (part.y > slot.y + 0.01 and window.y <= part.y + 0.01, (row + 1, column), "down"),
    )
    for shown, (other_row, other_column), side in joins:
        if not shown:
            continue
        other = piece_name(other_row, other_column)
        label = {
            "left": f"< {other}",
            "right": f"{other} >",
            "up": f"^ {other}",
            "down": f"v {other}",
        }[side]
        for share in (0.25, 0.75):
            if side in ("left", "right"):
                x = window.x - gap if side == "left" else window.right + gap
                y = window.y + window.height * share
                canvas.saveState()
                canvas.translate(x, y)
                canvas.rotate(90 if side == "left" else -90)
                canvas.drawCentredString(0, -2.5, label)
                canvas.restoreState()
            else:
                x = window.x + window.width * share
                y = window.top + gap if side == "up" else window.y - gap - 2.5 * MM
                canvas.drawCentredString(x, y, label)


def draw_assembly_map(
    canvas: Canvas, tile: Tile, page_width: float, page_height: float, reach: float
) -> None:
    """A small map of the whole card in the widest free margin of the page: every sheet's
    window (and every piece, outlined darker), this sheet filled, each named. `reach` is how
    far beyond the window the bleed and marks go; nothing is drawn when no margin has room."""
    if len(tile.sheets) < 2:
        return
    window = tile.window
    margin = 4 * MM
    free = [
        Rect(margin, margin, window.x - reach - 2 * margin, page_height - 2 * margin),
        Rect(
            window.right + reach + margin,
            margin,
            page_width - window.right - reach - 2 * margin,
            page_height - 2 * margin,
        ),
        Rect(margin, margin, page_width - 2 * margin, window.y - reach - 2 * margin - 6 * MM),
        Rect(
            margin,
            window.top + reach + margin,
            page_width - 2 * margin,
            page_height - window.top - reach - 2 * margin,
        ),
    ]
    card = bounds(list(tile.sheets))
    best: tuple[float, Rect] | None = None
    for area in free:
        if area.width <= 0 or area.height <= 0:
            continue
        scale = min(
            area.width / card.width,
            area.height / card.height,
            MAP_SIZE / max(card.width, card.height),
        )
        if best is None or scale > best[0]:
            best = (scale, area)
    if best is None or best[0] * max(card.width, card.height) < MAP_MIN:
        return
    scale, area = best
    width, height = card.width * scale, card.height * scale
    left = area.x + (area.width - width) / 2
    bottom = area.y + (area.height - height) / 2

    def shrink(rect: Rect) -> Rect:
        return Rect(
            left + (rect.x - card.x) * scale,
            bottom + (rect.y - card.y) * scale,
            rect.width * scale,
            rect.height * scale,
        )

    canvas.saveState()
    canvas.setLineWidth(0.4)
    canvas.setStrokeColor(LINE_COLOR)
    canvas.setFillColor(HexColor("#f2f2f2"))
    canvas.rect(left, bottom, width, height, stroke=1, fill=1)
    for index, sheet in enumerate(tile.sheets):
        shown = shrink(sheet)
        canvas.setFillColor(HexColor("#f4b183") if index == tile.index else HexColor("#ffffff"))
        canvas.rect(shown.x, shown.y, shown.width, shown.height, stroke=1, fill=1)
    canvas.setStrokeColor(HexColor("#333333"))
    canvas.setLineWidth(0.9)
    for part in tile.parts:
        shown = shrink(part)
        canvas.rect(shown.x, shown.y, shown.width, shown.height, stroke=1, fill=0)
    canvas.setFillColor(HexColor("#333333"))
    names = (
        [piece_name(*_row_column(part, tile.parts)) for part in tile.parts] if tile.parts else None
    )
    labels = tile.parts if tile.parts else tile.sheets
    font = min(7.0, max(4.0, min(label.height for label in labels) * scale * 0.45))
    canvas.setFont(face("DejaVuSans", bold=True), font)
    for number, rect in enumerate(labels):
        shown = shrink(rect)
        name = names[number] if names else piece_name(*_sheet_row_column(number, tile))
        canvas.drawCentredString(
            shown.x + shown.width / 2, shown.y + shown.height / 2 - font / 3, name
        )
    canvas.restoreState()


def draw_assembly(
    canvas: Canvas, tile: Tile, area: Rect, card_width: float, card_height: float
) -> None:
    """Over a card drawn whole in `area`: every sheet's window outlined and named, and the
    pieces of a board in pieces outlined thicker; a white halo keeps each name readable."""
    scale = area.width / card_width

    def shown(rect: Rect) -> Rect:
        return Rect(
            area.x + rect.x * scale,
            area.y + rect.y * scale,
            rect.width * scale,
            rect.height * scale,
        )

    canvas.saveState()
    canvas.setStrokeColor(HexColor("#ffffff"))
    canvas.setLineWidth(2.2)
    canvas.setDash([4, 3])
    for sheet in tile.sheets:
        rect = shown(sheet)
        canvas.rect(rect.x, rect.y, rect.width, rect.height, stroke=1, fill=0)
    canvas.setStrokeColor(HexColor("#e05a00"))
    canvas.setLineWidth(0.9)
    for sheet in tile.sheets:
        rect = shown(sheet)
        canvas.rect(rect.x, rect.y, rect.width, rect.height, stroke=1, fill=0)
    canvas.setDash([])
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(2.4)
    for part in tile.parts:
        rect = shown(part)
        canvas.rect(rect.x, rect.y, rect.width, rect.height, stroke=1, fill=0)
    labels = tile.parts or tile.sheets
    names = (
        [piece_name(*_row_column(part, tile.parts)) for part in tile.parts]
        if tile.parts
        else [piece_name(*_row_column(sheet, tile.sheets)) for sheet in tile.sheets]
    )
    size = max(8.0, min(28.0, min(rect.height for rect in labels) * scale * 0.25))
    bold = face("DejaVuSans", bold=True)  # bundled: every font embedded
    canvas.setFont(bold, size)
    for rect, name in zip(labels, names, strict=True):
        box = shown(rect)
        width = canvas.stringWidth(name, bold, size)
        x, y = box.x + box.width / 2, box.y + box.height / 2 - size / 3
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.roundRect(
            x - width / 2 - 3, y - size * 0.3, width + 6, size * 1.2, 3, stroke=0, fill=1
        )
        canvas.setFillColor(HexColor("#e05a00"))
        canvas.drawCentredString(x, y, name)
    canvas.restoreState()


MAP_SIZE = 40 * MM
"""The longest side of an assembly map at most."""
MAP_MIN = 12 * MM
"""An assembly map smaller than this is left out (no margin has room for it)."""


def _row_column(part: Rect, parts: tuple[Rect, ...]) -> tuple[int, int]:
    """A piece's row (from the top) and column (from the left) among the pieces."""
    rows = sorted({round(-other.top, 3) for other in parts})
    columns = sorted({round(other.x, 3) for other in parts})
    return rows.index(round(-part.top, 3)), columns.index(round(part.x, 3))


def _sheet_row_column(number: int, tile: Tile) -> tuple[int, int]:
    """A sheet's row and column among the sheets of a card in one part."""
    return _row_column(tile.sheets[number], tile.sheets)


def _cross(canvas: Canvas, x: float, y: float) -> None:
    """A registration mark: a cross in a circle, 5 mm across."""
    arm = 2.5 * MM
    canvas.circle(x, y, arm * 0.6, stroke=1, fill=0)
    canvas.line(x - arm, y, x + arm, y)
    canvas.line(x, y - arm, x, y + arm)


def draw_fold_line(canvas: Canvas, line: tuple[float, float, float, float]) -> None:
    canvas.saveState()
    canvas.setStrokeColor(LINE_COLOR)
    canvas.setLineWidth(0.5)
    canvas.setDash([6, 3])
    canvas.line(*line)
    canvas.restoreState()


@dataclass(frozen=True)
class Registration:
    """Where a cutting machine's registration marks go (`cut:` in `pnp/presets.yaml`, mm)."""

    mark_inset_mm: float
    mark_size_mm: float
    mark_length_mm: float
    mark_thickness_mm: float
    clearance_mm: float

    @property
    def reach(self) -> float:
        """How far from the page edges the marks and their clearance reach (points)."""
        reach = self.mark_inset_mm + max(self.mark_size_mm, self.mark_thickness_mm)
        return (reach + self.clearance_mm) * MM


REGISTRATION = Registration(**PRESETS["cut"])


def registration_marks(
    width: float, height: float, spec: Registration = REGISTRATION
) -> list[Rect]:
    """The filled rectangles of a sheet's registration marks (points, origin bottom-left): a
    square at the top-left corner, an L at the top-right and one at the bottom-left, each
    `mark_inset_mm` from the page edges. The printed sheet and the cut file draw these same
    rectangles."""
    inset, size = spec.mark_inset_mm * MM, spec.mark_size_mm * MM
    length, thick = spec.mark_length_mm * MM, spec.mark_thickness_mm * MM
    right, top = width - inset, height - inset
    return [
        Rect(inset, top - size, size, size),  # top-left square
        Rect(right - length, top - thick, length, thick),  # top-right L: along the top
        Rect(right - thick, top - length, thick, length),  # and down the right side
        Rect(inset, inset, length, thick),  # bottom-left L: along the bottom
        Rect(inset, inset, thick, length),  # and up the left side
    ]


def draw_registration(canvas: Canvas, width: float, height: float) -> None:
    """The registration marks of a sheet cut by a machine (solid black)."""
    canvas.saveState()
    canvas.setFillColor(HexColor("#000000"))
    for rect in registration_marks(width, height):
        canvas.rect(rect.x, rect.y, rect.width, rect.height, stroke=0, fill=1)
    canvas.restoreState()
