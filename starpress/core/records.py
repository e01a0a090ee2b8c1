"""The ground every record of the content model stands on (`starpress.core.model`).

`Record`, the base of every loaded record; the slugs and record ids it is keyed by; the
languages and provenances a record may name; and `map_texts`, the one walk through a record
that reaches every `Text` in it (the loader names texts with it, nothing downstream does).
Import these from `starpress.core.model`, the content model's entry point, which re-exports
them; this module exists so the model's sibling modules (`boards`, `bot_data`) can build on
them without importing the model itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from starpress.core.text import Text

LANGUAGES: tuple[str, ...] = ("pt-BR", "es", "it", "en")
"""Every language the project publishes, in the order pages and reports list them."""

Language = Literal["pt-BR", "es", "it", "en"]
Provenance = Literal["rulebook", "prototype"]

_SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"
SLUG_RE = re.compile(rf"^{_SLUG}$")
RECORD_ID_RE = re.compile(rf"^({_SLUG})\.([a-z]+)\.({_SLUG}(?:\.{_SLUG})*)$")

Slug = Annotated[str, Field(pattern=SLUG_RE.pattern)]
PathKey = tuple[str | int, ...]
"""Where a value sits in a model (and in its YAML): field names and list positions."""
TextVisitor = Callable[[Text, str, PathKey], Text]
"""(a text, the id its place gives it, its path) -> the text to keep there."""
_Value = TypeVar("_Value")


class Record(BaseModel):
    """Base of every loaded record: unknown fields are errors, values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    def text_prefix(self, outer: str) -> str:
        """The id prefix of the texts inside this record: its own id when it has one."""
        own = getattr(self, "id", None)
        return own if isinstance(own, str) and RECORD_ID_RE.match(own) else outer


def map_texts(value: _Value, visit: TextVisitor, prefix: str = "", path: PathKey = ()) -> _Value:
    """`value` with every Text in it replaced by what `visit` returns; unchanged parts shared.

    A text's id is its record's id (or the prefix given), then the field names and list
    positions down to it: `aristeia.rules.setup.steps.2.text`, `afternova.game.tagline`.
    """
    if isinstance(value, Text):
        return visit(value, prefix, path)  # type: ignore[return-value]
    if isinstance(value, Record):
        own = value.text_prefix(prefix)
        changes = {}
        for name in type(value).model_fields:
            old = getattr(value, name)
            new = map_texts(old, visit, f"{own}.{name}", (*path, name))
            if new is not old:
                changes[name] = new
        return value.model_copy(update=changes) if changes else value
    if isinstance(value, list):
        items = [
            map_texts(item, visit, f"{prefix}.{n}", (*path, n)) for n, item in enumerate(value)
        ]
        changed = any(new is not old for new, old in zip(items, value, strict=True))
        return items if changed else value  # type: ignore[return-value]
    if isinstance(value, dict):
        entries = {
            key: map_texts(item, visit, f"{prefix}.{key}", (*path, key))
            for key, item in value.items()
        }
        changed = any(entries[key] is not value[key] for key in value)
        return entries if changed else value  # type: ignore[return-value]
    return value


def all_texts(value: object) -> list[Text]:
    """Every Text inside a model, in field order."""
    found: list[Text] = []

    def keep(text: Text, _id: str, _path: PathKey) -> Text:
        found.append(text)
        return text

    map_texts(value, keep)
    return found


def texts_with_paths(value: object) -> list[tuple[Text, PathKey]]:
    """Every Text inside a model with its path (field names and list positions)."""
    found: list[tuple[Text, PathKey]] = []

    def keep(text: Text, _id: str, path: PathKey) -> Text:
        found.append((text, path))
        return text

    map_texts(value, keep)
    return found
