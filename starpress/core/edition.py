"""Which content an output was made from: a game's edition (a digest and a date) and the stamp
every kit, rulebook, site page and save file carries (starpress's version and the edition).

A game's content is its folder (`content/<game>/`: YAML, sheets, icons, pictures, catalogs)
and its card layouts (`templates/cards/<game>.yaml`). Its digest is the sha256 of each
file's path (inside the folder laid out like a project that holds it, so a clone and a wheel
agree) and bytes; its first 12 hex digits are the content version printed. Its date (a UTC
day) is when those files last changed:

- in a git work tree where they are all committed: the last commit that changed them;
- in the built-in library of an installed starpress: the date its build recorded
  (`editions.json`, written by `hatch_build.py` from git), while the digest still matches;
- otherwise (uncommitted changes, no git): the newest file's modification time.

Nothing here reads the clock: the same files give the same edition, so a rebuild is
byte-identical.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from starpress.core.git import git_output
from starpress.core.project import Project

VERSION_DIGITS = 12
"""Hex digits of the digest printed as a game's content version."""
MANIFEST = "editions.json"
"""In a built library: each game's digest and date as recorded when it was built."""
_SKIPPED = ("__pycache__",)


@dataclass(frozen=True)
class Edition:
    """One state of a game's content."""

    game: str
    digest: str
    """sha256 (hex) of the game's files."""
    date: str
    """When they last changed: `YYYY-MM-DD` (UTC)."""

    @property
    def version(self) -> str:
        """The content version printed on outputs: the digest's first hex digits."""
        return self.digest[:VERSION_DIGITS]


@dataclass(frozen=True)
class Stamp:
    """What an output was made with: starpress's version and the game's edition."""

    tool: str
    edition: Edition

    @property
    def line(self) -> str:
        """The stamp in words every language reads: `afternova 3f2a1b9c8d7e (2026-01-12)
        · starpress 0.2.0`."""
        edition = self.edition
        return f"{edition.game} {edition.version} ({edition.date}) · starpress {self.tool}"

    def record(self) -> dict[str, str]:
        """The stamp as a save file keeps it."""
        return {"starpress": self.tool, "content": self.edition.version, "date": self.edition.date}


def stamp(project: Project, game_id: str, tool: str | None = None) -> Stamp:
    """The stamp of a game's outputs (`tool`: starpress's version, asked when not given)."""
    if tool is None:
        from starpress.core.version import tool_version

        tool = tool_version()
    return Stamp(tool, edition(project, game_id))


def edition(project: Project, game_id: str) -> Edition:
    """The game's edition: the digest of its files and the day they last changed."""
    home = project.game_home(game_id)
    files = sorted(game_files(project, game_id))
    digest = content_digest(files)
    date = (
        _committed_date(home, game_id)
        or _recorded_date(home, game_id, digest)
        or _newest_date(path for _name, path in files)
    )
    return Edition(game_id, digest, date)


def game_files(project: Project, game_id: str) -> Iterator[tuple[str, Path]]:
    """Each file of a game's content: its name inside the game's home (POSIX) and path."""
    home = project.game_home(game_id)
    folder = project.game_folder(game_id)
    for path in folder.rglob("*"):
        inside = path.relative_to(folder).parts
        if path.is_file() and not any(p.startswith(".") or p in _SKIPPED for p in inside):
            yield path.relative_to(home).as_posix(), path
    layouts = project.card_layouts(game_id)
    if layouts.is_file():
        yield layouts.relative_to(home).as_posix(), layouts


def content_digest(files: list[tuple[str, Path]]) -> str:
    """sha256 over each file's name and the sha256 of its bytes, in the order given."""
    digest = hashlib.sha256()
    for name, path in files:
        digest.update(name.encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _content_paths(game_id: str) -> tuple[str, str]:
    return f"content/{game_id}", f"templates/cards/{game_id}.yaml"


def _committed_date(home: Path, game_id: str) -> str | None:
    """The day of the last commit that changed the game, if git tracks it with nothing
    uncommitted (untracked files count as changes)."""
    paths = _content_paths(game_id)
    changes = git_output(home, "status", "--porcelain", "--untracked-files=all", "--", *paths)
    if changes is None or changes:
        return None
    seconds = git_output(home, "log", "-1", "--format=%ct", "--", *paths)
    return _day(int(seconds)) if seconds and seconds.isdigit() else None


def _recorded_date(home: Path, game_id: str, digest: str) -> str | None:
    """The date a built library recorded for the game, if its files are still the same."""
    manifest = home / MANIFEST
    if not manifest.is_file():
        return None
    try:
        record = json.loads(manifest.read_text("utf-8"))["games"][game_id]
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(record, dict) or record.get("digest") != digest:
        return None
    date = record.get("date")
    return date if isinstance(date, str) else None


def _newest_date(paths: Iterator[Path]) -> str:
    newest = max((path.stat().st_mtime for path in paths), default=0.0)
    return _day(newest)


def _day(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d")


def library_manifest(library: Path) -> dict[str, object]:
    """Every game of a library with its digest and date, as `editions.json` records them
    (written by the build of a wheel or sdist, from the clone's git)."""
    project = Project(library, library=None)
    games = {}
    for game_id in project.own_game_ids():
        found = edition(project, game_id)
        games[game_id] = {"digest": found.digest, "date": found.date}
    return {"games": games}
