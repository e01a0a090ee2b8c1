"""A game in one language: `localize` is the one place where a catalog is read for a game.

Catalogs live in `content/<game>/locale/<lang>.po`, with msgctxt = the text's stable id and
msgid = the source-language text. A text with no translation, or a stale (fuzzy) one, falls
back to the source text and says so (`Text.fallback`), so every renderer can mark it.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog

from starpress.core.catalogs import CatalogReader, read_catalog
from starpress.core.model import Game, PathKey, all_texts, map_texts
from starpress.core.project import Project
from starpress.core.text import Text


def catalog_path(root: Path, game_id: str, lang: str) -> Path:
    return Project(root).catalog(game_id, lang)


def read_game_catalog(
    root: Path, game_id: str, lang: str, reader: CatalogReader | None = None
) -> Catalog | None:
    """A game's catalog for a language, or None when it has none; through `reader` when
    given (a build's, which parses each file once)."""
    path = catalog_path(root, game_id, lang)
    if not path.is_file():
        return None
    # strict: a broken catalog is one located error
    return reader.read(path, lang) if reader is not None else read_catalog(path, lang)


def localize(root: Path, game: Game, lang: str, reader: CatalogReader | None = None) -> Game:
    """The game with every text in `lang`: its translation when current, else the source
    text marked as a fallback. The source language returns the game as it is. `reader`:
    the build's catalog reader, when it has one."""
    if lang == game.info.source_language:
        return game  # its texts are the source: no catalog is read
    return translate(game, read_game_catalog(root, game.id, lang, reader))


def in_language(game: Game, lang: str, catalog: Catalog | None) -> Game:
    """The game in `lang` through its `catalog` for it (read already): as `localize`."""
    if lang == game.info.source_language:
        return game
    return translate(game, catalog)


def translate(game: Game, catalog: Catalog | None) -> Game:
    """The game with every text looked up in `catalog` (by msgctxt = id and msgid = source)."""

    def look_up(text: Text, _id: str, _path: PathKey) -> Text:
        if not text.translatable:
            return text
        message = catalog.get(text.source, context=text.id) if catalog is not None else None
        if message is not None and message.string and not message.fuzzy:
            return text.translated(str(message.string), fallback=False)
        return text.translated(text.source, fallback=True)

    return map_texts(game, look_up)


def fallbacks(game: Game) -> list[str]:
    """Ids of the texts a localised game shows in the source language."""
    return list(dict.fromkeys(text.id for text in all_texts(game) if text.fallback))
