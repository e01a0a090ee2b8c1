"""The content model: what a game is made of, as validated pydantic records.

Everything downstream (print-and-play, site, automa) reads these records; nothing else
parses the YAML. Every translatable field is a `starpress.core.text.Text`: the loader gives it
its stable id once, and `starpress.core.i18n.localize` turns a whole game into one language.

This module is the content model's one entry point: import every record and helper of the
model from here. It holds the game and its text-bearing records (rules, glossary, components,
cards…) and re-exports the rest, which lives in sibling modules so that none grows too long:
`starpress.core.records` (the `Record` base, slugs, languages, `map_texts`),
`starpress.core.boards` (maps and setups) and `starpress.core.bot_data` (bots as data).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import (
    Field,
    SerializeAsAny,
    field_validator,
    model_validator,
)

from starpress.core.boards import (
    BoardMap,
    CellName,
    GridKind,
    MapPoint,
    Named,
    PieceKind,
    Setup,
    SetupPiece,
    Terrain,
)
from starpress.core.bot_data import Automa, AutomaPage, Plural, ScoreLine
from starpress.core.limits import limits
from starpress.core.records import (
    LANGUAGES,
    RECORD_ID_RE,
    SLUG_RE,
    Language,
    PathKey,
    Provenance,
    Record,
    Slug,
    TextVisitor,
    all_texts,
    map_texts,
    texts_with_paths,
)
from starpress.core.text import Text, Token

# ruff: noqa: RUF012 - every class here is a pydantic record (through `Record`, which ruff
# cannot follow across modules): pydantic copies a list or dict default for each instance.

__all__ = [  # every name of the content model, including those its sibling modules define
    "FIELD_NAME_RE", "LANGUAGES", "PRINTED_KINDS", "RECORD_ID_RE", "SIZE_PRESETS_MM", "SLUG_RE",
    "Automa", "AutomaPage", "Blocks", "BoardMap", "Card", "CellName", "Clarification",
    "Component", "ComponentKind", "ContentFile", "Credit", "Face", "FieldValue", "Game",
    "GameInfo", "GlossaryEntry", "GridKind", "Icon", "Language", "MapPoint", "Named", "Note",
    "PathKey", "PieceKind", "Pieces", "Plural", "Provenance", "Range", "Record", "ScoreLine",
    "Section", "Setup", "SetupPiece", "Slug", "Source", "SourceKind", "Step", "Table", "Terrain",
    "TextVisitor", "Variant", "all_texts", "map_texts", "size_mm", "texts_with_paths",
]  # fmt: skip
ComponentKind = Literal[
    "card",
    "token",
    "tile",
    "board",
    "marker",
    "die",
    "aid",
    "miniature",
    "pawn",
    "cube",
    "disc",
    "bag",
    "rulebook",
    "other",
]
SourceKind = Literal["seed", "official", "review", "community"]

PRINTED_KINDS: frozenset[str] = frozenset({"card", "token", "tile", "board", "aid"})
"""Kinds of component that are paper in the box: a kit prints every one of them (unless the
component says `printed: false`). Other kinds are printed only when the component says
`printed: true` or has cards (the sticker faces of Ascending Empires' discs)."""

SIZE_PRESETS_MM: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.2, 88.9),
    "mini-euro": (44.0, 68.0),
    "mini-us": (41.0, 63.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}
"""Card size presets in millimetres (width, height)."""

_SIZE_RE = re.compile(r"^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$")


def size_mm(size: str) -> tuple[float, float]:
    """Width and height in mm of a size preset name or a `WxH` string in mm."""
    if size in SIZE_PRESETS_MM:
        return SIZE_PRESETS_MM[size]
    match = _SIZE_RE.match(size)
    if match is None:
        presets = ", ".join(SIZE_PRESETS_MM)
        raise ValueError(f"size must be one of {presets} or WxH in mm (e.g. 63.5x88), not {size!r}")
    return float(match.group(1)), float(match.group(2))


class Range(Record):
    min: int = Field(ge=1)
    max: int = Field(ge=1)

    @model_validator(mode="after")
    def _ordered(self) -> Range:
        if self.max < self.min:
            raise ValueError(f"max ({self.max}) must be at least min ({self.min})")
        return self


class Source(Record):
    """A work the data rests on: its own `title` as published (a name, never translated),
    and a `note` saying what it is, a text like any other (translated)."""

    id: Slug
    title: str
    kind: SourceKind
    note: Text | None = None
    url: str | None = None


class Credit(Record):
    role: Text
    names: list[str] = Field(min_length=1)
    source: Slug
    note: Text | None = None


class Note(Record):
    text: Text
    source: Slug | None = None


class Variant(Record):
    id: str
    name: Text
    players: Range
    summary: Text
    rules: list[str] = []


