"""What every command shares: the project folder it works on (`--root`, else found upwards),
the consoles it prints to, and the one-line error that exits 2.

Light to import (typer only): the loader and rich load inside the helpers that use them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from starpress.core.load import ContentError
    from starpress.core.model import Game

EXIT_CONTENT = 2
"""Exit code for bad content, bad options and a missing project."""


class _Chosen:
    """The `--root` of this run (the root options set it before any command runs)."""

    root: Path | None = None


def choose_root(root: Path | None) -> None:
    """Remember `--root` for the commands of this run (None: find it from the cwd)."""
    _Chosen.root = root


def chosen_root() -> Path | None:
    """`--root` as given, or None."""
    return _Chosen.root


def project_root() -> Path:
    """The project folder: `--root`, else the nearest one from the current folder upwards;
    none: that folder itself, whose games are the built-in ones and whose build/ gets the
    outputs (with no built-in library either: one line and exit 2)."""
    from starpress.core.project import Project, ProjectNotFound

    if _Chosen.root is not None and not _Chosen.root.is_dir():
        fail(f"--root {_Chosen.root}: no such folder")  # never a build/ made somewhere new
    try:
        return Project.around(_Chosen.root or Path.cwd()).root
    except ProjectNotFound as error:
        fail(str(error))


def project_root_quietly() -> Path:
    """The project folder as `project_root` finds it, for options that run before `--root`
    is read (`--version`): ProjectNotFound when there is none."""
    from starpress.core.project import Project

    return Project.around(_Chosen.root or Path.cwd()).root


def complete_game(incomplete: str) -> list[str]:
    """Shell completion: the project's game ids that start with `incomplete`."""
    from starpress.core.load import game_ids, project_root
    from starpress.core.project import ProjectNotFound

    try:
        root = project_root(_Chosen.root or Path.cwd())
        return [game for game in game_ids(root) if game.startswith(incomplete)]
    except (ProjectNotFound, OSError):
        return []


def load(root: Path, games: list[str] | None) -> dict[str, Game]:
    """The named games (all when None); an unknown id is one line and exit 2."""
    from starpress.core.load import UnknownGame, load_games

    try:
        return dict(load_games(root, games))
    except UnknownGame as error:
        fail(str(error))


def console() -> Console:
    """Standard output."""
    from rich.console import Console

    return Console(highlight=False)


def error_console() -> Console:
    """Standard error."""
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def print_problems(error: ContentError) -> None:
    """Each problem on its own line of standard error, as `path:line:col: message`."""
    for problem in error.problems:
        error_console().print(str(problem), markup=False, highlight=False, soft_wrap=True)


def fail_with_problems(error: ContentError) -> NoReturn:
    """Every problem, then how many in how many files (and how many are knock-ons); exit 2."""
    print_problems(error)
    fail(error.summary())


def fail(message: str) -> NoReturn:
    """`error: message` on standard error; exit 2."""
    from rich.text import Text

    error_console().print(Text.assemble(("error: ", "red"), message), soft_wrap=True)
    raise typer.Exit(EXIT_CONTENT)
