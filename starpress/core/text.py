"""The text markup, parsed once: icons, cross-references, bold and italic.

Markup inside any text field of the content:

- `:energy:` an inline icon;
- `[[asteria.rules.setup]]` or `[[asteria.rules.setup|label]]` a cross-reference (the game
  prefix may be left out inside a game: `[[rules.setup]]`);
- `**bold**` and `*italic*`.

- `` `code` `` literal text, and paragraphs (blank lines), `- ` bullets and `1. ` numbered
  items as the only block structure.

`Text` is what the model holds for every translatable text: its value in one language, its
stable id (the gettext msgctxt, assigned once by the loader) and its source-language text.
`Text.blocks` and `Text.tokens` turn it into neutral tokens that every renderer (PDF, site,
terminal) draws in its own way; `references` and `icons` list what a text points at, so
the loader can check that every target exists. This is the only module that reads markup.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

ICON_RE = re.compile(r"(?<!\w):([a-z][a-z0-9]*(?:-[a-z0-9]+)*):(?!\w)")
REF_RE = re.compile(r"\[\[([^\[\]|]+?)(?:\|([^\[\]]+))?\]\]")
_EMPHASIS_RE = re.compile(r"\*\*(.+?)\*\*|\*(?!\s)(.+?)(?<!\s)\*")
_CODE_RE = re.compile(r"`([^`]*)`")
_TRAILING_NUMBER = re.compile(r"(\d+)\s*$")
_ITEM_RE = re.compile(r"^(?:(- )|(\d+)\. )")
_HEX = re.compile(r"^#[0-9a-fA-F]{3,8}$")
_LETTER = re.compile(r"[^\W\d_]")


@dataclass(frozen=True)
class Span:
    """Plain text with its emphasis."""

    text: str
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True)
class IconRef:
    """An inline icon, by its game-local id."""

    icon: str
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True)
class CrossRef:
    """A link to another record; `label` is None when the target's title is to be shown."""

    target: str
    label: str | None = None
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True)
class Code:
    """Literal text (`` `provenance: prototype` ``): no markup inside, shown as code."""

    text: str
    bold: bool = False
    italic: bool = False


Token = Span | IconRef | CrossRef | Code


@dataclass(frozen=True)
class Paragraph:
    """A run of inline tokens; single line breaks inside it are spaces."""

    tokens: tuple[Token, ...]


@dataclass(frozen=True)
class Items:
    """A bulleted (`- `) or numbered (`1. `) list; each item a run of inline tokens."""

    ordered: bool
    items: tuple[tuple[Token, ...], ...]


Block = Paragraph | Items


class Text(str):
    """A translatable text: its value in one language, in markup, with who it is.

    `id` is the stable id (the gettext msgctxt) the loader assigns; `source` is the text
    in the game's source language (the msgid); `fallback` is true when a localised game
    shows the source text because the language has no current translation of it; `where`
    is the file and line it was written at. Operations on it give plain `str`: only the
    loader and `starpress.core.i18n.localize` make Texts.
    """

    id: str
    source: str
    fallback: bool
    where: tuple[str, int] | None

    def __new__(
        cls,
        value: str,
        id: str = "",
        source: str | None = None,
        fallback: bool = False,
        where: tuple[str, int] | None = None,
    ) -> Text:
        made = super().__new__(cls, value)
        made.id = id
        made.source = value if source is None else source
        made.fallback = fallback
        made.where = where
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text, (str(self), self.id, self.source, self.fallback, self.where))

    def __deepcopy__(self, memo: dict[int, Any]) -> Text:
        return self  # immutable

    def __copy__(self) -> Text:
        return self

    @property
    def game_id(self) -> str | None:
        """The game this text belongs to (the first part of its id), for cross-references."""
        return self.id.split(".", 1)[0] if self.id else None

    def with_id(self, text_id: str, where: tuple[str, int] | None = None) -> Text:
        return Text(str(self), text_id, self.source, self.fallback, where or self.where)

    def translated(self, value: str, fallback: bool) -> Text:
        """The same text in another language (or the source again, as a fallback)."""
        return Text(value, self.id, self.source, fallback, self.where)

    @cached_property
    def blocks(self) -> tuple[Block, ...]:
        """Paragraphs and lists of inline tokens."""
        return tuple(parse_blocks(str(self), self.game_id))

    @cached_property
    def tokens(self) -> tuple[Token, ...]:
        """All inline tokens, paragraphs and items joined by a space (for one-line use)."""
        joined: list[Token] = []
        for block in self.blocks:
            runs = [block.tokens] if isinstance(block, Paragraph) else list(block.items)
            for run in runs:
                if joined:
                    joined.append(Span(" "))
                joined.extend(run)
        return tuple(joined)

    @property
    def translatable(self) -> bool:
        return needs_translation(str(self))

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_wrap_validator_function(
            _as_text,
            core_schema.str_schema(),
            serialization=core_schema.plain_serializer_function_ser_schema(_as_str),
        )


