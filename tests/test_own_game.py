"""A designer's own game: `starpress new`, decks in CSV/XLSX, `sheet export|pull`, the face
cache behind `pnp --watch`, one-card previews, and the docs/own-game.md walkthrough."""

from __future__ import annotations

import hashlib
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pymupdf
import pytest

from starpress.cli import scaffold, sheet_command
from starpress.core import sheets
from starpress.core.errors import InputError
from starpress.core.load import load_game
from starpress.pnp.paper import parse_paper
from tests.conftest import ROOT, run_cli
from tests.patience import LAST_RESORT

HEADER = "id,component,count,name,cost,text"


def thirty_cards(game: str, typo_row: int | None = None) -> list[list[object]]:
    """A header and 30 cards; the card on spreadsheet row `typo_row` has count 'x'."""
    rows: list[list[object]] = [HEADER.split(",")]
    for number in range(1, 31):
        count: object = "x" if number + 1 == typo_row else 1
        rows.append(
            [
                f"{game}.card.ship-{number:02d}",
                f"{game}.component.card",
                count,
                f"Ship {number:02d}",
                number % 4 + 1,
                f"Gain {number} :star:. See [[{game}.rules.turn]].",
            ]
        )
    return rows


def write_csv(path: Path, rows: list[list[object]]) -> None:
    path.write_bytes(sheets.write_csv(rows))


def write_xlsx(path: Path, rows: list[list[object]]) -> None:
    path.write_bytes(sheets.write_xlsx(rows, sheet="Deck"))


def deck_of_thirty(project: Path, game: str) -> Path:
    folder = project / "content" / game
    (folder / "cards-card.csv").unlink()
    components = folder / "components.yaml"
    components.write_text(components.read_text().replace("count: 12", "count: 30"))
    return folder


