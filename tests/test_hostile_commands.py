"""Commands that write into a project, given careless or crafted options: `starpress new`
(titles and ids), `rulebook --quick`, `site deploy --to` and `sheet export --to`. Each is
refused in one located line (exit 2) before anything is written, or does what it says."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from conftest import CARDS, LAYOUT, make_project
from hostile import assert_refused, run_measured

from starpress.core.load import load_game


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) under `folder`."""
    return {
        str(path.relative_to(folder)): path.read_bytes() if path.is_file() else None
        for path in sorted(folder.rglob("*"))
    }


# -- starpress new --------------------------------------------------------------------------

CRAFTED_TITLES = {
    "a line break that ends the summary": ("Duel\ncredits: [{role: x, names: [y]}]", "line break"),
    "a line break that adds a key": ("Duel\n  tagline: pwned", "line break"),
    "a carriage return": ("Duel\rx", "line break"),
    "a line separator": ("Duel\u2028x", "line break"),
    "a trailing newline": ("Duel\n", "line break"),
    "an escape sequence": ("Duel \x1b[2J", "control character U+001B"),
    "a title of 100,000 characters": ("x" * 100_000, "at most 200 characters"),
}


@pytest.mark.parametrize("case", sorted(CRAFTED_TITLES))
def test_new_refuses_a_crafted_title_and_writes_nothing(case: str, tmp_path: Path) -> None:
    title, message = CRAFTED_TITLES[case]
    run = run_measured("new", "duel", "--title", title, cwd=tmp_path)
    line = assert_refused(run, "--title")
    assert message in line and run.stdout == ""
    assert tree(tmp_path) == {}


