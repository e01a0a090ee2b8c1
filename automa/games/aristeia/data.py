"""Aristeia!'s solo automaton as data: the typed `automa:` record of content/aristeia/automa.yaml.

Registered with the bot (`automa.games.aristeia.bot`), so the loader validates the record
with it, located errors and all; `starpress.core.model` knows only the `Automa` base.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from starpress.automa.deck.data import DeckRules, raise_problems
from starpress.automa.games.aristeia.rules import ROLES
from starpress.core.model import Automa, Record

Role = Literal["holder", "hunter", "support", "controller"]
Step = Literal["zone", "attack", "hunt", "special", "advance"]
Focus = Literal["nearest", "weakest", "zone", "threat"]
Bonus = Literal["hit", "move", "none"]
Die = Literal["red", "green", "orange", "blue", "yellow", "black"]


class AristeiaLevel(Record):
    """One difficulty (aristeia.rules.solo.levels)."""

    extra_hit: int = Field(ge=0, le=3)
    """:hit: symbols added to every attack of the automaton."""


class AristeiaTactic(Record):
    """One card of the automaton's tactics deck (aristeia.rules.solo.tactics)."""

    focus: Focus
    bonus: Bonus


class AristeiaModel(Record):
    """The simulation's abstract HexaDome (aristeia.rules.solo.model)."""

    sight: float = Field(gt=0, le=1)
    deploy: int = Field(ge=1, le=9)
    start_hand: int = Field(ge=0, le=8)


class ModelCharacter(Record):
    """A model character of the simulation (prototype: not a published card)."""

    name: str
    initiative: int = Field(ge=0, le=12)
    energy: int = Field(ge=1, le=9)
    speed: int = Field(ge=1, le=9)
    wounds: int = Field(ge=1, le=20)
    attack: list[Die] = Field(min_length=1, max_length=5)
    range: tuple[int, int]
    defence: list[Die] = Field(min_length=1, max_length=5)
    attack_cost: int = Field(ge=1, le=5)
    special: Literal["guard", "pounce", "heal", "push"]
    special_cost: int = Field(ge=1, le=5)


class AristeiaAutoma(Automa):
    kind: Literal["aristeia-automaton"]
    default_level: str
    levels: dict[str, AristeiaLevel] = Field(min_length=1)
    rounds: int = Field(ge=1, le=12)
    win_points: int = Field(ge=1, le=50)
    roles: dict[Role, list[Step]]
    initiative: dict[int, list[Role]] = Field(min_length=2, max_length=12)
    tactics: dict[int, AristeiaTactic] = Field(min_length=2, max_length=20)
    model: AristeiaModel
    models: dict[Role, ModelCharacter]
    deck: DeckRules | None = None
    """The automaton at the table in the automaton language (`automa.deck`): played there
    instead of this module's script, which stays for simulated games."""

    @model_validator(mode="after")
    def _consistent(self) -> AristeiaAutoma:
        if self.default_level not in self.levels:
            raise ValueError(f"default_level {self.default_level!r} is not one of the levels")
        for name, deck in (("initiative", self.initiative), ("tactics", self.tactics)):
            if sorted(deck) != list(range(1, len(deck) + 1)):
                raise ValueError(f"{name} cards must be numbered 1, 2, 3… without gaps")
        if set(self.roles) != set(ROLES) or set(self.models) != set(ROLES):
            raise ValueError(f"roles and models need exactly the roles {', '.join(ROLES)}")
        for number, order in self.initiative.items():
            if sorted(order) != sorted(ROLES):
                raise ValueError(f"initiative card {number} must order each role once")
        for role, steps in self.roles.items():
            if not 1 <= len(steps) <= 6:
                raise ValueError(f"role {role} needs 1 to 6 steps")
        if self.deck is not None:
            problems = [(("deck", *loc), text) for loc, text in self.deck.problems(self.messages)]
            if set(self.deck.levels) != set(self.levels):
                problems.append((("deck", "levels"), "the deck's levels are the levels above"))
            raise_problems("AristeiaAutoma", problems)
        return self
