"""Texts in a language: the game's gettext catalog for it, or the source text as fallback.

Catalogs live in `content/<game>/locale/<lang>.po`, with msgctxt = the text's stable id and
msgid = the source-language text. A text with no translation, or a stale (fuzzy) one,
falls back to the source text, and the fallback is recorded so outputs can list it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog

from starpress.catalogs import read_catalog
from starpress.messages import needs_translation
from starpress.model import Game


def catalog_path(root: Path, game_id: str, lang: str) -> Path:
    return root / "content" / game_id / "locale" / f"{lang}.po"


@dataclass
class Texts:
    """Resolves a game's texts into one language, remembering which fell back."""

    lang: str
    source_language: str
    catalog: Catalog | None = None
    fallbacks: list[str] = field(default_factory=list)

    def __call__(self, text_id: str, source: str) -> str:
        if self.lang == self.source_language or not needs_translation(source):
            return source
        message = self.catalog.get(source, context=text_id) if self.catalog else None
        if message is not None and message.string and not message.fuzzy:
            return str(message.string)
        self.fallbacks.append(text_id)
        return source


def texts_for(root: Path, game: Game, lang: str) -> Texts:
    """The resolver for one game and language, reading its catalog when there is one."""
    path = catalog_path(root, game.id, lang)
    catalog = None
    if lang != game.info.source_language and path.is_file():
        catalog = read_catalog(path, lang)  # strict: a broken catalog is one located error
    return Texts(lang, game.info.source_language, catalog)
