"""Where the cells of a board's grids and tracks lie: hexes (flat or pointy, axial or offset
coordinates), squares, and numbered track spaces, in mm from the top-left corner of their
box (y downwards, as in layouts).

Pure geometry on numbers: nothing is drawn or read here (`pnp.boardbox` draws these).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from starpress.core.cells import Cell, grid_cells, ring_cells

Orientation = Literal["flat", "pointy"]
Coords = Literal["axial", "offset"]
Point = tuple[float, float]
TrackPath = Literal["right", "left", "down", "up", "loop"]


@dataclass(frozen=True)
class GridShape:
    """A grid's kind and extent: hexes or squares, how the coordinates run."""

    kind: Literal["hex", "square"]
    orientation: Orientation = "pointy"
    coords: Coords = "offset"
    rings: int | None = None
    columns: int | None = None
    rows: int | None = None

    def cells(self) -> list[Cell]:
        """Every cell, in reading order (row by row, left to right)."""
        if self.rings is not None:
            return list(ring_cells(self.rings))
        return list(grid_cells(self.columns or 0, self.rows or 0))


@dataclass(frozen=True)
class Grid:
    """A grid laid out at a cell size: each cell's centre and corners, in mm from the top-left
    corner of the grid's bounding box."""

    shape: GridShape
    cell: float
    """Hexes: the distance between the centres of two neighbours (across the flat sides);
    squares: a side."""
    centres: dict[Cell, Point]
    width: float
    height: float

    def corners(self, cell: Cell) -> list[Point]:
        """The cell's corners, clockwise on the page."""
        x, y = self.centres[cell]
        if self.shape.kind == "square":
            half = self.cell / 2
            return [
                (x - half, y - half),
                (x + half, y - half),
                (x + half, y + half),
                (x - half, y + half),
            ]
        radius = self.cell / math.sqrt(3)
        start = 30.0 if self.shape.orientation == "pointy" else 0.0
        return [
            (
                x + radius * math.cos(math.radians(start + 60 * side)),
                y + radius * math.sin(math.radians(start + 60 * side)),
            )
            for side in range(6)
        ]

    def edges(self, cell: Cell) -> list[tuple[Point, Point, Cell | None]]:
        """Each side of the cell: its two ends, and the cell across it (None: the edge of the
        grid). The neighbour is the cell whose centre mirrors this one across the side."""
        corners = self.corners(cell)
        x, y = self.centres[cell]
        by_centre = self._by_centre()
        found = []
        for index, start in enumerate(corners):
            end = corners[(index + 1) % len(corners)]
            mirror = (start[0] + end[0] - x, start[1] + end[1] - y)
            found.append((start, end, by_centre.get(_key(mirror))))
        return found

    def _by_centre(self) -> dict[tuple[int, int], Cell]:
        return {_key(centre): cell for cell, centre in self.centres.items()}

    def outline(self, cells: Iterable[Cell]) -> list[tuple[Point, Point]]:
        """The sides of `cells` that no other of them shares: the outline of the region."""
        inside = set(cells)
        return [
            (start, end)
            for cell in sorted(inside)
            for start, end, other in self.edges(cell)
            if other not in inside
        ]

    def groups(self, cells: Iterable[Cell]) -> list[list[Cell]]:
        """`cells` split into groups that touch side to side, in reading order of each group's
        first cell (so a map's deployment zones are numbered the same way every time)."""
        order = {cell: index for index, cell in enumerate(self.shape.cells())}
        left = sorted(set(cells), key=lambda cell: order.get(cell, 0))
        found: list[list[Cell]] = []
        seen: set[Cell] = set()
        wanted = set(left)
        for first in left:
            if first in seen:
                continue
            group, queue = [], [first]
            seen.add(first)
            while queue:
                cell = queue.pop()
                group.append(cell)
                for _start, _end, other in self.edges(cell):
                    if other is not None and other in wanted and other not in seen:
                        seen.add(other)
                        queue.append(other)
            found.append(sorted(group, key=lambda cell: order.get(cell, 0)))
        return found

    def middle(self, cells: list[Cell]) -> Cell:
        """The cell of a group nearest the group's centre of gravity (where its label goes)."""
        xs = [self.centres[cell][0] for cell in cells]
        ys = [self.centres[cell][1] for cell in cells]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        return min(
            cells,
            key=lambda cell: (self.centres[cell][0] - cx) ** 2 + (self.centres[cell][1] - cy) ** 2,
        )


