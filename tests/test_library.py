"""The built-in library and versions: the five games from any folder, a project's own games
beside them (its game of the same id wins, and says so), the version from git, each game's
content edition, and the stamp every kit, rulebook and save file carries.

These tests put the library back (the other tests' projects stand alone: conftest.py);
tests/test_install.py runs the same from an installed wheel."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pymupdf
import pytest

from starpress.core.edition import Edition, Stamp, edition, stamp
from starpress.core.project import LIBRARY, LIBRARY_VARIABLE, Project
from starpress.core.version import git_version, tool_version, version_of
from starpress.pdf.units import MM
from starpress.pnp import stamp as kit_stamp
from starpress.pnp.impose import Rect
from starpress.pnp.kit import KitCanvas
from tests.conftest import DEMO_FILES, ROOT, make_project
from tests.patience import LAST_RESORT
from tests.stamps import unstamped

GAMES = ["afternova", "aristeia", "ascending-empires", "asteria", "luna-maris"]


@pytest.fixture
def with_library(monkeypatch: pytest.MonkeyPatch) -> None:
    """The built-in library beside every project, as for a user (the clone: `ROOT`)."""
    monkeypatch.delenv(LIBRARY_VARIABLE)


def starpress(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The real command with the built-in library, as a user runs it."""
    env = {name: value for name, value in os.environ.items() if name != LIBRARY_VARIABLE}
    return subprocess.run(
        [sys.executable, "-m", "starpress", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=LAST_RESORT,
        check=False,
    )


def own_asteria(base: Path) -> Path:
    """A project whose own game is called asteria (the demo game, renamed)."""
    files = {name: text.replace("demo", "asteria") for name, text in DEMO_FILES.items()}
    folder = base / "content" / "asteria"
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, "utf-8")
    (base / "templates").mkdir(exist_ok=True)
    return base


# -- the library: where the games are ------------------------------------------------------


def test_the_clone_is_the_builtin_library() -> None:
    assert LIBRARY == ROOT
    project = Project(ROOT, library=LIBRARY)
    assert project.is_library and project.own_game_ids() == GAMES
    assert project.builtin_game_ids() == []  # nothing is listed twice
    assert all(project.is_builtin(game) for game in GAMES)


def test_an_empty_folder_builds_the_builtin_games_into_its_own_build(
    tmp_path: Path, with_library: None
) -> None:
    project = Project.around(tmp_path)
    assert project.root == tmp_path.resolve() and project.game_ids() == GAMES
    assert project.game_folder("afternova") == ROOT / "content" / "afternova"
    assert project.card_layouts("afternova") == ROOT / "templates" / "cards" / "afternova.yaml"
    assert project.mkdocs_config("en") == ROOT / "site" / "mkdocs.en.yml"
    assert project.page_template_folders == [ROOT / "templates" / "site"]
    assert project.kit_file("afternova", "it", "a4").is_relative_to(tmp_path.resolve())
    done = starpress("games", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert [line.split()[0] for line in done.stdout.splitlines()] == GAMES
    assert all(" built-in: " in line for line in done.stdout.splitlines())


def test_with_no_library_an_empty_folder_is_no_project(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "starpress", "check"],
        cwd=tmp_path,
        env={**os.environ, LIBRARY_VARIABLE: "none"},
        capture_output=True,
        text=True,
        timeout=LAST_RESORT,
        check=False,
    )
    assert done.returncode == 2 and done.stderr.startswith("error: no starpress project")


