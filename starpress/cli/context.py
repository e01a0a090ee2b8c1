"""What every command shares: the project folder it works on (`--root`, else found upwards),
the consoles it prints to, and the one-line error that exits 2.

Light to import (typer only): the loader and rich load inside the helpers that use them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

from starpress.core import counts

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
    none is one line and exit 2."""
    from starpress.core.load import find_root
    from starpress.core.project import ProjectNotFound

    try:
        return find_root(_Chosen.root or Path.cwd())
    except ProjectNotFound as error:
        fail(str(error))


def complete_game(incomplete: str) -> list[str]:
    """Shell completion: the project's game ids that start with `incomplete`."""
    from starpress.core.load import find_root, game_ids
    from starpress.core.project import ProjectNotFound

    try:
        return [game for game in game_ids(find_root(Path.cwd())) if game.startswith(incomplete)]
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
    """Every problem, then how many in how many files; exit 2."""
    print_problems(error)
    files = len({problem.path for problem in error.problems})
    found = counts.count(len(error.problems), "problem", "problems")
    fail(f"{found} in {counts.count(files, 'file', 'files')}")


def fail(message: str) -> NoReturn:
    """`error: message` on standard error; exit 2."""
    from rich.text import Text

    error_console().print(Text.assemble(("error: ", "red"), message), soft_wrap=True)
    raise typer.Exit(EXIT_CONTENT)
