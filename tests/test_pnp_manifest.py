"""Kit manifests read back against the PDFs and the content model: every component a kit
must print is printed as many times as the box holds, for every game."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from starpress.core.load import load_games
from starpress.pnp.build import plan, run
from starpress.pnp.kit import KitOptions
from starpress.pnp.manifest import manifest_path, shortfalls
from tests.conftest import ROOT, make_project, run_cli
from tests.pdfread import counted_fronts, open_pdf, placements

GAMES = ["afternova", "aristeia", "ascending-empires", "asteria", "luna-maris"]


@cache
def built(out: Path) -> tuple[Path, ...]:
    """Every game's kit (A4, its own language), each with its manifest."""
    options = KitOptions(lang="", paper="a4")
    result = run(ROOT, plan(ROOT, None, "source", options), out, manifest=True, workers=2)
    return tuple(report.path for report in result.reports)


def kit_of(out: Path, game: str) -> Path:
    return next(path for path in built(out) if path.name.startswith(f"{game}-"))


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("manifests")


def pdf_problems(game_id: str, kit: Path, manifest: dict[str, Any], root: Path = ROOT) -> list[str]:
    """What the PDF, the manifest and the model disagree on: a component the kit must print
    that it prints a different number of times than the box holds (the model's count, read
    off the PDF's pages), a card the manifest counts differently from the PDF, or a page the
    manifest gives that does not hold that card's side."""
    game = load_games(root, [game_id])[game_id]
    doc = open_pdf(kit)
    pieces = {
        card.id: (card.pieces.columns, card.pieces.rows) for card in game.cards if card.pieces
    }
    printed = counted_fronts(doc, pieces)
    pages: dict[tuple[str, str], set[int]] = {}
    for number in range(doc.page_count):
        for placement in placements(doc, number):
            # a shared back is one drawing per component: its form is `back-<component id>`
            pages.setdefault((placement.card, placement.side), set()).add(number + 1)
    problems = []
    listed = {component["id"]: component for component in manifest["components"]}
    for component in game.components:
        entry = listed[component.id]
        copies = sum(printed.get(card.id, 0) for card in game.cards_of(component.id))
        if game.printed(component) and copies != component.count:
            problems.append(f"{component.id}: the PDF prints {copies} of {component.count}")
        if entry["copies"] != copies:
            problems.append(
                f"{component.id}: the manifest says {entry['copies']}, the PDF {copies}"
            )
        if entry["count"] != component.count or entry["printed"] != game.printed(component):
            problems.append(f"{component.id}: the manifest's count or printed is not the model's")
        for face in entry["faces"]:
            fronts = pages.get((face["card"], "front"), set())
            if set(face["front_pages"]) != fronts:
                problems.append(
                    f"{face['card']}: fronts on {sorted(fronts)}, listed {face['front_pages']}"
                )
            backs = pages.get((face["card"], "back"), set()) | pages.get(
                (component.id, "back"), set()
            )
            if not set(face["back_pages"]) <= backs:
                problems.append(f"{face['card']}: backs listed on pages without them")
    return problems


@pytest.mark.parametrize("game", GAMES)
def test_every_printable_component_is_in_its_kit_with_the_box_count(game: str, out: Path) -> None:
    kit = kit_of(out, game)
    manifest = json.loads(manifest_path(kit).read_text("utf-8"))
    assert manifest["game"] == game and manifest["kit"] == kit.name
    assert shortfalls(manifest) == []
    assert pdf_problems(game, kit, manifest) == []
    # every component of the model is listed, in the model's order
    model = load_games(ROOT, [game])[game]
    assert [c["id"] for c in manifest["components"]] == [c.id for c in model.components]


def test_the_boards_pieces_and_sheets_are_listed(out: Path) -> None:
    """Ascending Empires's board: one card, 9 pieces, each on a sheet named A1..C3 after an
    assembly page; the HexaDome and Luna Maris's main board: sheets after their own."""
    manifest = json.loads(manifest_path(kit_of(out, "ascending-empires")).read_text("utf-8"))
    board = next(c for c in manifest["components"] if c["id"].endswith(".board"))
    (face,) = board["faces"]
    assert (board["count"], face["pieces"], face["copies"]) == (9, 9, 9)
    names = [sheet["name"] for sheet in face["sheets"]]
    assert names == [f"{row}{column}" for row in "ABC" for column in (1, 2, 3)]
    assert face["assembly_page"] == face["sheets"][0]["page"] - 1
    for game, card in (
        ("aristeia", "aristeia.card.hexadome"),
        ("luna-maris", "luna-maris.card.main-board"),
    ):
        data = json.loads(manifest_path(kit_of(out, game)).read_text("utf-8"))
        (found,) = [f for c in data["components"] for f in c["faces"] if f["card"] == card]
        assert found["copies"] == 1 and len(found["sheets"]) >= 3
        assert Counter(sheet["page"] for sheet in found["sheets"]).most_common(1)[0][1] == 1


