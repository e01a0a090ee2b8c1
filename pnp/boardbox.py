"""Board boxes as the simple marks that draw them: a `hexes`, `squares`, `spots`, `track` or
`legend` box becomes polygons and plain boxes (rect, ellipse, text, icon) in mm on the face.

`pnp.faces` draws what `expand` returns, each plain box exactly as if the layout had listed
it, so a track drawn from five keys prints the same as its spaces written out one by one.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from starpress.core.cells import Cell, cell_name, parse_cell
from starpress.core.model import BoardMap, Terrain
from starpress.pdf.units import MM, to_points
from starpress.pnp import grids
from starpress.pnp.boardlayout import board_extent, find_map, grid_shape
from starpress.pnp.boxes import Box, Paint

Point = tuple[float, float]


@dataclass(frozen=True)
class Shape:
    """A polygon (closed) or a set of separate segments (pairs of points), in mm on the face,
    y downwards; colours as a layout writes them (a palette name or #rrggbb)."""

    points: tuple[Point, ...]
    closed: bool = True
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float | None = None
    dash: tuple[float, ...] | None = None


Mark = Box | Shape


def expand(
    box: Box,
    width: float,
    height: float,
    maps: Sequence[BoardMap],
    titles: Mapping[str, str],
    boxes: Sequence[Box] = (),
) -> list[Mark]:
    """The marks that draw a board box on a `width` x `height` mm face. `boxes` are the other
    boxes of its layout (a legend explains one of them); `titles` name terrains by record."""
    if box.type == "legend":
        return _legend(box, width, height, maps, titles, boxes)
    extent = board_extent(box, maps, width, height)
    if extent is None:
        return []
    x, y, w, h = extent
    if box.type == "track":
        return _track(box, x, y, w, h, min(width, height))
    board_map = find_map(maps, box.map) if box.map else None
    cell = to_points(box.cell or 0, min(width, height) * MM) / MM
    if box.type == "spots":
        assert board_map is not None
        return _spots(
            box,
            board_map,
            x - min(p.x for p in board_map.points) + cell / 2,
            y - min(p.y for p in board_map.points) + cell / 2,
            cell,
        )
    shape = grid_shape(box, maps)
    assert shape is not None
    return _grid(box, grids.lay_out(shape, cell), board_map, x, y)


# -- grids ------------------------------------------------------------------------------------


def kind_cells(board_map: BoardMap, all_cells: Sequence[Cell]) -> dict[str, list[Cell]]:
    """Each terrain kind's cells; the default kind has every cell no other kind lists."""
    found = {
        terrain.id: [parse_cell(cell) for cell in terrain.cells] for terrain in board_map.terrains
    }
    listed = {
        cell for terrain in board_map.terrains if not terrain.default for cell in found[terrain.id]
    }
    for terrain in board_map.terrains:
        if terrain.default:
            found[terrain.id] = [cell for cell in all_cells if cell not in listed]
    return found


def _grid(box: Box, grid: grids.Grid, board_map: BoardMap | None, x: float, y: float) -> list[Mark]:
    cells = grid.shape.cells()

    def at(point: Point) -> Point:
        return x + point[0], y + point[1]

    def polygon(cell: Cell, paint: Paint | Box) -> Shape:
        return Shape(
            tuple(at(corner) for corner in grid.corners(cell)),
            True,
            paint.fill,
            paint.stroke,
            paint.stroke_width,
            tuple(paint.dash) if paint.dash else None,
        )

    marks: list[Mark] = [polygon(cell, box) for cell in cells]
    paints = box.paint or {}
    by_kind = kind_cells(board_map, cells) if board_map is not None else {}
    painted = [(kind, paints[kind]) for kind in by_kind if kind in paints]
    ink: dict[Cell, str | None] = {}
    for kind, paint in painted:
        if paint.outline:
            if paint.fill is not None:
                marks += [
                    Shape(polygon(cell, paint).points, True, paint.fill) for cell in by_kind[kind]
                ]
            continue
        marks += [
            Shape(
                polygon(cell, paint).points,
                True,
                paint.fill,
                paint.stroke or box.stroke,
                paint.stroke_width or box.stroke_width,
                tuple(paint.dash) if paint.dash else None,
            )
            for cell in by_kind[kind]
        ]
        for cell in by_kind[kind]:
            ink[cell] = paint.color or ink.get(cell)
    side = grid.cell * (0.5 if grid.shape.kind == "hex" else 0.6)
    for kind, paint in painted:
        if paint.icon is not None:
            for cell in by_kind[kind]:
                cx, cy = at(grid.centres[cell])
                marks.append(
                    _icon(f"{box.name}:{kind}:{cell_name(cell)}", paint.icon, cx, cy, side)
                )
    if box.labels:
        marks += [_cell_label(box, grid, cell, at, ink.get(cell)) for cell in cells]
    for kind, paint in painted:
        if paint.outline:
            segments = grid.outline(by_kind[kind])
            marks.append(
                Shape(
                    tuple(at(point) for segment in segments for point in segment),
                    False,
                    None,
                    paint.stroke or box.stroke,
                    paint.stroke_width or box.stroke_width,
                    tuple(paint.dash) if paint.dash else None,
                )
            )
        if paint.number:
            for number, group in enumerate(grid.groups(by_kind[kind]), 1):
                cx, cy = at(grid.centres[grid.middle(group)])
                marks.append(
                    _number(box, f"{kind}-{number}", str(number), cx, cy, grid.cell, paint)
                )
    return marks


def _cell_label(box: Box, grid: grids.Grid, cell: Cell, at: object, color: str | None) -> Box:
    """A cell's coordinates, small, near the top of the cell (they stay readable under a
    piece standing in the middle)."""
    assert callable(at)
    cx, cy = at(grid.centres[cell])
    w, h = grid.cell * 0.8, grid.cell * 0.22
    top = cy - grid.cell * (0.46 if grid.shape.kind == "hex" else 0.48)
    return Box(
        name=f"{box.name}:{cell_name(cell)}",
        type="text",
        x=cx - w / 2,
        y=top,
        w=w,
        h=h,
        text=cell_name(cell),
        font=box.font,
        size=box.size or max(4.0, min(9.0, grid.cell * 0.2)),
        min_size=min(box.min_size or 3.0, 3.0),
        align="center",
        valign="middle",
        color=color or box.color,
    )


def _number(box: Box, name: str, text: str, cx: float, cy: float, cell: float, paint: Paint) -> Box:
    side = cell * 0.7
    return Box(
        name=f"{box.name}:{name}",
        type="text",
        x=cx - side / 2,
        y=cy - side / 2,
        w=side,
        h=side,
        text=f"**{text}**",
        font=box.font,
        size=max(6.0, cell * 1.2),
        min_size=4.0,
        align="center",
        valign="middle",
        color=paint.color or paint.stroke or box.color,
    )


def _icon(name: str, icon: str, cx: float, cy: float, side: float) -> Box:
    return Box(
        name=name,
        type="icon",
        x=cx - side / 2,
        y=cy - side / 2,
        w=side,
        h=side,
        icon=icon if icon.startswith(":") else f":{icon}:",
    )


# -- points ----------------------------------------------------------------------------------


def _spots(box: Box, board_map: BoardMap, x: float, y: float, cell: float) -> list[Mark]:
    """Each point of the map a circle of `cell` mm, painted by its kinds, in map order."""
    paints = box.paint or {}
    names = [point.id for point in board_map.points]
    kinds: dict[str, list[str]] = {
        terrain.id: list(terrain.cells) for terrain in board_map.terrains
    }
    listed = {
        name for terrain in board_map.terrains if not terrain.default for name in kinds[terrain.id]
    }
    for terrain in board_map.terrains:
        if terrain.default:
            kinds[terrain.id] = [name for name in names if name not in listed]
    marks: list[Mark] = []
    where = {point.id: (x + point.x, y + point.y) for point in board_map.points}
    for point in board_map.points:
        base = _circle(box, point.id, where[point.id], cell, box)
        if base is not None:
            marks.append(base)
    for kind, spots in kinds.items():
        paint = paints.get(kind)
        if paint is None:
            continue
        for spot in spots:
            circle = _circle(box, f"{kind}:{spot}", where[spot], cell, paint)
            if circle is not None:
                marks.append(circle)
            if paint.icon is not None:
                cx, cy = where[spot]
                marks.append(
                    _icon(f"{box.name}:{kind}:{spot}:icon", paint.icon, cx, cy, cell * 0.55)
                )
    if box.labels:
        for point in board_map.points:
            cx, cy = where[point.id]
            marks.append(
                Box(
                    name=f"{box.name}:{point.id}:label",
                    type="text",
                    x=cx - cell,
                    y=cy + cell / 2,
                    w=2 * cell,
                    h=max(3.0, cell * 0.25),
                    text=point.id,
                    font=box.font,
                    size=box.size or 5.0,
                    min_size=3.0,
                    align="center",
                    valign="top",
                    color=box.color,
                )
            )
    return marks


def _circle(box: Box, name: str, centre: Point, cell: float, paint: Paint | Box) -> Box | None:
    if paint.fill is None and paint.stroke is None:
        return None
    cx, cy = centre
    return Box(
        name=f"{box.name}:{name}",
        type="ellipse",
        x=cx - cell / 2,
        y=cy - cell / 2,
        w=cell,
        h=cell,
        fill=paint.fill,
        stroke=paint.stroke,
        stroke_width=paint.stroke_width,
        dash=paint.dash,
    )


# -- tracks ----------------------------------------------------------------------------------


def _track(box: Box, x: float, y: float, w: float, h: float, reference: float) -> list[Mark]:
    """Each space a rect and its number, as a layout would list them one by one."""
    assert box.first is not None and box.last is not None
    cell = to_points(box.cell or 0, reference * MM) / MM
    gap = to_points(box.gap or 0, reference * MM) / MM
    spaces = grids.track_spaces(box.first, box.last, cell, gap, box.path or "right", w, h)
    template = box.text or "**{n}**"
    marks: list[Mark] = []
    for space in spaces:
        accent = box.accent if box.every and box.accent and space.number % box.every == 0 else None
        name = f"{box.name}:{space.number}"
        marks.append(
            Box(
                name=name,
                type="rect",
                x=x + space.x,
                y=y + space.y,
                w=space.side,
                h=space.side,
                fill=(accent.fill if accent and accent.fill else box.fill),
                stroke=(accent.stroke if accent and accent.stroke else box.stroke),
                stroke_width=box.stroke_width,
                radius=box.radius,
                dash=box.dash,
            )
        )
        if box.labels is False:
            continue
        marks.append(
            Box(
                name=f"{name}:n",
                type="text",
                x=x + space.x,
                y=y + space.y,
                w=space.side,
                h=space.side,
                text=template.replace("{n}", str(space.number)),
                font=box.font,
                size=box.size,
                min_size=box.min_size,
                bold=box.bold,
                align="center",
                valign="middle",
                color=(accent.color if accent and accent.color else box.color),
            )
        )
    return marks


def space_centre(box: Box, number: int, width: float, height: float) -> Point | None:
    """Where space `number` of a track box is (its centre, mm on the face), if it has one."""
    extent = board_extent(box, [], width, height)
    if extent is None or box.first is None or box.last is None:
        return None
    x, y, w, h = extent
    cell = to_points(box.cell or 0, min(width, height) * MM) / MM
    gap = to_points(box.gap or 0, min(width, height) * MM) / MM
    for space in grids.track_spaces(box.first, box.last, cell, gap, box.path or "right", w, h):
        if space.number == number:
            return x + space.x + cell / 2, y + space.y + cell / 2
    return None


# -- legends ---------------------------------------------------------------------------------


def legend_entries(
    grid_box: Box, board_map: BoardMap, titles: Mapping[str, str]
) -> list[tuple[Terrain, Paint, str]]:
    """The terrains a grid box paints, in the map's order, each with its name."""
    paints = grid_box.paint or {}
    return [
        (terrain, paints[terrain.id], terrain_name(terrain, titles))
        for terrain in board_map.terrains
        if terrain.id in paints
    ]


def terrain_name(terrain: Terrain, titles: Mapping[str, str]) -> str:
    """A terrain's name in the face's language: its own text, or its record's title."""
    if terrain.name is not None:
        return str(terrain.name)
    return str(titles.get(terrain.title_of or "", terrain.title_of or terrain.id))


def _legend(
    box: Box,
    width: float,
    height: float,
    maps: Sequence[BoardMap],
    titles: Mapping[str, str],
    boxes: Sequence[Box],
) -> list[Mark]:
    """One row per painted terrain of the grid box `of` names: a swatch and the name."""
    grid_box = next((other for other in boxes if other.name == box.of), None)
    board_map = find_map(maps, grid_box.map) if grid_box and grid_box.map else None
    if grid_box is None or board_map is None:
        return []
    entries = legend_entries(grid_box, board_map, titles)
    if not entries:
        return []
    reference = min(width, height) * MM
    x = _place(box.x or 0, width * MM) / MM
    y = _place(box.y or 0, height * MM) / MM
    w = _place(box.w if box.w is not None else "100%", width * MM) / MM
    h = _place(box.h if box.h is not None else "100%", height * MM) / MM
    row = min(h / len(entries), to_points(box.cell or 10, reference) / MM * 1.3)
    swatch = row * 0.75
    marks: list[Mark] = []
    for index, (terrain, paint, name) in enumerate(entries):
        top = y + index * row
        cx, cy = x + swatch / 2, top + row / 2
        marks += _swatch(box, grid_box, terrain.id, paint, cx, cy, swatch)
        marks.append(
            Box(
                name=f"{box.name}:{terrain.id}",
                type="text",
                x=x + swatch + row * 0.3,
                y=top,
                w=max(1.0, w - swatch - row * 0.3),
                h=row,
                text=name,
                font=box.font,
                size=box.size,
                min_size=box.min_size,
                bold=box.bold,
                valign="middle",
                color=box.color,
            )
        )
    return marks


def _swatch(
    box: Box, grid_box: Box, kind: str, paint: Paint, cx: float, cy: float, side: float
) -> list[Mark]:
    """A small cell painted like the kind: a hexagon, a square or a disc."""
    fill = paint.fill if paint.fill is not None else grid_box.fill
    stroke = paint.stroke or grid_box.stroke
    width = paint.stroke_width or grid_box.stroke_width
    dash = tuple(paint.dash) if paint.dash else None
    if grid_box.type == "spots":
        disc = Box(
            name=f"{box.name}:{kind}:swatch",
            type="ellipse",
            x=cx - side / 2,
            y=cy - side / 2,
            w=side,
            h=side,
            fill=fill,
            stroke=stroke,
            stroke_width=width,
            dash=paint.dash,
        )
        marks: list[Mark] = [disc]
    else:
        radius = side / 2
        if grid_box.type == "squares":
            corners = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
            points = tuple((cx + a * radius, cy + b * radius) for a, b in corners)
        else:
            start = 30.0 if (grid_box.orientation or "pointy") == "pointy" else 0.0
            points = tuple(
                (
                    cx + radius * math.cos(math.radians(start + 60 * n)),
                    cy + radius * math.sin(math.radians(start + 60 * n)),
                )
                for n in range(6)
            )
        marks = [Shape(points, True, fill, stroke, width, dash)]
    if paint.icon is not None:
        marks.append(_icon(f"{box.name}:{kind}:icon", paint.icon, cx, cy, side * 0.6))
    return marks


def _place(value: float | str, reference: float) -> float:
    points = to_points(value, reference)
    return points + reference if points < 0 else points


def cell_centre(
    box: Box, cell: str, width: float, height: float, maps: Sequence[BoardMap]
) -> Point | None:
    """Where a cell (`"3,-2"`) or a point (its id) of a grid or spots box is, mm on the face."""
    extent = board_extent(box, maps, width, height)
    if extent is None:
        return None
    x, y, _w, _h = extent
    if box.type == "spots":
        board_map = find_map(maps, box.map or "")
        if board_map is None:
            return None
        cell_mm = to_points(box.cell or 0, min(width, height) * MM) / MM
        left = min(point.x for point in board_map.points)
        top = min(point.y for point in board_map.points)
        for point in board_map.points:
            if point.id == cell:
                return x - left + cell_mm / 2 + point.x, y - top + cell_mm / 2 + point.y
        return None
    shape = grid_shape(box, maps)
    if shape is None:
        return None
    try:
        wanted = parse_cell(cell)
    except ValueError:
        return None
    cell_mm = to_points(box.cell or 0, min(width, height) * MM) / MM
    grid = grids.lay_out(shape, cell_mm)
    if wanted not in grid.centres:
        return None
    cx, cy = grid.centres[wanted]
    return x + cx, y + cy