@pytest.fixture
def new_project(tmp_path: Path) -> Path:
    done = run_cli("new", "duel", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return tmp_path / "duel"


def kit_text(path: Path) -> str:
    with pymupdf.open(path) as document:
        return " ".join(page.get_text() for page in document)


def test_new_project_checks_and_builds_with_a_30_card_csv_then_xlsx_deck(new_project: Path):
    folder = deck_of_thirty(new_project, "duel")
    for name in ("game.yaml", "rules.yaml", "glossary.yaml", "icons/star.svg", "locale/pt-BR.po"):
        assert (folder / name).is_file()
    assert (new_project / "templates" / "cards" / "duel.yaml").is_file()
    assert (new_project / "site" / "mkdocs.en.yml").is_file()
    assert "duel" in (new_project / "templates" / "site" / "games.yaml").read_text()

    write_csv(folder / "cards.csv", thirty_cards("duel", typo_row=8))
    done = run_cli("check", "duel", cwd=new_project)
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == (
        "content/duel/cards.csv:8:3: count must be a valid integer (got 'x')"
    )
    write_csv(folder / "cards.csv", thirty_cards("duel"))
    assert run_cli("check", "duel", cwd=new_project).returncode == 0
    done = run_cli("pnp", "duel", cwd=new_project)
    assert done.returncode == 0, done.stderr
    text = kit_text(new_project / "build" / "pnp" / "duel-en-a4.pdf")
    for number in range(1, 31):
        assert f"Ship {number:02d}" in text
    assert "Gain 17" in text and "See A turn." in text  # a reference shows its title

    (folder / "cards.csv").unlink()
    rows = thirty_cards("duel")
    rows[9][5] = "Gain 9 :gem:."
    write_xlsx(folder / "cards.xlsx", rows)
    done = run_cli("check", "duel", cwd=new_project)
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == "content/duel/cards.xlsx:Deck!F10: unknown icon 'gem'"
    write_xlsx(folder / "cards.xlsx", thirty_cards("duel"))
    done = run_cli("pnp", "duel", "--lang", "pt-BR", cwd=new_project)
    assert done.returncode == 0, done.stderr
    assert "30 text(s) not yet translated" in done.stdout or "not yet translated" in done.stdout
    assert "Ship 30" in kit_text(new_project / "build" / "pnp" / "duel-pt-BR-a4.pdf")

    # the rulebook and the site of the new game, with the deck from the workbook
    done = run_cli("rulebook", "duel", "--lang", "en", cwd=new_project)
    assert done.returncode == 0, done.stderr
    book = kit_text(new_project / "build" / "rulebooks" / "duel-en-a4.pdf")
    assert "A turn" in book
    done = run_cli("site", "build", "--lang", "en", cwd=new_project)
    assert done.returncode == 0, done.stderr + done.stdout
    gallery = (new_project / "build" / "site" / "en" / "duel" / "cards" / "index.html").read_text()
    anatomy = gallery.count('<figure class="sp-anatomy">')  # the deck's card anatomy, once
    assert (anatomy, gallery.count("<figure") - anatomy) == (1, 30) and "Ship 17" in gallery


def test_sheet_texts_get_ids_catalog_places_and_cell_positions(new_project: Path):
    game = load_game(new_project, "duel")
    scout = next(card for card in game.cards if card.id == "duel.card.scout")
    text = scout.fields["text"]
    assert text.id == "duel.card.scout.fields.text"
    assert text.where is not None and text.where[1] == 2
    assert text.where[0].endswith("content/duel/cards-card.csv")
    po = (new_project / "content" / "duel" / "locale" / "es.po").read_text()
    assert 'msgctxt "duel.card.scout.fields.text"' in po


def test_sheet_headers_and_cells_are_checked_together():
    with pytest.raises(sheets.SheetError) as raised:
        sheets.records([["id", "Cost", "", "text", "text"], ["a", "1", "loose", "t", "u"]])
    assert [problem[:2] for problem in raised.value.problems] == [(1, 2), (1, 3), (1, 5)]
    with pytest.raises(sheets.SheetError) as raised:
        sheets.records([["id"], ["a", "", "stray"]])
    assert raised.value.problems == [(1, 3, "this column has values but no header")]
    located = sheets.records(
        [["id", "cost.0", "cost.1", "back:text", "count"], ["x", ":a:", "", "b", "3"], []]
    )
    assert located.data == {
        "cards": [{"id": "x", "count": 3, "fields": {"cost": [":a:"]}, "back": {"text": "b"}}]
    }
    assert located.value_pos(("cards", 0, "back", "text")) == (2, 4)
    assert sheets.cell_name(7, 3) == "C7" and sheets.cell_name(1, 28) == "AB1"


LISTS = """\
cards:
  - id: demo.card.ace
    component: demo.component.card
    name: Ace
    count: 7
    fields: {text: "Gain 2 :coin:, *now*.", cost: [":coin:", ":coin:"], power: 3}
  - id: demo.card.king
    component: demo.component.card
    name: "King, \\"the\\" one"
    count: 3
    fields: {text: "Draw a card;\\n\\nthen [[demo.glossary.coin|pay]].", power: 1.5}
    back: {text: "A different back"}
    provenance: prototype
    source: rulebook
"""


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_export_then_load_gives_the_same_cards(kit_project: Path, suffix: str):
    folder = kit_project / "content" / "demo"
    (folder / "cards.yaml").write_text(LISTS)
    before = [card.model_dump() for card in load_game(kit_project, "demo").cards]
    target = kit_project / f"deck{suffix}"
    assert sheet_command.export(kit_project, "demo.component.card", target) == (target, 2)
    with pytest.raises(InputError, match="already exists"):
        sheet_command.export(kit_project, "demo.component.card", target)
    (folder / "cards.yaml").unlink()
    shutil.move(target, folder / f"cards{suffix}")
    after = [card.model_dump() for card in load_game(kit_project, "demo").cards]
    assert after == before


def test_export_of_an_unknown_deck_is_one_line(kit_project: Path):
    done = run_cli("sheet", "export", "demo.component.coin", "--to", "x.csv", cwd=kit_project)
    assert done.returncode == 2
    assert done.stderr == "error: 'demo.component.coin' has no cards (decks: demo.component.card)\n"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    folder = tmp_path / "www"
    folder.mkdir()

    def handler(*args: object) -> _Quiet:
        return _Quiet(*args, directory=str(folder))  # type: ignore[arg-type]

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)  # type: ignore[arg-type]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", folder
    server.shutdown()
    thread.join(5)