def test_new_refuses_a_crafted_title_in_a_project_and_leaves_it_as_it_was(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    before = tree(project)
    run = run_measured("new", "duel", "--title", "Duel\n  tagline: pwned", cwd=project)
    assert_refused(run, "--title")
    assert tree(project) == before


def test_a_title_with_markup_the_game_lacks_is_refused_and_leaves_nothing(tmp_path: Path) -> None:
    run = run_measured("new", "duel", "--title", "Duel of :swords:", cwd=tmp_path)
    line = assert_refused(run, "--title")
    assert "unknown icon 'swords'" in line
    assert tree(tmp_path) == {}


def test_a_title_of_yaml_syntax_is_written_through_the_emitter(tmp_path: Path) -> None:
    title = "Ação: \"x\" #1 & *b {c} !d \\ 'e' - [f] % @g `h` |i >j ~ null"
    run = run_measured("new", "duel", "--title", title, cwd=tmp_path)
    assert run.code == 0, run.stderr
    project = tmp_path / "duel"
    assert load_game(project, "duel").info.title == title
    layout = yaml.safe_load((project / "templates" / "cards" / "duel.yaml").read_text("utf-8"))
    back = layout["layouts"]["card-back"]["boxes"]
    assert back[-1]["text"] == "**Ação: x #1 & b c !d  'e' - [f] % @g `h` |i >j ~ null**"
    assert run_measured("check", cwd=project).code == 0


def test_new_refuses_an_id_too_long_for_a_file_name(tmp_path: Path) -> None:
    run = run_measured("new", "a" * 300, cwd=tmp_path)
    line = assert_refused(run, "a game id")
    assert "at most 64 characters (got 300)" in line and "a" * 300 not in line
    assert tree(tmp_path) == {}


def test_new_refuses_a_project_folder_the_file_system_cannot_make(tmp_path: Path) -> None:
    run = run_measured("new", "duel", "--root", "p" * 300, cwd=tmp_path)
    line = assert_refused(run, "cannot be created")
    assert "File name too long" in line
    assert tree(tmp_path) == {}


def test_new_never_overwrites_a_file_of_the_folder_it_makes_a_project(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "README.md").write_text("my notes\n")
    run = run_measured("new", "duel", "--root", "mine", cwd=tmp_path)
    assert_refused(run, "mine/README.md: already exists")
    assert tree(tmp_path) == {"mine": None, "mine/README.md": b"my notes\n"}


def test_new_adds_a_game_to_a_project_whole(tmp_path: Path) -> None:
    project = make_project(tmp_path, {"cards.yaml": CARDS})
    (project / "templates" / "cards").mkdir(parents=True)
    (project / "templates" / "cards" / "demo.yaml").write_text(LAYOUT, encoding="utf-8")
    before = tree(project)
    run = run_measured("new", "duel", "--title", "Duel: the 'game'", cwd=project)
    assert run.code == 0, run.stderr
    added = {name for name in tree(project) if name not in before}
    assert added and all(
        name.startswith(("content/duel", "templates/cards/duel.yaml")) for name in added
    ), added
    assert not [name for name in tree(project) if ".new" in name or ".part" in name]
    assert run_measured("check", cwd=project).code == 0


# -- rulebook --quick -----------------------------------------------------------------------


def glossary_of(terms: int) -> dict[str, str]:
    entries = "".join(
        f"  - id: demo.glossary.term-{n}\n    term: Term {n}\n    short: What term {n} means.\n"
        for n in range(terms)
    )
    return {"glossary-more.yaml": f"glossary:\n{entries}"}


@pytest.mark.parametrize(
    ("terms", "languages"),
    [(20_000, ["--lang", "source"]), (2_000, ["--lang", "all", "--jobs", "2"])],  # in workers
)
def test_a_quick_reference_that_cannot_fit_its_pages_is_refused(
    terms: int, languages: list[str], tmp_path: Path
) -> None:
    """20,000 glossary terms took 117 pages where help and README promise one or two."""
    project = make_project(tmp_path, glossary_of(terms))
    run = run_measured("rulebook", "demo", "--quick", *languages, cwd=project)
    line = assert_refused(run, "content/demo: ")
    assert "does not fit on 2 pages even at 5 pt" in line
    assert not list(project.rglob("*.pdf")) and not list(project.rglob("*.part"))


def test_a_quick_reference_that_fits_is_written_on_its_pages(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    run = run_measured("rulebook", "demo", "--quick", cwd=project)
    assert run.code == 0, run.stderr
    import pymupdf

    with pymupdf.open(project / "build" / "rulebooks" / "demo-en-a4-quick.pdf") as document:
        assert document.page_count == 1


# -- site deploy ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("to", "message"),
    [
        ("/", "--to /: is the project folder or holds it"),
        ("..", "--to ..: is the project folder or holds it"),
        ("content/x", "--to content/x: is inside the project's content/"),
        ("build/site", "--to build/site: is or holds the built site"),
    ],
)
def test_deploy_names_the_folder_it_refuses_as_it_was_given(
    to: str, message: str, tmp_path: Path
) -> None:
    project = make_project(tmp_path / "p")
    site = project / "build" / "site"
    site.mkdir(parents=True)
    (site / "index.html").write_text("<html></html>")
    before = tree(tmp_path)
    line = assert_refused(run_measured("site", "deploy", "--to", to, cwd=project), message)
    assert line.startswith(f"error: {message}"), line
    assert tree(tmp_path) == before


# -- sheet export ---------------------------------------------------------------------------


def deck_project(base: Path) -> Path:
    project = make_project(base / "p", {"cards.yaml": CARDS})
    (project / "templates" / "cards").mkdir(parents=True)
    (project / "templates" / "cards" / "demo.yaml").write_text(LAYOUT, encoding="utf-8")
    return project


@pytest.mark.parametrize("to", ["../x.csv", "{outside}/x.xlsx", "content/../../x.csv"])
def test_sheet_export_writes_nowhere_outside_the_project_without_force(
    to: str, tmp_path: Path
) -> None:
    project = deck_project(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    to = to.format(outside=tmp_path / "elsewhere")
    before = tree(tmp_path)
    run = run_measured("sheet", "export", "demo.component.card", "--to", to, cwd=project)
    line = assert_refused(run, f"--to {to}: is outside the project")
    assert "--force" in line
    assert tree(tmp_path) == before
    forced = ("sheet", "export", "demo.component.card", "--to", to, "--force")
    assert run_measured(*forced, cwd=project).code == 0
    assert tree(tmp_path) != before


def test_sheet_export_into_a_folder_that_is_not_there_is_one_line(tmp_path: Path) -> None:
    project = deck_project(tmp_path)
    run = run_measured(
        "sheet", "export", "demo.component.card", "--to", "sheets/x.csv", cwd=project
    )
    assert_refused(run, "sheets: no such folder")


def test_sheet_export_inside_the_project_by_any_path(tmp_path: Path) -> None:
    project = deck_project(tmp_path)
    for to in ("deck.csv", str(project / "content" / "demo" / "cards-x.xlsx")):
        run = run_measured("sheet", "export", "demo.component.card", "--to", to, cwd=project)
        assert run.code == 0, run.stderr
    assert (project / "deck.csv").is_file() and (project / "content/demo/cards-x.xlsx").is_file()
