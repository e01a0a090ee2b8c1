"""A bot's messages as plain data, worded in one language: what every session speaks with.

The terminal builds them from the content (`automa.engine.voice.Voice`); a Play page on
the site reads the same data from its JSON (`automa.web.page`). Standard library only,
like the engine.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
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
class Grammar:
    """What a language does where a message puts a word in (`starpress/core/grammar.yaml`,
    worked out when the words are made):

    - `{planet:su}`: the preposition `su` joined to the name, contracted with the article
      the name starts with (`sul pianeta`, `sull'asteroide`; `su Automa 1`: no article);
    - `{colour:feminine}`: an adjective in its feminine form (`bianco` -> `bianca`), by the
      language's endings;
    - a number with a fraction is written with the language's decimal sign (`1,5`).
    """

    contractions: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    feminine: Sequence[Sequence[str]] = ()
    """(ending, feminine ending) pairs, tried in order."""
    decimal: str = "."

    def join(self, preposition: str, name: str) -> str:
        """The preposition before `name`, contracted with the article `name` starts with."""
        articles = self.contractions.get(preposition, {})
        for article, joined in articles.items():
            if article.endswith("'") and name.lower().startswith(article):  # elided: l'
                return joined + name[len(article) :]
        first, space, rest = name.partition(" ")
        if space and first.lower() in articles:
            return f"{articles[first.lower()]} {rest}"
        return f"{preposition} {name}"

    def agree(self, adjective: str) -> str:
        """An adjective as it agrees with a feminine noun."""
        for ending, feminine in self.feminine:
            if adjective.endswith(ending):
                return adjective[: len(adjective) - len(ending)] + feminine
        return adjective

    def number(self, value: float) -> str:
        return f"{value:g}".replace(".", self.decimal)


class _Formatter(string.Formatter):
    """`str.format` with the grammar's format specs (`{name:su}`, `{name:feminine}`)."""

    def __init__(self, grammar: Grammar) -> None:
        self.grammar = grammar

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec == "feminine":
            return self.grammar.agree(str(value))
        if _is_preposition(format_spec, self.grammar):
            return self.grammar.join(format_spec, str(value))
        if isinstance(value, float) and not format_spec:
            return self.grammar.number(value)
        return super().format_field(value, format_spec)


_PYTHON_TYPES = frozenset("bcdeEfFgGnosxX")
"""Format specs Python gives a meaning (a one-letter presentation type)."""


def _is_preposition(spec: str, grammar: Grammar) -> bool:
    """A spec made of lower-case letters that Python does not read: a preposition."""
    if spec in grammar.contractions:
        return True
    return bool(spec) and spec.isalpha() and spec.islower() and spec not in _PYTHON_TYPES


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
    grammar: Grammar = field(default_factory=Grammar)
    rules: Mapping[str, str] = field(default_factory=dict)
    """Each rule's (and ruling's) title in the language, by id: how a step cites them."""

    def cite(self, rule: str) -> str:
        """A rule as a step names it: its title (its id when the content has none)."""
        return self.rules.get(rule, rule)

    def __call__(self, key: str, **values: Any) -> str:
        found = self.messages.get(key)
        if found is None:
            return key
        template = self.form(found, values) if isinstance(found, PluralText) else found
        shown = {
            name: ", ".join(map(str, value)) if isinstance(value, list) else value
            for name, value in values.items()
        }
        formatter = _Formatter(self.grammar)
        try:
            return formatter.format(str(template), **shown)
        except (KeyError, IndexError, ValueError):
            source = str(getattr(template, "source", template))
            return formatter.format(source, **shown)

    def form(self, message: PluralText, values: Mapping[str, Any]) -> str:
        """The form of a plural message for its number."""
        number = values.get(message.count)
        other = message.forms["other"]
        if not isinstance(number, int):
            return other
        return message.forms.get(self.categories.get(abs(number), "other"), other)
