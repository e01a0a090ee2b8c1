"""How a bot speaks: its messages (content/<game>/automa.yaml) in the session's language
(`automa.engine.words`, made from the content here), and printed card text read out as
plain words."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from babel import Locale

from starpress.automa.engine.choices import CardBook
from starpress.automa.engine.words import PLURAL_NUMBERS, Grammar, PluralText, Words
from starpress.core.catalogs import locale_code
from starpress.core.grammar import grammar
from starpress.core.model import Game, Plural
from starpress.core.text import IconRef, Token, plain_text


@dataclass
class Voice:
    """A bot's messages (content/<game>/automa.yaml) of a localised game as `Words`; `lang`
    chooses the plural forms (default: the source's)."""

    game: Game
    lang: str | None = None
    words: Words = field(init=False)

    def __post_init__(self) -> None:
        self.words = words_of(self.game, self.lang)

    def __call__(self, key: str, **values: Any) -> str:
        return self.words(key, **values)


def words_of(game: Game, lang: str | None = None) -> Words:
    """The messages of a (localised) game's bot as plain `Words` in `lang`."""
    messages: dict[str, str | PluralText] = {}
    for key, message in (game.automa.messages if game.automa else {}).items():
        if isinstance(message, Plural):
            forms = {c: getattr(message, c) for c in _CATEGORIES if getattr(message, c) is not None}
            messages[key] = PluralText(message.count, forms)
        else:
            messages[key] = message
    messages.setdefault(AS_WRITTEN, "{text}")
    shown = lang or game.info.source_language
    rules = {section.id: plain_text(section.title.tokens) for section in game.sections()}
    rules.update({ruling.id: plain_text(ruling.title.tokens) for ruling in game.clarifications})
    return Words(messages, plural_categories(shown), Grammar(**grammar(shown)), rules)


AS_WRITTEN = "text"
"""The message of a text of the content said as it is written (a deck automaton's action:
`automa.deck.program`), its words given as the value `text`."""


_CATEGORIES = ("zero", "one", "two", "few", "many", "other")


@functools.cache
def plural_categories(lang: str) -> dict[int, str]:
    """Babel's plural category of each number below PLURAL_NUMBERS that is not `other`."""
    rule = Locale.parse(locale_code(lang)).plural_form
    return {n: category for n in range(PLURAL_NUMBERS) if (category := rule(n)) != "other"}


def card_book(game: Game) -> CardBook:
    """Every marked or named card of a (localised) game: its set mark and its name."""
    names = {card.id: str(card.name) for card in game.cards if card.name}
    return CardBook(game.card_marks(), names)


def spoken(tokens: Iterable[Token], icon_words: Callable[[str], str]) -> str:
    """Tokens read out as plain words: module icons dropped, other icons by `icon_words`.

    An icon's words swallow a neighbouring noun they already contain: "ficha :demand:" is
    read "ficha de demanda", not "ficha ficha de demanda".
    """
    parts: list[str | IconRef] = []
    for token in tokens:
        if isinstance(token, IconRef):
            if not token.icon.startswith("module-"):
                parts.append(token)
        elif parts and isinstance(parts[-1], str):
            parts[-1] += plain_text([token])
        else:
            parts.append(plain_text([token]))
    out: list[str] = []
    for position, part in enumerate(parts):
        if isinstance(part, str):
            out.append(part)
            continue
        words = icon_words(part.icon)
        said = {word for word in words.lower().split() if len(word) > 3}  # not "de", "of"…
        before = re.search(r"(\w+) $", out[-1]) if out else None
        if before is not None and before.group(1).lower() in said:
            out[-1] = out[-1][: before.start()]
        following = parts[position + 1] if position + 1 < len(parts) else None
        if isinstance(following, str):
            after = re.match(r" (\w+)", following)
            if after is not None and after.group(1).lower() in said:
                parts[position + 1] = following[after.end() :]
        out.append(f" {words} ")
    return re.sub(r"\s+", " ", "".join(out)).strip()
