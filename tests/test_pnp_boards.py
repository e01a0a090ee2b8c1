"""Boards as data: maps in the content, hex and square grids, spots, tracks and legends in
the layouts, checked in millimetres and read back from the PDFs."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from starpress.core.cells import ring_cells
from starpress.pnp import grids
from tests.conftest import make_project, run_cli
from tests.pdfread import open_pdf, placements

# -- geometry ---------------------------------------------------------------------------


SHAPES = [
    grids.GridShape("hex", "pointy", "axial", rings=3),
    grids.GridShape("hex", "flat", "axial", rings=3),
    grids.GridShape("hex", "pointy", "offset", columns=5, rows=4),
    grids.GridShape("hex", "flat", "offset", columns=5, rows=4),
    grids.GridShape("square", columns=5, rows=4),
]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s.kind}-{s.orientation}-{s.coords}")
def test_neighbours_are_one_cell_apart_and_share_a_whole_side(shape: grids.GridShape) -> None:
    grid = grids.lay_out(shape, 20.0)
    sides = 6 if shape.kind == "hex" else 4
    for cell in shape.cells():
        edges = grid.edges(cell)
        assert len(edges) == sides
        for start, end, other in edges:
            assert math.dist(start, end) == pytest.approx(20 / math.sqrt(3) if sides == 6 else 20)
            if other is not None:
                assert math.dist(grid.centres[cell], grid.centres[other]) == pytest.approx(20.0)
                # the neighbour lists this cell across the same side
                assert cell in {back for _s, _e, back in grid.edges(other)}
    # every corner lies inside the bounding box, which starts at (0, 0)
    corners = [point for cell in shape.cells() for point in grid.corners(cell)]
    assert min(x for x, _ in corners) == pytest.approx(0.0, abs=1e-9)
    assert min(y for _, y in corners) == pytest.approx(0.0, abs=1e-9)
    assert max(x for x, _ in corners) == pytest.approx(grid.width)
    assert max(y for _, y in corners) == pytest.approx(grid.height)


def test_a_hexagon_of_nine_rings_is_nineteen_hexes_across() -> None:
    """The HexaDome's size as the review gives it: 19 hexes at the widest."""
    cells = list(ring_cells(9))
    assert len(cells) == 1 + 3 * 9 * 10
    widest = max(sum(1 for _q, r in cells if r == row) for row in range(-9, 10))
    assert widest == 19
    grid = grids.lay_out(grids.GridShape("hex", "pointy", "axial", rings=9), 28.0)
    assert grid.width == pytest.approx(19 * 28.0)
    assert grid.height == pytest.approx(18 * 1.5 * 28 / math.sqrt(3) + 2 * 28 / math.sqrt(3))


