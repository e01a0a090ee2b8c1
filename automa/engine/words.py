"""A bot's messages as plain data, worded in one language: what every session speaks with.

The terminal builds them from the content (`automa.engine.voice.Voice`); a Play page on
the site reads the same data from its JSON (`automa.web.page`). Standard library only,
like the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

PLURAL_NUMBERS = 10_000
"""Plural categories are kept for the numbers below this (every count a bot says is; a
person's answers are at most 999): a bigger number takes the `other` form."""


@dataclass(frozen=True)
class PluralText:
    """A message whose words depend on a number: `count` names the value that chooses the
    form, `forms` hold a text per CLDR plural category (`other` always)."""

    count: str
    forms: Mapping[str, str]


@dataclass(frozen=True)
class Words:
    """Message key -> its text (a `str.format` template) in one language.

    A key it has no text for is said as the key itself. A text whose placeholders the
    values do not fill is said from its source-language text when it has one (a
    `starpress.core.text.Text` keeps it as `source`): a translation's broken placeholder never
    stops a game. `categories` gives the plural category of each number below
    PLURAL_NUMBERS that is not `other` (Babel's rules of the language, worked out when the
    words were made).
    """

    messages: Mapping[str, str | PluralText]
    categories: Mapping[int, str] = field(default_factory=dict)

    def __call__(self, key: str, **values: Any) -> str:
        found = self.messages.get(key)
        if found is None:
            return key
        template = self.form(found, values) if isinstance(found, PluralText) else found
        shown = {
            name: ", ".join(map(str, value)) if isinstance(value, list) else value
            for name, value in values.items()
        }
        try:
            return str(template).format(**shown)
        except (KeyError, IndexError):
            return str(getattr(template, "source", template)).format(**shown)

    def form(self, message: PluralText, values: Mapping[str, Any]) -> str:
        """The form of a plural message for its number."""
        number = values.get(message.count)
        other = message.forms["other"]
        if not isinstance(number, int):
            return other
        return message.forms.get(self.categories.get(abs(number), "other"), other)