def test_sheet_pull_downloads_a_published_csv(kit_project: Path, served: tuple[str, Path]):
    url, www = served
    (kit_project / "content" / "demo" / "cards.yaml").unlink()
    rows = [["id", "component", "count", "name", "text"]]
    rows += [[f"demo.card.c{n}", "demo.component.card", 5, f"C{n}", "Hi :coin:"] for n in (1, 2)]
    (www / "pub.csv").write_bytes(sheets.write_csv(rows))
    (www / "page.html").write_text("<html>not a table</html>")
    done = run_cli(
        "sheet", "pull", "demo.component.card", "--url", f"{url}/pub.csv", cwd=kit_project
    )
    assert done.returncode == 0, done.stderr
    pulled = kit_project / "content" / "demo" / "cards-card.csv"
    assert pulled.read_bytes() == (www / "pub.csv").read_bytes()
    assert [card.name for card in load_game(kit_project, "demo").cards] == ["C1", "C2"]
    with pytest.raises(InputError, match="not a card table"):
        sheet_command.pull(kit_project, "demo.component.card", f"{url}/page.html")
    with pytest.raises(InputError, match=r"could not download .*: HTTP 404"):
        sheet_command.pull(kit_project, "demo.component.card", f"{url}/missing.csv")
    assert pulled.read_bytes() == (www / "pub.csv").read_bytes()  # untouched by failures
    assert not list(pulled.parent.glob(".*.part"))


def test_new_refuses_to_overwrite_and_bad_ids(new_project: Path):
    done = run_cli("new", "duel", cwd=new_project)
    assert done.returncode == 2
    assert done.stderr == (
        "error: content/duel: already exists: starpress new never overwrites a game\n"
    )
    done = run_cli("new", "Bad Name", cwd=new_project)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    (new_project / "content" / "duel" / "sub").mkdir()
    done = run_cli("new", "second", "--lang", "es", cwd=new_project / "content" / "duel" / "sub")
    assert done.returncode == 0, done.stderr  # the project around the folder gets the game
    assert done.stdout.startswith("juego second creado en ")
    assert not (new_project / "content" / "duel" / "sub" / "second").exists()
    assert run_cli("check", cwd=new_project).returncode == 0


@pytest.mark.parametrize(
    ("lang", "word"), [("pt-BR", "Preparação"), ("es", "Preparación"), ("it", "Preparazione")]
)
def test_scaffold_in_each_language_checks(tmp_path: Path, lang: str, word: str):
    made = scaffold.create(tmp_path / "p", "my-game", lang, 'Meu: "Jogo"')
    game = load_game(made.project, "my-game")
    assert game.info.source_language == lang and game.info.title == 'Meu: "Jogo"'
    assert next(game.sections()).title == word
    assert made.messages[0].startswith(("pasta", "carpeta", "cartella"))


@pytest.mark.parametrize(
    ("board", "lang", "names"),
    [("hex", "en", ("Plain", "Forest")), ("square", "pt-BR", ("Planície", "Floresta"))],
)
def test_new_with_a_board_checks_and_prints_its_map(
    tmp_path: Path, board: str, lang: str, names: tuple[str, str]
):
    """`starpress new --board`: a small map in board.yaml, drawn from the layout file's
    board layout: every cell labelled with its coordinates, the legend naming the terrains."""
    made = scaffold.create(tmp_path / "p", "skirmish", lang, "Skirmish", board=board)
    game = load_game(made.project, "skirmish")
    (field,) = game.maps
    assert field.grid == board and (field.columns, field.rows) == (8, 6)
    result = run_cli("pnp", "skirmish", "--out", "out", cwd=made.project)
    assert result.returncode == 0, result.stderr
    doc = pymupdf.open(made.project / "out" / f"skirmish-{lang}-a4.pdf")
    text = doc[0].get_text()
    assert {f"{c},{r}" for c in range(8) for r in range(6)} <= set(text.split())
    assert all(name in text for name in names)


def readme_board() -> tuple[str, str]:
    """The board of templates/cards/README.md's "Boards": its map and its layout, as written."""
    text = (ROOT / "templates" / "cards" / "README.md").read_text("utf-8")
    section = text.split("## Boards", 1)[1]
    blocks = re.findall(r"```yaml\n(.*?)```", section, re.S)
    return blocks[0], blocks[1]


