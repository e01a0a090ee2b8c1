"""The content model: what a game is made of, as validated pydantic records.

Everything downstream (print-and-play, site, automa) reads these records; nothing else
parses the YAML. Every translatable field is a `starpress.core.text.Text`: the loader gives it
its stable id once, and `starpress.core.i18n.localize` turns a whole game into one language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    SerializeAsAny,
    field_validator,
    model_validator,
)

from starpress.core.limits import limits
from starpress.core.solo_sheet import SoloSheet
from starpress.core.text import Text, Token

LANGUAGES: tuple[str, ...] = ("pt-BR", "es", "it", "en")
"""Every language the project publishes, in the order pages and reports list them."""

Language = Literal["pt-BR", "es", "it", "en"]
Provenance = Literal["rulebook", "prototype"]
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

_SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"
SLUG_RE = re.compile(rf"^{_SLUG}$")
RECORD_ID_RE = re.compile(rf"^({_SLUG})\.([a-z]+)\.({_SLUG}(?:\.{_SLUG})*)$")
_SIZE_RE = re.compile(r"^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$")

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


# -- boards as data: maps (what is where on a board) and setups (where pieces go) -----------

GridKind = Literal["hex", "square", "points"]
_HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


class Named(Record):
    """Something a legend names: by a text of its own, or by the title of another record
    (`title_of: aristeia.glossary.casilla-bloqueada`), so a glossary term is not translated
    twice."""

    name: Text | None = None
    title_of: str | None = None

    @model_validator(mode="after")
    def _one_name(self) -> Named:
        if (self.name is None) == (self.title_of is None):
            raise ValueError("give either name or title_of (a record whose title names it)")
        return self


class MapPoint(Record):
    """A named spot on a map of points, in mm from the top-left corner of the map's box."""

    id: Slug
    x: float = Field(ge=0, le=2000)
    y: float = Field(ge=0, le=2000)


def _cell_name(cell: str) -> str:
    from starpress.core.cells import CELL_RE

    if not (CELL_RE.match(cell) or SLUG_RE.match(cell)):
        raise ValueError(f"a cell is two whole numbers like '3,-2', or a point's id (got {cell!r})")
    return cell


CellName = Annotated[str, AfterValidator(_cell_name)]
"""A cell of a grid map (`"3,-2"`) or a point of a map of points (its id)."""


class Terrain(Named):
    """One kind of cell (or point) of a map and the cells that have it. Kinds are layers:
    a cell may have several (a deployment zone over free floor); `default: true` gives this
    kind to every cell no other kind lists."""

    id: Slug
    cells: list[CellName] = Field(default=[], max_length=10000)
    default: bool = False


class BoardMap(Record):
    """What is where on a board, apart from how it looks: the grid (hexes, squares or named
    points), and which cells have which terrain. Its layout box (`templates/cards/`) says
    how big the cells are and how each terrain is painted."""

    id: str
    grid: GridKind
    orientation: Literal["flat", "pointy"] | None = None
    """Hexes: `pointy` (rows run straight across) or `flat` (columns run straight down)."""
    coords: Literal["axial", "offset"] | None = None
    """Hexes: `axial` q,r around (0, 0) (a hexagon of `rings`), or `offset` col,row in a
    rectangle (odd rows pushed right on a pointy map, odd columns pushed down on a flat one)."""
    rings: int | None = Field(default=None, ge=1, le=40)
    columns: int | None = Field(default=None, ge=1, le=80)
    rows: int | None = Field(default=None, ge=1, le=80)
    points: list[MapPoint] = []
    terrains: list[Terrain] = []
    provenance: Provenance = "rulebook"
    source: Slug | None = None

    @model_validator(mode="after")
    def _shape(self) -> BoardMap:
        shape = {"rings": self.rings, "columns": self.columns, "rows": self.rows}
        given = {key for key, value in shape.items() if value is not None}
        if self.grid == "hex":
            if self.orientation is None or self.coords is None:
                raise ValueError("a hex map needs orientation (flat or pointy) and coords")
            wanted = {"rings"} if self.coords == "axial" else {"columns", "rows"}
        elif self.grid == "square":
            if self.orientation is not None or self.coords not in (None, "offset"):
                raise ValueError("a square map has no orientation, and its coords are offset")
            wanted = {"columns", "rows"}
        else:
            if self.orientation is not None or self.coords is not None or not self.points:
                raise ValueError("a map of points lists its points (no orientation or coords)")
            wanted = set()
        if given != wanted:
            need = " and ".join(sorted(wanted)) or "no rings, columns or rows"
            raise ValueError(f"a {self.grid} map with these coords takes {need}")
        return self

    @model_validator(mode="after")
    def _terrains(self) -> BoardMap:
        from starpress.core.cells import parse_cell

        names = [point.id for point in self.points]
        if len(set(names)) != len(names):
            raise ValueError("two points of the map have the same id")
        kinds = [terrain.id for terrain in self.terrains]
        if len(set(kinds)) != len(kinds):
            raise ValueError("two terrains of the map have the same id")
        if sum(terrain.default for terrain in self.terrains) > 1:
            raise ValueError("only one terrain can be the default")
        for terrain in self.terrains:
            for cell in terrain.cells:
                if self.grid == "points":
                    if cell not in names:
                        raise ValueError(f"terrain '{terrain.id}': no point '{cell}' on the map")
                elif not self.has_cell(parse_cell(cell)):
                    raise ValueError(f"terrain '{terrain.id}': cell '{cell}' is not on the map")
        return self

    def has_cell(self, cell: tuple[int, int]) -> bool:
        from starpress.core.cells import in_grid, in_rings

        if self.rings is not None:
            return in_rings(cell, self.rings)
        return in_grid(cell, self.columns or 0, self.rows or 0)


