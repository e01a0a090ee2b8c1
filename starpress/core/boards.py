"""Boards as data, part of the content model (`starpress.core.model`, which re-exports every
name here): maps, what is where on a board (a grid of hexes or squares, or named points, and
the terrains of its cells), and setups, where the pieces go before play (pictures drawn from
the same layouts as the kit)."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, field_validator, model_validator

from starpress.core.records import SLUG_RE, Provenance, Record, Slug
from starpress.core.text import Text

# ruff: noqa: RUF012 - every class here is a pydantic record (through `Record`, which ruff
# cannot follow across modules): pydantic copies a list or dict default for each instance.

GridKind = Literal["hex", "square", "points"]
_HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


class Named(Record):
    """Something a legend names: by a text of its own, or by the title of another record
    (`title_of: aristeia.glossary.casilla-bloqueada`), so a glossary term is not translated
    twice."""

    name: Text | None = None
    title_of: str | None = None

    @model_validator(mode="after")
    def _one_name(self) -> Named:
        if (self.name is None) == (self.title_of is None):
            raise ValueError("give either name or title_of (a record whose title names it)")
        return self


class MapPoint(Record):
    """A named spot on a map of points, in mm from the top-left corner of the map's box."""

    id: Slug
    x: float = Field(ge=0, le=2000)
    y: float = Field(ge=0, le=2000)


def _cell_name(cell: str) -> str:
    from starpress.core.cells import CELL_RE

    if not (CELL_RE.match(cell) or SLUG_RE.match(cell)):
        raise ValueError(f"a cell is two whole numbers like '3,-2', or a point's id (got {cell!r})")
    return cell


CellName = Annotated[str, AfterValidator(_cell_name)]
"""A cell of a grid map (`"3,-2"`) or a point of a map of points (its id)."""


class Terrain(Named):
    """One kind of cell (or point) of a map and the cells that have it. Kinds are layers:
    a cell may have several (a deployment zone over free floor); `default: true` gives this
    kind to every cell no other kind lists."""

    id: Slug
    cells: list[CellName] = Field(default=[], max_length=10000)
    default: bool = False


class BoardMap(Record):
    """What is where on a board, apart from how it looks: the grid (hexes, squares or named
    points), and which cells have which terrain. Its layout box (`templates/cards/`) says
    how big the cells are and how each terrain is painted."""

    id: str
    grid: GridKind
    orientation: Literal["flat", "pointy"] | None = None
    """Hexes: `pointy` (rows run straight across) or `flat` (columns run straight down)."""
    coords: Literal["axial", "offset"] | None = None
    """Hexes: `axial` q,r around (0, 0) (a hexagon of `rings`), or `offset` col,row in a
    rectangle (odd rows pushed right on a pointy map, odd columns pushed down on a flat one)."""
    rings: int | None = Field(default=None, ge=1, le=40)
    columns: int | None = Field(default=None, ge=1, le=80)
    rows: int | None = Field(default=None, ge=1, le=80)
    points: list[MapPoint] = []
    terrains: list[Terrain] = []
    provenance: Provenance = "rulebook"
    source: Slug | None = None

    @model_validator(mode="after")
    def _shape(self) -> BoardMap:
        shape = {"rings": self.rings, "columns": self.columns, "rows": self.rows}
        given = {key for key, value in shape.items() if value is not None}
        if self.grid == "hex":
            if self.orientation is None or self.coords is None:
                raise ValueError("a hex map needs orientation (flat or pointy) and coords")
            wanted = {"rings"} if self.coords == "axial" else {"columns", "rows"}
        elif self.grid == "square":
            if self.orientation is not None or self.coords not in (None, "offset"):
                raise ValueError("a square map has no orientation, and its coords are offset")
            wanted = {"columns", "rows"}
        else:
            if self.orientation is not None or self.coords is not None or not self.points:
                raise ValueError("a map of points lists its points (no orientation or coords)")
            wanted = set()
        if given != wanted:
            need = " and ".join(sorted(wanted)) or "no rings, columns or rows"
            raise ValueError(f"a {self.grid} map with these coords takes {need}")
        return self

    @model_validator(mode="after")
    def _terrains(self) -> BoardMap:
        from starpress.core.cells import parse_cell

        names = [point.id for point in self.points]
        if len(set(names)) != len(names):
            raise ValueError("two points of the map have the same id")
        kinds = [terrain.id for terrain in self.terrains]
        if len(set(kinds)) != len(kinds):
            raise ValueError("two terrains of the map have the same id")
        if sum(terrain.default for terrain in self.terrains) > 1:
            raise ValueError("only one terrain can be the default")
        for terrain in self.terrains:
            for cell in terrain.cells:
                if self.grid == "points":
                    if cell not in names:
                        raise ValueError(f"terrain '{terrain.id}': no point '{cell}' on the map")
                elif not self.has_cell(parse_cell(cell)):
                    raise ValueError(f"terrain '{terrain.id}': cell '{cell}' is not on the map")
        return self

    def has_cell(self, cell: tuple[int, int]) -> bool:
        from starpress.core.cells import in_grid, in_rings

        if self.rings is not None:
            return in_rings(cell, self.rings)
        return in_grid(cell, self.columns or 0, self.rows or 0)


class PieceKind(Named):
    """A kind of piece a setup places: how the picture draws it and what its key calls it."""

    id: Slug
    shape: Literal["disc", "square", "hex", "card"] = "disc"
    color: str = "#ffffff"
    icon: str | None = None
    size: float = Field(default=10.0, gt=0, le=80)
    """Across, in mm on the board."""

    @field_validator("color")
    @classmethod
    def _colour(cls, color: str) -> str:
        if not _HEX_COLOUR.match(color):
            raise ValueError(f"color must be #rrggbb (got {color!r})")
        return color


class SetupPiece(Record):
    """One piece where setup puts it: `at` a box of the board's front layout (`start-space`),
    or one cell of a map, track or grid box (`arena:0,-6`, `score:5`, `holes:home-1`)."""

    kind: Slug
    at: str = Field(min_length=1, max_length=100)
    dx: float = Field(default=0.0, ge=-200, le=200)
    dy: float = Field(default=0.0, ge=-200, le=200)
    """How far from that place, in mm (right and down): two ships beside one planet."""
    label: str | None = Field(default=None, max_length=4)
    """A mark on the piece (a step number, a letter): not translated."""


class Setup(Record):
    """A setup picture: a board with its pieces where setup puts them, drawn from the same
    layouts as the kit, for the site and the rulebooks (in the rules section it belongs to)."""

    id: str
    title: Text
    caption: Text | None = None
    board: str
    """The card whose front is the board (a card id of this game)."""
    section: str
    """The rules section the picture illustrates."""
    kinds: list[PieceKind] = Field(min_length=1)
    pieces: list[SetupPiece] = Field(min_length=1, max_length=2000)
    provenance: Provenance = "rulebook"
    source: Slug | None = None

    @model_validator(mode="after")
    def _known_kinds(self) -> Setup:
        known = {kind.id for kind in self.kinds}
        for number, piece in enumerate(self.pieces, 1):
            if piece.kind not in known:
                raise ValueError(f"piece {number}: unknown kind '{piece.kind}'")
        return self