def test_the_board_in_ten_lines_prints_as_documented(tmp_path: Path):
    """The README's board (a map and a layout of ten lines each) put in place of a new
    game's board: every hex labelled, the forest painted, the two start zones numbered, the
    legend naming the three terrains, a track 0-9."""
    board_map, layout = readme_board()
    assert len(board_map.splitlines()) <= 11 and len(layout.splitlines()) <= 9
    assert f"```yaml\n{layout}```" in (ROOT / "README.md").read_text("utf-8")  # the same there
    made = scaffold.create(tmp_path / "p", "demo", "en", "Demo", board="hex")
    content = made.project / "content" / "demo" / "board.yaml"
    text = content.read_text("utf-8")
    content.write_text(text[: text.index("maps:")] + board_map, "utf-8")
    layouts = made.project / "templates" / "cards" / "demo.yaml"
    text = layouts.read_text("utf-8")
    layouts.write_text(text[: text.index("  board:")] + layout, "utf-8")
    assert run_cli("check", "demo", cwd=made.project).returncode == 0
    result = run_cli("pnp", "demo", "--out", "out", cwd=made.project)
    assert result.returncode == 0, result.stderr
    page = pymupdf.open(made.project / "out" / "demo-en-a4.pdf")[0]
    words = page.get_text().split()
    assert {f"{c},{r}" for c in range(8) for r in range(6)} <= set(words)
    assert {"Plain", "Forest", "Start"} | {str(n) for n in range(10)} <= set(words)
    forest = (0x3F / 255, 0x7F / 255, 0x7F / 255 * 0x4F / 0x7F)
    fills = [d["fill"] for d in page.get_drawings() if d.get("fill")]
    assert sum(1 for fill in fills if fill == pytest.approx(forest, abs=0.01)) == 4 + 1  # + key


def test_new_refuses_a_board_it_does_not_offer(tmp_path: Path):
    result = run_cli("new", "duel", "--board", "triangle", cwd=tmp_path)
    assert result.returncode == 2
    assert "'triangle' is not one of 'none', 'hex', 'square'" in result.stderr
    assert not (tmp_path / "duel").exists()


def test_card_preview_writes_front_and_back_png(new_project: Path):
    done = run_cli("pnp", "duel", "--card", "duel.card.scout", "--png", cwd=new_project)
    assert done.returncode == 0, done.stderr
    folder = new_project / "build" / "pnp" / "preview" / "duel-en"
    from PIL import Image

    for side in ("front", "back"):
        with Image.open(folder / f"duel.card.scout-{side}.png") as image:
            assert image.size == (825, 1125)
    done = run_cli("pnp", "duel", "--card", "scout", "--png", cwd=new_project)
    assert done.returncode == 2 and "did you mean duel.card.scout" in done.stderr


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _read_until(child: subprocess.Popen[str], marker: str, seconds: float = LAST_RESORT) -> str:
    assert child.stdout is not None
    lines = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = child.stdout.readline()
        lines.append(line)
        if marker in line or not line:
            break
    return "".join(lines)


