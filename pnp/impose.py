"""Place cards on sheets: the grid that fits the most, its duplex mirror, the fold layout,
and the tiles of a card larger than the paper.

Pure geometry in points, origin at the page's bottom-left corner; nothing is drawn here.
Slots are listed row by row from the top-left, the order a person reads a sheet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Literal

Flip = Literal["long", "short", "none"]
BleedMode = Literal["shared", "card"]
Matrix = tuple[float, float, float, float, float, float]
"""A PDF transformation matrix (a, b, c, d, e, f): (x, y) -> (ax + cy + e, bx + dy + f)."""


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float
    turned: bool = False
    """The card lies a quarter turn anticlockwise (its back a quarter turn clockwise)."""

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height


@dataclass(frozen=True)
class Sheet:
    """One page layout: the page size and the trim rectangle of every card slot."""

    width: float
    height: float
    columns: int
    rows: int
    slots: tuple[Rect, ...]
    fold: tuple[float, float, float, float] | None = None  # fold line x1, y1, x2, y2
    back_slots: tuple[Rect, ...] = ()  # fold layout: where each slot's back goes

    @property
    def capacity(self) -> int:
        return len(self.slots)

    @property
    def trim_area(self) -> Rect:
        """The smallest rectangle holding every card trim (fronts and, when folded, backs)."""
        return bounds(self.slots + self.back_slots)


def bounds(rects: tuple[Rect, ...] | list[Rect], grow: float = 0.0) -> Rect:
    """The smallest rectangle holding all `rects`, grown by `grow` on every side."""
    left = min(rect.x for rect in rects) - grow
    bottom = min(rect.y for rect in rects) - grow
    right = max(rect.right for rect in rects) + grow
    top = max(rect.top for rect in rects) + grow
    return Rect(left, bottom, right - left, top - bottom)


def grid(
    page_width: float,
    page_height: float,
    card_width: float,
    card_height: float,
    margin: float,
    gutter: float,
) -> Sheet:
    """The most cards of one size on the page, portrait or landscape, centred."""
    portrait = grid_in(page_width, page_height, card_width, card_height, margin, gutter)
    landscape = grid_in(page_height, page_width, card_width, card_height, margin, gutter)
    return landscape if landscape.capacity > portrait.capacity else portrait


def grid_in(
    width: float,
    height: float,
    card_width: float,
    card_height: float,
    margin: float,
    gutter: float,
    area: Rect | None = None,
) -> Sheet:
    area = area or Rect(margin, margin, width - 2 * margin, height - 2 * margin)
    columns = max(0, int((area.width + gutter + 1e-6) // (card_width + gutter)))
    rows = max(0, int((area.height + gutter + 1e-6) // (card_height + gutter)))
    used_width = columns * card_width + max(0, columns - 1) * gutter
    used_height = rows * card_height + max(0, rows - 1) * gutter
    left = area.x + (area.width - used_width) / 2
    top = area.top - (area.height - used_height) / 2
    slots = tuple(
        Rect(
            left + column * (card_width + gutter),
            top - (row + 1) * card_height - row * gutter,
            card_width,
            card_height,
        )
        for row in range(rows)
        for column in range(columns)
    )
    return Sheet(width, height, columns, rows, slots)


def back_slots(sheet: Sheet, flip: Flip, offset: tuple[float, float] = (0.0, 0.0)) -> list[Rect]:
    """Where each slot's back prints on the reverse page so that it lands behind its front.

    Turning the sheet over its long edge mirrors positions across the axis parallel to
    that edge: left-right on a portrait page, top-bottom on a landscape one; the short
    edge the other way. `offset` (mm measured on a calibration print, in points here)
    shifts every back to undo the printer's misregistration.
    """
    portrait = sheet.height >= sheet.width
    mirror_x = (flip == "long") == portrait
    dx, dy = offset
    mirrored = []
    for slot in sheet.slots:
        x = sheet.width - slot.right if mirror_x else slot.x
        y = slot.y if mirror_x else sheet.height - slot.top
        mirrored.append(Rect(x + dx, y + dy, slot.width, slot.height, slot.turned))
    return mirrored


def fold(
    page_width: float,
    page_height: float,
    card_width: float,
    card_height: float,
    margin: float,
    gutter: float,
    fold_gap: float,
) -> Sheet:
    """Gutterfold: fronts on one half, backs mirrored on the other, a fold line between.

    Every orientation of page and fold line is tried; the one holding most pairs wins.
    Folding along the line puts each back exactly behind its front, upright.
    """
    best: Sheet | None = None
    for width, height in ((page_width, page_height), (page_height, page_width)):
        for vertical in (True, False):
            sheet = _fold(
                width, height, card_width, card_height, margin, gutter, fold_gap, vertical
            )
            if best is None or sheet.capacity > best.capacity:
                best = sheet
    assert best is not None
    return best


def _fold(
    width: float,
    height: float,
    card_width: float,
    card_height: float,
    margin: float,
    gutter: float,
    fold_gap: float,
    vertical: bool,
) -> Sheet:
    half_gap = fold_gap / 2
    if vertical:
        middle = width / 2
        area = Rect(margin, margin, middle - half_gap - margin, height - 2 * margin)
    else:
        middle = height / 2
        area = Rect(margin, middle + half_gap, width - 2 * margin, middle - half_gap - margin)
    half = grid_in(width, height, card_width, card_height, margin, gutter, area)
    # push the fronts against the fold so that both halves are mirror images
    if vertical:
        shift = (middle - half_gap) - max((slot.right for slot in half.slots), default=0)
        fronts = tuple(Rect(s.x + shift, s.y, s.width, s.height) for s in half.slots)
        backs = tuple(Rect(2 * middle - s.right, s.y, s.width, s.height) for s in fronts)
        line = (middle, 0.0, middle, height)
    else:
        shift = (middle + half_gap) - min((slot.y for slot in half.slots), default=0)
        fronts = tuple(Rect(s.x, s.y + shift, s.width, s.height) for s in half.slots)
        backs = tuple(Rect(s.x, 2 * middle - s.top, s.width, s.height) for s in fronts)
        line = (0.0, middle, width, middle)
    return Sheet(width, height, half.columns, half.rows, fronts, line, backs)


def scale_about(x: float, y: float, sx: float, sy: float) -> Matrix:
    """Scaling by `sx` across and `sy` along the page, (x, y) staying where it is."""
    return (sx, 0.0, 0.0, sy, x * (1 - sx), y * (1 - sy))


def compose(first: Matrix, then: Matrix) -> Matrix:
    """The matrix that applies `first`, then `then`."""
    a, b, c, d, e, f = first
    a2, b2, c2, d2, e2, f2 = then
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def transformed(rect: Rect, matrix: Matrix) -> Rect:
    """The rectangle holding `rect` once `matrix` (a scale or a move) is applied to it."""
    a, b, c, d, e, f = matrix
    corners = [(rect.x, rect.y), (rect.right, rect.top)]
    xs = [a * x + c * y + e for x, y in corners]
    ys = [b * x + d * y + f for x, y in corners]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), rect.turned)


@cache
def outside_edges(sheet: Sheet, slot: Rect, tolerance: float = 0.01) -> tuple[bool, ...]:
    """Which sides (left, bottom, right, top) of a slot touch no neighbouring card."""
    others = [other for other in sheet.slots + sheet.back_slots if other is not slot]

    def touches(x: float, y: float) -> bool:
        return any(
            other.x - tolerance <= x <= other.right + tolerance
            and other.y - tolerance <= y <= other.top + tolerance
            for other in others
        )

    mid_x, mid_y = slot.x + slot.width / 2, slot.y + slot.height / 2
    probe = 0.5
    return (
        not touches(slot.x - probe, mid_y),
        not touches(mid_x, slot.y - probe),
        not touches(slot.right + probe, mid_y),
        not touches(mid_x, slot.top + probe),
    )


@dataclass(frozen=True)
class Tile:
    """One sheet of a card larger than the paper (or of one piece of a board in pieces):
    `window` (page coordinates) shows the part of the card whose trim, placed whole, would
    lie at `slot`; `part` is the card, or the piece, this sheet belongs to, placed the same
    way (its edges are cut, with bleed). `row` and `column` count the sheets of the part
    from its top-left; `piece` is the piece's row and column, None for a card in one part."""

    slot: Rect
    window: Rect
    row: int
    column: int
    part: Rect | None = None
    piece: tuple[int, int] | None = None
    name: str = ""
    """What the sheet is called on the page and on the assembly maps: `B2`, or the piece's
    name (`A3`), with `2/3` when the piece takes several sheets."""
    index: int = 0
    """The sheet's place among all the card's sheets (0: the first, which counts the card)."""
    sheets: tuple[Rect, ...] = ()
    """Every sheet's window of the same card, in the card's own coordinates (origin at its
    bottom-left corner): what the assembly map shows."""
    parts: tuple[Rect, ...] = ()
    """Every piece of the card in its own coordinates (empty for a card in one part)."""

    @property
    def cut(self) -> Rect:
        """The card or piece this sheet belongs to, on the page."""
        return self.part or self.slot


