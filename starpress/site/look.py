"""How each game's site pages look: its accent colour, from its own card palette.

`templates/site/games.yaml` (the project's entries over the library's) names, per game, a
colour of `templates/cards/<game>.yaml`'s `colors:`; this module resolves it, checks it (a
`#rrggbb` value, WCAG contrast) and writes the style sheet that gives a game's pages
(`<body data-sp-game="<id>">`) that colour.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from starpress.core.errors import InputError
from starpress.core.games_settings import games_settings
from starpress.core.project import Project
from starpress.core.yamlpos import load_located

WHITE = "#ffffff"
BLACK = "#000000"
AA_TEXT = 4.5
"""WCAG 2.x AA: normal text; the accent is link text on white and white text behind."""
_HEX = re.compile(r"#[0-9a-fA-F]{6}")
_GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


@dataclass(frozen=True)
class Accent:
    game: str
    name: str
    """The colour's name in the game's card palette."""
    color: str
    """`#rrggbb`."""


def accents(
    root: Path, palettes: Mapping[str, Mapping[str, str]] | None = None
) -> dict[str, Accent]:
    """Every game's accent, resolved from its card palette, by game id. `palettes`: the
    `colors:` of card layouts read already (by game id); any other game's file is read."""
    project = Project(root)
    settings = games_settings(project)
    found: dict[str, Accent] = {}
    for game, name in settings.accent.items():
        path = settings.accent_file[game]
        if not _GAME_ID.fullmatch(game):
            raise InputError(path, f"accent: not a game id: {game!r}")
        palette_path = project.card_layouts(game)
        palette = (palettes or {}).get(game)
        if palette is None:
            palette = load_located(palette_path).data.get("colors") or {}  # a guarded read
        color = palette.get(name)
        if not isinstance(color, str) or not _HEX.fullmatch(color):
            raise InputError(
                path, f"accent of {game}: {name!r} is not a #rrggbb colour of {palette_path.name}"
            )
        found[game] = Accent(game, name, color.lower())
    return found


def relative_luminance(color: str) -> float:
    """WCAG 2.x relative luminance of `#rrggbb`."""
    channels = [int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2.x contrast ratio, from 1 (same) to 21 (black on white)."""
    high, low = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def stylesheet(found: dict[str, Accent]) -> str:
    """CSS giving each game's pages its accent: Material's primary and accent colours and
    the link colour (values checked above: ids and `#rrggbb` only)."""
    rules = []
    for accent in found.values():
        color = accent.color
        rules.append(
            f'body[data-sp-game="{accent.game}"] {{\n'
            f"  --md-primary-fg-color: {color};\n"
            f"  --md-primary-fg-color--light: {color};\n"
            f"  --md-primary-fg-color--dark: {color};\n"
            f"  --md-accent-fg-color: {color};\n"
            f"  --md-typeset-a-color: {color};\n"
            f"  --sp-accent: {color};\n"
            "}\n"
            # its card on the site's home page (a link into the game's folder)
            f'.md-typeset .grid.cards > ul > li:has(a[href^="{accent.game}/"]) {{\n'
            f"  border-top-color: {color};\n"
            "}\n"
        )
    return "/* Generated from templates/site/games.yaml `accent:` by starpress.site.look. */\n" + (
        "".join(rules)
    )


def mark_page(html: str, game: str) -> str:
    """A built page of `game` with `data-sp-game` on its `<body>`, which games.css styles."""
    if not _GAME_ID.fullmatch(game):
        raise ValueError(f"not a game id: {game!r}")
    return html.replace("<body ", f'<body data-sp-game="{game}" ', 1)
