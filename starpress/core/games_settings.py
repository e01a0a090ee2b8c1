"""Each game's site settings (`templates/site/games.yaml`), the project's over the library's.

A games.yaml names, per game, the rules section the site shows as its gameplay page and its
accent colour, the order of the games on the site's home, and the colour of the pages no
game's accent covers (`site_accent:`). The built-in library has one
for its games; a project may have one for its own: an entry of the project's wins, and the
project's order comes first.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from starpress.core.errors import InputError
from starpress.core.project import Project
from starpress.core.yamlpos import load_located


@dataclass(frozen=True)
class GamesSettings:
    order: list[str] = field(default_factory=list)
    """Games on the site's home, first to last (games not named come after, by id)."""
    gameplay: dict[str, str] = field(default_factory=dict)
    """Game id -> the id of the rules section shown as its round or turn structure."""
    accent: dict[str, str] = field(default_factory=dict)
    """Game id -> the name of a colour of its card palette."""
    accent_file: dict[str, Path] = field(default_factory=dict)
    """Game id -> the games.yaml that names its accent (for error messages)."""
    site_accent: tuple[Path, object] | None = None
    """The games.yaml naming `site_accent:` (the project's over the library's) and its
    value, as written (checked where it is used)."""


def games_settings(project: Project) -> GamesSettings:
    """The games' site settings, the project's entries over the library's."""
    merged = GamesSettings()
    site_accent: tuple[Path, object] | None = None
    orders: list[list[str]] = []
    for path in project.site_games_files:
        if not path.is_file():
            continue
        data = load_located(path).data or {}
        if not isinstance(data, dict):
            raise InputError(path, "must be a mapping of gameplay, order and accent")
        merged.gameplay.update(_names(path, data, "gameplay"))
        for game, colour in _names(path, data, "accent").items():
            merged.accent[game] = colour
            merged.accent_file[game] = path
        order = data.get("order") or []
        if not isinstance(order, list):
            raise InputError(path, "order: must be a list of game ids")
        orders.insert(0, [str(game) for game in order])
        if data.get("site_accent") is not None:
            site_accent = (path, data["site_accent"])
    for order in orders:
        merged.order.extend(game for game in order if game not in merged.order)
    return replace(merged, site_accent=site_accent)


def _names(path: Path, data: dict[str, Any], key: str) -> dict[str, str]:
    value = data.get(key) or {}
    if not isinstance(value, dict):
        raise InputError(path, f"{key}: must be a mapping of game id to a name")
    return {str(game): str(name) for game, name in value.items()}