def test_watch_reports_an_error_goes_on_and_redraws_exactly_the_edited_face(new_project: Path):
    command = [sys.executable, "-m", "starpress", "pnp", "duel", "--watch", "--max-rebuilds", "2"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        command,
        cwd=new_project,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    deck = new_project / "content" / "duel" / "cards-card.csv"
    kit = new_project / "build" / "pnp" / "duel-en-a4.pdf"
    original = deck.read_text()
    try:
        first = _read_until(child, "watching")
        assert "redrew 5 faces, reused 0" in first
        before, mtime = _digest(kit), kit.stat().st_mtime_ns
        time.sleep(0.3)
        deck.write_text(original.replace("Draw a card.", "Draw a :gem:."))
        error = _read_until(child, "waiting for a fix")
        assert "content/duel/cards-card.csv:2:6: unknown icon 'gem'" in error
        assert _digest(kit) == before  # a bad edit leaves the last good kit
        deck.write_text(original.replace("Draw a card.", "Draw two cards."))
        rest, _ = child.communicate(timeout=LAST_RESORT)
    finally:
        child.kill()
    assert child.returncode == 0, rest
    assert re.search(r"redrew 1 face, reused 4", rest), rest
    assert _digest(kit) != before and kit.stat().st_mtime_ns != mtime
    assert "Draw two cards." in kit_text(kit)
    assert len(list((new_project / "build" / "cache" / "faces").rglob("*.pdf"))) == 6


def test_cached_kit_has_the_pages_boxes_and_texts_of_a_normal_kit(new_project: Path):
    from starpress.pnp.assemble import build_cached_kit
    from starpress.pnp.build import plan, run
    from starpress.pnp.facecache import FaceCache
    from starpress.pnp.kit import KitOptions

    for options in (
        KitOptions(lang=""),
        KitOptions(lang="", fold=True),
        KitOptions(lang="", proof=True),
    ):
        jobs = plan(new_project, ["duel"], "source", options)
        normal = run(new_project, jobs, new_project / "normal").reports[0].path
        job = jobs[0]
        cache = FaceCache(new_project / "cache")
        cached = build_cached_kit(
            job.game,
            job.templates,
            new_project / "content" / "duel",
            job.options,
            new_project / "cached",
            cache,
            stamp=job.stamp,  # stamped as the normal kit is
        )
        with pymupdf.open(normal) as a, pymupdf.open(cached.kit.path) as b:
            assert len(a) == len(b)
            for page_a, page_b in zip(a, b, strict=True):
                assert page_a.rect == page_b.rect
                assert page_a.trimbox == page_b.trimbox and page_a.bleedbox == page_b.bleedbox
                words_a = sorted((w[4], round(w[0]), round(w[1])) for w in page_a.get_text("words"))
                words_b = sorted((w[4], round(w[0]), round(w[1])) for w in page_b.get_text("words"))
                assert words_a == words_b


def walkthrough_commands() -> list[str]:
    text = (ROOT / "docs" / "own-game.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def test_the_own_game_walkthrough_runs_as_written(tmp_path: Path):
    commands = walkthrough_commands()
    assert commands[0].startswith("starpress new") and "starpress check space-duel" in commands
    cwd = tmp_path
    for command in commands:
        words = command.split()
        if "--watch" in words:
            continue  # runs until Ctrl-C: test_watch_redraws_exactly_the_edited_face runs it
        if words[0] == "cd":
            cwd = cwd / words[1]
        elif words[0] == "rm":
            (cwd / words[1]).unlink()
        else:
            assert words[0] == "starpress"
            done = run_cli(*words[1:], cwd=cwd)
            assert done.returncode == 0, f"{command}: {done.stderr}"
    assert not (cwd / "content" / "space-duel" / "cards-card.csv").exists()
    assert (cwd / "content" / "space-duel" / "cards-card.xlsx").is_file()
    assert "Scout" in kit_text(cwd / "build" / "pnp" / "space-duel-en-a4.pdf")


def _rebuild(project: Path, **options: object) -> tuple[int, int]:
    from starpress.pnp.command import Request
    from starpress.pnp.facecache import FaceCache
    from starpress.pnp.watch import CACHE_FOLDER, rebuild

    request = Request(target="duel", out=project / "build" / "pnp", **options)  # type: ignore[arg-type]
    done = rebuild(project, request, FaceCache(project / CACHE_FOLDER))
    return done.drawn, done.reused


def test_face_cache_is_kept_across_runs_and_keyed_by_what_draws_a_face(tmp_path: Path):
    project = scaffold.create(tmp_path / "p", "duel", "en").project
    folder = project / "content" / "duel"
    assert _rebuild(project) == (5, 0)
    assert _rebuild(project) == (0, 5)  # a new process: faces come from build/cache/faces
    rules = folder / "rules.yaml"
    rules.write_text(rules.read_text().replace("Draw a card.", "Draw one card."))
    assert _rebuild(project) == (0, 5)  # rules text no card shows
    rules.write_text(rules.read_text().replace("title: A turn", "title: One turn"))
    assert _rebuild(project) == (1, 4)  # the captain's reference shows that title
    layout = project / "templates" / "cards" / "duel.yaml"
    layout.write_text(layout.read_text().replace("#f4efe4", "#f0f0f0"))
    assert _rebuild(project) == (5, 0)  # a colour every face may use
    icon = folder / "icons" / "star.svg"
    icon.write_text(icon.read_text().replace("#e0a800", "#e0b000"))
    assert _rebuild(project) == (5, 0)
    assert _rebuild(project, ink_saver=True) == (5, 0)
    assert _rebuild(project, lang="pt-BR") == (5, 0)
    assert _rebuild(project, paper=parse_paper("letter")) == (0, 5)  # sheets change, faces do not


def test_sheet_size_and_row_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(sheets, "MAX_ROWS", 3)
    path = tmp_path / "cards.csv"
    write_csv(path, [["id"], ["a"], ["b"], ["c"], ["d"]])
    with pytest.raises(sheets.SheetError, match="more than 3 rows"):
        sheets.load_sheet(path)
    monkeypatch.setattr(sheets, "MAX_BYTES", 10)
    with pytest.raises(sheets.SheetError, match="at most 10 are read"):
        sheets.load_sheet(path)
    book = tmp_path / "bad.xlsx"
    book.write_bytes(b"not a zip")
    monkeypatch.setattr(sheets, "MAX_BYTES", 1000)
    with pytest.raises(sheets.SheetError, match="not an XLSX workbook"):
        sheets.load_sheet(tmp_path / "bad.xlsx:Sheet1")
