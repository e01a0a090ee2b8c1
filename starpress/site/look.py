"""How each game's site pages look: its accent colour, from its own card palette.

`templates/site/games.yaml` (the project's entries over the library's) names, per game, a
colour of `templates/cards/<game>.yaml`'s `colors:`; this module resolves it, checks it (a
`#rrggbb` value, WCAG contrast) and writes the style sheet that gives a game's pages
(`<body data-sp-game="<id>">`) that colour.

The accent is the colour of links on the white page (underlined, so colour is not what
tells them from the text around them) and, darkened as far as it needs to be, the colour
of the header: Material draws the header's tabs in white at 70% opacity, which must still
read at 4.5:1. Every other page (home, own game, a game naming no accent) takes
`site_accent:` the same way.
"""

from __future__ import annotations

import colorsys
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
TAB_TEXT_OPACITY = 0.7
"""Material's header tabs: white text at this opacity (`.md-tabs__link`) on the header."""
THEME_PRIMARY = "#4051b5"
"""Material's `indigo`, site/mkdocs.yml's palette: its header when nothing else is said."""
_DARKER_STEP = 0.005
"""How much HLS lightness `header_color` takes off at a time."""
_HEX = re.compile(r"#[0-9a-fA-F]{6}")
_GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


@dataclass(frozen=True)
class Accent:
    game: str
    name: str
    """The colour's name in the game's card palette."""
    color: str
    """`#rrggbb`."""

    @property
    def header(self) -> str:
        """The colour of the game's header and tabs: the accent, darkened to read on."""
        return header_color(self.color)


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


def site_accent(root: Path) -> str:
    """The colour of the pages no game's accent covers (`site_accent:` of games.yaml);
    without one, the theme's own primary colour (`THEME_PRIMARY`)."""
    found = games_settings(Project(root)).site_accent
    if found is None:
        return THEME_PRIMARY
    path, color = found
    if not isinstance(color, str) or not _HEX.fullmatch(color):
        raise InputError(path, f"site_accent: {color!r} is not a #rrggbb colour")
    return color.lower()


def header_color(color: str) -> str:
    """`color`, darkened (in HLS lightness, hue and saturation kept) until the header's tab
    text, white at `TAB_TEXT_OPACITY`, reads on it at `AA_TEXT`; unchanged if it does."""
    hue, lightness, saturation = colorsys.rgb_to_hls(*_channels(color))
    darker = color
    while contrast_ratio(_over(WHITE, darker, TAB_TEXT_OPACITY), darker) < AA_TEXT:
        lightness = max(0.0, lightness - _DARKER_STEP)
        darker = _hex(colorsys.hls_to_rgb(hue, lightness, saturation))
    return darker


def _channels(color: str) -> tuple[float, float, float]:
    return (int(color[1:3], 16) / 255, int(color[3:5], 16) / 255, int(color[5:7], 16) / 255)


def _hex(channels: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(channel * 255):02x}" for channel in channels)


def _over(top: str, bottom: str, opacity: float) -> str:
    """`top` drawn at `opacity` over `bottom`, as the browser blends it (per sRGB channel)."""
    mixed = zip(_channels(top), _channels(bottom), strict=True)
    red, green, blue = (opacity * high + (1 - opacity) * low for high, low in mixed)
    return _hex((red, green, blue))


def relative_luminance(color: str) -> float:
    """WCAG 2.x relative luminance of `#rrggbb`."""
    channels = [int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2.x contrast ratio, from 1 (same) to 21 (black on white)."""
    high, low = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def stylesheet(found: dict[str, Accent], site: str) -> str:
    """CSS giving each game's pages its accent: Material's primary colours (the header,
    darkened), its accent (hover, focus) and the link colour; every other page (the site's
    own, and a game's that names no accent) `site`'s header colour (values checked above:
    ids and `#rrggbb` only). The site's rule outweighs the theme palette's
    `[data-md-color-primary]` and, coming first, gives way to a game's."""
    rules = ["body, body[data-md-color-primary] {\n" + _primary(header_color(site)) + "}\n"]
    for accent in found.values():
        color = accent.color
        rules.append(
            f'body[data-sp-game="{accent.game}"] {{\n'
            + _primary(accent.header)
            + f"  --md-accent-fg-color: {color};\n"
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


def _primary(header: str) -> str:
    return (
        f"  --md-primary-fg-color: {header};\n"
        f"  --md-primary-fg-color--light: {header};\n"
        f"  --md-primary-fg-color--dark: {header};\n"
    )


def mark_page(html: str, game: str) -> str:
    """A built page of `game` with `data-sp-game` on its `<body>`, which games.css styles."""
    if not _GAME_ID.fullmatch(game):
        raise ValueError(f"not a game id: {game!r}")
    return html.replace("<body ", f'<body data-sp-game="{game}" ', 1)