class GameInfo(Record):
    """The game record (game.yaml); its texts' ids start `<game>.game.`."""

    id: Slug
    title: str
    titles: dict[Language, str] = {}
    tagline: Text
    summary: Text
    source_language: Language
    languages: list[Language] = Field(min_length=1)
    players: Range
    play_time: Range
    age: int | None = Field(default=None, ge=1)
    year: int | None = None
    publishers: list[str] = []
    variants: list[Variant] = []
    sources: list[Source] = Field(min_length=1)
    credits: list[Credit] = []
    notes: list[Note] = []

    def text_prefix(self, outer: str) -> str:
        return f"{self.id}.game"

    @model_validator(mode="after")
    def _source_language_listed(self) -> GameInfo:
        if self.source_language not in self.languages:
            raise ValueError(f"languages must include the source language {self.source_language}")
        return self


class Face(Record):
    id: Slug
    name: Text
    text: Text | None = None


class Component(Record):
    id: str
    kind: ComponentKind
    name: Text
    count: int = Field(ge=1, le=limits().count)  # limits.yaml: far above any real box
    size: str | None = None
    faces: list[Face] = []
    description: Text | None = None
    variant: str | None = None
    provenance: Provenance = "rulebook"
    source: Slug | None = None
    mark: str | None = None
    """The deck's letter(s) in the set mark printed on each card's front (`B 12/40`): the
    cards a bot asks about are named by it at the table (see `Game.card_marks`)."""
    printed: bool | None = None
    """Whether the kit must print this component (its cards add up to its count): by
    default the paper kinds (`PRINTED_KINDS`) and anything with cards; `true` holds a kit
    to printing, say, disc faces; `false` leaves a paper component out on purpose."""

    @field_validator("mark")
    @classmethod
    def _mark_letters(cls, mark: str | None) -> str | None:
        if mark is not None and not re.fullmatch(r"[A-Z]{1,3}", mark):
            raise ValueError(f"mark must be 1 to 3 capital letters, like B (got {mark!r})")
        return mark

    @field_validator("size")
    @classmethod
    def _known_size(cls, size: str | None) -> str | None:
        if size is not None:
            size_mm(size)
        return size


class Step(Record):
    """A numbered (or lettered, with `label`) step; a plain string is a step with only text."""

    label: Text | None = None
    text: Text
    steps: list[Step] = []

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value: Any) -> Any:
        return {"text": value} if isinstance(value, str) else value


class Table(Record):
    caption: Text | None = None
    columns: list[Text] = Field(min_length=1)
    rows: list[list[Text]] = Field(min_length=1)

    @model_validator(mode="after")
    def _rectangular(self) -> Table:
        for number, row in enumerate(self.rows, 1):
            if len(row) != len(self.columns):
                raise ValueError(
                    f"row {number} has {len(row)} cells; the table has {len(self.columns)} columns"
                )
        return self


class Blocks(Record):
    """Body text with the lists, numbered steps and tables the rulebook has, as data."""

    body: Text | None = None
    items: list[Text] = []
    steps: list[Step] = []
    tables: list[Table] = []
    after: Text | None = None


class Section(Blocks):
    id: str
    title: Text
    sections: list[Section] = []
    source: Slug | None = None
    provenance: Provenance = "rulebook"

    def walk(self) -> Iterator[Section]:
        """This section and every section below it, depth first."""
        yield self
        for child in self.sections:
            yield from child.walk()


class GlossaryEntry(Blocks):
    id: str
    term: Text
    short: Text
    related: list[str] = []


class Icon(Record):
    id: Slug
    file: str
    name: dict[Language, str] = Field(min_length=1)
    meaning: Text | None = None
    """What the icon means in play, in the source language (`<game>.icon.<id>.meaning`)."""

    def text_prefix(self, outer: str) -> str:
        """`<game>.icon.<id>`, like the icon's name: stable whatever the icons' order."""
        return f"{outer.split('.', 1)[0]}.icon.{self.id}"


class Clarification(Record):
    id: str
    title: Text
    rules: list[str] = Field(min_length=1)
    source_says: Text
    resolution: Text
    source: Slug | None = None


class Pieces(Record):
    """A board cut into equal pieces (`columns` x `rows`), each a component of its own in
    the box (the kit prints each piece on its own sheets)."""

    columns: int = Field(ge=1, le=12)
    rows: int = Field(ge=1, le=12)

    @property
    def count(self) -> int:
        return self.columns * self.rows


FieldValue = Text | int | float | list[Text]
"""What a card field holds: a text in markup, a number, or a list of texts."""
FIELD_NAME_RE = re.compile(r"^[a-z][a-z0-9_]*$")


