"""What one language's site is: its generated pages, the files copied into it, its nav
and the games' look, as `starpress.site.language_site` makes them for the MkDocs plugin."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from starpress.site.files import Asset

Nav = list[Any]
"""MkDocs' `nav:`: a list of `{label: path}` and `{label: [sub-nav]}` items."""


@dataclass(frozen=True)
class Page:
    """A generated Markdown page, by its path in the language's site."""

    path: str
    text: str


@dataclass
class Site:
    """Every page, asset and the nav of one language, and each game's look."""

    lang: str
    title: str = ""
    """The site's own title (`site/site.yaml`) in the language."""
    permalink_title: str = ""
    """The tooltip of each heading's link to itself (Python-Markdown's toc), in the language."""
    pages: list[Page] = field(default_factory=list)
    assets: list[Asset] = field(default_factory=list)
    nav: Nav = field(default_factory=list)
    styles: str = ""
    """The games' accent style sheet (`starpress.site.look`), served as `games.css`."""
    games: list[str] = field(default_factory=list)
    """The game ids: the first folder of a game's page paths."""
    made_with: str = ""
    """The footer of a page of no game: starpress's version, in the language."""
    stamps: dict[str, str] = field(default_factory=dict)
    """The footer of each game's pages: its content version and date, and starpress's."""

    def stamp_of(self, page_path: str) -> str:
        """What a page's footer says made it."""
        game = self.game_of(page_path)
        return self.stamps.get(game, self.made_with) if game else self.made_with

    def game_of(self, page_path: str) -> str | None:
        """The game a page belongs to (by its path), for `<body data-sp-game>`."""
        first = page_path.split("/", 1)[0]
        return first if first in self.games and "/" in page_path else None
