"""Setup pictures: pieces placed by the board's own layout (grid cells, points, track
spaces, boxes), a place off the board refused where the setup is written, the picture in
its section of the rulebook."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from starpress.core.load import load_games
from starpress.pnp.layout import load_templates
from starpress.pnp.setups import board_of, place, setup_problems
from tests.conftest import ROOT, run_cli
from tests.pdfread import open_pdf
from tests.test_pnp_boards import BOARD_LAYOUT, MAPS, board_project


def where(game_id: str, at: str) -> tuple[float, float] | str:
    game = load_games(ROOT, [game_id])[game_id]
    templates = load_templates(ROOT, game)
    return place(board_of(game, templates, game.setups[0]), at, game)


def test_pieces_stand_where_the_board_draws_their_place() -> None:
    # Luna Maris: score space 5 is the sixth 14 mm space from x 12.5, 15 mm apart
    assert where("luna-maris", "score:5") == pytest.approx((12.5 + 5 * 15 + 7, 6 + 7))
    # a track running left: space 25 is the right-most of the bottom row
    assert where("luna-maris", "score-back:25") == pytest.approx((372.5 + 7, 260 + 7))
    # a box by its name: the middle of the first demand-tile space
    assert where("luna-maris", "demand-0") == pytest.approx((290 + 10, 62 + 19))
    # Ascending Empires: a hole of the map of points, in mm from the board's corner
    assert where("ascending-empires", "holes:home-a") == pytest.approx((70, 70))
    # Aristeia!: the middle hex of the HexaDome is the middle of the arena's box
    x, y = where("aristeia", "arena:0,0")  # type: ignore[misc]
    assert (x, y) == pytest.approx(
        (34 + 19 * 28 / 2, 25.5 + (18 * 1.5 + 2) * 28 / math.sqrt(3) / 2)
    )
    # one hex to the right is one cell further
    right = where("aristeia", "arena:1,0")
    assert isinstance(right, tuple) and right[0] - x == pytest.approx(28)


@pytest.mark.parametrize(
    ("at", "message"),
    [
        ("moon", "no box 'moon' on the front of the board (layout 'hexadome')"),
        ("arena:99,0", "box 'arena' has no cell '99,0'"),
        ("title:1", "box 'title' is a text: only grids, spots and tracks have cells"),
        ("score:50", "track 'score' has no space '50'"),
    ],
)
def test_a_place_not_on_the_board_is_named(at: str, message: str) -> None:
    game = "luna-maris" if at.startswith(("score", "title")) else "aristeia"
    assert where(game, at) == message


SETUP = """\
setups:
  - id: demo.setup.start
    title: Start
    caption: "Camp tokens go on the camp."
    board: demo.card.board
    section: demo.rules.setup
    kinds:
      - {id: camp, name: Camp token, shape: square, color: "#c0392b", size: 12}
      - {id: marker, name: Score marker, shape: disc, color: "#2f6db3", size: 8}
    pieces:
      - {kind: camp, at: "field:3,2", label: "1"}
      - {kind: marker, at: "score:0"}
"""


def test_a_setup_is_checked_with_the_kit_and_drawn_in_the_rulebook(tmp_path: Path) -> None:
    project = board_project(tmp_path, BOARD_LAYOUT, MAPS + "\n" + SETUP)
    result = run_cli("rulebook", "demo", "--out", "out", cwd=project)
    assert result.returncode == 0, result.stderr
    doc = open_pdf(project / "out" / "demo-en-a4.pdf")
    pages = [number for number in range(doc.page_count) if doc[number].get_images()]
    assert len(pages) == 1
    text = doc[pages[0]].get_text()
    assert "Start" in text and "Camp tokens go on the camp." in text
    # the picture was drawn into the build tree, with its manifest
    assert (project / "build" / "site-cache" / "en" / "demo" / "setups" / "start.png").is_file()
    game = load_games(project, ["demo"])["demo"]
    assert setup_problems(game, load_templates(project, game)) == []


def test_a_piece_off_its_board_stops_the_kit_at_the_setup(tmp_path: Path) -> None:
    project = board_project(tmp_path, BOARD_LAYOUT, MAPS + "\n" + SETUP.replace("3,2", "9,9"))
    result = run_cli("pnp", "demo", "--out", "out", cwd=project)
    assert result.returncode == 2
    assert (
        "content/demo/maps.yaml:16:1: setup 'demo.setup.start': piece 1 at 'field:9,9': "
        in result.stderr
    )
    assert "box 'field' has no cell '9,9'" in result.stderr
    assert not (project / "out" / "demo-en-a4.pdf").exists()


@pytest.mark.parametrize(
    ("where", "change", "message"),
    [
        # the setup's place, looked up in the board's layout
        ("maps", ("field:3,2", "field:9,9"), "maps.yaml:16:1: setup 'demo.setup.start': piece 1"),
        ("maps", ("score:0", "tally:0"), "no box 'tally' on the front of the board"),
        # what the setup names: a card for its board, a rules section, a known icon
        ("maps", ("board: demo.card.board", "board: demo.rules.setup"), "maps.yaml:18:12: board"),
        ("maps", ("section: demo.rules.setup", "section: demo.card.ace"), "is not a rules section"),
        ("maps", ("size: 8}", "size: 8, icon: nope}"), "maps.yaml:22:88: unknown icon 'nope'"),
        # a cell written wrong is refused at the cell; the layout's board boxes are read too
        ("maps", ('"5,3"', '"5,3,1"'), "maps.yaml:10:58: a cell is two whole numbers"),
        ("layout", ("cell: 20", "cell: 0"), "demo.yaml:16:15: cell must be more than 0"),
        ("layout", ("camp: {", "swamp: {"), "map 'demo.map.field' has no terrain 'swamp'"),
    ],
)
def test_check_reads_a_games_boards_and_names_the_line(
    tmp_path: Path, where: str, change: tuple[str, str], message: str
) -> None:
    """`starpress check` reads the layouts of a game with maps or setups, as the kit will:
    each mistake is one located line, exit 2."""
    maps, layout = MAPS + "\n" + SETUP, BOARD_LAYOUT
    if where == "maps":
        assert change[0] in maps
        maps = maps.replace(*change)
    else:
        assert change[0] in layout
        layout = layout.replace(*change)
    result = run_cli("check", "demo", cwd=board_project(tmp_path, layout, maps))
    assert result.returncode == 2, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 2 and message in lines[0], result.stderr
    assert lines[1] == "error: 1 problem in 1 file"


def test_check_counts_a_games_maps_and_setups(tmp_path: Path) -> None:
    result = run_cli("check", "demo", cwd=board_project(tmp_path, BOARD_LAYOUT, MAPS + SETUP))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 map, 1 setup" in result.stdout
