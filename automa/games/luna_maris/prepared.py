"""What every game of Luna Maris shares, prepared once from the content: the automaton's data,
the shared decks, and how the game's ids are read out in the session's language."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from starpress.automa.engine.choices import NO_CARDS, CardBook
from starpress.automa.engine.pad import PadSpec, pad_spec
from starpress.automa.games.luna_maris.model import Decks
from starpress.automa.games.luna_maris.rules import Settings

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.games.luna_maris.data import LunaMarisCard
    from starpress.core.model import Game


@dataclass(frozen=True)
class Speech:
    """How the game's ids are read out in the session's language, as data (built by
    `automa.games.luna_maris.bot.speech`): an id it has no words for is said as itself."""

    modules: Mapping[str, str] = field(default_factory=dict)  # module key -> its name
    steps: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Each round card's printed steps (by its letter, lower case), read out in words."""
    names: Mapping[str, str] = field(default_factory=dict)  # card or icon id -> its name
    cards: CardBook = NO_CARDS  # the cards' marks and names, asked at the table

    def module_name(self, key: str) -> str:
        return self.modules.get(key, key)

    def step_text(self, letter: str, index: int) -> str:
        """A round card's step `index` (from 1) read out; empty when there is none."""
        steps = self.steps.get(letter.lower(), ())
        return steps[index - 1] if 1 <= index <= len(steps) else ""

    def name(self, key: str) -> str:
        """A card id or icon id as people read it."""
        return self.names.get(key, key)


@dataclass(frozen=True)
class Prepared:
    """The automaton's data and the shared decks, prepared once from the content."""

    cards: dict[str, LunaMarisCard]
    module_of: dict[str, str]
    levels: dict[str, list[str]]
    settings: Settings
    start: dict[str, int]
    decks: Decks
    pad: PadSpec = ()  # the score pad's lines (luna-maris.rules.final-scoring)

    @classmethod
    def from_game(cls, game: Game) -> Prepared:
        from starpress.automa.games.luna_maris.data import LunaMarisAutoma

        automa = game.automa
        if not isinstance(automa, LunaMarisAutoma):
            raise ValueError(f"{game.id} has no Luna Maris automaton data")
        return cls(
            automa.cards,
            automa.verbs,
            automa.levels,
            Settings.from_content(automa.scoring),
            automa.start,
            Decks.from_game(game),
            pad_spec(automa),
        )


@dataclass(frozen=True)
class Session:
    """What every game of the content shares: the prepared data and its words."""

    prepared: Prepared
    speech: Speech
