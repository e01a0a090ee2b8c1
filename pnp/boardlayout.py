"""Board boxes of a card layout (`hexes`, `squares`, `spots`, `track`, `legend`): what each
needs from its keys and the game's maps, and where its grid lies on a face.

The checks run when a layout file is loaded (`pnp.layout`); the extents also place the
drawing (`pnp.boardbox`) and the setup pictures (`pnp.setups`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from starpress.core.model import BoardMap, Game
from starpress.pdf.units import MM, to_points
from starpress.pnp import grids
from starpress.pnp.boxes import GRID_TYPES, Box, box_extent
from starpress.pnp.limits import LIMITS

_LIMITS = LIMITS.layout
_SOURCE = "pnp/limits.yaml"


def find_map(maps: Sequence[BoardMap], name: str) -> BoardMap | None:
    """A map of the game by its id, or by the id's last part (`hexadome`)."""
    for found in maps:
        if name in (found.id, found.id.rsplit(".", 1)[-1]):
            return found
    return None


_SHAPE_KEYS = ("orientation", "coords", "rings", "columns", "rows")
_GRID_OF_TYPE = {"hexes": "hex", "squares": "square", "spots": "points"}


def grid_shape(box: Box, maps: Sequence[BoardMap]) -> grids.GridShape | None:
    """The grid a `hexes` or `squares` box lays out: its map's, or its own keys'; None for
    other boxes and for spots (a map of points has no grid)."""
    if box.type not in ("hexes", "squares"):
        return None
    kind: Literal["hex", "square"] = "hex" if box.type == "hexes" else "square"
    found = find_map(maps, box.map) if box.map else None
    source: Box | BoardMap = found if found is not None else box
    return grids.GridShape(
        kind,
        source.orientation or "pointy",
        source.coords or "offset",
        source.rings,
        source.columns,
        source.rows,
    )


def board_problems(box: Box, game: Game, boxes: dict[str, Box]) -> list[tuple[str | None, str]]:
    """What is missing or wrong in a board box, as (the key to point at, message)."""
    problems: list[tuple[str | None, str]] = []
    name = box.name
    if box.type == "legend":
        grid = boxes.get(box.of or "")
        if box.of is None:
            problems.append((None, f"legend '{name}' needs of: the grid box it explains"))
        elif grid is None or grid.type not in GRID_TYPES or not grid.map:
            problems.append(("of", f"legend '{name}': no box '{box.of}' drawing a map"))
        return problems
    if box.cell is None:
        problems.append((None, f"box '{name}' needs cell: the size of one cell"))
    if box.type == "track":
        for key in ("first", "last"):
            if getattr(box, key) is None:
                problems.append((None, f"track '{name}' needs {key}: its {key} number"))
        if box.path == "loop" and (box.w is None or box.h is None):
            problems.append((None, f"track '{name}' runs in a loop: give w and h"))
        if box.first is not None and box.last is not None:
            spaces = abs(box.last - box.first) + 1
            if spaces > _LIMITS.board.track_spaces:
                problems.append(
                    (
                        "last",
                        f"track '{name}' has {spaces} spaces, over the limit of "
                        f"{_LIMITS.board.track_spaces} (in {_SOURCE})",
                    )
                )
        return problems
    wanted = _GRID_OF_TYPE[str(box.type)]
    if box.map is not None:
        found = find_map(game.maps, box.map)
        if found is None:
            maps = ", ".join(item.id for item in game.maps) or "none"
            return [*problems, ("map", f"unknown map '{box.map}' (maps: {maps})")]
        if found.grid != wanted:
            kind = {v: k for k, v in _GRID_OF_TYPE.items()}[found.grid]
            problems.append(
                ("map", f"'{found.id}' is a {found.grid} map: draw it with type {kind}")
            )
        for key in _SHAPE_KEYS:
            if getattr(box, key) is not None:
                problems.append((key, f"box '{name}': {key} comes from its map '{found.id}'"))
        terrains = {terrain.id for terrain in found.terrains}
        for kind_id in box.paint or {}:
            if kind_id not in terrains:
                listed = ", ".join(sorted(terrains)) or "none"
                problems.append(
                    ("paint", f"map '{found.id}' has no terrain '{kind_id}' (terrains: {listed})")
                )
        return problems
    if box.type == "spots":
        return [*problems, (None, f"spots '{name}' needs map: a map of points")]
    if box.paint:
        problems.append(("paint", f"box '{name}' paints terrains: give it a map"))
    if box.type == "squares" and (box.orientation or box.coords == "axial" or box.rings):
        problems.append((None, f"squares '{name}' take columns and rows only"))
    if box.type == "hexes" and (box.orientation is None or box.coords is None):
        problems.append((None, f"hexes '{name}' need orientation and coords (or a map)"))
    around = box.rings is not None
    square = box.columns is not None and box.rows is not None
    if box.type == "hexes" and box.coords == "axial" and not (around and box.columns is None):
        problems.append((None, f"hexes '{name}' with axial coords need rings (only)"))
    elif (box.type == "squares" or box.coords == "offset") and not (square and not around):
        problems.append((None, f"box '{name}' needs columns and rows (and no rings)"))
    shape = grid_shape(box, game.maps)
    if shape is not None and not problems:
        cells = len(shape.cells())
        if cells > _LIMITS.board.cells:
            problems.append(
                (
                    None,
                    f"box '{name}' has {cells} cells, over the limit of "
                    f"{_LIMITS.board.cells} (in {_SOURCE})",
                )
            )
    return problems