def _as_str(value: Any) -> str:
    """A text as plain `str` when serialised. Anything else is refused so that a union
    (`Text | int | float | list[Text]`, a card field) serialises its list as a list: a
    serializer that took any value made `[':piloting:']` the string "[':piloting:']"."""
    if not isinstance(value, str):
        from pydantic_core import PydanticSerializationUnexpectedValue

        raise PydanticSerializationUnexpectedValue("not a text")
    return str(value)


def _as_text(value: Any, check: Any) -> Text:
    """A Text kept as it is (with its id); anything else checked as a string first."""
    return value if isinstance(value, Text) else Text(check(value))


def icon_ids(tokens: Iterable[Token]) -> list[str]:
    """The icons among some tokens, in order (a cost, an objective)."""
    return [token.icon for token in tokens if isinstance(token, IconRef)]


def counted_icons(tokens: Iterable[Token]) -> list[tuple[int, str]]:
    """Icons written after a number ("2 :cog:"), with that number, in order."""
    found: list[tuple[int, str]] = []
    before = ""
    for token in tokens:
        if isinstance(token, IconRef):
            number = _TRAILING_NUMBER.search(before)
            if number is not None:
                found.append((int(number.group(1)), token.icon))
            before = ""
        else:
            before = token.text if isinstance(token, Span | Code) else ""
    return found


def needs_translation(text: str) -> bool:
    """False for texts with nothing to translate: numbers, icons, colour codes."""
    if _HEX.match(text.strip()):
        return False
    # a cross-reference's label is text to translate; its target id is not
    labels = REF_RE.sub(lambda match: match.group(2) or "", text)
    bare = ICON_RE.sub("", labels)
    return bool(_LETTER.search(bare))


def markup_items(text: str) -> set[str]:
    """The icons and cross-reference targets of a text, as written (`:ore:`, `[[id]]`)."""
    return set(markup_item_list(text))


def markup_item_list(text: str) -> list[str]:
    """Every icon and cross-reference target of a text as written, repeats kept (to count)."""
    if "[[" not in text and not ICON_RE.search(text):
        return []  # blanking out references and code (`icons`) only ever removes icons
    found = [f":{item.value}:" for item in icons(text)]
    return found + [f"[[{item.value}]]" for item in references(text)]


@dataclass(frozen=True)
class Found:
    """A markup item found in a text, with its character offset (for error positions)."""

    value: str
    offset: int
    markup: str


def qualify(target: str, game_id: str) -> str:
    """The full id of a cross-reference target written with or without the game prefix."""
    target = target.strip()
    return target if target.startswith(f"{game_id}.") else f"{game_id}.{target}"


def references(text: str) -> Iterator[Found]:
    """Every cross-reference target in a text, as written."""
    for match in REF_RE.finditer(text):
        yield Found(match.group(1).strip(), match.start(), match.group(0))


