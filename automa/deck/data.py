"""The automaton language as typed data: the `automa:` record of kind `deck-automaton`.

This module composes the record: its decks of cards (each card's actions, in
`automa.deck.actions`), its levels, rounds, scoring and end, and the designer's automaton
that gives the cards it prints and its rules page's sheet (`automa.deck.sheet`). The shape
(pydantic records, each unknown key an error) is checked first; then the whole record is
checked by `automa.deck.checks`, each problem raised at its own place (a `ValidationError`
whose location is the YAML path), so the loader reports it as `automa.yaml:LINE:COL: …` like
every content error. Rule ids (`rules:` lists) and icons in the texts are checked by the
loader's cross-checks.

The language is documented for designers in docs/automaton-language.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Discriminator, Field, Tag, ValidationError, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from starpress.automa.deck.actions import (
    Action,
    ActionOrName,
    Expr,
    Name,
    Question,
    Step,
    Worded,
)
from starpress.automa.deck.checks import Checker
from starpress.automa.deck.sheet import sheet_of
from starpress.automa.engine.registry import ENGINE_MESSAGES
from starpress.core.model import Automa, Card, FieldValue, Game, PathKey, Plural, Record, Slug
from starpress.core.solo_sheet import SoloSheet
from starpress.core.text import Text

PLAYERS = ("human", "bot")
"""The players of a deck's game unless its `end` names others."""


CardKey = Annotated[
    int | Slug,
    BeforeValidator(lambda key: int(key) if isinstance(key, str) and key.isdigit() else key),
]
"""A card's number (a YAML key is read as text) or short name."""


class DeckCard(Record):
    """One card: its name, its data for the steps (`data`), its actions in the order tried,
    and its last resort."""

    name: Text | None = None
    data: dict[Name, str | int | list[str | int]] = Field(default_factory=dict)
    actions: list[ActionOrName] = Field(default_factory=list)
    last: ActionOrName | None = None


class Deck(Record):
    """One deck of the automaton (docs/automaton-language.md, Decks and cards)."""

    component: str | None = None
    resolve: Literal["first", "each"] = "first"
    on_empty: Literal["reshuffle", "end"] = "reshuffle"
    reshuffled: str | None = None
    refused: Worded | None = None
    """Why a number that is no card of the deck is refused (default: its range)."""
    flipped: Worded | None = None
    """Why a card already flipped is refused (`{card}` is read as `answer`)."""
    last: ActionOrName | None = None
    cards: dict[CardKey, DeckCard] = Field(min_length=1, max_length=60)


class Level(Record):
    """A difficulty: the cards shuffled into each deck (default: all) and its bonuses."""

    deck: dict[Name, list[int]] = Field(default_factory=dict)
    bonus: dict[Name, int] = Field(default_factory=dict)


class Rounds(Record):
    count: int = Field(ge=1, le=100)
    until: Expr | None = None


class Category(Record):
    """A category of the bot's score: what it counts, for the rules page."""

    text: Text | None = None


class TieBreakSpec(Record):
    key: Slug
    known: dict[str, Expr] = Field(default_factory=dict)
    higher_wins: bool = True


class EndSpec(Record):
    """How the winner is named (`automa.engine.state.Ending`): the players in turn order,
    the scores the program knows (the others are asked), the tie-breaks, a tie left."""

    rules: list[str] = Field(default=[], max_length=1)
    order: list[Slug] = Field(default=list(PLAYERS), min_length=1, max_length=6)
    scores: dict[str, Expr] | None = None
    """Default: the bot's score is the sum of its scoring categories."""
    tie_breaks: list[TieBreakSpec] = Field(default_factory=list)
    last: str = "shared"
    pad: Literal["none", "rounds"] = "none"
    """`rounds`: the final table has a line per round played (message `pad_round`, with
    `{round}`), each player's points scored in it (the known scores, as they stood at the
    end of each round); `none`: the table shows no lines."""


class WordsEach(Record):
    each: str
    none: str | None = None


class WordsMap(Record):
    map: dict[str | int, str]