def test_a_kit_missing_a_printable_component_says_so(tmp_path: Path) -> None:
    """A board the box holds but no card prints: the manifest lists it short, the command
    says so, and the PDF check finds the same gap."""
    components = """\
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
"""
    cards = """\
cards:
  - id: demo.card.ace
    component: demo.component.card
    name: Ace
    count: 10
"""
    project = make_project(tmp_path, {"components.yaml": components, "cards.yaml": cards})
    (project / "templates" / "cards").mkdir(parents=True)
    (project / "templates" / "cards" / "demo.yaml").write_text(
        "components:\n  demo.component.card: {front: card}\nlayouts:\n  card:\n    boxes:\n"
        '      - {name: title, type: text, x: 4, y: 4, w: -8mm, h: 10, text: "{name}"}\n',
        encoding="utf-8",
    )
    result = run_cli("pnp", "demo", "--out", "out", "--manifest", cwd=project)
    assert result.returncode == 0, result.stderr
    assert "short: demo.component.board: printed 0 of 1" in result.stderr
    manifest = json.loads((project / "out" / "demo-en-a4.json").read_text("utf-8"))
    assert shortfalls(manifest) == ["demo.component.board: printed 0 of 1"]
    board = next(c for c in manifest["components"] if c["id"] == "demo.component.board")
    assert board["printed"] is True and board["faces"] == []
    kit = project / "out" / "demo-en-a4.pdf"
    assert pdf_problems("demo", kit, manifest, project) == [
        "demo.component.board: the PDF prints 0 of 1"
    ]


PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
CROSS_MM = 3.0
"""A registration cross's circle, across (`pnp.marks._cross`)."""


def crosses(page: Any) -> int:
    """The registration crosses drawn on a page: black circles 3 mm across."""
    side = CROSS_MM * 72 / 25.4
    return sum(
        1
        for drawing in page.get_drawings()
        if drawing.get("color") == (0.0, 0.0, 0.0)
        and abs(drawing["rect"].width - side) < 0.2
        and abs(drawing["rect"].height - side) < 0.2
    )


def neighbours(name: str, names: set[str]) -> list[str]:
    """The sheets (or pieces) beside `name` (`B2`: row B, column 2) among `names`."""
    row, column = name[0], int(name[1:])
    beside = [f"{row}{column - 1}", f"{row}{column + 1}"]
    beside += [f"{chr(ord(row) - 1)}{column}", f"{chr(ord(row) + 1)}{column}"]
    return [other for other in beside if other in names]


@pytest.mark.parametrize("paper", list(PAPER_MM))
def test_the_new_boards_print_tiled_with_assembly_marks(paper: str, tmp_path: Path) -> None:
    """The Ascending Empires board (9 pieces, a sheet each) and the HexaDome (one board over
    several sheets) on A4 and Letter: an assembly page naming every sheet before them; each
    sheet on the paper, named; the HexaDome's sheets with two registration crosses in each
    overlap with a neighbour, the pieces with their neighbours' names beside each join."""
    options = KitOptions(lang="", paper=paper)
    games = ["aristeia", "ascending-empires"]
    result = run(ROOT, plan(ROOT, games, "source", options), tmp_path, manifest=True, workers=1)
    boards = {"aristeia": "aristeia.card.hexadome", "ascending-empires": None}
    for kit in (report.path for report in result.reports):
        game = next(game for game in games if kit.name.startswith(f"{game}-"))
        doc = open_pdf(kit)
        manifest = json.loads(manifest_path(kit).read_text("utf-8"))
        faces = [face for c in manifest["components"] for face in c["faces"]]
        card = boards[game] or next(f["card"] for f in faces if f["pieces"] == 9)
        face = next(f for f in faces if f["card"] == card)
        names = [sheet["name"] for sheet in face["sheets"]]
        assert len(names) == len(set(names)) >= (9 if game == "ascending-empires" else 4)
        # the assembly page: just before the sheets, naming each of them
        assembly = doc[face["assembly_page"] - 1]
        assert face["assembly_page"] == face["sheets"][0]["page"] - 1
        assert set(names) <= set(assembly.get_text().split())
        for sheet in face["sheets"]:
            page = doc[sheet["page"] - 1]
            size = sorted((page.rect.width * 25.4 / 72, page.rect.height * 25.4 / 72))
            assert size == pytest.approx(sorted(PAPER_MM[paper]), abs=0.1)
            words = page.get_text().split()
            assert sheet["name"] in words
            beside = neighbours(sheet["name"], set(names))
            if game == "aristeia":
                assert crosses(page) == 2 * len(beside), sheet
            else:  # a piece names the piece that joins it at each edge, with an arrow
                assert set(beside) <= set(words), sheet
