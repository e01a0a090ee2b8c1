"""The text markup, parsed once: icons, cross-references, bold and italic.

Markup inside any text field of the content:

- `:energy:` an inline icon;
- `[[asteria.rules.setup]]` or `[[asteria.rules.setup|label]]` a cross-reference (the game
  prefix may be left out inside a game: `[[rules.setup]]`);
- `**bold**` and `*italic*`.

`parse_inline` turns one line of text into neutral tokens that every renderer (PDF, site,
terminal) draws in its own way; `references` and `icons` list what a text points at, so
the loader can check that every target exists.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

ICON_RE = re.compile(r"(?<!\w):([a-z][a-z0-9]*(?:-[a-z0-9]+)*):(?!\w)")
REF_RE = re.compile(r"\[\[([^\[\]|]+?)(?:\|([^\[\]]+))?\]\]")
_EMPHASIS_RE = re.compile(r"\*\*(.+?)\*\*|\*(?!\s)(.+?)(?<!\s)\*")


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


Token = Span | IconRef | CrossRef


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
    masked = _mask(text, REF_RE)
    masked = _mask(masked, re.compile(r"`[^`]*`"))
    for match in ICON_RE.finditer(masked):
        yield Found(match.group(1), match.start(), match.group(0))


def parse_inline(text: str, game_id: str | None = None) -> list[Token]:
    """Tokens of one run of inline text; cross-reference targets are qualified with `game_id`."""
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


def plain_text(tokens: list[Token], titles: dict[str, str] | None = None) -> str:
    """The tokens as plain text: icons as `:id:`, references as their label or target title."""
    parts: list[str] = []
    for token in tokens:
        if isinstance(token, Span):
            parts.append(token.text)
        elif isinstance(token, IconRef):
            parts.append(f":{token.icon}:")
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
