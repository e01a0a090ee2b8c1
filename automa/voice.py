"""How a bot speaks: its messages (content/<game>/automa.yaml) in the session's language,
and printed card text read out as plain words."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from babel import Locale

from automa.choices import CardBook
from starpress.catalogs import locale_code
from starpress.model import Game, Plural
from starpress.text import IconRef, Text, Token, plain_text


@dataclass
class Voice:
    """A bot's messages, in the language of its localised game (a message key it does not
    word is said as the key itself); `lang` chooses plural forms (default: the source's)."""

    game: Game
    lang: str | None = None

    def __call__(self, key: str, **values: Any) -> str:
        messages = self.game.automa.messages if self.game.automa else {}
        found = messages.get(key)
        if found is None:
            return key
        template = self.plural(found, values) if isinstance(found, Plural) else found
        shown = {
            name: ", ".join(map(str, value)) if isinstance(value, list) else value
            for name, value in values.items()
        }
        try:
            return str(template).format(**shown)
        except (KeyError, IndexError):
            return template.source.format(**shown)

    def plural(self, message: Plural, values: dict[str, Any]) -> Text:
        """The form of a plural message for its number, by Babel's rules of the language."""
        number = values.get(message.count)
        if not isinstance(number, int):
            return message.other
        category = _locale(self.lang or self.game.info.source_language).plural_form(abs(number))
        form = getattr(message, category, None)
        return form if isinstance(form, Text) else message.other


@functools.cache
def _locale(lang: str) -> Locale:
    return Locale.parse(locale_code(lang))


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