def test_a_zone_of_seven_hexes_has_an_outline_of_eighteen_sides() -> None:
    grid = grids.lay_out(grids.GridShape("hex", "pointy", "axial", rings=4), 10.0)
    zone = [(0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    assert len(grid.outline(zone)) == 18
    apart = [(3, 0), (2, 1), (-3, 0)]
    # reading order: the zone's first row comes first, then (-3, 0), then (3, 0) with (2, 1)
    assert [len(group) for group in grid.groups(zone + apart)] == [7, 1, 2]
    assert grid.middle(zone) == (0, 0)


def test_track_spaces_run_along_their_path_and_round_a_loop() -> None:
    right = grids.track_spaces(0, 24, 14, 1, "right")
    assert [space.x for space in right[:3]] == [0, 15, 30] and right[-1].number == 24
    left = grids.track_spaces(25, 49, 14, 1, "left")
    assert left[0].number == 25 and left[0].x == 24 * 15 and left[-1].x == 0
    loop = grids.track_spaces(0, 17, 10, 0, "loop", 60, 50)
    places = [(space.x, space.y) for space in loop]
    assert places[0] == (0, 0) and (50, 0) in places and (50, 40) in places and (0, 40) in places
    assert len(set(places)) == 18  # 6 across and 5 down: 6 + 4 + 5 + 3 places round the edge
    with pytest.raises(ValueError, match="holds"):
        grids.track_spaces(0, 18, 10, 0, "loop", 60, 50)


# -- a board in a project -----------------------------------------------------------------

BOARD_COMPONENTS = """\
components:
  - id: demo.component.card
    kind: card
    name: Card
    count: 10
    size: poker
  - id: demo.component.board
    kind: board
    name: Board
    count: 1
    size: 180x160
"""

BOARD_CARDS = """\
cards:
  - id: demo.card.ace
    component: demo.component.card
    name: Ace
    count: 10
  - id: demo.card.board
    component: demo.component.board
    provenance: prototype
"""

MAPS = """\
maps:
  - id: demo.map.field
    grid: hex
    orientation: flat
    coords: offset
    columns: 7
    rows: 5
    terrains:
      - {id: grass, name: Grass, default: true}
      - {id: forest, name: Forest, cells: ["1,1", "2,1", "5,3"]}
      - {id: camp, title_of: demo.glossary.coin, cells: ["3,2", "3,3", "4,2"]}
    provenance: prototype
"""

BOARD_LAYOUT = """\
components:
  demo.component.card: {front: card}
  demo.component.board: {front: board}
layouts:
  card:
    boxes:
      - {name: title, type: text, x: 4, y: 4, w: -8mm, h: 10, text: "**{name}**"}
  board:
    boxes:
      - {name: ground, type: rect, full_bleed: true, fill: "#e8e2d0"}
      - name: field
        type: hexes
        map: field
        x: 10
        y: 10
        cell: 20
        labels: true
        fill: "#ffffff"
        stroke: "#555555"
        paint:
          grass: {fill: "#ffffff"}
          forest: {fill: "#2f7a3a", color: "#ffffff", icon: coin}
          camp: {stroke: "#c0392b", stroke_width: 2, outline: true, number: true}
      - {name: key, type: legend, of: field, x: 10, y: 128, w: 80, h: 28, size: 8}
      - name: score
        type: track
        x: 150
        y: 10
        first: 0
        last: 9
        path: down
        cell: 10
        gap: 1
        every: 5
        accent: {fill: "#f0a020"}
        stroke: "#555555"
"""


def board_project(base: Path, layout: str = BOARD_LAYOUT, maps: str = MAPS) -> Path:
    project = make_project(
        base,
        {"components.yaml": BOARD_COMPONENTS, "cards.yaml": BOARD_CARDS, "maps.yaml": maps},
    )
    (project / "templates" / "cards").mkdir(parents=True, exist_ok=True)
    (project / "templates" / "cards" / "demo.yaml").write_text(layout, encoding="utf-8")
    return project


def test_a_hex_board_prints_its_terrain_labels_legend_and_track(tmp_path: Path) -> None:
    project = board_project(tmp_path)
    result = run_cli("pnp", "demo", "--out", "out", cwd=project)
    assert result.returncode == 0, result.stderr
    doc = open_pdf(project / "out" / "demo-en-a4.pdf")
    board = [
        number
        for number in range(doc.page_count)
        if any(p.card == "demo.card.board" for p in placements(doc, number))
    ]
    assert len(board) == 1
    text = doc[board[0]].get_text()
    # a label per cell (flat offset, 7 x 5), the legend's two names (one the glossary term)
    labels = {f"{column},{row}" for column, row in itertools.product(range(7), range(5))}
    assert labels <= set(text.split())
    assert "Forest" in text and "Coin" in text and "Grass" in text
    # the camp's three touching cells are one group, numbered 1; the track counts 0 to 9
    assert {str(number) for number in range(10)} <= set(text.split())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("map: field", "map: meadow"), "unknown map 'meadow' (maps: demo.map.field)"),
        (("camp: {", "swamp: {"), "map 'demo.map.field' has no terrain 'swamp'"),
        (("cell: 20", "cell: 30"), "leaves the 180 x 160 mm face"),
        (
            ("map: field\n", "map: field\n        rings: 3\n"),
            "rings comes from its map 'demo.map.field'",
        ),
        (("of: field", "of: score"), "legend 'key': no box 'score' drawing a map"),
        (("        first: 0\n", ""), "track 'score' needs first"),
    ],
)
def test_a_bad_board_box_is_one_located_line(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    project = board_project(tmp_path, BOARD_LAYOUT.replace(*change))
    result = run_cli("pnp", "demo", "--out", "out", cwd=project)
    assert result.returncode == 2
    assert message in result.stderr
    assert "templates/cards/demo.yaml:" in result.stderr
    assert not (project / "out" / "demo-en-a4.pdf").exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('"5,3"', '"9,3"'), "terrain 'forest': cell '9,3' is not on the map"),
        (("    columns: 7\n", ""), "a hex map with these coords takes columns and rows"),
        (("title_of: demo.glossary.coin", "title_of: demo.glossary.gem"), "unknown record"),
    ],
)
def test_a_bad_map_is_refused_where_it_is_written(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    project = board_project(tmp_path, maps=MAPS.replace(*change))
    result = run_cli("check", "demo", cwd=project)
    assert result.returncode == 2
    assert message in result.stdout + result.stderr
    assert "maps.yaml:" in result.stdout + result.stderr