class PieceKind(Named):
    """A kind of piece a setup places: how the picture draws it and what its key calls it."""

    id: Slug
    shape: Literal["disc", "square", "hex", "card"] = "disc"
    color: str = "#ffffff"
    icon: str | None = None
    size: float = Field(default=10.0, gt=0, le=80)
    """Across, in mm on the board."""

    @field_validator("color")
    @classmethod
    def _colour(cls, color: str) -> str:
        if not _HEX_COLOUR.match(color):
            raise ValueError(f"color must be #rrggbb (got {color!r})")
        return color


class SetupPiece(Record):
    """One piece where setup puts it: `at` a box of the board's front layout (`start-space`),
    or one cell of a map, track or grid box (`arena:0,-6`, `score:5`, `holes:home-1`)."""

    kind: Slug
    at: str = Field(min_length=1, max_length=100)
    dx: float = Field(default=0.0, ge=-200, le=200)
    dy: float = Field(default=0.0, ge=-200, le=200)
    """How far from that place, in mm (right and down): two ships beside one planet."""
    label: str | None = Field(default=None, max_length=4)
    """A mark on the piece (a step number, a letter): not translated."""


class Setup(Record):
    """A setup picture: a board with its pieces where setup puts them, drawn from the same
    layouts as the kit, for the site and the rulebooks (in the rules section it belongs to)."""

    id: str
    title: Text
    caption: Text | None = None
    board: str
    """The card whose front is the board (a card id of this game)."""
    section: str
    """The rules section the picture illustrates."""
    kinds: list[PieceKind] = Field(min_length=1)
    pieces: list[SetupPiece] = Field(min_length=1, max_length=2000)
    provenance: Provenance = "rulebook"
    source: Slug | None = None

    @model_validator(mode="after")
    def _known_kinds(self) -> Setup:
        known = {kind.id for kind in self.kinds}
        for number, piece in enumerate(self.pieces, 1):
            if piece.kind not in known:
                raise ValueError(f"piece {number}: unknown kind '{piece.kind}'")
        return self


# -- bots as data (content/<game>/automa.yaml); `kind` says which bot reads them ----------


class AutomaPage(Record):
    """Another variant the same bot plays, with the options that select it: `play` for the
    commands its site page shows, `charts` for the simulations charted there (a value `all`
    charts every value of that option)."""

    play: dict[str, str] = {}
    charts: dict[str, str] = {}


class Plural(Record):
    """A message whose words depend on a number: one text per CLDR plural category.

    `count` names the placeholder whose number chooses the form; Babel's plural rules of
    the session's language pick the category (`one`, `other`…; pt-BR says 0 with `one`, it
    and es say a million with `many`), a missing one falls back to `other`. Each form is a
    text of its own in the catalogs (`<id>.one`, `<id>.other`), translated like any other.
    """

    count: str
    one: Text
    other: Text
    zero: Text | None = None
    two: Text | None = None
    few: Text | None = None
    many: Text | None = None


class ScoreLine(Record):
    """One line of a game's score pad, in the order of its rulebook's scoring summary: what
    is counted (`key`; the bot's message `pad_<key>` labels it) and the points a person may
    write on it."""

    key: str
    low: int = 0
    high: int = 999


class Automa(Record):
    """What every bot's data has: the variant it plays, whose design it is, what it says."""

    kind: str
    """Which bot reads this data: a kind registered in `starpress.core.bots`."""
    variant: str
    provenance: Provenance = "rulebook"
    pages: dict[str, AutomaPage] = {}
    """Variant id -> another variant page of the site that plays this bot (Afternova solo)."""
    score_pad: list[ScoreLine] = []
    """The game's scoring categories (its score pad): each person writes their final score
    line by line; none: a person's score is one number."""
    messages: dict[str, Text | Plural] = {}
    """The bot's messages in the source language, `{name}` placeholders filled by its rules;
    a message with a number of things is a `Plural`."""

    def solo_sheet(self, game: Game) -> SoloSheet | None:
        """Its deck of cards as a rules page shows it (`starpress.core.solo_sheet`): none,
        unless its bot is a deck automaton. `game` is the (localised) game it belongs to."""
        return None

    def printed_cards(self, game_id: str) -> list[Card]:
        """The cards this data prints besides the game's card files: none, unless its bot
        writes its own (a deck automaton's cards, `automa.deck.data`). The loader adds them
        to the game's cards; their texts are this data's, with their ids."""
        return []


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
