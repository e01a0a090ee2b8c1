"""What a solo mode's rules page says of its automaton's deck, for every renderer to draw.

A bot whose data is a deck of cards in the automaton language gives this sheet
(`Automa.solo_sheet`, built by `automa.deck.sheet`): its decks and cards in order, each action
with the questions that decide it and the answer it needs, each card's last resort, how the
levels differ (the cards in each deck, the bonuses) and what its score counts. The site's
solo page and the rulebook draw it; neither reads the language itself. Texts are the
model's (`Text`, in the game's language once localised); question words are plain text, said
as the table asks them without the list of answers.
"""

from __future__ import annotations

from dataclasses import dataclass

from starpress.core.text import Text


@dataclass(frozen=True)
class Condition:
    """What an action needs: a question as the table asks it, and the answer that lets it."""

    question: str
    answer: str


@dataclass(frozen=True)
class SheetAction:
    """One action of a card: what it prints and says (`text`), what decides it, what chooses
    its target (the priority list's questions, then the tie-break), the rules it follows."""

    text: Text | None
    conditions: tuple[Condition, ...] = ()
    target: tuple[str, ...] = ()
    tie: str = ""
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class SheetCard:
    number: int | str
    name: Text | None
    actions: tuple[SheetAction, ...]
    last: SheetAction | None


@dataclass(frozen=True)
class SheetDeck:
    """A deck: `first` (the first action that can, else the last resort) or every action
    that can, in order; whether an empty deck is shuffled again or ends the game."""

    name: str
    first: bool
    reshuffle: bool
    cards: tuple[SheetCard, ...]


@dataclass(frozen=True)
class SheetLevel:
    name: str
    label: str
    cards: tuple[tuple[str, tuple[int | str, ...]], ...]
    """For each deck, the cards shuffled in at this level."""
    bonus: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class SoloSheet:
    decks: tuple[SheetDeck, ...]
    levels: tuple[SheetLevel, ...]
    scoring: tuple[tuple[str, Text | None], ...]
    rounds: int