def _key(point: Point) -> tuple[int, int]:
    """A point rounded to a hundredth of a mm, to find a centre again after arithmetic."""
    return round(point[0] * 100), round(point[1] * 100)


def hex_centre(cell: Cell, shape: GridShape, cell_mm: float) -> Point:
    """A hex's centre relative to the centre of cell (0, 0)."""
    radius = cell_mm / math.sqrt(3)
    a, b = cell
    if shape.coords == "offset":  # odd rows (pointy) or odd columns (flat) pushed on
        if shape.orientation == "pointy":
            return cell_mm * (a + 0.5 * (b & 1)), 1.5 * radius * b
        return 1.5 * radius * a, cell_mm * (b + 0.5 * (a & 1))
    if shape.orientation == "pointy":  # axial q, r
        return cell_mm * (a + b / 2), 1.5 * radius * b
    return 1.5 * radius * a, cell_mm * (b + a / 2)


def lay_out(shape: GridShape, cell_mm: float) -> Grid:
    """The grid at this cell size, its bounding box starting at (0, 0)."""
    cells = shape.cells()
    if shape.kind == "square":
        raw = {cell: ((cell[0] + 0.5) * cell_mm, (cell[1] + 0.5) * cell_mm) for cell in cells}
    else:
        raw = {cell: hex_centre(cell, shape, cell_mm) for cell in cells}
    draft = Grid(shape, cell_mm, raw, 0.0, 0.0)
    corners = [corner for cell in cells for corner in draft.corners(cell)]
    left = min(x for x, _y in corners)
    top = min(y for _x, y in corners)
    right = max(x for x, _y in corners)
    bottom = max(y for _x, y in corners)
    centres = {cell: (x - left, y - top) for cell, (x, y) in raw.items()}
    return Grid(shape, cell_mm, centres, right - left, bottom - top)


@dataclass(frozen=True)
class TrackSpace:
    """One numbered space of a track: its number and its square (mm from the box's corner)."""

    number: int
    x: float
    y: float
    side: float


def track_spaces(
    first: int,
    last: int,
    cell: float,
    gap: float,
    path: TrackPath,
    width: float = 0.0,
    height: float = 0.0,
) -> list[TrackSpace]:
    """The spaces `first`..`last` of a track. A straight track runs from its box's corner
    (`left` and `up` start at the far end, so the numbers still read along the path); a
    `loop` runs clockwise round the edge of a `width` x `height` box from its top-left corner.
    ValueError when a loop has fewer places than numbers."""
    numbers = list(range(first, last + 1)) if last >= first else list(range(first, last - 1, -1))
    pitch = cell + gap
    count = len(numbers)
    if path == "loop":
        places = loop_places(cell, gap, width, height)
        if len(places) < count:
            raise ValueError(
                f"a loop of {width:g} x {height:g} mm holds {len(places)} spaces of {cell:g} mm, "
                f"not {count}"
            )
        return [TrackSpace(n, x, y, cell) for n, (x, y) in zip(numbers, places, strict=False)]
    spaces = []
    for index, number in enumerate(numbers):
        along = index if path in ("right", "down") else count - 1 - index
        x, y = (along * pitch, 0.0) if path in ("right", "left") else (0.0, along * pitch)
        spaces.append(TrackSpace(number, x, y, cell))
    return spaces


def loop_places(cell: float, gap: float, width: float, height: float) -> list[Point]:
    """Where the spaces of a loop go: clockwise round the box's edge from its top-left corner,
    as many as fit, spread so the four corners are spaces."""
    across = max(1, int((width + gap + 1e-6) // (cell + gap)))
    down = max(1, int((height + gap + 1e-6) // (cell + gap)))
    step_x = (width - cell) / (across - 1) if across > 1 else 0.0
    step_y = (height - cell) / (down - 1) if down > 1 else 0.0
    right, bottom = width - cell, height - cell
    places = [(index * step_x, 0.0) for index in range(across)]
    if down > 1:
        places += [(right, index * step_y) for index in range(1, down)]
        places += [(right - index * step_x, bottom) for index in range(1, across)]
        places += [(0.0, bottom - index * step_y) for index in range(1, down - 1)]
    return places


def track_extent(
    first: int, last: int, cell: float, gap: float, path: TrackPath
) -> tuple[float, float]:
    """Width and height of a straight track's spaces (a loop fills its box)."""
    count = abs(last - first) + 1
    length = count * cell + (count - 1) * gap
    return (length, cell) if path in ("right", "left") else (cell, length)
