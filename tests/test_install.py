"""starpress as users install it: the wheel and the sdist built from this tree, the sdist
building the same wheel again, `twine check`, then the wheel in a fresh virtual environment
beside PyPI's unrelated `pnp` package, run from an empty folder: every bot's simulated game,
a kit, a rulebook, a new game.

The fresh environment installs only what is locked (requirements/build.txt and run.txt with
--require-hashes, the wheel with --no-deps, `pnp` from requirements/beside.txt), from PyPI
or pip's cache. Select it with `pytest -m install`; `make test` runs it with the rest.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pymupdf
import pytest

from starpress.core.project import LIBRARY_VARIABLE
from starpress.core.version import tool_version
from tests.conftest import ROOT
from tests.patience import LAST_RESORT

pytestmark = pytest.mark.install
"""One worker runs them all (`make test`'s `--dist loadgroup`), building the wheel once."""

BOTS = ("afternova", "aristeia", "ascending-empires", "asteria", "luna-maris")
PIP = ("-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps")


def _run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=LAST_RESORT,
        check=False,
    )
    assert done.returncode == 0, f"{command}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def _build(source: Path, out: Path, *what: str) -> Path:
    """`python -m build` without isolation (hatchling and hatch-vcs as locked, in this venv),
    dated by the last commit as `make dist` does, not by the clock."""
    epoch = _run("git", "log", "-1", "--format=%ct", cwd=ROOT).strip()
    env = {**os.environ, "SOURCE_DATE_EPOCH": epoch}
    command = (sys.executable, "-m", "build", "--no-isolation", *what, "--outdir", out, source)
    _run(*command, cwd=out.parent, env=env)
    (made,) = out.glob("*.whl" if "--wheel" in what else "*.tar.gz")
    return made


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """This tree's sdist and wheel, and the wheel built again from the sdist."""
    base = tmp_path_factory.mktemp("dist")
    sdist = _build(ROOT, base / "sdist", "--sdist")
    wheel = _build(ROOT, base / "wheel", "--wheel")
    unpacked = base / "unpacked"
    unpacked.mkdir()
    _run("tar", "-xzf", sdist, cwd=unpacked)
    (source,) = unpacked.iterdir()
    again = _build(source, base / "again", "--wheel")
    return {"sdist": sdist, "wheel": wheel, "again": again}