def board_spill(box: Box, game: Game, width: float, height: float) -> str | None:
    """Why a grid or track box does not fit on a `width` x `height` mm face, if it does not."""
    extent = board_extent(box, game.maps, width, height)
    if extent is None:
        return None
    x, y, w, h = extent
    if x < -0.01 or y < -0.01 or x + w > width + 0.01 or y + h > height + 0.01:
        return (
            f"box '{box.name}': its {w:.1f} x {h:.1f} mm from ({x:.1f}, {y:.1f}) leaves the "
            f"{width:g} x {height:g} mm face"
        )
    return None


def board_extent(
    box: Box, maps: Sequence[BoardMap], width: float, height: float
) -> tuple[float, float, float, float] | None:
    """Where a grid, spots or track box draws: x, y, width, height in mm on the face (a grid
    sits at its box's corner, or in the middle of its box when w and h are both given)."""
    x = box_extent(box.x or 0, width * MM) / MM
    y = box_extent(box.y or 0, height * MM) / MM
    cell = to_points(box.cell, min(width, height) * MM) / MM if box.cell is not None else 0.0
    if cell <= 0:
        return None
    if box.type == "track":
        if box.first is None or box.last is None:
            return None
        if box.path == "loop":
            w = box_extent(box.w or "100%", width * MM) / MM
            h = box_extent(box.h or "100%", height * MM) / MM
            return x, y, w, h
        gap = to_points(box.gap or 0, min(width, height) * MM) / MM
        w, h = grids.track_extent(box.first, box.last, cell, gap, box.path or "right")
        return x, y, w, h
    if box.type == "spots":
        found = find_map(maps, box.map or "")
        if found is None or not found.points:
            return None
        xs = [point.x for point in found.points]
        ys = [point.y for point in found.points]
        half = cell / 2
        return (
            x + min(xs) - half,
            y + min(ys) - half,
            max(xs) - min(xs) + cell,
            max(ys) - min(ys) + cell,
        )
    shape = grid_shape(box, maps)
    if shape is None or not shape.cells():
        return None
    laid = grids.lay_out(shape, cell)
    if box.w is not None and box.h is not None:
        w = box_extent(box.w, width * MM) / MM
        h = box_extent(box.h, height * MM) / MM
        x, y = x + (w - laid.width) / 2, y + (h - laid.height) / 2
    return x, y, laid.width, laid.height