WordsSpec = Annotated[
    Annotated[str, Tag("prefix")]
    | Annotated[WordsEach, Tag("each")]
    | Annotated[WordsMap, Tag("map")],
    Discriminator(
        lambda value: (
            "prefix"
            if isinstance(value, str)
            else "map"
            if isinstance(value, WordsMap) or (isinstance(value, Mapping) and "map" in value)
            else "each"
        ),
        custom_error_type="words",
        custom_error_message="words: a message prefix, {each: prefix}, or {map: …}",
    ),
]


class DeckRules(Record):
    """A whole automaton in the language (without the fields every bot's data has)."""

    default_level: Slug
    levels: dict[Slug, Level] = Field(min_length=1, max_length=12)
    variables: dict[Name, Any] = Field(default_factory=dict)
    words: dict[str, WordsSpec] = Field(default_factory=dict)
    questions: dict[Name, Question] = Field(default_factory=dict)
    actions: dict[Slug, Action] = Field(default_factory=dict)
    decks: dict[Name, Deck] = Field(min_length=1, max_length=12)
    scoring: dict[Name, Category] = Field(default_factory=dict)
    setup: list[Step] = Field(default_factory=list)
    rounds: Rounds
    round: list[Step] = Field(min_length=1)
    finish: list[Step] = Field(default_factory=list)
    status: list[Step] = Field(default_factory=list)
    end: EndSpec = EndSpec()

    def problems(self, messages: Mapping[str, Text | Plural]) -> list[tuple[PathKey, str]]:
        """Everything the whole record gets wrong, each at its path (`messages`: the bot's)."""
        return Checker(self, messages).run()


class DeckAutomaton(Automa, DeckRules):
    """A designer's automaton: its deck, rules and messages (kind `deck-automaton`)."""

    kind: Literal["deck-automaton"]

    def printed_cards(self, game_id: str) -> list[Card]:
        """Every card of each deck that names a `component`, as a card of the game for the
        kit: `number`, `name`, `actions` (each one's text, in the order tried) and `last`
        (its last resort). Its texts are the deck's own (their ids), so they are translated
        once; an action said with a message prints that message."""
        cards = []
        for deck_name, deck in self.decks.items():
            if deck.component is None:
                continue
            for number, card in deck.cards.items():
                fields: dict[str, FieldValue] = {}
                if isinstance(number, int):
                    fields["number"] = number
                lines = [self._printed(action) for action in card.actions]
                fields["actions"] = [line for line in lines if line is not None]
                last = self._printed(card.last or deck.last)
                if last is not None:
                    fields["last"] = last
                slug = f"automaton-{deck_name.replace('_', '-')}-{number}"
                cards.append(
                    Card(
                        id=f"{game_id}.card.{slug}",
                        component=deck.component,
                        name=card.name,
                        fields=fields,
                        provenance=self.provenance,
                    )
                )
        return cards

    def solo_sheet(self, game: Game) -> SoloSheet:
        """The deck as its rules page shows it, in the words of the (localised) `game`."""
        return sheet_of(self, self.messages, game)

    def _printed(self, action: Action | str | None) -> Text | None:
        """What a card prints of an action: its text, else its message (a plain one)."""
        found = self.actions.get(action) if isinstance(action, str) else action
        if found is None:
            return None
        if found.text is not None:
            return found.text
        message = self.messages.get(found.say or "")
        return message if isinstance(message, Text) else None

    @model_validator(mode="after")
    def _whole(self) -> DeckAutomaton:
        problems = [
            *self.problems(self.messages),
            *(
                (("messages",), f"missing message '{key}' (every bot words what the engine says)")
                for key in ENGINE_MESSAGES
                if key not in self.messages
            ),
        ]
        raise_problems("DeckAutomaton", problems)
        return self


def raise_problems(title: str, problems: list[tuple[PathKey, str]]) -> None:
    """Raise every problem at its place (the loader locates each in the YAML)."""
    if problems:
        errors = [
            InitErrorDetails(
                type=PydanticCustomError("value_error", "{error}", {"error": message}),
                loc=loc,
                input=None,
            )
            for loc, message in problems
        ]
        raise ValidationError.from_exception_data(title, errors)


for _model in (DeckCard, Deck, DeckRules, DeckAutomaton):
    _model.model_rebuild()
