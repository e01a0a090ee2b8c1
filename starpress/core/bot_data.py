"""Bots as data, part of the content model (`starpress.core.model`, which re-exports every
name here): what every bot's data (`content/<game>/automa.yaml`) has, whatever its `kind`,
and the messages it says. Each bot's own data model subclasses `Automa`
(`starpress.core.bots` finds it by its kind)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starpress.core.records import Provenance, Record
from starpress.core.text import Text

if TYPE_CHECKING:
    from starpress.core.model import Card, Game
    from starpress.core.solo_sheet import SoloSheet

# ruff: noqa: RUF012 - every class here is a pydantic record (through `Record`, which ruff
# cannot follow across modules): pydantic copies a list or dict default for each instance.


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
