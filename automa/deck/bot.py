"""The automaton language registered with the engine: kind `deck-automaton`.

A designer's `content/<game>/automa.yaml` with this kind is read by `automa.deck.data`,
prepared by `automa.deck.prepared` and played by `automa.deck.program`; its option is the
`level` (the levels of the deck, the default first). It has no modelled players: a simulated
game is the deck alone, every answer the person would give drawn from the question's stated
frequencies (`starpress automa GAME stats`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from starpress.automa.deck.charts import deck_charts
from starpress.automa.deck.data import DeckAutomaton, DeckRules
from starpress.automa.deck.prepared import prepare
from starpress.automa.deck.program import DeckData, new_program
from starpress.automa.engine import solo
from starpress.automa.engine.driver import Policy
from starpress.automa.engine.registry import BotDefinition
from starpress.automa.engine.state import Start

if TYPE_CHECKING:
    from starpress.core.model import Game


def prepared(game: Game) -> DeckData:
    """The plain data of a game's deck automaton (its content localised already)."""
    automa = game.automa
    if not isinstance(automa, DeckAutomaton):
        raise ValueError(f"{game.id} has no deck automaton")
    return prepare(automa, game)


def deck_of(game: Game) -> DeckData | None:
    """The deck automaton of a game, prepared: its bot's, or the deck another bot's data
    holds for the table (Aristeia!'s `deck:`); None when it has none."""
    automa = game.automa
    if isinstance(automa, DeckAutomaton):
        return prepare(automa, game)
    rules = getattr(automa, "deck", None)
    return prepare(rules, game) if isinstance(rules, DeckRules) else None


def policies(start: Start) -> Mapping[str, Policy]:
    return {}


BOT = BotDefinition(
    kind="deck-automaton",
    data=DeckAutomaton,
    prepare=prepared,
    new_program=new_program,
    policies=policies,
    parameters=(solo.level_parameter(DeckAutomaton),),
    charts=deck_charts,
)
