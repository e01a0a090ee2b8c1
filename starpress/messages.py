"""Every translatable text of a game: its stable id, source text, kind and line.

The ids are the msgctxt of the gettext catalogs and the keys the renderers ask
`starpress.i18n.Texts` for: `<record id>.<field>`, with list positions appended
(`aristeia.rules.setup.steps.2.text`, `afternova.card.blueprint-03.fields.cost.1`).
The walk reads the YAML itself (with positions), so the same code serves our own tools
and the Babel extractor registered for `pybabel extract`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from starpress import text as markup
from starpress.model import NON_TEXT_FIELDS
from starpress.yamlpos import Located, PathKey, load_located

Kind = Literal["rules", "glossary", "cards"]
KINDS: tuple[str, ...] = ("rules", "glossary", "cards", "ui")

_SKIPPED_FIELDS = NON_TEXT_FIELDS | {"count", "names"}
_GAME_TEXT_FIELDS = ("tagline", "summary")
_HEX = re.compile(r"^#[0-9a-fA-F]{3,8}$")
_LETTER = re.compile(r"[^\W\d_]")


@dataclass(frozen=True)
class Message:
    """One text to translate."""

    id: str
    text: str
    kind: Kind
    path: Path
    line: int


def needs_translation(text: str) -> bool:
    """False for texts with nothing to translate: numbers, icons, colour codes."""
    if _HEX.match(text.strip()):
        return False
    # a cross-reference's label is text to translate; its target id is not
    labels = markup.REF_RE.sub(lambda match: match.group(2) or "", text)
    bare = markup.ICON_RE.sub("", labels)
    return bool(_LETTER.search(bare))


def game_messages(folder: Path) -> list[Message]:
    """Every message of a game folder, in file order."""
    game_id = folder.name
    found: list[Message] = []
    for path in sorted(folder.glob("*.yaml")):
        found.extend(file_messages(path, load_located(path), game_id))
    return found


def file_messages(path: Path, located: Located, game_id: str) -> Iterator[Message]:
    """The messages of one content file (its YAML already parsed with positions)."""
    data = located.data if isinstance(located.data, dict) else {}
    walker = _Walker(path, located, game_id)
    game = data.get("game")
    if isinstance(game, dict):
        yield from walker.game(game)
    for index, record in enumerate(_list(data.get("components"))):
        yield from walker.record(record, ("components", index), "rules")
    for index, record in enumerate(_list(data.get("rules"))):
        yield from walker.record(record, ("rules", index), "rules")
    for index, record in enumerate(_list(data.get("clarifications"))):
        yield from walker.record(record, ("clarifications", index), "rules")
    for index, record in enumerate(_list(data.get("glossary"))):
        yield from walker.record(record, ("glossary", index), "glossary")
    for index, record in enumerate(_list(data.get("cards"))):
        yield from walker.record(record, ("cards", index), "cards")
    for index, icon in enumerate(_list(data.get("icons"))):
        yield from walker.icon(icon, ("icons", index), data, game)
    automa = data.get("automa")
    if isinstance(automa, dict) and isinstance(automa.get("messages"), dict):
        for key, value in automa["messages"].items():
            yield from walker.message(
                f"{game_id}.automa.messages.{key}", value, ("automa", "messages", key), "rules"
            )


class _Walker:
    def __init__(self, path: Path, located: Located, game_id: str) -> None:
        self.path = path
        self.located = located
        self.game_id = game_id
        self.source_language: str | None = None

    def message(self, text_id: str, value: Any, loc: PathKey, kind: Kind) -> Iterator[Message]:
        if isinstance(value, str) and value.strip() and needs_translation(value):
            line = self.located.value_pos(loc)[0]
            yield Message(text_id, value, kind, self.path, line)

    def game(self, game: dict[str, Any]) -> Iterator[Message]:
        base = f"{self.game_id}.game"
        loc: PathKey = ("game",)
        for name in _GAME_TEXT_FIELDS:
            yield from self.message(f"{base}.{name}", game.get(name), (*loc, name), "rules")
        for index, credit in enumerate(_list(game.get("credits"))):
            if isinstance(credit, dict):
                for name in ("role", "note"):
                    yield from self.message(
                        f"{base}.credits.{index}.{name}",
                        credit.get(name),
                        (*loc, "credits", index, name),
                        "rules",
                    )
        for index, note in enumerate(_list(game.get("notes"))):
            if isinstance(note, dict):
                yield from self.message(
                    f"{base}.notes.{index}.text",
                    note.get("text"),
                    (*loc, "notes", index, "text"),
                    "rules",
                )
        for index, variant in enumerate(_list(game.get("variants"))):
            yield from self.record(variant, (*loc, "variants", index), "rules")

    def record(self, record: Any, loc: PathKey, kind: Kind) -> Iterator[Message]:
        """A record with an id: its text fields, lists, steps, tables, faces, card fields."""
        if not isinstance(record, dict) or not isinstance(record.get("id"), str):
            return
        record_id = record["id"]
        for name, value in record.items():
            if name in _SKIPPED_FIELDS or name == "sections":
                continue
            # a card's fields are free-form: their names mean nothing to the walker
            plain = kind == "cards" and name in ("fields", "back")
            yield from self.value(f"{record_id}.{name}", value, (*loc, name), kind, plain)
        for index, child in enumerate(_list(record.get("sections"))):
            yield from self.record(child, (*loc, "sections", index), kind)

    def value(
        self, text_id: str, value: Any, loc: PathKey, kind: Kind, plain: bool = False
    ) -> Iterator[Message]:
        """Any nested value: strings are messages, mappings and lists are walked by key.

        `plain` values (a card's fields) have no special keys: no skipped fields, and a
        list named `steps` is just a list.
        """
        if not plain and text_id.endswith(".steps") and isinstance(value, list):
            yield from self.steps(text_id, value, loc, kind)
        elif isinstance(value, str):
            yield from self.message(text_id, value, loc, kind)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                yield from self.value(f"{text_id}.{index}", item, (*loc, index), kind, plain)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key in _SKIPPED_FIELDS and not plain:
                    continue
                yield from self.value(f"{text_id}.{key}", item, (*loc, key), kind, plain)

    def steps(self, text_id: str, steps: list[Any], loc: PathKey, kind: Kind) -> Iterator[Message]:
        """Numbered steps: a plain string is a step's text (`<id>.steps.N.text`)."""
        for index, step in enumerate(steps):
            step_id, step_loc = f"{text_id}.{index}", (*loc, index)
            if isinstance(step, str):
                yield from self.message(f"{step_id}.text", step, step_loc, kind)
            elif isinstance(step, dict):
                yield from self.value(step_id, step, step_loc, kind)

    def icon(self, icon: Any, loc: PathKey, data: dict[str, Any], game: Any) -> Iterator[Message]:
        """An icon's name in the game's source language (the other names come from .po)."""
        if not isinstance(icon, dict) or not isinstance(icon.get("name"), dict):
            return
        names = icon["name"]
        source = _source_language(self.path, game)
        if source is not None and source in names:
            text_id = f"{self.game_id}.icon.{icon.get('id')}.name"
            yield from self.message(text_id, names[source], (*loc, "name", source), "rules")


def _source_language(path: Path, game: Any) -> str | None:
    if isinstance(game, dict) and isinstance(game.get("source_language"), str):
        return str(game["source_language"])
    game_file = path.parent / "game.yaml"
    if game_file.is_file():
        data = load_located(game_file).data
        if isinstance(data, dict) and isinstance(data.get("game"), dict):
            language = data["game"].get("source_language")
            return language if isinstance(language, str) else None
    return None


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def extract_babel(
    fileobj: Any, keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extractor (entry point `starpress`): `pybabel extract -F babel.cfg …`.

    Yields each text as a `pgettext` call, so the stable id becomes the msgctxt.
    """
    path = Path(getattr(fileobj, "name", ""))
    if path.parent.name == "locale" or not path.is_file():
        return
    for message in file_messages(path, load_located(path), path.parent.name):
        yield message.line, "pgettext", (message.id, message.text), [message.kind]
