"""Every translatable text of a game, as the catalogs list them: id, source text, kind, place.

The texts come from the loaded model (`starpress.core.model.all_texts`): whatever a renderer can
show is a `Text` with the id the loader gave it, so it is in the catalogs by construction.
The same list feeds our `i18n` commands and the Babel extractor registered for
`pybabel extract`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from starpress.core.model import Game, all_texts

Kind = Literal["rules", "glossary", "cards"]
KINDS: tuple[str, ...] = ("rules", "glossary", "cards", "ui")


@dataclass(frozen=True)
class Message:
    """One text to translate."""

    id: str
    text: str
    kind: Kind
    path: str  # project-relative file it is written in
    line: int


def game_messages(game: Game) -> list[Message]:
    """Every text of a game worth translating, in file and line order."""
    found = []
    seen: set[str] = set()
    for text in all_texts(game):
        if text.id and text.id in seen:  # shown twice (a deck automaton's, on its cards)
            continue
        seen.add(text.id)
        if text.translatable and text.where is not None:
            path, line = text.where
            found.append(Message(text.id, text.source, _kind(game.id, text.id), path, line))
    return sorted(found, key=lambda message: (message.path, message.line))


def _kind(game_id: str, text_id: str) -> Kind:
    """Which report column a text counts in: by the kind of record it belongs to."""
    kind = text_id.removeprefix(f"{game_id}.").split(".", 1)[0]
    return "glossary" if kind == "glossary" else "cards" if kind == "card" else "rules"


def extract_babel(
    fileobj: Any, keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extractor (entry point `starpress`): `pybabel extract -F babel.cfg …`.

    Loads the file's game and yields the texts written in this file as `pgettext` calls,
    so the stable id becomes the msgctxt.
    """
    from starpress.core.load import find_root, load_game

    path = Path(getattr(fileobj, "name", "")).resolve()
    if path.parent.name == "locale" or not path.is_file():
        return
    root = find_root(path.parent)
    game = load_game(root, path.parent.name)
    shown = path.relative_to(root).as_posix()
    for message in game_messages(game):
        if Path(message.path).as_posix().endswith(shown):
            yield message.line, "pgettext", (message.id, message.text), [message.kind]
