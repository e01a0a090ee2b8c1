"""Asteria's cards and the automaton's data, read once from the content for every game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from starpress.automa.engine.choices import CardBook
from starpress.automa.engine.solo_game import source_text
from starpress.automa.games.asteria.rules import (
    ACTIONS,
    ActionCard,
    Decision,
    PlanetCard,
    read_effect,
    resources,
)

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.games.asteria.data import AsteriaLevel
    from starpress.core.model import Game


@dataclass(frozen=True)
class Prepared:
    """The cards and the automaton's data, read once from the content."""

    actions: dict[int, ActionCard]
    planets: dict[int, PlanetCard]
    cards: dict[str, dict[int, str]]  # "action" / "planet" -> number -> card id
    book: CardBook  # each card's printed set mark (A 5/38, P 3/14) and its name
    decisions: dict[int, Decision]
    levels: dict[str, AsteriaLevel]
    round_limit: int

    @classmethod
    def from_game(cls, game: Game) -> Prepared:
        from starpress.automa.engine.voice import card_book
        from starpress.automa.games.asteria.data import AsteriaAutoma

        automa = game.automa
        if not isinstance(automa, AsteriaAutoma):
            raise ValueError(f"{game.id} has no Asteria automaton data")
        actions: dict[int, ActionCard] = {}
        planets: dict[int, PlanetCard] = {}
        cards: dict[str, dict[int, str]] = {"action": {}, "planet": {}}
        # a card's number is its place in its deck, as its set mark prints it (A 5/38, P 3/14:
        # `Game.card_marks`), the number logs and the decision cards name it by
        for n, card in enumerate(game.cards_of("asteria.component.action-card"), 1):
            fields = card.fields
            actions[n] = ActionCard(
                n,
                resources(str(fields["cost"])),
                tuple(int(fields[f"{a}_strength"]) for a in ACTIONS),  # type: ignore[arg-type]
                tuple(read_effect(a, source_text(fields[a])) for a in ACTIONS),  # type: ignore[arg-type]
            )
            cards["action"][n] = card.id
        for n, card in enumerate(game.cards_of("asteria.component.planet-card"), 1):
            fields = card.fields
            spaces = [
                tuple(resources(str(s)) for s in fields[f"{half}_spaces"])  # type: ignore[union-attr]
                for half in ("bottom", "top")
            ]
            planets[n] = PlanetCard(n, int(fields["strength"]), spaces[0], spaces[1])  # type: ignore[arg-type]
            cards["planet"][n] = card.id
        decisions = {
            n: Decision(n, tuple(c.planets), tuple(c.actions), c.plays)
            for n, c in automa.cards.items()
        }
        book = card_book(game)
        return cls(actions, planets, cards, book, decisions, automa.levels, automa.round_limit)
