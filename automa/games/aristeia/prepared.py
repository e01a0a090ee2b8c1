"""The automaton's data of Aristeia! and the kit's printed dice, read once from the content
for every game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from starpress.automa.deck.program import DeckData
from starpress.automa.engine.solo_game import source_text
from starpress.automa.games.aristeia.rules import Face, Stats, read_face

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.games.aristeia.data import AristeiaLevel, AristeiaModel
    from starpress.automa.games.aristeia.data import AristeiaTactic as Tactic
    from starpress.core.model import Game


@dataclass(frozen=True)
class Prepared:
    """The automaton's data and the printed dice, read once from the content."""

    levels: dict[str, AristeiaLevel]
    rounds: int
    win_points: int
    roles: dict[str, tuple[str, ...]]
    initiative: dict[int, tuple[str, ...]]
    tactics: dict[int, Tactic]
    model: AristeiaModel
    stats: dict[str, Stats]
    dice: dict[str, tuple[Face, ...]]
    deck: DeckData | None = None
    """The automaton at the table in the automaton language (played there when given)."""

    @classmethod
    def from_game(cls, game: Game) -> Prepared:
        from starpress.automa.deck.prepared import prepare
        from starpress.automa.games.aristeia.data import AristeiaAutoma

        automa = game.automa
        if not isinstance(automa, AristeiaAutoma):
            raise ValueError(f"{game.id} has no Aristeia! automaton data")
        dice = {}
        for component in game.components:
            colour = component.id.removeprefix("aristeia.component.die-")
            if colour != component.id:
                dice[colour] = tuple(read_face(source_text(f.text)) for f in component.faces)
        stats: dict[str, Stats] = {
            role: Stats(
                str(m.name), m.initiative, m.energy, m.speed, m.wounds, tuple(m.attack),
                m.range, tuple(m.defence), m.attack_cost, m.special, m.special_cost,
            )
            for role, m in automa.models.items()
        }  # fmt: skip
        for m in stats.values():
            if any(die not in dice for die in (*m.attack, *m.defence)):
                raise ValueError(f"model character {m.name}: a die colour the kit lacks")
        return cls(
            automa.levels,
            automa.rounds,
            automa.win_points,
            {role: tuple(steps) for role, steps in automa.roles.items()},
            {n: tuple(order) for n, order in automa.initiative.items()},
            dict(automa.tactics),
            automa.model,
            stats,
            dice,
            prepare(automa.deck, game) if automa.deck is not None else None,
        )