@pytest.fixture(scope="module")
def installed(dist: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the locked dependencies, the wheel and PyPI's pnp;
    the path of its `bin/`."""
    home = tmp_path_factory.mktemp("venv") / "venv"
    venv.create(home, with_pip=True)
    python = home / "bin" / "python"
    requirements = ROOT / "requirements"
    _run(python, *PIP, "--require-hashes", "-r", requirements / "build.txt", cwd=home)
    _run(python, *PIP, "--require-hashes", "--no-build-isolation", "-r",
         requirements / "run.txt", cwd=home)  # fmt: skip
    _run(python, *PIP, dist["wheel"], cwd=home)
    _run(python, *PIP, "--require-hashes", "-r", requirements / "beside.txt", cwd=home)
    return home / "bin"


def _user_env(bin_dir: Path) -> dict[str, str]:
    """A user's environment: the venv first on PATH, no library override, no clone."""
    env = {name: value for name, value in os.environ.items() if name != LIBRARY_VARIABLE}
    env.pop("PYTHONPATH", None)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    return env


def test_the_wheel_holds_only_starpress_and_its_library(dist: dict[str, Path]) -> None:
    names = zipfile.ZipFile(dist["wheel"]).namelist()
    tops = {name.split("/")[0] for name in names}
    assert {top for top in tops if not top.endswith(".dist-info")} == {"starpress"}
    for package in ("starpress/pnp/kit.py", "starpress/automa/engine/driver.py"):
        assert package in names
    library = "starpress/library/"
    for game in BOTS:
        assert f"{library}content/{game}/game.yaml" in names
        assert f"{library}templates/cards/{game}.yaml" in names
    for part in ("site/mkdocs.en.yml", "site/overrides/partials/copyright.html",
                 "templates/locale/it/LC_MESSAGES/messages.po", "editions.json",
                 "docs/own-game.md"):  # fmt: skip
        assert library + part in names
    assert "starpress/pdf/fonts/DejaVuSans.ttf" in names
    assert not any("node_modules" in name or "pyodide" in name.lower() for name in names)
    assert dist["wheel"].stat().st_size < 8_000_000  # no Pyodide: a few MB
    editions = json.loads(zipfile.ZipFile(dist["wheel"]).read(library + "editions.json"))
    assert sorted(editions["games"]) == list(BOTS)


def test_the_sdist_builds_the_same_wheel_and_twine_accepts_both(dist: dict[str, Path]) -> None:
    assert dist["again"].name == dist["wheel"].name
    assert dist["again"].read_bytes() == dist["wheel"].read_bytes()
    _run(sys.executable, "-m", "twine", "check", "--strict", dist["sdist"], dist["wheel"],
         cwd=dist["wheel"].parent)  # fmt: skip


def test_installed_beside_pypis_pnp_it_plays_prints_and_scaffolds_from_an_empty_folder(
    installed: Path, tmp_path: Path
) -> None:
    env = _user_env(installed)
    empty = tmp_path / "empty"
    empty.mkdir()
    starpress = installed / "starpress"
    python = installed / "python"

    # PyPI's pnp keeps its name; starpress imports only as starpress
    other = _run(python, "-c", "import pnp, starpress.pnp.kit; print(pnp.__version__)",
                 cwd=empty, env=env)  # fmt: skip
    assert other.strip() == "0.28.0"
    where = _run(python, "-c", "import starpress; print(starpress.__file__)", cwd=empty, env=env)
    assert str(ROOT) not in where and "site-packages" in where

    version = _run(starpress, "--version", cwd=empty, env=env).splitlines()
    theirs, ours = version[0].removeprefix("starpress "), tool_version()
    assert theirs.split("+")[0] == ours.split("+")[0]  # the same release, or distance
    assert theirs.partition("+")[2][:10] == ours.partition("+")[2][:10]  # the same commit
    assert [line.split()[0] for line in version[1:]] == list(BOTS)
    assert all(line.endswith("built-in") for line in version[1:])

    for game in BOTS:
        _run(starpress, "automa", game, "play", "--mode", "simulated", "--auto", "--seed", "7",
             cwd=empty, env=env)  # fmt: skip
        start = json.loads(
            (empty / "build" / "automa" / f"{game}-7.jsonl").read_text().split("\n")[0]
        )
        assert start["stamp"]["starpress"] == theirs

    _run(starpress, "pnp", "luna-maris", "--lang", "it", cwd=empty, env=env)
    with pymupdf.open(empty / "build" / "pnp" / "luna-maris-it-a4.pdf") as kit:
        assert "luna-maris" in kit.metadata["keywords"]
        assert "starpress" in kit[0].get_text()
    _run(starpress, "rulebook", "asteria", cwd=empty, env=env)
    with pymupdf.open(empty / "build" / "rulebooks" / "asteria-pt-BR-a4.pdf") as book:
        assert "Versão do conteúdo" in book[0].get_text()

    _run(starpress, "new", "duel", cwd=empty, env=env)
    project = empty / "duel"
    assert "ok duel:" in _run(starpress, "check", "duel", cwd=project, env=env)
    listed = _run(starpress, "games", cwd=project, env=env)
    assert f"project: {project / 'content' / 'duel'}" in listed
    assert listed.count("built-in") == len(BOTS)
    _run(starpress, "pnp", "duel", cwd=project, env=env)
    assert (project / "build" / "pnp" / "duel-en-a4.pdf").is_file()

    # the site: without Pyodide (not in the wheel), it says how to get it before building
    done = subprocess.run(
        [starpress, "site", "build", "--lang", "en"],
        cwd=empty,
        env=env,
        capture_output=True,
        text=True,
        timeout=LAST_RESORT,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "`npm install --prefix site/play pyodide@" in done.stderr
    assert not (empty / "build" / "site").exists()
