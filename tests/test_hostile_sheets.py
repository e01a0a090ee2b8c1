"""Spreadsheets, hostile and careless: `sheet export` never writes a live formula or a
Python list, a deck exported and read back prints the same kit, and a workbook or CSV
file that cannot be read as it looks is refused at its cell."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import shutil
import zipfile
from pathlib import Path

import pytest
from conftest import CARDS, make_project, run_cli
from hostile import run_measured
from openpyxl import Workbook, load_workbook

from starpress.cli import sheet_command
from starpress.core import sheets
from starpress.core.load import game_ids, load_game
from starpress.pnp.build import plan, run
from starpress.pnp.kit import KitOptions

ROOT = Path(__file__).resolve().parent.parent


def kit(base: Path, cards: str = CARDS) -> Path:
    """The demo project with its cards and the demo card layout."""
    from conftest import LAYOUT

    project = make_project(base, {"cards.yaml": cards})
    (project / "templates" / "cards").mkdir(parents=True, exist_ok=True)
    (project / "templates" / "cards" / "demo.yaml").write_text(LAYOUT, encoding="utf-8")
    return project


def cards_of(project: Path, game: str = "demo") -> list[dict[str, object]]:
    return [card.model_dump(mode="json") for card in load_game(project, game).cards]


# -- every deck of every game, through a spreadsheet and back --------------------------------


def _decks_in_order(project: Path, game: str) -> list[str]:
    decks: list[str] = []
    for card in load_game(project, game).cards:
        if card.component not in decks:
            decks.append(card.component)
    return decks


def _as_spreadsheets(project: Path, suffix: str) -> None:
    """Every deck of every game exported to its own file, in the order the YAML had them,
    then every card YAML file deleted: the decks now live in the spreadsheets only."""
    for game in game_ids(project):
        folder = project / "content" / game
        exported = []
        for number, deck in enumerate(_decks_in_order(project, game), 1):
            name = f"cards-{number:02d}-{deck.rsplit('.', 1)[1]}{suffix}"
            target, _count = sheet_command.export(project, deck, project / name)
            exported.append(target)
        for path in folder.glob("cards*.yaml"):
            path.unlink()
        for target in exported:
            shutil.move(target, folder / target.name)


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_every_deck_of_every_game_round_trips_to_byte_identical_kits(
    tmp_path: Path, suffix: str
) -> None:
    projects = {}
    for name in ("yaml", "sheets"):
        projects[name] = tmp_path / name
        for folder in ("content", "templates"):
            shutil.copytree(ROOT / folder, projects[name] / folder)
    _as_spreadsheets(projects["sheets"], suffix)
    assert not list((projects["sheets"] / "content").glob("*/cards*.yaml"))
    for game in game_ids(ROOT):
        assert cards_of(projects["sheets"], game) == cards_of(projects["yaml"], game), game
    kits = {}
    for name, project in projects.items():  # without the stamp: it names each project's files
        jobs = [
            dataclasses.replace(job, stamp=None)
            for game in game_ids(ROOT)
            for lang in [load_game(ROOT, game).info.source_language]
            for job in plan(project, [game], lang, KitOptions(lang=lang))
        ]
        run(project, jobs, tmp_path / name / "kits", workers=2)
        kits[name] = {
            path.name: path.read_bytes() for path in (tmp_path / name / "kits").glob("*.pdf")
        }
    assert sorted(kits["sheets"]) == sorted(kits["yaml"]) and len(kits["yaml"]) == len(
        game_ids(ROOT)
    )
    for name, data in kits["yaml"].items():
        assert kits["sheets"][name] == data, name


def test_a_list_field_is_exported_as_name_n_columns_and_shown_as_an_array(tmp_path: Path) -> None:
    project = tmp_path / "p"
    for folder in ("content", "templates"):
        shutil.copytree(ROOT / folder, project / folder)
    target, _count = sheet_command.export(
        project, "afternova.component.hired-paw", project / "paws.csv"
    )
    rows = list(csv.reader(io.StringIO(target.read_text("utf-8-sig"))))
    assert "skills.0" in rows[0] and "skills" not in rows[0]
    first = dict(zip(rows[0], rows[1], strict=True))
    assert first["skills.0"] == ":piloting:" and not any("[" in cell for cell in rows[1])
    done = run_cli("show", "afternova", "--json", cwd=project)
    assert done.returncode == 0, done.stderr
    paw = next(
        card for card in json.loads(done.stdout)["cards"] if card["id"].endswith("hired-paw-01")
    )
    assert paw["fields"]["skills"] == [":piloting:"]


# -- formulas: never written, never read as an empty cell -----------------------------------

FORMULAS = """\
cards:
  - id: demo.card.ace
    component: demo.component.card
    name: '=HYPERLINK("https://example.com/x","Click")'
    count: 7
    fields:
      text: "@SUM(1+1) :coin:"
      cost: ["+1", "-2+3", "", "'=A1"]
      power: "-1"
      note: "'Tis 3"
      zero: "0"
  - id: demo.card.king
    component: demo.component.card
    name: King
    count: 3
    fields: {text: "Draw a card.", power: -1, zero: 0}