def icons(text: str) -> Iterator[Found]:
    """Every icon id in a text (cross-references and inline code are not searched)."""
    masked = _mask(text, REF_RE) if "[[" in text else text
    masked = _mask(masked, _CODE_RE) if "`" in masked else masked
    for match in ICON_RE.finditer(masked):
        yield Found(match.group(1), match.start(), match.group(0))


def parse_blocks(text: str, game_id: str | None = None) -> list[Block]:
    """Paragraphs (split at blank lines) and lists (lines starting `- ` or `1. `)."""
    blocks: list[Block] = []
    for chunk in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in chunk.split("\n") if line.strip()]
        runs: list[tuple[bool | None, list[str]]] = []  # (ordered, or None for prose; lines)
        for line in lines:
            item = _ITEM_RE.match(line)
            if item is not None:
                runs.append((item.group(2) is not None, [line[item.end() :]]))
            elif runs:
                runs[-1][1].append(line)
            else:
                runs.append((None, [line]))
        for ordered, run in runs:
            tokens = tuple(parse_inline(" ".join(run), game_id))
            previous = blocks[-1] if blocks else None
            if ordered is None:
                blocks.append(Paragraph(tokens))
            elif isinstance(previous, Items) and previous.ordered == ordered:
                blocks[-1] = Items(ordered, (*previous.items, tokens))
            else:
                blocks.append(Items(ordered, (tokens,)))
    return blocks


def parse_inline(text: str, game_id: str | None = None) -> list[Token]:
    """Tokens of one run of inline text; cross-reference targets are qualified with `game_id`."""
    tokens: list[Token] = []
    position = 0
    for match in _CODE_RE.finditer(text):
        tokens.extend(_emphasis(text[position : match.start()], game_id))
        tokens.append(Code(match.group(1)))
        position = match.end()
    if position == 0:
        return _emphasis(text, game_id)
    tokens.extend(_emphasis(text[position:], game_id))
    return tokens


def _emphasis(text: str, game_id: str | None) -> list[Token]:
    tokens: list[Token] = []
    position = 0
    for match in _EMPHASIS_RE.finditer(text):
        tokens.extend(_plain(text[position : match.start()], game_id, False, False))
        if match.group(1) is not None:
            tokens.extend(_plain(match.group(1), game_id, True, False))
        else:
            tokens.extend(_plain(match.group(2), game_id, False, True))
        position = match.end()
    tokens.extend(_plain(text[position:], game_id, False, False))
    return tokens


def plain_text(
    tokens: Iterable[Token],
    titles: Mapping[str, str] | None = None,
    icon_names: Mapping[str, str] | None = None,
) -> str:
    """The tokens as plain text: icons by name (or as `:id:`), references by their label or
    their target's title, emphasis dropped."""
    parts: list[str] = []
    for token in tokens:
        if isinstance(token, Span | Code):
            parts.append(token.text)
        elif isinstance(token, IconRef):
            name = (icon_names or {}).get(token.icon)
            parts.append(name if name is not None else f":{token.icon}:")
        else:
            parts.append(token.label or (titles or {}).get(token.target, token.target))
    return "".join(parts)


def _plain(text: str, game_id: str | None, bold: bool, italic: bool) -> Iterator[Token]:
    """Split emphasis-free text into spans, icons and references."""
    pattern = re.compile(f"{REF_RE.pattern}|{ICON_RE.pattern}")
    position = 0
    for match in pattern.finditer(text):
        if match.start() > position:
            yield Span(text[position : match.start()], bold, italic)
        if match.group(1) is not None:
            target = match.group(1).strip()
            if game_id is not None:
                target = qualify(target, game_id)
            label = match.group(2).strip() if match.group(2) else None
            yield CrossRef(target, label, bold, italic)
        else:
            yield IconRef(match.group(3), bold, italic)
        position = match.end()
    if position < len(text):
        yield Span(text[position:], bold, italic)


def _mask(text: str, pattern: re.Pattern[str]) -> str:
    """The text with every match of `pattern` blanked out, keeping offsets."""
    return pattern.sub(lambda match: " " * len(match.group(0)), text)
