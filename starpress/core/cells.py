"""Which cells a map has and how a cell is written: `"q,r"` on an axial hex map, `"col,row"`
on an offset hex map or a square grid, a point's id on a map of points.

Pure functions on plain numbers, shared by the content model (which checks that every cell
a map names exists) and by the drawing code (which places them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

CELL_RE = re.compile(r"^\s*(-?\d{1,4})\s*,\s*(-?\d{1,4})\s*$")

Cell = tuple[int, int]


def parse_cell(text: str) -> Cell:
    """`"3,-2"` -> (3, -2); ValueError naming the text when it is not two whole numbers."""
    match = CELL_RE.match(text)
    if match is None:
        raise ValueError(f"a cell is written as two whole numbers, like '3,-2' (got {text!r})")
    return int(match.group(1)), int(match.group(2))


def cell_name(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def ring_cells(rings: int) -> Iterator[Cell]:
    """Every cell of a hexagon of hexes `rings` deep around (0, 0), axial (q, r), row by row
    (r from -rings), then q growing: the order a person reads the map."""
    for r in range(-rings, rings + 1):
        for q in range(-rings, rings + 1):
            if abs(q + r) <= rings:
                yield q, r


def grid_cells(columns: int, rows: int) -> Iterator[Cell]:
    """Every cell of a rectangle of `columns` x `rows` (col, row), row by row."""
    for row in range(rows):
        for column in range(columns):
            yield column, row


def in_rings(cell: Cell, rings: int) -> bool:
    q, r = cell
    return max(abs(q), abs(r), abs(q + r)) <= rings


def in_grid(cell: Cell, columns: int, rows: int) -> bool:
    column, row = cell
    return 0 <= column < columns and 0 <= row < rows