def test_a_root_that_is_no_folder_is_refused_not_made(tmp_path: Path, with_library: None) -> None:
    done = starpress("--root", str(tmp_path / "nope"), "pnp", "asteria", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (
        2,
        f"error: --root {tmp_path / 'nope'}: no such folder\n",
    )
    assert not (tmp_path / "nope").exists()


def test_a_project_adds_its_games_beside_the_builtin_ones(
    tmp_path: Path, with_library: None
) -> None:
    project = make_project(tmp_path)
    done = starpress("games", cwd=project / "content")
    assert done.returncode == 0, done.stderr
    rows = {line.split()[0]: line for line in done.stdout.splitlines()}
    assert sorted(rows) == sorted([*GAMES, "demo"])
    assert rows["demo"].endswith(f"project: {project / 'content' / 'demo'}")
    assert "built-in" in rows["luna-maris"]
    done = starpress("check", "demo", "luna-maris", cwd=project)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok demo: 1 component,")


def test_a_project_game_of_a_builtin_id_wins_and_says_so(
    tmp_path: Path, with_library: None
) -> None:
    project = own_asteria(tmp_path)
    assert Project(project).replaces_builtin("asteria")
    assert Project(project).game_folder("asteria") == project / "content" / "asteria"
    games = starpress("games", cwd=project)
    (line,) = [row for row in games.stdout.splitlines() if row.startswith("asteria ")]
    assert "project, replaces the built-in one" in line
    checked = starpress("check", "asteria", cwd=project)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.startswith(
        "ok asteria (the project's, replacing the built-in one): 1 component,"
    )


def test_commands_write_only_into_the_project(tmp_path: Path, with_library: None) -> None:
    """Translations are updated for the project's own games; the library is read only."""
    project = make_project(tmp_path)
    library_catalogs = sorted((ROOT / "content").glob("*/locale/*.po*"))
    before = {path: path.stat().st_mtime_ns for path in library_catalogs}
    done = starpress("i18n", "update", cwd=project)
    assert done.returncode == 0, done.stderr
    assert (project / "content" / "demo" / "locale" / "pt-BR.po").is_file()
    assert "afternova" not in done.stdout and "templates/locale" not in done.stdout
    assert {path: path.stat().st_mtime_ns for path in library_catalogs} == before
    pulled = starpress(
        "sheet", "pull", "asteria.component.action-card", "--url", "https://example.org/x.csv",
        cwd=project,
    )  # fmt: skip
    assert pulled.returncode == 2
    assert "asteria is a built-in game, read only: give --to" in pulled.stderr


def test_a_project_keeps_its_own_site_files_and_the_library_gives_the_rest(
    tmp_path: Path, with_library: None
) -> None:
    project = make_project(tmp_path)
    (project / "site").mkdir()
    (project / "site" / "site.yaml").write_text("title: Our games\n", "utf-8")
    (project / "templates" / "site").mkdir(parents=True)
    found = Project(project)
    assert found.site_settings == project / "site" / "site.yaml"
    assert found.mkdocs_config("it") == ROOT / "site" / "mkdocs.it.yml"
    assert found.page_template_folders == [project / "templates" / "site", *[
        ROOT / "templates" / "site"
    ]]  # fmt: skip
    assert found.ui_catalog("es") == ROOT / "templates/locale/es/LC_MESSAGES/messages.po"


# -- versions -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tag", "distance", "dirty", "version"),
    [
        ("v0.2.0", 0, False, "0.2.0"),
        ("v0.2.0", 3, False, "0.2.1.dev3+g1a2b3c4d5"),
        ("0.2.0", 0, True, "0.2.1.dev0+g1a2b3c4d5.dirty"),
        ("v1.4", 2, True, "1.5.dev2+g1a2b3c4d5.dirty"),
        (None, 345, False, "0.1.dev345+g1a2b3c4d5"),
    ],
)
def test_the_version_follows_hatch_vcs_and_never_reads_the_clock(
    tag: str | None, distance: int, dirty: bool, version: str
) -> None:
    assert version_of(tag, distance, "1a2b3c4d5e6f7a8b9c", dirty) == version


def test_the_clone_asks_git_as_the_wheel_build_does() -> None:
    from setuptools_scm import get_version  # hatch-vcs's, from the build lock

    ours = git_version(ROOT)
    assert ours is not None and tool_version() == ours
    built = get_version(root=str(ROOT))
    if ours.endswith(".dirty"):  # hatch-vcs dates a dirty tree instead (`.d20260101`)
        assert built.rsplit(".d", 1)[0] == ours.removesuffix(".dirty")
    else:
        assert built == ours


