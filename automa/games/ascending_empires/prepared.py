"""The automata's data of Ascending Empires, read once from the content for every game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from starpress.automa.engine.pad import PadSpec, pad_spec

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.games.ascending_empires.data import EmpireLevel
    from starpress.core.model import Game


@dataclass(frozen=True)
class Prepared:
    """The automaton's data, read once from the content."""

    cards: dict[int, tuple[str, ...]]
    levels: dict[str, EmpireLevel]
    round_limit: int
    pad: PadSpec = ()  # the score pad's lines (ascending-empires.rules.end-game.scoring)

    @classmethod
    def from_game(cls, game: Game) -> Prepared:
        from starpress.automa.games.ascending_empires.data import EmpireAutoma

        automa = game.automa
        if not isinstance(automa, EmpireAutoma):
            raise ValueError(f"{game.id} has no Ascending Empires automaton data")
        cards = {n: tuple(str(a) for a in card.actions) for n, card in automa.cards.items()}
        return cls(cards, automa.levels, automa.round_limit, pad_spec(automa))
