"""Asteria's solo automaton as data: the typed `automa:` record of content/asteria/automa.yaml.

Registered with the bot (`automa.games.asteria.bot`), so the loader validates the record
with it, located errors and all; `starpress.core.model` knows only the `Automa` base.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from starpress.core.model import Automa, Record

Action = Literal["exploit", "expand", "explore", "exterminate"]
PlanetRule = Literal["contact", "rich", "held", "new"]


class AsteriaDecisionCard(Record):
    """One decision card (asteria.rules.solo.turn): planet priorities, action priorities
    (Extract is always the last resort), and how many cards it plays."""

    planets: list[PlanetRule] = Field(min_length=1, max_length=4)
    actions: list[Action] = Field(min_length=1, max_length=4)
    plays: int = Field(ge=1, le=3)


class AsteriaLevel(Record):
    """One difficulty (asteria.rules.solo.levels)."""

    max_plays: int = Field(ge=1, le=3)
    """Cards it may play in a turn, whatever its decision card says."""
    income: tuple[int, int] = (0, 0)
    """Energy and Ore it gets at every Stage 1 besides its Extract cards."""
    conflict_bonus: int = Field(default=0, ge=0, le=5)
    reinforce: bool = True
    """Whether it adds its strongest reserve Planet card in a conflict."""


class AsteriaAutoma(Automa):
    kind: Literal["asteria-automaton"]
    default_level: str
    levels: dict[str, AsteriaLevel] = Field(min_length=1)
    round_limit: int = Field(ge=5, le=100)
    cards: dict[int, AsteriaDecisionCard] = Field(min_length=4, max_length=30)

    @model_validator(mode="after")
    def _default_is_a_level(self) -> AsteriaAutoma:
        if self.default_level not in self.levels:
            raise ValueError(f"default_level {self.default_level!r} is not one of the levels")
        if sorted(self.cards) != list(range(1, len(self.cards) + 1)):
            raise ValueError("decision cards must be numbered 1, 2, 3… without gaps")
        return self
