"""What a build of the site reads once and hands to every language: `SiteInputs`.

`starpress site build` reads them in its own process (the games, every catalog the
languages need, the card palettes it has, the publishing settings, the stamps) and hands
the one object to each language's process (`starpress.site.build`), whose MkDocs plugin
(`starpress.site.plugin`) makes the pages from it; `site serve` reads them afresh after each
change. What the kits and bots wrote into the build tree (galleries, charts, Play data) is
read where a page shows it (`starpress.site.files`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from starpress.core.catalogs import CatalogReader
from starpress.core.edition import Stamp, stamp
from starpress.core.load import load_games
from starpress.core.model import Game
from starpress.core.project import Project
from starpress.core.version import tool_version
from starpress.site.config import SiteSettings

Palettes = Mapping[str, Mapping[str, str]]
"""Card palettes (`colors:` of a game's layouts): game id -> colour name -> #rrggbb."""


@dataclass(frozen=True)
class SiteInputs:
    """Everything the pages of any language are made from that a build reads once. Plain
    data: a language's process gets it by fork or by pickle (spawn) alike."""

    root: Path
    settings: SiteSettings
    games: Mapping[str, Game]
    """Every game of the project as loaded (in its own language), by id."""
    palettes: Palettes
    """The card palettes read already; a game not here has its layouts' read for its
    accent (`starpress.site.look.accents`)."""
    catalogs: CatalogReader
    """The build's catalog reader: it holds every catalog of the languages built."""
    tool: str = ""
    """starpress's version, in every page's footer."""
    stamps: Mapping[str, Stamp] = field(default_factory=dict)
    """Each game's stamp (its content version and date), in its pages' footers."""

    @classmethod
    def read(
        cls,
        root: Path,
        settings: SiteSettings,
        langs: Iterable[str],
        games: Mapping[str, Game] | None = None,
        palettes: Palettes | None = None,
    ) -> SiteInputs:
        """The inputs of a build of `langs`: `games` and `palettes` when the caller has read
        them already, else the games are loaded here. Every catalog the languages need is
        read strictly now: a broken one is one located error (InputError) before any
        language's process starts."""
        loaded = dict(games) if games is not None else load_games(root)
        reader = CatalogReader()
        project = Project(root)
        for lang in langs:
            paths = [project.ui_catalog(lang), *(project.catalog(game, lang) for game in loaded)]
            for path in paths:
                if path.is_file():
                    reader.read(path, lang)
        tool = tool_version()
        stamps = {game_id: stamp(project, game_id, tool) for game_id in loaded}
        return cls(root, settings, loaded, dict(palettes or {}), reader, tool, stamps)