def test_version_prints_starpress_and_every_games_content_version(
    tmp_path: Path, with_library: None
) -> None:
    done = starpress("--version", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    first, *rows = done.stdout.splitlines()
    assert first == f"starpress {tool_version()}"
    luna = edition(Project(tmp_path), "luna-maris")
    assert f"luna-maris         {luna.version}  {luna.date}  built-in" in rows


# -- content editions -----------------------------------------------------------------------


def test_an_edition_is_the_same_wherever_the_game_is(tmp_path: Path) -> None:
    """Copied into a project (no git there), the game keeps its digest; its date is then
    its files' newest modification day, and an edited file is another edition."""
    here = edition(Project(ROOT, library=None), "aristeia")
    shutil.copytree(ROOT / "content" / "aristeia", tmp_path / "content" / "aristeia")
    (tmp_path / "templates" / "cards").mkdir(parents=True)
    shutil.copy(ROOT / "templates/cards/aristeia.yaml", tmp_path / "templates/cards")
    os.utime(tmp_path / "content" / "aristeia" / "game.yaml", (0, 86400 * 365 * 30))
    copied = edition(Project(tmp_path, library=None), "aristeia")
    assert copied.digest == here.digest and len(copied.version) == 12
    files = [*(tmp_path / "content").rglob("*"), *(tmp_path / "templates").rglob("*")]
    newest = max(path.stat().st_mtime for path in files if path.is_file())
    assert copied.date == datetime.fromtimestamp(newest, UTC).strftime("%Y-%m-%d")
    rules = tmp_path / "content" / "aristeia" / "rules.yaml"
    rules.write_text(rules.read_text("utf-8") + "\n", "utf-8")
    assert edition(Project(tmp_path, library=None), "aristeia").digest != here.digest


def test_a_built_library_keeps_the_date_its_build_recorded(tmp_path: Path) -> None:
    project = own_asteria(tmp_path)
    game = edition(Project(project, library=None), "asteria")
    record = {"games": {"asteria": {"digest": game.digest, "date": "2001-02-03"}}}
    (project / "editions.json").write_text(json.dumps(record), "utf-8")
    assert edition(Project(project, library=None), "asteria").date == "2001-02-03"
    (project / "content" / "asteria" / "rules.yaml").write_text("rules: []\n", "utf-8")
    assert edition(Project(project, library=None), "asteria").date != "2001-02-03"


# -- stamps on outputs ----------------------------------------------------------------------


def test_every_kit_sheet_and_the_rulebook_title_page_carry_the_stamp(kit_project: Path) -> None:
    from starpress.pnp.build import plan, run
    from starpress.pnp.kit import KitOptions
    from starpress.rulebook.build import plan as book_plan
    from starpress.rulebook.build import run as book_run

    made = stamp(Project(kit_project), "demo")
    jobs = plan(kit_project, ["demo"], "source", KitOptions(lang="", proof=True))
    assert [job.stamp for job in jobs] == [made]
    kit = run(kit_project, jobs, kit_project / "out").reports[0].path
    with pymupdf.open(kit) as document:
        assert document.metadata["keywords"] == made.line
        for page in document:
            assert made.line in " ".join(w[4] for w in page.get_text("words"))
    (book,) = book_run(
        kit_project, book_plan(kit_project, ["demo"], "en", "a4", False), kit_project
    )
    edition_words = f"Content version {made.edition.version} of {made.edition.date}"
    with pymupdf.open(book.path) as document:
        assert f"{edition_words}; made with starpress {made.tool}." in document[0].get_text()


def test_a_save_file_says_what_started_the_game(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "starpress", "automa", "asteria", "play", "--mode", "simulated",
         "--auto", "--seed", "3", "--save", str(save)],
        cwd=ROOT, capture_output=True, text=True, timeout=LAST_RESORT, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    start = json.loads(save.read_text("utf-8").splitlines()[0])
    assert start["stamp"] == stamp(Project(ROOT), "asteria").record()
    assert start["v"] == 6 and json.loads(unstamped(save).splitlines()[0]).keys() == (
        start.keys() - {"stamp"}
    )


def test_the_stamp_line_names_game_content_and_starpress() -> None:
    made = Stamp("0.2.0", Edition("afternova", "3f2a1b9c8d7e" + "0" * 52, "2026-01-12"))
    assert made.line == "afternova 3f2a1b9c8d7e (2026-01-12) · starpress 0.2.0"
    assert made.record() == {"starpress": "0.2.0", "content": "3f2a1b9c8d7e", "date": "2026-01-12"}


# -- where a kit's stamp goes ---------------------------------------------------------------

A4 = (210 * MM, 297 * MM)


def _spot(slots: list[Rect], marks: kit_stamp.Marks = "crop") -> kit_stamp.Spot:
    canvas = KitCanvas("/dev/null", pagesize=A4)
    sheet = kit_stamp.StampedSheet(*A4, slots, 3 * MM, marks)
    return kit_stamp.find_spot(
        canvas, "afternova 3f2a1b9c8d7e (2026-01-12) · starpress 0.2.0", sheet
    )


def _grid(bottom: float, height: float = 88.9) -> list[Rect]:
    """Three rows of three cards 63.5 mm wide and `height` high, from `bottom` (mm)."""
    return [
        Rect((15 + 63.5 * col) * MM, (bottom + height * row) * MM, 63.5 * MM, height * MM)
        for col in range(3)
        for row in range(3)
    ]


def test_a_kit_stamp_goes_under_the_cards_centred_when_there_is_room() -> None:
    spot = _spot(_grid(15))
    assert (spot.side, spot.size) == ("bottom", 4.5)
    assert spot.inset == kit_stamp.NEAR  # below the crop marks' ends (15 - 3 - 1 - 5 mm)


def test_a_kit_stamp_keeps_off_crop_marks_and_moves_to_a_free_side() -> None:
    low = _spot(_grid(8))  # the marks below the cards reach the page's foot
    assert low.side == "bottom"
    edges = [(15 + 63.5 * col) * MM for col in range(4)]
    canvas = KitCanvas("/dev/null", pagesize=A4)
    width = canvas.stringWidth("afternova 3f2a1b9c8d7e (2026-01-12) · starpress 0.2.0",
                               kit_stamp.FONT, low.size)  # fmt: skip
    assert not any(low.start - kit_stamp.PAD < x < low.start + width + kit_stamp.PAD for x in edges)
    full = _spot(_grid(4.5, 96))  # bleed at the top and the foot: only the sides are free
    assert full.side == "left" and full.inset >= kit_stamp.EDGE
