"""Find a project's games and load the ones asked for: `content/<game>/` read, validated and
cross-checked (`starpress.core.game_folder`), every problem reported as `path:line:col:
message` (`starpress.core.problems`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from starpress.core.game_folder import load_game_folder
from starpress.core.model import Game
from starpress.core.problems import ContentError, Problem, display_path, validation_problems
from starpress.core.project import Project

__all__ = [
    "ContentError",
    "Problem",
    "UnknownGame",
    "display_path",
    "find_root",
    "game_ids",
    "load_game",
    "load_games",
    "validation_problems",
]


class UnknownGame(Exception):
    """A game id that has no folder under content/."""


def find_root(start: Path) -> Path:
    """The project folder: `start` or the nearest parent holding content/ and templates/
    (ProjectNotFound: none)."""
    return Project.find(start).root


def game_ids(root: Path) -> list[str]:
    """Ids of every game of the project: the folders under content/ that hold a game.yaml."""
    return Project(root).game_ids()


def load_games(root: Path, ids: Iterable[str] | None = None) -> dict[str, Game]:
    """Load the named games (all by default); raise ContentError listing every problem."""
    wanted = list(ids) if ids is not None else game_ids(root)
    games: dict[str, Game] = {}
    problems: list[Problem] = []
    known = set(game_ids(root))
    for game_id in wanted:
        if game_id not in known:
            listed = ", ".join(sorted(known)) or "none"
            raise UnknownGame(f"unknown game '{game_id}' (games: {listed})")
        try:
            games[game_id] = load_game(root, game_id)
        except ContentError as error:
            problems.extend(error.problems)
    if problems:
        raise ContentError(problems)
    return games


def load_game(root: Path, game_id: str) -> Game:
    """Load, validate and cross-check one game folder."""
    return load_game_folder(Project(root).game_folder(game_id))
