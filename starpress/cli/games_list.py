"""`starpress games` and `starpress --version`: every game with where it comes from (the
project's own, or starpress's built-in library) and its content version and date."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from starpress.core.edition import Edition, edition
from starpress.core.project import Project


@dataclass(frozen=True)
class GameRow:
    game: str
    origin: str
    """`built-in`, `project`, or `project, replaces the built-in one`."""
    folder: Path
    edition: Edition


def game_rows(root: Path) -> list[GameRow]:
    """Every game of the project, by id: its own first wins over a built-in one."""
    project = Project(root)
    rows = []
    for game_id in project.game_ids():
        if project.replaces_builtin(game_id):
            origin = "project, replaces the built-in one"
        elif project.is_builtin(game_id):
            origin = "built-in"
        else:
            origin = "project"
        rows.append(
            GameRow(game_id, origin, project.game_folder(game_id), edition(project, game_id))
        )
    return rows


def lines(rows: list[GameRow], folders: bool = True) -> list[str]:
    """One aligned line per game: id, content version, date, origin (and folder)."""
    width = max((len(row.game) for row in rows), default=0)
    shown = []
    for row in rows:
        line = f"{row.game:<{width}}  {row.edition.version}  {row.edition.date}  {row.origin}"
        shown.append(f"{line}: {row.folder}" if folders else line)
    return shown
