"""The command line, run as a real child process; the values its choice options take."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from starpress import __version__
from tests.conftest import CARDS, LAYOUT, ROOT, make_project, run_cli


def test_version(tmp_path: Path) -> None:
    result = run_cli("--version", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, f"starpress {__version__}\n")


def test_check_passes_on_valid_content(demo_project: Path) -> None:
    result = run_cli("check", cwd=demo_project)
    assert result.returncode == 0, result.stderr
    assert "ok demo: 1 component, 2 rules sections, 1 glossary entry, 1 icon" in result.stdout


def test_root_option_and_search_upwards(tmp_path: Path) -> None:
    project = make_project(tmp_path / "designer")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert run_cli("--root", str(project), "check", "demo", cwd=elsewhere).returncode == 0
    assert run_cli("check", cwd=project / "content" / "demo").returncode == 0


def test_no_project_is_one_line_error(tmp_path: Path) -> None:
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("error: no starpress project (a folder with content/ and ")
    assert len(result.stderr.strip().splitlines()) == 1


def test_unknown_game_is_one_line_error(demo_project: Path) -> None:
    result = run_cli("show", "nova", cwd=demo_project)
    assert result.returncode == 2
    assert result.stderr.strip() == "error: unknown game 'nova' (games: demo)"


def test_show_summary(demo_project: Path) -> None:
    result = run_cli("show", "demo", cwd=demo_project)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Demo (demo)" in out
    assert "demo.component.card" in out and " 10 " in out
    assert "Rules (2 sections)" in out and "demo.rules.setup.deal" in out
    assert "Glossary: 1 entries" in out
    assert ":coin: Coin" in out


def test_show_json_dumps_the_whole_model(demo_project: Path) -> None:
    result = run_cli("show", "demo", "--json", cwd=demo_project)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert list(data) == [
        "id",
        "info",
        "components",
        "rules",
        "glossary",
        "icons",
        "clarifications",
        "cards",
        "maps",
        "setups",
        "automa",
        "icon_names",
    ]
    assert data["components"][0]["count"] == 10
    assert data["rules"][0]["sections"][0]["steps"][1] == {
        "label": None,
        "text": "Deal five to each player.",
        "steps": [],
    }
    again = run_cli("show", "demo", "--json", cwd=demo_project)
    assert again.stdout == result.stdout


def test_show_on_broken_content_lists_problems(tmp_path: Path) -> None:
    make_project(tmp_path, {"components.yaml": "components:\n  - id: demo.component.x\n"})
    result = run_cli("show", "demo", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "content/demo/components.yaml:2:5: missing field 'kind'",
        "content/demo/components.yaml:2:5: missing field 'name'",
        "content/demo/components.yaml:2:5: missing field 'count'",
        "error: demo has 3 problems; run 'starpress check demo'",
    ]


def test_help_lists_commands(tmp_path: Path) -> None:
    result = run_cli("--help", cwd=tmp_path)
    assert result.returncode == 0
    assert "check" in result.stdout and "show" in result.stdout and "--root" in result.stdout


@pytest.mark.parametrize(
    "command",
    [
        ["automa", "afternova", "play"],
        ["automa", "afternova", "resume"],
        ["automa", "luna-maris", "simulate"],
        ["pnp"],
        ["site", "build"],
    ],
    ids=" ".join,
)
def test_a_flag_is_shown_without_a_value_in_help(command: list[str]) -> None:
    """`--auto` takes no value: help must not read `--auto <bool>` (the bots' commands were
    drawn by typer's rich help, which gives every flag a `<bool>`)."""
    result = run_cli(*command, "--help", cwd=ROOT)
    assert result.returncode == 0
    assert "<bool>" not in result.stdout
    if command[0] == "automa" and command[2] != "simulate":
        assert "  --auto  " in result.stdout or "  --auto / --no-auto  " in result.stdout


def test_help_imports_neither_the_loader_nor_pydantic(tmp_path: Path) -> None:
    """`starpress --help` stays fast: the model, the loader and pydantic load only inside
    the commands that need them (and the error printer imports the loader only on error)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "starpress", "--help"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    assert not {"starpress.core.load", "starpress.core.model", "pydantic", "reportlab"} & imported


def test_the_language_choices_are_the_published_languages() -> None:
    """The CLI writes the four languages out (the model is too heavy for `--help`)."""
    from starpress.cli.choices import Language, LanguageSelection
    from starpress.core.model import LANGUAGES

    assert tuple(language.value for language in Language) == LANGUAGES
    assert tuple(choice.value for choice in LanguageSelection) == ("all", "source", *LANGUAGES)


def test_new_refuses_a_language_it_has_no_scaffold_for(tmp_path: Path) -> None:
    result = run_cli("new", "duel", "--lang", "de", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "error: starpress new: Invalid value for '--lang': 'de' is not one of 'pt-BR', 'es', "
        "'it', 'en'. (see 'starpress new --help')"
    ]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("extra", "rasteriser"), [([], False), (["--png"], True)])
def test_a_kit_imports_the_pdf_rasteriser_only_for_pictures(
    extra: list[str], rasteriser: bool, tmp_path: Path
) -> None:
    """PyMuPDF costs about a second and 100 MB to import: `pnp` loads it only when it
    draws PNGs or Tabletop Simulator sheets."""
    command = [sys.executable, "-X", "importtime", "-m", "starpress", "--root", str(ROOT)]
    done = subprocess.run(
        [*command, "pnp", "luna-maris", "--out", str(tmp_path), *extra],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    assert ("pymupdf" in imported) is rasteriser
    assert list(tmp_path.glob("luna-maris-*.pdf"))


@pytest.mark.parametrize("icons", [False, True])
def test_a_kit_imports_the_icon_drawing_code_only_for_a_game_with_icons(
    icons: bool, tmp_path: Path
) -> None:
    """reportlab.graphics (which pulls in platypus), svglib and the SVG reader's XML
    libraries cost a good part of a small kit's start: a game without icons loads none."""
    project = make_project(tmp_path / "project", {"cards.yaml": CARDS})
    (project / "templates" / "cards").mkdir()
    (project / "templates" / "cards" / "demo.yaml").write_text(LAYOUT, encoding="utf-8")
    if not icons:
        game = project / "content" / "demo"
        for name in ("icons.yaml", "icons/coin.svg"):
            (game / name).unlink()
        for name in ("cards.yaml", "rules.yaml"):
            text = (game / name).read_text(encoding="utf-8")
            (game / name).write_text(text.replace(" :coin:", " coin"), encoding="utf-8")
    command = [sys.executable, "-X", "importtime", "-m", "starpress", "--root", str(project)]
    done = subprocess.run(
        [*command, "pnp", "demo", "--out", str(tmp_path / "out")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    drawing = {"reportlab.graphics.renderPDF", "svglib.svglib", "starpress.core.svg"}
    assert (drawing & imported) == (drawing if icons else set())
    assert list((tmp_path / "out").glob("demo-*.pdf"))
