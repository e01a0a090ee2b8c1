"""Ascending Empires' solo automaton as data: the typed `automa:` record of
content/ascending-empires/automa.yaml.

Registered with the bot (`automa.games.ascending_empires.bot`), so the loader validates
the record with it, located errors and all; `starpress.core.model` knows only the `Automa` base.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from starpress.core.model import Automa, Record

Action = Literal["recruit", "expand", "attack", "mine", "build", "develop"]


class EmpireCard(Record):
    """One card of the automaton's deck (ascending-empires.rules.solo.card): the action it
    tries first, then the fallback; Recruit is always the last resort."""

    actions: list[Action] = Field(min_length=1, max_length=2)


class EmpireLevel(Record):
    """One difficulty (ascending-empires.rules.solo.levels)."""

    reach: float = Field(ge=0.5, le=4.0)
    """How far its ship goes in one Navigate, in range-ruler lengths."""
    recruit: int = Field(ge=1, le=3)
    """Troops it places with one Recruit."""
    mine_bonus: int = Field(default=0, ge=0, le=3)
    """VP it takes on top of the table's yield each time it mines."""


class EmpireAutoma(Automa):
    kind: Literal["ascending-empires-automaton"]
    default_level: str
    levels: dict[str, EmpireLevel] = Field(min_length=1)
    round_limit: int = Field(ge=10, le=200)
    cards: dict[int, EmpireCard] = Field(min_length=4, max_length=20)

    @model_validator(mode="after")
    def _consistent(self) -> EmpireAutoma:
        if self.default_level not in self.levels:
            raise ValueError(f"default_level {self.default_level!r} is not one of the levels")
        if sorted(self.cards) != list(range(1, len(self.cards) + 1)):
            raise ValueError("automaton cards must be numbered 1, 2, 3… without gaps")
        return self