"""

SPREADSHEET_SAYS_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def test_an_exported_csv_runs_no_formula_and_reads_back_the_same(tmp_path: Path) -> None:
    project = kit(tmp_path, FORMULAS)
    before = cards_of(project)
    run = run_measured("sheet", "export", "demo.component.card", "--to", "deck.csv", cwd=project)
    assert run.code == 0, run.stderr
    rows = list(csv.reader(io.StringIO((project / "deck.csv").read_text("utf-8-sig"))))
    cells = [cell for row in rows for cell in row]
    runs = [cell for cell in cells if cell.startswith(SPREADSHEET_SAYS_FORMULA)]
    assert runs == ["-1"]  # the king's power: a number, not a text
    ace = dict(zip(rows[0], rows[1], strict=True))
    assert ace["name"] == '\'=HYPERLINK("https://example.com/x","Click")'
    assert (ace["text"], ace["cost.0"], ace["cost.1"]) == ("'@SUM(1+1) :coin:", "'+1", "'-2+3")
    assert (ace["cost.2"], ace["cost.3"], ace["power"]) == ("'", "''=A1", "'-1")
    assert (ace["note"], ace["zero"]) == ("'Tis 3", "'0")
    king = dict(zip(rows[0], rows[2], strict=True))
    assert (king["power"], king["zero"], king["cost.0"]) == ("-1", "0", "")  # numbers as numbers
    _read_back(project, "deck.csv", before)


def test_an_exported_workbook_holds_text_cells_only_and_reads_back_the_same(
    tmp_path: Path,
) -> None:
    project = kit(tmp_path, FORMULAS)
    before = cards_of(project)
    run = run_measured("sheet", "export", "demo.component.card", "--to", "deck.xlsx", cwd=project)
    assert run.code == 0, run.stderr
    sheet = load_workbook(project / "deck.xlsx")["cards"]  # formulas kept as formulas
    kinds = {(cell.value, cell.data_type) for row in sheet.iter_rows() for cell in row}
    assert not [kind for kind in kinds if kind[1] == "f"], kinds
    assert ('=HYPERLINK("https://example.com/x","Click")', "s") in kinds
    assert {("@SUM(1+1) :coin:", "s"), ("+1", "s"), ("-2+3", "s"), ("-1", "s")} <= kinds
    assert {("'=A1", "s"), ("0", "s"), (-1, "n"), (0, "n")} <= kinds
    _read_back(project, "deck.xlsx", before)


@pytest.mark.parametrize(
    "text", ["", "'", "''", "'=A1", "''=A1", "=A1", "'Tis", "3", "'3", "-1.5", "@x", "a'b", "+"]
)
def test_a_quoted_cell_reads_back_as_the_text_written(text: str) -> None:
    cell = sheets.quoted(text)
    assert sheets.unquoted(cell) == text
    assert isinstance(sheets.unquoted(cell), sheets.Literal) == (cell != text)
    assert not cell.startswith(SPREADSHEET_SAYS_FORMULA)


def _read_back(project: Path, exported: str, before: list[dict[str, object]]) -> None:
    folder = project / "content" / "demo"
    (folder / "cards.yaml").unlink()
    shutil.move(project / exported, folder / f"cards{Path(exported).suffix}")
    assert cards_of(project) == before


def _workbook(path: Path, rows: list[list[object]]) -> None:
    """A workbook as a script writes it: a text starting with `=` is a formula, with no
    value saved (only a spreadsheet program computes one)."""
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "Deck"
    for row in rows:
        sheet.append(row)
    workbook.save(path)


HEADER = ["id", "component", "count", "name", "text"]


def test_a_formula_saved_without_its_value_is_refused_at_its_cell(tmp_path: Path) -> None:
    project = kit(tmp_path)
    folder = project / "content" / "demo"
    (folder / "cards.yaml").unlink()
    rows: list[list[object]] = [HEADER, ["demo.card.a", "demo.component.card", 7, "A", "Hi."]]
    rows.append(["demo.card.b", "demo.component.card", "=2+1", "B", "Ho."])
    _workbook(folder / "cards.xlsx", rows)
    run = run_measured("check", cwd=project)
    assert run.code == 2 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr.splitlines()[0] == (
        "content/demo/cards.xlsx:Deck!C3: a formula with no saved value (=2+1); open and save"
        " the workbook in a spreadsheet program, or type the value"
    )


def test_a_formula_with_its_saved_value_is_read_as_that_value(tmp_path: Path) -> None:
    project = kit(tmp_path)
    folder = project / "content" / "demo"
    (folder / "cards.yaml").unlink()
    rows: list[list[object]] = [HEADER, ["demo.card.a", "demo.component.card", "=5+5", "A", "Hi."]]
    _workbook(tmp_path / "plain.xlsx", rows)
    with (
        zipfile.ZipFile(tmp_path / "plain.xlsx") as plain,
        zipfile.ZipFile(folder / "cards.xlsx", "w") as saved,
    ):  # as a spreadsheet program saves it: the formula and its value
        for info in plain.infolist():
            data = plain.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                assert b"<f>5+5</f><v></v>" in data
                data = data.replace(b"<f>5+5</f><v></v>", b"<f>5+5</f><v>10</v>")
            saved.writestr(info, data)
    assert [card["count"] for card in cards_of(project)] == [10]


# -- control characters, in every kind of table ---------------------------------------------


def test_a_control_character_in_a_csv_cell_is_refused_at_its_cell(tmp_path: Path) -> None:
    project = kit(tmp_path)
    folder = project / "content" / "demo"
    (folder / "cards.yaml").unlink()
    rows: list[list[object]] = [HEADER, ["demo.card.a", "demo.component.card", 7, "A", "Hi."]]
    rows.append(["demo.card.b", "demo.component.card", 3, "B", "Pay 2\x08 :coin:."])
    (folder / "cards.csv").write_bytes(sheets.write_csv(rows))
    for command in (["check"], ["pnp", "demo"]):
        run = run_measured(*command, cwd=project)
        assert run.code == 2 and "Traceback" not in run.stderr, run.stderr
        assert run.stderr.splitlines()[0].endswith(
            "content/demo/cards.csv:3:5: control character U+0008 (copied from a PDF?); delete it"
        )
    assert not (project / "build" / "pnp").exists()


def test_a_control_character_in_a_workbook_cell_is_refused_at_its_cell(tmp_path: Path) -> None:
    project = kit(tmp_path)
    folder = project / "content" / "demo"
    (folder / "cards.yaml").unlink()
    rows: list[list[object]] = [HEADER, ["demo.card.a", "demo.component.card", 7, "A\x9b2J", "Hi."]]
    _workbook(folder / "cards.xlsx", rows)  # XML allows C1 controls (here CSI), YAML does not
    run = run_measured("check", cwd=project)
    assert run.code == 2 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr.splitlines()[0] == (
        "content/demo/cards.xlsx:Deck!D2: control character U+009B (copied from a PDF?); delete it"
    )