class Card(Record):
    """One printed face design of a component, with `count` copies in the box.

    `fields` are the values the card's layout (templates/cards/<game>.yaml) draws; `back`
    holds the fields of a back that differs per card (a true per-card back).
    """

    id: str
    component: str
    count: int = Field(default=1, ge=1, le=limits().count)  # limits.yaml
    layout: Slug | None = None
    name: Text | None = None
    fields: dict[str, FieldValue] = {}
    back: dict[str, FieldValue] | None = None
    pieces: Pieces | None = None
    """A board in several pieces: each copy counts `columns` x `rows` of its component."""
    provenance: Provenance = "rulebook"
    source: Slug | None = None

    @property
    def copies(self) -> int:
        """How many of its component this card is in the box: its count, times its pieces."""
        return self.count * (self.pieces.count if self.pieces else 1)

    def field_tokens(self, name: str, back: bool = False) -> list[Token]:
        """The inline tokens of a text field (all items of a list field), in order."""
        value = (self.back or {}).get(name) if back else self.fields.get(name)
        items = value if isinstance(value, list) else [value]
        return [token for item in items if isinstance(item, Text) for token in item.tokens]

    @field_validator("fields", "back")
    @classmethod
    def _field_names(cls, fields: dict[str, FieldValue] | None) -> dict[str, FieldValue] | None:
        for name in fields or {}:
            if not FIELD_NAME_RE.match(name):
                raise ValueError(f"field name {name!r} must be lowercase letters, digits and _")
        return fields


class ContentFile(Record):
    """One YAML file of a game folder: any of the top-level keys below."""

    game: GameInfo | None = None
    components: list[Component] = []
    rules: list[Section] = []
    glossary: list[GlossaryEntry] = []
    icons: list[Icon] = []
    clarifications: list[Clarification] = []
    cards: list[Card] = []
    maps: list[BoardMap] = []
    setups: list[Setup] = []
    automa: SerializeAsAny[Automa] | None = None
    """A game's bot as data, typed by the bot its `kind` names (`starpress.core.bots`)."""


class Game(Record):
    """One game, assembled from all of its files and checked as a whole."""

    info: GameInfo
    components: list[Component] = []
    rules: list[Section] = []
    glossary: list[GlossaryEntry] = []
    icons: list[Icon] = []
    clarifications: list[Clarification] = []
    cards: list[Card] = []
    maps: list[BoardMap] = []
    setups: list[Setup] = []
    automa: SerializeAsAny[Automa] | None = None
    icon_names: dict[str, Text] = {}
    """Each icon's name in the game's language (the source language until localised)."""

    @property
    def id(self) -> str:
        return self.info.id

    def sections(self) -> Iterator[Section]:
        """Every rules section of the game, depth first in reading order."""
        for section in self.rules:
            yield from section.walk()

    def ids(self) -> dict[str, Text]:
        """Every addressable record id with its display title (for cross-references)."""
        titles: dict[str, Text] = {}
        for section in self.sections():
            titles[section.id] = section.title
        for entry in self.glossary:
            titles[entry.id] = entry.term
        for component in self.components:
            titles[component.id] = component.name
        for variant in self.info.variants:
            titles[variant.id] = variant.name
        for clarification in self.clarifications:
            titles[clarification.id] = clarification.title
        for card in self.cards:  # a nameless design (a board) is called what its component is
            titles[card.id] = card.name or titles.get(card.component) or Text(card.id)
        for setup in self.setups:
            titles[setup.id] = setup.title
        return titles

    def component(self, component_id: str) -> Component:
        for component in self.components:
            if component.id == component_id:
                return component
        raise KeyError(component_id)

    def cards_of(self, component_id: str) -> list[Card]:
        """The card designs of one component, in file order."""
        return [card for card in self.cards if card.component == component_id]

    def card_marks(self) -> dict[str, str]:
        """The set mark of every card of a component with a `mark`: its letter(s), then the
        card's position among the component's designs in file order and their number
        (`B 12/40`). Stable while the deck's files keep their order; printed on the front."""
        marks = {}
        for component in self.components:
            if component.mark is not None:
                cards = self.cards_of(component.id)
                for position, card in enumerate(cards, 1):
                    marks[card.id] = f"{component.mark} {position}/{len(cards)}"
        return marks

    def board_map(self, map_id: str) -> BoardMap:
        for found in self.maps:
            if found.id == map_id:
                return found
        raise KeyError(map_id)

    def card(self, card_id: str) -> Card:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def printed(self, component: Component) -> bool:
        """Whether a kit of this game must print the component (see `Component.printed`)."""
        if component.printed is not None:
            return component.printed
        return component.kind in PRINTED_KINDS or bool(self.cards_of(component.id))

    def icon(self, icon_id: str) -> Icon:
        for icon in self.icons:
            if icon.id == icon_id:
                return icon
        raise KeyError(icon_id)