def piece_name(row: int, column: int) -> str:
    """A piece or sheet by its row letter and column number: `A1` is the top-left one."""
    return f"{chr(ord('A') + row)}{column + 1}"


def tiles(
    page_width: float,
    page_height: float,
    card_width: float,
    card_height: float,
    margin: float,
    overlap: float,
    pieces: tuple[int, int] | None = None,
) -> tuple[float, float, list[Tile]]:
    """A card too large for the paper cut into equal windows, neighbours overlapping by
    `overlap`, each centred on a page of its own (portrait or landscape, whichever needs
    fewer sheets); the page size and the tiles, row by row from the top-left.

    A board in `pieces` (columns, rows) is first cut into its equal pieces; each piece gets
    sheets of its own (one, when it fits), overlapping only within the piece."""
    columns_of, rows_of = pieces or (1, 1)
    part_width, part_height = card_width / columns_of, card_height / rows_of
    best: tuple[float, float, list[Tile]] | None = None
    for width, height in ((page_width, page_height), (page_height, page_width)):
        columns = _pieces(part_width, width - 2 * margin, overlap)
        rows = _pieces(part_height, height - 2 * margin, overlap)
        window_width = (part_width + (columns - 1) * overlap) / columns
        window_height = (part_height + (rows - 1) * overlap) / rows
        left, bottom = (width - window_width) / 2, (height - window_height) / 2
        found = []
        for piece_row in range(rows_of):
            for piece_column in range(columns_of):
                # the piece's corner in the card's own coordinates (origin bottom-left)
                px = piece_column * part_width
                py = card_height - (piece_row + 1) * part_height
                for row in range(rows):
                    for column in range(columns):
                        x = px + column * (window_width - overlap)
                        y = py + part_height - window_height - row * (window_height - overlap)
                        slot = Rect(left - x, bottom - y, card_width, card_height)
                        window = Rect(left, bottom, window_width, window_height)
                        if pieces is None:
                            found.append(
                                Tile(slot, window, row, column, name=piece_name(row, column))
                            )
                            continue
                        part = Rect(slot.x + px, slot.y + py, part_width, part_height)
                        name = piece_name(piece_row, piece_column)
                        if rows * columns > 1:
                            name += f" {row * columns + column + 1}/{rows * columns}"
                        found.append(
                            Tile(slot, window, row, column, part, (piece_row, piece_column), name)
                        )
        if best is None or len(found) < len(best[2]):
            best = (width, height, found)
    assert best is not None
    width, height, found = best
    sheets = tuple(
        Rect(
            tile.window.x - tile.slot.x,
            tile.window.y - tile.slot.y,
            tile.window.width,
            tile.window.height,
        )
        for tile in found
    )
    parts = (
        tuple(
            Rect(
                column * part_width, card_height - (row + 1) * part_height, part_width, part_height
            )
            for row in range(rows_of)
            for column in range(columns_of)
        )
        if pieces is not None
        else ()
    )
    numbered = [
        Tile(
            tile.slot,
            tile.window,
            tile.row,
            tile.column,
            tile.part,
            tile.piece,
            tile.name,
            index,
            sheets,
            parts,
        )
        for index, tile in enumerate(found)
    ]
    return width, height, numbered


def _pieces(length: float, room: float, overlap: float) -> int:
    """How many windows of at most `room`, overlapping by `overlap`, cover `length`."""
    return max(1, math.ceil((length - overlap) / (room - overlap) - 1e-9))
